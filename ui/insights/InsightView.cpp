#include "InsightView.h"

#include "Document.h"
#include "Recomputer.h"

InsightView::InsightView(Document *document, Recomputer *recomputer, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer) {
    connect(recomputer, &Recomputer::resultReady, this, [this](const ResultSnapshot &snapshot) {
        resultArrived(snapshot);
        invalidate();
    });
    connect(document, &Document::selectedRowChanged, this, [this] { selectedRowChanged(); });
    connect(document, &Document::currentHeadChanged, this, &InsightView::invalidate);
    // The layout is view state: the same result, displayed differently.
    connect(document, &Document::layoutChanged, this, &InsightView::invalidate);
    // Token labels change without a new result.
    connect(document, &Document::changed, this, [this](const DocumentChange &change) {
        if (change.what & DocumentChange::Tokens)
            invalidate();
    });
}

const ResultSnapshot &InsightView::snapshot() const {
    return m_recomputer->snapshot();
}

const attn::AttentionInputs &InsightView::shownInputs() const {
    const ResultSnapshot &s = m_recomputer->snapshot();
    return s.inputs ? *s.inputs : m_document->inputs();
}

void InsightView::refreshNow() {
    m_stale = false;
    refresh();
}

void InsightView::invalidate() {
    m_stale = true;
    if (isVisible())
        refreshNow();
}

void InsightView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (m_stale)
        refreshNow();
}
