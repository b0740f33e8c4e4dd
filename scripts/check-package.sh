#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package from a configured and built build directory and validates it offline,
# as far as that goes without installing it: the control data (dpkg-deb --info: name, version,
# dependencies computed by dpkg-shlibdeps), the file list (dpkg-deb --contents), the desktop file,
# AppStream metainfo and man pages as unpacked from the package, and its attnviz-cli run on a
# reference case. Usage: scripts/check-package.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="$(cd "${1:-build}" && pwd)"
id=org.attnviz.attnviz

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build_dir/CMakeCache.txt")
[ -n "$version" ] || { echo "no project version in $build_dir/CMakeCache.txt" >&2; exit 1; }

echo "==> cpack -G DEB in $build_dir"
rm -f "$build_dir"/attnviz_*.deb
(cd "$build_dir" && cpack -G DEB >/dev/null)
deb=$(ls "$build_dir"/attnviz_"$version"_*.deb)
echo "==> $deb"

fail() {
    echo "check-package: $*" >&2
    exit 1
}

info=$(dpkg-deb --info "$deb")
echo "$info"
grep -q "^ Package: attnviz$" <<<"$info" || fail "the package is not named attnviz"
grep -q "^ Version: $version$" <<<"$info" || fail "the package version is not $version"
depends=$(sed -n 's/^ Depends: //p' <<<"$info")
# dpkg-shlibdeps found the libraries the binaries link.
for lib in libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libqcustomplot2.1-qt6 libc6; do
    grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

contents=$(dpkg-deb --contents "$deb")
echo "$contents"
for path in ./usr/bin/attnviz ./usr/bin/attnviz-cli \
    ./usr/share/applications/$id.desktop ./usr/share/metainfo/$id.metainfo.xml \
    ./usr/share/mime/packages/$id.xml ./usr/share/icons/hicolor/scalable/apps/$id.svg \
    ./usr/share/icons/hicolor/48x48/apps/$id.png ./usr/share/icons/hicolor/256x256/apps/$id.png \
    ./usr/share/man/man1/attnviz.1.gz ./usr/share/man/man1/attnviz-cli.1.gz \
    ./usr/share/bash-completion/completions/attnviz-cli \
    ./usr/share/doc/attnviz/copyright ./usr/share/doc/attnviz/LICENSE \
    ./usr/share/attnviz/models/attnviz-tiny/config.json \
    ./usr/share/attnviz/models/attnviz-tiny/model.safetensors \
    ./usr/share/attnviz/models/attnviz-tiny/tokenizer.json; do
    grep -q " $path\$" <<<"$contents" || fail "the package lacks $path"
done

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb --extract "$deb" "$root"

echo "==> desktop-file-validate"
out=$(desktop-file-validate "$root/usr/share/applications/$id.desktop" 2>&1) || fail "$out"
! grep -qE "error|warning" <<<"$out" || fail "desktop-file-validate: $out"
echo "==> appstreamcli validate --no-net"
appstreamcli validate --no-net --pedantic "$root/usr/share/metainfo/$id.metainfo.xml"
echo "==> man --warnings -l"
for page in "$root"/usr/share/man/man1/*.1.gz; do
    # groff's warnings only: a container without locales may add man's own complaint.
    warnings=$(man --warnings -l "$page" 2>&1 >/dev/null | grep -E "warning|error" || true)
    [ -z "$warnings" ] || fail "man --warnings -l $(basename "$page"): $warnings"
done
echo "==> the packaged attnviz-cli"
"$root/usr/bin/attnviz-cli" --version | grep -qx "attnviz-cli $version" ||
    fail "attnviz-cli --version is not $version"
"$root/usr/bin/attnviz-cli" compute tests/data/reference/worked_example_4x4.json |
    cmp -s - <("$build_dir/app/attnviz-cli" compute tests/data/reference/worked_example_4x4.json) ||
    fail "the packaged attnviz-cli computes something else than the build's"
# The built-in model, as packaged, runs and predicts what the source tree's does.
"$root/usr/bin/attnviz-cli" model run "$root/usr/share/attnviz/models/attnviz-tiny" \
    --text "The queens told the king that they" |
    cmp -s - <("$build_dir/app/attnviz-cli" model run resources/models/attnviz-tiny \
        --text "The queens told the king that they") ||
    fail "the packaged built-in model runs to something else than the source tree's"
file "$root/usr/bin/attnviz" | grep -q "ELF .* executable" || fail "attnviz is not an executable"
echo "==> $deb is valid"
