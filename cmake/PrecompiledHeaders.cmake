# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled headers. Most of a translation unit's compile time was spent parsing the same system
# headers again: Qt's (370,000 preprocessed lines for a widget's source file), QCustomPlot's and
# Eigen's. Each kind of target parses them once, into a precompiled header, and reuses it.
#
# GCC accepts a precompiled header only where every macro defined when it was compiled is defined
# the same way (QT_WIDGETS_LIB, QT_GUI_LIB), where no macro defined since is one it names
# (<QTest> looks at QT_WIDGETS_LIB), and where the code model is the same (__PIE__ for executables,
# __cpp_runtime_arrays without -Wpedantic). -Winvalid-pch with -Werror turns a mismatch into a
# build error rather than a silently slow build. So there is one donor per combination:
#   attnviz_core              its own header (a library; Eigen, Qt Core)
#   attnviz_pch_ui            every ui/ library with widgets (Qt Widgets, QCustomPlot)
#   attnviz_document             its own (Qt Gui, no widgets)
#   attnviz-cli               its own
#   attnviz_pch_test_core     tests that link the core only
#   attnviz_pch_test_gui      tests that link Qt Gui but no widgets (ui/document)
#   attnviz_pch_test_widgets  tests that link a widget library
# and every other target of the same kind reuses the donor's (REUSE_FROM), so the headers are
# compiled seven times, not once per target.
option(ATTNVIZ_PCH "Precompile the system headers (Qt, QCustomPlot, Eigen, the standard library)" ON)

# What almost every translation unit includes, directly or through core's headers.
set(ATTNVIZ_PCH_CORE_HEADERS
  <algorithm> <cmath> <cstdint> <functional> <limits> <memory> <optional> <string> <utility>
  <vector>
  <QByteArray> <QCoreApplication> <QFile> <QFileInfo> <QJsonArray> <QJsonDocument>
  <QJsonObject> <QObject> <QString> <QStringList>
  <Eigen/Core>)
set(ATTNVIZ_PCH_GUI_HEADERS ${ATTNVIZ_PCH_CORE_HEADERS}
  <QColor> <QFont> <QImage> <QPainter> <QUndoStack>)
set(ATTNVIZ_PCH_WIDGET_HEADERS ${ATTNVIZ_PCH_GUI_HEADERS}
  <QAction> <QApplication> <QCheckBox> <QComboBox> <QDockWidget> <QEvent> <QHBoxLayout>
  <QHeaderView> <QLabel> <QLineEdit> <QMainWindow> <QMenu> <QPointer> <QPushButton>
  <QScrollArea> <QSpinBox> <QTimer> <QVBoxLayout> <QWidget>
  <qcustomplot.h>)
set(ATTNVIZ_PCH_TEST_HEADERS <QSignalSpy> <QTemporaryDir> <QTest> <QtTest>)

set(ATTNVIZ_PCH_DIR ${CMAKE_CURRENT_LIST_DIR})

# attnviz_pch_donor(NAME KIND HEADERS... LIBS...): a target that only compiles a precompiled
# header for others to reuse. KIND is STATIC (for libraries) or EXECUTABLE.
function(attnviz_pch_donor name kind)
  cmake_parse_arguments(ARG "" "" "HEADERS;LIBS" ${ARGN})
  if(kind STREQUAL "EXECUTABLE")
    add_executable(${name} EXCLUDE_FROM_ALL ${ATTNVIZ_PCH_DIR}/pch_main.cpp)
  else()
    add_library(${name} STATIC EXCLUDE_FROM_ALL ${ATTNVIZ_PCH_DIR}/pch_main.cpp)
  endif()
  # The same warning flags as the targets that reuse it: -Wpedantic changes predefined macros
  # (__cpp_runtime_arrays), and GCC refuses a header compiled with other ones.
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} attnviz_warnings)
  target_precompile_headers(${name} PRIVATE ${ARG_HEADERS})
endfunction()

# attnviz_reuse_pch(TARGET DONOR): TARGET parses its donor's precompiled header.
function(attnviz_reuse_pch target donor)
  if(ATTNVIZ_PCH AND TARGET ${donor})
    target_precompile_headers(${target} REUSE_FROM ${donor})
  endif()
endfunction()
