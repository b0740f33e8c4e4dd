// SPDX-License-Identifier: GPL-3.0-or-later
// The interactive page (core/page/HtmlPage) as a student opens it: attnviz-cli html writes it, a
// headless Chromium loads it from a file with "#selftest", which hovers, clicks and toggles by
// itself and writes what it saw into the DOM. Checked: the weights' numbers are drawn, a hover
// shows the app's tooltip text, a click shows the combination, the lesson steps, the model's
// overview, the sizes, and that no request leaves the page (a net log of Chromium, with a
// negative control that shows the check catches one).

#include "Attention.h"
#include "Initializer.h"
#include "InputError.h"
#include "Limits.h"
#include "Notation.h"
#include "headreadings/Derivation.h"
#include "headreadings/TokenLabels.h"
#include "io/Session.h"
#include "page/HtmlPage.h"
#include "support/CliSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

const QString kWorkedExample =
    QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/presets/worked-example.json");
const QString kTinyModel = QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/models/attnviz-tiny");

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A derivation's words and numbers without markup: Chromium writes the HTML it parsed back in
// its own way (entities, attribute quotes), the text stays.
QString text(QString html) {
    static const QRegularExpression tag(QStringLiteral("<[^>]*>")), space(QStringLiteral("\\s+"));
    html.replace("<br>", " ").remove(tag);
    html.replace("&nbsp;", " ").replace(QChar(0xa0), ' ');
    html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    return html.replace(space, " ").trimmed();
}

// The tooltip of the app's heatmaps for a cell of `stage` (row-layout indices), as the page
// carries it: the app's click hint left out.
QString tooltip(const attn::AttentionInputs &inputs, attn::Stage stage, int row, int col,
                attn::Layout layout = attn::Layout::Rows) {
    const attn::AttentionResult result = attn::compute(inputs, attn::Layout::Rows);
    const derivation::Context c{&inputs,
                                &result,
                                0,
                                attn::tokenLabels(inputs.tokens),
                                attn::tokenLabels(inputs.sourceTokens()),
                                layout};
    QString html = derivation::ofStage(c, stage, row, col);
    static const QRegularExpression hint(QStringLiteral("<br><i>click to [^<]*</i>"));
    return html.remove(hint);
}

QStringList strings(const QJsonValue &array) {
    QStringList out;
    for (const QJsonValue &v : array.toArray())
        out << v.toString();
    return out;
}

// 64 causal tokens, four heads and an output projection: every stage the page draws.
attn::AttentionInputs sixtyFourTokens() {
    attn::AttentionInputs inputs = randomExample(11, 64, 16, 8, 8);
    for (quint32 h = 1; h < 4; ++h)
        inputs.heads.push_back(randomExample(11 + h, 64, 16, 8, 8).heads[0]);
    inputs.Wo = randomExample(99, 32, 16, 1, 1).X; // (4 heads · 8) × 16
    inputs.options.causal = true;
    inputs.tokens.clear();
    for (int i = 0; i < 64; ++i)
        inputs.tokens.push_back("word" + std::to_string(i));
    return inputs;
}

// What Chromium saw: each page's selftest, and the URLs the pages asked for.
struct Visit {
    QString error;                     // why there is nothing to look at
    QHash<QString, QJsonObject> pages; // file name → the selftest's JSON
    QStringList urls;                  // every request a page made (the browser's own are left out)
};

