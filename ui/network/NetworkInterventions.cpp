// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkInterventions.h"

#include "InputError.h"
#include "NetworkRunner.h"
#include "Notation.h"
#include "WorkerTask.h"
#include "checkpoint/Checkpoint.h"
#include "checkpoint/ModelConfig.h"
#include "transformer/Forward.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QPointer>
#include <QStringList>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

using Kind = attn::Intervention::Kind;

// Sets the runner's interventions: `after` on redo, `before` on undo. The runner may be gone
// by the time an old command is undone (another window's document): then nothing happens.
class InterventionCommand : public QUndoCommand {
public:
    InterventionCommand(NetworkRunner &runner, attn::Interventions before,
                        attn::Interventions after, const QString &text)
        : QUndoCommand(text), m_runner(&runner), m_before(std::move(before)),
          m_after(std::move(after)) {}
    void undo() override {
        if (m_runner)
            m_runner->setInterventions(m_before);
    }
    void redo() override {
        if (m_runner)
            m_runner->setInterventions(m_after);
    }

private:
    QPointer<NetworkRunner> m_runner;
    attn::Interventions m_before, m_after;
};

bool isAblation(Kind kind) {
    return kind == Kind::Zero || kind == Kind::Mean || kind == Kind::Scale;
}

// An edit of one head (not of a layer's residual stream): a head has at most one.
bool isHeadEdit(Kind kind) {
    return kind != Kind::PatchResidual && kind != Kind::Steer;
}

} // namespace

NetworkInterventions::NetworkInterventions(NetworkRunner &runner, QUndoStack &undo, QObject *parent)
    : QObject(parent), m_runner(runner), m_undo(undo) {}

const attn::Interventions &NetworkInterventions::current() const {
    return m_runner.interventions();
}

const attn::Intervention *NetworkInterventions::of(int layer, int head) const {
    for (const attn::Intervention &e : current().edits)
        if (isHeadEdit(e.kind) && e.layer == layer && e.head == head)
            return &e;
    return nullptr;
}

QString NetworkInterventions::mark(const attn::Intervention &edit) {
    switch (edit.kind) {
    case Kind::Zero:
        return QStringLiteral("0");
    case Kind::Mean:
        return QStringLiteral("\u03bc"); // μ: the mean over the positions
    case Kind::Scale:
        return QStringLiteral("\u00d7%1").arg(edit.factor, 0, 'g', 3);
    default:
        return QStringLiteral("\u270e"); // another edit (a patch, an edited head)
    }
}

QString NetworkInterventions::describe(const attn::Intervention &edit) {
    switch (edit.kind) {
    case Kind::Zero:
        return tr("Ablate head %1 of layer %2 (output zeroed)").arg(edit.head).arg(edit.layer);
    case Kind::Mean:
        return tr("Ablate head %1 of layer %2 (output replaced by its mean)")
            .arg(edit.head)
            .arg(edit.layer);
    case Kind::Scale:
        return tr("Scale head %1 of layer %2 by %3")
            .arg(edit.head)
            .arg(edit.layer)
            .arg(edit.factor, 0, 'g', 4);
    case Kind::ReplaceContribution:
        return tr("Send the edits of head %1 of layer %2 to the model")
            .arg(edit.head)
            .arg(edit.layer);
    case Kind::Steer:
        return tr("Steer after layer %1").arg(edit.layer);
    default:
        return QString::fromStdString(edit.describe());
    }
}

bool NetworkInterventions::ablate(int layer, int head, Kind kind, double factor) {
    const auto checkpoint = m_runner.checkpoint();
    if (!checkpoint || !isAblation(kind) || layer < 0 || head < 0 ||
        layer >= checkpoint->config().layers || head >= checkpoint->config().heads ||
        (kind == Kind::Scale && !std::isfinite(factor)))
        return false;
    put(attn::Intervention{kind, layer, head, kind == Kind::Scale ? factor : 1.0, {}});
    return true;
}

bool NetworkInterventions::replaceContribution(int layer, int head, attn::Matrix contribution) {
    const auto checkpoint = m_runner.checkpoint();
    const attn::RunPtr run = m_runner.outcome().run;
    if (!checkpoint || !run || layer < 0 || head < 0 || layer >= checkpoint->config().layers ||
        head >= checkpoint->config().heads ||
        contribution.rows() != Eigen::Index(run->ids.size()) ||
        contribution.cols() != checkpoint->config().dModel || !contribution.allFinite())
        return false;
    put(attn::Intervention::replaceContribution(layer, head, std::move(contribution)));
    return true;
}

