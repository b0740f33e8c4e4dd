// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"

#include "Matrix.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace attn::ui {

// Query tokens in a column on the left, key tokens on the right (the context's tokens under
// cross-attention), one line per (query, key) pair whose thickness and opacity grow with its
// weight. Hovering a token isolates its lines (the others fade); clicking a query token selects
// it (Up/Down move the selection when the view has the focus). With "all heads" every head's
// lines are drawn in its own colour (Okabe–Ito, colour-blind safe). Up to kReadableTokens tokens
// a side every line is drawn; beyond, only lines of weight ≥ kLargeThreshold, and the caption
// says so. The picture has no layout of its own: the weights are read in the row layout.
class TokenLinksView : public InsightView {
    Q_OBJECT
public:
    enum class Side { Query, Key };
    struct Link {
        int head = 0;
        int query = 0;
        int key = 0;
        double weight = 0;
    };

    static constexpr int kReadableTokens = 64;
    static constexpr double kLargeThreshold = 0.05;

    TokenLinksView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    void setAllHeads(bool on);
    bool allHeads() const { return m_allHeads; }
    // The lines drawn, weakest first (the order they are painted in).
    const std::vector<Link> &links() const { return m_links; }
    // The weight a line would have, read from the head's weights (row layout); 0 if none.
    double weight(int head, int query, int key) const;
    double threshold() const { return m_threshold; } // 0 when every line is drawn
    QString caption() const { return m_caption; }
    QStringList queryLabels() const { return m_queries; }
    QStringList keyLabels() const { return m_keys; }

    // Where a token's label is, in widget pixels.
    QRectF tokenRect(Side side, int index) const;
    // Hover state (also set by the mouse): -1 = none.
    void setHover(Side side, int index);
    Side hoverSide() const { return m_hoverSide; }
    int hoverIndex() const { return m_hoverIndex; }
    // Whether a line is drawn faded (another token is hovered).
    bool isFaded(const Link &link) const;
    QColor lineColor(const Link &link) const; // with its opacity
    double lineWidth(const Link &link) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void allHeadsChanged(bool on);

protected:
    void refresh() override;
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Found {
        std::vector<Link> links; // the strongest kMaxLinks, weakest first
        size_t found = 0;        // lines at or above the threshold
        qint64 candidates = 0;   // unmasked pairs
    };
    static Found findLinks(const attn::AttentionResult &result, const std::vector<int> &heads,
                           int n, int m, double threshold);
    void collectLinks(); // off the GUI thread when large, then showLinks
    void showLinks(Found found);
    void layoutTokens();
    double rowHeight(bool natural = false) const; // natural: ignoring the room there is
    std::pair<Side, int> tokenAt(QPointF pos) const;
    QPointF anchor(Side side, int index, int head) const;

    int drawnHeads() const { return int(m_heads.size()); }

    // Read in place, queries × keys in either layout (no copies: 16 heads at n = 1024 would be
    // 128 MB).
    std::shared_ptr<const attn::AttentionResult> m_result;
    std::vector<int> m_heads; // the heads drawn: the current one, or all
    int m_n = 0, m_m = 0;     // queries, keys
    std::vector<Link> m_links;
    QStringList m_queries, m_keys;
    QString m_caption;
    double m_threshold = 0;
    int m_head = 0; // the current head
    int m_selected = -1;
    bool m_allHeads = false;
    Side m_hoverSide = Side::Query;
    int m_hoverIndex = -1;
    double m_top = 0;                // y of the first token's centre
    double m_queryX = 0, m_keyX = 0; // where the lines start and end
    double m_labelWidth = 0;
    double m_widestToken = 0; // of these labels in this font (bold)
    QString m_measuredFont;
    QStringList m_measuredQueries, m_measuredKeys;
    double m_captionHeight = 0;
    QString m_keyTitle;
};

} // namespace attn::ui
