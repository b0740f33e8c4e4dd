// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliInterventions.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "Limits.h"
#include "checkpoint/Checkpoint.h"
#include "io/Npy.h"
#include "io/RegularFile.h"
#include "transformer/Forward.h"

#include <QCommandLineParser>
#include <QFile>

#include <cmath>
#include <limits>
#include <optional>

namespace {

using namespace climodel;

constexpr QChar kUnitSeparator(0x1f);

// "…@P" split into the text before and the position P (−1 without "@").
std::pair<QString, std::int64_t> splitPosition(const QString &value, const QString &option,
                                               const QString &expected) {
    const qsizetype at = value.indexOf('@');
    if (at < 0)
        return {value, -1};
    const std::optional<qint64> position =
        wholeNumber(value.mid(at + 1), 0, std::numeric_limits<int>::max());
    if (!position)
        throw attn::InputError(QString("--%1 expects %2 (position P from 0), got \"%3\"")
                                   .arg(option, expected, value));
    return {value.left(at), *position};
}

// "TEXT" or "TEXT:SCALE" (a finite number after the last colon) as the text and the scale.
std::pair<QString, double> splitScale(const QString &value) {
    const qsizetype colon = value.lastIndexOf(':');
    if (colon >= 0) {
        bool ok = false;
        const double scale = value.mid(colon + 1).toDouble(&ok);
        if (ok && std::isfinite(scale))
            return {value.left(colon), scale};
    }
    return {value, 1.0};
}

// --steer L:FILE.npy[:SCALE]: a d_model vector from a .npy file.
attn::Intervention steerFromFile(const QString &value, const attn::ModelConfig &config) {
    const qsizetype colon = value.indexOf(':');
    const std::optional<qint64> layer =
        colon > 0 ? wholeNumber(value.left(colon), 0, std::numeric_limits<int>::max())
                  : std::nullopt;
    if (!layer || colon + 1 >= value.size())
        throw attn::InputError(
            QString("--steer expects L:FILE.npy[:SCALE], got \"%1\"").arg(value));
    auto [file, scale] = splitScale(value.mid(colon + 1));
    if (!file.endsWith(".npy", Qt::CaseInsensitive) && QFile::exists(value.mid(colon + 1)))
        std::tie(file, scale) = std::pair{value.mid(colon + 1), 1.0};
    QByteArray bytes;
    try {
        attn::requireRegularFile(file);
    } catch (const attn::InputError &e) {
        throw attn::InputError("--steer: " + QString::fromStdString(e.what()));
    }
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        throw attn::InputError("--steer: " + file + ": " + in.errorString());
    if (in.size() > attn::kMaxSteerFileBytes)
        throw attn::InputError(QString("--steer: %1: %2 bytes is more than a vector's %3")
                                   .arg(file)
                                   .arg(in.size())
                                   .arg(attn::kMaxSteerFileBytes));
    bytes = in.readAll();
    attn::Matrix vector;
    try {
        vector = attn::readNpy(bytes);
    } catch (const attn::InputError &e) {
        throw attn::InputError("--steer: " + file + ": " + QString::fromStdString(e.what()));
    }
    if (vector.cols() == 1 && vector.rows() > 1)
        vector.transposeInPlace();
    if (vector.rows() != 1 || vector.cols() != config.dModel)
        throw attn::InputError(QString("--steer: %1: the vector has %2 × %3 numbers; the "
                                       "residual stream has %4")
                                   .arg(file)
                                   .arg(vector.rows())
                                   .arg(vector.cols())
                                   .arg(config.dModel));
    return attn::Intervention::steer(int(*layer), vector *scale);
}

// --steer-texts L A B[:SCALE]: the residual stream after layer L of text A at its last
// position minus text B's (ActAdd).
attn::Intervention steerFromTexts(const QString &value, const attn::Checkpoint &checkpoint,
                                  const QString &folder) {
    const QStringList words = value.split(kUnitSeparator);
    const std::optional<qint64> layer =
        words.size() == 3 ? wholeNumber(words[0], 0, checkpoint.config().layers - 1) : std::nullopt;
    if (!layer)
        throw attn::InputError(QString("--steer-texts expects L \"A\" \"B\"[:SCALE] with a "
                                       "layer L from 0 to %1, got \"%2\"")
                                   .arg(checkpoint.config().layers - 1)
                                   .arg(QString(value).replace(kUnitSeparator, ' ')));
    const auto [textB, scale] = splitScale(words[2]);
    attn::Matrix ends[2];
    const QString texts[2] = {words[1], textB};
    for (int i = 0; i < 2; ++i) {
        try {
            const attn::RunPtr run = attn::runModel(checkpoint, idsOfText(folder, texts[i]));
            ends[i] = run->layers[std::size_t(*layer)].hidden.bottomRows(1);
        } catch (const attn::InputError &e) {
            throw attn::InputError(QString("--steer-texts: text %1: %2")
                                       .arg(i == 0 ? "A" : "B", QString::fromStdString(e.what())));
        }
    }
    return attn::Intervention::steer(int(*layer), (ends[0] - ends[1]) * scale);
}

} // namespace

