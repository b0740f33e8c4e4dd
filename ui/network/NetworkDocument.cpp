// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkDocument.h"

#include <algorithm>

namespace attn::ui {

NetworkDocument::NetworkDocument(NetworkInterventions &interventions, QObject *parent)
    : QObject(parent), m_interventions(interventions) {}

void NetworkDocument::setText(const QString &text) {
    if (text == m_text)
        return;
    m_text = text;
    emit textChanged(m_text);
}

void NetworkDocument::setCompareText(const QString &text) {
    if (text == m_compareText)
        return;
    m_compareText = text;
    emit compareTextChanged(m_compareText);
}

void NetworkDocument::choose(int layer, int head) {
    if (layer < 0 || head < 0)
        layer = head = -1;
    if (layer == m_layer && head == m_head)
        return;
    m_layer = layer;
    m_head = head;
    emit chosenChanged(m_layer, m_head);
}

void NetworkDocument::choosePosition(int position) {
    position = std::max(position, -1);
    if (position == m_position)
        return;
    m_position = position;
    emit positionChosen(m_position);
}

} // namespace attn::ui