void NetworkInterventions::put(attn::Intervention edit) {
    attn::Interventions after = current();
    auto &edits = after.edits;
    const int layer = edit.layer, head = edit.head;
    edits.erase(std::remove_if(edits.begin(), edits.end(),
                               [&](const attn::Intervention &e) {
                                   return isHeadEdit(e.kind) && e.layer == layer && e.head == head;
                               }),
                edits.end());
    const QString text = describe(edit);
    edits.push_back(std::move(edit));
    change(std::move(after), text);
}

bool NetworkInterventions::steer(int layer, attn::Matrix vector, const QString &text) {
    const auto checkpoint = m_runner.checkpoint();
    if (!checkpoint || layer < 0 || layer >= checkpoint->config().layers || vector.rows() != 1 ||
        vector.cols() != checkpoint->config().dModel || !vector.allFinite())
        return false;
    attn::Interventions after = current();
    after.edits.push_back(attn::Intervention::steer(layer, std::move(vector)));
    change(std::move(after), text);
    return true;
}

void NetworkInterventions::steerByTexts(int layer, const QString &a, const QString &b,
                                        double scale) {
    const auto checkpoint = m_runner.checkpoint();
    const auto tokenizer = m_runner.tokenizer();
    if (!checkpoint || !tokenizer)
        return;
    struct Steering {
        attn::Matrix vector;
        QString error;
    };
    ++m_reading;
    onWorker<Steering>(
        this,
        [checkpoint, tokenizer, layer, a, b, scale] {
            Steering r;
            r.error = catching([&] {
                if (layer < 0 || layer >= checkpoint->config().layers || !std::isfinite(scale))
                    throw attn::InputError(QCoreApplication::translate(
                        "NetworkInterventions", "steering needs a layer of the model and a "
                                                "finite scale"));
                attn::Matrix ends[2];
                const QString texts[2] = {a, b};
                for (int i = 0; i < 2; ++i) {
                    std::vector<std::int64_t> ids;
                    for (const attn::Token &t : tokenizer->encode(texts[i]))
                        ids.push_back(t.id);
                    if (ids.empty())
                        throw attn::InputError(QCoreApplication::translate(
                            "NetworkInterventions", "steering needs two texts, neither empty"));
                    // The residual stream after the layer at the text's last position, as
                    // attnviz-cli's --steer-texts reads it.
                    ends[i] = attn::runModel(*checkpoint, ids)
                                  ->layers[std::size_t(layer)]
                                  .hidden.bottomRows(1);
                }
                r.vector = (ends[0] - ends[1]) * scale;
            });
            return r;
        },
        [this, layer, a, b, scale, checkpoint](Steering r) {
            --m_reading;
            if (!r.error.isEmpty()) {
                emit failed(r.error);
                return;
            }
            if (checkpoint != m_runner.checkpoint())
                return; // another model opened meanwhile: the vector is not of it
            const QString text = tr("Steer after layer %1 by “%2” − “%3” × %4")
                                     .arg(layer)
                                     .arg(a, b, attn::notation::number(scale, 4));
            if (steer(layer, std::move(r.vector), text))
                emit steered();
        });
}

bool NetworkInterventions::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return isBusy(); }, milliseconds);
}

bool NetworkInterventions::restore(int layer, int head) {
    if (!of(layer, head))
        return false;
    attn::Interventions after = current();
    auto &edits = after.edits;
    edits.erase(std::remove_if(edits.begin(), edits.end(),
                               [&](const attn::Intervention &e) {
                                   return isHeadEdit(e.kind) && e.layer == layer && e.head == head;
                               }),
                edits.end());
    change(std::move(after), tr("Restore head %1 of layer %2").arg(head).arg(layer));
    return true;
}

bool NetworkInterventions::clear() {
    if (current().empty())
        return false;
    change({}, tr("Restore every head"));
    return true;
}

void NetworkInterventions::change(attn::Interventions after, const QString &text) {
    m_undo.push(new InterventionCommand(m_runner, current(), std::move(after), text));
}

