// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "Limits.h"
#include "io/AtomicFile.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"

#include <QStringList>

#include <cstdio>
#include <memory>

namespace climodel {

void writeErr(const QString &text) {
    std::fputs(text.toLocal8Bit().constData(), stderr);
}

bool writeOut(const QByteArray &text) {
    return std::fwrite(text.constData(), 1, std::size_t(text.size()), stdout) ==
               std::size_t(text.size()) &&
           std::fflush(stdout) == 0;
}

int writeResult(const QString &out, const QByteArray &text) {
    if (out == "-")
        return writeOut(text) ? 0 : kExitInput;
    const QString error = attn::writeFileAtomically(out, text);
    if (!error.isEmpty())
        throw attn::InputError(error);
    return 0;
}

int writeResult(const QString &out, const attn::ByteProducer &produce) {
    if (out == "-") {
        const bool written = produce([](const char *data, qsizetype size) {
            return std::fwrite(data, 1, std::size_t(size), stdout) == std::size_t(size);
        });
        return written && std::fflush(stdout) == 0 ? 0 : kExitInput;
    }
    const QString error = attn::writeFileAtomically(out, produce);
    if (!error.isEmpty())
        throw attn::InputError(error);
    return 0;
}

std::vector<std::int64_t> parseIds(const QString &text, const char *option) {
    std::vector<std::int64_t> ids;
    for (const QString &part : text.split(',')) {
        const std::optional<qint64> id = wholeNumber(part);
        if (!id)
            throw UsageError{QString("--%1 expects token ids separated by commas (1,2,3), got "
                                     "\"%2\"")
                                 .arg(option, part)};
        ids.push_back(*id);
    }
    return ids;
}

std::vector<std::int64_t> idsOfText(const QString &folder, const QString &text) {
    const std::unique_ptr<attn::Tokenizer> tokenizer = attn::loadTokenizer(folder);
    std::vector<std::int64_t> ids;
    for (const attn::Token &token : tokenizer->encode(text))
        ids.push_back(token.id);
    return ids;
}

std::vector<std::string> tokenLabels(const std::vector<std::int64_t> &ids,
                                     const attn::Tokenizer *tokenizer) {
    std::vector<std::string> labels;
    for (std::int64_t id : ids) {
        QString label;
        if (tokenizer && id >= 0 && id < tokenizer->vocabularySize()) {
            try {
                label = tokenizer->token(int(id)).display;
            } catch (const attn::InputError &) {
            }
        }
        if (label.isEmpty())
            label = "id " + QString::number(qlonglong(id));
        labels.push_back(label.left(int(attn::kMaxLabelLength / 4)).toStdString());
    }
    return labels;
}

std::unique_ptr<attn::Tokenizer> tokenizerOrNull(const QString &folder) {
    try {
        return attn::loadTokenizer(folder);
    } catch (const attn::InputError &) {
        return nullptr; // no tokenizer (or a broken one): ids label themselves
    }
}

std::vector<std::string> labelsOf(const QString &folder, const std::vector<std::int64_t> &ids) {
    return tokenLabels(ids, tokenizerOrNull(folder).get());
}

} // namespace climodel
