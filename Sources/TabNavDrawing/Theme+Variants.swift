
extension Theme {
    /// Attributes only. Selection is bold + underline, focused selection bold + reverse, the focus
    /// cursor reverse, the edit cursor reverse + underline, a grabbed item reverse + bold +
    /// underline, a drop position underline (beside the drop-position glyph), accepting and
    /// refusing drop targets bold and dim, hidden items dim + italic: all pairwise different.
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
        dropRefuses: CellStyle([.dim]),
        hiddenItem: CellStyle([.dim, .italic]),
        contentText: CellStyle(),
        contentTitle: CellStyle([.bold]),
        dim: CellStyle([.dim]),
        footer: CellStyle(),
        message: CellStyle(),
        error: CellStyle([.bold]),
        helpOverlay: CellStyle(),
        prompt: CellStyle([.underline]),
        footerModes: [
            .normal: CellStyle([.reverse, .bold]), .edit: CellStyle([.reverse, .bold]),
            .grab: CellStyle([.reverse, .bold]), .search: CellStyle([.reverse, .bold]),
        ]
    )

    /// The monochrome attributes with xterm-256 colours: a dark grey bar and sidebar, blue
    /// selection, amber edit cursor, orange grabbed item. Roles drawn reversed name their
    /// shown background as `foreground` (the terminal swaps them).
    public static let color256 = monochrome.colored(depth: .full256, [
        (\.barBackground, 252, 236), (\.barItem, 252, 236), (\.barSelected, 117, 236),
        (\.barFocused, 117, 16), (\.fixedItem, 255, 236), (\.pinnedItem, 180, 236),
        (\.badge, 231, 131), (\.barControl, 110, 236),
        (\.sidebarRow, 252, 236), (\.sidebarHeader, 110, 236), (\.sidebarSelected, 117, 236),
        (\.cursor, 250, 235), (\.editCursor, 179, 16), (\.grabbed, 208, 16),
        (\.dropPosition, 208, 236), (\.dropAccepts, 114, 236), (\.dropRefuses, 167, 236),
        (\.hiddenItem, 244, 236),
        (\.contentText, nil, nil), (\.contentTitle, 117, nil), (\.dim, 245, nil),
        (\.footer, 250, 238), (\.message, 231, 238), (\.error, 203, 238), (\.helpOverlay, 252, 239),
        (\.prompt, 231, 238),
    ], modes: [.normal: (110, 16), .edit: (179, 16), .grab: (208, 16), .search: (114, 16)])

    /// The monochrome attributes with the eight ANSI colours: a blue bar and sidebar, yellow
    /// selection, cyan focus, magenta grabbed item.
    public static let color8 = monochrome.colored(depth: .eight, [
        (\.barBackground, 7, 4), (\.barItem, 7, 4), (\.barSelected, 3, 4), (\.barFocused, 6, 0),
        (\.fixedItem, 7, 4), (\.pinnedItem, 6, 4), (\.badge, 7, 1), (\.barControl, 6, 4),
        (\.sidebarRow, 7, 4), (\.sidebarHeader, 6, 4), (\.sidebarSelected, 3, 4),
        (\.cursor, 7, 0), (\.editCursor, 3, 0), (\.grabbed, 5, 0),
        (\.dropPosition, 3, 4), (\.dropAccepts, 2, 4), (\.dropRefuses, 1, 4), (\.hiddenItem, 7, 4),
        (\.contentText, nil, nil), (\.contentTitle, 6, nil), (\.dim, nil, nil),
        (\.footer, 0, 7), (\.message, 0, 7), (\.error, 1, 7), (\.helpOverlay, 0, 6), (\.prompt, 0, 7),
    ], modes: [.normal: (4, 7), .edit: (3, 0), .grab: (5, 7), .search: (2, 0)])

    /// The theme for a colour depth; `noColor` (`NO_COLOR` or `--no-color`) forces monochrome.
    public static func `for`(depth: ColorDepth, noColor: Bool) -> Theme {
        if noColor { return .monochrome }
        switch depth {
        case .none: return .monochrome
        case .eight: return .color8
        case .full256: return .color256
        }
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
    ] }

    /// This theme's attributes with the given colours (foreground, background) per role.
    func colored(
        depth: ColorDepth,
        _ colors: [(WritableKeyPath<Theme, CellStyle>, UInt8?, UInt8?)],
        modes: [InteractionMode: (UInt8?, UInt8?)]
    ) -> Theme {
        var theme = self
        theme.depth = depth
        for (path, foreground, background) in colors {
            theme[keyPath: path].foreground = foreground
            theme[keyPath: path].background = background
        }
        for (mode, pair) in modes {
            var style = theme.footerMode(mode)
            style.foreground = pair.0
            style.background = pair.1
            theme.footerModes[mode] = style
        }
        return theme
    }
}
