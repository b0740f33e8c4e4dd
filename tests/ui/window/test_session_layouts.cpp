// SPDX-License-Identifier: GPL-3.0-or-later
// A layout that holds for any session, not only the presets: generated sessions (4 to 24
// tokens, 1 to 8 heads, causal or not, preset-like, unit and large random weights, short and
// long token names) at 1280×800, 1600×1000 and in presentation mode at 1024×768. What a class
// must see, checked from the widgets' geometry: the weights fit the window's width with their
// title and colour bar (a class cannot scroll sideways), every axis label drawn is whole, no two
// heatmaps overlap, and the title and the colour bar are in view.

#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "support/HeatmapSupport.h"
#include "support/SessionSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"
#include "workbench/CombinationView.h"
#include "workbench/StagesView.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QMainWindow>
#include <QRandomGenerator>
#include <QScrollArea>
#include <QScrollBar>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using attn::Stage;

namespace {

enum class Weights { Preset, Random1, Random10 };

struct SessionSpec {
    int tokens = 4, heads = 1;
    bool causal = false;
    Weights weights = Weights::Random1;
    bool longNames = false;
    int embedding = 8, keyDim = 4; // d_model and d_k (the 5×512 preset's shape: 512 and 512)
};

} // namespace

Q_DECLARE_METATYPE(SessionSpec)

