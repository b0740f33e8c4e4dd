// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace attn::ui {

class Document;
class RefusalLabel;

// "Masks, bias, shared keys": the options of how attention is computed in practice. A sliding
// window (w previous keys, the token itself, g global tokens), the ALiBi bias with the current
// head's slope, the current head's key/value group with the heads that share its Wk and Wv, and
// what the newer model families add: the scores' scale (√scale_dim instead of √d_k), their soft
// cap, the QK norm, and RoPE on part of the dimensions or with scaled frequencies.
// Every edit goes through the Document; the controls follow it (undo included) with signals
// blocked, so a refresh never echoes back as an edit.
class KernelOptionsControls : public QWidget {
    Q_OBJECT
public:
    explicit KernelOptionsControls(Document *doc, QWidget *parent = nullptr);

    QSpinBox *windowSpinBox() const { return m_window; }
    QCheckBox *windowSelfCheckBox() const { return m_self; }
    QSpinBox *globalSpinBox() const { return m_global; }
    QCheckBox *alibiCheckBox() const { return m_alibi; }
    QLabel *slopeLabel() const { return m_slope; }
    QSpinBox *kvGroupSpinBox() const { return m_group; }
    QLabel *sharingLabel() const { return m_sharing; }
    QDoubleSpinBox *scaleDimSpinBox() const { return m_scaleDim; }
    QDoubleSpinBox *softcapSpinBox() const { return m_softcap; }
    QCheckBox *qkNormCheckBox() const { return m_qkNorm; }
    QDoubleSpinBox *qkNormEpsilonSpinBox() const { return m_qkEpsilon; }
    QSpinBox *rotaryDimsSpinBox() const { return m_rotaryDims; }
    QComboBox *ropeScalingCombo() const { return m_ropeScaling; }

private:
    void applyWindow();
    void applyAlibi(bool on);
    void applyGroup(int group);
    void applyScores();
    void applyQkNorm();
    void applyRope();
    void sync();

    Document *m_doc;
    QDoubleSpinBox *m_scaleDim, *m_softcap, *m_qkEpsilon;
    QCheckBox *m_qkNorm;
    QSpinBox *m_rotaryDims;
    QComboBox *m_ropeScaling;
    QDoubleSpinBox *m_ropeFactor, *m_lowFreq, *m_highFreq, *m_originalPositions;
    QSpinBox *m_window;
    QCheckBox *m_self;
    QSpinBox *m_global;
    QCheckBox *m_alibi;
    QLabel *m_slope;
    QSpinBox *m_group;
    QLabel *m_sharing;
    RefusalLabel *m_message;
};

} // namespace attn::ui
