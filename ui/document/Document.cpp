// SPDX-License-Identifier: GPL-3.0-or-later
#include "Document.h"

#include "DocumentCommands.h"
#include "Formula.h"
#include "InputError.h"
#include "InputsMatrix.h"
#include "Notation.h"
#include "NumberText.h"
#include "OptionalError.h"

#include <QCoreApplication>
#include <QUndoStack>

#include <cmath>

namespace attn::ui {

namespace {

QString shape(const attn::Matrix &m) {
    return QString::fromStdString(attn::shapeString(m));
}

// Repeated nudges by 0.1 would otherwise drift to 0.30000000000000004: snap to 1e-9.
double snapped(double value) {
    return std::abs(value) < 1e6 ? std::round(value * 1e9) / 1e9 : value;
}

} // namespace

Document::Document(QObject *parent)
    : QObject(parent), m_inputs(std::make_shared<attn::AttentionInputs>(attn::workedExample())),
      m_undoStack(new QUndoStack(this)), m_rng(m_seed), m_pending(*this),
      m_selection(int(m_inputs->queryCount()), headCount()) {
    m_undoStack->setUndoLimit(kUndoLimit); // only possible while the stack is empty
    connect(&m_pending, &PendingResize::started, this, &Document::resizeStarted);
    connect(&m_pending, &PendingResize::finished, this, &Document::resizeFinished);
    connect(&m_pending, &PendingResize::failed, this, &Document::resizeFailed);
}

Document::~Document() {
    // The stack would emit indexChanged/cleanChanged while it clears itself as the document's
    // child, after the document's own members are gone: to observers of a half-destroyed
    // document (UBSan found such calls). It goes first and silently.
    m_undoStack->blockSignals(true);
    delete m_undoStack;
}

bool Document::hasMatrix(MatrixId id) const {
    switch (id.stage) {
    case attn::Stage::X:
        return true;
    case attn::Stage::Context:
        return m_inputs->hasContext;
    case attn::Stage::Wo:
        return m_inputs->hasWo();
    case attn::Stage::Wq:
    case attn::Stage::Wk:
    case attn::Stage::Wv:
        return id.head >= 0 && id.head < headCount();
    default: // a computed stage: the document holds inputs only
        return false;
    }
}

const attn::Matrix &Document::matrix(MatrixId id) const {
    static const attn::Matrix empty;
    if (!hasMatrix(id))
        return empty;
    return *matrixIn(*m_inputs, id);
}

attn::AttentionInputs &Document::detachedInputs() {
    // Copy-on-write: a snapshot someone else holds (a worker computing on it, the published
    // result's inputs, an autosave) is never changed; when nobody does, edit it in place.
    if (m_inputs.use_count() != 1)
        m_inputs = m_recycler.copyOf(std::move(m_inputs));
    // Every snapshot is allocated non-const (make_shared<AttentionInputs>), so this is legal.
    return const_cast<attn::AttentionInputs &>(*m_inputs);
}

attn::AttentionInputs &Document::writableInputs() {
    attn::AttentionInputs &in = detachedInputs();
    m_recycler.noteAnyChange();
    return in;
}

int Document::dimension(Dimension dim) const {
    return dimensionOf(*m_inputs, dim);
}

bool Document::isDimensionAvailable(Dimension dim) const {
    switch (dim) {
    case Dimension::ContextLength:
    case Dimension::ContextEmbedding:
        return m_inputs->hasContext;
    case Dimension::OutputDim:
        return m_inputs->hasWo();
    default:
        return true;
    }
}

int Document::maximumDimension(Dimension dim) {
    switch (dim) {
    case Dimension::Heads:
        return int(attn::kMaxHeads);
    case Dimension::Tokens:
    case Dimension::ContextLength:
        return int(attn::kMaxTokens);
    default:
        return int(attn::kMaxDimension);
    }
}

QString Document::dimensionName(Dimension dim) {
    switch (dim) {
    case Dimension::Tokens:
        return tr("the number of tokens n");
    case Dimension::Embedding:
        return tr("the embedding size p");
    case Dimension::KeyDim:
        return QStringLiteral("d_k");
    case Dimension::ValueDim:
        return QStringLiteral("d_v");
    case Dimension::Heads:
        return tr("the number of heads");
    case Dimension::ContextLength:
        return tr("the context length m");
    case Dimension::OutputDim:
        return tr("p_out (the columns of Wo)");
    case Dimension::ContextEmbedding:
        return tr("the context embedding size p_c");
    }
    return {};
}

bool Document::checkCell(MatrixId id, int row, int col, double value, QString *error) const {
    if (!hasMatrix(id))
        return fail(error, tr("there is no %1 to edit").arg(describe(id)));
    const attn::Matrix &m = matrix(id);
    if (row < 0 || col < 0 || row >= m.rows() || col >= m.cols())
        return fail(error, tr("%1 has no cell [%2][%3]: it is %4")
                               .arg(describe(id))
                               .arg(row)
                               .arg(col)
                               .arg(shape(m)));
    if (const std::string problem = attn::numberProblem(value); !problem.empty())
        return fail(error,
                    cellName(id, headCount(), row, col) + u' ' + QString::fromStdString(problem));
    return true;
}

bool Document::setCell(MatrixId id, int row, int col, double value, QString *error) {
    if (!checkCell(id, row, col, value, error))
        return false;
    const double before = matrix(id)(row, col);
    if (before != value)
        m_undoStack->push(new CellCommand(this, id, row, col, before, value, false));
    return true;
}

bool Document::nudgeCell(MatrixId id, int row, int col, double delta, QString *error) {
    if (!checkCell(id, row, col, 0.0, error))
        return false;
    const double before = matrix(id)(row, col);
    const double after = snapped(before + delta);
    if (!checkCell(id, row, col, after, error))
        return false;
    if (before != after)
        m_undoStack->push(new CellCommand(this, id, row, col, before, after, true));
    return true;
}

bool Document::setBlock(MatrixId id, int row, int col, const attn::Matrix &values, QString *error) {
    if (!hasMatrix(id))
        return fail(error, tr("there is no %1 to paste into").arg(describe(id)));
    if (values.size() == 0)
        return fail(error, tr("there is nothing to paste"));
    const attn::Matrix &m = matrix(id);
    if (row < 0 || col < 0 || row >= m.rows() || col >= m.cols())
        return fail(error, tr("%1 has no cell [%2][%3]: it is %4")
                               .arg(describe(id))
                               .arg(row)
                               .arg(col)
                               .arg(shape(m)));
    if (row + values.rows() > m.rows() || col + values.cols() > m.cols())
        return fail(error, tr("a %1 block does not fit at [%2][%3]: %4 is %5, the block "
                              "would reach row %6, column %7")
                               .arg(shape(values))
                               .arg(row)
                               .arg(col)
                               .arg(describe(id), shape(m))
                               .arg(row + values.rows() - 1)
                               .arg(col + values.cols() - 1));
    for (Eigen::Index i = 0; i < values.rows(); ++i)
        for (Eigen::Index j = 0; j < values.cols(); ++j)
            if (!checkCell(id, row + int(i), col + int(j), values(i, j), error))
                return false;
    attn::Matrix before = m.block(row, col, values.rows(), values.cols());
    if ((before.array() == values.array()).all())
        return true;
    m_undoStack->push(new BlockCommand(this,
                                       tr("Paste %1 into %2").arg(shape(values), describe(id)), id,
                                       row, col, std::move(before), values));
    return true;
}

namespace {
QString checkLabel(const QString &label, QString *trimmed) {
    *trimmed = label.trimmed();
    if (trimmed->isEmpty())
        return QCoreApplication::translate("Document", "a token label cannot be empty");
    try {
        attn::checkLabelLength(trimmed->toStdString(),
                               QCoreApplication::translate("Document", "the label").toStdString());
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}
} // namespace

bool Document::setToken(int index, const QString &label, QString *error) {
    return setLabel(false, index, label, error);
}

bool Document::setContextToken(int index, const QString &label, QString *error) {
    if (!m_inputs->hasContext)
        return fail(error, tr("there is no context: cross-attention is off"));
    return setLabel(true, index, label, error);
}

bool Document::setLabel(bool context, int index, const QString &label, QString *error) {
    const std::vector<std::string> &labels = context ? m_inputs->contextTokens : m_inputs->tokens;
    if (index < 0 || index >= int(labels.size()))
        return fail(error, context ? tr("there is no context token %1").arg(index)
                                   : tr("there is no token %1").arg(index));
    QString clean;
    const QString problem = checkLabel(label, &clean);
    if (!problem.isEmpty())
        return fail(error, problem);
    const std::string after = clean.toStdString();
    if (after != labels[size_t(index)])
        m_undoStack->push(new TokenCommand(this, context, index, labels[size_t(index)], after));
    return true;
}

bool Document::pushInputs(attn::AttentionInputs after, DocumentChange::Flags what,
                          const QString &text, QString *error, int trainingRun) {
    attn::shareKeyValueGroups(after); // e.g. a resize filled each grouped head on its own
    try {
        attn::validate(after);
    } catch (const attn::InputError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    // validate() checked the limits too; a shape change was also checked before it was built.
    if (after == *m_inputs)
        return true;
    // Non-const, as every snapshot (writableInputs).
    std::shared_ptr<const attn::AttentionInputs> shared =
        std::make_shared<attn::AttentionInputs>(std::move(after));
    if (trainingRun >= 0)
        m_undoStack->push(new TrainingCommand(this, m_inputs, std::move(shared), trainingRun));
    else
        m_undoStack->push(new InputsCommand(this, text, m_inputs, std::move(shared), what));
    return true;
}

// Size changes (the dimension spin boxes, and the tests) and whole-matrix fills (Randomize,
// Fill): small ones at once, large ones built on a worker (m_pending) so that growing to 4,096
// tokens of 768 features, or filling X at that size, never freezes the window.

bool Document::setDimension(Dimension dim, int value, QString *error) {
    if (m_pending.isRunning()) {
        const ResizeJob::Request pending = m_pending.request();
        const bool resize = pending.kind == ResizeJob::Request::Kind::Resize;
        if (resize && pending.dim == dim && pending.value == value)
            return true; // under way (the spin box's Enter, then its focus out)
        if (resize && pending.dim == dim)
            m_pending.cancel(); // a new size of its dimension replaces it
        else
            // Another dimension's change (or a fill) comes before this one, as it was asked
            // for: made first, here (as every resize was before large ones moved to a worker).
            finishPendingNow();
    }
    if (!isDimensionAvailable(dim))
        return fail(
            error,
            dim == Dimension::OutputDim
                ? tr("there is no Wo: p_out exists with several heads")
                : tr("%1 needs cross-attention: switch it on first").arg(dimensionName(dim)));
    const int max = maximumDimension(dim);
    if (value < 1 || value > max)
        return fail(
            error,
            tr("%1 must be between 1 and %2, not %3").arg(dimensionName(dim)).arg(max).arg(value));
    if (value == dimension(dim))
        return true;
    attn::InputShape shape;
    try { // before the resized inputs are built: a refused size allocates nothing
        shape = shapeWithDimension(*m_inputs, dim, value);
        attn::checkLimits(shape);
    } catch (const attn::InputError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    if (shape.inputValues() - attn::shapeOf(*m_inputs).inputValues() > kAsyncResizeValues) {
        ResizeJob::Request request;
        request.dim = dim;
        request.value = value;
        request.init = m_initializer;
        request.text = resizeText(dim, value);
        m_pending.start(std::move(request));
        return true;
    }
    return pushInputs(withDimension(*m_inputs, dim, value, m_initializer, m_rng), resizeChange(dim),
                      resizeText(dim, value), error);
}

bool Document::resizeNow(Dimension dim, int value, QString *error) {
    if (!isDimensionAvailable(dim) || value == dimension(dim))
        return true; // nothing left to do (the inputs changed since it was asked for)
    try {
        attn::checkLimits(shapeWithDimension(*m_inputs, dim, value));
    } catch (const attn::InputError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    return pushInputs(withDimension(*m_inputs, dim, value, m_initializer, m_rng), resizeChange(dim),
                      resizeText(dim, value), error);
}

bool Document::resizePending() const {
    return m_pending.isRunning();
}

void Document::finishPendingNow() {
    if (!m_pending.isRunning())
        return;
    const ResizeJob::Request pending = m_pending.request();
    m_pending.cancel();
    if (pending.kind == ResizeJob::Request::Kind::Fill) {
        if (hasMatrix(pending.matrix))
            fillNow(pending.matrix, pending.init, pending.text);
        return;
    }
    QString ignored;
    resizeNow(pending.dim, pending.value, &ignored);
}

void Document::startFill(MatrixId id, Initializer init, const QString &text) {
    finishPendingNow();
    if (matrix(id).size() <= kAsyncResizeValues) {
        fillNow(id, init, text);
        return;
    }
    ResizeJob::Request request;
    request.kind = ResizeJob::Request::Kind::Fill;
    request.init = init;
    request.matrix = id;
    request.text = text;
    m_pending.start(std::move(request));
}

void Document::fillNow(MatrixId id, Initializer init, const QString &text) {
    const attn::Matrix &m = matrix(id);
    m_undoStack->push(
        new BlockCommand(this, text, id, 0, 0, m, initialMatrix(m.rows(), m.cols(), init, m_rng)));
}

bool Document::stillApplies(const ResizeJob::Request &request) const {
    if (request.kind == ResizeJob::Request::Kind::Fill)
        return hasMatrix(request.matrix);
    return isDimensionAvailable(request.dim) && dimension(request.dim) != request.value;
}

void Document::pushBuilt(const ResizeJob::Request &done,
                         std::shared_ptr<const attn::AttentionInputs> inputs) {
    const bool fill = done.kind == ResizeJob::Request::Kind::Fill;
    m_undoStack->push(new InputsCommand(this, done.text, m_inputs, std::move(inputs),
                                        fill ? DocumentChange::Values : resizeChange(done.dim)));
}

DocumentChange::Flags Document::resizeChange(Dimension dim) {
    DocumentChange::Flags what = DocumentChange::Shape | DocumentChange::Values;
    if (dim == Dimension::Tokens || dim == Dimension::ContextLength)
        what |= DocumentChange::Tokens | DocumentChange::Mask;
    if (dim == Dimension::Heads)
        what |= DocumentChange::Heads;
    return what;
}

QString Document::resizeText(Dimension dim, int value) {
    return tr("Change %1 to %2").arg(dimensionName(dim).remove("the ")).arg(value);
}

void Document::setInitializer(Initializer init) {
    m_initializer = init;
    m_pending.restart(); // its new cells come from the new initializer
}

void Document::setRandomSeed(quint32 seed) {
    m_seed = seed;
    m_rng.seed(seed);
    m_pending.restart(); // and from the new seed
}

void Document::setScale(bool scale) {
    attn::AttentionOptions after = m_inputs->options;
    after.scale = scale;
    if (after != m_inputs->options)
        m_undoStack->push(new OptionsCommand(
            this, scale ? tr("Scale by ") + attn::scaleSymbol() : tr("Do not scale"),
            m_inputs->options, after));
}

bool Document::setTemperature(double temperature, QString *error) {
    if (!std::isfinite(temperature) || temperature < 1e-6 || temperature > 1e6)
        return fail(error, tr("the temperature must lie between 1e-6 and 1e6, not %1")
                               .arg(attn::notation::exact(temperature)));
    attn::AttentionOptions after = m_inputs->options;
    after.temperature = temperature;
    if (after != m_inputs->options)
        m_undoStack->push(
            new OptionsCommand(this, tr("Change the temperature"), m_inputs->options, after));
    return true;
}

void Document::setCausal(bool causal) {
    attn::AttentionOptions after = m_inputs->options;
    after.causal = causal;
    if (after != m_inputs->options)
        m_undoStack->push(new OptionsCommand(
            this, causal ? tr("Causal mask on") : tr("Causal mask off"), m_inputs->options, after));
}

// How attention is computed in practice (issue 14): the sliding window and ALiBi options, and
// key/value groups (the Wk/Wv edits of a group are shared in applyBlock).

bool Document::setKernelOptions(const attn::AttentionOptions &options, const QString &text,
                                QString *error) {
    if (options == m_inputs->options)
        return true;
    attn::AttentionInputs after = *m_inputs;
    after.options = options;
    try {
        attn::validate(after);
    } catch (const attn::InputError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    m_undoStack->push(new OptionsCommand(this, text, m_inputs->options, options));
    return true;
}

bool Document::setQkNorm(bool on, double epsilon, QString *error) {
    attn::AttentionInputs after = *m_inputs;
    after.options.qkNorm = on;
    after.options.qkNormEpsilon = epsilon;
    // Switched on, each head gets gains of 1 to edit (a norm without them scales by 1 too).
    if (on)
        for (attn::HeadWeights &w : after.heads) {
            if (w.gq.size() == 0)
                w.gq = attn::Matrix::Ones(1, w.Wq.cols());
            if (w.gk.size() == 0)
                w.gk = attn::Matrix::Ones(1, w.Wk.cols());
        }
    if (after == *m_inputs)
        return true;
    return pushInputs(std::move(after), DocumentChange::Values | DocumentChange::Options,
                      on ? tr("QK norm on") : tr("QK norm off"), error);
}

bool Document::setKvGroup(int head, int group, QString *error) {
    if (head < 0 || head >= headCount())
        return fail(error, tr("there is no head %1").arg(head));
    if (group < -1 || group >= kMaxHeads)
        return fail(
            error,
            tr("a key/value group is a number from 0 to %1, not %2").arg(kMaxHeads - 1).arg(group));
    if (m_inputs->heads[size_t(head)].kvGroup == group)
        return true;
    attn::AttentionInputs after = *m_inputs;
    attn::HeadWeights &joining = after.heads[size_t(head)];
    joining.kvGroup = group;
    for (size_t h : attn::kvGroupMembers(after, size_t(head)))
        if (int(h) != head) { // the group's matrices, not the joining head's
            joining.Wk = after.heads[h].Wk;
            joining.Wv = after.heads[h].Wv;
            break;
        }
    const QString text = group < 0 ? tr("Head %1: own keys and values").arg(head)
                                   : tr("Head %1: key/value group %2").arg(head).arg(group);
    return pushInputs(after, DocumentChange::Values, text, error);
}

// Positions, gradients and training (issue 13): the positional scheme, the loss target and a
// training run's weights.

bool Document::setBias(int head, char which, int col, double value, QString *error) {
    attn::AttentionInputs after = *m_inputs;
    if (which != 'o' && (head < 0 || head >= int(after.heads.size())))
        return fail(error, tr("there is no head %1").arg(head));
    // A key/value group's bk and bv live with its first head (pushInputs shares them).
    std::size_t owner = 0;
    if (which == 'q')
        owner = std::size_t(head);
    else if (which != 'o')
        owner = attn::kvSource(after, std::size_t(head));
    else if (which == 'Q')
        owner = std::size_t(head);
    attn::HeadWeights &w = after.heads[owner];
    // 'Q' and 'K': the QK norm's gains gq and gk (a group's gk lives with its first head).
    attn::Matrix &bias = which == 'o'   ? after.bo
                         : which == 'q' ? w.bq
                         : which == 'k' ? w.bk
                         : which == 'Q' ? w.gq
                         : which == 'K' ? w.gk
                                        : w.bv;
    const QString name = which == 'o'   ? QStringLiteral("bo")
                         : which == 'Q' ? QStringLiteral("gq")
                         : which == 'K' ? QStringLiteral("gk")
                                        : QStringLiteral("b%1").arg(which);
    if (col < 0 || col >= bias.cols())
        return fail(error, tr("%1 has no column %2").arg(name).arg(col));
    if (!std::isfinite(value) || std::abs(value) > attn::kMaxAbsInput)
        return fail(error, tr("%1 must be a finite number within ±1e15").arg(name));
    bias(0, col) = value;
    return pushInputs(std::move(after), DocumentChange::Values,
                      tr("Edit %1[%2]").arg(name).arg(col), error);
}

bool Document::setPositional(attn::Positional positional, QString *error) {
    return setPositioning(positional, m_inputs->options.rope, error);
}

bool Document::setPositioning(attn::Positional positional, const attn::Rope &rope, QString *error) {
    attn::AttentionInputs after = *m_inputs;
    after.options.positional = positional;
    after.options.rope = rope;
    if (after.options == m_inputs->options)
        return true;
    try {
        attn::validate(after);
    } catch (const attn::InputError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    const QString name =
        positional == attn::Positional::Rope && rope.style == attn::RopeStyle::HalfSplit
            ? QStringLiteral("rope half-split")
            : QString::fromLatin1(attn::positionalName(positional));
    m_undoStack->push(
        new OptionsCommand(this, tr("Positions: %1").arg(name), m_inputs->options, after.options));
    return true;
}

bool Document::setTarget(const attn::Matrix &target, const QString &description, QString *error) {
    attn::AttentionInputs after = *m_inputs;
    after.target = target;
    return pushInputs(std::move(after), DocumentChange::Values, description, error);
}

bool Document::applyTraining(const attn::AttentionInputs &inputs, int run, QString *error) {
    return pushInputs(inputs, DocumentChange::Everything, QStringLiteral("Train"), error, run);
}

bool Document::setCrossAttention(bool on, QString *error) {
    if (on == m_inputs->hasContext)
        return true;
    return pushInputs(withCrossAttention(*m_inputs, on, m_initializer, m_rng),
                      DocumentChange::Context | DocumentChange::Shape | DocumentChange::Values |
                          DocumentChange::Tokens | DocumentChange::Mask,
                      on ? tr("Cross-attention on") : tr("Cross-attention off"), error);
}

bool Document::toggleMask(int query, int key, QString *error) {
    if (query < 0 || key < 0 || query >= m_inputs->queryCount() || key >= m_inputs->keyCount())
        return fail(error, tr("there is no mask cell (%1, %2): the logits are %3")
                               .arg(query)
                               .arg(key)
                               .arg(QString::fromStdString(attn::shapeString(
                                   m_inputs->queryCount(), m_inputs->keyCount()))));
    m_undoStack->push(new MaskToggleCommand(this, query, key, m_inputs->mask.size() == 0));
    return true;
}

void Document::clearMask() {
    if (m_inputs->mask.size() == 0)
        return;
    m_undoStack->push(new MaskCommand(this, tr("Clear the mask"), m_inputs->mask, attn::Mask()));
}

void Document::randomize(MatrixId id) {
    if (hasMatrix(id))
        startFill(id, Initializer::RandomNormal, tr("Randomize %1").arg(describe(id)));
}

void Document::fill(MatrixId id) {
    if (hasMatrix(id))
        startFill(id, m_initializer,
                  tr("Fill %1 with %2").arg(describe(id), initializerName(m_initializer)));
}

bool Document::replaceInputs(const attn::AttentionInputs &inputs, const QString &description,
                             QString *error) {
    m_pending.cancel(); // of the inputs being replaced
    return pushInputs(inputs, DocumentChange::Everything, description, error);
}

bool Document::replaceInputs(attn::AttentionInputs &&inputs, const QString &description,
                             QString *error) {
    m_pending.cancel();
    return pushInputs(std::move(inputs), DocumentChange::Everything, description, error);
}

bool Document::replaceDocument(attn::AttentionInputs inputs, const QString &name, QString *error) {
    m_pending.cancel();
    if (!pushInputs(std::move(inputs), DocumentChange::Everything, name, error))
        return false;
    // The new document starts its own history, unmodified: the one before was offered for
    // saving (mayReplace), and undoing into it would show its numbers under the new name.
    m_undoStack->clear();
    m_undoStack->setClean();
    ++m_documentGeneration;
    breakMerge();
    emit replaced(name);
    return true;
}

void Document::applyBlock(MatrixId id, int row, int col, const attn::Matrix &values) {
    Q_ASSERT(hasMatrix(id)); // commands only exist for cells that exist in their state
    attn::AttentionInputs &in = detachedInputs();
    attn::Matrix *m = matrixIn(in, id);
    m->block(row, col, values.rows(), values.cols()) = values;
    const QRect cells(col, row, int(values.cols()), int(values.rows()));
    m_recycler.noteCells(id, cells);
    // The heads of a key/value group share Wk and Wv: the edit is the whole group's.
    if (id.stage == attn::Stage::Wk || id.stage == attn::Stage::Wv) {
        for (std::size_t h : attn::kvGroupMembers(in, std::size_t(id.head)))
            if (int(h) != id.head) {
                *matrixIn(in, {id.stage, int(h)}) = *m;
                m_recycler.noteCells({id.stage, int(h)}, cells);
            }
    }
    DocumentChange change;
    change.what = DocumentChange::Values;
    change.matrix = id;
    change.cells = cells;
    notify(change);
}

void Document::applyToken(bool context, int index, const std::string &label) {
    attn::AttentionInputs &in = writableInputs();
    (context ? in.contextTokens : in.tokens)[size_t(index)] = label;
    notify({DocumentChange::Tokens, std::nullopt, QRect()});
}

void Document::applyOptions(const attn::AttentionOptions &options) {
    writableInputs().options = options;
    notify({DocumentChange::Options, std::nullopt, QRect()});
}

void Document::applyMaskToggle(int query, int key, bool dropMaskAfter) {
    attn::AttentionInputs &in = writableInputs();
    if (in.mask.size() == 0)
        in.mask = attn::Mask::Constant(in.queryCount(), in.keyCount(), false);
    in.mask(query, key) = !in.mask(query, key);
    if (dropMaskAfter)
        in.mask = attn::Mask();
    notify({DocumentChange::Mask, std::nullopt, QRect()});
}

void Document::applyMask(const attn::Mask &mask) {
    writableInputs().mask = mask;
    notify({DocumentChange::Mask, std::nullopt, QRect()});
}

void Document::applyInputs(std::shared_ptr<const attn::AttentionInputs> inputs,
                           DocumentChange::Flags what) {
    m_inputs = std::move(inputs); // shared with the undo command: copied when next written
    m_recycler.noteAnyChange();
    notify({what, std::nullopt, QRect()});
}

void Document::notify(const DocumentChange &change) {
    // Views reacting to changed() may read the selection: make it valid first, announce after.
    const ViewSelection::Before before =
        m_selection.fitTo(int(m_inputs->queryCount()), headCount());
    emit changed(change);
    m_selection.announce(before);
}

} // namespace attn::ui
