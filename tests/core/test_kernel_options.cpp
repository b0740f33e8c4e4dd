// SPDX-License-Identifier: GPL-3.0-or-later
// Heads that share keys and values (kv_group), the sliding window, ALiBi and decoding with a KV
// cache: each checked against an independent computation written here (separate heads with
// identical Wk/Wv, loops over i and j, the full causal result), in the core and the session.

#include "InputError.h"
#include "Limits.h"
#include "Masks.h"
#include "io/Session.h"
#include "kernels/KvCache.h"
#include "kernels/OnlineSoftmax.h"
#include "support/KernelSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using namespace testsupport;

namespace {

// H heads where heads g·size … g·size + size − 1 share the Wk and Wv of the group's first head.
AttentionInputs grouped(AttentionInputs in, int groupSize, bool markGroups) {
    for (size_t h = 0; h < in.heads.size(); ++h) {
        const size_t first = h - h % size_t(groupSize);
        in.heads[h].Wk = in.heads[first].Wk;
        in.heads[h].Wv = in.heads[first].Wv;
        in.heads[h].kvGroup = markGroups ? int(h / size_t(groupSize)) : -1;
    }
    return in;
}

// The "inputs" object as a saved session holds it.
QJsonObject inputsToJson(const AttentionInputs &in) {
    return QJsonDocument::fromJson(sessionToJson(in, {})).object()["inputs"].toObject();
}

const KernelShape kShapes[] = {
    //  n  m  p dk dv H cross causal mask row
    {6, 6, 5, 3, 2, 4, false, true, 0.0, -1},
    {5, 7, 4, 2, 3, 4, true, false, 0.2, 1},
    {9, 9, 6, 4, 4, 6, false, false, 0.1, -1},
};

} // namespace

Q_DECLARE_METATYPE(AttentionInputs)

class TestKernelOptions : public QObject {
    Q_OBJECT

private slots:
    void groupedHeadsEqualSeparateHeads_data() {
        QTest::addColumn<AttentionInputs>("inputs");
        QTest::addColumn<int>("groupSize");
        unsigned seed = 40;
        for (const KernelShape &s : kShapes)
            for (int size : {1, 2, s.heads}) { // every head its own, pairs, multi-query
                AttentionInputs inputs = randomKernelInputs(seed, s);
                QTest::newRow(qPrintable(QString("seed %1 groups of %2").arg(seed).arg(size)))
                    << inputs << size;
                // Positions enter before the sharing: the group shares the positioned (with
                // RoPE rotated) K and V, which every head of it would compute alike.
                inputs.options.positional =
                    s.dk % 2 == 0 ? Positional::Rope : Positional::Sinusoidal;
                QTest::newRow(qPrintable(QString("seed %1 groups of %2 %3")
                                             .arg(seed)
                                             .arg(size)
                                             .arg(positionalName(inputs.options.positional))))
                    << inputs << size;
                ++seed;
            }
    }
    void groupedHeadsEqualSeparateHeads() {
        QFETCH(AttentionInputs, inputs);
        QFETCH(int, groupSize);
        const AttentionInputs separate = grouped(inputs, groupSize, false);
        const AttentionInputs shared = grouped(inputs, groupSize, true);
        for (Layout layout : {Layout::Rows, Layout::Columns}) {
            const AttentionResult a = compute(separate, layout), b = compute(shared, layout);
            for (size_t h = 0; h < a.heads.size(); ++h) {
                COMPARE_BITS(b.heads[h].K, a.heads[h].K);
                COMPARE_BITS(b.heads[h].V, a.heads[h].V);
                COMPARE_BITS(b.heads[h].output, a.heads[h].output);
                QCOMPARE(kvSource(shared, h), h - h % size_t(groupSize));
            }
            COMPARE_BITS(b.output(), a.output());
        }
        // The session writes a group's Wk and Wv once and reads them back for every head.
        const QJsonObject json = inputsToJson(shared);
        const QJsonArray heads = json["heads"].toArray();
        for (qsizetype h = 0; h < heads.size(); ++h) {
            QCOMPARE(heads[h].toObject().contains("Wk"), h % groupSize == 0 || groupSize == 1);
            QCOMPARE(heads[h]["kv_group"].toInt(-1), shared.heads[size_t(h)].kvGroup);
        }
        QVERIFY(inputsFromJson(json) == shared);
    }

