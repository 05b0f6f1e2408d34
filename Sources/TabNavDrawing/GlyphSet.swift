/// Every symbol the interface draws, in a Unicode and an ASCII version.
///
/// Widgets never write a symbol literally: they ask the glyph set in use, so `--ascii` (or a
/// terminal without a UTF-8 locale) swaps all of them at once. Every Unicode glyph is one column
/// wide under glibc `wcwidth` and has text (not emoji) presentation by default, so terminals draw
/// it in one column too; an ASCII glyph may be several characters (`...`, `[x]`).
public struct GlyphSet: Sendable, Equatable {
    /// Whether this is the ASCII set; text drawn with it should be drawn with `ascii: true`.
    public let isASCII: Bool
    /// Leading item of the tab bar that shows or hides the sidebar.
    public let sidebarToggle: String
    /// More bar items lie before the first one shown.
    public let overflowLeading: String
    /// More bar items lie after the last one shown.
    public let overflowTrailing: String
    /// Ends a truncated title.
    public let ellipsis: String
    /// Edit mode: the item is shown (in the bar / sidebar).
    public let checkboxChecked: String
    /// Edit mode: the item is hidden.
    public let checkboxUnchecked: String
    /// Sidebar section header whose children are showing.
    public let sectionExpanded: String
    /// Sidebar section header whose children are folded away.
    public let sectionCollapsed: String
    /// Beside an item that is picked up (grab mode) or can be dragged (edit mode).
    public let grabMarker: String
    /// Where a grabbed item would land: between two bar items, or before a sidebar row.
    public let dropPosition: String
    /// Beside a tab that would accept the dropped content.
    public let dropAccepts: String
    /// Beside a tab that would refuse the dropped content.
    public let dropRefuses: String
    /// Between regions: sidebar and content, bar items where a divider is wanted.
    public let separatorVertical: String
    /// Under the bar or above the footer.
    public let separatorHorizontal: String
    /// Marks the selected row where attributes alone might be missed (e.g. in a list).
    public let selectionBullet: String
    /// Back in a tab's navigation stack.
    public let back: String
    /// Content scrolls further up.
    public let scrollUp: String
    /// Content scrolls further down.
    public let scrollDown: String
    /// Input cursor in a text prompt (search field, "New Collection" name).
    public let textCursor: String
    /// Which glyphs icons are drawn with (the ASCII set draws none).
    public private(set) var icons: IconStyle = .standard

    /// The Unicode set (needs a UTF-8 locale).
    public static let unicode = GlyphSet(
        isASCII: false,
        sidebarToggle: "≡", overflowLeading: "‹", overflowTrailing: "›", ellipsis: "…",
        checkboxChecked: "☑", checkboxUnchecked: "☐", sectionExpanded: "▾", sectionCollapsed: "▸",
        grabMarker: "✥", dropPosition: "▏", dropAccepts: "✓", dropRefuses: "✗",
        separatorVertical: "│", separatorHorizontal: "─", selectionBullet: "•",
        back: "‹", scrollUp: "↑", scrollDown: "↓",
        textCursor: "▏"
    )

    /// The ASCII set, for `--ascii` and non-UTF-8 terminals: one meaning per stand-in (the
    /// toggle `#`, borders `|` and `=`, the drop position `:`, sections `-` and `+`, `...`,
    /// `[x]`; docs/behaviour.md, "Drawing"). Icons have none: no letter stands in for one.
    public static let ascii = GlyphSet(
        isASCII: true,
        sidebarToggle: "#", overflowLeading: "<", overflowTrailing: ">", ellipsis: "...",
        checkboxChecked: "[x]", checkboxUnchecked: "[ ]", sectionExpanded: "-", sectionCollapsed: "+",
        grabMarker: "@", dropPosition: ":", dropAccepts: "o", dropRefuses: "x",
        separatorVertical: "|", separatorHorizontal: "=", selectionBullet: "*",
        back: "<-", scrollUp: "^", scrollDown: "v",
        textCursor: "_"
    )

    /// Between the steps of the title row's breadcrumb (`Animations › Ocean`). Computed, so the
    /// set's stored layout stays as it was.
    public var breadcrumb: String { isASCII ? "/" : "›" }

    /// The set for a terminal: ASCII when asked for or when the terminal cannot show UTF-8.
    public static func `for`(ascii: Bool) -> GlyphSet { ascii ? .ascii : .unicode }

    /// The set for a terminal, its icons drawn as `icons` says (ASCII has none either way).
    public static func `for`(ascii: Bool, icons: IconStyle) -> GlyphSet { GlyphSet.for(ascii: ascii).with(icons: icons) }

    /// This set with its icons drawn as `icons` says.
    public func with(icons: IconStyle) -> GlyphSet {
        var set = self
        set.icons = icons
        return set
    }

    /// The icon for a symbol name (e.g. `books.vertical`); unknown names get a neutral diamond.
    /// With Nerd Font icons, a name that has none gets its standard glyph.
    public func icon(_ name: String) -> IconGlyph {
        if icons == .nerd, !isASCII { return IconMap.nerdGlyph(for: name) }
        return IconMap.glyph(for: name, ascii: isASCII)
    }

    /// Every symbol of the set by name, for checks and documentation.
    public var allSymbols: [(name: String, glyph: String)] {
        [("sidebarToggle", sidebarToggle), ("overflowLeading", overflowLeading),
         ("overflowTrailing", overflowTrailing), ("ellipsis", ellipsis),
         ("checkboxChecked", checkboxChecked), ("checkboxUnchecked", checkboxUnchecked),
         ("sectionExpanded", sectionExpanded), ("sectionCollapsed", sectionCollapsed),
         ("grabMarker", grabMarker), ("dropPosition", dropPosition), ("dropAccepts", dropAccepts),
         ("dropRefuses", dropRefuses), ("separatorVertical", separatorVertical),
         ("separatorHorizontal", separatorHorizontal), ("selectionBullet", selectionBullet),
         ("back", back), ("scrollUp", scrollUp), ("scrollDown", scrollDown), ("textCursor", textCursor),
         ("breadcrumb", breadcrumb)]
    }
}

extension GlyphSet {
    /// Every symbol name with its own icon (aliases and `.fill`/`.circle` variants also resolve),
    /// e.g. for `check-layout` to warn about an icon name that will show the default diamond.
    public static var knownIconNames: [String] { IconMap.table.keys.sorted() }

    /// Whether `name` resolves to an icon of its own rather than the default.
    public static func isKnownIcon(_ name: String) -> Bool { IconMap.lookup(name) != nil }
}
