#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs what is missing, configures, builds, then
#   scripts/dev.sh run   – starts attnviz on its built-in worked example
#   scripts/dev.sh test  – runs the whole test suite through ctest
#   scripts/dev.sh build – only builds
# Run as root or with sudo available. BUILD_DIR overrides the build directory (default: build);
# ATTNVIZ_NATIVE=1 builds for this CPU only (-march=native), for local benchmarks.
set -euo pipefail

cd "$(dirname "$0")/.."
mode="${1:-run}"
build_dir="${BUILD_DIR:-build}"

packages=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-base-dev-tools qt6-svg-dev
  libeigen3-dev zlib1g-dev libqcustomplot-dev libqcustomplot2.1-qt6 qt6-qpa-plugins
  xvfb xauth fonts-dejavu-core clang-format
  desktop-file-utils appstream man-db dpkg-dev file shared-mime-info)

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
  echo "==> configuring and building in $build_dir"
  local launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNVIZ_WERROR=ON \
    -DATTNVIZ_NATIVE="${ATTNVIZ_NATIVE:-OFF}" "${launcher[@]}"
  cmake --build "$build_dir" --parallel "$(nproc)"
}

install_missing
build

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
    QT_QPA_PLATFORM=offscreen ctest --test-dir "$build_dir" --output-on-failure --timeout 600
    ;;
  build) ;;
  *)
    echo "usage: $0 [run|test|build]" >&2
    exit 2
    ;;
esac
