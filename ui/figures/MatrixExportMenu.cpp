// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatrixExportMenu.h"

#include "ExportNotices.h"

#include "document/ExportDirectory.h"

#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace attn::ui {

namespace {

constexpr attn::ExportFormat kFormats[] = {attn::ExportFormat::Csv, attn::ExportFormat::Npy,
                                           attn::ExportFormat::Latex,
                                           attn::ExportFormat::NumpyLiteral};

QString filterFor(attn::ExportFormat format) {
    return QStringLiteral("%1 (*.%2)").arg(exportFormatLabel(format), exportFileSuffix(format));
}

void saveInteractively(const attn::Matrix &m, attn::ExportFormat format, const QString &fileBase,
                       QWidget *parent) {
    const QString proposed =
        QDir(exportDirectory()).filePath(fileBase + "." + exportFileSuffix(format));
    QString path = QFileDialog::getSaveFileName(
        parent,
        QCoreApplication::translate("MatrixExportMenu", "Export %1 as %2")
            .arg(fileBase, exportFormatLabel(format)),
        proposed,
        filterFor(format) + QStringLiteral(";;") +
            QCoreApplication::translate("MatrixExportMenu", "All files (*)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += "." + exportFileSuffix(format);
    setExportDirectory(QFileInfo(path).absolutePath());
    const QString error = saveMatrixFile(m, format, path);
    if (error.isEmpty()) {
        ExportNotices::instance().written(fileBase, path);
        return;
    }
    ExportNotices::instance().failed(error);
    QMessageBox::warning(parent, QCoreApplication::translate("MatrixExportMenu", "Export failed"),
                         error);
}

} // namespace

QString exportFormatLabel(attn::ExportFormat format) {
    switch (format) {
    case attn::ExportFormat::Csv:
        return QStringLiteral("CSV");
    case attn::ExportFormat::Npy:
        return QStringLiteral("NumPy .npy");
    case attn::ExportFormat::Latex:
        return QStringLiteral("LaTeX bmatrix");
    case attn::ExportFormat::NumpyLiteral:
        return QStringLiteral("NumPy literal");
    }
    return {};
}

bool copyMatrixToClipboard(const attn::Matrix &m, attn::ExportFormat format, QString *error) {
    if (!attn::isTextExport(format)) {
        if (error)
            *error =
                QCoreApplication::translate("MatrixExportMenu", "%1 is binary: save it to a file")
                    .arg(exportFormatLabel(format));
        return false;
    }
    QApplication::clipboard()->setText(QString::fromUtf8(attn::exportMatrix(m, format)));
    return true;
}

QString saveMatrixFile(const attn::Matrix &m, attn::ExportFormat format, const QString &path) {
    return attn::writeFileAtomically(path, attn::exportMatrix(m, format));
}

QMenu *addMatrixExportMenu(QMenu *menu, const QString &title, std::function<attn::Matrix()> matrix,
                           const QString &fileBase, QWidget *parent) {
    QMenu *sub = menu->addMenu(title);
    for (attn::ExportFormat format : kFormats)
        sub->addAction(QCoreApplication::translate("MatrixExportMenu", "Save as %1\u2026")
                           .arg(exportFormatLabel(format)),
                       sub, [matrix, format, fileBase, parent] {
                           saveInteractively(matrix(), format, fileBase, parent);
                       });
    sub->addSeparator();
    for (attn::ExportFormat format : kFormats) {
        if (!attn::isTextExport(format))
            continue;
        sub->addAction(QCoreApplication::translate("MatrixExportMenu", "Copy as %1")
                           .arg(exportFormatLabel(format)),
                       sub, [matrix, format, fileBase] {
                           QString error;
                           if (copyMatrixToClipboard(matrix(), format, &error))
                               ExportNotices::instance().copied(fileBase,
                                                                exportFormatLabel(format));
                           else
                               ExportNotices::instance().failed(error);
                       });
    }
    return sub;
}

} // namespace attn::ui