    void groupsMustShareTheirMatrices() {
        AttentionInputs in = grouped(randomKernelInputs(3, kShapes[0]), 2, true);
        in.heads[1].Wv(0, 0) += 1;
        try {
            validate(in);
            QFAIL("a group with different Wv was accepted");
        } catch (const InputError &e) {
            QCOMPARE(QString(e.what()), QString("heads 0 and 1 share key/value group 0 but their "
                                                "Wv differ: the heads of a group share one Wk "
                                                "and Wv"));
        }
        QJsonObject json = inputsToJson(grouped(randomKernelInputs(3, kShapes[0]), 2, true));
        QJsonArray heads = json["heads"].toArray();
        QJsonObject first = heads[0].toObject();
        first["kv_group"] = -2;
        heads[0] = first;
        json["heads"] = heads;
        QVERIFY_THROWS_EXCEPTION(InputError, inputsFromJson(json));
        // A head without Wk and no group to take it from.
        QJsonObject lone = heads[1].toObject();
        lone.remove("kv_group");
        heads = json["heads"].toArray();
        heads[1] = lone;
        heads[0] = inputsToJson(randomKernelInputs(3, kShapes[0]))["heads"][0];
        json["heads"] = heads;
        QVERIFY_THROWS_EXCEPTION(InputError, inputsFromJson(json));
    }

    void slidingWindow_data() {
        QTest::addColumn<int>("window");
        QTest::addColumn<bool>("self");
        QTest::addColumn<int>("global");
        QTest::addColumn<QString>("expected"); // rows of the 5×5 mask, 1 = masked
        QTest::newRow("w1 self") << 1 << true << 0 << "01111 00111 10011 11001 11100";
        QTest::newRow("w2 self") << 2 << true << 0 << "01111 00111 00011 10001 11000";
        QTest::newRow("w2 not self") << 2 << false << 0 << "11111 01111 00111 10011 11001";
        QTest::newRow("w1 global 1") << 1 << true << 1 << "00000 00111 00011 01001 01100";
        QTest::newRow("w9") << 9 << true << 0 << "01111 00111 00011 00001 00000";
    }
    void slidingWindow() {
        QFETCH(int, window);
        QFETCH(bool, self);
        QFETCH(int, global);
        QFETCH(QString, expected);
        AttentionOptions o;
        o.window = window;
        o.windowSelf = self;
        o.globalTokens = global;
        const Mask mask = slidingWindowMask(o, 5, 5);
        QString text;
        for (int i = 0; i < 5; ++i) {
            for (int j = 0; j < 5; ++j)
                text += mask(i, j) ? '1' : '0';
            text += i < 4 ? " " : "";
        }
        QCOMPARE(text, expected);
        QCOMPARE(slidingWindowMask(AttentionOptions{}, 5, 5).size(), Eigen::Index(0));
    }

    void alibiSlopesAreTheStandardOnes() {
        const std::vector<double> eight = alibiSlopes(AttentionOptions{}, 8);
        for (size_t h = 0; h < 8; ++h)
            QCOMPARE(eight[h], std::pow(0.5, double(h + 1))); // 2^(−8h/8), h = 1..8
        QCOMPARE(alibiSlopes(AttentionOptions{}, 1).front(), 1.0 / 256);
        AttentionOptions o;
        o.alibiSlopes = {0.25, 3};
        QCOMPARE(alibiSlopes(o, 2), o.alibiSlopes);
        const Matrix bias = alibiBias(0.5, 2, 3);
        QCOMPARE(bias(0, 0), 0.0);
        QCOMPARE(bias(1, 0), -0.5);
        QCOMPARE(bias(0, 2), 1.0);
    }

