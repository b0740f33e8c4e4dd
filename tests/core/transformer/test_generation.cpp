// SPDX-License-Identifier: GPL-3.0-or-later
// A decoder writing (core/transformer/Generation.h) and the KV cache under it (ContinuedRun):
// a continued run equals the whole run of the same tokens for every family (RoPE offsets,
// sliding windows, soft caps, grouped keys, learned positions), greedy decoding picks each
// whole run's argmax, sampling repeats with its seed, and the refusals leave the cache as it
// was.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "support/ModelSupport.h"
#include "transformer/Forward.h"
#include "transformer/Generation.h"

#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

class TestGeneration : public QObject {
    Q_OBJECT

private slots:
    void continuedRunEqualsTheWholeRun_data() { addDecoderModelRows(); }

    // The prompt in two pieces, then one token at a time: each step's logits and each new
    // row's weights equal the whole run's last row (to 1e-12 relative), over more positions
    // than the sliding windows of Mistral and Gemma.
    void continuedRunEqualsTheWholeRun() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        std::vector<std::int64_t> ids = referenceIds(model);
        attn::ContinuedRun continued(*checkpoint);
        const std::size_t half = ids.size() / 2;
        continued.append({ids.begin(), ids.begin() + std::ptrdiff_t(half)});
        attn::RowVector logits = continued.append({ids.begin() + std::ptrdiff_t(half), ids.end()});
        for (int step = 0; step < 6; ++step) {
            const attn::RunPtr whole = attn::runModel(*checkpoint, ids);
            const auto last = Eigen::Index(ids.size()) - 1;
            QVERIFY2(relativeError(logits, whole->logits.row(last)) < 1e-12,
                     qPrintable(QString("step %1: %2")
                                    .arg(step)
                                    .arg(relativeError(logits, whole->logits.row(last)))));
            Eigen::Index next = 0;
            whole->logits.row(last).maxCoeff(&next);
            ids.push_back(std::int64_t(next * 7 % checkpoint->config().vocab));
            std::vector<attn::LayerRun> layers;
            logits = continued.append({ids.back()}, &layers);
            const attn::RunPtr after = attn::runModel(*checkpoint, ids);
            QCOMPARE(layers.size(), after->layers.size());
            for (std::size_t l = 0; l < layers.size(); ++l)
                for (std::size_t h = 0; h < layers[l].heads.size(); ++h) {
                    const attn::Matrix &row = layers[l].heads[h].weights;
                    QCOMPARE(row.rows(), Eigen::Index(1));
                    QVERIFY(relativeError(row, after->layers[l].heads[h].weights.bottomRows(1)) <
                            1e-12);
                }
        }
        QCOMPARE(continued.ids(), ids);
    }

    // Greedy decoding writes, step by step, the whole run's most probable next token.
    void greedyIsTheArgmax() {
        for (const char *model : {"gpt2-tiny", "gemma2-tiny", "qwen3-tiny"}) {
            const auto checkpoint = attn::Checkpoint::open(modelDir(model));
            const std::vector<std::int64_t> prompt = referenceIds(model);
            attn::GenerationOptions options;
            options.tokens = 5;
            const attn::Generation g = attn::generate(*checkpoint, prompt, {}, options);
            QCOMPARE(g.tokens.size(), std::size_t(5));
            std::vector<std::int64_t> ids = prompt;
            for (const attn::GeneratedToken &t : g.tokens) {
                const attn::RunPtr whole = attn::runModel(*checkpoint, ids);
                Eigen::Index best = 0;
                whole->logits.row(whole->logits.rows() - 1).maxCoeff(&best);
                QCOMPARE(t.id, std::int64_t(best));
                QCOMPARE(t.top.front().id, t.id);
                QVERIFY(std::abs(t.probability - t.top.front().probability) < 1e-15);
                ids.push_back(t.id);
            }
        }
    }

    // Sampling: the same seed writes the same tokens, another seed (almost surely) others;
    // a huge temperature spreads the choice, a tiny one is greedy.
    void samplingRepeatsWithItsSeed() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("llama-gqa-tiny"));
        const std::vector<std::int64_t> prompt = referenceIds("llama-gqa-tiny");
        attn::GenerationOptions options;
        options.tokens = 12;
        options.temperature = 1.5;
        options.seed = 7;
        const auto ids = [&](const attn::GenerationOptions &o) {
            std::vector<std::int64_t> out;
            for (const attn::GeneratedToken &t : attn::generate(*checkpoint, prompt, {}, o).tokens)
                out.push_back(t.id);
            return out;
        };
        QCOMPARE(ids(options), ids(options));
        attn::GenerationOptions other = options;
        other.seed = 8;
        QVERIFY(ids(other) != ids(options));
        attn::GenerationOptions cold = options;
        cold.temperature = 1e-9;
        attn::GenerationOptions greedy = options;
        greedy.temperature = 0;
        QCOMPARE(ids(cold), ids(greedy));
    }

    // Ablations and steering apply while the model writes; the same edits on the whole run
    // give the same logits.
    void interventionsApplyWhileWriting() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("qwen2-bias-tiny"));
        std::vector<std::int64_t> ids = referenceIds("qwen2-bias-tiny");
        const attn::Interventions edits{
            {attn::Intervention::zero(0, 1), attn::Intervention::scale(1, 2, 0.5),
             attn::Intervention::steer(
                 0, attn::Matrix::Constant(1, Eigen::Index(checkpoint->config().dModel), 0.3))},
            nullptr};
        attn::ContinuedRun continued(*checkpoint, edits);
        continued.append({ids.begin(), ids.end() - 1});
        const attn::RowVector logits = continued.append({ids.back()});
        const attn::RunPtr whole = attn::runModel(*checkpoint, ids, edits);
        QVERIFY(relativeError(logits, whole->logits.bottomRows(1)) < 1e-12);
        QVERIFY(relativeError(logits, attn::runModel(*checkpoint, ids)->logits.bottomRows(1)) >
                1e-6);
        attn::GenerationOptions options;
        options.tokens = 2;
        QCOMPARE(attn::generate(*checkpoint, ids, edits, options).interventions.size(),
                 std::size_t(3));
    }

    // Refusals, one line each: an encoder, a mean ablation or a patch, a text past the
    // positions, a bad temperature; an id outside the vocabulary leaves the cache as it was.
    void refusals() {
        const auto bert = attn::Checkpoint::open(modelDir("bert-tiny"));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::ContinuedRun{*bert});
        const auto checkpoint = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        QVERIFY_THROWS_EXCEPTION(
            attn::InputError,
            attn::ContinuedRun{*checkpoint,
                               attn::Interventions{{attn::Intervention::mean(0, 0)}, nullptr}});
        attn::GenerationOptions options;
        options.tokens = checkpoint->config().maxPositions;
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::generate(*checkpoint, {1, 2}, {}, options));
        options.tokens = 1;
        options.temperature = -1;
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::generate(*checkpoint, {1, 2}, {}, options));

        attn::ContinuedRun continued(*checkpoint);
        const attn::RowVector before = continued.append({1, 2, 3});
        QVERIFY_THROWS_EXCEPTION(attn::InputError, continued.append({checkpoint->config().vocab}));
        QCOMPARE(continued.length(), std::int64_t(3));
        const attn::RowVector next = continued.append({4});
        const attn::RunPtr whole = attn::runModel(*checkpoint, {1, 2, 3, 4});
        QVERIFY(relativeError(next, whole->logits.bottomRows(1)) < 1e-12);
        QVERIFY(before.size() == next.size());
    }
};

QTEST_GUILESS_MAIN(TestGeneration)
#include "test_generation.moc"
