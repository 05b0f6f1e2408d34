extension TextCells {
    /// `text` as it will be drawn: controls replaced by stand-ins, dropped scalars removed, marks
    /// capped. Sanitizing twice changes nothing more.
    public static func sanitize(_ text: String, ascii: Bool = false) -> String {
        if DisplayWidth.isPrintableASCII(text) { return text }
        var result = ""
        result.reserveCapacity(Swift.min(text.utf8.count, 1024))
        for cell in TextCells(text, ascii: ascii) { result += cell.text }
        return result
    }

    /// `text` (sanitized) cut to at most `width` columns, ending in `ellipsis` when anything had to go.
    ///
    /// Never splits a wide character (the column it would half-fill stays empty, so the result may
    /// be one column narrower than `width`) and never separates a combining mark from its base.
    /// When even the ellipsis does not fit, the text is cut without one: a hard cut shows more of
    /// the title than a lone `..`. Pass the ellipsis of the glyph set in use (`…` or `...`).
    public static func truncate(
        _ text: String, toWidth width: Int, ellipsis: String = "…", ascii: Bool = false
    ) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text, ascii: ascii) <= width { return sanitize(text, ascii: ascii) }
        let shownEllipsis = sanitize(ellipsis, ascii: ascii)
        let ellipsisWidth = DisplayWidth.of(shownEllipsis, ascii: ascii)
        let fitsEllipsis = ellipsisWidth <= width
        let budget = fitsEllipsis ? width - ellipsisWidth : width
        if let count = DisplayWidth.printableASCIICount(text), budget <= count {  // one byte, one column
            let kept = String(Substring(text.utf8.prefix(budget)))
            return fitsEllipsis ? kept + shownEllipsis : kept
        }
        var result = ""
        var used = 0
        for cell in TextCells(text, ascii: ascii) {
            if used + cell.width > budget { break }
            result += cell.text
            used += cell.width
        }
        return fitsEllipsis ? result + shownEllipsis : result
    }
}
