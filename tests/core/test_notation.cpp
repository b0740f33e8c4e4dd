// SPDX-License-Identifier: GPL-3.0-or-later
#include "InputError.h"
#include "Notation.h"
#include "NumberText.h"
#include "io/DelimitedText.h"

#include <QtTest>

#include <cmath>
#include <limits>

#include "support/TestMainName.h" // last: renames main in a shared executable

// The one numbers-and-notation module: every display and editor style on the same values, so
// a change to one style shows up beside the others.
class TestNotation : public QObject {
    Q_OBJECT

private slots:
    void styles_data();
    void styles();
    void typographic_data();
    void typographic();
    void fixed_data();
    void fixed();
    void parse_data();
    void parse();
    void delimited_data();
    void delimited();
    void sums();
};

namespace {

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const QString kMinus(QChar(0x2212));
const QString kInfinity(QChar(0x221E));

} // namespace

void TestNotation::styles_data() {
    QTest::addColumn<QString>("style"); // cell, precise, number, editor or exact
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("digits"); // number only
    QTest::addColumn<QString>("text");
    auto row = [](const char *name, const char *style, double value, int digits,
                  const QString &text) {
        QTest::newRow(name) << QString(style) << value << digits << text;
    };
    // Heatmap cells: 3 significant digits, at most 4 decimals, never an exponent below 1e15.
    row("cell 0.0452", "cell", 0.0452, 0, "0.0452");
    row("cell 3.9492", "cell", 3.9492, 0, "3.95");
    row("cell 123.456", "cell", 123.456, 0, "123");
    row("cell 0.000123", "cell", 0.000123, 0, "0.0001");
    row("cell -0.25", "cell", -0.25, 0, kMinus + "0.250");
    row("cell 1", "cell", 1.0, 0, "1.00");
    row("cell 0", "cell", 0.0, 0, "0");
    row("cell -0", "cell", -0.0, 0, "0");
    row("cell 1e-6", "cell", 1e-6, 0, "\u22640.0001");
    row("cell -4.5e-5", "cell", -4.5e-5, 0, "\u2265" + kMinus + "0.0001");
    row("cell 123456", "cell", 123456.0, 0, "123456");
    row("cell 1e15", "cell", 1e15, 0, "1.0e15");
    row("cell -inf", "cell", -kInf, 0, kMinus + kInfinity);
    row("cell inf", "cell", kInf, 0, kInfinity);
    row("cell nan", "cell", kNaN, 0, "NaN");
    // Tooltips: 6 significant digits, the same fixed decimals.
    row("precise 1/3", "precise", 1.0 / 3, 0, "0.333333");
    row("precise -1.5", "precise", -1.5, 0, kMinus + "1.5");
    row("precise 12345678", "precise", 12345678.0, 0, "12345678");
    row("precise 1e-5", "precise", 1e-5, 0, "\u2264 0.0001");
    row("precise -1e-5", "precise", -1e-5, 0, "\u2265 " + kMinus + "0.0001");
    row("precise 0.000123456", "precise", 0.000123456, 0, "0.00012346");
    row("precise -0", "precise", -0.0, 0, "0");
    row("precise inf", "precise", kInf, 0, kInfinity);
    row("precise nan", "precise", kNaN, 0, "NaN");
    // Formulas and running text: `digits` significant digits.
    row("number 0.5", "number", 0.5, 4, "0.5");
    row("number -0.5", "number", -0.5, 4, kMinus + "0.5");
    row("number 1/3", "number", 1.0 / 3, 4, "0.3333");
    row("number 2 digits", "number", 0.12345, 2, "0.12");
    row("number 20988200", "number", 20988200.0, 4, "20988200");
    row("number 6 digits", "number", 2.0988249, 6, "2.09882");
    row("number 1.637e-20", "number", 1.637e-20, 4, "\u2264 0.0001");
    row("number -5.2e-46", "number", -5.2e-46, 4, "\u2265 " + kMinus + "0.0001");
    row("number 0.000123", "number", 0.000123, 4, "0.000123");
    row("number 0.99996", "number", 0.99996, 4, "1");
    row("number 1.1e-16", "number", 1.1e-16, 4, "\u2264 0.0001");
    row("number 1e20", "number", 1e20, 4, "1e20");
    row("number 120000", "number", 120000.0, 4, "120000");
    row("number -0", "number", -0.0, 4, "0");
    row("number -inf", "number", -kInf, 4, kMinus + kInfinity);
    row("number nan", "number", kNaN, 4, "NaN");
    // Editors: ASCII, at most four decimals, scientific only where decimals would lose it.
    row("editor 3", "editor", 3.0, 0, "3");
    row("editor 1/3", "editor", 1.0 / 3, 0, "0.3333");
    row("editor -0.25", "editor", -0.25, 0, "-0.25");
    row("editor -4e-5", "editor", -0.00004, 0, "-4e-05");
    row("editor -4.999e-5", "editor", -0.00004999, 0, "-4.999e-05");
    row("editor 5e-5", "editor", 0.00005, 0, "0.0001");
    row("editor 123456.789", "editor", 123456.789, 0, "123456.789");
    row("editor 1e15", "editor", 1e15, 0, "1e+15");
    row("editor -0", "editor", -0.0, 0, "0");
    row("editor -0.00001", "editor", -0.00001, 0, "-1e-05");
    row("editor inf", "editor", kInf, 0, "inf");
    row("editor nan", "editor", kNaN, 0, "nan");
    // Exact: the shortest text that reads back as the value.
    row("exact 0.1", "exact", 0.1, 0, "0.1");
    row("exact 2", "exact", 2.0, 0, "2");
    row("exact 1/3", "exact", 1.0 / 3, 0, "0.3333333333333333");
    row("exact 1e20", "exact", 1e20, 0, "1e+20");
    row("exact 0.0001", "exact", 0.0001, 0, "1e-04");
    row("exact 0.00001", "exact", 0.00001, 0, "1e-05");
    row("exact 120000", "exact", 120000.0, 0, "120000");
    row("exact 1e6", "exact", 1e6, 0, "1e+06");
    row("exact -0", "exact", -0.0, 0, "-0");
    row("exact denormal", "exact", 5e-324, 0, "5e-324");
    row("exact -inf", "exact", -kInf, 0, "-inf");
    row("exact nan", "exact", kNaN, 0, "nan");
    // Cells with a chosen number of decimals (View › Cell decimals); -1 = automatic.
    row("decimals 4 of 3.94922", "decimals", 3.949219, 4, "3.9492");
    row("decimals 4 of -0.25", "decimals", -0.25, 4, "\u22120.2500");
    row("decimals 0 of 7.8588", "decimals", 7.8588, 0, "8");
    row("decimals 2 of 0.001", "decimals", 0.001, 2, "\u22640.01");
    row("decimals 2 of -0.001", "decimals", -0.001, 2, "\u2265\u22120.01");
    row("decimals 6 of 1e-7", "decimals", 1e-7, 6, "\u22640.000001");
    row("decimals 3 of 2e5", "decimals", 2e5, 3, "200000.000");
    row("decimals 9 is 6", "decimals", 1.0 / 3, 9, "0.333333");
    row("decimals 2 of 0", "decimals", 0.0, 2, "0");
    row("decimals auto", "decimals", 0.04523, -1, "0.0452");
    row("decimals 3 of -inf", "decimals", -kInf, 3, "\u2212\u221e");
    // Cells too narrow for three digits: two, at most two decimals.
    row("compact 93.71", "compact", 93.71, -1, "94");
    row("compact -7.22", "compact", -7.22, -1, kMinus + "7.2");
    row("compact 0.806", "compact", 0.806, -1, "0.81");
    row("compact 0.0452", "compact", 0.0452, -1, "0.05");
    row("compact -0.0033", "compact", -0.0033, -1, "0.00");
    row("compact 123456", "compact", 123456.0, -1, "123456");
    // Weights in [0, 1]: fixed decimals, never an exponent, never "−0.000".
    row("weight 3.9e-15", "weight", 3.9e-15, -1, "0.000");
    row("weight 5.1e-25", "weight", 5.1e-25, -1, "0.000");
    row("weight 0.39412", "weight", 0.39412, -1, "0.394");
    row("weight 1", "weight", 1.0, -1, "1.000");
    row("weight 0.99999", "weight", 0.99999, -1, "1.000");
    row("weight -1e-17", "weight", -1e-17, -1, "0.000");
    row("weight 4 decimals", "weight", 0.00012, 4, "0.0001");
    row("weight nan", "weight", kNaN, -1, "NaN");
    // Beside the products it scales: a positive weight below the decimals is not "0.000".
    row("beside 0.0003", "beside", 0.0003, -1, "\u22640.001");
    row("beside 0", "beside", 0.0, -1, "0.000");
    row("beside -1e-17", "beside", -1e-17, -1, "0.000");
    row("beside 0.0006", "beside", 0.0006, -1, "0.001");
    row("beside 0.5", "beside", 0.5, -1, "0.500");
}

