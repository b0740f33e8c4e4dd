// SPDX-License-Identifier: GPL-3.0-or-later
#include <QtTest>
class TestCheckpoint : public QObject {
    Q_OBJECT
};
QTEST_GUILESS_MAIN(TestCheckpoint)
#include "test_checkpoint.moc"