// Opens `pages` (in one folder) at "#selftest" in a headless Chromium (Debian's package): a
// frame page holds each in a frame and writes what the pages post it into its DOM, which the
// browser dumps as it exits. One browser for all: most of a run is the browser starting and
// stopping. Chromium is a test dependency (scripts/dev.sh installs it, CI too): without it the
// test fails, saying so, instead of skipping what it is for.
Visit visit(const QStringList &pages, const QString &scratch) {
    Visit v;
    QString chromium;
    for (const char *name : {"chromium", "chromium-browser", "google-chrome"}) {
        chromium = QStandardPaths::findExecutable(QString::fromLatin1(name));
        if (!chromium.isEmpty())
            break;
    }
    if (chromium.isEmpty()) {
        v.error = QStringLiteral("chromium is not installed: the page test needs a headless "
                                 "browser (apt-get install chromium; scripts/dev.sh test does)");
        return v;
    }
    QStringList names;
    for (const QString &page : pages)
        names << "\"" + QFileInfo(page).fileName() + "\"";
    const QString frames = QFileInfo(pages.value(0)).absolutePath() + "/frames.html";
    writeFile(frames, QStringLiteral(R"(<!DOCTYPE html><html><body><pre id="results"></pre><script>
const pages = [%1], results = {};
window.addEventListener('message', (e) => {
  results[e.data.page.split('/').pop()] = e.data.selftest;
  if (Object.keys(results).length === pages.length)
    document.getElementById('results').textContent = JSON.stringify(results);
});
for (const p of pages) {
  const f = document.createElement('iframe');
  f.width = 1280; f.height = 800; f.src = p + '#selftest';
  document.body.appendChild(f);
}
</script></body></html>)")
                          .arg(names.join(", "))
                          .toUtf8());
    const QString netLog = scratch + "/net-log.json";
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", scratch); // no one's settings, no crash reports written elsewhere
    process.setProcessEnvironment(env);
    process.start(chromium, {"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--disable-background-networking", "--disable-component-update",
                             "--disable-sync", "--disable-extensions", "--disable-dev-shm-usage",
                             "--user-data-dir=" + scratch + "/profile", "--log-net-log=" + netLog,
                             "--virtual-time-budget=20000", "--dump-dom",
                             QUrl::fromLocalFile(frames).toString()});
    if (!process.waitForStarted(30000) || !process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        v.error = "chromium did not finish: " + process.readAllStandardError().right(2000);
        return v;
    }
    static const QRegularExpression results(QStringLiteral("<pre id=\"results\">(.*?)</pre>"),
                                            QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m =
        results.match(QString::fromUtf8(process.readAllStandardOutput()));
    if (!m.hasMatch() || m.captured(1).isEmpty()) {
        v.error = "the pages wrote no selftest (did a script fail?): " +
                  process.readAllStandardError().right(2000);
        return v;
    }
    // The DOM is serialized HTML: the JSON's <, > and & come escaped.
    QString json = m.captured(1);
    json.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"");
    const QJsonObject all = QJsonDocument::fromJson(json.replace("&amp;", "&").toUtf8()).object();
    for (auto it = all.begin(); it != all.end(); ++it)
        v.pages[it.key()] = it.value().toObject();
    // The net log (written as the browser exits): every request with an initiator, the origin
    // of the document that asked. The browser's own (update checks, accounts) say "not an
    // origin"; anything a page asks for has its origin ("null" for a file).
    const QJsonArray events = QJsonDocument::fromJson(readAll(netLog)).object()["events"].toArray();
    if (events.isEmpty())
        v.error = "chromium wrote no net log to " + netLog;
    for (const QJsonValue &e : events) {
        const QJsonObject params = e.toObject()["params"].toObject();
        if (params.contains("url") && params.contains("initiator") &&
            params["initiator"].toString() != QLatin1String("not an origin"))
            v.urls << params["url"].toString();
    }
    v.urls.removeDuplicates();
    return v;
}

} // namespace

class TestHtmlPage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sizes();
    void workedExampleInChromium();
    void noRequestLeavesThePage();
    void sixtyFourTokensInChromium();
    void modelSessionHasTheOverview();
    void modelMemberWithTextOnly();
    void modelFolderGone();
    void refusesWhatItCannotShow();

private:
    QTemporaryDir m_dir;
    QString m_worked, m_sixtyFour, m_model;  // the pages attnviz-cli html wrote
    attn::AttentionInputs m_sixtyFourInputs; // and the inputs of the 64 tokens
    QString m_modelSession;
    // Chromium's visit of the pages, all opened at once in initTestCase.
    Visit m_visit;
    QJsonObject m_workedPage, m_guardedPage, m_sixtyFourPage, m_modelPage;
};

