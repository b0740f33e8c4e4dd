// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "NetworkController.h"

namespace attn::ui {

class Document;
class Shell;
class ViewStateRegistry;

// Adds the controller to the window: File › Open model…, View › Model, the model's panel, the
// status bar's link back, the "model" key of sessions.
NetworkController *installNetworkFeatures(Shell &shell, Document &document,
                                          ViewStateRegistry &viewState);

} // namespace attn::ui
