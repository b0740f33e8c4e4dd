// SPDX-License-Identifier: GPL-3.0-or-later
#include "LayerDeltaView.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

LayerDeltaView::LayerDeltaView(QWidget *parent) : QWidget(parent) {
    setObjectName("layerDeltaView");
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(tr("How far the residual stream after each layer moved with the ablations: "
                  "‖hidden − hidden without them‖ / ‖hidden without them‖ "
                  "over every position"));
}

double LayerDeltaView::relativeChange(const attn::Matrix &after, const attn::Matrix &before) {
    if (after.rows() != before.rows() || after.cols() != before.cols() || before.size() == 0)
        return 0;
    const double scale = before.norm();
    return scale > 0 ? (after - before).norm() / scale : (after - before).norm();
}

void LayerDeltaView::setRuns(const attn::RunPtr &run, const attn::RunPtr &baseline) {
    m_changes.clear();
    if (run && baseline && run != baseline && run->layers.size() == baseline->layers.size())
        for (std::size_t l = 0; l < run->layers.size(); ++l)
            m_changes.push_back(relativeChange(run->layers[l].hidden, baseline->layers[l].hidden));
    updateGeometry();
    update();
}

int LayerDeltaView::lineHeight() const {
    return fontMetrics().height() + 4;
}

QSize LayerDeltaView::sizeHint() const {
    return {fontMetrics().averageCharWidth() * 30, lineHeight() * (int(m_changes.size()) + 1)};
}

QSize LayerDeltaView::minimumSizeHint() const {
    return {fontMetrics().averageCharWidth() * 20, sizeHint().height()};
}

void LayerDeltaView::paintEvent(QPaintEvent *) {
    if (m_changes.empty())
        return;
    QPainter p(this);
    const int line = lineHeight();
    p.setPen(palette().color(QPalette::WindowText));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRect(0, 0, width(), line), Qt::AlignLeft | Qt::AlignVCenter,
               tr("What changed, per layer"));
    p.setFont(font());
    const QFontMetrics m = fontMetrics();
    const int label = m.horizontalAdvance(QStringLiteral("L00 ")),
              number = m.horizontalAdvance(QStringLiteral(" 100.0 %"));
    const int barWidth = std::max(10, width() - label - number);
    // One scale for every layer, the largest change full width: where it grows is what matters.
    const double top = std::max(*std::max_element(m_changes.begin(), m_changes.end()), 1e-12);
    const QColor vermilion(0xd5, 0x5e, 0x00);
    for (std::size_t l = 0; l < m_changes.size(); ++l) {
        const int y = int(l + 1) * line;
        p.drawText(QRect(0, y, label, line), Qt::AlignLeft | Qt::AlignVCenter, tr("L%1").arg(l));
        const int w = int(std::lround(m_changes[l] / top * barWidth));
        p.fillRect(QRect(label, y + 3, barWidth, line - 6), palette().color(QPalette::Midlight));
        p.fillRect(QRect(label, y + 3, w, line - 6), vermilion);
        p.drawText(QRect(label + barWidth, y, number, line), Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("%1 %").arg(m_changes[l] * 100, 0, 'f', 1));
    }
}