// Writes every page with attnviz-cli html, then opens them all in Chromium at once.
void TestHtmlPage::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_worked = m_dir.filePath("worked.html");
    const Run worked = runCli({"html", kWorkedExample, "--out", m_worked});
    QVERIFY2(worked.finished && worked.exitCode == 0, worked.err.constData());

    // The negative controls: the page with an image from a server, first as written (its
    // Content-Security-Policy stops the image before it is asked for), then without that policy
    // (the request is made, and the net log must show it).
    QByteArray bytes = readAll(m_worked);
    QVERIFY(bytes.contains("</body>"));
    bytes.replace("</body>", "<img src=\"http://127.0.0.1:9/guarded-probe.png\" alt=\"\"></body>");
    const QString guarded = m_dir.filePath("guarded.html");
    writeFile(guarded, bytes);
    static const QRegularExpression policy(
        QStringLiteral("<meta http-equiv=\"Content-Security-Policy\"[^>]*>"));
    QString open = QString::fromUtf8(bytes);
    QVERIFY(open.contains(policy));
    const QString unguarded = m_dir.filePath("unguarded.html");
    writeFile(unguarded, open.remove(policy).replace("guarded-probe", "unguarded-probe").toUtf8());

    m_sixtyFourInputs = sixtyFourTokens();
    const QString session = m_dir.filePath("sixty-four.attnviz");
    writeFile(session, attn::sessionToJson(m_sixtyFourInputs, {}));
    m_sixtyFour = m_dir.filePath("sixty-four.html");
    const Run sixtyFour = runCli({"html", session, "--out", m_sixtyFour});
    QVERIFY2(sixtyFour.finished && sixtyFour.exitCode == 0, sixtyFour.err.constData());

    // A session taken from the built-in model, as attnviz-cli model session writes it.
    m_modelSession = m_dir.filePath("model.attnviz");
    const Run made = runCli({"model", "session", kTinyModel, "--text", "the cat sat on the mat",
                             "--layer", "1", "--head", "0", "--out", m_modelSession});
    QVERIFY2(made.finished && made.exitCode == 0, made.err.constData());
    m_model = m_dir.filePath("model.html");
    const Run model = runCli({"html", m_modelSession, "--out", m_model});
    QVERIFY2(model.finished && model.exitCode == 0, model.err.constData());
    QVERIFY2(model.err.isEmpty(), model.err.constData());

    QElapsedTimer clock;
    clock.start();
    m_visit =
        visit({m_worked, guarded, unguarded, m_sixtyFour, m_model}, m_dir.filePath("browser"));
    QVERIFY2(m_visit.error.isEmpty(), qPrintable(m_visit.error));
    m_workedPage = m_visit.pages.value("worked.html");
    m_guardedPage = m_visit.pages.value("guarded.html");
    m_sixtyFourPage = m_visit.pages.value("sixty-four.html");
    m_modelPage = m_visit.pages.value("model.html");
    QVERIFY(m_visit.pages.contains("unguarded.html"));
    qInfo("five pages in Chromium: %lld ms", qlonglong(clock.elapsed()));
}

