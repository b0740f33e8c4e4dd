// SPDX-License-Identifier: GPL-3.0-or-later
#include "Tour.h"

#include <QApplication>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

namespace {

constexpr int kHalo = 6;    // the highlight reaches this far around its region
constexpr int kMargin = 12; // between the callout and the region or the window's edge

} // namespace

Tour::Tour(QWidget &window, QList<TourStep> steps)
    : QWidget(&window), m_window(window), m_steps(std::move(steps)), m_callout(new QFrame(this)),
      m_title(new QLabel), m_text(new QLabel), m_counter(new QLabel),
      m_back(new QPushButton(tr("Back"))), m_next(new QPushButton(tr("Next"))) {
    setObjectName("tour");
    hide();
    auto *frame = static_cast<QFrame *>(m_callout);
    frame->setObjectName("tourCallout");
    frame->setFrameShape(QFrame::Box);
    frame->setAutoFillBackground(true);
    frame->setBackgroundRole(QPalette::ToolTipBase);
    // Sizes relative to the window's font (no font of its own), so presentation zoom grows it.
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    auto *close = new QPushButton(tr("Close"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_counter);
    buttons->addStretch(1);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addWidget(close);
    auto *layout = new QVBoxLayout(m_callout);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    m_next->setDefault(true);
    connect(m_back, &QPushButton::clicked, this, &Tour::back);
    connect(m_next, &QPushButton::clicked, this, &Tour::next);
    connect(close, &QPushButton::clicked, this, &Tour::finish);
    m_window.installEventFilter(this);
}

Tour::~Tour() {
    qApp->removeEventFilter(this);
}

bool Tour::available(const TourStep &step) const {
    QWidget *target = step.target ? step.target() : nullptr;
    // A panel shown on demand (enter opens it, leave closes it) is always there; any other
    // region only while it is on screen (no editing panels in presentation mode).
    return target && ((step.enter && step.leave) || target->isVisible() ||
                      (step.enter && target->parentWidget() &&
                       target->parentWidget()->isVisible() && !target->isHidden()));
}

void Tour::start() {
    finish();
    m_shown.clear();
    for (int i = 0; i < m_steps.size(); ++i)
        if (available(m_steps[i]))
            m_shown << i;
    if (m_shown.isEmpty())
        return;
    setGeometry(m_window.rect());
    QWidget::show();
    raise();
    // The keys belong to the tour while it runs, whichever widget has the focus.
    qApp->installEventFilter(this);
    show(0);
}

void Tour::finish() {
    if (!isRunning())
        return;
    leaveCurrent();
    m_current = -1;
    m_target = nullptr;
    qApp->removeEventFilter(this);
    hide();
    emit finished();
}

void Tour::next() {
    if (m_current + 1 < stepCount())
        show(m_current + 1);
    else
        finish();
}

void Tour::back() {
    if (m_current > 0)
        show(m_current - 1);
}

QString Tour::currentTitle() const {
    return isRunning() ? m_steps[m_shown[m_current]].title : QString();
}

void Tour::leaveCurrent() {
    if (m_current >= 0 && m_steps[m_shown[m_current]].leave)
        m_steps[m_shown[m_current]].leave();
}

void Tour::show(int index) {
    leaveCurrent();
    m_current = index;
    const TourStep &step = m_steps[m_shown[index]];
    if (step.enter)
        step.enter();
    m_target = step.target();
    m_title->setText("<b><big>" + step.title.toHtmlEscaped() + "</big></b>");
    m_text->setText(step.text);
    m_counter->setText(tr("%1 of %2").arg(index + 1).arg(stepCount()));
    m_back->setEnabled(index > 0);
    m_next->setText(index + 1 < stepCount() ? tr("Next") : tr("Done"));
    raise();
    place();
    m_next->setFocus();
    // A panel just opened is laid out on the next turn of the event loop: place again then.
    QTimer::singleShot(0, this, [this] {
        if (isRunning())
            place();
    });
}

QRect Tour::highlight() const {
    QRect hole = region();
    // A region as large as the window leaves no room beside it: the callout took a band of it
    // (place()), which is not highlighted, so the callout never covers what is lit.
    if (!m_reserved.isNull() && hole.intersects(m_reserved)) {
        if (m_reserved.top() > hole.center().y())
            hole.setBottom(m_reserved.top() - kMargin);
        else
            hole.setTop(m_reserved.bottom() + kMargin);
    }
    return hole;
}

QRect Tour::region() const {
    if (!m_target || !m_target->isVisible())
        return {};
    // The part of the region that is on screen: clipped by every widget it sits in (a heatmap
    // in a scroll area is partly hidden).
    QRect shown(m_target->mapTo(&m_window, QPoint(0, 0)), m_target->size());
    for (QWidget *w = m_target->parentWidget(); w && w != &m_window; w = w->parentWidget())
        shown &= QRect(w->mapTo(&m_window, QPoint(0, 0)), w->size());
    return shown.adjusted(-kHalo, -kHalo, kHalo, kHalo).intersected(rect());
}

void Tour::place() {
    setGeometry(m_window.rect());
    m_reserved = QRect();
    const QRect hole = region();
    const QRect area = rect().adjusted(kMargin, kMargin, -kMargin, -kMargin);
    const int preferred = std::clamp(m_window.width() / 3, 280, 460);
    // The wrapped text's height at a width (adjustSize would take the layout's own width).
    QLayout *layout = m_callout->layout();
    layout->activate();
    const auto heightFor = [layout](int width) {
        return layout->hasHeightForWidth() ? layout->totalHeightForWidth(width)
                                           : layout->totalSizeHint().height();
    };
    const int narrowest = std::min(preferred, std::max(220, layout->totalMinimumSize().width()));
    // Beside the region, never over it: right, left, below, above, the first side with room
    // (narrower than preferred, if need be, and taller for it).
    const int besideWidth[] = {area.right() - hole.right() - kMargin,
                               hole.left() - kMargin - area.left()};
    for (int side = 0; side < 2; ++side) {
        const int width = std::min(preferred, besideWidth[side]);
        if (width < narrowest)
            continue;
        const int height = heightFor(width);
        if (height > area.height())
            continue;
        const int x = side == 0 ? hole.right() + kMargin + 1 : hole.left() - kMargin - width;
        const int y =
            std::clamp(hole.center().y() - height / 2, area.top(), area.bottom() - height + 1);
        m_callout->setFixedSize(width, height);
        m_callout->move(x, y);
        update();
        return;
    }
    const int width = std::min(preferred, area.width());
    const int height = std::min(heightFor(width), area.height());
    m_callout->setFixedSize(width, height);
    const int x = std::clamp(hole.center().x() - width / 2, area.left(), area.right() - width + 1);
    const int belowRoom = area.bottom() - hole.bottom() - kMargin;
    const int aboveRoom = hole.top() - kMargin - area.top();
    if (belowRoom >= height) {
        m_callout->move(x, hole.bottom() + kMargin + 1);
    } else if (aboveRoom >= height) {
        m_callout->move(x, hole.top() - kMargin - height);
    } else {
        // The region fills the window: the callout takes a band at its bottom (or top, where
        // more of the region stays lit), and the highlight leaves that band out.
        const bool bottom = area.bottom() - hole.center().y() >= hole.center().y() - area.top();
        m_callout->move(x, bottom ? area.bottom() - height + 1 : area.top());
        m_reserved =
            QRect(0, bottom ? m_callout->y() : 0, this->width(),
                  bottom ? this->height() - m_callout->y() : m_callout->geometry().bottom() + 1);
    }
    update();
}

void Tour::paintEvent(QPaintEvent *) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPainterPath dim;
    dim.addRect(rect());
    const QRect hole = highlight();
    QPainterPath cut;
    cut.addRoundedRect(hole, 6, 6);
    p.fillPath(dim.subtracted(cut), QColor(0, 0, 0, 120));
    p.setPen(QPen(palette().color(QPalette::Highlight), 3));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(hole, 6, 6);
}

void Tour::mousePressEvent(QMouseEvent *event) {
    event->accept(); // the dimmed window waits until the tour is closed
}

bool Tour::eventFilter(QObject *watched, QEvent *event) {
    if (watched == &m_window && event->type() == QEvent::Resize && isRunning()) {
        place();
        return false;
    }
    const bool override = event->type() == QEvent::ShortcutOverride;
    if (!isRunning() || (!override && event->type() != QEvent::KeyPress))
        return false;
    auto *widget = qobject_cast<QWidget *>(watched);
    if (!widget || widget->window() != m_window.window())
        return false;
    const int key = static_cast<QKeyEvent *>(event)->key();
    if (key != Qt::Key_Escape && key != Qt::Key_Left && key != Qt::Key_Right)
        return false;
    // Claimed before the window's shortcuts (Esc also leaves presentation mode), acted on
    // when the key press itself arrives.
    event->accept();
    if (override)
        return true;
    if (key == Qt::Key_Escape)
        finish();
    else if (key == Qt::Key_Left)
        back();
    else
        next();
    return true;
}

} // namespace attn::ui
