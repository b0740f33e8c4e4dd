// SPDX-License-Identifier: GPL-3.0-or-later
#include "ArrayListing.h"

#include "InputError.h"
#include "Npy.h"
#include "Safetensors.h"
#include "Translate.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace attn {

namespace {

void listNpy(QFile &file, ArrayListing &listing) {
    const NpyHeader h = parseNpyHeader(file.read(qint64(12 + kMaxNpyHeaderBytes)));
    listing.arrays.push_back({QString(), h.dtypeName(), h.shape, npyHeaderProblem(h)});
}

void listSafetensors(QFile &file, ArrayListing &listing) {
    const SafetensorsFile st = readSafetensorsHeader(file, std::uint64_t(file.size()));
    for (const SafetensorsTensor &t : st.tensors)
        listing.arrays.push_back({t.name, t.dtype, t.shape, t.problem()});
}

} // namespace

QString ArrayInfo::shapeText() const {
    return ::attn::shapeText(shape);
}

ArrayListing listArrays(const QString &fileName) {
    ArrayListing listing;
    listing.format = importFormatOf(fileName);
    try {
        switch (listing.format) {
        case ImportFormat::Npz: {
            const NpzListing npz = listNpzArrays(fileName);
            if (!npz.ok()) {
                listing.error = npz.error;
                return listing;
            }
            for (const NpzArrayInfo &a : npz.arrays)
                listing.arrays.push_back({a.name, a.dtype, a.dims, a.problem});
            return listing;
        }
        case ImportFormat::Text: {
            // Its shape is known only once it is read; a file that cannot be is an error.
            const ImportResult r = importMatrix(fileName);
            if (!r.ok()) {
                listing.error = r.error;
                return listing;
            }
            listing.arrays.push_back({QString(), QStringLiteral("float64"), r.shape, QString()});
            return listing;
        }
        case ImportFormat::Npy:
        case ImportFormat::Safetensors: {
            QFile file(fileName);
            if (!file.open(QIODevice::ReadOnly))
                throw InputError(translate("attn::io", "cannot open: %1").arg(file.errorString()));
            if (listing.format == ImportFormat::Npy)
                listNpy(file, listing);
            else
                listSafetensors(file, listing);
            return listing;
        }
        }
    } catch (const InputError &e) {
        listing.arrays.clear();
        listing.error = fileName + ": " + QString::fromStdString(e.what());
    } catch (const std::bad_alloc &) {
        listing.arrays.clear();
        listing.error = fileName + ": " + translate("attn::io", "not enough memory to read it");
    }
    return listing;
}

ArrayReference parseArrayReference(const QString &text) {
    ArrayReference ref;
    QString rest = text;
    if (rest.endsWith(']')) {
        const qsizetype open = rest.lastIndexOf('[');
        if (open > 0) {
            ref.selection.slice = rest.mid(open);
            rest.truncate(open);
        }
    }
    ref.file = rest;
    if (QFileInfo::exists(rest))
        return ref;
    for (qsizetype colon = rest.lastIndexOf(':'); colon > 0;
         colon = rest.lastIndexOf(':', colon - 1)) {
        if (QFileInfo(rest.left(colon)).isFile()) {
            ref.file = rest.left(colon);
            ref.selection.array = rest.mid(colon + 1);
            break;
        }
    }
    return ref;
}

QByteArray arrayListingJsonLines(const ArrayListing &listing) {
    // Written by hand for the documented key order (QJsonObject sorts its keys); QJsonDocument
    // still escapes the strings.
    const auto json = [](const QJsonValue &v) {
        const QByteArray array = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
        return array.mid(1, array.size() - 2);
    };
    QByteArray out;
    for (const ArrayInfo &a : listing.arrays) {
        QJsonArray shape;
        for (std::uint64_t d : a.shape)
            shape.append(qint64(d));
        out += "{\"name\":" + json(a.name) + ",\"dtype\":" + json(a.dtype) +
               ",\"shape\":" + json(shape) + "}\n";
    }
    return out;
}

} // namespace attn
