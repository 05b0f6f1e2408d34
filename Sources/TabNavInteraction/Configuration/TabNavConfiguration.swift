import TabNavCore
import TabNavDrawing

/// What a person's configuration file changes (docs/keys.md): the key bindings and
/// the theme. Read it with `ConfigurationLoader`; `standard` is what a run without a file uses.
public struct TabNavConfiguration: Sendable, Equatable {
    /// The keymap the session dispatches through: the standard one with the file's changes.
    public var keymap: Keymap
    /// The theme the file asks for.
    public var theme: ThemeChoice
    /// The icons the file asks for (`"icons": "nerd"`); nil when it does not say.
    public var icons: IconStyle?

    /// No file: the standard keymap and the default theme.
    public static let standard = TabNavConfiguration()

    public init(keymap: Keymap = .standard, theme: ThemeChoice = .default, icons: IconStyle? = nil) {
        self.keymap = keymap
        self.theme = theme
        self.icons = icons
    }
}