    // Logits = scores × factor + slope_h·(j − i), window cells −∞: written out entry by entry.
    void windowAndAlibiInTheLogits_data() {
        QTest::addColumn<AttentionInputs>("inputs");
        unsigned seed = 60;
        for (const KernelShape &s : kShapes) {
            AttentionInputs in = randomKernelInputs(seed++, s);
            in.options.window = 2;
            in.options.globalTokens = 1;
            in.options.alibi = true;
            QTest::newRow(qPrintable(QString("seed %1").arg(seed))) << in;
            in.options.windowSelf = false;
            in.options.alibiSlopes.assign(in.heads.size(), -0.3);
            QTest::newRow(qPrintable(QString("seed %1 own slopes").arg(seed))) << in;
        }
    }
    void windowAndAlibiInTheLogits() {
        QFETCH(AttentionInputs, inputs);
        const AttentionResult r = compute(inputs);
        const Mask window =
            slidingWindowMask(inputs.options, inputs.queryCount(), inputs.keyCount());
        const std::vector<double> slopes = alibiSlopes(inputs.options, inputs.heads.size());
        for (size_t h = 0; h < r.heads.size(); ++h) {
            const HeadResult &head = r.heads[h];
            const double factor = 1 / std::sqrt(double(head.Q.cols()));
            for (Eigen::Index i = 0; i < head.logits().rows(); ++i)
                for (Eigen::Index j = 0; j < head.logits().cols(); ++j) {
                    const bool masked = window(i, j) || (inputs.mask.size() && inputs.mask(i, j)) ||
                                        (inputs.options.causal && j > i);
                    const double expected =
                        masked ? -std::numeric_limits<double>::infinity()
                               : head.scores(i, j) * factor + slopes[h] * double(j - i);
                    QVERIFY2(close(head.logits(i, j), expected, 1e-12),
                             qPrintable(QString("head %1 [%2,%3]").arg(h).arg(i).arg(j)));
                }
            // The kernels read the same bias and mask: the online walk and the tiles agree.
            const HeadKernelInputs k = headKernelInputs(inputs, r, Eigen::Index(h));
            COMPARE_MATRIX_TOL(tiledAttention(k, 2, 3).output, head.output, 1e-12);
            for (Eigen::Index i = 0; i < head.output.rows(); ++i)
                COMPARE_MATRIX_TOL(Matrix(onlineSoftmaxRow(k, i, 2).output),
                                   Matrix(head.output.row(i)), 1e-12);
        }
        // The column layout is the transpose, bias included.
        const AttentionResult c = compute(inputs, Layout::Columns);
        COMPARE_MATRIX_TOL(Matrix(c.heads[0].logits().transpose()), r.heads[0].logits(), 1e-12);
        // The session keeps the options.
        QVERIFY(inputsFromJson(inputsToJson(inputs)) == inputs);
    }

    void optionsAreValidated() {
        AttentionInputs in = workedExample();
        in.options.window = -1;
        QVERIFY_THROWS_EXCEPTION(InputError, validate(in));
        in.options.window = 1;
        in.options.globalTokens = -1;
        QVERIFY_THROWS_EXCEPTION(InputError, validate(in));
        in.options.globalTokens = 0;
        in.options.alibiSlopes = {1, 2};
        QVERIFY_THROWS_EXCEPTION(InputError, validate(in));
        in.options.alibiSlopes = {std::nan("")};
        QVERIFY_THROWS_EXCEPTION(InputError, validate(in));
        in.options.alibiSlopes = {0.5};
        validate(in);
    }

