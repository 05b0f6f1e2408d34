import TabNavDrawing

/// Which theme to draw with (`--theme`, the configuration's `"theme"`; docs/themes.md).
public enum ThemeChoice: Sendable, Hashable {
    /// The theme that matches the terminal's background: `light` on a light one, else `dark`.
    case automatic
    /// A built-in theme.
    case named(ThemeName)
    /// A person's own colours over a built-in theme.
    case custom(ThemeColors)

    /// What a run without `--theme` or a configured theme uses.
    public static let `default` = ThemeChoice.automatic
    /// No colours at all, as with `NO_COLOR`: attributes only (bold, underline, reverse…).
    public static let mono = ThemeChoice.named(.mono)

    /// The names `--theme` and `"theme"` accept.
    public static let names = ["auto"] + ThemeName.allCases.map(\.rawValue)

    /// `auto`, `dark`, `light`, `high-contrast` or `mono` (and `default`, the older name of
    /// `auto`, which configurations written before themes followed the background use); nil for
    /// anything else.
    public init?(name: String) {
        if name == "auto" || name == "default" {
            self = .automatic
        } else if let theme = ThemeName(rawValue: name) {
            self = .named(theme)
        } else {
            return nil
        }
    }

    /// Whether this theme turns colour off.
    public var forcesNoColor: Bool { self == .mono }

    /// Whether the theme depends on the terminal's background (worth asking the terminal for it).
    public var followsBackground: Bool {
        switch self {
        case .automatic: true
        case .named(let name): name == .highContrast
        case .custom(let colors): colors.base == nil || colors.base == .highContrast
        }
    }

    /// The theme for a terminal of `depth` colours whose background is `background` (nil: not known).
    public func theme(background: RGBColor?, depth: ColorDepth) -> Theme {
        switch self {
        case .automatic: .matching(background: background, depth: depth)
        case .named(let name): .named(name, background: background, depth: depth)
        case .custom(let colors): .custom(colors, background: background, depth: depth)
        }
    }

    /// The background `COLORFGBG` names (`15;0`: white on black), the convention of rxvt and
    /// others: its last field is the background's ANSI colour; 7 and 9–15 are light. Nil when the
    /// variable is absent or unreadable.
    public static func background(colorFGBG value: String?) -> RGBColor? {
        guard let value, let last = value.split(separator: ";").last, let index = Int(last), (0...15).contains(index)
        else { return nil }
        return index == 7 || index >= 9 ? .white : .black
    }
}
