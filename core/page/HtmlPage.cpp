// SPDX-License-Identifier: GPL-3.0-or-later
#include "HtmlPage.h"

#include "Attention.h"
#include "Formula.h"
#include "HtmlPageTemplate.h"
#include "InputError.h"
#include "Limits.h"
#include "checkpoint/Checkpoint.h"
#include "headreadings/Derivation.h"
#include "headreadings/ExplainText.h"
#include "headreadings/TokenLabels.h"
#include "io/Session.h"
#include "lessons/LessonScript.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/Run.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>

namespace attn {

namespace {

// The stages the page draws, in the order of the computation. The inputs' weights (Wq, Wk,
// Wv, Wo) stay in the app: the page is about what attention does with them.
constexpr Stage kPageStages[] = {Stage::X,       Stage::Context,    Stage::Q,      Stage::K,
                                 Stage::V,       Stage::Scores,     Stage::Capped, Stage::Logits,
                                 Stage::Weights, Stage::HeadOutput, Stage::Concat, Stage::Final};

// What a stage's rows and columns are, for the labels beside them.
QString rowKind(Stage stage) {
    switch (stage) {
    case Stage::Context:
    case Stage::K:
    case Stage::V:
        return QStringLiteral("keys");
    default:
        return QStringLiteral("queries");
    }
}

QString columnKind(Stage stage) {
    switch (stage) {
    case Stage::Scores:
    case Stage::Capped:
    case Stage::Logits:
    case Stage::Weights:
        return QStringLiteral("keys");
    default:
        return QStringLiteral("features");
    }
}

// Numbers as JSON: 7 significant digits are more than a page shows and keep 64 tokens small;
// −∞ (a masked logit) has no JSON number and is written null.
QJsonArray matrixJson(const Matrix &m) {
    QJsonArray rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            const double v = m(i, j);
            if (std::isfinite(v))
                row.append(QString::number(v, 'g', 7).toDouble());
            else
                row.append(QJsonValue::Null);
        }
        rows.append(row);
    }
    return rows;
}

// The app's tooltip asks the reader to click a logit to mask it; on the page a click shows the
// query's combination instead, so that hint is left out (the rest is the tooltip's text).
QString withoutAppHints(QString html) {
    static const QRegularExpression hint(QStringLiteral("<br><i>click to [^<]*</i>"));
    return html.remove(hint);
}

// Every cell's derivation of a stage, row-major in the row layout's indices.
QJsonArray tipsOf(const derivation::Context &c, Stage stage, Eigen::Index rows, Eigen::Index cols) {
    QJsonArray tips;
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j)
            tips.append(withoutAppHints(derivation::ofStage(c, stage, int(i), int(j))));
    return tips;
}

// zlib's format, which the browser's DecompressionStream("deflate") reads; the derivations of
// 64 tokens are 10 MB of text that repeats itself, 1 MB deflated.
QByteArray deflated(const QByteArray &bytes) {
    uLongf size = compressBound(uLong(bytes.size()));
    QByteArray out(qsizetype(size), Qt::Uninitialized);
    if (compress2(reinterpret_cast<Bytef *>(out.data()), &size,
                  reinterpret_cast<const Bytef *>(bytes.constData()), uLong(bytes.size()),
                  Z_BEST_COMPRESSION) != Z_OK)
        throw InputError(QStringLiteral("the page's data could not be compressed"));
    out.truncate(qsizetype(size));
    return out;
}

// JSON inside <script>: "</" would end the element early (a token may be "</script>").
QByteArray scriptSafe(QByteArray json) {
    return json.replace("</", "<\\/").replace("<!--", "<\\!--");
}

// The template with its markers replaced in one pass, so a marker inside a replacement (a token
// named "@DATA@") stays text.
QByteArray filled(const char *templateText,
                  std::initializer_list<std::pair<const char *, QByteArray>> values) {
    const QByteArray text(templateText);
    QByteArray out;
    qsizetype at = 0;
    while (at < text.size()) {
        const qsizetype marker = text.indexOf('@', at);
        if (marker < 0)
            break;
        bool replaced = false;
        for (const auto &[name, value] : values) {
            if (text.sliced(marker).startsWith(name)) {
                out += text.sliced(at, marker - at) + value;
                at = marker + qsizetype(qstrlen(name));
                replaced = true;
                break;
            }
        }
        if (!replaced) {
            out += text.sliced(at, marker + 1 - at);
            at = marker + 1;
        }
    }
    return out + text.sliced(std::min(at, text.size()));
}

QString layoutName(Layout layout) {
    return layout == Layout::Rows ? QStringLiteral("rows") : QStringLiteral("columns");
}

QJsonArray labelsJson(const QStringList &labels) {
    QJsonArray array;
    for (const QString &label : labels)
        array.append(label);
    return array;
}

