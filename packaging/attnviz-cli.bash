# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for attnviz-cli: commands, the options each command takes, and their values.
# Installed to share/bash-completion/completions/attnviz-cli (loaded on demand by bash-completion).

_attnviz_cli() {
    local cur prev command i
    COMPREPLY=()
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD - 1]}"
    command=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            compute | explain | export | render | worksheet | html | grad | train | inspect | set | tokenize)
                command="${COMP_WORDS[i]}"
                break
                ;;
            model)
                # model inspect DIR, model run DIR, …: the subcommand decides the options.
                command="model"
                [ $((i + 1)) -lt "$COMP_CWORD" ] && command="model ${COMP_WORDS[i + 1]}"
                break
                ;;
        esac
    done

    # The value of the option just typed.
    case "$prev" in
        --layout) COMPREPLY=($(compgen -W "rows columns" -- "$cur")); return ;;
        --product) COMPREPLY=($(compgen -W "output scores" -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W "csv npy latex numpy" -- "$cur")); return ;;
        --matrix) COMPREPLY=($(compgen -W "X context Wq Wk Wv Wo" -- "$cur")); return ;;
        --task) COMPREPLY=($(compgen -W "previous-token first-token match" -- "$cur")); return ;;
        --positional) COMPREPLY=($(compgen -W "none sinusoidal rope" -- "$cur")); return ;;
        --optimizer) COMPREPLY=($(compgen -W "sgd adam" -- "$cur")); return ;;
        --stage)
            COMPREPLY=($(compgen -W "X context Wq Wk Wv Wo Q K V scores logits weights output concat final" -- "$cur"))
            return
            ;;
        --view)
            if [ "$command" = render ]; then
                COMPREPLY=($(compgen -W "q k v scores logits weights output concat final links combination" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "dot row column outer online tiled" -- "$cur"))
            fi
            return
            ;;
        --out | --from | --json)
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        --row | --column | --cell | --head | --precision | --width | --height | --scale | \
            --steps | --seed | --lr | --block | --tile | --text | --ids | --top | --count)
            return
            ;;
    esac

    if [ -z "$command" ]; then
        COMPREPLY=($(compgen -W "compute explain export render worksheet html grad train inspect set model tokenize --help --version" -- "$cur"))
        return
    fi
    if [ "$command" = model ]; then
        COMPREPLY=($(compgen -W "inspect run session analyze compare attribute generate" -- "$cur"))
        return
    fi
    if [[ "$cur" == -* ]]; then
        local options
        case "$command" in
            compute) options="--layout" ;;
            explain) options="--row --column --cell --view --block --tile --json --product --head --precision" ;;
            export) options="--stage --format --out --head --precision" ;;
            render) options="--view --out --row --head --layout --width --height --scale" ;;
            worksheet) options="--out --count --seed --head --text" ;;
            html) options="--out" ;;
            set) options="--matrix --head --from --transpose --out" ;;
            inspect | grad) options="" ;;
            train) options="--task --steps --seed --positional --optimizer --lr --out" ;;
            "model run") options="--text --ids --json --npz --heads --fields --top --timing --ablate --patch --patch-resid --from-text --from-ids --steer --steer-texts" ;;
            "model attribute") options="--text --ids --target --position --json" ;;
            "model generate") options="--text --ids --tokens --temperature --seed --top --json --ablate --steer --steer-texts" ;;
            "model session") options="--text --ids --layer --head --out" ;;
            "model analyze") options="--text --ids --heads --ablate --json" ;;
            "model inspect") options="" ;;
            "model compare") options="--text --ids --json" ;;
            tokenize) options="--text" ;;
        esac
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    # FILE: matrix files for inspect, checkpoint folders for model, a model folder or tokenizer
    # file for tokenize, sessions and reference cases otherwise.
    if [[ "$command" == model* ]]; then
        COMPREPLY=($(compgen -d -- "$cur"))
        return
    fi
    if [ "$command" = tokenize ]; then
        COMPREPLY=($(compgen -f -X '!*.@(json|txt)' -- "$cur"))
    elif [ "$command" = inspect ]; then
        COMPREPLY=($(compgen -f -X '!*.@(csv|tsv|txt|npy|npz|safetensors)' -- "$cur"))
    else
        COMPREPLY=($(compgen -f -X '!*.@(attnviz|json)' -- "$cur"))
    fi
    compopt -o plusdirs 2>/dev/null
}
complete -F _attnviz_cli attnviz-cli
