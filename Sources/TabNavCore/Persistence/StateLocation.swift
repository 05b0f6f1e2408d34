import TabNavSystem

/// Where saved customizations live (docs/behaviour.md, "Persistence"), resolved from the command line and the environment.
package enum StateLocation {
    /// The folder name under `$XDG_STATE_HOME` and `~/.local/state`.
    package static let applicationFolder = "tabnav-tui"

    /// The state folder, first match wins:
    /// 1. `stateDir` (`--state-dir DIR`),
    /// 2. `TABNAV_STATE_DIR` (for the `tabnav-tui` program only: another application named
    ///    `application` never reads it, so two programs never share a folder by accident),
    /// 3. `$XDG_STATE_HOME/<application>` (only an absolute path counts, as the XDG spec says),
    /// 4. `$HOME/.local/state/<application>` (the home folder from the password database when
    ///    `HOME` is unset, and the current folder as a last resort).
    ///
    /// Empty values count as unset. A leading `~` or `~/` is replaced by the home folder, because
    /// `--state-dir=~/x` and values from config files reach us unexpanded. Trailing slashes are
    /// removed so `file(…)` never builds `dir//id.json`.
    package static func directory(stateDir: String?, environment: [String: String],
                                  application: String = applicationFolder) -> String {
        let home = homeDirectory(environment: environment)
        if let dir = stateDir, !dir.isEmpty {
            return normalized(expandingTilde(in: dir, home: home))
        }
        if application == applicationFolder, let dir = environment["TABNAV_STATE_DIR"], !dir.isEmpty {
            return normalized(expandingTilde(in: dir, home: home))
        }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty {
            let expanded = expandingTilde(in: xdg, home: home)
            if expanded.hasPrefix("/") { return normalized(expanded) + "/" + application }
        }
        return normalized(home) + "/.local/state/" + application
    }

    /// Whether `name` can name an application's folder: not empty, not `.` or `..`, no `/` and
    /// no NUL. Nil when it can; the reason otherwise.
    package static func problem(withApplicationName name: String) -> String? {
        if name.isEmpty { return "an application name cannot be empty" }
        if name == "." || name == ".." { return "\"\(name)\" cannot name a folder" }
        if name.contains("/") || name.contains("\0") { return "an application name cannot hold \"/\" or NUL" }
        return nil
    }

    /// The state file of one layout: `<directory>/<layout-id>.json`.
    package static func file(directory: String, layoutID: String) -> String {
        // The trust file's name is not a layout's to take (a library's hierarchy may be named so).
        let name = layoutID == TrustStore.layoutIDTaken ? layoutID + "-layout" : layoutID
        return (directory.hasSuffix("/") ? directory : directory + "/") + name + ".json"
    }

    /// `~` and `~/rest` become `home` and `home/rest`; anything else (including `~user`) is left alone.
    package static func expandingTilde(in path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return normalized(home) + "/" + path.dropFirst(2) }
        return path
    }

    /// The home folder: `HOME`, else the password database, else the current folder. Also used
    /// for the configuration file's location.
    public static func homeDirectory(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let home = SystemCalls.passwordHome, !home.isEmpty { return home }
        return "."
    }

    /// Removes trailing slashes, keeping "/" itself.
    private static func normalized(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