// At most 1 MB for the worked example, 5 MB for 64 tokens of four heads (every cell's
// derivation is in the page, deflated). Self-contained: no script, style, image or frame from
// anywhere else.
void TestHtmlPage::sizes() {
    const qint64 worked = QFileInfo(m_worked).size(), sixtyFour = QFileInfo(m_sixtyFour).size(),
                 model = QFileInfo(m_model).size();
    qInfo("worked example: %lld bytes; 64 tokens, 4 heads: %lld bytes; the built-in model's "
          "session: %lld bytes",
          worked, sixtyFour, model);
    QVERIFY2(worked > 0 && worked <= 1024 * 1024, QByteArray::number(worked).constData());
    QVERIFY2(sixtyFour > 0 && sixtyFour <= 5 * 1024 * 1024,
             QByteArray::number(sixtyFour).constData());
    for (const QString &page : {m_worked, m_sixtyFour, m_model}) {
        const QString html = QString::fromUtf8(readAll(page));
        static const QRegularExpression external(
            QStringLiteral("(src|href)\\s*=|@import|url\\(|<link|<iframe"));
        QVERIFY2(!html.contains(external), qPrintable(external.match(html).captured(0)));
        QVERIFY(html.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    }
}

// The worked example, the page a class opens first: its weights drawn, a hover's derivation the
// tooltip's, a click's combination, the layout toggle and the lesson's steps.
void TestHtmlPage::workedExampleInChromium() {
    QVERIFY2(!m_workedPage.isEmpty(), "the worked example's page posted no selftest");
    const QJsonObject &r = m_workedPage;
    const attn::AttentionInputs inputs = attn::loadSessionFile(kWorkedExample).inputs;
    const attn::AttentionResult result = attn::compute(inputs, attn::Layout::Rows);
    // The weights' numbers, every one, in the heatmap's cells (three decimals, row by row).
    const attn::Matrix w = attn::stageMatrix(inputs, result, {attn::Stage::Weights, 0});
    QStringList expected;
    for (Eigen::Index i = 0; i < w.rows(); ++i)
        for (Eigen::Index j = 0; j < w.cols(); ++j)
            expected << QString::number(w(i, j), 'f', 3);
    QCOMPARE(strings(r["weightsText"]), expected);

    // A hover over weight (0, 1), then score (0, 1), then in the column layout weight (1, 0)
    // (query 0, key 1 again): the app's tooltips, word for word.
    const QString hover = text(r["hover"].toString());
    QVERIFY2(!hover.isEmpty(), "the hover showed nothing");
    QCOMPARE(hover, text(tooltip(inputs, attn::Stage::Weights, 0, 1)));
    QCOMPARE(text(r["hoverScore"].toString()), text(tooltip(inputs, attn::Stage::Scores, 0, 1)));
    QCOMPARE(r["layoutAfterToggle"].toString(), QStringLiteral("columns"));
    QCOMPARE(text(r["hoverColumns"].toString()),
             text(tooltip(inputs, attn::Stage::Weights, 0, 1, attn::Layout::Columns)));
    QVERIFY(text(r["hoverColumns"].toString()) != hover); // a_{key,query}, down a column

    // A click on query 1's row: its output as a combination of V's rows, with its weights and
    // the output's numbers.
    const QString combination = r["combination"].toString();
    QVERIFY2(combination.contains("convex combination of V"), qPrintable(combination));
    QVERIFY2(combination.contains(QString::fromUtf8("Query \u201c") +
                                  QString::fromStdString(inputs.tokens[1])),
             qPrintable(combination));
    for (Eigen::Index j = 0; j < w.cols(); ++j)
        QVERIFY2(combination.contains(QString::number(w(1, j), 'f', 3)), qPrintable(combination));
    const attn::Matrix o = attn::stageMatrix(inputs, result, {attn::Stage::HeadOutput, 0});
    for (Eigen::Index j = 0; j < o.cols(); ++j)
        QVERIFY2(combination.contains(
                     attn::notation::cell(o(1, j)).replace(QChar(0x2212), QChar('-'))) ||
                     combination.contains(attn::notation::cell(o(1, j))),
                 qPrintable(attn::notation::cell(o(1, j)) + " in " + combination));

    // The lesson: Next goes on a step, Previous comes back.
    QVERIFY(r["steps"].toInt() > 2);
    const QStringList titles = strings(r["stepTitles"]);
    QCOMPARE(titles.size(), 3);
    QVERIFY(titles[0] != titles[1]);
    QCOMPARE(titles[2], titles[0]);
    QCOMPARE(r["overviewTiles"].toInt(), 0); // not taken from a model

    // Nothing was fetched, nothing was blocked.
    QCOMPARE(strings(r["blocked"]), QStringList());
    QCOMPARE(strings(r["resources"]), QStringList());
}

// The checks that say "no request" catch one: the page with an image from a server is stopped by
// its policy (the page sees the violation, the net log no request); without the policy the net
// log shows the request.
void TestHtmlPage::noRequestLeavesThePage() {
    QVERIFY2(strings(m_guardedPage["blocked"]).join(' ').contains("127.0.0.1:9"),
             qPrintable(strings(m_guardedPage["blocked"]).join(' ')));
    // Of the five pages only the one without its policy asked for anything.
    QCOMPARE(m_visit.urls, QStringList{"http://127.0.0.1:9/unguarded-probe.png"});
}

// 64 tokens: the browser inflates the derivations (a hover shows the tooltip's text) and draws
// every weight.
void TestHtmlPage::sixtyFourTokensInChromium() {
    const QJsonObject &r = m_sixtyFourPage;
    QVERIFY2(!r.isEmpty(), "the 64 tokens' page posted no selftest");
    QCOMPARE(text(r["hover"].toString()),
             text(tooltip(m_sixtyFourInputs, attn::Stage::Weights, 0, 1)));
    QCOMPARE(strings(r["weightsText"]).size(), 64 * 64);
    QVERIFY(r["combination"].toString().contains("convex combination"));
    QCOMPARE(strings(r["blocked"]), QStringList());
}

// A session taken from the built-in model: the page draws every head of every layer, the one
// taken apart outlined.
void TestHtmlPage::modelSessionHasTheOverview() {
    const attn::Session s = attn::loadSessionFile(m_modelSession);
    const attn::PageOverview overview = attn::modelOverview(s.model, s.inputs.tokens);
    QVERIFY(!overview.weights.empty());
    const int tiles = int(overview.weights.size() * overview.weights[0].size());
    QVERIFY(tiles > 1);
    QCOMPARE(overview.layer, 1);
    QCOMPARE(overview.head, 0);
    QCOMPARE(overview.tokens.size(), s.inputs.tokens.size());
    QVERIFY2(!m_modelPage.isEmpty(), "the model session's page posted no selftest");
    QCOMPARE(m_modelPage["overviewTiles"].toInt(), tiles);
    QCOMPARE(m_modelPage["overviewTaken"].toInt(), 1);
    QCOMPARE(strings(m_modelPage["blocked"]), QStringList());
}

// A model member with the text and no ids (a session the window wrote before it kept ids): the
// tokens come from the model's tokenizer, the same overview.
void TestHtmlPage::modelMemberWithTextOnly() {
    const attn::Session s = attn::loadSessionFile(m_modelSession);
    QJsonObject model = s.model;
    QVERIFY(model.contains("ids") && model.contains("text"));
    const attn::PageOverview withIds = attn::modelOverview(model, s.inputs.tokens);
    model.remove("ids");
    const attn::PageOverview fromText = attn::modelOverview(model, s.inputs.tokens);
    QCOMPARE(fromText.tokens, withIds.tokens);
    QCOMPARE(fromText.weights.size(), withIds.weights.size());
    QCOMPARE(fromText.weights[1][0], withIds.weights[1][0]);
    // Ids that are not token ids: refused, naming the folder.
    model["ids"] = QJsonArray{1, -2};
    QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::modelOverview(model, s.inputs.tokens));
}

