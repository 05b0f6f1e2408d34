import TabNavCore
import TabNavDrawing

extension AppState {
    /// The end of every help: what each glyph on the screen means, in the glyph set in use
    /// (ASCII stand-ins in ASCII mode; docs/behaviour.md, "Help").
    package func helpLegend(ascii: Bool) -> [HelpLine] {
        let g = GlyphSet.for(ascii: ascii, icons: options.icons)
        let add = g.icon("plus.circle").outline, refresh = g.icon("arrow.clockwise").outline
        return [
            HelpLine(keys: "", action: ""),
            HelpLine(keys: "glyph", action: "meaning"),
            HelpLine(keys: g.sidebarToggle, action: "show the sidebar (leading item of the tab bar)"),
            HelpLine(keys: g.overflowLeading + " " + g.overflowTrailing, action: "more tabs that way (the bar scrolls)"),
            HelpLine(keys: g.ellipsis, action: "a title cut to fit"),
            HelpLine(keys: g.sectionExpanded + " " + g.sectionCollapsed, action: "a section, unfolded / folded"),
            HelpLine(keys: g.selectionBullet, action: "the selected row"),
            HelpLine(keys: g.selectionBullet, action: "edit mode, at a row's end: in the tab bar"),
            HelpLine(keys: g.checkboxChecked + " " + g.checkboxUnchecked, action: "edit mode: shown / hidden"),
            HelpLine(keys: g.grabMarker, action: "edit mode: the grabbed item"),
            HelpLine(keys: g.dropPosition, action: "where the grabbed item would land"),
            HelpLine(keys: g.dropAccepts + " " + g.dropRefuses, action: "this tab accepts / refuses the drop"),
        ] + (ascii ? [] : [HelpLine(keys: add + " " + refresh, action: "a section's actions (a: run, or click)")]) + [
            // In ASCII icons have no stand-ins: a section's actions show as their titles.
            HelpLine(keys: g.back, action: "a page opened inside the tab (Backspace: back)"),
            HelpLine(keys: g.breadcrumb, action: "a section's child: Section " + g.breadcrumb + " Tab"),
            HelpLine(keys: g.scrollUp + " " + g.scrollDown, action: "more rows that way"),
            HelpLine(keys: ascii ? "!" : "┃", action: "a command's standard error (left margin)"),
        ]
    }

    /// The help as drawn: the keys' lines then the legend, each description wrapped to the
    /// width the box gets on this screen (continuation rows have no keys).
    package func helpRows(for mode: Mode, ascii: Bool) -> (rows: [HelpLine], keyWidth: Int) {
        let lines = helpLines(for: mode, ascii: ascii) + helpLegend(ascii: ascii)
        let keyWidth = lines.map { DisplayWidth.of($0.keys, ascii: ascii) }.max() ?? 0
        let actionWidth = lines.map { DisplayWidth.of($0.action, ascii: ascii) }.max() ?? 0
        let boxWidth = min(size.columns, keyWidth + actionWidth + 7)
        let room = max(8, boxWidth - 5 - keyWidth)
        var rows: [HelpLine] = []
        for line in lines {
            let wrapped = Self.wrap(line.action, width: room, ascii: ascii)
            for (i, part) in wrapped.enumerated() { rows.append(HelpLine(keys: i == 0 ? line.keys : "", action: part)) }
        }
        return (rows, keyWidth)
    }

    /// Splits text at spaces into lines of at most `width` columns (a longer word is cut later).
    static func wrap(_ text: String, width: Int, ascii: Bool) -> [String] {
        guard DisplayWidth.of(text, ascii: ascii) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate, ascii: ascii) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}
