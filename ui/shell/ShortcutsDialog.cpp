// SPDX-License-Identifier: GPL-3.0-or-later
#include "ShortcutsDialog.h"

#include "MenuId.h"
#include "Shell.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

namespace {

// A menu text without its mnemonic markers ("&Open…" → "Open…", "&&" → "&").
QString plainText(QString text) {
    text.replace(QLatin1String("&&"), QString(QChar(0x1)));
    text.remove(QLatin1Char('&'));
    text.replace(QChar(0x1), QLatin1Char('&'));
    return text;
}

QString keysText(const QList<QKeySequence> &keys) {
    QStringList out;
    for (const QKeySequence &k : keys)
        if (!k.isEmpty())
            out << k.toString(QKeySequence::NativeText);
    return out.join(QLatin1String(", "));
}

QString key(QKeyCombination combination) {
    return QKeySequence(combination).toString(QKeySequence::NativeText);
}

void addMenu(QList<ShortcutsDialog::Entry> &out, const QString &section, const QMenu *menu,
             const QString &path) {
    for (const QAction *a : menu->actions()) {
        if (a->isSeparator())
            continue;
        const QString name = path.isEmpty()
                                 ? plainText(a->text())
                                 : path + QStringLiteral(" \u203a ") + plainText(a->text());
        if (a->menu()) {
            addMenu(out, section, a->menu(), name);
            continue;
        }
        const QString keys = keysText(a->shortcuts());
        if (!keys.isEmpty())
            out.append({section, keys, name});
    }
}

// The keys that are no menu action: each widget handles them while it has the focus.
QList<ShortcutsDialog::Entry> otherKeys() {
    using E = ShortcutsDialog::Entry;
    const QString heatmaps = ShortcutsDialog::tr("A heatmap (click it first)");
    const QString inputs = ShortcutsDialog::tr("The input tables");
    const QString terms = ShortcutsDialog::tr("Interpretations panel");
    const QString lesson = ShortcutsDialog::tr("Lesson");
    const QString presenting = ShortcutsDialog::tr("Presentation mode");
    const QString upDown = ShortcutsDialog::tr("%1 / %2").arg(key(Qt::Key_Up), key(Qt::Key_Down));
    const QString pages =
        ShortcutsDialog::tr("%1 / %2").arg(key(Qt::Key_PageUp), key(Qt::Key_PageDown));
    const QString homeEnd = ShortcutsDialog::tr("%1 / %2").arg(key(Qt::Key_Home), key(Qt::Key_End));
    return {
        E{heatmaps, upDown, ShortcutsDialog::tr("Select the previous / next query row")},
        E{heatmaps, pages, ShortcutsDialog::tr("Move the selected row by ten")},
        E{heatmaps, homeEnd, ShortcutsDialog::tr("Select the first / last row")},
        E{heatmaps, key(Qt::Key_Menu), ShortcutsDialog::tr("Export figure / export matrix menu")},
        // The heatmap's zoom (HeatmapInput::zoomKey, HeatmapZoom) and enlarging.
        E{heatmaps, ShortcutsDialog::tr("%1 / %2").arg(key(Qt::Key_Plus), key(Qt::Key_Minus)),
          ShortcutsDialog::tr("Zoom in / out around the middle")},
        E{heatmaps, key(Qt::Key_0),
          ShortcutsDialog::tr("Show the whole matrix again (reset zoom)")},
        E{heatmaps, ShortcutsDialog::tr("Mouse wheel"),
          ShortcutsDialog::tr("Zoom in / out around the pointer")},
        E{heatmaps, ShortcutsDialog::tr("Drag"),
          ShortcutsDialog::tr("Move the part in view (when zoomed in)")},
        E{heatmaps, ShortcutsDialog::tr("Double-click"),
          ShortcutsDialog::tr("Enlarge the heatmap")},
        E{inputs,
          ShortcutsDialog::tr("%1 / %2").arg(key(Qt::ALT | Qt::Key_Up),
                                             key(Qt::ALT | Qt::Key_Down)),
          ShortcutsDialog::tr("Nudge the current cell by ±0.1")},
        E{inputs,
          ShortcutsDialog::tr("%1 / %2").arg(key(Qt::ALT | Qt::SHIFT | Qt::Key_Up),
                                             key(Qt::ALT | Qt::SHIFT | Qt::Key_Down)),
          ShortcutsDialog::tr("Fine step: nudge by ±0.01 (Shift with the mouse wheel too)")},
        E{inputs,
          ShortcutsDialog::tr("%1 / %2").arg(key(Qt::CTRL | Qt::Key_C), key(Qt::CTRL | Qt::Key_V)),
          ShortcutsDialog::tr("Copy the selection / paste a block at the current cell")},
        E{terms, key(Qt::Key_Space), ShortcutsDialog::tr("Play / pause the terms")},
        E{terms, ShortcutsDialog::tr("%1 / %2").arg(key(Qt::Key_Left), key(Qt::Key_Right)),
          ShortcutsDialog::tr("One term back / forward")},
        E{terms, ShortcutsDialog::tr("%1 / %2").arg(key(Qt::Key_Plus), key(Qt::Key_Minus)),
          ShortcutsDialog::tr("Play faster / slower")},
        E{terms, homeEnd, ShortcutsDialog::tr("The first term / every term")},
        E{terms, ShortcutsDialog::tr("%1 \u2013 %2").arg(key(Qt::Key_1), key(Qt::Key_6)),
          ShortcutsDialog::tr("Choose the reading (1 to 6: dot, row, column, outer, tiles, "
                              "online softmax)")},
        E{terms, key(Qt::Key_P), ShortcutsDialog::tr("Switch between the scores and the output")},
        E{terms, upDown, ShortcutsDialog::tr("Pick the previous / next row")},
        E{terms, pages, ShortcutsDialog::tr("Pick the previous / next column")},
        E{ShortcutsDialog::tr("KV cache panel"), key(Qt::Key_Right),
          ShortcutsDialog::tr("Decode the next token")},
        E{ShortcutsDialog::tr("KV cache panel"), key(Qt::Key_Space),
          ShortcutsDialog::tr("Play / pause the decoding")},
        E{ShortcutsDialog::tr("KV cache panel"), key(Qt::Key_Home),
          ShortcutsDialog::tr("Empty the cache")},
        E{lesson, pages, ShortcutsDialog::tr("Previous / next step (a presenter's clicker)")},
        E{presenting, key(Qt::Key_Escape),
          ShortcutsDialog::tr("Clear the pen's strokes; without strokes, put the pen down; "
                              "else leave presentation mode")},
        E{presenting, key(Qt::Key_P),
          ShortcutsDialog::tr("Pen: draw over the window (again: stop)")},
        E{presenting,
          ShortcutsDialog::tr("%1 / %2 / %3").arg(key(Qt::Key_1), key(Qt::Key_2), key(Qt::Key_3)),
          ShortcutsDialog::tr("Pen colour: red / blue / green")},
        E{presenting, ShortcutsDialog::tr("Shift+drag"),
          ShortcutsDialog::tr("Pen: a straight arrow")},
        E{presenting, pages, ShortcutsDialog::tr("Previous / next lesson step")},
    };
}

} // namespace

