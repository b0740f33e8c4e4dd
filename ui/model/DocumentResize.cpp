// SPDX-License-Identifier: GPL-3.0-or-later
// Document's size changes (the dimension spin boxes, and the tests) and whole-matrix fills
// (Randomize, Fill): small ones at once, large ones built on a worker (ResizeJob) so that
// growing to 4,096 tokens of 768 features, or filling X at that size, never freezes the window.
// Members of Document, kept in their own file so that Document.cpp stays short.

#include "Document.h"

#include "DocumentCommands.h"
#include "InputError.h"

#include <QUndoStack>

namespace {

bool fail(QString *error, const QString &message) {
    if (error)
        *error = message;
    return false;
}

} // namespace

bool Document::setDimension(Dimension dim, int value, QString *error) {
    if (m_resize->isRunning()) {
        const ResizeJob::Request pending = m_resize->request();
        const bool resize = pending.kind == ResizeJob::Request::Kind::Resize;
        if (resize && pending.dim == dim && pending.value == value)
            return true; // under way (the spin box's Enter, then its focus out)
        if (resize && pending.dim == dim)
            cancelResize(); // a new size of its dimension replaces it
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
        request.rng = m_rng;
        m_resize->start(m_inputs, request);
        emit resizeStarted(resizeText(dim, value));
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

void Document::finishPendingNow() {
    if (!m_resize->isRunning())
        return;
    const ResizeJob::Request pending = m_resize->request();
    cancelResize();
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
    request.rng = m_rng;
    request.matrix = id;
    request.text = text;
    m_resize->start(m_inputs, request);
    emit resizeStarted(text);
}

void Document::fillNow(MatrixId id, Initializer init, const QString &text) {
    const attn::Matrix &m = matrix(id);
    m_undoStack->push(
        new BlockCommand(this, text, id, 0, 0, m, initialMatrix(m.rows(), m.cols(), init, m_rng)));
}

bool Document::resizePending() const {
    return m_resize->isRunning();
}

void Document::cancelResize() {
    if (!m_resize->isRunning())
        return;
    m_resize->cancel();
    emit resizeFinished();
}

void Document::restartResize() {
    if (m_resize->isRunning())
        resizeAgain();
}

void Document::resizeAgain() {
    ResizeJob::Request again = m_resize->request();
    const bool fill = again.kind == ResizeJob::Request::Kind::Fill;
    // Still worth making? The inputs may have changed since (cross-attention off, an undo, the
    // filled matrix's head removed).
    if (fill ? !hasMatrix(again.matrix)
             : !isDimensionAvailable(again.dim) || dimension(again.dim) == again.value) {
        m_resize->cancel();
        emit resizeFinished();
        return;
    }
    if (!fill)
        again.init = m_initializer;
    again.rng = m_rng;
    m_resize->start(m_inputs, again);
}

void Document::finishResize(ResizeJob::Outcome outcome) {
    if (!outcome.error.isEmpty()) {
        emit resizeFinished();
        emit resizeFailed(outcome.error);
        return;
    }
    if (outcome.base != m_inputs) {
        // Edited (or undone) meanwhile: the size change again, on top of what is there now,
        // as if it had come after those edits.
        resizeAgain();
        return;
    }
    const ResizeJob::Request &done = m_resize->request();
    const bool fill = done.kind == ResizeJob::Request::Kind::Fill;
    m_rng = outcome.rng; // as if its draws had been taken here
    m_undoStack->push(new InputsCommand(this, fill ? done.text : resizeText(done.dim, done.value),
                                        m_inputs, std::move(outcome.inputs),
                                        fill ? DocumentChange::Values : resizeChange(done.dim)));
    emit resizeFinished();
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
