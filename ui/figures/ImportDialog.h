#pragma once

#include "ImportPlan.h"

#include <QDialog>

class Document;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

// Previews importing one file into one input matrix before anything changes: what was read
// (format, dtype, notes), its first rows, and whether its shape fits. When it does not, it says
// exactly what differs and offers to resize the inputs (one undo step). For an .npz it lets
// the user pick the array. A file that cannot be read shows the core's message and offers
// nothing to import. All the work is in ImportPlan; the dialog only shows it.
class ImportDialog : public QDialog {
    Q_OBJECT
public:
    static constexpr int kPreviewRows = 8;
    static constexpr int kPreviewCols = 8;

    ImportDialog(Document *doc, MatrixId target, const QString &fileName,
                 QWidget *parent = nullptr);

    const ImportPlan &plan() const { return m_plan; }
    QComboBox *arrayChooser() const { return m_arrays; } // visible for .npz files only
    QPushButton *importButton() const { return m_import; }
    QPushButton *resizeButton() const { return m_resize; }
    QTableWidget *preview() const { return m_preview; }
    QString statusText() const;

    void chooseArray(const QString &name); // re-plans with that .npz array
    // Applies the plan (resizing if asked); on success accepts the dialog, on failure shows
    // the message and stays open.
    bool importNow(bool resize);

private:
    void replan();
    void showPlan();

    Document *m_doc;
    MatrixId m_target;
    QString m_fileName;
    ImportPlan m_plan;
    QLabel *m_heading;
    QLabel *m_arrayLabel;
    QComboBox *m_arrays;
    QLabel *m_read;
    QTableWidget *m_preview;
    QLabel *m_status;
    QPushButton *m_import;
    QPushButton *m_resize;
};

// The whole interaction: a file dialog (CSV, TSV, .npy, .npz), then the ImportDialog.
// Returns whether the document changed.
bool importMatrixInteractively(Document *doc, MatrixId target, QWidget *parent);
