import TabNavDrawing

enum FooterMessageFit {
    /// The first of `forms` (one message said ever more briefly) that fits `width` columns, or
    /// the last one cut to fit.
    static func fit(_ forms: [String], width: Int, ellipsis: String, ascii: Bool) -> String {
        for form in forms where DisplayWidth.of(form, ascii: ascii) <= width { return form }
        return fit(forms.last ?? "", width: width, ellipsis: ellipsis, ascii: ascii)
    }

    /// A footer message cut to `width` columns at a word boundary, ending in the ellipsis, so a
    /// narrow footer never shows half a word (docs/behaviour.md, "Footer"). A first word longer
    /// than the room is cut as a title would be.
    static func fit(_ text: String, width: Int, ellipsis: String, ascii: Bool) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text, ascii: ascii) <= width { return text }
        let budget = width - DisplayWidth.of(ellipsis, ascii: ascii)
        var kept = ""
        // Words are looked for only where they could fit: a title of millions of characters
        // in a message is split as far as its first screenful (past 32 zero-width scalars in a
        // row a text ends, so this many scalars hold more than `width` columns of it).
        let head = Substring(text.unicodeScalars.prefix((width + 2) * (TextCells.maximumZeroWidthRun + 2)))
        for word in head.split(separator: " ") {
            let candidate = kept.isEmpty ? String(word) : kept + " " + word
            if DisplayWidth.of(candidate, ascii: ascii) > budget { break }
            kept = candidate
        }
        guard !kept.isEmpty else { return TextCells.truncate(text, toWidth: width, ellipsis: ellipsis, ascii: ascii) }
        while let last = kept.last, ",;:".contains(last) { kept.removeLast() }
        return kept + ellipsis
    }
}