QJsonObject overviewJson(const PageOverview &overview) {
    QJsonObject o;
    o["model"] = overview.model;
    o["tokens"] = labelsJson(tokenLabels(overview.tokens));
    o["layer"] = overview.layer;
    o["head"] = overview.head;
    // One byte per weight, base64: the small heatmaps show shades, not digits.
    QJsonArray layers;
    for (const std::vector<Matrix> &heads : overview.weights) {
        QJsonArray row;
        for (const Matrix &w : heads) {
            QByteArray bytes(qsizetype(w.size()), Qt::Uninitialized);
            for (Eigen::Index i = 0; i < w.rows(); ++i)
                for (Eigen::Index j = 0; j < w.cols(); ++j)
                    bytes[qsizetype(i * w.cols() + j)] =
                        char(std::lround(std::clamp(w(i, j), 0.0, 1.0) * 255.0));
            row.append(QString::fromLatin1(bytes.toBase64()));
        }
        layers.append(row);
    }
    o["weights"] = layers;
    return o;
}

} // namespace

PageOverview pageOverview(const Run &run, const std::vector<std::string> &labels, int layer,
                          int head) {
    PageOverview overview;
    const std::int64_t n = std::int64_t(run.ids.size());
    std::int64_t values = 0;
    for (const LayerRun &l : run.layers)
        values = saturatingProduct(values + std::int64_t(l.heads.size()), 1);
    if (saturatingProduct(values, saturatingProduct(n, n)) > kMaxPageOverviewValues)
        throw InputError(QStringLiteral("the model's overview is too large for a page: %1 heads "
                                        "of %2 tokens (at most %3 weights)")
                             .arg(values)
                             .arg(n)
                             .arg(kMaxPageOverviewValues));
    overview.tokens = labels;
    overview.tokens.resize(size_t(n));
    for (size_t i = labels.size(); i < size_t(n); ++i)
        overview.tokens[i] = "id " + std::to_string(run.ids[i]);
    for (const LayerRun &l : run.layers) {
        std::vector<Matrix> heads;
        for (const HeadRun &h : l.heads)
            heads.push_back(h.weights);
        overview.weights.push_back(std::move(heads));
    }
    overview.layer = layer;
    overview.head = head;
    return overview;
}

QByteArray htmlPage(const AttentionInputs &inputs, const PageOptions &options) {
    if (inputs.queryCount() > kMaxPageTokens || inputs.keyCount() > kMaxPageTokens)
        throw InputError(QStringLiteral("%1 tokens are too many for a page (at most %2): its "
                                        "derivations would make it too large to open")
                             .arg(std::max(inputs.queryCount(), inputs.keyCount()))
                             .arg(kMaxPageTokens));
    const AttentionResult result = compute(inputs, Layout::Rows);
    const int headCount = int(inputs.heads.size());
    const int head = std::clamp(options.head, 0, std::max(headCount - 1, 0));
    const int query =
        std::clamp(options.query, 0, int(std::max<Eigen::Index>(inputs.queryCount() - 1, 0)));
    const QStringList queries = tokenLabels(inputs.tokens);
    const QStringList keys = tokenLabels(inputs.sourceTokens());
    const FormulaContext formulas = formulaContext(inputs);

    QJsonObject data;
    data["title"] = options.title;
    data["layout"] = layoutName(options.layout);
    data["heads"] = headCount;
    data["head"] = head;
    data["query"] = query;
    data["queries"] = labelsJson(queries);
    data["keys"] = labelsJson(keys);
    data["attention"] = attentionFormula(Layout::Rows);
    data["attentionColumns"] = attentionFormula(Layout::Columns);

    // The stages: names, titles in both layouts, what rows and columns are, and the matrices
    // (row layout) of each head.
    QJsonArray stages;
    QJsonObject tips; // "weights/0" → [row-major texts]
    for (Stage stage : kPageStages) {
        if (!hasStage(inputs, stage) && stage != Stage::Wo)
            continue;
        if (stage == Stage::Concat && headCount < 2)
            continue;
        const StageInfo &info = stageInfo(stage);
        QJsonObject s;
        s["name"] = QString::fromLatin1(info.name);
        s["titleRows"] = stageFormula(stage, Layout::Rows, formulas);
        s["titleColumns"] = stageFormula(stage, Layout::Columns, formulas);
        s["perHead"] = info.perHead;
        s["input"] = info.input;
        s["rows"] = rowKind(stage);
        s["columns"] = columnKind(stage);
        QJsonArray matrices;
        for (int h = 0; h < (info.perHead ? headCount : 1); ++h) {
            const Matrix m = stageMatrix(inputs, result, {stage, h});
            matrices.append(matrixJson(m));
            if (info.input)
                continue;
            derivation::Context c{&inputs, &result, h, queries, keys, Layout::Rows};
            const QString key = QString::fromLatin1(info.name) + "/" + QString::number(h);
            tips[key] = tipsOf(c, stage, m.rows(), m.cols());
            if (stage == Stage::Weights) {
                // The column layout writes a weight a_{key,query} and softmaxes down a column.
                c.layout = Layout::Columns;
                tips[key + "/columns"] = tipsOf(c, stage, m.rows(), m.cols());
            }
        }
        s["matrices"] = matrices;
        stages.append(s);
    }
    data["stages"] = stages;

    // A query's output as a combination of V's rows: ExplainText's table, as `explain --view
    // row` prints it, for every query of every head.
    QJsonObject combinations;
    for (int h = 0; h < headCount; ++h) {
        QJsonArray rows;
        for (Eigen::Index i = 0; i < inputs.queryCount(); ++i) {
            ExplainRequest request;
            request.product = ExplainProduct::Output;
            request.view = ExplainView::Row;
            request.head = h;
            request.row = i;
            rows.append(QString::fromStdString(explainText(inputs, result, request)));
        }
        combinations[QString::number(h)] = rows;
    }

    // The lesson, on the example query of the head shown first.
    QJsonArray steps;
    for (const LessonStep &step : lessonSteps(inputs, result, query, head)) {
        QJsonObject s;
        s["title"] = step.title;
        s["html"] = step.html;
        QJsonArray emphasis;
        for (Stage stage : step.emphasis)
            emphasis.append(QString::fromLatin1(stageInfo(stage).name));
        s["emphasis"] = emphasis;
        s["layout"] = layoutName(step.layout);
        s["combination"] = step.combination;
        steps.append(s);
    }
    data["lesson"] = steps;
    if (options.overview)
        data["overview"] = overviewJson(*options.overview);

    const QByteArray packed =
        deflated(QJsonDocument(QJsonObject{{"tips", tips}, {"combinations", combinations}})
                     .toJson(QJsonDocument::Compact))
            .toBase64();

    const QByteArray title =
        (options.title.isEmpty() ? QStringLiteral("attnviz") : options.title.toHtmlEscaped())
            .toUtf8();
    return filled(kHtmlPageTemplate,
                  {{"@TITLE@", title},
                   {"@DATA@", scriptSafe(QJsonDocument(data).toJson(QJsonDocument::Compact))},
                   {"@PACKED@", packed}});
}

