#pragma once

#include "Attention.h"

#include <QWidget>

#include <memory>

class Document;
class Recomputer;

// Base of the insight panels: follows the Recomputer's results and the Document's view state
// (selected query, current head, layout) and redraws through refresh(). The panels live in
// tabbed docks, most of them hidden at any moment, so a hidden panel only notes that it is
// stale and catches up when it is shown: an edit at n = 1024 pays only for what is on screen.
class InsightView : public QWidget {
    Q_OBJECT
public:
    InsightView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    Document *document() const { return m_document; }
    Recomputer *recomputer() const { return m_recomputer; }
    bool isStale() const { return m_stale; }
    // Brings the panel up to date now, shown or not (tests, export).
    void refreshNow();

protected:
    // Reads recomputer()->result() and the document; always bounds-checks (a result may trail
    // the document by one edit).
    virtual void refresh() = 0;
    // Something it shows changed: refresh now when visible, otherwise when next shown.
    void invalidate();
    void showEvent(QShowEvent *event) override;
    // Called for every new result, shown or not, before the panel is invalidated (a panel that
    // must remember results, like the before/after difference, keeps them here).
    virtual void resultArrived(const std::shared_ptr<const attn::AttentionResult> &) {}
    // The selected query moved. By default a full refresh; a panel that only highlights the
    // selection (the readouts table) does less, and is not rebuilt under its own click.
    virtual void selectedRowChanged() { invalidate(); }

private:
    Document *m_document;
    Recomputer *m_recomputer;
    bool m_stale = true;
};
