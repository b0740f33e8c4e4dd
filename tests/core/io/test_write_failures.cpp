// SPDX-License-Identifier: GPL-3.0-or-later
// What a user is told when an output cannot be written, and what is left on disk: the reason
// in words they can act on (no space left, permission denied, read-only file system), the old
// file untouched, no temporary left behind; and attnviz-cli out of memory (std::bad_alloc) says
// what it could not do, exits 1 and leaves the output file as it was.

#include "io/AtomicFile.h"
#include "support/CliSupport.h"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// n = 4096 tokens, p = d_k = d_v = 1: small on disk, within every limit, but computing and
// writing its 4096×4096 attention maps takes some gigabytes of address space.
QByteArray largeSession() {
    QByteArray out = R"({"inputs": {"X": [)";
    for (int i = 0; i < 4096; ++i)
        out += (i ? "," : "") + QByteArray("[") + QByteArray::number(i % 7) + "]";
    return out + R"(], "heads": [{"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]}]}})";
}

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestWriteFailures : public QObject {
    Q_OBJECT

private slots:
    void reasons_data();
    void reasons();
    void deviceFull();
    void missingFolder();
    void readOnlyFileSystem();
    void permissionDenied();
    void keepsPermissionsAndLinks();
    void syncsTheFileThenTheFolder();
    void cliOutOfMemory();
};

void TestWriteFailures::reasons_data() {
    QTest::addColumn<int>("error");
    QTest::addColumn<QString>("text");
    QTest::newRow("ENOSPC") << ENOSPC << "no space left on device";
    QTest::newRow("EACCES") << EACCES << "permission denied";
    QTest::newRow("EPERM") << EPERM << "permission denied";
    QTest::newRow("EROFS") << EROFS << "read-only file system";
    QTest::newRow("EDQUOT") << EDQUOT << "the disk quota is exceeded";
    QTest::newRow("ENOENT") << ENOENT << "the folder does not exist";
    QTest::newRow("other: strerror") << EBADF << QString::fromLocal8Bit(std::strerror(EBADF));
}

void TestWriteFailures::reasons() {
    QFETCH(int, error);
    QFETCH(QString, text);
    QCOMPARE(attn::writeErrorText(error), text);
    QVERIFY(!text.contains("Unknown error"));
}

void TestWriteFailures::deviceFull() {
    // /dev/full is a device: written in place (never replaced), and every write fails ENOSPC.
    if (!QFileInfo::exists("/dev/full"))
        QSKIP("no /dev/full here");
    QCOMPARE(attn::writeFileAtomically("/dev/full", "x"),
             QString("/dev/full: cannot write: no space left on device"));
    const Run run = runCli({"export", workedExampleFile(), "--stage", "weights", "--format", "csv",
                            "--out", "/dev/full"});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.err,
             QByteArray("attnviz-cli: /dev/full: cannot write: no space left on device\n"));
}

void TestWriteFailures::missingFolder() {
    QTemporaryDir dir;
    const QString path = dir.filePath("nosuch/out.csv");
    QCOMPARE(attn::writeFileAtomically(path, "x"),
             path + ": cannot write: the folder does not exist");
    QCOMPARE(attn::writeFileAtomically(dir.path(), "x"),
             dir.path() + ": cannot write: it is a folder");
}

void TestWriteFailures::readOnlyFileSystem() {
    // A read-only tmpfs in a private mount namespace (unshare -m, or -rm without root): the CLI
    // runs inside it. Skipped where namespaces are not allowed.
    const QString unshare = QStandardPaths::findExecutable("unshare");
    if (unshare.isEmpty())
        QSKIP("no unshare(1)");
    QTemporaryDir dir;
    const QString script = QString("mount -t tmpfs -o ro tmpfs '%1' || exit 77; exec '%2' export "
                                   "'%3' --stage X --format csv --out '%1/x.csv'")
                               .arg(dir.path(), kCli, workedExampleFile());
    QProcess process;
    process.start(unshare, {::getuid() == 0 ? "-m" : "-rm", "sh", "-c", script});
    QVERIFY(process.waitForFinished(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    if (process.exitCode() == 77 || err.startsWith("unshare:"))
        QSKIP("mount namespaces are not available here");
    QCOMPARE(process.exitCode(), 1);
    QCOMPARE(err, "attnviz-cli: " + dir.path() + "/x.csv: cannot write: read-only file system\n");
}

void TestWriteFailures::permissionDenied() {
    if (::geteuid() == 0)
        QSKIP("root may write anywhere: permissions cannot be tested as root");
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QCOMPARE(attn::writeFileAtomically(path, "old\n"), QString());
    QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
    QCOMPARE(attn::writeFileAtomically(path, "new\n"), path + ": cannot write: permission denied");
    QVERIFY(
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QCOMPARE(readAll(path), QByteArray("old\n"));
}

void TestWriteFailures::keepsPermissionsAndLinks() {
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv"), link = dir.filePath("link.csv");
    QCOMPARE(attn::writeFileAtomically(path, "first\n"), QString());
    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0640) == 0);
    QVERIFY(QFile::link(path, link));
    QCOMPARE(attn::writeFileAtomically(link, "second\n"), QString());
    QVERIFY(QFileInfo(link).isSymLink()); // the link stays, its target was replaced
    QCOMPARE(readAll(path), QByteArray("second\n"));
    struct stat st {};
    QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
    QCOMPARE(int(st.st_mode & 0777), 0640);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System),
             (QStringList{"link.csv", "out.csv"})); // no temporaries
}

