// SPDX-License-Identifier: GPL-3.0-or-later
// The one source of a precompiled-header donor (cmake/PrecompiledHeaders.cmake): the target exists
// to compile the header that other targets reuse. As an executable it needs a main.
int main() {
    return 0;
}