    // The bounds of Limits.h for the kernel options, in the core and in a session file.
    void kernelLimits_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("value");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("window at the limit") << QString("window") << int(kMaxWindow) << true;
        QTest::newRow("window past it") << QString("window") << int(kMaxWindow) + 1 << false;
        QTest::newRow("global tokens at the limit")
            << QString("global_tokens") << int(kMaxGlobalTokens) << true;
        QTest::newRow("global tokens past it")
            << QString("global_tokens") << int(kMaxGlobalTokens) + 1 << false;
        QTest::newRow("kv group at the limit") << QString("kv_group") << int(kMaxKvGroup) << true;
        QTest::newRow("kv group past it") << QString("kv_group") << int(kMaxKvGroup) + 1 << false;
        QTest::newRow("slopes at the limit")
            << QString("alibi_slopes") << int(kMaxAlibiSlopes) << true;
        QTest::newRow("slopes past it")
            << QString("alibi_slopes") << int(kMaxAlibiSlopes) + 1 << false;
    }
    void kernelLimits() {
        QFETCH(QString, key);
        QFETCH(int, value);
        QFETCH(bool, accepted);
        AttentionInputs in = workedExample();
        QJsonObject session = QJsonDocument::fromJson(sessionToJson(Session{in, {}})).object();
        QJsonObject inputs = session["inputs"].toObject();
        QJsonObject options = inputs["options"].toObject();
        if (key == "kv_group") {
            in.heads[0].kvGroup = value;
            QJsonArray heads = inputs["heads"].toArray();
            QJsonObject head = heads[0].toObject();
            head["kv_group"] = value;
            heads[0] = head;
            inputs["heads"] = heads;
        } else if (key == "alibi_slopes") {
            // A count within the limit that is not one per head is still refused by validate:
            // the limit is checked first, so only its message differs.
            in.options.alibiSlopes.assign(std::size_t(value), 0.5);
            QJsonArray slopes;
            for (int i = 0; i < value; ++i)
                slopes.append(0.5);
            options[key] = slopes;
        } else {
            (key == "window" ? in.options.window : in.options.globalTokens) = value;
            options[key] = value;
        }
        inputs["options"] = options;
        session["inputs"] = inputs;
        const QByteArray bytes = QJsonDocument(session).toJson();
        const bool slopes = key == "alibi_slopes";
        QString coreError, fileError;
        try {
            checkLimits(in);
        } catch (const InputError &e) {
            coreError = e.what();
        }
        try {
            sessionFromJson(bytes);
        } catch (const InputError &e) {
            fileError = e.what();
        }
        QCOMPARE(coreError.isEmpty(), accepted);
        if (accepted && !slopes)
            QVERIFY2(fileError.isEmpty(), qPrintable(fileError));
        if (!accepted) {
            QVERIFY2(fileError.contains("at most") || fileError.contains("numbered 0 to"),
                     qPrintable(fileError));
            QVERIFY2(fileError.contains(key), qPrintable(fileError));
        }
    }

    void kvCacheEndsAtTheCausalResult_data() {
        QTest::addColumn<AttentionInputs>("inputs");
        for (const QString &file : referenceFiles()) {
            const AttentionInputs in = loadSessionFile(file).inputs;
            if (!in.hasContext)
                QTest::newRow(qPrintable(QFileInfo(file).baseName())) << in;
        }
        unsigned seed = 80;
        for (const KernelShape &s : kShapes) {
            if (s.cross)
                continue;
            AttentionInputs in = randomKernelInputs(seed++, s);
            QTest::newRow(qPrintable(QString("seed %1").arg(seed))) << in;
            in.options.positional = Positional::Sinusoidal;
            QTest::newRow(qPrintable(QString("seed %1 sinusoidal").arg(seed))) << in;
            if (s.dk % 2 == 0) { // RoPE turns pairs of columns
                in.options.positional = Positional::Rope;
                QTest::newRow(qPrintable(QString("seed %1 rope").arg(seed))) << in;
                QTest::newRow(qPrintable(QString("seed %1 rope pairs").arg(seed)))
                    << grouped(in, 2, true);
            }
            in.options.window = 2;
            in.options.alibi = true;
            QTest::newRow(qPrintable(QString("seed %1 window alibi").arg(seed))) << in;
            if (s.dk % 2 == 0 && s.dk >= 4) { // the newer families' options, gains included
                AttentionInputs f = withFamilyOptions(in);
                QTest::newRow(qPrintable(QString("seed %1 softcap qk-norm llama3").arg(seed))) << f;
            }
        }
    }
    // Gemma's soft cap and query scale, Qwen3's QK norm with gains, Phi-3's partial RoPE with
    // Llama 3's scaled frequencies, on random inputs.
    static AttentionInputs withFamilyOptions(AttentionInputs in) {
        in.options.positional = Positional::Rope;
        in.options.rope.style = RopeStyle::HalfSplit;
        in.options.rope.rotaryDims = 2;
        in.options.rope.scaling = RopeScaling::Llama3;
        in.options.rope.originalPositions = 4;
        in.options.rope.theta = 50;
        in.options.softcap = 0.8;
        in.options.scaleDim = 3;
        in.options.qkNorm = true;
        double g = 0.5;
        for (HeadWeights &w : in.heads) {
            w.gq = Matrix::Constant(1, w.Wq.cols(), g += 0.25);
            w.gk = Matrix::Constant(1, w.Wk.cols(), g += 0.25);
        }
        shareKeyValueGroups(in);
        return in;
    }

    // The kernels' walkthroughs (online softmax, tiles) follow the soft cap like the forward
    // pass, whose capped stage is c·tanh(scaled score/c) and whose logits add the mask to it.
    void familyOptionsInTheKernels() {
        AttentionInputs in = withFamilyOptions(randomKernelInputs(7, kShapes[0]));
        in.options.causal = true;
        const AttentionResult r = compute(in);
        for (size_t h = 0; h < r.heads.size(); ++h) {
            const HeadResult &head = r.heads[h];
            const double factor = 1 / std::sqrt(3.0);
            for (Eigen::Index i = 0; i < head.Q.rows(); ++i)
                for (Eigen::Index j = 0; j < head.K.rows(); ++j) {
                    const double capped = 0.8 * std::tanh(head.scores(i, j) * factor / 0.8);
                    QVERIFY(close(head.cell(HeadResult::Derived::Capped, i, j), capped, 1e-12));
                    QVERIFY(close(head.capped()(i, j), capped, 1e-12));
                    QCOMPARE(head.logits(i, j),
                             j > i ? -std::numeric_limits<double>::infinity() : head.logits(i, j));
                    if (j <= i)
                        QVERIFY(close(head.logits(i, j), capped, 1e-12));
                }
            // Each Q row has root mean square equal to the gains' before RoPE turned it (a
            // rotation keeps the norm of the turned pair, the rest is untouched).
            const double gain = in.heads[h].gq(0, 0);
            for (Eigen::Index i = 0; i < head.Q.rows(); ++i)
                QVERIFY(close(head.Q.row(i).norm() / std::sqrt(double(head.Q.cols())), gain, 1e-3));
            const HeadKernelInputs k = headKernelInputs(in, r, Eigen::Index(h));
            COMPARE_MATRIX_TOL(tiledAttention(k, 2, 3).output, head.output, 1e-12);
            for (Eigen::Index i = 0; i < head.output.rows(); ++i)
                COMPARE_MATRIX_TOL(Matrix(onlineSoftmaxRow(k, i, 2).output),
                                   Matrix(head.output.row(i)), 1e-12);
        }
        QVERIFY(inputsFromJson(inputsToJson(in)) == in);
    }

    void kvCacheEndsAtTheCausalResult() {
        QFETCH(AttentionInputs, inputs);
        const AttentionResult full = compute(causalInputs(inputs));
        const Eigen::Index n = inputs.queryCount();
        for (Eigen::Index h = 0; h < Eigen::Index(full.heads.size()); ++h) {
            const KvCacheState state = kvCacheDecode(inputs, h, n);
            const HeadResult &head = full.heads[size_t(h)];
            COMPARE_MATRIX_TOL(state.K, head.K, 1e-12);
            COMPARE_MATRIX_TOL(state.V, head.V, 1e-12);
            COMPARE_MATRIX_TOL(state.outputs, head.output, 1e-12);
            QCOMPARE(Eigen::Index(state.steps.size()), n);
            const KvCacheStep &last = state.steps.back();
            COMPARE_MATRIX_TOL(Matrix(last.weights), Matrix(head.weights().row(n - 1)), 1e-12);
            // Midway, the cache holds exactly the first tokens' rows.
            const KvCacheState half = kvCacheDecode(inputs, h, n / 2);
            QCOMPARE(half.K.rows(), n / 2);
            COMPARE_MATRIX_TOL(half.outputs, Matrix(head.output.topRows(n / 2)), 1e-12);
        }
    }

    void kvCacheCosts() {
        const AttentionInputs in = workedExample(); // p = 4, d_k = d_v = 3
        const KvCacheState state = kvCacheDecode(in, 0, 4);
        // Step t: one token's q, k, v (4·9 = 36) and t + 1 keys' scores and values (6 each).
        const long long step[] = {42, 48, 54, 60};
        const long long full[] = {42, 96, 162, 240};
        for (int t = 0; t < 4; ++t) {
            QCOMPARE(state.steps[size_t(t)].stepCost, step[t]);
            QCOMPARE(state.steps[size_t(t)].fullCost, full[t]);
        }
        QCOMPARE(state.totalStepCost(), 204LL);
        QCOMPARE(state.totalFullCost(), 540LL);
        QCOMPARE(kvCacheDecode(in, 0, 0).K.rows(), Eigen::Index(0));
        QVERIFY_THROWS_EXCEPTION(InputError, kvCacheDecode(in, 1, 1));
        QVERIFY_THROWS_EXCEPTION(InputError, kvCacheDecode(in, 0, 5));
        AttentionInputs cross = randomKernelInputs(1, kShapes[1]);
        QVERIFY_THROWS_EXCEPTION(InputError, kvCacheDecode(cross, 0, 1));
    }
};

QTEST_GUILESS_MAIN(TestKernelOptions)
#include "test_kernel_options.moc"
