// SPDX-License-Identifier: GPL-3.0-or-later
// Training throughput: tokens per second of DecoderTraining's steps (a batch forward, the
// hand-written backward, Adam) on a GPT-2 of the given shape, in double precision, for each
// thread count asked, with the CPU time of all threads (which a loaded machine does not
// inflate). bench/compare_pytorch_train.py runs the same model, batch and threads in PyTorch
// float64 and prints both.
//
// Usage: bench_train [--layers L] [--heads H] [--d-model D] [--vocab V] [--sequence T]
//                    [--batch B] [--attention-only] [--steps S] [--reps R] [--threads 1,2]
//                    [--json]
//   defaults: 2 layers, 4 heads, d 64, vocab 257, sequence 64, batch 16, with MLPs; S = 20
//   steps per repetition, R = 3 repetitions (after 3 untimed steps)
//   --json   one JSON object {"layers", "heads", "d_model", "vocab", "sequence", "batch",
//            "attention_only", "parameters", "rows": [{"threads", "step_ms", "step_cpu_ms",
//            "tokens_per_s"}]}

#include "Allocator.h"
#include "BenchTiming.h"
#include "Parallel.h"
#include "training/DecoderTraining.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <random>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap(); // as attnviz-cli and attnviz do at start-up
    attn::TrainingSettings s;
    s.data = attn::TrainingData::Corpus;
    s.layers = 2;
    s.heads = 4;
    s.dModel = 64;
    s.vocab = 257;
    s.sequenceLength = 64;
    s.batch = 16;
    int steps = 20, reps = 3;
    bool json = false;
    std::vector<int> threads;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        const auto is = [&](const char *name) { return std::strcmp(argv[i], name) == 0; };
        if (is("--json"))
            json = true;
        else if (is("--attention-only"))
            s.attentionOnly = true;
        else if (is("--layers") && hasValue)
            s.layers = std::atoi(argv[++i]);
        else if (is("--heads") && hasValue)
            s.heads = std::atoi(argv[++i]);
        else if (is("--d-model") && hasValue)
            s.dModel = std::atoi(argv[++i]);
        else if (is("--vocab") && hasValue)
            s.vocab = std::atoi(argv[++i]);
        else if (is("--sequence") && hasValue)
            s.sequenceLength = std::atoi(argv[++i]);
        else if (is("--batch") && hasValue)
            s.batch = std::atoi(argv[++i]);
        else if (is("--steps") && hasValue)
            steps = std::atoi(argv[++i]);
        else if (is("--reps") && hasValue)
            reps = std::atoi(argv[++i]);
        else if (is("--threads") && hasValue) {
            std::string list = argv[++i];
            for (std::size_t at = 0; at <= list.size();) {
                const std::size_t comma = std::min(list.find(',', at), list.size());
                threads.push_back(std::atoi(list.substr(at, comma - at).c_str()));
                at = comma + 1;
            }
        } else {
            std::fprintf(stderr,
                         "usage: bench_train [--layers L] [--heads H] [--d-model D] [--vocab V] "
                         "[--sequence T] [--batch B] [--attention-only] [--steps S] [--reps R] "
                         "[--threads 1,2] [--json]\n");
            return 2;
        }
    }
    if (threads.empty())
        threads.push_back(attn::threadCount());
    try {
        // A corpus of random ids: what the numbers are does not change the work.
        std::mt19937_64 generator(1);
        std::vector<std::int64_t> corpus(std::size_t(s.sequenceLength * 64));
        for (std::int64_t &id : corpus)
            id = std::int64_t(generator() % std::uint64_t(s.vocab));
        std::string rows;
        if (!json)
            std::printf("GPT-2 %lld layers, %lld heads, d %lld, vocab %lld%s; batch %lld × %lld "
                        "tokens\n",
                        static_cast<long long>(s.layers), static_cast<long long>(s.heads),
                        static_cast<long long>(s.dModel), static_cast<long long>(s.vocab),
                        s.attentionOnly ? ", attention-only" : "", static_cast<long long>(s.batch),
                        static_cast<long long>(s.sequenceLength));
        std::int64_t parameters = 0;
        for (int t : threads) {
            attn::setThreadCount(t);
            attn::DecoderTraining training(s, corpus);
            parameters = training.parameters().count();
            for (int i = 0; i < 3; ++i)
                training.step();
            double cpu = 0;
            const double ms = bench::medianMs(
                                  reps,
                                  [&] {
                                      for (int i = 0; i < steps; ++i)
                                          training.step();
                                  },
                                  &cpu) /
                              steps;
            const double tokensPerSecond = double(training.tokensPerStep()) / ms * 1e3;
            char row[256];
            std::snprintf(row, sizeof row,
                          "%s{\"threads\": %d, \"step_ms\": %.3f, \"step_cpu_ms\": %.3f, "
                          "\"tokens_per_s\": %.0f}",
                          rows.empty() ? "" : ", ", t, ms, cpu / steps, tokensPerSecond);
            rows += row;
            if (!json)
                std::printf("  %d thread%s: %8.2f ms a step (CPU %8.2f ms), %9.0f tokens/s\n", t,
                            t == 1 ? " " : "s", ms, cpu / steps, tokensPerSecond);
        }
        if (json)
            std::printf("{\"layers\": %lld, \"heads\": %lld, \"d_model\": %lld, \"vocab\": %lld, "
                        "\"sequence\": %lld, \"batch\": %lld, \"attention_only\": %s, "
                        "\"parameters\": %lld, \"rows\": [%s]}\n",
                        static_cast<long long>(s.layers), static_cast<long long>(s.heads),
                        static_cast<long long>(s.dModel), static_cast<long long>(s.vocab),
                        static_cast<long long>(s.sequenceLength), static_cast<long long>(s.batch),
                        s.attentionOnly ? "true" : "false", static_cast<long long>(parameters),
                        rows.c_str());
    } catch (const std::exception &e) {
        std::fprintf(stderr, "bench_train: %s\n", e.what());
        return 1;
    }
    return 0;
}