attn::Intervention parseHead(const QString &text, const char *option, bool kinds) {
    const bool patch = option == QStringLiteral("patch");
    const QString expected = kinds   ? "L:H, L:H:mean or L:H:scale=F"
                             : patch ? "L:H or L:H@P"
                                     : "L:H";
    const auto [value, position] =
        patch ? splitPosition(text, option, expected) : std::pair{text, std::int64_t(-1)};
    const QStringList parts = value.split(':');
    constexpr qint64 kMost = std::numeric_limits<int>::max();
    const std::optional<qint64> layerNumber =
        parts.size() >= 2 ? wholeNumber(parts[0], 0, kMost) : std::nullopt;
    const std::optional<qint64> headNumber =
        parts.size() >= 2 ? wholeNumber(parts[1], 0, kMost) : std::nullopt;
    if (!layerNumber || !headNumber || parts.size() > (kinds ? 3 : 2))
        throw attn::InputError(QString("--%1 expects %2 (layer and head from 0), got \"%3\"")
                                   .arg(option, expected, text));
    const auto layer = int(*layerNumber), head = int(*headNumber);
    if (parts.size() == 2)
        return patch ? attn::Intervention::patchHead(layer, head, position)
                     : attn::Intervention::zero(layer, head);
    if (parts[2] == "mean")
        return attn::Intervention::mean(layer, head);
    if (parts[2].startsWith("scale=")) {
        bool ok = false;
        const double factor = parts[2].mid(6).toDouble(&ok);
        if (ok && std::isfinite(factor))
            return attn::Intervention::scale(layer, head, factor);
    }
    throw attn::InputError(QString("--%1 expects %2, got \"%3\"").arg(option, expected, text));
}

void checkEdit(const attn::Checkpoint &checkpoint, std::int64_t tokens,
               const attn::Intervention &edit, const attn::RunPtr &source, const QString &option) {
    try {
        attn::checkInterventions(checkpoint.config(), tokens, {{edit}, source});
    } catch (const attn::InputError &e) {
        throw attn::InputError(option + ": " + QString::fromStdString(e.what()));
    }
}

QStringList joinSteerTexts(const QStringList &arguments) {
    QStringList out;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments[i] != "--steer-texts" && arguments[i] != "-steer-texts") {
            out << arguments[i];
            continue;
        }
        if (i + 3 >= arguments.size())
            throw attn::InputError(
                QString("--steer-texts expects three values: L \"A\" \"B\"[:SCALE]"));
        out << arguments[i]
            << arguments[i + 1] + kUnitSeparator + arguments[i + 2] + kUnitSeparator +
                   arguments[i + 3];
        i += 3;
    }
    return out;
}

void addInterventionOptions(QCommandLineParser &parser) {
    parser.addOptions({
        {"ablate", "ablate", "L:H[:mean|:scale=F]"},
        {"patch", "patch", "L:H[@P]"},
        {"patch-resid", "patch-resid", "L[@P]"},
        {"from-text", "from-text", "TEXT"},
        {"from-ids", "from-ids", "1,2,3"},
        {"steer", "steer", "L:FILE.npy[:SCALE]"},
        {"steer-texts", "steer-texts", "L A B[:SCALE]"},
    });
}

