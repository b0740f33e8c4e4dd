#pragma once

#include <QStringList>

// attnviz-cli grad and train: the loss gradient of a session, and training on a toy task.
// Kept beside the other commands' parser so each stays small.

// True when arguments[1] is one of these commands.
bool isLearningCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), messages on standard error.
int runLearningCommand(const QStringList &arguments);
