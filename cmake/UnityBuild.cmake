# SPDX-License-Identifier: GPL-3.0-or-later
# Unity builds: a target's sources are compiled in batches, each batch one translation unit that
# includes its sources one after another (CMake's UNITY_BUILD). The headers a batch shares, and
# the templates they instantiate (Eigen's products, Qt's containers, Qt Test's comparisons), are
# parsed and compiled once per batch instead of once per source.
#
# The presets turn it on; it is off by default so that a developer who edits one source rebuilds
# only that source: configure with -DATTNVIZ_UNITY=OFF for incremental work. ccache caches a
# batch like any translation unit.
#
# A source compiled in a batch sees what the sources before it declared: names in an anonymous
# namespace, static functions, `using namespace` at file scope and macros. So helpers local to a
# source have names that say what they do, not `label` or `tr`, and a source whose own macros or
# low-level code must stay alone says so with SKIP_UNITY_BUILD_INCLUSION next to its reason.
option(ATTNVIZ_UNITY "Compile each target's sources in batches (unity build): less compile work, \
but a change to one source recompiles its batch" OFF)

# attnviz_unity(TARGET [BATCH n]): compile TARGET's sources in batches of n (default 8).
function(attnviz_unity target)
  cmake_parse_arguments(ARG "" "BATCH" "" ${ARGN})
  if(NOT ARG_BATCH)
    set(ARG_BATCH 8)
  endif()
  if(ATTNVIZ_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${ARG_BATCH})
  endif()
endfunction()