// A sum reads as a class writes it: a negative term is subtracted, never "+ −0.949".
void TestNotation::sums() {
    using attn::notation::sum;
    QCOMPARE(sum({"0.3", kMinus + "0.949", "1.2"}), "0.3 " + kMinus + " 0.949 + 1.2");
    QCOMPARE(sum({kMinus + "0.5", "2"}), kMinus + "0.5 + 2");
    QCOMPARE(sum({}), QString());
    QVERIFY(!sum({"1", kMinus + "2", kMinus + "3"}).contains("+ " + kMinus));
}

void TestNotation::styles() {
    QFETCH(QString, style);
    QFETCH(double, value);
    QFETCH(int, digits);
    QFETCH(QString, text);
    QString actual;
    if (style == "cell")
        actual = attn::notation::cell(value);
    else if (style == "decimals")
        actual = attn::notation::cell(value, digits);
    else if (style == "weight")
        actual = attn::notation::weight(value, digits);
    else if (style == "beside")
        actual = attn::notation::weightBeside(value, digits);
    else if (style == "compact")
        actual = attn::notation::compactCell(value);
    else if (style == "precise")
        actual = attn::notation::precise(value);
    else if (style == "number")
        actual = attn::notation::number(value, digits);
    else if (style == "editor")
        actual = attn::notation::editor(value);
    else if (style == "exact")
        actual = attn::notation::exact(value);
    else
        QFAIL(qPrintable("unknown style " + style));
    QCOMPARE(actual, text);
    if (style == "exact" && !std::isnan(value)) { // exact reads back as the very same double
        double back = 0;
        QCOMPARE(attn::parseNumber(text.toStdString(), back), attn::ParsedNumber::Ok);
        QCOMPARE(back, value);
        QCOMPARE(std::signbit(back), std::signbit(value));
    }
}

