// SPDX-License-Identifier: GPL-3.0-or-later
#include "InputsPanel.h"

#include "BiasEditor.h"
#include "MatrixEditor.h"
#include "TokenEditor.h"
#include "document/Document.h"
#include "shell/Translations.h"

#include <QGridLayout>
#include <QLabel>

namespace attn::ui {

namespace {
QLabel *caption(const QString &text, QWidget *parent) {
    auto *label = new QLabel(text, parent);
    // Italic rather than grey: grey text washes out on a projector.
    QFont font = label->font();
    font.setItalic(true);
    label->setFont(font);
    return label;
}
} // namespace

InputsPanel::InputsPanel(Document *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_tokens(new TokenEditor(doc, false, this)),
      m_contextTokens(new TokenEditor(doc, true, this)),
      m_x(new MatrixEditor(doc, {attn::Stage::X, 0}, this)),
      m_context(new MatrixEditor(doc, {attn::Stage::Context, 0}, this)),
      m_wq(new MatrixEditor(doc, {attn::Stage::Wq, doc->selection().currentHead()}, this)),
      m_wk(new MatrixEditor(doc, {attn::Stage::Wk, doc->selection().currentHead()}, this)),
      m_wv(new MatrixEditor(doc, {attn::Stage::Wv, doc->selection().currentHead()}, this)),
      m_wo(new MatrixEditor(doc, {attn::Stage::Wo, 0}, this)), m_biases(new BiasEditor(doc, this)),
      m_contextCaption(caption(tr("Context (keys and values come from it)"), this)),
      m_headCaption(caption(QString(), this)) {
    // Queries on the left (tokens, X, then the context), the weights they meet on the right
    // (the current head's Wq, Wk, Wv, with Wo below them).
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(4, 4, 4, 4);
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(6);
    grid->addWidget(m_tokens, 0, 0, Qt::AlignLeft | Qt::AlignBottom);
    grid->addWidget(m_headCaption, 0, 1, 1, 3, Qt::AlignBottom);
    grid->addWidget(m_x, 1, 0, Qt::AlignTop);
    grid->addWidget(m_wq, 1, 1, Qt::AlignTop);
    grid->addWidget(m_wk, 1, 2, Qt::AlignTop);
    grid->addWidget(m_wv, 1, 3, Qt::AlignTop);
    grid->addWidget(m_contextCaption, 2, 0);
    grid->addWidget(m_contextTokens, 3, 0, Qt::AlignLeft);
    grid->addWidget(m_context, 4, 0, Qt::AlignTop);
    grid->addWidget(m_wo, 2, 1, 3, 3, Qt::AlignTop | Qt::AlignLeft);
    grid->addWidget(m_biases, 5, 1, 1, 3, Qt::AlignTop | Qt::AlignLeft);
    grid->setColumnStretch(4, 1);
    grid->setRowStretch(6, 1);

    for (MatrixEditor *editor : {m_x, m_context, m_wq, m_wk, m_wv, m_wo})
        connect(editor, &MatrixEditor::refused, this, &InputsPanel::refused);
    connect(m_biases, &BiasEditor::refused, this, &InputsPanel::refused);
    for (TokenEditor *editor : {m_tokens, m_contextTokens})
        connect(editor, &TokenEditor::refused, this, &InputsPanel::refused);
    connect(doc, &Document::changed, this, &InputsPanel::updateSections);
    connect(&doc->selection(), &ViewSelection::currentHeadChanged, this,
            &InputsPanel::updateSections);
    connect(&Translations::instance(), &Translations::changed, this, &InputsPanel::updateSections);
    updateSections();
}

void InputsPanel::updateSections() {
    const bool context = m_doc->inputs().hasContext;
    m_contextCaption->setVisible(context);
    m_contextTokens->setVisible(context);
    m_context->setVisible(context);
    m_wo->setVisible(m_doc->inputs().hasWo());
    const int heads = m_doc->headCount();
    m_headCaption->setVisible(heads > 1);
    m_headCaption->setText(tr("Head %1 of %2 (0\u2013%3): change the current head in the "
                              "controls")
                               .arg(m_doc->selection().currentHead())
                               .arg(heads)
                               .arg(heads - 1));
}

} // namespace attn::ui