ShortcutsDialog::ShortcutsDialog(Shell &shell, QWidget *parent)
    : QDialog(parent), m_shell(shell), m_tree(new QTreeWidget(this)) {
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("The menus' shortcuts, then the keys each part of the window "
                                "answers while it has the focus."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Keys"), tr("Does")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    layout->addWidget(m_tree);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(620, 640);
    refresh();
}

QList<ShortcutsDialog::Entry> ShortcutsDialog::collect(const Shell &shell) {
    QList<Entry> out;
    for (MenuId id :
         {MenuId::File, MenuId::Edit, MenuId::Presets, MenuId::View, MenuId::Lesson, MenuId::Help})
        if (const QMenu *menu = shell.menu(id))
            addMenu(out, plainText(menu->title()), menu, {});
    out += otherKeys();
    return out;
}

void ShortcutsDialog::refresh() {
    m_entries = collect(m_shell);
    m_tree->clear();
    QTreeWidgetItem *section = nullptr;
    for (const Entry &e : std::as_const(m_entries)) {
        if (!section || section->text(0) != e.section) {
            section = new QTreeWidgetItem(m_tree, {e.section});
            QFont bold = section->font(0);
            bold.setBold(true);
            section->setFont(0, bold);
            section->setFirstColumnSpanned(true);
            section->setFlags(Qt::ItemIsEnabled);
        }
        auto *item = new QTreeWidgetItem(section, {e.keys, e.action});
        item->setToolTip(1, e.action);
    }
    m_tree->expandAll();
}

void ShortcutsDialog::showEvent(QShowEvent *event) {
    refresh();
    // Wide enough for the actions (German ones are longer than English), within reason: a longer
    // one is elided, whole in its tooltip.
    const QMargins margins = layout()->contentsMargins();
    const QAbstractItemView *view = m_tree; // (QTreeView hides the public sizeHintForColumn)
    const int wanted = view->sizeHintForColumn(0) + view->sizeHintForColumn(1) +
                       m_tree->verticalScrollBar()->sizeHint().width() + 2 * m_tree->frameWidth() +
                       margins.left() + margins.right() + 16;
    resize(std::max(width(), std::min(wanted, 800)), height());
    QDialog::showEvent(event);
}

} // namespace attn::ui