void TestNotation::typographic_data() {
    QTest::addColumn<QString>("ascii");
    QTest::addColumn<QString>("text");
    QTest::newRow("plain") << "3.25"
                           << "3.25";
    QTest::newRow("negative") << "-0.5" << kMinus + "0.5";
    QTest::newRow("negative exponent") << "-1.5e-05" << kMinus + "1.5e" + kMinus + "5";
    QTest::newRow("positive exponent") << "2e+07"
                                       << "2e7";
    QTest::newRow("three-digit exponent") << "1e+100"
                                          << "1e100";
    QTest::newRow("zero exponent") << "1.0e+00"
                                   << "1.0e0";
    QTest::newRow("unsigned exponent") << "4e05"
                                       << "4e5";
    QTest::newRow("infinity") << "inf" << kInfinity;
    QTest::newRow("minus infinity") << "-inf" << kMinus + kInfinity;
    QTest::newRow("nan") << "nan"
                         << "NaN";
}

void TestNotation::typographic() {
    QFETCH(QString, ascii);
    QFETCH(QString, text);
    QCOMPARE(attn::notation::typographic(ascii), text);
}

void TestNotation::fixed_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("text");
    QTest::newRow("padded") << 0.03 << 4 << "0.0300";
    QTest::newRow("negative") << -1.25 << 2 << "-1.25";
    QTest::newRow("no decimals") << 3.7 << 0 << "4";
    QTest::newRow("tiny negative is not -0") << -0.00001 << 4 << "0.0000";
    QTest::newRow("below 1e9") << 123456789.0 << 1 << "123456789.0";
    QTest::newRow("from 1e9 scientific") << 1.5e9 << 4 << "1.5000e+09";
    QTest::newRow("huge negative") << -2e300 << 2 << "-2.00e+300";
    QTest::newRow("inf") << kInf << 4 << "inf";
    QTest::newRow("-inf") << -kInf << 4 << "-inf";
    QTest::newRow("nan") << kNaN << 4 << "nan";
}

