// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/ImportPlan.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTreeWidget;

namespace attn::ui {

class Document;

// Previews importing one file into one input matrix before anything changes: what was read
// (format, dtype, notes), its first rows, and whether its shape fits. When it does not, it says
// exactly what differs and offers to resize the inputs (one undo step). For an .npz or a
// safetensors checkpoint it lists the arrays (name, dtype, shape; those that cannot be imported
// greyed, with why) under a filter box. Any array can be sliced in NumPy notation and transposed.
// A file that cannot be read shows the core's message and offers nothing to import. All the work
// is in ImportPlan; the dialog only shows it (reading a large file on a worker thread).
class ImportDialog : public QDialog {
    Q_OBJECT
public:
    static constexpr int kPreviewRows = 8;
    static constexpr int kPreviewCols = 8;
    // Larger files are read on a worker thread (the plan arrives when it is done).
    static constexpr qint64 kQuickReadBytes = 4'000'000;

    ImportDialog(Document *doc, MatrixId target, const QString &fileName,
                 QWidget *parent = nullptr);

    const ImportPlan &plan() const { return m_plan; }
    bool isReading() const { return m_reading; }        // a large file is being read
    QTreeWidget *arrayList() const { return m_arrays; } // .npz and safetensors files only
    QLineEdit *filterBox() const { return m_filter; }
    QLineEdit *sliceField() const { return m_slice; }
    QCheckBox *transposeBox() const { return m_transpose; }
    QPushButton *importButton() const { return m_import; }
    QPushButton *resizeButton() const { return m_resize; }
    QTableWidget *preview() const { return m_preview; }
    QString statusText() const;

    void chooseArray(const QString &name); // re-plans with that array or tensor
    void setFilter(const QString &text);   // shows the arrays whose name contains it
    void setSlice(const QString &slice);   // "[:, 0:64]"; re-plans at once
    void setTransposed(bool transposed);
    // Applies the plan (resizing if asked); on success accepts the dialog, on failure shows
    // the message and stays open.
    bool importNow(bool resize);

private:
    void listArrays();
    QString currentArray() const;
    void replan();
    void showReading();
    void showPlan();

    Document *m_doc;
    MatrixId m_target;
    QString m_fileName;
    ImportPlan m_plan;
    quint64 m_readGeneration = 0; // the newest read; older ones are dropped
    bool m_reading = false;
    QLabel *m_heading;
    QLineEdit *m_filter;
    QTreeWidget *m_arrays;
    QLineEdit *m_slice;
    QCheckBox *m_transpose;
    QLabel *m_read;
    QTableWidget *m_preview;
    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_import;
    QPushButton *m_resize;
};

// The whole interaction: a file dialog (CSV, TSV, .npy, .npz, .safetensors), then the
// ImportDialog.
// Returns whether the document changed.
bool importMatrixInteractively(Document *doc, MatrixId target, QWidget *parent);

} // namespace attn::ui
