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
        // Not ▅: a block reads as a solid slab on a reversed row; a pie outline reads as a chart.
        "chart.bar": ("◴", "◴", ""),
    ]

    /// The Nerd Font icons (`--icons nerd`): Font Awesome's glyphs, which Nerd Fonts keep at
    /// their own code points in the Private Use Area (U+F000…), as (outline, filled). A name
    /// missing here keeps its standard glyph.
    static let nerd: [String: (outline: String, filled: String)] = [
        "play": ("\u{F01D}", "\u{F04B}"),  // play-circle-o, play
        "books.vertical": ("\u{F02D}", "\u{F02D}"),  // book
        "sparkles": ("\u{F0D0}", "\u{F0D0}"),  // magic
        "star": ("\u{F006}", "\u{F005}"),  // star-o, star
        "heart": ("\u{F08A}", "\u{F004}"),  // heart-o, heart
        "magnifyingglass": ("\u{F002}", "\u{F002}"),  // search
        "square.and.arrow.down": ("\u{F019}", "\u{F019}"),  // download
        "gearshape": ("\u{F013}", "\u{F013}"),  // cog
        "house": ("\u{F015}", "\u{F015}"),  // home
        "internaldrive": ("\u{F0A0}", "\u{F0A0}"),  // hdd-o
        "doc.text": ("\u{F0F6}", "\u{F15C}"),  // file-text-o, file-text
        "folder": ("\u{F114}", "\u{F07B}"),  // folder-o, folder
        "film": ("\u{F008}", "\u{F008}"),  // film
        "tv": ("\u{F26C}", "\u{F26C}"),  // television
        "photo": ("\u{F03E}", "\u{F03E}"),  // picture-o
        "water.waves": ("\u{F043}", "\u{F043}"),  // tint
        "leaf": ("\u{F06C}", "\u{F06C}"),  // leaf
        "cloud": ("\u{F0C2}", "\u{F0C2}"),  // cloud
        "sun.max": ("\u{F185}", "\u{F185}"),  // sun-o
        "moon": ("\u{F186}", "\u{F186}"),  // moon-o
        "bell": ("\u{F0A2}", "\u{F0F3}"),  // bell-o, bell
        "person": ("\u{F2C0}", "\u{F007}"),  // user-o, user
        "tray": ("\u{F01C}", "\u{F01C}"),  // inbox
        "list.bullet": ("\u{F0CA}", "\u{F0CA}"),  // list-ul
        "arrow.clockwise": ("\u{F021}", "\u{F021}"),  // refresh
        "plus": ("\u{F055}", "\u{F055}"),  // plus-circle
        "trash": ("\u{F014}", "\u{F1F8}"),  // trash-o, trash
        "clock": ("\u{F017}", "\u{F017}"),  // clock-o
        "bookmark": ("\u{F097}", "\u{F02E}"),  // bookmark-o, bookmark
        "flag": ("\u{F11D}", "\u{F024}"),  // flag-o, flag
        "globe": ("\u{F0AC}", "\u{F0AC}"),  // globe
        "music.note": ("\u{F001}", "\u{F001}"),  // music
        "terminal": ("\u{F120}", "\u{F120}"),  // terminal
        "rectangle.stack": ("\u{F24D}", "\u{F24D}"),  // clone
        "square.grid.2x2": ("\u{F009}", "\u{F009}"),  // th-large
        "checkmark": ("\u{F00C}", "\u{F00C}"),  // check
        "xmark": ("\u{F00D}", "\u{F00D}"),  // times
        "ellipsis": ("\u{F141}", "\u{F141}"),  // ellipsis-h
        "cpu": ("\u{F2DB}", "\u{F2DB}"),  // microchip
        "memorychip": ("\u{F2DB}", "\u{F2DB}"),  // microchip (Font Awesome has no memory stick)
        "network": ("\u{F0EC}", "\u{F0EC}"),  // exchange
        "exclamationmark.triangle": ("\u{F071}", "\u{F071}"),  // exclamation-triangle
        "note.text": ("\u{F249}", "\u{F249}"),  // sticky-note
        "doc.plaintext": ("\u{F016}", "\u{F016}"),  // file-o
        "xmark.octagon": ("\u{F057}", "\u{F057}"),  // times-circle
        "shippingbox": ("\u{F187}", "\u{F187}"),  // archive
        "person.2": ("\u{F0C0}", "\u{F0C0}"),  // users
        "info.circle": ("\u{F05A}", "\u{F05A}"),  // info-circle
        "waveform.path.ecg": ("\u{F21E}", "\u{F21E}"),  // heartbeat
        "hourglass": ("\u{F254}", "\u{F254}"),  // hourglass
        "chart.bar": ("\u{F080}", "\u{F080}"),  // bar-chart
    ]

    /// Every name of `names` with its Nerd Font glyphs (or its standard ones where it has none).
    static let nerdNames: IconTable = {
        var entries: [String: (outline: String, filled: String, ascii: String)] = [:]
        for (name, entry) in table {
            let glyphs = nerd[name] ?? (entry.outline, entry.filled)
            entries[name] = (glyphs.outline, glyphs.filled, entry.ascii)
        }
        for (alias, name) in aliases where entries[alias] == nil {
            if let entry = entries[name] { entries[alias] = entry }
        }
        return IconTable(entries)
    }()

    /// The Nerd Font icon of `name` (through aliases and variants as `glyph(for:ascii:)`); the
    /// standard diamond for unknown names.
    static func nerdGlyph(for name: String) -> IconGlyph {
        if let glyph = nerdNames.glyph(name, ascii: false) { return glyph }
        if let base = withoutVariantSuffix(name) { return nerdGlyph(for: base) }
        return fallbackGlyph
    }

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
