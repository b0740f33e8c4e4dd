#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ctest: the bash completion of attnviz-cli (packaging/attnviz-cli.bash) offers the commands,
# each command's own options and the values of the options that take names.
set -euo pipefail
shopt -s extglob
# shellcheck source=/dev/null
source "$1"

failures=0
# expect "WORDS TYPED SO FAR" "expected completions, space-separated"
expect() {
    read -r -a COMP_WORDS <<<"$1"
    [[ "$1" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _attnviz_cli
    local got="${COMPREPLY[*]}"
    if [ "$got" != "$2" ]; then
        echo "completing \"$1\": got \"$got\", expected \"$2\""
        failures=$((failures + 1))
    fi
}

expect "attnviz-cli " "compute explain export render worksheet html grad train inspect set model tokenize --help --version"
expect "attnviz-cli train --" "--task --steps --seed --positional --optimizer --lr --out"
expect "attnviz-cli train --task p" "previous-token"
expect "attnviz-cli s" "set"
expect "attnviz-cli t" "train tokenize"
expect "attnviz-cli h" "html"
expect "attnviz-cli html s.attnviz --" "--out"
expect "attnviz-cli tokenize gpt2 --" "--text"
expect "attnviz-cli set s.attnviz --" "--matrix --head --from --transpose --out"
expect "attnviz-cli set s.attnviz --matrix W" "Wq Wk Wv Wo"
expect "attnviz-cli export s.json --stage we" "weights"
expect "attnviz-cli export s.json --format " "csv npy latex numpy"
expect "attnviz-cli render s.json --view l" "logits links"
expect "attnviz-cli explain s.json --view " "dot row column outer online tiled"
expect "attnviz-cli explain s.json --view o" "outer online"
expect "attnviz-cli explain s.json --b" "--block"
expect "attnviz-cli explain s.json --t" "--tile"
expect "attnviz-cli compute s.json --" "--layout"
expect "attnviz-cli compute s.json --layout c" "columns"
expect "attnviz-cli model " "inspect run session analyze compare attribute generate"
expect "attnviz-cli model run gpt2 --" "--text --ids --json --npz --heads --fields --top --timing --ablate --patch --patch-resid --from-text --from-ids --steer --steer-texts"
expect "attnviz-cli model run gpt2 --p" "--patch --patch-resid"
expect "attnviz-cli model generate gpt2 --t" "--text --tokens --temperature --top"
expect "attnviz-cli model analyze gpt2 --" "--text --ids --heads --ablate --json"
expect "attnviz-cli model compare a.gguf b.gguf --" "--text --ids --json"
[ "$failures" -eq 0 ] && echo "attnviz-cli completion: all cases complete as expected"
exit "$failures"
