// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RefusalLabel.h"

#include "document/Dimension.h"

#include <QWidget>

#include <map>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QToolButton;

namespace attn::ui {

class Document;
struct DocumentChange;

// Sizes and options: n, p, d_k, d_v, heads, current head, m, p_c, p_out; the initializer for new
// cells and its seed; scaling, temperature (log slider), causal, cross-attention, clear mask.
// Every edit goes through the Document; the panel follows the document (undo included), with
// signals blocked while it does so, so a refresh never echoes back as an edit.
class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr double kMinTemperature = 0.05;
    static constexpr double kMaxTemperature = 20.0;
    static constexpr int kSliderSteps = 1000;

    explicit ControlsPanel(Document *doc, QWidget *parent = nullptr);

    QSpinBox *dimensionSpinBox(Dimension dim) const;
    QSpinBox *currentHeadSpinBox() const { return m_currentHead; }
    QComboBox *initializerCombo() const { return m_initializer; }
    QSpinBox *seedSpinBox() const { return m_seed; }
    QCheckBox *scaleCheckBox() const { return m_scale; }
    QSlider *temperatureSlider() const { return m_temperature; }
    QLabel *temperatureLabel() const { return m_temperatureValue; }
    QCheckBox *causalCheckBox() const { return m_causal; }
    QComboBox *positionalCombo() const { return m_positional; }
    QCheckBox *crossAttentionCheckBox() const { return m_crossAttention; }
    QPushButton *clearMaskButton() const { return m_clearMask; }
    QString message() const; // a refused size, "" when none
    // Its groups stacked (a side panel) or side by side (a strip under the heatmaps).
    void setOrientation(Qt::Orientation orientation);
    Qt::Orientation orientation() const;

    // The log-scale mapping of the slider (position 500 = temperature 1).
    static double temperatureAt(int position);
    static int positionOf(double temperature);

private:
    QWidget *buildSizes();
    QWidget *buildNewCells();
    QWidget *buildAttention();
    void applyDimension(Dimension dim, int value);
    void showMessage(const QString &message);
    void sync();

    Document *m_doc;
    QBoxLayout *m_groups = nullptr;
    std::map<Dimension, QSpinBox *> m_dims;
    QSpinBox *m_currentHead = nullptr;
    QComboBox *m_initializer = nullptr;
    QSpinBox *m_seed = nullptr;
    QCheckBox *m_scale = nullptr;
    QSlider *m_temperature = nullptr;
    QLabel *m_temperatureValue = nullptr;
    QToolButton *m_resetTemperature = nullptr;
    QCheckBox *m_causal = nullptr;
    QComboBox *m_positional = nullptr;
    QDoubleSpinBox *m_ropeTheta = nullptr;
    // The positions combo's item of half-split RoPE (the others hold an attn::Positional).
    static constexpr int kRopeHalfItem = 100;
    QCheckBox *m_crossAttention = nullptr;
    QPushButton *m_clearMask = nullptr;
    RefusalLabel *m_message = nullptr;
};

} // namespace attn::ui
