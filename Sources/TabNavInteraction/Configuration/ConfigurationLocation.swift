import TabNavCore

/// Where the configuration file is (docs/keys.md).
public enum ConfigurationLocation {
    /// The file to read and whether it must exist.
    public struct File: Sendable, Equatable {
        public var path: String
        /// True for a file named with `--config`; the default file may be missing.
        public var required: Bool

        public init(path: String, required: Bool) {
            self.path = path
            self.required = required
        }
    }

    /// The configuration file, first match wins:
    /// 1. `configPath` (`--config FILE`), which must exist,
    /// 2. `$XDG_CONFIG_HOME/tabnav-tui/config.json` (only an absolute path counts, as the XDG spec
    ///    says),
    /// 3. `$HOME/.config/tabnav-tui/config.json`.
    ///
    /// Empty values count as unset; a leading `~` or `~/` is replaced by the home folder, as for
    /// the state folder.
    public static func file(configPath: String?, environment: [String: String]) -> File {
        let home = StateLocation.homeDirectory(environment: environment)
        if let path = configPath, !path.isEmpty {
            return File(path: StateLocation.expandingTilde(in: path, home: home), required: true)
        }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            let expanded = StateLocation.expandingTilde(in: xdg, home: home)
            if expanded.hasPrefix("/") {
                return File(path: withoutTrailingSlashes(expanded) + "/" + relativePath, required: false)
            }
        }
        return File(path: withoutTrailingSlashes(home) + "/.config/" + relativePath, required: false)
    }

    /// The file under a configuration folder.
    static let relativePath = StateLocation.applicationFolder + "/config.json"

    /// Removes trailing slashes ("/" becomes "", so appending "/" + a name never gives "//").
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
