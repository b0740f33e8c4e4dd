// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Products, cases and index samples shared by the Interpretations tests
// (test_interpretation_readings, test_interpretation_widgets, test_interpretations).

#include "Attention.h"
#include "Initializer.h"
#include "TestSupport.h"
#include "headreadings/InterpretedProduct.h"
#include "headreadings/TokenLabels.h"
#include "io/Session.h"

#include <QFileInfo>
#include <QList>
#include <QtTest>

namespace testsupport {

// The product of `head` of the inputs' result as the view shows it in `layout` (results are
// computed in rows; the layout is the view's).
inline InterpretedProduct productOf(const attn::AttentionInputs &inputs, attn::Layout layout,
                                    Product product, int head = 0) {
    const attn::AttentionResult r = attn::compute(inputs);
    return interpretProduct(r, layout, head, product, attn::tokenLabels(inputs.tokens),
                            attn::tokenLabels(inputs.sourceTokens()));
}

// Every index when there are few, otherwise a spread of them (first, last, some between).
inline QList<int> sample(int count) {
    QList<int> out;
    const int step = count <= 12 ? 1 : count / 7;
    for (int i = 0; i < count; i += step)
        out << i;
    if (!out.contains(count - 1) && count > 0)
        out << count - 1;
    return out;
}

// 0, 1, …, count − 1.
inline QList<int> range(int count) {
    QList<int> out;
    for (int i = 0; i < count; ++i)
        out << i;
    return out;
}

// The reference cases and random ones (rectangular, causal, multi-head and cross-attention),
// as the column "inputs".
inline void addInterpretationCases() {
    QTest::addColumn<attn::AttentionInputs>("inputs");
    for (const QString &file : referenceFiles())
        QTest::newRow(qPrintable(QFileInfo(file).baseName())) << attn::loadSessionFile(file).inputs;
    for (quint32 seed : {1u, 2u, 3u}) {
        attn::AttentionInputs in = randomExample(seed, 5 + int(seed), 6, 2 + int(seed), 3);
        if (seed == 2)
            in.options.causal = true;
        QTest::newRow(qPrintable(QString("random %1").arg(seed))) << in;
    }
}

} // namespace testsupport

Q_DECLARE_METATYPE(attn::AttentionInputs)
