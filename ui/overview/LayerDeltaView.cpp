// SPDX-License-Identifier: GPL-3.0-or-later
#include "LayerDeltaView.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

LayerDeltaView::LayerDeltaView(QWidget *parent) : QWidget(parent) {
    setObjectName("layerDeltaView");
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setComparing(false);
}

void LayerDeltaView::setComparing(bool comparing) {
    m_comparing = comparing;
    setToolTip(comparing ? tr("How far B's residual stream after each layer is from A's: "
                              "‖hidden_B − hidden_A‖ / ‖hidden_A‖ over every position; a bar "
                              "per layer, 0 on the left")
                         : tr("How far the residual stream after each layer moved with the "
                              "ablations: ‖hidden − hidden without them‖ / ‖hidden without "
                              "them‖ over every position; a bar per layer, 0 on the left"));
    update();
}

QString LayerDeltaView::title() const {
    return m_comparing ? tr("How far B is from A, per layer") : tr("What changed, per layer");
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
    return {fontMetrics().averageCharWidth() * 30, m_changes.empty() ? 0 : lineHeight() * 5};
}

QSize LayerDeltaView::minimumSizeHint() const {
    return {fontMetrics().averageCharWidth() * 20, sizeHint().height()};
}

QRect LayerDeltaView::barRect(int layer) const {
    // A column per layer, left to right, over three lines: the height stays the same for 2 or 80
    // layers, so the predictions above keep their room (a bar per line took 13 lines for 12).
    const int line = lineHeight(), n = int(m_changes.size());
    if (layer < 0 || layer >= n)
        return {};
    const double pitch = double(width()) / n;
    const int gap = pitch >= 6 ? std::max(1, int(pitch / 5)) : 0;
    const int left = int(std::lround(layer * pitch)), right = int(std::lround((layer + 1) * pitch));
    return QRect(left, line, std::max(1, right - left - gap), line * 3);
}

int LayerDeltaView::layerAt(QPoint pos) const {
    // The column a point is in, its gap included; from the bars' top to their numbers' bottom.
    const int n = int(m_changes.size()), line = lineHeight();
    if (n == 0 || width() <= 0 || pos.x() < 0 || pos.x() >= width() || pos.y() < line ||
        pos.y() >= line * 5)
        return -1;
    return std::clamp(int(pos.x() * n / width()), 0, n - 1);
}

bool LayerDeltaView::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int l = layerAt(help->pos());
        if (l >= 0)
            QToolTip::showText(help->globalPos(), layerText(l), this);
        else
            QToolTip::showText(help->globalPos(), toolTip(), this);
        return true;
    }
    return QWidget::event(event);
}

QString LayerDeltaView::layerText(int layer) const {
    if (layer < 0 || layer >= int(m_changes.size()))
        return {};
    return (m_comparing ? tr("After layer %1 B's residual stream is %2 % of A's away from it")
                        : tr("After layer %1 the residual stream moved by %2 %"))
        .arg(layer)
        .arg(m_changes[std::size_t(layer)] * 100, 0, 'f', 1);
}

void LayerDeltaView::paintEvent(QPaintEvent *) {
    if (m_changes.empty())
        return;
    QPainter p(this);
    const int line = lineHeight();
    const auto most = std::max_element(m_changes.begin(), m_changes.end());
    // One scale for every layer, the largest change full height: where it grows is what matters.
    const double top = std::max(*most, 1e-12);
    p.setPen(palette().color(QPalette::WindowText));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const QString title = this->title();
    p.drawText(QRect(0, 0, width(), line), Qt::AlignLeft | Qt::AlignVCenter, title);
    p.setFont(font());
    const QString largest =
        tr("up to %1 % (L%2)").arg(*most * 100, 0, 'f', 1).arg(most - m_changes.begin());
    const QFontMetrics m = fontMetrics();
    if (QFontMetrics(bold).horizontalAdvance(title) + m.horizontalAdvance(largest) + 8 <= width())
        p.drawText(QRect(0, 0, width(), line), Qt::AlignRight | Qt::AlignVCenter, largest);
    const QColor vermilion(0xd5, 0x5e, 0x00);
    // Layer numbers under the bars, every k-th when they do not all fit.
    const int n = int(m_changes.size());
    const int labelWidth = m.horizontalAdvance(QString::number(n - 1)) + 4;
    const double pitch = double(width()) / n;
    const int every = std::max(1, int(std::ceil(labelWidth / std::max(pitch, 1.0))));
    // A baseline under the columns, no track: a layer that did not move reads as nothing there.
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, barRect(0).bottom() + 1, width() - 1, barRect(0).bottom() + 1);
    p.setPen(palette().color(QPalette::WindowText));
    for (int l = 0; l < n; ++l) {
        const QRect r = barRect(l);
        const int h = int(std::lround(m_changes[std::size_t(l)] / top * r.height()));
        p.fillRect(QRect(r.left(), r.bottom() + 1 - h, r.width(), h), vermilion);
        // Every k-th number, and the last layer's when it does not crowd the one before.
        if ((l % every == 0 && n - 1 - l >= every) || l == n - 1) {
            const QRect label(r.center().x() - labelWidth, r.bottom() + 2, 2 * labelWidth, line);
            p.drawText(label, Qt::AlignHCenter | Qt::AlignTop, QString::number(l));
        }
    }
}

} // namespace attn::ui
