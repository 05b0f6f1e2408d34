import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender

/// What the command line asked for (docs/behaviour.md, "Command line").
struct CommandLineOptions {
    enum Command {
        case run
        case render(size: TerminalSize, keys: [AppAction], ansi: Bool)
        case checkLayout(path: String)
        /// `tabnav-tui keys`: print the effective keymap.
        case keys
        /// `tabnav-tui completions SHELL`: a completion script on standard output.
        case completions(CompletionScript.Shell)
        case help
        case version
    }

    var command: Command = .run
    var layoutPath: String?
    var app = AppOptions()
    var stateDir: String?
    var persist = true
    var reset = false
    var noColor = false
    /// `--theme NAME`: over the configuration's theme.
    var theme: ThemeChoice?
    /// `--icons standard|nerd`: over the configuration's icons.
    var icons: IconStyle?
    /// Run the layout's commands this once without recording trust (docs/layout-files.md).
    var trust = false
    var eventsPath: String?
    /// `--config FILE`: the configuration file, which must exist (without it, the default file
    /// is read if there is one).
    var configPath: String?

    /// A usage error: one line naming the problem (exit status 2).
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static let usage = """
        usage: tabnav-tui [--layout FILE] [--mode auto|tabbar|sidebar] [--state-dir DIR] [--no-persist]
                          [--reset] [--rtl] [--ascii] [--no-color] [--theme NAME] [--icons NAME]
                          [--no-mouse] [--events FILE] [--trust] [--screen-reader] [--config FILE]
                          [--help] [--version]
               tabnav-tui render --size WxH [--keys K,K,...] [--ansi] [same options]
               tabnav-tui keys [--config FILE] [--ascii]
               tabnav-tui check-layout FILE|-
               tabnav-tui completions bash|zsh|fish

        The iPadOS 18 adaptive tab bar and sidebar in the terminal. Without --layout it shows a
        built-in demo catalogue. Press ? inside for every key.

        options:
          --layout FILE        show the hierarchy described in FILE (JSON; see README)
          --mode MODE          auto (default): the size decides; tabbar: no sidebar;
                               sidebar: start with the sidebar showing
          --state-dir DIR      keep the customization in DIR (default: $TABNAV_STATE_DIR,
                               $XDG_STATE_HOME/tabnav-tui or ~/.local/state/tabnav-tui)
          --no-persist         keep the customization in memory only
          --reset              start from the defaults (the saved file is replaced on the next save)
          --rtl                right-to-left layout (also from an ar/he/fa/ur locale)
          --ascii              ASCII stand-ins instead of Unicode glyphs
          --no-color           no colours (also when NO_COLOR is set and not empty)
          --theme NAME         auto (default: follows the terminal's background), dark, light,
                               high-contrast or mono (see docs/themes.md)
          --icons NAME         standard (default: glyphs every font has) or nerd (a Nerd
                               Font's icons; a symbol without one keeps its standard glyph)
          --no-mouse           do not capture the mouse
          --events FILE        append one JSON line per change to FILE
          --trust              run the layout file's commands this once without asking (nothing
                               is recorded; without it, t on a command tab trusts the file)
          --screen-reader      keep the terminal's cursor visible (it always sits on what has the
                               focus) and spell marks as words (hidden, in bar, 3 new)
          --config FILE        read key bindings, the theme and icons from FILE (default:
                               $XDG_CONFIG_HOME/tabnav-tui/config.json or
                               ~/.config/tabnav-tui/config.json, if it exists; see docs/keys.md)
          --help, --version

        render: draws the screen headlessly after the given keys and prints it as text.
          --size WxH           the screen size (required), e.g. 120x40
          --keys K,K,...       left right up down enter esc tab backtab space backspace delete
                               insert home end pgup pgdn f1..f12 comma, single characters,
                               C-x for control keys, resize:WxH
          --ansi               keep colours and attributes (ANSI escape sequences)

        keys: prints the key bindings of every mode, with the configuration file's changes.

        check-layout: validates a layout file and prints a summary (exit 0 if valid, 2 if not),
          with a warning: line for each item that can never be shown.

        completions: prints a completion script for bash, zsh or fish.

        Options may come before or after the subcommand.
        """

    /// The subcommands, and the options that take a value (so a value is never taken for one).
    static let subcommands: Set<String> = ["render", "check-layout", "keys", "completions"]
    static let valueOptions: Set<String> = ["--layout", "--mode", "--state-dir", "--events", "--config", "--size", "--keys"]

    /// The arguments with the subcommand moved to the front, wherever it was written
    /// (`tabnav-tui --state-dir X render …` and `render … --state-dir X` mean the same).
    static func subcommandFirst(_ arguments: [String]) -> [String] {
        var takesValue = false
        for (index, arg) in arguments.enumerated() {
            if takesValue { takesValue = false; continue }
            if arg == "--" { break }
            if valueOptions.contains(arg) { takesValue = true; continue }
            if arg.hasPrefix("-") { continue }
            guard subcommands.contains(arg) else { return arguments }  // the first word decides
            var rest = arguments
            rest.remove(at: index)
            return [arg] + rest
        }
        return arguments
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var args = subcommandFirst(arguments)[...]
        var renderSize: TerminalSize?
        var renderKeys: [AppAction] = []
        var ansi = false
        var isRender = false
        var renderOnly: [String] = []

        if let first = args.first {
            if first == "render" { isRender = true; args = args.dropFirst() }
            else if first == "check-layout" {
                // The FILE is the one word that is not an option (or `-`); other options are checked
                // as usual and have no effect on the check.
                var rest = Array(args.dropFirst())
                let files = rest.indices.filter { i in
                    (rest[i] == "-" || !rest[i].hasPrefix("-")) && (i == 0 || !valueOptions.contains(rest[i - 1]))
                }
                guard files.count == 1 else { throw UsageError(description: "check-layout takes exactly one FILE") }
                let path = rest.remove(at: files[0])
                options = try parse(rest, environment: environment)
                options.command = .checkLayout(path: path)
                return options
            } else if first == "keys" {
                return try parseKeys(Array(args.dropFirst()))
            } else if first == "completions" {
                let rest = Array(args.dropFirst())
                guard rest.count == 1, let shell = CompletionScript.Shell(rawValue: rest[0]) else {
                    throw UsageError(description: "completions takes one shell: bash, zsh or fish")
                }
                options.command = .completions(shell)
                return options
            }
        }

        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = args.first, !next.hasPrefix("--") else {
                throw UsageError(description: "option \(name) needs a value")
            }
            args = args.dropFirst()
            return next
        }

