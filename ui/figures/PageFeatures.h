// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace attn::ui {

class SessionController;
class Shell;

// File › Export interactive page (HTML)…: the session shown as one self-contained page
// (core/page/HtmlPage) a student opens in any browser, offline. The page is made from the session
// the document would be saved as, so it is byte for byte what `attnviz-cli html` writes for
// that file; it is made on a worker (a model session runs its model again for the overview)
// and written atomically, and the status bar says where.
void installPageFeatures(Shell &shell, SessionController &session);

// The page of `sessionBytes` (a session's JSON) titled `title`, written to `path` atomically:
// "" or a one-line message naming the file. `note` says what the page lacks (a model folder
// that is gone: no overview). Safe on any thread.
QString exportPage(const QByteArray &sessionBytes, const QString &title, const QString &path,
                   QString *note = nullptr);

} // namespace attn::ui
