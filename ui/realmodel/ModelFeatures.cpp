// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelFeatures.h"

ModelController *installModelFeatures(Shell &shell, Document &document,
                                      ViewStateRegistry &viewState) {
    return new ModelController(shell, document, viewState);
}
