// SPDX-License-Identifier: GPL-3.0-or-later
#include "CheckpointWriter.h"

#include "InputError.h"
#include "Translate.h"
#include "io/AtomicFile.h"
#include "io/JsonRead.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace attn {

using json::fail;

namespace {

// A JSON string as QJsonDocument escapes it, without building a document per name.
QByteArray jsonString(const QString &s) {
    return QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

} // namespace

QByteArray safetensorsBytes(const std::vector<TensorToWrite> &tensors, const QString &file) {
    // The header first, with the offsets, so the data is appended in one pass after it.
    // "__metadata__" leads, as the reference writer puts it.
    QByteArray header = R"({"__metadata__":{"format":"pt"})";
    QSet<QString> names;
    std::uint64_t offset = 0;
    for (const TensorToWrite &t : tensors) {
        const QString name = QString::fromStdString(t.name);
        if (name.isEmpty() || name == u"__metadata__" || names.contains(name))
            fail(file, translate("attn::checkpoint", "the tensor name \"%1\" is empty, reserved "
                                                     "or given twice")
                           .arg(name));
        names.insert(name);
        std::uint64_t count = 1;
        QByteArray shape;
        for (const std::int64_t d : t.shape) {
            // No dimension of a tensor attnviz writes comes near 2^32, so the product cannot
            // overflow before it is compared.
            if (d < 0 || d > std::numeric_limits<std::uint32_t>::max())
                count = std::numeric_limits<std::uint64_t>::max();
            else if (count != std::numeric_limits<std::uint64_t>::max())
                count *= std::uint64_t(d);
            shape += (shape.isEmpty() ? "" : ",") + QByteArray::number(qint64(d));
        }
        if (count != std::uint64_t(t.values.size()))
            fail(file,
                 translate("attn::checkpoint", "the tensor \"%1\" has %2 values for its "
                                               "shape [%3]")
                     .arg(name, qs(std::int64_t(t.values.size())), QString::fromLatin1(shape)));
        const std::uint64_t end = offset + 4 * count;
        header += "," + jsonString(name) + R"(:{"dtype":"F32","shape":[)" + shape +
                  R"(],"data_offsets":[)" + QByteArray::number(quint64(offset)) + "," +
                  QByteArray::number(quint64(end)) + "]}";
        offset = end;
    }
    header += "}";
    // Padded with spaces to a multiple of 8, as the reference writer does, so the data is
    // aligned for a reader that maps it.
    while ((8 + header.size()) % 8 != 0)
        header += ' ';

    QByteArray out;
    out.reserve(qsizetype(8 + std::uint64_t(header.size()) + offset));
    std::uint64_t n = std::uint64_t(header.size());
    for (int i = 0; i < 8; ++i)
        out += char((n >> (8 * i)) & 0xff);
    out += header;
    const double maxFloat = double(std::numeric_limits<float>::max());
    for (const TensorToWrite &t : tensors)
        for (std::size_t i = 0; i < t.values.size(); ++i) {
            const double v = t.values[i];
            if (!std::isfinite(v) || std::abs(v) > maxFloat)
                fail(file, translate("attn::checkpoint", "the tensor \"%1\" has the value %2 at "
                                                         "%3: not a finite F32 number")
                               .arg(QString::fromStdString(t.name), QString::number(v),
                                    qs(std::int64_t(i))));
            const std::uint32_t bits = std::bit_cast<std::uint32_t>(float(v));
            for (int b = 0; b < 4; ++b)
                out += char((bits >> (8 * b)) & 0xff);
        }
    return out;
}

void writeCheckpointFolder(const QString &folder, const QJsonObject &config,
                           const std::vector<TensorToWrite> &tensors) {
    const QDir dir(folder);
    const QString configFile = dir.filePath(QStringLiteral("config.json"));
    const QString weightsFile = dir.filePath(QStringLiteral("model.safetensors"));
    // Every tensor is checked before anything is written, so a bad one leaves no half folder.
    const QByteArray weights = safetensorsBytes(tensors, weightsFile);
    if (!QDir().mkpath(folder) || !QFileInfo(folder).isDir())
        fail(folder, translate("attn::checkpoint", "cannot make the folder"));
    // The weights before the config: a folder whose config.json is there has its weights.
    for (const auto &[file, bytes] :
         {std::pair(weightsFile, weights),
          std::pair(configFile, QJsonDocument(config).toJson(QJsonDocument::Indented))}) {
        const QString error = writeFileAtomically(file, bytes);
        if (!error.isEmpty())
            throw InputError(error);
    }
}

} // namespace attn
