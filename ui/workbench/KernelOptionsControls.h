// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QSpinBox;

namespace attn::ui {

class Document;
class RefusalLabel;

// "Masks, bias, shared keys": the options of how attention is computed in practice. A sliding
// window (w previous keys, the token itself, g global tokens), the ALiBi bias with the current
// head's slope, and the current head's key/value group with the heads that share its Wk and Wv.
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

private:
    void applyWindow();
    void applyAlibi(bool on);
    void applyGroup(int group);
    void sync();

    Document *m_doc;
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
