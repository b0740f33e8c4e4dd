#pragma once

#include "AttentionInputs.h"

#include <QString>

#include <vector>

class Document;
class QMenu;
class QWidget;

// Ready-made inputs a teacher can start from. Each one validates (the tests check it).
struct Preset {
    QString name;
    QString description; // one line, shown as tooltip and status tip
    attn::AttentionInputs inputs;
};

std::vector<Preset> presets();

// Seeded random normal inputs (values rounded to two decimals, see Initializer.h).
attn::AttentionInputs randomExample(quint32 seed = 7, int n = 6, int p = 8, int dk = 4, int dv = 4);

// A menu with one action per preset; choosing one replaces the document's inputs (undoable).
QMenu *createPresetsMenu(Document *doc, QWidget *parent = nullptr);