QJsonArray NetworkInterventions::state() const {
    QJsonArray out;
    for (const attn::Intervention &e : current().edits) {
        if (e.kind == Kind::Steer) {
            // The vector itself (its scale applied), so the session steers without its texts.
            QJsonObject o;
            o["kind"] = QStringLiteral("steer");
            o["layer"] = e.layer;
            QJsonArray vector;
            for (Eigen::Index i = 0; i < e.values.cols(); ++i)
                vector.append(e.values(0, i));
            o["vector"] = vector;
            out.append(o);
            continue;
        }
        if (!isAblation(e.kind))
            continue; // a patch needs its run B, an edited head its numbers: the session's
                      // document holds the head, not its contribution
        QJsonObject o;
        o["layer"] = e.layer;
        o["head"] = e.head;
        o["kind"] = e.kind == Kind::Zero   ? QStringLiteral("zero")
                    : e.kind == Kind::Mean ? QStringLiteral("mean")
                                           : QStringLiteral("scale");
        if (e.kind == Kind::Scale)
            o["factor"] = e.factor;
        out.append(o);
    }
    return out;
}

void NetworkInterventions::loadState(const QJsonArray &state, QString *error) {
    const auto checkpoint = m_runner.checkpoint();
    attn::Interventions loaded;
    int dropped = 0;
    QStringList refused; // the steering vectors left out, each with why
    for (const QJsonValue &v : state) {
        const QJsonObject o = v.toObject();
        const QString kind = o.value("kind").toString();
        if (kind == QLatin1String("steer")) {
            const QJsonValue layerValue = o.value("layer");
            const int layer = layerValue.isDouble() ? layerValue.toInt(-1) : -1;
            const QJsonArray numbers = o.value("vector").toArray();
            const qint64 d = checkpoint ? checkpoint->config().dModel : 0;
            attn::Matrix vector(1, Eigen::Index(numbers.size()));
            bool finite = true;
            for (qsizetype i = 0; i < numbers.size(); ++i) {
                finite = finite && numbers[i].isDouble() && std::isfinite(numbers[i].toDouble());
                vector(0, Eigen::Index(i)) = numbers[i].toDouble();
            }
            if (!checkpoint || layer < 0 || layer >= checkpoint->config().layers ||
                layerValue.toDouble() != double(layer))
                refused << tr("steering after layer %1: the model has layers 0–%2")
                               .arg(layerValue.toVariant().toString())
                               .arg(checkpoint ? checkpoint->config().layers - 1 : 0);
            else if (numbers.size() != d || !finite)
                refused << tr("steering after layer %1: its vector must be %2 finite numbers "
                              "(d_model), not %3")
                               .arg(layer)
                               .arg(d)
                               .arg(finite ? tr("%1 numbers").arg(numbers.size())
                                           : tr("values that are not finite numbers"));
            else
                loaded.edits.push_back(attn::Intervention::steer(layer, std::move(vector)));
            continue;
        }
        const int layer = o.value("layer").toInt(-1), head = o.value("head").toInt(-1);
        const double factor = o.value("factor").toDouble(1);
        const bool fits = checkpoint && layer >= 0 && head >= 0 &&
                          layer < checkpoint->config().layers &&
                          head < checkpoint->config().heads && std::isfinite(factor);
        if (!fits || (kind != "zero" && kind != "mean" && kind != "scale")) {
            ++dropped;
            continue;
        }
        loaded.edits.push_back({kind == "zero"   ? Kind::Zero
                                : kind == "mean" ? Kind::Mean
                                                 : Kind::Scale,
                                layer,
                                head,
                                kind == "scale" ? factor : 1.0,
                                {}});
    }
    QStringList problems;
    if (dropped > 0)
        problems << tr("%n ablation(s) of the session do not fit the model and were left out", "",
                       dropped);
    if (!refused.isEmpty())
        problems << tr("left out %1").arg(refused.join(QStringLiteral("; ")));
    if (!problems.isEmpty() && error)
        *error = problems.join(QStringLiteral("; "));
    // A session's state, not an edit: no undo step (the document's own load is none either).
    m_runner.setInterventions(std::move(loaded));
}

} // namespace attn::ui
