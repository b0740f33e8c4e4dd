// SPDX-License-Identifier: GPL-3.0-or-later
#include "DifferenceView.h"

#include "InsightSupport.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/DocumentChange.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/HeatmapView.h"

#include <QCoreApplication>
#include <QLabel>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cstdlib>

namespace attn::ui {

DifferenceView::DifferenceView(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent), m_heatmap(new HeatmapView), m_caption(new QLabel) {
    setObjectName("differenceView");
    auto *layout = new QVBoxLayout(this);
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    layout->addWidget(m_heatmap, 1);
    m_heatmap->setColorScaleLabel(
        QCoreApplication::translate("DifferenceView", "after \u2212 before"));
    m_latest = recomputer->snapshot();
    m_undoIndex = document->undoStack()->index();
    // Always listening, shown or not: the "before" must be kept when the edit happens.
    connect(document, &Document::changed, this, &DifferenceView::onChanged);
}

void DifferenceView::setColorMap(ColorMapId diverging) {
    m_heatmap->setColorMaps(m_heatmap->sequentialMap(), diverging);
}

void DifferenceView::onChanged(const DocumentChange &) {
    // A burst of changes computes once: the state before the first of them is "before".
    if (!m_pending)
        m_before = m_latest;
    m_pending = true;
}

QString DifferenceView::editText() const {
    const QUndoStack *stack = document()->undoStack();
    const int index = stack->index();
    QString last;
    if (index < m_undoIndex) // went back: the command after the new index was undone
        last = tr("Undo: ") + stack->text(index);
    else if (index > m_undoIndex)
        last = stack->text(index - 1);
    else // a merged step (a nudge or a slider drag continuing) or an edit off the stack
        last = index > 0 ? stack->text(index - 1) : QString("edit");
    // Edits in one burst (a script, a quick series) are computed, and compared, together.
    const int steps = std::abs(index - m_undoIndex);
    return steps > 1 ? tr("%1 edits, the last: %2").arg(steps).arg(last) : last;
}

void DifferenceView::resultArrived(const ResultSnapshot &snapshot) {
    if (m_pending && snapshot.isValid()) {
        m_after = snapshot;
        m_description = editText();
        m_pending = false;
    }
    m_undoIndex = document()->undoStack()->index();
    m_latest = snapshot;
}

QString DifferenceView::message() const {
    return m_caption->text();
}

void DifferenceView::refresh() {
    m_difference.reset();
    // Nothing to subtract: the sentence alone, in the middle, not empty axes with a 0–1
    // colour bar.
    m_heatmap->hide();
    m_caption->setAlignment(Qt::AlignCenter);
    if (!m_before.isValid() || !m_after.isValid()) {
        m_caption->setText(tr("No previous edit: edit a number to see what changed. The difference "
                              "it made to the weights appears here."));
        m_heatmap->clear();
        m_heatmap->setTitle(tr("weights after \u2212 before"));
        return;
    }
    const int heads = int(std::min(m_before.result->heads.size(), m_after.result->heads.size()));
    const int head = std::clamp(document()->selection().currentHead(), 0, std::max(heads - 1, 0));
    if (heads == 0) {
        m_caption->setText(tr("No weights to compare."));
        m_heatmap->clear();
        return;
    }
    // Both results are in the row layout; a layout switch only redraws the difference.
    const attn::HeadResult &before = m_before.result->heads[size_t(head)];
    const attn::HeadResult &after = m_after.result->heads[size_t(head)];
    if (before.queryCount() != after.queryCount() || before.keyCount() != after.keyCount()) {
        const auto shape = [](const attn::HeadResult &h) {
            return QString::fromStdString(attn::shapeString(h.queryCount(), h.keyCount()));
        };
        m_caption->setText(tr("Last edit: %1. It changed the shape of the weights (%2 "
                              "\u2192 %3): there is nothing to subtract.")
                               .arg(m_description, shape(before), shape(after)));
        m_heatmap->clear();
        return;
    }
    const attn::AttentionInputs &in = *m_after.inputs; // the labels of the "after" result
    const QStringList queries = attn::tokenLabels(in.tokens);
    const QStringList keys = attn::tokenLabels(in.sourceTokens());
    const bool several = heads > 1;
    const bool rows = document()->selection().layout() == attn::Layout::Rows;
    // After − before of two n × m weights, their largest change and whether each query's
    // changes cancel: off the GUI thread when large (two 134 MB derivations at 4096 tokens).
    struct Found {
        std::shared_ptr<const attn::Matrix> difference, shown;
        double largest = 0;
        bool cancel = true;
    };
    runOffThread(
        insight::isLarge(*m_after.result),
        [this, b = m_before.result, a = m_after.result, head, rows, queries, keys,
         several]() -> Present {
            auto found = std::make_shared<Found>();
            auto difference = std::make_shared<attn::Matrix>(a->heads[size_t(head)].weights() -
                                                             b->heads[size_t(head)].weights());
            found->largest = difference->size() ? difference->cwiseAbs().maxCoeff() : 0.0;
            // A query's changes cancel out while its weights still sum to 1 (not when it lost or
            // gained its last visible key).
            found->cancel =
                difference->size() == 0 || difference->rowwise().sum().cwiseAbs().maxCoeff() < 1e-9;
            found->difference = difference;
            found->shown = rows ? found->difference
                                : std::make_shared<const attn::Matrix>(difference->transpose());
            return [this, found, head, rows, queries, keys, several] {
                m_difference = found->difference;
                m_heatmap->show();
                m_caption->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
                m_heatmap->setTitle(
                    tr("\u0394 weights%1: %2")
                        .arg(several ? tr(" (head %1)").arg(head) : QString(), m_description));
                m_heatmap->setAxisTitles(rows ? tr("query") : tr("key"),
                                         rows ? tr("key") : tr("query"));
                m_heatmap->setData(found->shown, rows ? queries : keys, rows ? keys : queries,
                                   ScaleKind::Diverging);
                m_caption->setText(tr("Last edit: <b>%1</b>. Weights after \u2212 before; largest "
                                      "change %2.%3")
                                       .arg(m_description.toHtmlEscaped(),
                                            attn::notation::number(found->largest, 3),
                                            found->cancel
                                                ? tr(" Each query's changes add up to 0: its "
                                                     "weights still sum to 1.")
                                                : QString()));
            };
        });
}

} // namespace attn::ui