QStringList interventionOptionNames() {
    return {"ablate", "patch", "patch-resid", "from-text", "from-ids", "steer", "steer-texts"};
}

attn::Interventions interventionsOf(const QCommandLineParser &parser,
                                    const attn::Checkpoint &checkpoint, const QString &folder,
                                    const std::vector<std::int64_t> &ids) {
    attn::Interventions interventions;
    std::vector<QString> options; // the option of each edit, for its message
    for (const QString &value : parser.values("ablate")) {
        interventions.edits.push_back(parseHead(value, "ablate", true));
        options.push_back("--ablate " + value);
    }
    for (const QString &value : parser.values("patch")) {
        interventions.edits.push_back(parseHead(value, "patch", false));
        options.push_back("--patch " + value);
    }
    for (const QString &text : parser.values("patch-resid")) {
        const auto [value, position] = splitPosition(text, "patch-resid", "L or L@P");
        const std::optional<qint64> layer = wholeNumber(value, 0, std::numeric_limits<int>::max());
        if (!layer)
            throw attn::InputError(
                QString("--patch-resid expects L or L@P (layer and position from 0), got \"%1\"")
                    .arg(text));
        interventions.edits.push_back(attn::Intervention::patchResidual(int(*layer), position));
        options.push_back("--patch-resid " + text);
    }
    for (const QString &value : parser.values("steer")) {
        interventions.edits.push_back(steerFromFile(value, checkpoint.config()));
        options.push_back("--steer " + value);
    }
    for (const QString &value : parser.values("steer-texts")) {
        interventions.edits.push_back(steerFromTexts(value, checkpoint, folder));
        options.push_back("--steer-texts " + QString(value).replace(kUnitSeparator, ' '));
    }
    const bool patches = parser.isSet("patch") || parser.isSet("patch-resid");
    const bool hasText = parser.isSet("from-text"), hasIds = parser.isSet("from-ids");
    if (hasText && hasIds)
        throw attn::InputError(QString("give run B once: --from-text or --from-ids"));
    if (patches && !hasText && !hasIds)
        throw attn::InputError(
            QString("--patch and --patch-resid need run B: --from-text TEXT or --from-ids 1,2,3"));
    if (!patches && (hasText || hasIds))
        throw attn::InputError(
            QString("--from-text and --from-ids give run B of --patch or --patch-resid"));
    if (patches) {
        const std::vector<std::int64_t> b = hasIds ? parseIds(parser.value("from-ids"), "from-ids")
                                                   : idsOfText(folder, parser.value("from-text"));
        if (b.size() != ids.size())
            throw attn::InputError(QString("run B (--from-text/--from-ids) has %1 tokens and "
                                           "run A %2: patching needs the same length")
                                       .arg(b.size())
                                       .arg(ids.size()));
        // The edits' ranges first: run B is only worth computing for edits that can apply.
        for (std::size_t i = 0; i < interventions.edits.size(); ++i) {
            const attn::Intervention &e = interventions.edits[i];
            using Kind = attn::Intervention::Kind;
            if (e.kind == Kind::PatchHead || e.kind == Kind::PatchResidual) {
                attn::Intervention range =
                    attn::Intervention::zero(e.layer, e.kind == Kind::PatchResidual ? 0 : e.head);
                checkEdit(checkpoint, std::int64_t(ids.size()), range, nullptr, options[i]);
                if (e.position >= std::int64_t(ids.size()))
                    throw attn::InputError(options[i] +
                                           QString(": there is no position %1: the run has %2 "
                                                   "tokens")
                                               .arg(e.position)
                                               .arg(ids.size()));
            }
        }
        try {
            interventions.source = attn::runModel(checkpoint, b);
        } catch (const attn::InputError &e) {
            throw attn::InputError("run B: " + QString::fromStdString(e.what()));
        }
    }
    for (std::size_t i = 0; i < interventions.edits.size(); ++i)
        checkEdit(checkpoint, std::int64_t(ids.size()), interventions.edits[i],
                  interventions.source, options[i]);
    return interventions;
}
