// SPDX-License-Identifier: GPL-3.0-or-later
#include "InsightFeatures.h"

#include "DecodingView.h"
#include "DifferenceView.h"
#include "HeadOverview.h"
#include "HeadsFocus.h"
#include "MaskBiasView.h"
#include "ReadoutsView.h"
#include "TokenLinksView.h"
#include "VectorFormView.h"
#include "WhatIfPanel.h"
#include "document/Document.h"
#include "shell/Shell.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>
#include <QTabBar>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

// The token links with their "all heads" toggle above the scrolling picture.
QWidget *tokenLinksPanel(TokenLinksView *links) {
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *all = new QCheckBox(
        QCoreApplication::translate("InsightFeatures", "&All heads, one colour each"));
    all->setObjectName("allHeadsCheckBox");
    all->setToolTip(QCoreApplication::translate(
        "InsightFeatures",
        "Draw every head's lines (Okabe\u2013Ito colours) instead of the current "
        "head's only"));
    QObject::connect(all, &QCheckBox::toggled, links, &TokenLinksView::setAllHeads);
    QObject::connect(links, &TokenLinksView::allHeadsChanged, all, &QCheckBox::setChecked);
    layout->addWidget(all);
    layout->addWidget(scrolled(links), 1);
    return panel;
}

void stepHead(Document *doc, int delta) {
    const int heads = doc->headCount();
    if (heads > 0)
        doc->selection().setCurrentHead((doc->selection().currentHead() + delta + heads) % heads);
}

} // namespace

InsightViews installInsightFeatures(Shell &shell, Document &document, Recomputer &recomputer) {
    Document *doc = &document;
    Recomputer *rc = &recomputer;
    auto *vectorForm = new VectorFormView(doc, rc);
    auto *links = new TokenLinksView(doc, rc);
    auto *heads = new HeadOverview(doc, rc);
    auto *readouts = new ReadoutsView(doc, rc);
    auto *whatIf = new WhatIfPanel(doc, rc);
    auto *difference = new DifferenceView(doc, rc);
    auto *maskBias = new MaskBiasView(doc, rc);
    auto *decoding = new DecodingView(doc, rc);

    heads->setColorMap(shell.sequentialMap());
    difference->setColorMap(shell.divergingMap());
    QObject::connect(&shell, &Shell::colorMapsChanged, heads,
                     [heads, difference](ColorMapId sequential, ColorMapId diverging) {
                         heads->setColorMap(sequential);
                         difference->setColorMap(diverging);
                     });

    // The heads share the panel's width (HeadOverview::arrange): it scrolls down, never sideways.
    QScrollArea *headsScroll = scrolled(heads);
    headsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    const struct {
        const char *title;
        const char *name;
        QWidget *content;
        QWidget *focus;
    } panels[] = {
        {QT_TRANSLATE_NOOP("InsightFeatures", "Vector form"), "vectorFormDock", vectorForm,
         vectorForm},
        {QT_TRANSLATE_NOOP("InsightFeatures", "Links"), "tokenLinksDock", tokenLinksPanel(links),
         links},
        {QT_TRANSLATE_NOOP("InsightFeatures", "Heads"), "headOverviewDock", headsScroll, heads},
        {QT_TRANSLATE_NOOP("InsightFeatures", "Readouts"), "readoutsDock", readouts, readouts},
        {QT_TRANSLATE_NOOP("InsightFeatures", "What if"), "whatIfDock", scrolled(whatIf), whatIf},
        {QT_TRANSLATE_NOOP("InsightFeatures", "\u0394 edit"), "differenceDock", difference,
         difference},
        {QT_TRANSLATE_NOOP("InsightFeatures", "Mask and bias"), "maskBiasDock", scrolled(maskBias),
         maskBias},
        {QT_TRANSLATE_NOOP("InsightFeatures", "KV cache"), "decodingDock", decoding, decoding},
    };
    QMenu *insights = shell.menu(MenuId::View)
                          ->addMenu(QCoreApplication::translate("InsightFeatures", "&Insights"));
    insights->setObjectName("insightsMenu");
    QDockWidget *first = nullptr;
    QDockWidget *headsDock = nullptr;
    int number = 1;
    for (const auto &p : panels) {
        QDockWidget *dock = shell.addRightTab(
            QCoreApplication::translate("InsightFeatures", p.title), p.name, p.content, p.focus,
            first, insights, QKeySequence(Qt::ALT | Qt::Key(Qt::Key_0 + number++)));
        if (!first)
            first = dock;
        if (p.focus == heads)
            headsDock = dock;
    }
    auto *allHeads = new HeadsFocus(shell.window(), headsDock, heads);
    insights->addSeparator();
    QAction *next =
        insights->addAction(QCoreApplication::translate("InsightFeatures", "&Next head"), doc,
                            [doc] { stepHead(doc, 1); });
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    QAction *previous =
        insights->addAction(QCoreApplication::translate("InsightFeatures", "&Previous head"), doc,
                            [doc] { stepHead(doc, -1); });
    previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    insights->addAction(allHeads->action());
    // Six tabs in a 400-pixel column: whole names with scroll arrows rather than "Ve…", "Li…".
    for (QTabBar *bar : shell.window().findChildren<QTabBar *>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == panels[0].title) {
                bar->setElideMode(Qt::ElideNone);
                bar->setUsesScrollButtons(true);
            }
    first->raise();
    shell.window().resizeDocks({first}, {400}, Qt::Horizontal);
    return {heads, allHeads};
}

} // namespace attn::ui
