
/// How each part of the interface looks, by meaning rather than by widget.
///
/// Widgets ask for a role (`barSelected`, `editCursor`…), never for a colour, so one choice
/// (`Theme.named(_:background:depth:)`) adapts the whole screen to the terminal and its
/// background (docs/themes.md). Every theme shares the monochrome attributes per role, chosen so
/// that selection, focus, the edit cursor, a grabbed item and a drop position stay
/// distinguishable on a monochrome terminal; the colour themes only add colours on top, and no
/// role paints a pane's background: every pane is drawn on the terminal's own. Styles can be
/// combined with `CellStyle.adding(_:)` (e.g. cursor over a hidden item).
public struct Theme: Sendable, Equatable {
    /// Which variant this is; also the depth `CellGrid.ansiText(colors:)` should use with it.
    public var depth: ColorDepth
    /// The theme's name (`dark`, `light`, `high-contrast`, `mono`; a person's own colours keep
    /// the name of the theme they start from).
    public var name: ThemeName = .mono
    /// The background the theme is made for (the terminal's own, which it never paints over):
    /// what its contrast is measured against (docs/themes.md).
    public var background: RGBColor = .black
    /// The terminal's default text colour the theme expects (white on dark, black on light).
    public var defaultForeground: RGBColor = .white
    /// Palette indices drawn as other colours than xterm's standard ones on a 24-bit terminal:
    /// the `#rrggbb` colours of a person's own theme (each given the nearest free index).
    public var directColors: [UInt8: RGBColor] = [:]

    // Tab bar
    /// The bar's row, behind and between items.
    public var barBackground: CellStyle
    /// An ordinary (customizable) bar item.
    public var barItem: CellStyle
    /// The selected item while focus is elsewhere (bold + underline).
    public var barSelected: CellStyle
    /// The selected item while the bar has focus (bold + reverse).
    public var barFocused: CellStyle
    /// A `fixed` item (leading region).
    public var fixedItem: CellStyle
    /// A `pinned` item (trailing region, icon only).
    public var pinnedItem: CellStyle
    /// A badge count or text next to a title.
    public var badge: CellStyle
    /// The `‹ ›` overflow markers and the sidebar toggle.
    public var barControl: CellStyle

    // Sidebar
    /// The sidebar column's background and an ordinary row.
    public var sidebarRow: CellStyle
    /// A section header.
    public var sidebarHeader: CellStyle
    /// The selected tab's row while focus is elsewhere (bold + underline).
    public var sidebarSelected: CellStyle

    // Focus, editing, dragging
    /// The focus cursor on a row or item that is not the selection (reverse).
    public var cursor: CellStyle
    /// The edit-mode cursor (reverse + underline).
    public var editCursor: CellStyle
    /// The item picked up in grab mode (reverse + bold + underline).
    public var grabbed: CellStyle
    /// Where the grabbed item would land (underline, next to the drop-position glyph).
    public var dropPosition: CellStyle
    /// A tab that would accept dropped content (bold, with the accepts glyph).
    public var dropAccepts: CellStyle
    /// A tab that would refuse dropped content (dim, with the refuses glyph).
    public var dropRefuses: CellStyle
    /// A hidden item shown unchecked in edit mode (dim + italic).
    public var hiddenItem: CellStyle

    // Content
    /// Body text of the content area.
    public var contentText: CellStyle
    /// A title in the content area (bold).
    public var contentTitle: CellStyle
    /// Secondary text: subtitles, durations, hints (dim).
    public var dim: CellStyle

    // Footer and overlays
    /// The footer line.
    public var footer: CellStyle
    /// A transient footer message.
    public var message: CellStyle
    /// A footer error (a refused move, a corrupt state file).
    public var error: CellStyle
    /// The `?` help overlay.
    public var helpOverlay: CellStyle
    /// A text prompt (search field, a name to type).
    public var prompt: CellStyle
    /// The footer's mode badge, one style per mode (all reverse + bold; colours tell them apart).
    public var footerModes: [InteractionMode: CellStyle]

    // Focus and modes at a glance
    /// A key in the footer's hints (`footer` is its action).
    public var footerKey = CellStyle([.bold])
    /// The heading and divider of the pane that has the focus (the accent colour).
    public var focusAccent = CellStyle([.bold, .underline])
    /// The tab bar's row (and the sidebar's heading) in edit mode: underlined across, in the
    /// mode's colour.
    public var editBar = CellStyle([.underline])
    /// The edit cursor on the edit-mode bar.
    public var editBarCursor = CellStyle([.reverse, .underline])
    /// The tab bar's row (and the sidebar's heading) while an item is grabbed.
    public var grabBar = CellStyle([.underline])
    /// The grabbed item on the grab-mode bar.
    public var grabBarItem = CellStyle([.reverse, .bold, .underline])
    /// Text found by find in page, where it shows (added to the text's own style: reversed, so
    /// it keeps the text's colours and their contrast, on every terminal).
    public var found = CellStyle([.reverse])
}

extension Theme {
    /// The footer badge naming `mode`.
    public func footerMode(_ mode: InteractionMode) -> CellStyle {
        footerModes[mode] ?? footer.with([.reverse, .bold])
    }

    /// The colour a 24-bit terminal is given for palette index `index` in this theme.
    public func directColor(_ index: UInt8) -> RGBColor {
        directColors[index] ?? .xterm(index)
    }
}
