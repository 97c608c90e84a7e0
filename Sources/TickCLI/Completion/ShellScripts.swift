/// The completion scripts `tick completion bash|zsh|fish` prints. Each is small: on every
/// Tab it sends the words typed so far to `tick completion candidates` and shows the answer
/// (see ``ShellCompletion``), so commands, options and their values always match the
/// installed `tick`.
enum ShellScripts {
    static let bash = #"""
        # bash completion for tick (written by `tick completion bash`).
        # Load it with: source <(tick completion bash)
        _tick() {
            local i word words=() glued=0
            # bash cuts `--due=tom` into `--due`, `=`, `tom`; tick reads it as one word.
            for ((i = 1; i <= COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                if [[ $word == "=" && ${#words[@]} -gt 0 ]]; then
                    words[${#words[@]}-1]+="="
                    glued=1
                elif ((glued)); then
                    words[${#words[@]}-1]+="$word"
                    glued=0
                else
                    words+=("$word")
                fi
            done
            ((${#words[@]})) || words=("")
            local current=${words[${#words[@]}-1]} cut=""
            [[ $current == --*=* ]] && cut=${current%%=*}=
            local line value quoted
            COMPREPLY=()
            while IFS= read -r line; do
                if [[ $line == ":files" ]]; then
                    compopt -o filenames 2>/dev/null
                    local IFS=$'\n'
                    COMPREPLY+=($(compgen -f -- "${current#"$cut"}"))
                    continue
                fi
                value=${line%%$'\t'*}
                value=${value#"$cut"}
                printf -v quoted '%q' "$value"
                COMPREPLY+=("$quoted")
            done < <(tick completion candidates -- "${words[@]}" 2>/dev/null)
        }
        complete -F _tick tick

        """#

    static let zsh = #"""
        #compdef tick
        # zsh completion for tick (written by `tick completion zsh`).
        # Put it in a folder of $fpath as _tick, or load it with: source <(tick completion zsh)
        _tick() {
            local line
            local -a described
            local files=0
            for line in "${(@f)$(tick completion candidates -- "${(@)words[2,CURRENT]}" 2>/dev/null)}"; do
                [[ -z $line ]] && continue
                if [[ $line == ":files" ]]; then
                    files=1
                elif [[ $line == *$'\t'* ]]; then
                    described+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
                else
                    described+=("${line//:/\\:}")
                fi
            done
            (( files )) && _files
            (( ${#described} )) && _describe -t values tick described
            return 0
        }
        if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
            _tick "$@"
        else
            compdef _tick tick
        fi

        """#

    static let fish = #"""
        # fish completion for tick (written by `tick completion fish`).
        # Put it in ~/.config/fish/completions/tick.fish, or load it with: tick completion fish | source
        function __tick_complete
            set -l tokens (commandline -opc) (commandline -ct)
            set -e tokens[1]
            tick completion candidates -- $tokens 2>/dev/null | while read -l line
                if test "$line" = ":files"
                    __fish_complete_path (commandline -ct)
                else
                    echo $line
                end
            end
        end
        complete -c tick -f -a '(__tick_complete)'

        """#
}
