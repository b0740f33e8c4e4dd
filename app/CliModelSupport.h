// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the model subcommands (model inspect/run/session in CliModel, analyze in CliAnalyze,
// grad and train in CliTrain) share: exit statuses, the usage error, output, and token ids.
// tokenize and worksheet use its exit statuses and writeErr too.

#include "io/AtomicFile.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace attn {
class Tokenizer;
}

namespace climodel {

inline constexpr int kExitInput = 1; // bad input: a file, a folder, a value out of range
inline constexpr int kExitUsage = 2; // a bad command line: reported with the usage hint

struct UsageError {
    QString message;
};

void writeErr(const QString &text);
// The whole of `text` on standard output, flushed; false when it could not be written.
bool writeOut(const QByteArray &text);
// Writes `text` to `out` ("-": standard output), atomically; throws InputError naming the file.
int writeResult(const QString &out, const QByteArray &text);
// The same for content made a piece at a time (a .npz member by member).
int writeResult(const QString &out, const attn::ByteProducer &produce);

// "1,2,3" given to --`option`; throws UsageError for anything that is not a whole number.
std::vector<std::int64_t> parseIds(const QString &text, const char *option = "ids");
// The ids of `text` by the folder's own tokenizer (its tokenizer.json, vocab.json,
// encoder.json or vocab.txt), with the special tokens it adds ([CLS] … [SEP], a BOS).
std::vector<std::int64_t> idsOfText(const QString &folder, const QString &text);

// A label for each id: the tokenizer's display of the token ("animal", "␣", "[CLS]"), or
// "id 123" without a tokenizer or for an id it does not have.
std::vector<std::string> tokenLabels(const std::vector<std::int64_t> &ids,
                                     const attn::Tokenizer *tokenizer);
// The same with the folder's (or .gguf file's) own tokenizer, when it has one.
std::vector<std::string> labelsOf(const QString &folder, const std::vector<std::int64_t> &ids);
// The folder's tokenizer, or null when it has none (or a broken one).
std::unique_ptr<attn::Tokenizer> tokenizerOrNull(const QString &folder);

} // namespace climodel
