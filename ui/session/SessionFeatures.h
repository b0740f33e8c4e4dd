// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

class Document;
class Shell;
class ViewStateRegistry;

// The standard keys of a session's "view": "layout", "head", "row", "column" (the Document's
// view state) and "colorMaps" (the shell's). Registration order is load order.
void registerStandardViewState(ViewStateRegistry &registry, Document &document, Shell &shell);

} // namespace attn::ui
