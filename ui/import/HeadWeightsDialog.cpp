// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadWeightsDialog.h"

#include "document/Document.h"
#include "document/ExportDirectory.h"
#include "io/ArrayListing.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

// The first name ending in one of `suffixes`, as the checkpoints of Hugging Face name them.
int guess(const QComboBox *box, const QStringList &suffixes) {
    for (const QString &suffix : suffixes)
        for (int i = 0; i < box->count(); ++i)
            if (box->itemText(i).endsWith(suffix))
                return i;
    return -1;
}

} // namespace

HeadWeightsDialog::HeadWeightsDialog(Document *doc, const QString &fileName, QWidget *parent)
    : QDialog(parent), m_doc(doc), m_fileName(fileName),
      m_fusedButton(new QRadioButton(tr("One &fused tensor, p \u00d7 3p: [Wq | Wk | Wv]"), this)),
      m_separateButton(new QRadioButton(tr("Three &separate tensors, p \u00d7 p each"), this)),
      m_transpose(
          new QCheckBox(tr("&Transpose each tensor (nn.Linear stores out \u00d7 in)"), this)),
      m_heads(new QSpinBox(this)), m_summary(new QLabel(this)) {
    setWindowTitle(tr("Wq, Wk, Wv of every head from a checkpoint"));
    for (QComboBox *&box : m_boxes)
        box = new QComboBox(this);
    auto *layout = new QVBoxLayout(this);
    auto *heading = new QLabel(tr("<b>Fill Wq, Wk and Wv of every head</b><br>from %1")
                                   .arg(QFileInfo(fileName).fileName().toHtmlEscaped()),
                               this);
    heading->setToolTip(fileName);
    layout->addWidget(heading);

    // Every 2-D float tensor is a candidate.
    const attn::ArrayListing listing = attn::listArrays(fileName);
    QStringList names;
    for (const attn::ArrayInfo &info : listing.arrays)
        if (info.problem.isEmpty() && info.shape.size() == 2)
            names << info.name;
    for (QComboBox *box : m_boxes) {
        box->addItems(names);
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(28);
    }

    auto *form = new QFormLayout;
    form->addRow(m_fusedButton);
    form->addRow(tr("GPT-2 c_attn.weight:"), m_boxes[0]);
    form->addRow(m_separateButton);
    form->addRow(tr("query:"), m_boxes[1]);
    form->addRow(tr("key:"), m_boxes[2]);
    form->addRow(tr("value:"), m_boxes[3]);
    m_heads->setRange(1, Document::maximumDimension(Dimension::Heads));
    m_heads->setValue(doc->headCount());
    form->addRow(tr("&Heads H:"), m_heads);
    form->addRow(m_transpose);
    layout->addLayout(form);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    auto *buttons = new QDialogButtonBox(this);
    m_fill = buttons->addButton(tr("&Fill the heads"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(m_fill, &QPushButton::clicked, this, [this] { fillNow(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // BERT-like names choose three transposed tensors; otherwise one fused (GPT-2).
    const int q = guess(m_boxes[1], {"query.weight", "q_proj.weight"});
    const int k = guess(m_boxes[2], {"key.weight", "k_proj.weight"});
    const int v = guess(m_boxes[3], {"value.weight", "v_proj.weight"});
    const bool separate = q >= 0 && k >= 0 && v >= 0;
    m_boxes[0]->setCurrentIndex(std::max(0, guess(m_boxes[0], {"c_attn.weight"})));
    m_boxes[1]->setCurrentIndex(std::max(0, q));
    m_boxes[2]->setCurrentIndex(std::max(0, k));
    m_boxes[3]->setCurrentIndex(std::max(0, v));
    (separate ? m_separateButton : m_fusedButton)->setChecked(true);
    m_transpose->setChecked(separate);

    for (QComboBox *box : m_boxes)
        connect(box, &QComboBox::currentIndexChanged, this, &HeadWeightsDialog::update);
    connect(m_fusedButton, &QRadioButton::toggled, this, &HeadWeightsDialog::update);
    connect(m_transpose, &QCheckBox::toggled, this, &HeadWeightsDialog::update);
    connect(m_heads, &QSpinBox::valueChanged, this, &HeadWeightsDialog::update);
    if (!listing.ok())
        m_summary->setText(listing.error);
    update();
}

QComboBox *HeadWeightsDialog::tensorBox(int which) const {
    return m_boxes[which];
}

QString HeadWeightsDialog::summaryText() const {
    return m_summary->text();
}

HeadWeightSource HeadWeightsDialog::source() const {
    HeadWeightSource s;
    s.file = m_fileName;
    s.fused = m_fusedButton->isChecked();
    s.fusedTensor = m_boxes[0]->currentText();
    s.query = m_boxes[1]->currentText();
    s.key = m_boxes[2]->currentText();
    s.value = m_boxes[3]->currentText();
    s.transpose = m_transpose->isChecked();
    s.heads = m_heads->value();
    return s;
}

void HeadWeightsDialog::update() {
    const bool fused = m_fusedButton->isChecked();
    m_boxes[0]->setEnabled(fused);
    for (int i = 1; i < 4; ++i)
        m_boxes[i]->setEnabled(!fused);
    QString summary, error;
    const bool ok = describeHeadWeights(*m_doc, source(), &summary, &error);
    m_summary->setText(ok ? summary : error);
    m_summary->setStyleSheet(ok ? QString() : QStringLiteral("color: #8a1010;"));
    m_fill->setEnabled(ok);
}

bool HeadWeightsDialog::fillNow() {
    QString error;
    if (!fillHeadWeights(*m_doc, source(), &error)) {
        m_summary->setText(tr("Nothing changed: %1").arg(error));
        m_summary->setStyleSheet(QStringLiteral("color: #8a1010;"));
        return false;
    }
    accept();
    return true;
}

bool importHeadWeightsInteractively(Document *doc, QWidget *parent) {
    const QString file = QFileDialog::getOpenFileName(
        parent,
        QCoreApplication::translate("HeadWeightsDialog",
                                    "Wq, Wk, Wv of every head from a checkpoint"),
        exportDirectory(),
        QCoreApplication::translate("HeadWeightsDialog",
                                    "Checkpoints (*.safetensors *.npz);;All files (*)"));
    if (file.isEmpty())
        return false;
    setExportDirectory(QFileInfo(file).absolutePath());
    HeadWeightsDialog dialog(doc, file, parent);
    return dialog.exec() == QDialog::Accepted;
}

} // namespace attn::ui
