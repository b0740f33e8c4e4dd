// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatrixExport.h"

#include "Notation.h"
#include "Npy.h"
#include "NumberText.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace attn {

namespace {

std::string latexNumber(double value, int decimals) {
    if (std::isnan(value))
        return "\\mathrm{NaN}";
    if (std::isinf(value))
        return value < 0 ? "-\\infty" : "\\infty";
    if (std::abs(value) < 1e9)
        return notation::fixed(value, decimals); // below 1e9: fixed
    // Scientific: a mantissa in [1, 10) after rounding, and the exponent.
    int exponent = int(std::floor(std::log10(std::abs(value))));
    std::string mantissa = notation::fixed(value / std::pow(10.0, exponent), decimals);
    double rounded = 0; // from_chars, not stod: the latter follows the C locale's decimal point
    std::from_chars(mantissa.data(), mantissa.data() + mantissa.size(), rounded);
    if (std::abs(rounded) >= 10.0) {
        ++exponent;
        mantissa = notation::fixed(value / std::pow(10.0, exponent), decimals);
    }
    return mantissa + " \\times 10^{" + std::to_string(exponent) + "}";
}

std::string pythonNumber(double value) {
    if (std::isnan(value))
        return "np.nan";
    if (std::isinf(value))
        return value < 0 ? "-np.inf" : "np.inf";
    std::string text = shortestNumber(value);
    // "2" would make NumPy choose an integer array.
    if (text.find_first_of(".e") == std::string::npos)
        text += ".0";
    return text;
}

// The text formats are built as UTF-8 (ASCII, in fact): exportMatrix hands them on as bytes
// without a detour through UTF-16, which matters at 4096×4096 (some 300 MB of CSV).
std::string csvText(const Matrix &m) {
    std::string out;
    out.reserve(std::size_t(m.size()) * 20);
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            if (j)
                out += ',';
            out += shortestNumber(m(i, j));
        }
        out += '\n';
    }
    return out;
}

std::string latexText(const Matrix &m, int decimals) {
    decimals = std::clamp(decimals, 0, kMaxLatexDecimals);
    std::vector<std::vector<std::string>> cells(std::size_t(m.rows()));
    std::vector<std::size_t> width(std::size_t(m.cols()), 0);
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            cells[std::size_t(i)].push_back(latexNumber(m(i, j), decimals));
            width[std::size_t(j)] =
                std::max(width[std::size_t(j)], cells[std::size_t(i)].back().size());
        }
    std::string out = "\\begin{bmatrix}\n";
    for (std::size_t i = 0; i < cells.size(); ++i) {
        out += "  ";
        for (std::size_t j = 0; j < cells[i].size(); ++j) {
            if (j)
                out += " & ";
            out.append(width[j] - cells[i][j].size(), ' ');
            out += cells[i][j];
        }
        out += i + 1 < cells.size() ? " \\\\\n" : "\n";
    }
    out += "\\end{bmatrix}\n";
    return out;
}

std::string numpyText(const Matrix &m) {
    if (m.rows() == 0 || m.cols() == 0)
        return "np.zeros((" + std::to_string(m.rows()) + ", " + std::to_string(m.cols()) + "))\n";
    std::string out = "np.array([";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        if (i)
            out += ",\n          ";
        out += '[';
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            if (j)
                out += ", ";
            out += pythonNumber(m(i, j));
        }
        out += ']';
    }
    out += "])\n";
    return out;
}

} // namespace

namespace {

// One row per format, in enum order: the --format name and the file suffix.
struct FormatNames {
    ExportFormat format;
    const char *name;
    const char *suffix;
};
constexpr FormatNames kFormats[] = {{ExportFormat::Csv, "csv", "csv"},
                                    {ExportFormat::Npy, "npy", "npy"},
                                    {ExportFormat::Latex, "latex", "tex"},
                                    {ExportFormat::NumpyLiteral, "numpy", "py"}};

const FormatNames &namesOf(ExportFormat format) {
    return kFormats[static_cast<int>(format)];
}

} // namespace

std::optional<ExportFormat> exportFormatFromName(const QString &name) {
    for (const FormatNames &f : kFormats)
        if (name == QLatin1String(f.name))
            return f.format;
    return std::nullopt;
}

QString exportFormatName(ExportFormat format) {
    return QString::fromLatin1(namesOf(format).name);
}

QString exportFileSuffix(ExportFormat format) {
    return QString::fromLatin1(namesOf(format).suffix);
}

QString matrixToCsv(const Matrix &m) {
    return QString::fromStdString(csvText(m));
}

QString matrixToLatex(const Matrix &m, int decimals) {
    return QString::fromStdString(latexText(m, decimals));
}

QString matrixToNumpyLiteral(const Matrix &m) {
    return QString::fromStdString(numpyText(m));
}

QByteArray exportMatrix(const Matrix &m, ExportFormat format, int latexDecimals) {
    switch (format) {
    case ExportFormat::Csv:
        return QByteArray::fromStdString(csvText(m));
    case ExportFormat::Npy:
        return npyFromMatrix(m);
    case ExportFormat::Latex:
        return QByteArray::fromStdString(latexText(m, latexDecimals));
    case ExportFormat::NumpyLiteral:
        return QByteArray::fromStdString(numpyText(m));
    }
    return {};
}

} // namespace attn
