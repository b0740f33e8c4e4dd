#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# docs/builtin-*.png: heads of the built-in model before training (step 0, made by
# tools/train_builtin_model.sh in WORK_DIR/step0) and after (resources/models/attnviz-tiny), each
# drawn by attnviz-cli render from the head's workbench session (attnviz-cli model session).
# Usage: tools/render_builtin_figures.sh [BUILD_DIR] [STEP0_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build}/app/attnviz-cli"
before="${2:-/tmp/attnviz-tiny/step0}"
after=resources/models/attnviz-tiny
# After <|endoftext|>, as the model saw every training window (model train --bos).
text="<|endoftext|>The queens told the king that they would stay, so the queens rested. The program wrote the file to the system. The program wrote the file to the system."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# LAYER:HEAD:NAME — the heads README › The built-in model names.
render() { # model, layer, head, out
    "$cli" model session "$1" --text "$text" --layer "$2" --head "$3" --out "$tmp/s.attnviz"
    "$cli" render "$tmp/s.attnviz" --view weights --row -1 --width 900 --height 820 --out "$4"
}
for spec in ${HEADS:-0:3:previous 1:2:induction}; do
    IFS=: read -r layer head name <<<"$spec"
    render "$before" "$layer" "$head" "docs/builtin-$name-before.png"
    render "$after" "$layer" "$head" "docs/builtin-$name-after.png"
done