// The model's folder gone: the page is still written, without the overview, and says why.
void TestHtmlPage::modelFolderGone() {
    QJsonObject root = QJsonDocument::fromJson(readAll(m_modelSession)).object();
    QJsonObject model = root["model"].toObject();
    model["folder"] = m_dir.filePath("no-such-model");
    root["model"] = model;
    const QString moved = m_dir.filePath("moved.attnviz"), page = m_dir.filePath("moved.html");
    writeFile(moved, QJsonDocument(root).toJson());
    const Run run = runCli({"html", moved, "--out", page});
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.contains("no-such-model") && run.err.contains("overview"),
             run.err.constData());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY(QFile::exists(page));
    QVERIFY(!readAll(page).contains("\"overview\":{"));
    QVERIFY(readAll(m_model).contains("\"overview\":{"));
}

// Too many tokens, no --out, a broken session: a one-line message, exit 1 or 2, no file.
void TestHtmlPage::refusesWhatItCannotShow() {
    QTemporaryDir dir;
    attn::AttentionInputs inputs = randomExample(3, int(attn::kMaxPageTokens) + 1, 4, 2, 2);
    const QString big = dir.filePath("big.attnviz");
    writeFile(big, attn::sessionToJson(inputs, {}));
    const QString page = dir.filePath("big.html");
    const Run run = runCli({"html", big, "--out", page});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("at most 128"), run.err.constData());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY(!QFile::exists(page));

    const Run noOut = runCli({"html", kWorkedExample});
    QCOMPARE(noOut.exitCode, 2);
    QVERIFY2(noOut.err.contains("--out"), noOut.err.constData());

    const QString broken = dir.filePath("broken.attnviz");
    writeFile(broken, "{\"inputs\": {\"X\": [[1, 2], [3]]}}");
    const Run bad = runCli({"html", broken, "--out", page});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("broken.attnviz"), bad.err.constData());
    QVERIFY(!QFile::exists(page));

    // "--out -": the page on standard output, the same bytes as the file.
    const QString file = dir.filePath("worked.html");
    QCOMPARE(runCli({"html", kWorkedExample, "--out", file}).exitCode, 0);
    const Run piped = runCli({"html", kWorkedExample, "--out", "-"});
    QCOMPARE(piped.exitCode, 0);
    QCOMPARE(piped.out, readAll(file));
}

QTEST_GUILESS_MAIN(TestHtmlPage)
#include "test_html_page.moc"
