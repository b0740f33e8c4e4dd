// SPDX-License-Identifier: GPL-3.0-or-later
#include "AddedTokens.h"

#include <QStringView>

#include <algorithm>

namespace attn {

namespace {

bool wordChar(QChar c) {
    return c.isLetterOrNumber() || c == u'_';
}

} // namespace

AddedTokenMatcher::AddedTokenMatcher(std::vector<AddedToken> tokens) {
    // An empty token would match everywhere; a later duplicate would never match.
    for (AddedToken &t : tokens) {
        if (t.content.isEmpty())
            continue;
        if (std::any_of(tokens_.begin(), tokens_.end(),
                        [&t](const AddedToken &o) { return o.content == t.content; }))
            continue;
        tokens_.push_back(std::move(t));
    }
    for (int i = 0; i < int(tokens_.size()); ++i)
        byFirstChar_[tokens_[std::size_t(i)].content.front()].push_back(i);
    for (auto it = byFirstChar_.begin(); it != byFirstChar_.end(); ++it)
        std::stable_sort(it->begin(), it->end(), [this](int a, int b) {
            return tokens_[std::size_t(a)].content.size() > tokens_[std::size_t(b)].content.size();
        });
}

std::vector<TextSegment> AddedTokenMatcher::split(const QString &text) const {
    std::vector<TextSegment> out;
    if (tokens_.empty()) {
        if (!text.isEmpty())
            out.push_back({text, -1});
        return out;
    }
    const QStringView view(text);
    qsizetype plainStart = 0, i = 0;
    while (i < text.size()) {
        const auto candidates = byFirstChar_.constFind(text[i]);
        int found = -1;
        if (candidates != byFirstChar_.constEnd()) {
            for (int index : *candidates) {
                const AddedToken &t = tokens_[std::size_t(index)];
                if (!view.sliced(i).startsWith(t.content))
                    continue;
                const qsizetype end = i + t.content.size();
                if (t.singleWord && ((i > 0 && wordChar(text[i - 1])) ||
                                     (end < text.size() && wordChar(text[end]))))
                    continue;
                found = index;
                break;
            }
        }
        if (found < 0) {
            ++i;
            continue;
        }
        const AddedToken &t = tokens_[std::size_t(found)];
        qsizetype plainEnd = i;
        if (t.lstrip)
            while (plainEnd > plainStart && text[plainEnd - 1].isSpace())
                --plainEnd;
        if (plainEnd > plainStart)
            out.push_back({text.sliced(plainStart, plainEnd - plainStart), -1});
        out.push_back({t.content, found});
        i += t.content.size();
        if (t.rstrip)
            while (i < text.size() && text[i].isSpace())
                ++i;
        plainStart = i;
    }
    if (plainStart < text.size())
        out.push_back({text.sliced(plainStart), -1});
    return out;
}

} // namespace attn
