// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelController.h"

class Document;
class Shell;
class ViewStateRegistry;

// Adds the controller to the window: File › Open model…, View › Model, the model's panel, the
// status bar's link back, the "model" key of sessions.
ModelController *installModelFeatures(Shell &shell, Document &document,
                                      ViewStateRegistry &viewState);
