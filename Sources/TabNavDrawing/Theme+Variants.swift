/// The built-in themes (docs/themes.md).
public enum ThemeName: String, Sendable, Equatable, Hashable, CaseIterable {
    /// For a dark background (the default when nothing says otherwise).
    case dark
    /// For a light background.
    case light
    /// The strongest contrast the terminal can show (at least 7:1 with 256 colours), for a dark
    /// or a light background.
    case highContrast = "high-contrast"
    /// No colours: attributes only (as with `NO_COLOR`).
    case mono
}

/// The few colours a theme is made of, as palette indices of one colour depth; every role of
/// the theme takes its colour from one of them (see `Theme.colored`).
public struct ThemePalette: Sendable, Equatable, Hashable {
    /// The focused pane's heading and divider, the selection, the keys in the footer.
    public var accent: UInt8
    /// Edit mode: the cursor, the bar across, the footer's `EDIT`.
    public var edit: UInt8
    /// A grabbed item, where it would land, the footer's `GRAB`.
    public var grab: UInt8
    /// The footer's `SEARCH`.
    public var search: UInt8
    /// Errors and refused drops.
    public var error: UInt8
    /// Behind an error, where the error colour alone does not read on the background.
    public var errorBackground: UInt8?
    /// Secondary text: subtitles, reasons, hidden items, the other pane's divider.
    public var muted: UInt8
    /// Badges (`New 3`).
    public var badge: UInt8
    /// A tab that would accept a drop.
    public var accepts: UInt8
    /// The focus cursor on a row (drawn reversed: the row takes this colour).
    public var cursor: UInt8

    public init(accent: UInt8, edit: UInt8, grab: UInt8, search: UInt8, error: UInt8, errorBackground: UInt8? = nil,
                muted: UInt8, badge: UInt8, accepts: UInt8, cursor: UInt8) {
        self.accent = accent
        self.edit = edit
        self.grab = grab
        self.search = search
        self.error = error
        self.errorBackground = errorBackground
        self.muted = muted
        self.badge = badge
        self.accepts = accepts
        self.cursor = cursor
    }

    /// The colours a person can set in the configuration (`"theme": {"accent": "#005fd7"}`).
    public enum Slot: String, Sendable, CaseIterable, Hashable {
        case accent, edit, grab, search, error, muted, badge, accepts, cursor
    }

    subscript(slot: Slot) -> UInt8 {
        get {
            switch slot {
            case .accent: accent
            case .edit: edit
            case .grab: grab
            case .search: search
            case .error: error
            case .muted: muted
            case .badge: badge
            case .accepts: accepts
            case .cursor: cursor
            }
        }
        set {
            switch slot {
            case .accent: accent = newValue
            case .edit: edit = newValue
            case .grab: grab = newValue
            case .search: search = newValue
            case .error: error = newValue; errorBackground = nil
            case .muted: muted = newValue
            case .badge: badge = newValue
            case .accepts: accepts = newValue
            case .cursor: cursor = newValue
            }
        }
    }

    // xterm-256 (and 24-bit, which writes these indices' standard colours exactly).
    static let dark256 = ThemePalette(accent: 117, edit: 179, grab: 213, search: 114, error: 203, muted: 246,
                                      badge: 209, accepts: 114, cursor: 252)
    static let light256 = ThemePalette(accent: 25, edit: 94, grab: 127, search: 22, error: 124, muted: 242,
                                       badge: 160, accepts: 22, cursor: 238)
    static let highContrastDark256 = ThemePalette(accent: 51, edit: 226, grab: 213, search: 114, error: 210, muted: 252,
                                                  badge: 210, accepts: 114, cursor: 231)
    static let highContrastLight256 = ThemePalette(accent: 18, edit: 88, grab: 53, search: 22, error: 124, muted: 238,
                                                   badge: 124, accepts: 22, cursor: 16)
    // The eight ANSI colours. On black, red, blue and magenta are under 4.5:1; on white, green,
    // yellow, cyan and white are: each theme keeps to the ones that read.
    static let dark8 = ThemePalette(accent: 6, edit: 3, grab: 2, search: 7, error: 7, errorBackground: 1, muted: 7,
                                    badge: 3, accepts: 2, cursor: 7)
    static let light8 = ThemePalette(accent: 4, edit: 5, grab: 1, search: 0, error: 1, muted: 0,
                                     badge: 1, accepts: 4, cursor: 0)
    static let highContrastDark8 = ThemePalette(accent: 3, edit: 6, grab: 2, search: 7, error: 3, muted: 7,
                                                badge: 3, accepts: 2, cursor: 7)

    /// The palette of a built-in colour theme for a depth and a background.
    static func builtIn(_ name: ThemeName, darkBackground: Bool, depth: ColorDepth) -> ThemePalette {
        let eight = depth == .eight
        switch (name, darkBackground) {
        case (.light, _): return eight ? light8 : light256
        case (.highContrast, true): return eight ? highContrastDark8 : highContrastDark256
        case (.highContrast, false): return eight ? light8 : highContrastLight256
        case (.dark, _), (.mono, _): return eight ? dark8 : dark256
        }
    }
}

