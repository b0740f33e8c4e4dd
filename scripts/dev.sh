#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# One entry point for a fresh Debian 12 machine: installs what is missing, configures, builds, then
#   scripts/dev.sh run   – starts attnviz on its built-in worked example (installs and builds only
#                          what the app needs)
#   scripts/dev.sh test  – runs the whole test suite through ctest
#   scripts/dev.sh build – only builds
#   scripts/dev.sh asan  – builds the whole suite with AddressSanitizer + UBSan (the asan preset,
#                          in build-asan) and runs it; any report fails the run
#   scripts/dev.sh asan-core – the same without the window (ATTNVIZ_BUILD_GUI=OFF, in
#                          build-asan-core): the core, the CLI, every parser's replay; what CI runs
#   scripts/dev.sh soak  – walks the window like a class for a long time: test_class_flow with
#                          SOAK_SEEDS sequences (default 300) of SOAK_ACTIONS actions (default 40)
#   scripts/dev.sh fuzz  – builds the libFuzzer targets of tests/fuzz with clang (the fuzz preset,
#                          in build-fuzz) and runs each for FUZZ_SECONDS (default 60); a finding
#                          is saved under tests/fuzz/findings/<target>/ and fails the run
# Builds use the CMake presets (CMakePresets.json): release for run/test/build, or PRESET=dev.
# Run as root or with sudo available. BUILD_DIR overrides the build directory (default: the
# preset's); ATTNVIZ_NATIVE=1 builds for this CPU only (-march=native), for local benchmarks.
set -euo pipefail

cd "$(dirname "$0")/.."
mode="${1:-run}"
case "$mode" in
  asan | asan-core) preset=asan ;;
  fuzz) preset=fuzz ;;
  *) preset="${PRESET:-release}" ;;
esac
# asan-core builds the asan preset without the window, in a directory of its own.
gui_off=()
[ "$mode" = asan-core ] && gui_off=(-DATTNVIZ_BUILD_GUI=OFF)
case "$preset" in
  release) build_dir="${BUILD_DIR:-build}" ;;
  asan) build_dir="${BUILD_DIR:-build-asan${gui_off:+-core}}" ;;
  *) build_dir="${BUILD_DIR:-build-$preset}" ;;
esac

# What building and running the app needs (scripts/dev.sh run installs only these) …
run_packages=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-base-dev-tools qt6-svg-dev
  libeigen3-dev libopenblas-dev zlib1g-dev libqcustomplot-dev libqcustomplot2.1-qt6 qt6-qpa-plugins
  fonts-dejavu-core qt6-l10n-tools qt6-tools-dev qt6-translations-l10n)
# … and what the tests, the sanitizers, the fuzzers and the package checks need on top.
test_packages=(ccache xvfb xauth clang-format clang libclang-rt-14-dev strace python3 chromium
  desktop-file-utils appstream man-db dpkg-dev file shared-mime-info)
case "$mode" in
  run) packages=("${run_packages[@]}") ;;
  *) packages=("${run_packages[@]}" "${test_packages[@]}") ;;
esac

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "==> installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  echo "==> configuring ($preset preset) and building in $build_dir"
  local launcher=()
  # With ccache, paths are taken relative to the clone, and the asan and fuzz presets' debug
  # information does not tie an object to the clone's directory (hash_dir off). Precompiled
  # headers are tied to their build directory all the same (cmake/PrecompiledHeaders.cmake), so
  # what a clone shares with another is what is built without one. They are cached only with
  # these sloppiness settings: a header's time stamps and the PCH's macros are not in the key.
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache) &&
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}" \
      CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
  cmake --preset "$preset" -S . -B "$build_dir" -DATTNVIZ_NATIVE="${ATTNVIZ_NATIVE:-OFF}" \
    "${gui_off[@]}" \
    "${launcher[@]}"
  cmake --build "$build_dir" --parallel "$(nproc)" "$@"
}

# Runs every fuzz target for FUZZ_SECONDS on a working copy of its seed corpus and prints the
# executions, the coverage (libFuzzer's covered edges "cov" and features "ft") and findings.
# One libFuzzer target per parser (tests/fuzz/CMakeLists.txt); FUZZ_TARGETS="npy csv" runs some.
fuzz_targets=(${FUZZ_TARGETS:-npy npz inflate csv session safetensors model_config shard_index bpe tokenizer_json wordpiece sentencepiece_model sentencepiece_json gguf})
fuzz() {
  local seconds="${FUZZ_SECONDS:-60}" failed=0
  for target in "${fuzz_targets[@]}"; do
    local corpus="$build_dir/corpus/$target" findings="tests/fuzz/findings/$target"
    local log="$build_dir/fuzz_$target.log"
    mkdir -p "$corpus" "$findings"
    echo "==> fuzzing $target for ${seconds}s"
    if "$build_dir/tests/fuzz/fuzz_$target" "$corpus" "tests/fuzz/corpus/$target" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -max_len=65536 \
      -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1; then
      status="no finding"
    else
      status="FINDING (see $log; input saved in $findings/)"
      failed=1
    fi
    local runs cov
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)
    echo "    $target: ${runs:-?} executions, ${cov:-coverage unknown}, $status"
    rmdir "$findings" 2>/dev/null || true
  done
  return $failed
}

install_missing
case "$mode" in
  fuzz) build --target "${fuzz_targets[@]/#/fuzz_}" ;;
  run) build --target attnviz ;; # the window only: the suite's 300 other steps come with test
  soak) build --target tests_ui_window ;;
  *) build ;;
esac

case "$mode" in
  run)
    shift || true
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      # No screen to show a window on: render the opening window to a PNG instead.
      out="${ATTNVIZ_SCREENSHOT:-$build_dir/attnviz-window.png}"
      echo "==> no display: rendering the window offscreen to $out"
      QT_QPA_PLATFORM=offscreen "$build_dir/app/attnviz" --screenshot "$out" "$@"
      echo "==> wrote $out"
    else
      exec "$build_dir/app/attnviz" "$@"
    fi
    ;;
  test)
    echo "==> running the test suite"
    QT_QPA_PLATFORM=offscreen ctest --test-dir "$build_dir" --output-on-failure --timeout 600 \
      -j "$(nproc)"
    ;;
  asan | asan-core)
    echo "==> running the test suite under AddressSanitizer + UndefinedBehaviorSanitizer"
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}" \
      UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
      QT_QPA_PLATFORM=offscreen ctest --test-dir "$build_dir" --output-on-failure --timeout 1800 \
      -j "$(nproc)"
    ;;
  soak)
    echo "==> walking the window like a class: ${SOAK_SEEDS:-300} sequences of ${SOAK_ACTIONS:-40} actions"
    # A long soak outlasts Qt Test's 5 minutes per test function (60 sequences take 4–8).
    QTEST_FUNCTION_TIMEOUT="${QTEST_FUNCTION_TIMEOUT:-86400000}" \
      ATTNVIZ_FLOW_SEEDS="${SOAK_SEEDS:-300}" ATTNVIZ_FLOW_ACTIONS="${SOAK_ACTIONS:-40}" \
      ATTNVIZ_FLOW_FIRST_SEED="${SOAK_FIRST_SEED:-1000}" QT_QPA_PLATFORM=offscreen \
      "$build_dir/tests/ui/window/tests_ui_window" test_class_flow teacherSequencesHold -maxwarnings 0
    ;;
  fuzz) fuzz ;;
  build) ;;
  *)
    echo "usage: $0 [run|test|build|asan|asan-core|fuzz|soak]" >&2
    exit 2
    ;;
esac
