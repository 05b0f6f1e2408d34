/// Symbol names (SF Symbols style, as layouts and the library API use them) → terminal glyphs.
///
/// Each Unicode glyph is one column wide under glibc `wcwidth` and has text presentation by
/// default (no Emoji_Presentation), so terminals do not draw it two columns wide. A few are emoji
/// with text presentation (♥ ☀ ☁ ⚙); without a variation selector, which sanitization removes
/// anyway, terminals draw those as one-column text.
enum IconMap {
    /// name → (outline, filled, ASCII stand-in). Every glyph is in DejaVu Sans Mono (the usual
    /// monospace font of Linux desktops; GlyphCoverageTests reads its coverage), and a tab's two
    /// forms read as one icon: the same glyph, or its outline and filled forms (▷ ▶, ♡ ♥). In
    /// ASCII no letter stands in for an icon: none is drawn (docs/behaviour.md, "Drawing").
    static let table: [String: (outline: String, filled: String, ascii: String)] = [
        "play": ("▷", "▶", ""),
        "books.vertical": ("▥", "▥", ""),
        "sparkles": ("✦", "✦", ""),
        "star": ("☆", "★", ""),
        "heart": ("♡", "♥", ""),
        "magnifyingglass": ("⌕", "⌕", ""),
        "square.and.arrow.down": ("⇩", "⇩", ""),
        "gearshape": ("⚙", "⚙", ""),
        "house": ("⌂", "⌂", ""),
        "internaldrive": ("▭", "▬", ""),
        "doc.text": ("▤", "▤", ""),
        "folder": ("▱", "▰", ""),
        "film": ("▦", "▦", ""),
        "tv": ("▣", "▣", ""),
        "photo": ("▧", "▨", ""),
        "water.waves": ("≈", "≈", ""),
        "leaf": ("❦", "❧", ""),
        "cloud": ("☁", "☁", ""),
        "sun.max": ("☼", "☀", ""),
        "moon": ("☾", "☾", ""),
        "bell": ("☊", "☊", ""),
        "person": ("♙", "♟", ""),
        "tray": ("⊔", "⊔", ""),
        "list.bullet": ("≣", "≣", ""),
        "arrow.clockwise": ("↻", "↻", ""),
        "plus": ("⊕", "⊕", ""),
        "trash": ("⌧", "⌧", ""),
        "clock": ("◔", "◔", ""),
        "bookmark": ("⊓", "⊓", ""),
        "flag": ("⚐", "⚑", ""),
        "globe": ("◍", "◍", ""),
        "music.note": ("♫", "♫", ""),
        "terminal": ("❯", "❯", ""),
        "rectangle.stack": ("❏", "❐", ""),
        "square.grid.2x2": ("⊞", "⊞", ""),
        "checkmark": ("✓", "✔", ""),
        "xmark": ("✗", "✘", ""),
        "ellipsis": ("⋯", "⋯", ""),
        // Symbols of an operations dashboard (Demo/layouts/ops.json).
        "cpu": ("▩", "▩", ""),
        "memorychip": ("◫", "◫", ""),
        "network": ("⇄", "⇄", ""),
        "exclamationmark.triangle": ("⚠", "⚠", ""),
        "note.text": ("✎", "✎", ""),
        "doc.plaintext": ("≣", "≣", ""),
        "xmark.octagon": ("⊗", "⊗", ""),
        "shippingbox": ("⊡", "⊡", ""),
        "person.2": ("⚇", "⚉", ""),
        "info.circle": ("◎", "◎", ""),
        "waveform.path.ecg": ("⌁", "⌁", ""),
        "hourglass": ("◒", "◒", ""),
        "chart.bar": ("▅", "▅", ""),
    ]

    /// Other spellings people use for the same symbols (`.fill` variants, plain words).
    static let aliases: [String: String] = [
        "gear": "gearshape", "settings": "gearshape", "search": "magnifyingglass",
        "download": "square.and.arrow.down", "books": "books.vertical", "home": "house",
        "disk": "internaldrive", "doc": "doc.text", "document": "doc.text",
        "person.crop.circle": "person", "sun": "sun.max", "moon.stars": "moon",
        "music": "music.note", "waves": "water.waves", "list": "list.bullet",
        "refresh": "arrow.clockwise", "photo.on.rectangle": "photo", "play.rectangle": "play",
        // Symbols the demo catalogue uses.
        "list.and.film": "film", "film.stack": "rectangle.stack", "tree": "leaf",
        // Variants an operations layout reaches for.
        "gearshape.2": "gearshape", "gearshape.fill": "gearshape", "cpu.fill": "cpu",
        "exclamationmark.triangle.fill": "exclamationmark.triangle", "person.2.fill": "person.2",
        "info.circle.fill": "info.circle", "chart.bar.fill": "chart.bar", "doc.text.fill": "doc.text",
        "clock.arrow.circlepath": "clock", "terminal.fill": "terminal", "arrow.triangle.2.circlepath": "arrow.clockwise",
    ]

    /// Unknown names: a neutral diamond.
    static let fallback = (outline: "◇", filled: "◆", ascii: "")

    static let fallbackGlyph = IconGlyph(outline: fallback.outline, filled: fallback.filled)
    static let fallbackASCIIGlyph = IconGlyph(outline: fallback.ascii, filled: fallback.ascii)

    static func glyph(for name: String, ascii: Bool) -> IconGlyph {
        if let glyph = names.glyph(name, ascii: ascii) { return glyph }
        if let base = withoutVariantSuffix(name) { return glyph(for: base, ascii: ascii) }
        return ascii ? fallbackASCIIGlyph : fallbackGlyph
    }

    /// The table with every alias added as a name of its own: one lookup per icon drawn (the
    /// sidebar draws a few dozen per frame; an alias used to cost three), in a table cheaper to
    /// read than a `Dictionary` (see `IconTable`).
    static let names: IconTable = {
        var names = table
        for (alias, name) in aliases where names[alias] == nil {
            if let entry = table[name] { names[alias] = entry }
        }
        return IconTable(names)
    }()

    /// Finds a name directly, through an alias, or without a trailing `.fill` / `.circle`.
    static func lookup(_ name: String) -> (outline: String, filled: String, ascii: String)? {
        if let entry = names[name] { return entry }
        return withoutVariantSuffix(name).flatMap(lookup)
    }

    static let variantSuffixes = [".fill", ".circle", ".circle.fill"]

    /// `name` without a trailing `.fill` / `.circle` (nil if it has neither). A name that ends in
    /// neither letter is answered without comparing (an unknown icon is drawn at every frame).
    static func withoutVariantSuffix(_ name: String) -> String? {
        guard let last = name.utf8.last, last == UInt8(ascii: "l") || last == UInt8(ascii: "e") else { return nil }
        for suffix in variantSuffixes where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return nil
    }
}