namespace {

QString describe(const SessionSpec &s) {
    static const char *kWeights[] = {"preset", "random1", "random10"};
    return QString("%1tok-%2h-%3-%4-%5%6")
        .arg(s.tokens)
        .arg(s.heads)
        .arg(s.causal ? "causal" : "full")
        .arg(kWeights[int(s.weights)])
        .arg(s.longNames ? "long" : "short")
        .arg(s.embedding != 8 ? QString("-p%1").arg(s.embedding) : QString());
}

// A session as a teacher would make one: a sentence, d_model 8, d_k 4, random or small integer
// weights (like the presets'), Wo with several heads.
attn::AttentionInputs makeSession(const SessionSpec &s) {
    static const QStringList kShort =
        QStringLiteral("the cat sat on a mat because it was tired and "
                       "then the dog came in to see what it had done there")
            .split(' ');
    static const QStringList kLong = {"internationalization", "responsibility", "understanding",
                                      "photosynthesis",       "extraordinary",  "characteristic"};
    QRandomGenerator rng(quint32(s.tokens * 131 + s.heads * 17 + int(s.weights) * 5 + s.causal));
    const double scale = s.weights == Weights::Random10 ? 10.0 : 1.0;
    auto matrix = [&](int rows, int cols) {
        attn::Matrix m(rows, cols);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                m(r, c) = s.weights == Weights::Preset ? double(rng.bounded(3))
                                                       : scale * (rng.generateDouble() * 2 - 1);
        return m;
    };
    const int d = s.embedding, dk = s.keyDim;
    attn::AttentionInputs in;
    for (int i = 0; i < s.tokens; ++i)
        in.tokens.push_back(
            (s.longNames ? kLong[i % kLong.size()] : kShort[i % kShort.size()]).toStdString());
    in.X = matrix(s.tokens, d);
    for (int h = 0; h < s.heads; ++h)
        in.heads.push_back({matrix(d, dk), matrix(d, dk), matrix(d, dk)});
    if (s.heads > 1)
        in.Wo = matrix(s.heads * dk, d);
    in.options.causal = s.causal;
    return in;
}

struct Screen {
    QSize size;
    bool presentation = false;
    QString name() const {
        return QString("%1x%2%3")
            .arg(size.width())
            .arg(size.height())
            .arg(presentation ? "-presentation" : "");
    }
};

// What the user sees of a widget inside the central scroll area, in viewport coordinates.
QRect inViewport(QScrollArea *scroll, QWidget *widget) {
    return QRect(widget->mapTo(scroll->viewport(), QPoint()), widget->size());
}

QString rectText(const QRect &r) {
    return QString("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// Checks one session at one screen; returns what is wrong, empty when it holds.
QString checkLayout(WindowAssembler &wb, const SessionSpec &spec) {
    QStringList problems;
    auto *scroll = qobject_cast<QScrollArea *>(wb.window().centralWidget());
    if (!scroll)
        return "no central scroll area";
    HeatmapView *weights = wb.stages().view(Stage::Weights);
    weights->plot()->replot();
    const QRect viewport = scroll->viewport()->rect();
    const QRect w = inViewport(scroll, weights);
    // The weights fit the width: the class never scrolls sideways for them.
    if (w.left() < viewport.left() || w.right() > viewport.right())
        problems << QString("weights %1 outside the viewport's width %2")
                        .arg(rectText(w))
                        .arg(viewport.width());
    if (scroll->horizontalScrollBar()->isVisible() && scroll->horizontalScrollBar()->maximum() > 0)
        problems << QString("a horizontal scroll bar (%1 px)")
                        .arg(scroll->horizontalScrollBar()->maximum());
    // Above 24 tokens the view may scroll, but not inside a heatmap: scrolled to, the weights are
    // whole in view, so the title, the colour bar and both axes' names are read with any row.
    if (spec.tokens > 24) {
        scroll->ensureWidgetVisible(weights, 0, 0);
        QCoreApplication::processEvents();
        const QRect seen = inViewport(scroll, weights);
        if (!viewport.contains(seen))
            problems << QString("weights %1 not whole in the %2×%3 viewport")
                            .arg(rectText(seen))
                            .arg(viewport.width())
                            .arg(viewport.height());
    }
    // The title whole, not elided, and inside the heatmap.
    const QString title = weights->title();
    QCPTextElement *titleElement = nullptr;
    for (QCPTextElement *t : weights->plot()->findChildren<QCPTextElement *>())
        if (t->visible())
            titleElement = t;
    if (!titleElement || titleElement->text() != title)
        problems << QString("title shown as \"%1\", not \"%2\"")
                        .arg(titleElement ? titleElement->text() : QString())
                        .arg(title);
    // The colour bar inside the widget, so in view with it.
    QCPColorScale *bar = testsupport::colorScaleOf(*weights);
    if (!bar)
        problems << "no colour bar";
    else if (!weights->plot()->rect().contains(bar->outerRect()))
        problems << QString("colour bar %1 outside the heatmap %2")
                        .arg(rectText(bar->outerRect()), rectText(weights->plot()->rect()));
    // Axis names drawn are whole: the names shown are the tokens (or indices with a caption),
    // and the axis captions fit their axes.
    QStringList tokens;
    for (const std::string &t : wb.document().inputs().tokens)
        tokens << QString::fromStdString(t);
    for (Qt::Orientation o : {Qt::Vertical, Qt::Horizontal}) {
        const QStringList names = weights->tickNames(o);
        if (!names.isEmpty() && names.size() != tokens.size())
            problems << QString("%1 names of %2 tokens drawn").arg(names.size()).arg(tokens.size());
        if (spec.tokens <= 16 && names.isEmpty())
            problems << QString("no %1 names at %2 tokens")
                            .arg(o == Qt::Vertical ? "row" : "column")
                            .arg(spec.tokens);
    }
    for (HeatmapView *v : wb.stages().visibleViews()) {
        v->plot()->replot();
        for (QCPAxis *axis : {v->plot()->xAxis, v->plot()->yAxis}) {
            const double text = QFontMetricsF(axis->labelFont()).horizontalAdvance(axis->label());
            const double room = axis == v->plot()->xAxis ? v->plot()->width() : v->plot()->height();
            if (text > room)
                problems << QString("%1: axis caption \"%2\" (%3 px) longer than its %4 px")
                                .arg(v->objectName(), axis->label())
                                .arg(int(text))
                                .arg(int(room));
        }
    }
    // Every colour bar's caption fits along its bar (5 rows of 512 columns cut it mid-word).
    for (HeatmapView *v : wb.stages().visibleViews()) {
        QCPColorScale *scale = testsupport::colorScaleOf(*v);
        if (!scale || scale->label().isEmpty())
            continue;
        const double text =
            QFontMetricsF(scale->axis()->labelFont()).horizontalAdvance(scale->label());
        if (text > scale->outerRect().height() + 1)
            problems << QString("%1: colour-bar caption \"%2\" (%3 px) longer than its %4 px")
                            .arg(v->objectName(), scale->label())
                            .arg(int(text))
                            .arg(scale->outerRect().height());
    }
    // The combination's title keeps its formula whole: only the sentence after it may go.
    if (wb.combination().isVisible()) {
        QFont bold = wb.combination().font();
        bold.setBold(true);
        const QString heading = wb.combination().shownTitle();
        if (QFontMetrics(bold).horizontalAdvance(heading) > wb.combination().width())
            problems << QString("combination title \"%1\" wider than its %2 px")
                            .arg(heading)
                            .arg(wb.combination().width());
    }
    // No two heatmaps (or a heatmap and the combination) overlap.
    QList<QWidget *> shown;
    for (HeatmapView *v : wb.stages().visibleViews())
        shown << v;
    if (wb.combination().isVisible() && wb.combination().parentWidget() == &wb.stages())
        shown << &wb.combination();
    for (int i = 0; i < shown.size(); ++i)
        for (int j = i + 1; j < shown.size(); ++j)
            if (shown[i]->geometry().intersects(shown[j]->geometry()))
                problems << QString("%1 %2 overlaps %3 %4")
                                .arg(shown[i]->objectName(), rectText(shown[i]->geometry()),
                                     shown[j]->objectName(), rectText(shown[j]->geometry()));
    return problems.join("; ");
}

} // namespace

class TestSessionLayouts : public QObject {
    Q_OBJECT

private slots:
    void init() { testsupport::resetState(); }

    void generatedSessionsHold_data() {
        QTest::addColumn<SessionSpec>("spec");
        // Every token count with every head count; the other dimensions of the set cycle through
        // their values so each meets each token count.
        const Weights kinds[] = {Weights::Preset, Weights::Random1, Weights::Random10};
        int i = 0;
        for (int tokens : {4, 8, 11, 16, 24})
            for (int heads : {1, 2, 4, 8}) {
                SessionSpec s{tokens, heads, i % 2 == 0, kinds[i % 3], (i / 2) % 2 == 1};
                QTest::newRow(qPrintable(describe(s))) << s;
                ++i;
            }
        // Wide projections on few tokens, as the 5-token d = 512 preset: short heatmaps whose
        // colour-bar captions must still fit along their bars.
        const SessionSpec wide{5, 1, false, Weights::Random1, false, 512, 512};
        QTest::newRow(qPrintable(describe(wide))) << wide;
        // Above 24 tokens the view may scroll, but a heatmap is never taller than the window.
        for (const SessionSpec &s : {SessionSpec{32, 2, true, Weights::Random1, true},
                                     SessionSpec{48, 1, false, Weights::Random10, false}})
            QTest::newRow(qPrintable(describe(s))) << s;
    }
    void generatedSessionsHold() {
        QFETCH(SessionSpec, spec);
        QStringList failures;
        for (const Screen &screen :
             {Screen{{1280, 800}}, Screen{{1600, 1000}}, Screen{{1024, 768}, true}}) {
            // A window per screen, set up as `attnviz FILE --size WxH [--presentation]` does:
            // the offscreen screen is 800×800, so the projector's size is given rather than
            // taken from full screen.
            WindowAssembler wb;
            QString error;
            QVERIFY2(wb.document().replaceInputs(makeSession(spec), "generated", &error),
                     qPrintable(error));
            QMainWindow &w = wb.window();
            wb.presentation().setActive(screen.presentation);
            w.setWindowState(w.windowState() & ~Qt::WindowFullScreen);
            testsupport::showWindowAt(wb, screen.size);
            const QString problem = checkLayout(wb, spec);
            // ATTNVIZ_SCREENSHOTS=DIR keeps a picture of every case to look at.
            if (const QString dir = qEnvironmentVariable("ATTNVIZ_SCREENSHOTS"); !dir.isEmpty())
                w.grab().save(QString("%1/%2-%3.png").arg(dir, describe(spec), screen.name()));
            if (!problem.isEmpty())
                failures << screen.name() + ": " + problem;
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_session_layouts");
    QApplication app(argc, argv);
    TestSessionLayouts test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_session_layouts.moc"
