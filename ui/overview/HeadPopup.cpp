// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadPopup.h"

#include "heatmap/HeatmapView.h"

#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

HeadPopup::HeadPopup(QWidget *parent)
    // Transparent for input: the pointer over it is still over the grid. A popup that caught
    // it (placed over the head on a small screen) took the grid's hover away, hid itself and
    // came back, over and over: the head never stayed enlarged.
    : QFrame(parent, Qt::ToolTip | Qt::FramelessWindowHint | Qt::WindowTransparentForInput),
      m_view(new HeatmapView(this)), m_note(new QLabel(this)), m_hint(new QLabel(this)) {
    setObjectName("headPopup");
    setFrameShape(QFrame::Box);
    setAttribute(Qt::WA_ShowWithoutActivating);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_view, 1);
    m_note->setObjectName("headPopupNote");
    m_note->setWordWrap(true);
    m_note->hide();
    layout->addWidget(m_note);
    m_hint->setObjectName("headPopupHint");
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_hint->hide();
    layout->addWidget(m_hint);
    m_view->setAxisTitles(tr("query"), tr("key"));
}

void HeadPopup::setHint(const QString &hint) {
    m_hint->setText(hint);
    m_hint->setVisible(!hint.isEmpty());
}

namespace {

attn::Mask causalMask(Eigen::Index n, Eigen::Index m) {
    attn::Mask mask = attn::Mask::Constant(n, m, false);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = i + 1; j < m; ++j)
            mask(i, j) = true;
    return mask;
}

} // namespace

void HeadPopup::showMatrix(const attn::Matrix &values, const QStringList &tokens, bool causal,
                           int layer, int head, const QString &title, ScaleKind kind,
                           const QString &note, const QRect &near) {
    if (values.size() == 0) {
        hide();
        return;
    }
    m_layer = layer;
    m_head = head;
    const attn::Mask mask = causal ? causalMask(values.rows(), values.cols()) : attn::Mask();
    m_view->setTitle(title);
    m_view->setData(values, tokens, tokens, kind, causal ? &mask : nullptr);
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    place(near);
}

void HeadPopup::showHead(const attn::RunPtr &run, const QStringList &tokens, bool causal, int layer,
                         int head, const QRect &near) {
    if (!run || layer < 0 || layer >= int(run->layers.size()) || head < 0 ||
        head >= int(run->layers[std::size_t(layer)].heads.size())) {
        hide();
        return;
    }
    m_layer = layer;
    m_head = head;
    const attn::Matrix &w = run->layers[std::size_t(layer)].heads[std::size_t(head)].weights;
    const attn::Mask mask = causal ? causalMask(w.rows(), w.cols()) : attn::Mask();
    m_view->setTitle(tr("Layer %1, head %2: weights").arg(layer).arg(head));
    m_view->setData(w, tokens, tokens, ScaleKind::Unit, causal ? &mask : nullptr);
    m_note->hide();
    place(near);
}

void HeadPopup::place(const QRect &near) {
    // As large as its names and numbers need, within a third of the screen.
    const QScreen *screen = QGuiApplication::screenAt(near.center());
    const QRect room = screen ? screen->availableGeometry() : QRect(0, 0, 1280, 800);
    const QSize wanted = m_view->readableSize(true) + QSize(8, 8);
    const int side = std::min(room.height() * 2 / 3, room.width() / 2);
    const int width = std::clamp(wanted.width(), 280, side);
    // The lines under the heatmap take their own height, not the heatmap's.
    int lines = 0;
    for (const QLabel *label : {m_note, m_hint})
        if (!label->isHidden())
            lines += label->heightForWidth(width - 8) + layout()->spacing();
    const QSize size(width, std::clamp(wanted.height(), 260, std::max(260, side - lines)) + lines);
    resize(size);
    // Beside the head (right, else left), else under or over it: never on it, where the
    // pointer is.
    const int clampedY = std::clamp(near.top() - size.height() / 3, room.top(),
                                    std::max(room.top(), room.bottom() - size.height()));
    const int clampedX =
        std::clamp(near.left(), room.left(), std::max(room.left(), room.right() - size.width()));
    const QPoint candidates[] = {{near.right() + 12, clampedY},
                                 {near.left() - 12 - size.width(), clampedY},
                                 {clampedX, near.bottom() + 12},
                                 {clampedX, near.top() - 12 - size.height()}};
    QPoint pos = candidates[0];
    for (const QPoint &p : candidates)
        if (room.contains(QRect(p, size)) || near.isEmpty()) {
            pos = p;
            break;
        }
    if (!room.contains(QRect(pos, size))) // no side has room: the right one, kept on screen
        pos = QPoint(
            std::clamp(pos.x(), room.left(), std::max(room.left(), room.right() - size.width())),
            clampedY);
    move(pos);
    show();
    raise();
}

} // namespace attn::ui
