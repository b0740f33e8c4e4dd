#include "InsightView.h"

#include "Document.h"
#include "Recomputer.h"

InsightView::InsightView(Document *document, Recomputer *recomputer, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer) {
    connect(recomputer, &Recomputer::resultReady, this,
            [this](const std::shared_ptr<const attn::AttentionResult> &result) {
                resultArrived(result);
                invalidate();
            });
    connect(document, &Document::selectedRowChanged, this, [this] { selectedRowChanged(); });
    connect(document, &Document::currentHeadChanged, this, &InsightView::invalidate);
    // The Recomputer follows a layout change with a new result; token labels change without one.
    connect(document, &Document::changed, this, [this](const DocumentChange &change) {
        if (change.what & DocumentChange::Tokens)
            invalidate();
    });
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
