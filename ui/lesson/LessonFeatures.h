// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

class Document;
class LessonPanel;
class Recomputer;
class Shell;
class StagesView;
class ViewStateRegistry;

// The lesson panel as a (hidden) dock, its actions in the Lesson menu and on the window (their
// shortcuts work wherever the focus is), its step in the session's view state.
LessonPanel *installLessonFeatures(Shell &shell, Document &document, Recomputer &recomputer,
                                   StagesView &stages, ViewStateRegistry &viewState);

} // namespace attn::ui
