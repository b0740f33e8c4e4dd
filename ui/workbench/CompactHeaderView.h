// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFontMetricsF>
#include <QHeaderView>

#include <optional>

namespace attn::ui {

// A table header that measures thousands of sections quickly. Qt lays each section's text out
// through the style (about 15 µs apiece): for every section when the columns are fitted to
// their contents and for 200 of them for the header's own size, again at every change of the
// model (10–20 ms per change at 4096 tokens, on the GUI thread). Beyond kStyledSections
// sections the style measures the first one; the others differ from it only by the advance of
// their one-line text (same font, no icon), which is all that is measured for them (a pixel
// wider at most than the style would make them).
class CompactHeaderView : public QHeaderView {
    Q_OBJECT
public:
    explicit CompactHeaderView(Qt::Orientation orientation, QWidget *parent = nullptr);

    static constexpr int kStyledSections = 64;
    // A text's width in the fast measure: its advance rounded up and a pixel more, never less
    // than the style's measure whichever way that rounds.
    static int textWidth(const QFontMetricsF &metrics, const QString &text);

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
    void changeEvent(QEvent *event) override;

private:
    struct Reference {
        QSize size;   // of section 0, measured by the style
        int textSize; // the width of its text, as widthOf() measures it
        QFontMetricsF metrics;
        double digitWidth; // of every digit, or -1 when they differ
        int widthOf(const QString &text) const;
    };
    mutable std::optional<Reference> m_reference; // for the current font and style
};

} // namespace attn::ui
