// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliCompare.h"
#include "CliModelSupport.h"

#include "InputError.h"
#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "networkreadings/RunComparison.h"
#include "transformer/Forward.h"

#include <QCommandLineParser>

#include <algorithm>
#include <new>

namespace {

using namespace climodel;

const char *const kUsage = "Usage: attnviz-cli model compare A B (--text TEXT | --ids 1,2,3) "
                           "[--json OUT]\nTry 'attnviz-cli --help' for more information.\n";

QByteArray text(const attn::RunComparison &c) {
    struct Moved {
        std::size_t layer, head;
        attn::HeadComparison h;
    };
    std::vector<Moved> heads;
    for (std::size_t l = 0; l < c.layers.size(); ++l)
        for (std::size_t h = 0; h < c.layers[l].heads.size(); ++h)
            heads.push_back({l, h, c.layers[l].heads[h]});
    std::stable_sort(heads.begin(), heads.end(), [](const Moved &a, const Moved &b) {
        return a.h.jsDivergence > b.h.jsDivergence;
    });
    QByteArray out = "heads that moved most (mean Jensen-Shannon divergence, largest weight "
                     "change):\n";
    for (std::size_t i = 0; i < std::min<std::size_t>(5, heads.size()); ++i)
        out += "  layer " + QByteArray::number(qulonglong(heads[i].layer)) + " head " +
               QByteArray::number(qulonglong(heads[i].head)) + "  js " +
               attn::notation::number(heads[i].h.jsDivergence).toUtf8() + "  max |dw| " +
               attn::notation::number(heads[i].h.maxAbsWeightDiff).toUtf8() + '\n';
    out += "residual change after each layer:";
    for (const attn::LayerComparison &l : c.layers)
        out += ' ' + attn::notation::number(l.residualRelDiff).toUtf8();
    out += "\nfinal KL(A || B): " + attn::notation::number(c.finalKl).toUtf8() +
           "\ntop-1 agreement: " + attn::notation::number(c.top1Agreement).toUtf8() + '\n';
    bool any = false;
    for (std::size_t i = 0; i < c.top1A.size(); ++i)
        if (c.top1A[i] != c.top1B[i]) {
            if (!any)
                out += "positions whose top prediction changed:\n";
            any = true;
            out += "  position " + QByteArray::number(qulonglong(i)) + ": id " +
                   QByteArray::number(qlonglong(c.top1A[i])) + " -> id " +
                   QByteArray::number(qlonglong(c.top1B[i])) + '\n';
        }
    if (!any)
        out += "no position's top prediction changed\n";
    return out;
}

int compare(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({{"text", "text", "TEXT"}, {"ids", "ids", "1,2,3"}, {"json", "json", "OUT"}});
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};
    const QStringList positional = parser.positionalArguments(); // model compare A B
    if (positional.size() < 4)
        throw UsageError{"model compare needs two models, A and B (folders or .gguf files)"};
    if (positional.size() > 4)
        throw UsageError{"unexpected argument \"" + positional[4] + "\""};
    const bool hasText = parser.isSet("text"), hasIds = parser.isSet("ids");
    if (hasText == hasIds)
        throw UsageError{"model compare needs either --text TEXT or --ids 1,2,3"};
    const QString a = positional[2], b = positional[3];
    const auto checkpointA = attn::Checkpoint::open(a);
    const auto checkpointB = attn::Checkpoint::open(b);
    const attn::ModelConfig &ca = checkpointA->config(), &cb = checkpointB->config();
    if (ca.family != cb.family)
        throw attn::InputError(
            QString("%1 and %2 are of different architectures (%3 and %4)")
                .arg(a, b, attn::familyName(ca.family), attn::familyName(cb.family)));
    if (ca.vocab != cb.vocab || ca.layers != cb.layers || ca.heads != cb.heads ||
        ca.dModel != cb.dModel)
        throw attn::InputError(
            QString("%1 and %2 differ in shape (vocabularies of %3 and %4, %5 and %6 layers)")
                .arg(a, b)
                .arg(ca.vocab)
                .arg(cb.vocab)
                .arg(ca.layers)
                .arg(cb.layers));
    std::vector<std::int64_t> ids;
    if (hasIds) {
        ids = parseIds(parser.value("ids"));
    } else {
        ids = idsOfText(a, parser.value("text"));
        if (idsOfText(b, parser.value("text")) != ids)
            throw attn::InputError(
                QString("%1 and %2 tokenize the text differently: their vocabularies differ")
                    .arg(a, b));
    }
    attn::RunPtr runA, runB;
    try {
        runA = attn::runModel(*checkpointA, ids);
    } catch (const attn::InputError &e) {
        throw attn::InputError(a + ": " + QString::fromStdString(e.what()));
    }
    try {
        runB = attn::runModel(*checkpointB, ids);
    } catch (const attn::InputError &e) {
        throw attn::InputError(b + ": " + QString::fromStdString(e.what()));
    }
    const attn::RunComparison c = attn::compareRuns(*runA, *runB);
    if (parser.isSet("json"))
        return writeResult(parser.value("json"), attn::comparisonJson(c));
    return writeOut(text(c)) ? 0 : kExitInput;
}

} // namespace

bool isCompareCommand(const QStringList &arguments) {
    return arguments.size() > 2 && arguments[1] == "model" && arguments[2] == "compare";
}

int runCompareCommand(const QStringList &arguments) {
    try {
        return compare(arguments);
    } catch (const UsageError &e) {
        writeErr("attnviz-cli: " + e.message.simplified() + "\n" + kUsage);
        return kExitUsage;
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    } catch (const std::bad_alloc &) {
        writeErr("attnviz-cli: not enough memory to run the models; nothing was written\n");
        return kExitInput;
    }
}
