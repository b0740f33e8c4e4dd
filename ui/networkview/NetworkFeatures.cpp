// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkFeatures.h"

namespace attn::ui {

NetworkController *installNetworkFeatures(Shell &shell, Document &document,
                                          ViewStateRegistry &viewState) {
    return new NetworkController(shell, document, viewState);
}

} // namespace attn::ui
