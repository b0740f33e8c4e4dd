// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

// The window's top-level menus, in menu-bar order. Features add their actions to these by id
// (Shell::menu) instead of looking menus up by name.
enum class MenuId { File, Edit, Presets, View, Lesson, Help };

} // namespace attn::ui