/// A colour in a person's own theme: a palette index or `#rrggbb`.
public enum ThemeColorValue: Sendable, Equatable, Hashable {
    case index(UInt8)
    case rgb(RGBColor)
}

/// A person's own colours (the configuration's `"theme": {…}`): the theme they start from
/// (`nil`: the one that matches the terminal's background) and the colours they change.
public struct ThemeColors: Sendable, Equatable, Hashable {
    public var base: ThemeName?
    public var colors: [ThemePalette.Slot: ThemeColorValue]

    public init(base: ThemeName? = nil, colors: [ThemePalette.Slot: ThemeColorValue] = [:]) {
        self.base = base
        self.colors = colors
    }
}

extension Theme {
    /// Attributes only. Selection is bold + underline, focused selection bold + reverse, the focus
    /// cursor reverse, the edit cursor reverse + underline, a grabbed item reverse + bold +
    /// underline, a drop position underline (beside the drop-position glyph), accepting and
    /// refusing drop targets bold and italic + underline (beside ✓ and ✗), hidden items italic
    /// (beside an empty box): all pairwise different. Nothing is dim: how faint a terminal draws
    /// dim text is its own choice, so its contrast is unknown (docs/themes.md).
    public static let monochrome = Theme(
        depth: .none,
        barBackground: CellStyle(),
        barItem: CellStyle(),
        barSelected: CellStyle([.bold, .underline]),
        barFocused: CellStyle([.bold, .reverse]),
        fixedItem: CellStyle(),
        pinnedItem: CellStyle(),
        badge: CellStyle([.bold]),
        barControl: CellStyle(),
        sidebarRow: CellStyle(),
        sidebarHeader: CellStyle([.bold]),
        sidebarSelected: CellStyle([.bold, .underline]),
        cursor: CellStyle([.reverse]),
        editCursor: CellStyle([.reverse, .underline]),
        grabbed: CellStyle([.reverse, .bold, .underline]),
        dropPosition: CellStyle([.underline]),
        dropAccepts: CellStyle([.bold]),
        dropRefuses: CellStyle([.italic, .underline]),
        hiddenItem: CellStyle([.italic]),
        contentText: CellStyle(),
        contentTitle: CellStyle([.bold]),
        dim: CellStyle(),
        footer: CellStyle(),
        message: CellStyle(),
        error: CellStyle([.bold]),
        helpOverlay: CellStyle(),
        prompt: CellStyle([.underline]),
        footerModes: [
            .normal: CellStyle([.reverse, .bold]), .edit: CellStyle([.reverse, .bold]),
            .grab: CellStyle([.reverse, .bold]), .search: CellStyle([.reverse, .bold]), .find: CellStyle([.reverse, .bold]),
        ]
    )

    /// The dark theme with xterm-256 colours.
    public static let color256 = colored(.dark, palette: .dark256, depth: .full256, darkBackground: true)
    /// The dark theme with the eight ANSI colours.
    public static let color8 = colored(.dark, palette: .dark8, depth: .eight, darkBackground: true)

    /// A built-in theme for a colour depth and the terminal's background (`nil`: unknown, taken
    /// as dark). `high-contrast` follows the background; `mono` and a depth of `none` have no colour.
    public static func named(_ name: ThemeName, background: RGBColor? = nil, depth: ColorDepth) -> Theme {
        let darkBackground = background?.isDark ?? (name != .light)
        guard name != .mono, depth != .none else {
            var theme = monochrome
            theme.background = background ?? (darkBackground ? .black : .white)
            theme.defaultForeground = darkBackground ? .white : .black
            return theme
        }
        return colored(name, palette: .builtIn(name, darkBackground: darkBackground, depth: depth), depth: depth,
                       darkBackground: darkBackground)
    }

    /// The theme that matches a background: light on a light one, dark otherwise.
    public static func matching(background: RGBColor?, depth: ColorDepth) -> Theme {
        named(background.map { $0.isDark ? .dark : .light } ?? .dark, background: background, depth: depth)
    }

