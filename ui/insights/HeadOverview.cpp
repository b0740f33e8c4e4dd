// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadOverview.h"

#include "InsightSupport.h"
#include "analysis/TokenLabels.h"
#include "heatmap/HeatmapView.h"
#include "model/Document.h"
#include "model/Recomputer.h"

#include <QCoreApplication>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace {

// "head 1 · group 0" for a head that shares its keys and values (the caption says what).
QString groupedTitle(const attn::AttentionInputs &in, int head) {
    if (attn::kvGroupMembers(in, size_t(head)).size() < 2)
        return QCoreApplication::translate("HeadOverview", "head %1").arg(head);
    return QCoreApplication::translate("HeadOverview", "head %1 \u00b7 group %2")
        .arg(head)
        .arg(in.heads[size_t(head)].kvGroup);
}

// " Heads 0, 1 share one Wk and Wv (group 0)." for every group of two heads or more.
QString groupsText(const attn::AttentionInputs &in) {
    QString text;
    for (size_t h = 0; h < in.heads.size(); ++h) {
        const std::vector<size_t> members = attn::kvGroupMembers(in, h);
        if (members.size() < 2 || members.front() != h)
            continue;
        QStringList names;
        for (size_t m : members)
            names << QString::number(m);
        text += QCoreApplication::translate(
                    "HeadOverview", " Heads %1 share one Wk and Wv (group %2): the same K and V.")
                    .arg(names.join(", "))
                    .arg(in.heads[h].kvGroup);
    }
    return text;
}

} // namespace

HeadOverview::HeadOverview(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent), m_grid(new QGridLayout), m_caption(new QLabel) {
    setObjectName("headOverview");
    auto *layout = new QVBoxLayout(this);
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    layout->addLayout(m_grid, 1);
    m_grid->setSpacing(6);
}

HeatmapView *HeadOverview::heatmap(int head) const {
    return head >= 0 && head < m_views.size() ? m_views[head] : nullptr;
}

void HeadOverview::setColorMap(ColorMapId sequential) {
    m_map = sequential;
    for (HeatmapView *v : m_views)
        v->setColorMaps(sequential, v->divergingMap());
}

void HeadOverview::rebuild(int heads) {
    for (QFrame *f : m_frames)
        delete f;
    m_frames.clear();
    m_views.clear();
    m_outlined = -1;
    // Near-square grid: 2 heads side by side, 4 as 2×2, 16 as 4×4.
    const int cols = std::max(1, int(std::ceil(std::sqrt(double(heads)))));
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 0);
    m_grid->setRowStretch((heads + cols - 1) / cols, 1); // the spare room goes below
    for (int h = 0; h < heads; ++h) {
        auto *frame = new QFrame;
        frame->setObjectName(QString("headFrame%1").arg(h));
        auto *inner = new QVBoxLayout(frame);
        inner->setContentsMargins(3, 3, 3, 3);
        auto *view = new HeatmapView;
        view->setObjectName(QString("headHeatmap%1").arg(h));
        view->setColorMaps(m_map, view->divergingMap());
        view->setToolTip(tr("Click to make head %1 the current head").arg(h));
        inner->addWidget(view);
        connect(view, &HeatmapView::cellClicked, this, [this, h](int, int, Qt::KeyboardModifiers) {
            document()->selection().setCurrentHead(h);
        });
        // Clicks outside the cells (title, colour bar, frame) select the head too.
        frame->installEventFilter(this);
        view->plot()->installEventFilter(this);
        m_grid->addWidget(frame, h / cols, h % cols);
        m_frames << frame;
        m_views << view;
    }
}

bool HeadOverview::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::MouseButtonPress) {
        for (int h = 0; h < m_frames.size(); ++h)
            if (watched == m_frames[h] || watched == m_views[h]->plot()) {
                document()->selection().setCurrentHead(h);
                break;
            }
    }
    return InsightView::eventFilter(watched, event);
}

void HeadOverview::outline(int head) {
    m_outlined = head;
    for (int h = 0; h < m_frames.size(); ++h)
        // Orange (Okabe–Ito) reads against every sequential map's blues, greens and purples.
        m_frames[h]->setStyleSheet(h == head ? QString("QFrame#headFrame%1 { border: 3px solid "
                                                       "#E69F00; border-radius: 4px; }")
                                                   .arg(h)
                                             : QString("QFrame#headFrame%1 { border: 3px solid "
                                                       "transparent; }")
                                                   .arg(h));
}

void HeadOverview::refresh() {
    const ResultSnapshot &snap = snapshot();
    const auto &result = snap.result;
    const int heads = snap.isValid() ? int(result->heads.size()) : 0;
    if (heads != m_views.size())
        rebuild(heads);
    if (heads == 0) {
        m_caption->setText(tr("No result yet."));
        return;
    }
    // Drawn like the stages: the column layout shows the row result's weights transposed.
    const bool rows = document()->selection().layout() == attn::Layout::Rows;
    const attn::AttentionInputs &in = *snap.inputs;
    const QStringList queries = attn::tokenLabels(in.tokens);
    const QStringList keys = attn::tokenLabels(in.sourceTokens());
    // Each head's weights (and, in the column layout, their transposes) are derived off the
    // GUI thread when large: 134 MB a head at 4096 tokens.
    struct Shown {
        std::vector<std::shared_ptr<const attn::Matrix>> weights;
        attn::Mask maskT;
    };
    runOffThread(insight::isLarge(*result), [this, result, rows, queries, keys]() -> Present {
        auto shown = std::make_shared<Shown>();
        if (!rows)
            shown->maskT = result->masked.transpose();
        for (const attn::HeadResult &h : result->heads) {
            attn::Matrix w = h.weights();
            shown->weights.push_back(std::make_shared<const attn::Matrix>(
                rows ? std::move(w) : attn::Matrix(w.transpose())));
        }
        return [this, result, rows, queries, keys, shown] {
            const int count = std::min(int(shown->weights.size()), int(m_views.size()));
            for (int h = 0; h < count; ++h) {
                const attn::Matrix &w = *shown->weights[size_t(h)];
                HeatmapView *v = m_views[h];
                v->setAxisTitles(rows ? "query" : "key", rows ? "key" : "query");
                v->setData(shown->weights[size_t(h)], rows ? queries : keys, rows ? keys : queries,
                           ScaleKind::Unit, rows ? &result->masked : &shown->maskT);
                // Big enough for the token names on both axes (and, with few tokens, the
                // numbers): the dock scrolls rather than numbering the tokens.
                v->setMinimumSize(v->readableSize(w.rows() <= 6));
            }
        };
    });
    for (int h = 0; h < heads; ++h) {
        HeatmapView *v = m_views[h];
        v->setTitle(groupedTitle(in, h));
        v->setSelectedRow(rows ? document()->selection().selectedRow() : -1);
        v->setHighlightedColumns(!rows && document()->selection().selectedRow() >= 0
                                     ? QList<int>{document()->selection().selectedRow()}
                                     : QList<int>{});
    }
    const int current = insight::headOf(*document(), *result);
    outline(current);
    m_caption->setText(
        (heads == 1 ? tr("One head. Add heads under \u201cSizes and options\u201d to compare "
                         "them here.")
                    : tr("%1 heads, weights on the same 0–1 scale. Click a head to make "
                         "it current (outlined: head %2).")
                          .arg(heads)
                          .arg(current)) +
        groupsText(in));
}
