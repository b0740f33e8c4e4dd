# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package: `cpack -G DEB` in the build directory writes attnviz_<version>_<arch>.deb
# with everything `cmake --install` installs under /usr. Its library dependencies are computed
# by dpkg-shlibdeps from the binaries (libqt6gui6 brings the xcb and offscreen platform plugins,
# libqt6svg6 the SVG icon engine); what the loader cannot see is recommended here.

set(CPACK_PACKAGE_NAME attnviz)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The attnviz developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see every step of scaled dot-product attention")
set(CPACK_PACKAGE_HOMEPAGE_URL ${ATTNVIZ_HOMEPAGE})
set(ATTNVIZ_MAINTAINER "attnviz developers <attnviz@users.noreply.github.com>" CACHE STRING
  "The Maintainer field of the Debian package")
set(CPACK_PACKAGE_CONTACT ${ATTNVIZ_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
# The long description under the summary (cpack indents it).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "attnviz shows scaled dot-product attention one step at a time: the queries, keys
and values, the scores, the scaled and masked logits, the softmax weights and the
output, each as a heatmap updated as you type, every input editable. With several
heads, causal masks, cross-attention, a lesson, a presentation mode, matrix import
and export (CSV, NumPy) and figures. attnviz-cli computes, explains, exports and
renders the same from the command line.")
if(ATTNVIZ_BUILD_GUI)
  # Native Wayland windows (without it Qt falls back to XWayland) and the font the figures use.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, fonts-dejavu-core, qt6-translations-l10n")
endif()

include(CPack)
