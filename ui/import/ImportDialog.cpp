// SPDX-License-Identifier: GPL-3.0-or-later
#include "ImportDialog.h"

#include "Notation.h"
#include "WorkerPool.h"
#include "document/Document.h"
#include "document/ExportDirectory.h"
#include "io/ArrayListing.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QTableWidget>
#include <QThreadPool>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <new>

namespace attn::ui {

namespace {

QLabel *wrappingLabel(QWidget *parent) {
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

ImportDialog::ImportDialog(Document *doc, MatrixId target, const QString &fileName, QWidget *parent)
    : QDialog(parent), m_doc(doc), m_target(target), m_fileName(fileName),
      m_heading(wrappingLabel(this)), m_filter(new QLineEdit(this)),
      m_arrays(new QTreeWidget(this)), m_slice(new QLineEdit(this)),
      m_transpose(new QCheckBox(tr("&Transpose (nn.Linear stores out \u00d7 in)"), this)),
      m_read(wrappingLabel(this)), m_preview(new QTableWidget(this)), m_status(wrappingLabel(this)),
      m_progress(new QProgressBar(this)) {
    setWindowTitle(tr("Import matrix"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);

    m_filter->setPlaceholderText(tr("Filter by name, e.g. h.0.attn"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);
    m_arrays->setColumnCount(3);
    m_arrays->setHeaderLabels({tr("Array"), tr("dtype"), tr("shape")});
    m_arrays->setRootIsDecorated(false);
    m_arrays->setUniformRowHeights(true);
    m_arrays->setSelectionMode(QAbstractItemView::SingleSelection);
    m_arrays->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_arrays->header()->setStretchLastSection(false);
    layout->addWidget(m_arrays, 1);

    auto *form = new QFormLayout;
    m_slice->setPlaceholderText(tr("all of it; or NumPy, e.g. [:, 0:64]"));
    form->addRow(tr("&Slice:"), m_slice);
    form->addRow(QString(), m_transpose);
    layout->addLayout(form);
    layout->addWidget(m_read);

    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->setSelectionMode(QAbstractItemView::NoSelection);
    m_preview->setFocusPolicy(Qt::NoFocus);
    m_preview->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_preview->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // As large as the rows it shows (at most kPreviewRows + 1), no empty area below them.
    m_preview->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_preview->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(m_preview);
    layout->addWidget(m_status);
    m_progress->setRange(0, 0); // busy: a file's reading has no steps to count
    m_progress->setTextVisible(false);
    m_progress->hide();
    layout->addWidget(m_progress);
    layout->addStretch(1);

    auto *buttons = new QDialogButtonBox(this);
    m_import = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    m_resize = buttons->addButton(tr("&Resize and import"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    // The buttons apply the import themselves: the dialog closes only when it succeeded.
    connect(m_import, &QPushButton::clicked, this, [this] { importNow(false); });
    connect(m_resize, &QPushButton::clicked, this, [this] { importNow(true); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    listArrays();
    connect(m_filter, &QLineEdit::textChanged, this, &ImportDialog::setFilter);
    connect(m_arrays, &QTreeWidget::currentItemChanged, this, [this] { replan(); });
    // A slice is read when typing stops (or at Return), not at every keystroke of "[:, 0:64]".
    auto *typing = new QTimer(this);
    typing->setSingleShot(true);
    typing->setInterval(400);
    connect(typing, &QTimer::timeout, this, [this] { replan(); });
    connect(m_slice, &QLineEdit::textEdited, typing, qOverload<>(&QTimer::start));
    connect(m_slice, &QLineEdit::returnPressed, this, [this, typing] {
        typing->stop();
        replan();
    });
    connect(m_transpose, &QCheckBox::toggled, this, [this] { replan(); });
    replan();
    setMinimumWidth(560);
    adjustSize();
}

// An .npz or safetensors file holds several arrays: list them (dtype, shape) to choose from.
void ImportDialog::listArrays() {
    const attn::ImportFormat format = attn::importFormatOf(m_fileName);
    const bool several =
        format == attn::ImportFormat::Npz || format == attn::ImportFormat::Safetensors;
    m_filter->setVisible(several);
    m_arrays->setVisible(several);
    if (!several)
        return;
    const attn::ArrayListing listing = attn::listArrays(m_fileName);
    // A matrix is wanted: the first 2-D array that can be imported, else the first 1-D one.
    QTreeWidgetItem *first = nullptr;
    QTreeWidgetItem *firstMatrix = nullptr;
    for (const attn::ArrayInfo &info : listing.arrays) {
        auto *item = new QTreeWidgetItem(m_arrays, {info.name, info.dtype, info.shapeText()});
        item->setData(0, Qt::UserRole, info.name);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        if (!info.problem.isEmpty()) {
            // Listed, with why, but cannot be chosen.
            item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
            for (int c = 0; c < 3; ++c)
                item->setToolTip(c, info.problem);
        } else {
            first = first ? first : item;
            if (!firstMatrix && info.shape.size() == 2)
                firstMatrix = item;
        }
    }
    m_filter->setVisible(listing.arrays.size() > 1);
    // (A file that cannot be listed shows why below.)
    if (firstMatrix || first)
        m_arrays->setCurrentItem(firstMatrix ? firstMatrix : first);
    m_arrays->resizeColumnToContents(1);
    m_arrays->resizeColumnToContents(2);
}

QString ImportDialog::currentArray() const {
    const QTreeWidgetItem *item = m_arrays->isHidden() ? nullptr : m_arrays->currentItem();
    return item ? item->data(0, Qt::UserRole).toString() : QString();
}

QString ImportDialog::statusText() const {
    return m_status->text();
}

void ImportDialog::chooseArray(const QString &name) {
    for (int i = 0; i < m_arrays->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_arrays->topLevelItem(i);
        if (item->data(0, Qt::UserRole).toString() == name && (item->flags() & Qt::ItemIsEnabled)) {
            m_arrays->setCurrentItem(item); // re-plans through currentItemChanged
            return;
        }
    }
}

void ImportDialog::setFilter(const QString &text) {
    if (m_filter->text() != text)
        m_filter->setText(text); // re-enters through textChanged
    const QString wanted = text.trimmed();
    for (int i = 0; i < m_arrays->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_arrays->topLevelItem(i);
        item->setHidden(!item->text(0).contains(wanted, Qt::CaseInsensitive));
    }
}

void ImportDialog::setSlice(const QString &slice) {
    m_slice->setText(slice);
    replan();
}

void ImportDialog::setTransposed(bool transposed) {
    m_transpose->setChecked(transposed); // re-plans through toggled
}

void ImportDialog::replan() {
    const attn::ImportSelection selection{currentArray(), m_slice->text().trimmed(),
                                          m_transpose->isChecked()};
    const quint64 generation = ++m_readGeneration;
    if (QFileInfo(m_fileName).size() <= kQuickReadBytes || !m_doc->hasMatrix(m_target)) {
        m_reading = false;
        m_plan = planImport(*m_doc, m_target, m_fileName, selection);
        showPlan();
        return;
    }
    // A large file (a checkpoint, thousands of tokens of CSV) is read on a worker: the window
    // stays responsive, the dialog says it is reading, and a newer choice (another array, a
    // slice) drops the older read's result. The worker holds only the file name and its promise.
    m_reading = true;
    showReading();
    auto promise = std::make_shared<QPromise<attn::ImportResult>>();
    auto *watcher = new QFutureWatcher<attn::ImportResult>(this);
    watcher->setFuture(promise->future());
    connect(watcher, &QFutureWatcherBase::finished, this, [=, this] {
        watcher->deleteLater();
        if (generation != m_readGeneration || watcher->future().resultCount() == 0)
            return;
        m_reading = false;
        m_plan = planImport(*m_doc, m_target, m_fileName, selection, watcher->future().result());
        showPlan();
    });
    promise->start();
    attn::workerPool().start([file = m_fileName, selection, promise] {
        attn::ImportResult read;
        try {
            read = attn::importMatrix(file, selection);
        } catch (const std::bad_alloc &) {
            read = attn::ImportResult();
            read.error = file + tr(": not enough memory to read it");
        }
        promise->addResult(std::move(read));
        promise->finish();
    });
}

void ImportDialog::showReading() {
    m_status->setText(tr("Reading %1 (%2 MB)\u2026")
                          .arg(QFileInfo(m_fileName).fileName())
                          .arg(double(QFileInfo(m_fileName).size()) / 1e6, 0, 'f', 1));
    m_status->setStyleSheet(QString());
    m_progress->show();
    m_import->setEnabled(false);
    m_resize->setEnabled(false);
}

void ImportDialog::showPlan() {
    m_progress->hide();
    const ImportPlan &p = m_plan;
    m_heading->setText(
        tr("<b>Import into %1</b>%2<br>from %3")
            .arg(p.targetName.toHtmlEscaped(),
                 p.targetShape.isEmpty() ? QString() : tr(" \u2014 now ") + p.targetShape,
                 QFileInfo(m_fileName).fileName().toHtmlEscaped()));
    m_heading->setToolTip(m_fileName);

    QStringList read;
    if (p.read.ok() && !p.read.description.isEmpty())
        read << tr("Read: %1, %2\u00d7%3")
                    .arg(p.read.description)
                    .arg(p.read.matrix.rows())
                    .arg(p.read.matrix.cols());
    for (const QString &note : p.read.notes)
        read << QStringLiteral("\u2022 ") + note;
    m_read->setText(read.join("\n"));
    m_read->setVisible(!read.isEmpty());

    const attn::Matrix &m = p.read.matrix;
    const int rows = int(std::min<Eigen::Index>(m.rows(), kPreviewRows));
    const int cols = int(std::min<Eigen::Index>(m.cols(), kPreviewCols));
    const bool moreRows = m.rows() > rows, moreCols = m.cols() > cols;
    m_preview->clear();
    m_preview->setRowCount(p.ok() ? rows + (moreRows ? 1 : 0) : 0);
    m_preview->setColumnCount(p.ok() ? cols + (moreCols ? 1 : 0) : 0);
    m_preview->setVisible(p.ok());
    // Indices from 0, as everywhere in attnviz.
    QStringList rowHeaders, colHeaders;
    for (int r = 0; r < m_preview->rowCount(); ++r)
        rowHeaders << (r < rows ? QString::number(r) : QString());
    for (int c = 0; c < m_preview->columnCount(); ++c)
        colHeaders << (c < cols ? QString::number(c) : QString());
    m_preview->setVerticalHeaderLabels(rowHeaders);
    m_preview->setHorizontalHeaderLabels(colHeaders);
    for (int r = 0; p.ok() && r < m_preview->rowCount(); ++r) {
        for (int c = 0; c < m_preview->columnCount(); ++c) {
            const bool ellipsis = r >= rows || c >= cols;
            auto *item = new QTableWidgetItem(ellipsis ? QStringLiteral("\u2026")
                                                       : attn::notation::cell(m(r, c)));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_preview->setItem(r, c, item);
        }
    }

    QString status;
    QString style;
    if (!p.ok()) {
        status = tr("Cannot import: %1").arg(p.error);
        style = QStringLiteral("color: #8a1010;");
    } else if (p.fits) {
        status = tr("\u2713 The shape fits %1.").arg(p.targetName);
    } else if (p.canResize()) {
        status = p.mismatch + "\n" + tr("Resize and import changes %1.").arg(p.resizeSummary);
        style = QStringLiteral("color: #7a4a00;");
    } else {
        status = p.mismatch + "\n" + tr("It cannot be resized to fit: %1").arg(p.resizeProblem);
        style = QStringLiteral("color: #8a1010;");
    }
    m_status->setText(status);
    m_status->setStyleSheet(style);
    m_import->setEnabled(p.canImport());
    m_import->setVisible(p.fits || !p.ok());
    m_resize->setEnabled(p.canResize());
    m_resize->setVisible(p.ok() && !p.fits);
    (p.canImport() ? m_import : m_resize)->setDefault(true);
}

bool ImportDialog::importNow(bool resize) {
    if (m_reading)
        return false; // the buttons are disabled meanwhile
    QString error;
    if (!applyImport(*m_doc, m_plan, resize, &error)) {
        m_status->setText(tr("Nothing was imported: %1").arg(error));
        m_status->setStyleSheet(QStringLiteral("color: #8a1010;"));
        return false;
    }
    accept();
    return true;
}

bool importMatrixInteractively(Document *doc, MatrixId target, QWidget *parent) {
    const QString name = matrixDisplayName(target, doc->headCount());
    const QString file = QFileDialog::getOpenFileName(
        parent, QCoreApplication::translate("ImportDialog", "Import %1 from a file").arg(name),
        exportDirectory(),
        QCoreApplication::translate(
            "ImportDialog",
            "Matrices (*.csv *.tsv *.txt *.npy *.npz *.safetensors);;CSV (*.csv);;TSV and "
            "text (*.tsv *.txt);;NumPy array (*.npy);;NumPy archive (*.npz);;safetensors "
            "checkpoint (*.safetensors);;All files (*)"));
    if (file.isEmpty())
        return false;
    setExportDirectory(QFileInfo(file).absolutePath());
    ImportDialog dialog(doc, target, file, parent);
    return dialog.exec() == QDialog::Accepted;
}

} // namespace attn::ui