void TestNotation::fixed() {
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(attn::notation::fixed(value, decimals)), text);
}

void TestNotation::parse_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("status"); // attn::ParsedNumber
    QTest::addColumn<double>("value");
    const int ok = int(attn::ParsedNumber::Ok), invalid = int(attn::ParsedNumber::Invalid);
    QTest::newRow("decimal") << "1.5" << ok << 1.5;
    QTest::newRow("exponent") << "-2e-3" << ok << -2e-3;
    QTest::newRow("plus") << "+4" << ok << 4.0;
    QTest::newRow("leading point") << ".5" << ok << 0.5;
    QTest::newRow("inf") << "inf" << ok << kInf;
    QTest::newRow("trailing text") << "1.5x" << invalid << 0.0;
    QTest::newRow("space") << " 1" << invalid << 0.0;
    QTest::newRow("plus minus") << "+-1" << invalid << 0.0;
    QTest::newRow("empty") << "" << invalid << 0.0;
    QTest::newRow("comma") << "1,5" << invalid << 0.0;
    QTest::newRow("overflow") << "1e400" << int(attn::ParsedNumber::OutOfRange) << 0.0;
}

void TestNotation::parse() {
    QFETCH(QString, text);
    QFETCH(int, status);
    QFETCH(double, value);
    double parsed = 0;
    QCOMPARE(int(attn::parseNumber(text.toStdString(), parsed)), status);
    if (status == int(attn::ParsedNumber::Ok))
        QCOMPARE(parsed, value);
}

void TestNotation::delimited_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("delimiter");
    QTest::addColumn<QStringList>("lines"); // "number: field|field|…"
    QTest::newRow("tabs") << "1\t2\n3\t4"
                          << "tab" << QStringList{"1: 1|2", "2: 3|4"};
    QTest::newRow("blank and comment lines skipped") << "\n# x y\n1, 2\r\n\r\n3 ,4\r\n"
                                                     << "comma" << QStringList{"3: 1|2", "5: 3|4"};
    QTest::newRow("semicolons") << "1,5;2\n"
                                << "semicolon" << QStringList{"1: 1,5|2"};
    QTest::newRow("spaces") << "  1  -2\n 3e2 4 "
                            << "whitespace" << QStringList{"1: 1|-2", "2: 3e2|4"};
    QTest::newRow("tabs and spaces align") << "1 \t 2  3"
                                           << "whitespace" << QStringList{"1: 1|2|3"};
    QTest::newRow("quotes") << "\"1,5\",\"a \"\"b\"\"\""
                            << "comma" << QStringList{"1: 1,5|a \"b\""};
    QTest::newRow("sep line") << "sep=;\n1;2"
                              << "semicolon" << QStringList{"2: 1|2"};
    QTest::newRow("old Mac lines") << "1 2\r3 4"
                                   << "whitespace" << QStringList{"1: 1|2", "2: 3|4"};
    QTest::newRow("empty field") << "1,,2"
                                 << "comma" << QStringList{"1: 1||2"};
    QTest::newRow("unclosed quote") << "1,\"2"
                                    << "" << QStringList{"line 1, column 2"};
}

void TestNotation::delimited() {
    QFETCH(QString, text);
    QFETCH(QString, delimiter);
    QFETCH(QStringList, lines);
    const std::string utf8 = text.toStdString();
    attn::DelimitedText reader(utf8);
    QStringList actual;
    std::vector<std::string> fields;
    try {
        while (reader.next(fields)) {
            QStringList parts;
            for (const std::string &f : fields)
                parts << QString::fromStdString(f);
            actual << QString("%1: %2").arg(reader.lineNumber()).arg(parts.join('|'));
        }
    } catch (const attn::InputError &e) {
        QVERIFY2(delimiter.isEmpty(), e.what());
        QVERIFY2(QString(e.what()).startsWith(lines.front()), e.what());
        return;
    }
    QVERIFY(!delimiter.isEmpty());
    QCOMPARE(actual, lines);
    QCOMPARE(QString(reader.delimiterName()), delimiter);
}

QTEST_GUILESS_MAIN(TestNotation)
#include "test_notation.moc"