        while let arg = args.first {
            args = args.dropFirst()
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            switch name {
            case "--layout": options.layoutPath = try value(name, inline)
            case "--mode":
                let v = try value(name, inline)
                guard let mode = AppOptions.Mode(rawValue: v) else {
                    throw UsageError(description: "unknown mode \"\(v)\" (expected auto, tabbar or sidebar)")
                }
                options.app.mode = mode
            case "--state-dir": options.stateDir = try value(name, inline)
            case "--events": options.eventsPath = try value(name, inline)
            case "--config": options.configPath = try configValue(try value(name, inline))
            case "--no-persist": options.persist = false
            case "--reset": options.reset = true
            case "--rtl": options.app.rightToLeft = true
            case "--ascii": options.app.ascii = true
            case "--no-color": options.noColor = true
            case "--theme":
                let v = try value(name, inline)
                guard let theme = ThemeChoice(name: v) else {
                    throw UsageError(description: "unknown theme \"\(v)\" (expected auto, dark, light, high-contrast or mono)")
                }
                options.theme = theme
            case "--icons":
                let v = try value(name, inline)
                guard let icons = IconStyle(rawValue: v) else {
                    throw UsageError(description: "unknown icons \"\(v)\" (expected standard or nerd)")
                }
                options.icons = icons
            case "--trust": options.trust = true
            case "--screen-reader": options.app.screenReader = true
            case "--no-mouse": options.app.mouse = false
            case "--help", "-h": options.command = .help; return options
            case "--version", "-V": options.command = .version; return options
            case "--size":
                let v = try value(name, inline)
                guard let size = KeyNames.parseSize(v) else {
                    throw UsageError(description: "bad --size \"\(v)\" (expected WxH, e.g. 120x40)")
                }
                renderSize = size
                renderOnly.append(name)
            case "--keys":
                let v = try value(name, inline)
                do { renderKeys += try KeyNames.parseList(v) } catch { throw UsageError(description: error.description) }
                renderOnly.append(name)
            case "--ansi": ansi = true; renderOnly.append(name)
            default:
                if arg.hasPrefix("-") { throw UsageError(description: "unknown option \(arg) (see tabnav-tui --help)") }
                throw UsageError(description: "unexpected argument \"\(arg)\" (see tabnav-tui --help)")
            }
            if inline != nil, ["--no-persist", "--reset", "--rtl", "--ascii", "--no-color", "--no-mouse", "--ansi", "--trust", "--screen-reader"].contains(name) {
                throw UsageError(description: "option \(name) takes no value")
            }
        }
        if isRender {
            guard let renderSize else { throw UsageError(description: "render needs --size WxH") }
            options.command = .render(size: renderSize, keys: renderKeys, ansi: ansi)
        } else if let first = renderOnly.first {
            throw UsageError(description: "option \(first) only works with 'tabnav-tui render'")
        }
        if !options.app.rightToLeft, Self.localeIsRightToLeft(environment) { options.app.rightToLeft = true }
        if !Theme.colorAllowed(environment: environment, flag: options.noColor) { options.noColor = true }
        return options
    }

    /// `tabnav-tui keys [--config FILE] [--ascii]`.
    static func parseKeys(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        options.command = .keys
        var args = arguments[...]
        while let arg = args.first {
            args = args.dropFirst()
            if arg == "--config" {
                guard let next = args.first, !next.hasPrefix("--") else {
                    throw UsageError(description: "option --config needs a value")
                }
                args = args.dropFirst()
                options.configPath = try configValue(next)
            } else if arg.hasPrefix("--config=") {
                options.configPath = try configValue(String(arg.dropFirst("--config=".count)))
            } else if arg == "--ascii" {
                options.app.ascii = true
            } else if arg == "--help" || arg == "-h" {
                options.command = .help
                return options
            } else {
                throw UsageError(description: "keys takes only --config FILE and --ascii, not \"\(arg)\" (see tabnav-tui --help)")
            }
        }
        return options
    }

    /// A `--config` value: an empty one is a mistake, not "no file".
    static func configValue(_ path: String) throws(UsageError) -> String {
        guard !path.isEmpty else { throw UsageError(description: "option --config needs a value") }
        return path
    }

    /// docs/behaviour.md, "Model and customization": an `ar`, `he`, `fa` or `ur` locale lays out right to left.
    static func localeIsRightToLeft(_ environment: [String: String]) -> Bool {
        let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let language = locale.prefix { $0.isLetter }.lowercased()
        return ["ar", "he", "fa", "ur", "iw"].contains(language)
    }
}
