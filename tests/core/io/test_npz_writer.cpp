// SPDX-License-Identifier: GPL-3.0-or-later
// The .npz writer (core/io/NpzWriter.h): what it writes reads back through the zip reader and
// the .npy parser with the same bits, shapes and dtypes, including 3-D float64, int64 and
// Unicode string arrays, and its .npy headers are padded as NumPy pads them.

#include "io/Npy.h"
#include "io/NpzWriter.h"
#include "io/ZipArchive.h"

#include <QtTest>

#include <cstdlib>

#include <cstring>

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

QByteArray member(const attn::ZipArchive &zip, const QString &name) {
    const attn::ZipEntry *entry = zip.find(name + ".npy");
    return entry ? zip.read(*entry, 1 << 20) : QByteArray();
}

} // namespace

class TestNpzWriter : public QObject {
    Q_OBJECT

private slots:
    void roundTrip() {
        attn::NpzWriter npz;
        attn::Matrix m(3, 4);
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = 0.1 * double(i) - 0.35;
        m(2, 3) = -0.0;
        npz.addMatrix("blocks.0.hook_resid_pre", m);
        npz.addFloat64("cube", {2, 3, 2}, [](double *out) {
            for (int i = 0; i < 12; ++i)
                out[i] = double(i) / 3.0;
        });
        npz.addInt64("ids", {15496, -1, 0});
        npz.addStrings("tokens", {"Hello", "␣wörld", "", "🙂"});
        QCOMPARE(npz.members(), std::int64_t(4));
        const QByteArray bytes = npz.finish();

        const attn::ZipArchive zip(bytes);
        QCOMPARE(zip.entries().size(), std::size_t(4));
        for (const attn::ZipEntry &e : zip.entries())
            QCOMPARE(e.method, std::uint16_t(0)); // stored, as np.savez writes

        const QByteArray resid = member(zip, "blocks.0.hook_resid_pre");
        const attn::Matrix back = attn::readNpy(resid);
        QCOMPARE(back.rows(), Eigen::Index(3));
        QCOMPARE(back.cols(), Eigen::Index(4));
        QVERIFY(std::memcmp(back.data(), m.data(), sizeof(double) * 12) == 0);
        attn::NpyHeader header = attn::parseNpyHeader(resid);
        QCOMPARE(header.dataOffset % 64, std::uint64_t(0));

        const QByteArray cube = member(zip, "cube");
        header = attn::parseNpyHeader(cube);
        QCOMPARE(header.shape, (std::vector<std::uint64_t>{2, 3, 2}));
        QCOMPARE(header.descr, QString("<f8"));
        QCOMPARE(header.dataOffset % 64, std::uint64_t(0));
        double values[12];
        std::memcpy(values, cube.constData() + header.dataOffset, sizeof values);
        for (int i = 0; i < 12; ++i)
            QCOMPARE(values[i], double(i) / 3.0);

        const QByteArray ids = member(zip, "ids");
        header = attn::parseNpyHeader(ids);
        QCOMPARE(header.descr, QString("<i8"));
        QCOMPARE(header.shape, (std::vector<std::uint64_t>{3}));
        std::int64_t id[3];
        std::memcpy(id, ids.constData() + header.dataOffset, sizeof id);
        QCOMPARE(id[0], std::int64_t(15496));
        QCOMPARE(id[1], std::int64_t(-1));

        const QByteArray tokens = member(zip, "tokens");
        header = attn::parseNpyHeader(tokens);
        QCOMPARE(header.descr, QString("<U6")); // "␣wörld" has six code points
        QCOMPARE(header.shape, (std::vector<std::uint64_t>{4}));
        QCOMPARE(std::uint64_t(tokens.size()) - header.dataOffset, std::uint64_t(4 * 6 * 4));
        const auto *ucs =
            reinterpret_cast<const char32_t *>(tokens.constData() + header.dataOffset);
        QCOMPARE(ucs[6], U'␣');
        QCOMPARE(ucs[3 * 6], U'🙂');
        QCOMPARE(ucs[3 * 6 + 1], U'\0');
    }

    // NumPy's padding: the header (with its 10 bytes of magic, version and length) ends on a
    // multiple of 64 with a newline, for shapes of every length.
    void headersArePadded() {
        attn::NpzWriter npz;
        for (int rows : {1, 9, 10, 99999})
            npz.addMatrix(QString("m%1").arg(rows), attn::Matrix::Zero(rows, 1));
        const attn::ZipArchive zip(npz.finish());
        for (const attn::ZipEntry &e : zip.entries()) {
            const QByteArray bytes = zip.read(e, 1 << 21);
            const attn::NpyHeader h = attn::parseNpyHeader(bytes);
            QCOMPARE(h.dataOffset % 64, std::uint64_t(0));
            QCOMPARE(bytes[qsizetype(h.dataOffset) - 1], '\n');
        }
    }

    // Streamed to a sink a member at a time, the archive is the in-memory one byte for byte;
    // the sink gets each member whole as it is done, and a refusal is remembered.
    void streamedArchivesAreTheSame() {
        const auto fill = [](attn::NpzWriter &npz) {
            npz.addInt64("ids", {3, 1, 4});
            npz.addMatrix("a", attn::Matrix::Random(7, 5));
            npz.addStrings("tokens", {"x", "yz"});
        };
        attn::NpzWriter whole;
        std::srand(1);
        fill(whole);
        const QByteArray expected = whole.finish();
        QByteArray streamed;
        int pieces = 0;
        attn::NpzWriter npz([&](const char *data, qsizetype size) {
            streamed.append(data, size);
            ++pieces;
            return true;
        });
        std::srand(1);
        fill(npz);
        QVERIFY(npz.finish().isEmpty());
        QVERIFY(npz.ok());
        QCOMPARE(pieces, 4); // three members, then the directory
        QCOMPARE(streamed, expected);

        attn::NpzWriter refused([](const char *, qsizetype) { return false; });
        fill(refused);
        refused.finish();
        QVERIFY(!refused.ok());
    }
};

QTEST_GUILESS_MAIN(TestNpzWriter)
#include "test_npz_writer.moc"
