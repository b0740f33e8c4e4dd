// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/HeadWeightSource.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace attn::ui {

class Document;

// Fills Wq, Wk and Wv of every head from a checkpoint (ui/document/HeadWeightSource): from one
// fused tensor (GPT-2's c_attn.weight) or three (BERT's query/key/value.weight), the number of
// heads, and whether to transpose. It guesses the tensors from their names, says what will
// change before anything does, and fills in one undo step.
class HeadWeightsDialog : public QDialog {
    Q_OBJECT
public:
    HeadWeightsDialog(Document *doc, const QString &fileName, QWidget *parent = nullptr);

    HeadWeightSource source() const;
    QRadioButton *fusedButton() const { return m_fusedButton; }
    QRadioButton *separateButton() const { return m_separateButton; }
    QComboBox *tensorBox(int which) const; // 0 fused, 1 query, 2 key, 3 value
    QCheckBox *transposeBox() const { return m_transpose; }
    QSpinBox *headsBox() const { return m_heads; }
    QString summaryText() const;
    QPushButton *fillButton() const { return m_fill; }
    // Fills the heads; on success accepts the dialog, on failure shows why and stays open.
    bool fillNow();

private:
    void update();

    Document *m_doc;
    QString m_fileName;
    QRadioButton *m_fusedButton;
    QRadioButton *m_separateButton;
    QComboBox *m_boxes[4];
    QCheckBox *m_transpose;
    QSpinBox *m_heads;
    QLabel *m_summary;
    QPushButton *m_fill;
};

// A file dialog for a .safetensors or .npz file, then the HeadWeightsDialog. Returns whether the
// document changed.
bool importHeadWeightsInteractively(Document *doc, QWidget *parent);

} // namespace attn::ui