// The order of the system calls, as strace sees them: the temporary is written and synced,
// renamed over the target, then the folder is opened and synced, so that after a power loss
// the new name is on the disk with the new content.
void TestWriteFailures::syncsTheFileThenTheFolder() {
    const QString strace = QStandardPaths::findExecutable("strace");
    if (strace.isEmpty())
        QSKIP("no strace(1)");
    QTemporaryDir dir;
    const QString out = dir.filePath("x.csv");
    QProcess process;
#ifdef ATTNVIZ_SANITIZE
    // LeakSanitizer (on by default with AddressSanitizer) stops the process with ptrace at its
    // exit, which fails under strace: the traced CLI runs with leak checks off, the rest of
    // AddressSanitizer on.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString asan = env.value("ASAN_OPTIONS");
    env.insert("ASAN_OPTIONS", asan.isEmpty() ? "detect_leaks=0" : asan + ":detect_leaks=0");
    process.setProcessEnvironment(env);
#endif
    process.start(strace, {"-f", "-e", "trace=openat,fsync,rename,renameat,renameat2", "-o",
                           dir.filePath("trace"), kCli, "export", workedExampleFile(), "--stage",
                           "X", "--format", "csv", "--out", out});
    QVERIFY(process.waitForFinished(60000));
    if (process.exitCode() != 0 && readAll(dir.filePath("trace")).isEmpty())
        QSKIP("strace cannot trace here (no ptrace)");
    if (process.exitCode() != 0 && process.readAllStandardError().contains("LeakSanitizer"))
        QSKIP("LeakSanitizer cannot run under strace (ptrace), and this run forces it on");
    QCOMPARE(process.exitCode(), 0);
    QStringList calls; // the trace's calls about the output and its folder, in order
    for (const QByteArray &line : readAll(dir.filePath("trace")).split('\n')) {
        const QString l = QString::fromUtf8(line);
        if (l.contains("openat(") && l.contains(".x.csv.") && !l.contains("= -1"))
            calls << "open temporary";
        else if (l.contains("openat(") && l.contains('"' + dir.path() + '"') &&
                 l.contains("O_DIRECTORY"))
            calls << "open folder";
        else if (l.contains("rename") && l.contains(out))
            calls << "rename";
        else if (l.contains("fsync(") && l.contains("= 0"))
            calls << "fsync";
    }
    const QStringList expected = {"open temporary", "fsync", "rename", "open folder", "fsync"};
    QVERIFY2(calls.join(", ").contains(expected.join(", ")), qPrintable(calls.join(", ")));
}

void TestWriteFailures::cliOutOfMemory() {
#ifdef ATTNVIZ_SANITIZE
    QSKIP("AddressSanitizer reserves terabytes of address space: ulimit -v cannot apply");
#endif
    QTemporaryDir dir;
    const QString file = dir.filePath("large.json"), out = dir.filePath("weights.csv");
    writeFile(file, largeSession());
    writeFile(out, "old contents\n");
    // 1 GiB of address space: enough to start and read the session, not to export its
    // weights (three 128 MB attention maps and some 300 MB of text).
    const QString script = QString("ulimit -v 1048576 && exec '%1' export '%2' --stage weights "
                                   "--format csv --out '%3'")
                               .arg(kCli, file, out);
    QProcess process;
    process.start("sh", {"-c", script});
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(err, "attnviz-cli: " + file + ": not enough memory to export weights to " + out +
                      "; nothing was written\n");
    QCOMPARE(process.exitCode(), 1);
    QCOMPARE(readAll(out), QByteArray("old contents\n"));
    // Without the limit the same command works: it was memory, not the input.
    const Run run = runCli({"export", file, "--stage", "weights", "--format", "npy", "--out", out});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QFileInfo(out).size(), qint64(128) + 4096LL * 4096 * 8);
}

QTEST_GUILESS_MAIN(TestWriteFailures)
#include "test_write_failures.moc"