    /// A person's own colours over a built-in theme (their base, or the one matching the background).
    /// A `#rrggbb` colour is shown exactly on a 24-bit terminal and as the nearest palette colour
    /// otherwise.
    public static func custom(_ custom: ThemeColors, background: RGBColor?, depth: ColorDepth) -> Theme {
        let base = custom.base ?? background.map { $0.isDark ? .dark : .light } ?? .dark
        guard base != .mono, depth != .none else { return named(.mono, background: background, depth: depth) }
        let darkBackground = background?.isDark ?? (base != .light)
        var palette = ThemePalette.builtIn(base, darkBackground: darkBackground, depth: depth)
        var direct: [UInt8: RGBColor] = [:]
        for slot in ThemePalette.Slot.allCases {
            guard let value = custom.colors[slot] else { continue }
            switch value {
            case .index(let index):
                palette[slot] = depth == .eight ? ColorDepth.nearestANSI(index) : index
            case .rgb(let rgb):
                var index = rgb.nearestPaletteIndex
                if depth == .direct {
                    // The nearest index another colour has not taken, drawn exactly.
                    while let taken = direct[index], taken != rgb { index = index == 255 ? 16 : index + 1 }
                    direct[index] = rgb
                }
                palette[slot] = depth == .eight ? ColorDepth.nearestANSI(index) : index
            }
        }
        var theme = colored(base, palette: palette, depth: depth, darkBackground: darkBackground)
        theme.directColors = direct
        return theme
    }

    /// The theme for a colour depth; `noColor` (`NO_COLOR` or `--no-color`) forces monochrome.
    public static func `for`(depth: ColorDepth, noColor: Bool) -> Theme {
        named(noColor ? .mono : .dark, depth: depth)
    }

    /// Whether colour may be used (no-color.org): not when `--no-color` was given (`flag`), nor
    /// when `NO_COLOR` is set to a non-empty value. An empty `NO_COLOR` does not count.
    public static func colorAllowed(environment: [String: String], flag noColorFlag: Bool) -> Bool {
        if noColorFlag { return false }
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return true
    }

    /// Every role by name (footer modes as `footerMode.EDIT` etc.), for checks and documentation.
    public var allRoles: [(name: String, style: CellStyle)] {
        Theme.roleKeyPaths.map { ($0.name, self[keyPath: $0.path]) }
            + InteractionMode.allCases.map { ("footerMode.\($0.label)", footerMode($0)) }
    }

    static var roleKeyPaths: [(name: String, path: WritableKeyPath<Theme, CellStyle>)] { [
        ("barBackground", \.barBackground), ("barItem", \.barItem), ("barSelected", \.barSelected),
        ("barFocused", \.barFocused), ("fixedItem", \.fixedItem), ("pinnedItem", \.pinnedItem),
        ("badge", \.badge), ("barControl", \.barControl), ("sidebarRow", \.sidebarRow),
        ("sidebarHeader", \.sidebarHeader), ("sidebarSelected", \.sidebarSelected),
        ("cursor", \.cursor), ("editCursor", \.editCursor), ("grabbed", \.grabbed),
        ("dropPosition", \.dropPosition), ("dropAccepts", \.dropAccepts),
        ("dropRefuses", \.dropRefuses), ("hiddenItem", \.hiddenItem), ("contentText", \.contentText),
        ("contentTitle", \.contentTitle), ("dim", \.dim), ("footer", \.footer), ("message", \.message),
        ("error", \.error), ("helpOverlay", \.helpOverlay), ("prompt", \.prompt),
        ("footerKey", \.footerKey), ("focusAccent", \.focusAccent), ("editBar", \.editBar),
        ("editBarCursor", \.editBarCursor), ("grabBar", \.grabBar), ("grabBarItem", \.grabBarItem),
    ] }

    /// The monochrome attributes with a palette's colours. Only foregrounds are set (a reversed
    /// role shows its foreground as the row's colour, with the terminal's background as text),
    /// except behind an error whose colour needs it: every pane keeps the terminal's background.
    static func colored(_ name: ThemeName, palette p: ThemePalette, depth: ColorDepth, darkBackground: Bool) -> Theme {
        var theme = monochrome
        theme.depth = depth
        theme.name = name
        theme.background = darkBackground ? .black : .white
        theme.defaultForeground = darkBackground ? .white : .black
        let colors: [(WritableKeyPath<Theme, CellStyle>, UInt8)] = [
            (\.barSelected, p.accent), (\.barFocused, p.accent), (\.badge, p.badge), (\.barControl, p.accent),
            (\.sidebarSelected, p.accent), (\.cursor, p.cursor), (\.editCursor, p.edit), (\.grabbed, p.grab),
            (\.dropPosition, p.grab), (\.dropAccepts, p.accepts), (\.dropRefuses, p.error),
            (\.hiddenItem, p.muted), (\.dim, p.muted), (\.error, p.error), (\.footerKey, p.accent),
            (\.focusAccent, p.accent), (\.editBar, p.edit), (\.editBarCursor, p.edit), (\.grabBar, p.grab),
            (\.grabBarItem, p.grab),
        ]
        for (path, foreground) in colors { theme[keyPath: path].foreground = foreground }
        theme.error.background = p.errorBackground
        theme.dropRefuses.background = p.errorBackground
        let modes: [InteractionMode: UInt8] = [.normal: p.accent, .edit: p.edit, .grab: p.grab, .search: p.search, .find: p.search]
        for (mode, color) in modes {
            var style = theme.footerMode(mode)
            style.foreground = color
            theme.footerModes[mode] = style
        }
        return theme
    }
}
