
/// How each part of the interface looks, by meaning rather than by widget.
///
/// Widgets ask for a role (`barSelected`, `editCursor`…), never for a colour, so one switch
/// (`Theme.for(depth:noColor:)`) adapts the whole screen to the terminal. All three themes share
/// the same attributes per role, chosen so that selection, focus, the edit cursor, a grabbed item
/// and a drop position stay distinguishable on a monochrome terminal; the colour themes only add
/// colours on top. Styles can be combined with `CellStyle.adding(_:)` (e.g. cursor over a hidden
/// item).
public struct Theme: Sendable, Equatable {
    /// Which variant this is; also the depth `CellGrid.ansiText(colors:)` should use with it.
    public var depth: ColorDepth

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

    /// The footer badge naming `mode`.
    public func footerMode(_ mode: InteractionMode) -> CellStyle {
        footerModes[mode] ?? footer.with([.reverse, .bold])
    }
}