PageOverview modelOverview(const QJsonObject &model, const std::vector<std::string> &labels) {
    const QString folder = model.value("folder").toString();
    if (folder.isEmpty())
        throw InputError(QStringLiteral("the session's model member names no folder"));
    if (!QFileInfo(folder).isDir())
        throw InputError(folder + QStringLiteral(": the model of this session is not there"));
    try {
        std::vector<std::int64_t> ids;
        if (model.value("ids").isArray()) {
            const QJsonArray array = model.value("ids").toArray();
            if (array.size() > kMaxPageTokens)
                throw InputError(QStringLiteral("%1 tokens are too many for a page (at most %2)")
                                     .arg(array.size())
                                     .arg(kMaxPageTokens));
            for (const QJsonValue &v : array) {
                if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != std::floor(v.toDouble()))
                    throw InputError(QStringLiteral("the model member's ids are not token ids"));
                ids.push_back(std::int64_t(v.toDouble()));
            }
        } else {
            for (const Token &token : loadTokenizer(folder)->encode(model.value("text").toString()))
                ids.push_back(token.id);
        }
        if (ids.empty())
            throw InputError(QStringLiteral("the model member has no tokens"));
        if (std::int64_t(ids.size()) > kMaxPageTokens)
            throw InputError(QStringLiteral("%1 tokens are too many for a page (at most %2)")
                                 .arg(ids.size())
                                 .arg(kMaxPageTokens));
        const std::shared_ptr<const Checkpoint> checkpoint = Checkpoint::open(folder);
        const RunPtr run = runModel(*checkpoint, ids);
        PageOverview overview = pageOverview(*run, labels, model.value("layer").toInt(-1),
                                             model.value("head").toInt(-1));
        overview.model = QDir(folder).dirName();
        return overview;
    } catch (const InputError &e) {
        const QString what = QString::fromUtf8(e.what());
        throw InputError(what.startsWith(folder) ? what : folder + ": " + what);
    }
}

QByteArray sessionPage(const Session &session, const QString &title, QString *note) {
    PageOptions options;
    options.title = title;
    options.layout = session.view.value("layout").toString() == QLatin1String("columns")
                         ? Layout::Columns
                         : Layout::Rows;
    options.head = session.view.value("head").toInt(0);
    options.query = std::max(session.view.value("row").toInt(0), 0);
    if (!session.model.isEmpty()) {
        try {
            options.overview = modelOverview(session.model, session.inputs.tokens);
        } catch (const InputError &e) {
            if (note)
                *note = QStringLiteral("the page has no overview of the model: ") +
                        QString::fromUtf8(e.what());
        }
    }
    return htmlPage(session.inputs, options);
}

} // namespace attn
