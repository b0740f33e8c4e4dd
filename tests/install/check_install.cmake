# SPDX-License-Identifier: GPL-3.0-or-later
# ctest: `cmake --install` into a temporary DESTDIR, then the installed files are checked as a
# package would ship them: every file in its GNUInstallDirs place, the installed attnviz-cli
# runs (its --version is the project's; a reference case computes to what the build tree's CLI
# prints), and the desktop file, metainfo and man pages pass their validators.
# cmake -DBUILD_DIR=… -DDESTDIR=… -DVERSION=… -DCASE=… -DMODEL=… -DGUI=ON|OFF
#       [-DDESKTOP_FILE_VALIDATE=…] [-DAPPSTREAMCLI=…] [-DMAN=…] [-DUPDATE_MIME_DATABASE=…]
#       -P check_install.cmake

function(fail)
  string(JOIN "" message ${ARGN})
  message(FATAL_ERROR "${message}")
endfunction()

file(REMOVE_RECURSE "${DESTDIR}")
set(ENV{DESTDIR} "${DESTDIR}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix /usr
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
unset(ENV{DESTDIR})
if(NOT rc EQUAL 0)
  fail("cmake --install failed (${rc}): ${err}")
endif()

set(root "${DESTDIR}/usr")
set(expected
  bin/attnviz-cli
  share/man/man1/attnviz-cli.1.gz
  share/bash-completion/completions/attnviz-cli
  share/doc/attnviz/LICENSE
  share/doc/attnviz/copyright
  share/attnviz/models/attnviz-tiny/config.json
  share/attnviz/models/attnviz-tiny/model.safetensors
  share/attnviz/models/attnviz-tiny/tokenizer.json
  share/attnviz/models/attnviz-tiny/README.md)
set(id org.attnviz.attnviz)
if(GUI)
  list(APPEND expected
    bin/attnviz
    share/man/man1/attnviz.1.gz
    share/applications/${id}.desktop
    share/metainfo/${id}.metainfo.xml
    share/mime/packages/${id}.xml
    share/icons/hicolor/scalable/apps/${id}.svg)
  foreach(size 16 22 24 32 48 64 128 256 512)
    list(APPEND expected share/icons/hicolor/${size}x${size}/apps/${id}.png)
  endforeach()
endif()
foreach(path IN LISTS expected)
  if(NOT EXISTS "${root}/${path}")
    fail("not installed: /usr/${path}")
  endif()
endforeach()
message(STATUS "${root}: every expected file is installed")

# The installed CLI, run from its new place.
set(cli "${root}/bin/attnviz-cli")
execute_process(COMMAND "${cli}" --version RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "attnviz-cli ${VERSION}\n")
  fail("installed attnviz-cli --version: status ${rc}, printed \"${out}\", expected "
       "\"attnviz-cli ${VERSION}\"")
endif()
execute_process(COMMAND "${cli}" compute "${CASE}" RESULT_VARIABLE rc OUTPUT_VARIABLE installed
  ERROR_VARIABLE err)
execute_process(COMMAND "${BUILD_DIR}/app/attnviz-cli" compute "${CASE}" OUTPUT_VARIABLE built)
if(NOT rc EQUAL 0)
  fail("installed attnviz-cli compute ${CASE}: status ${rc}: ${err}")
endif()
if(NOT installed STREQUAL built OR NOT installed MATCHES "\"weights\"")
  fail("installed attnviz-cli compute ${CASE} printed something else than the build's CLI")
endif()
message(STATUS "installed attnviz-cli: --version ${VERSION}, compute matches")

# The built-in model as installed: the installed CLI runs it to what the build's CLI makes of the
# source tree's (MODEL).
set(text "The queens told the king that they")
execute_process(COMMAND "${cli}" model run "${root}/share/attnviz/models/attnviz-tiny"
  --text "${text}" RESULT_VARIABLE rc OUTPUT_VARIABLE installed ERROR_VARIABLE err)
execute_process(COMMAND "${BUILD_DIR}/app/attnviz-cli" model run "${MODEL}" --text "${text}"
  OUTPUT_VARIABLE built)
if(NOT rc EQUAL 0 OR NOT installed STREQUAL built OR NOT installed MATCHES "^tokens: ")
  fail("installed attnviz-cli model run on the installed built-in model: status ${rc}: ${err}"
       "${installed}")
endif()
message(STATUS "installed built-in model runs as the source tree's")

# The validators Debian and software centres use, offline.
if(GUI AND DESKTOP_FILE_VALIDATE)
  execute_process(COMMAND ${DESKTOP_FILE_VALIDATE} "${root}/share/applications/${id}.desktop"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR out MATCHES "error|warning")
    fail("desktop-file-validate: ${out}${err}")
  endif()
endif()
if(GUI AND APPSTREAMCLI)
  execute_process(COMMAND ${APPSTREAMCLI} validate --no-net --pedantic
    "${root}/share/metainfo/${id}.metainfo.xml"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    fail("appstreamcli validate: ${out}${err}")
  endif()
endif()
if(MAN)
  file(GLOB pages "${root}/share/man/man1/*.1.gz")
  foreach(page IN LISTS pages)
    # man --warnings prints groff's warnings on standard error; the page must have none.
    execute_process(COMMAND ${MAN} --warnings -l "${page}" RESULT_VARIABLE rc
      OUTPUT_VARIABLE out ERROR_VARIABLE err)
    # (Only groff's own lines count: a container without locales may add man's complaint.)
    if(NOT rc EQUAL 0 OR err MATCHES "warning|error")
      fail("man --warnings -l ${page}: ${err}")
    endif()
  endforeach()
endif()
# The MIME type as shared-mime-info compiles it: *.attnviz is a session, which the desktop
# file says attnviz opens.
if(GUI AND UPDATE_MIME_DATABASE)
  execute_process(COMMAND ${UPDATE_MIME_DATABASE} "${root}/share/mime" RESULT_VARIABLE rc
    ERROR_VARIABLE err)
  file(READ "${root}/share/mime/globs2" globs)
  if(NOT rc EQUAL 0 OR NOT globs MATCHES "application/x-attnviz-session:\\*\\.attnviz")
    fail("update-mime-database does not map *.attnviz to the session type: ${err}")
  endif()
  file(READ "${root}/share/applications/${id}.desktop" desktop)
  if(NOT desktop MATCHES "MimeType=application/x-attnviz-session;" OR
     NOT desktop MATCHES "Exec=attnviz %f")
    fail("the desktop file does not open sessions")
  endif()
endif()
message(STATUS "desktop file, metainfo, MIME type and man pages validated")
