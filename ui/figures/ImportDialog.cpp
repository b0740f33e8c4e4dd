#include "ImportDialog.h"

#include "Document.h"
#include "ExportDirectory.h"
#include "Notation.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QVBoxLayout>

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
      m_heading(wrappingLabel(this)), m_arrayLabel(new QLabel(tr("&Array:"), this)),
      m_arrays(new QComboBox(this)), m_read(wrappingLabel(this)), m_preview(new QTableWidget(this)),
      m_status(wrappingLabel(this)) {
    setWindowTitle(tr("Import matrix"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);

    auto *arrayRow = new QHBoxLayout;
    m_arrayLabel->setBuddy(m_arrays);
    arrayRow->addWidget(m_arrayLabel);
    arrayRow->addWidget(m_arrays, 1);
    layout->addLayout(arrayRow);
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

    // An .npz holds several arrays: list them (with dtype and shape) and let the user choose.
    const bool npz = attn::importFormatOf(fileName) == attn::ImportFormat::Npz;
    m_arrayLabel->setVisible(npz);
    m_arrays->setVisible(npz);
    if (npz) {
        const attn::NpzListing listing = attn::listNpzArrays(fileName);
        auto *model = qobject_cast<QStandardItemModel *>(m_arrays->model());
        for (const attn::NpzArrayInfo &info : listing.arrays) {
            QString text = info.name;
            if (!info.dtype.isEmpty())
                text += QStringLiteral(" \u2014 %1, %2").arg(info.shape, info.dtype);
            if (!info.problem.isEmpty())
                text += QStringLiteral(" \u2014 ") + info.problem;
            m_arrays->addItem(text, info.name);
            if (!info.problem.isEmpty() && model)
                model->item(m_arrays->count() - 1)->setEnabled(false);
        }
        // Start on the first array that can be read.
        for (size_t i = 0; i < listing.arrays.size(); ++i)
            if (listing.arrays[i].problem.isEmpty()) {
                m_arrays->setCurrentIndex(int(i));
                break;
            }
        connect(m_arrays, &QComboBox::currentIndexChanged, this,
                [this](int index) { chooseArray(m_arrays->itemData(index).toString()); });
    }
    replan();
    setMinimumWidth(560);
    adjustSize();
}

QString ImportDialog::statusText() const {
    return m_status->text();
}

void ImportDialog::chooseArray(const QString &name) {
    const int index = m_arrays->findData(name);
    if (index >= 0 && index != m_arrays->currentIndex()) {
        m_arrays->setCurrentIndex(index); // re-enters through currentIndexChanged
        return;
    }
    replan();
}

void ImportDialog::replan() {
    const QString array = m_arrays->currentData().toString(); // "" unless an .npz
    m_plan = planImport(*m_doc, m_target, m_fileName, array);
    showPlan();
}

void ImportDialog::showPlan() {
    const ImportPlan &p = m_plan;
    m_heading->setText(tr("<b>Import into %1</b>%2<br>from %3")
                           .arg(p.targetName.toHtmlEscaped(),
                                p.targetShape.isEmpty()
                                    ? QString()
                                    : QStringLiteral(" \u2014 now ") + p.targetShape,
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
        parent, QObject::tr("Import %1 from a file").arg(name), exportDirectory(),
        QObject::tr("Matrices (*.csv *.tsv *.txt *.npy *.npz);;CSV (*.csv);;TSV and text (*.tsv "
                    "*.txt);;NumPy array (*.npy);;NumPy archive (*.npz);;All files (*)"));
    if (file.isEmpty())
        return false;
    setExportDirectory(QFileInfo(file).absolutePath());
    ImportDialog dialog(doc, target, file, parent);
    return dialog.exec() == QDialog::Accepted;
}
