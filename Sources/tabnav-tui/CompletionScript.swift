/// `tabnav-tui completions bash|zsh|fish`: shell completion scripts, installed by `make install`
/// (docs/behaviour.md, "Command line").
enum CompletionScript {
    enum Shell: String { case bash, zsh, fish }

    static let subcommands = ["render", "check-layout", "keys", "completions"]
    static let options = ["--layout", "--mode", "--state-dir", "--no-persist", "--reset", "--rtl", "--ascii",
                          "--no-color", "--theme", "--icons", "--no-mouse", "--events", "--trust", "--screen-reader", "--config",
                          "--help", "--version"]
    static let renderOptions = ["--size", "--keys", "--ansi"]

    static func text(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    static var bash: String {
        """
        # bash completion for tabnav-tui
        _tabnav_tui() {
            local cur prev words cword
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            case "$prev" in
                --layout|--events|--config|check-layout) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --state-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --mode) COMPREPLY=($(compgen -W "auto tabbar sidebar" -- "$cur")); return ;;
                --theme) COMPREPLY=($(compgen -W "auto dark light high-contrast mono" -- "$cur")); return ;;
                --icons) COMPREPLY=($(compgen -W "standard nerd" -- "$cur")); return ;;
                completions) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;;
                --size|--keys) return ;;
            esac
            local words="\(options.joined(separator: " "))"
            local w
            for w in "${COMP_WORDS[@]}"; do [ "$w" = render ] && words="$words \(renderOptions.joined(separator: " "))"; done
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "\(subcommands.joined(separator: " "))" -- "$cur"))
            fi
        }
        complete -F _tabnav_tui tabnav-tui

        """
    }

    static var zsh: String {
        """
        #compdef tabnav-tui
        # zsh completion for tabnav-tui
        _tabnav_tui() {
            _arguments \\
                '--layout[show the hierarchy described in FILE]:layout file:_files' \\
                '--mode[presentation]:mode:(auto tabbar sidebar)' \\
                '--state-dir[keep the customization in DIR]:directory:_directories' \\
                '--no-persist[keep the customization in memory only]' \\
                '--reset[start from the defaults]' \\
                '--rtl[right-to-left layout]' \\
                '--ascii[ASCII stand-ins instead of Unicode glyphs]' \\
                '--no-color[no colours]' \\
                '--theme[colours]:theme:(auto dark light high-contrast mono)' \\
                '--icons[icon glyphs]:icons:(standard nerd)' \\
                '--no-mouse[do not capture the mouse]' \\
                '--events[append one JSON line per change to FILE]:events file:_files' \\
                '--trust[run the commands of the layout file this once without asking]' \\
                '--screen-reader[visible cursor on the focus, marks spelled as words]' \\
                '--config[key bindings and theme from FILE]:configuration file:_files' \\
                '--size[render: the screen size WxH]:size:' \\
                '--keys[render: the keys to press]:keys:' \\
                '--ansi[render: keep colours and attributes]' \\
                '(- *)--help[usage]' \\
                '(- *)--version[version]' \\
                '1::subcommand:(\(subcommands.joined(separator: " ")))' \\
                '*::argument:_files'
        }
        _tabnav_tui "$@"

        """
    }

    static var fish: String {
        var lines = ["# fish completion for tabnav-tui",
                     "complete -c tabnav-tui -f -n '__fish_use_subcommand' -a '\(subcommands.joined(separator: " "))'",
                     "complete -c tabnav-tui -n '__fish_seen_subcommand_from completions' -f -a 'bash zsh fish'",
                     "complete -c tabnav-tui -n '__fish_seen_subcommand_from check-layout' -F",
                     "complete -c tabnav-tui -l layout -r -F -d 'show the hierarchy described in FILE'",
                     "complete -c tabnav-tui -l mode -x -a 'auto tabbar sidebar' -d 'presentation'",
                     "complete -c tabnav-tui -l state-dir -x -a '(__fish_complete_directories)' -d 'keep the customization in DIR'",
                     "complete -c tabnav-tui -l theme -x -a 'auto dark light high-contrast mono' -d 'colours'",
                     "complete -c tabnav-tui -l icons -x -a 'standard nerd' -d 'icon glyphs'",
                     "complete -c tabnav-tui -l events -r -F -d 'append one JSON line per change to FILE'",
                     "complete -c tabnav-tui -l config -r -F -d 'key bindings and theme from FILE'",
                     "complete -c tabnav-tui -n '__fish_seen_subcommand_from render' -l size -x -d 'the screen size WxH'",
                     "complete -c tabnav-tui -n '__fish_seen_subcommand_from render' -l keys -x -d 'the keys to press'",
                     "complete -c tabnav-tui -n '__fish_seen_subcommand_from render' -l ansi -d 'keep colours and attributes'"]
        for flag in ["no-persist", "reset", "rtl", "ascii", "no-color", "no-mouse", "trust", "screen-reader", "help", "version"] {
            lines.append("complete -c tabnav-tui -l \(flag)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
