import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The footer (docs/behaviour.md, "Footer"): the mode, then a message or the hints the
    /// keymap gives for now; a prompt takes the line while a name is typed. The mode word and the
    /// hints can be clicked.
    mutating func drawFooter(in rect: Rect) {
        guard !rect.isEmpty else { return }
        drawFooterPieces(in: rect)
        // Right to left, the pieces swap sides: the mode at the right, the help at the left
        // (docs/behaviour.md, "Right to left").
        if state.options.rightToLeft { mirrorRow(rect.row, in: rect, gap: Cell(style: theme.footer)) }
    }

    /// The footer's pieces from its left edge: the mode, the message or the hints, the help.
    private mutating func drawFooterPieces(in rect: Rect) {
        grid.fill(rect, with: Cell(style: theme.footer))
        let label = state.mode.label
        let word = " " + label.rawValue + " "
        var x = grid.draw(word, column: rect.column, row: rect.row, style: theme.footerMode(label),
                          maxWidth: rect.width, ascii: ascii)
        hits.add(Rect(column: rect.column, row: rect.row, width: x - rect.column, height: 1), .footerMode)
        // Two columns apart right to left, so that mirroring tells the mode from the first hint.
        x += state.options.rightToLeft ? 2 : 1
        if let (question, field) = footerField {
            // The field always shows: the question gives way (cut, down to half the room) to
            // what is typed, and a long name scrolls to keep the cursor in view.
            let room = max(0, rect.endColumn - 1 - x)
            let typed = DisplayWidth.of(field.text, ascii: ascii) + DisplayWidth.of(glyphs.textCursor, ascii: ascii)
            let questionRoom = min(DisplayWidth.of(question, ascii: ascii), max(room / 2, room - typed))
            // Cut at a word (never mid-word), its colon kept: "Name of the new tab…: ".
            let asked = DisplayWidth.of(question, ascii: ascii) <= questionRoom ? question
                : FooterMessageFit.fit(String(question.dropLast(2)), width: max(0, questionRoom - 2), ellipsis: glyphs.ellipsis, ascii: ascii) + ": "
            x = text(asked, column: x, row: rect.row, width: questionRoom, style: theme.prompt)
            x = drawField(field, column: x, row: rect.row, width: max(0, rect.endColumn - 1 - x),
                          style: theme.prompt, showsCursor: true)
            if let message = state.message {
                text(message.text, column: x + 2, row: rect.row, width: rect.endColumn - x - 3,
                     style: message.isError ? theme.error : theme.message)
            } else {
                drawHints(state.footerHints(ascii: ascii), from: x + 2, in: rect)
            }
            return
        }
        // The way to the help stays visible at the trailing end, whatever else has to go.
        var end = rect.endColumn
        if let help = state.helpHint(ascii: ascii) {
            let w = Self.width(of: help, ascii: ascii)
            if end - w - 1 > x + 8 {
                draw(help, column: end - w - 1, row: rect.row, style: theme.footer)
                hits.add(Rect(column: end - w - 1, row: rect.row, width: w, height: 1), .footerHint(.help))
                end -= w + 3
            }
        }
        let hintsRect = Rect(column: rect.column, row: rect.row, width: max(0, end - rect.column), height: 1)
        if case .confirmingReset = state.mode {
            drawHints(state.footerHints(ascii: ascii), from: x, in: rect, style: theme.prompt, keepsAnswer: true)
        } else if let message = state.message {
            let room = hintsRect.endColumn - x - 1
            // The program's messages say "…" ("Reloading Disk…", "kept as ….corrupt-TIME"): with
            // ASCII stand-ins that is the glyph set's ellipsis, not a "?" that reads as a question.
            let forms = ([message.text] + message.shorter).map { ascii ? $0.replacing("…", with: glyphs.ellipsis) : $0 }
            text(FooterMessageFit.fit(forms, width: room, ellipsis: glyphs.ellipsis, ascii: ascii),
                 column: x, row: rect.row, width: room, style: message.isError ? theme.error : theme.message)
        } else {
            let asks = switch state.mode {
            case .confirmingDelete, .confirmingQuit: true
            default: false
            }
            drawHints(state.footerHints(ascii: ascii), from: x, in: hintsRect, keepsAnswer: asks)
        }
    }

    /// The field that takes the footer's line while it is typed, and the question before it: a
    /// new tab's name, or the text to find in the page (`Find: `, as less and htop ask at the bottom).
    var footerField: (question: String, field: TextField)? {
        switch state.mode {
        case .naming(let prompt, _):
            let sectionTitle = model.hierarchy.item(prompt.section)?.title ?? prompt.section
            let question = prompt.renaming.map { "New name for \(model.hierarchy.item($0)?.title ?? $0): " }
                ?? "Name of the new tab in \(sectionTitle): "
            return (question, prompt.field)
        case .finding(let prompt, _):
            return ("Find: ", prompt.field)
        default:
            return nil
        }
    }

    /// Whole hints, two spaces apart, as many as fit (the first is cut if it alone is too long).
    /// With `keepsAnswer` the first hint is a question and the second the key that answers it:
    /// the question is cut, when both do not fit, so that the answer shows.
    mutating func drawHints(_ hints: consuming [FooterHint], from start: Int, in rect: Rect, style: CellStyle? = nil,
                            keepsAnswer: Bool = false) {
        // The reset question is drawn over the whole footer, the help hint drawn before it
        // included, which the memo does not know of: it is drawn anew (a rare screen).
        guard let memo, style == nil else {
            drawHintsAnew(hints, from: start, in: rect, style: style, keepsAnswer: keepsAnswer)
            return
        }
        // The hints are drawn on the footer's fill, from `start` to the rectangle's end: the same
        // hints in the same place are the same cells and the same clickable regions.
        let row = rect.row
        let low = max(0, min(start, grid.columns)), high = max(low, min(rect.endColumn, grid.columns))
        guard row >= 0, row < grid.rows else { return }
        let source = RenderMemo.HintsSource(start: start, rect: rect, keepsAnswer: keepsAnswer, ascii: ascii, style: style,
                                            footer: theme.footer, footerKey: theme.footerKey, ellipsis: glyphs.ellipsis,
                                            hints: hints)
        if let (cells, regions) = memo.hints(madeFrom: source), cells.count == high - low {
            grid.replaceCells(inRow: row, from: low, with: cells)
            for region in regions { hits.add(region.rect, region.target) }
            return
        }
        let firstRegion = hits.regions.count
        drawHintsAnew(source.hints, from: start, in: rect, style: style, keepsAnswer: keepsAnswer)
        let drawn = grid.cells(inRow: row)
        memo.keep(hintCells: Array(drawn[drawn.startIndex + low ..< drawn.startIndex + high]),
                  regions: Array(hits.regions[firstRegion...]), madeFrom: source)
    }

    private mutating func drawHintsAnew(_ hints: consuming [FooterHint], from start: Int, in rect: Rect, style: CellStyle?,
                                        keepsAnswer: Bool) {
        var x = start
        let end = rect.endColumn - 1
        // Too narrow for every hint in full: all of them in their short forms, in the same order
        // (docs/behaviour.md, "Footer"); those that still do not fit go from the end.
        // Loops, not closures: a closure over a mutating method's context copies all of it
        // (the state and the grid) each time it runs.
        var full = -2
        for i in hints.indices { full += Self.width(of: hints[i], ascii: ascii) + 2 }
        if !keepsAnswer && x + full > end {
            // In place: the hints were made for this frame and are this call's own.
            for i in hints.indices { hints[i].label = hints[i].shortLabel }
        }
        for i in hints.indices {
            // Read in place: a copy of each hint retained and released its strings.
            let w = Self.width(of: hints[i], ascii: ascii)
            if i == 0, keepsAnswer, hints.count > 1 {
                let answer = Self.width(of: hints[1], ascii: ascii)
                if x + w + 2 + answer > end, end - x - answer - 2 >= 4 {
                    let room = end - x - answer - 2
                    x = text(FooterMessageFit.fit(hints[i].text, width: room, ellipsis: glyphs.ellipsis, ascii: ascii),
                             column: x, row: rect.row, width: room, style: style ?? theme.footer) + 2
                    continue
                }
            }
            if x + w > end {
                // Only the first hint, when even it does not fit: its words up to the last that
                // fits (never half a word), or its keys alone.
                if i == 0, end - x > 0 {
                    if hints[i].keys.isEmpty {
                        // Words up to the last that fits; nothing when not even the first does.
                        let first = hints[i].label.split(separator: " ").first.map(String.init) ?? ""
                        if DisplayWidth.of(first, ascii: ascii) + DisplayWidth.of(glyphs.ellipsis, ascii: ascii) <= end - x {
                            text(FooterMessageFit.fit(hints[i].text, width: end - x, ellipsis: glyphs.ellipsis, ascii: ascii),
                                 column: x, row: rect.row, width: end - x, style: style ?? theme.footer)
                        }
                    } else if DisplayWidth.of(hints[i].keys, ascii: ascii) <= end - x {
                        text(hints[i].keys, column: x, row: rect.row, width: end - x, style: style.map { $0.with(.bold) } ?? theme.footerKey)
                    }
                }
                return
            }
            draw(hints[i], column: x, row: rect.row, style: style ?? theme.footer)
            if let command = hints[i].command { hits.add(Rect(column: x, row: rect.row, width: w, height: 1), .footerHint(command)) }
            x += w + 2
        }
    }

    /// How many columns `hint` takes: its keys, `: ` and its label.
    private static func width(of hint: FooterHint, ascii: Bool) -> Int {
        guard Self.drawsInPieces(hint) else { return DisplayWidth.of(hint.text, ascii: ascii) }
        let label = DisplayWidth.of(hint.label, ascii: ascii)
        return hint.keys.isEmpty ? label : DisplayWidth.of(hint.keys, ascii: ascii) + 2 + label
    }

    /// Whether `hint` looks the same drawn piece by piece as drawn as one text: unless its label
    /// starts with a non-ASCII character after keys, which may be a combining mark that sits on
    /// the space of `: ` (drawn alone, it would take a column of its own).
    private static func drawsInPieces(_ hint: FooterHint) -> Bool {
        hint.keys.isEmpty || (hint.label.utf8.first ?? 0) < 0x80
    }

    /// Draws `hint` as `keys: label`, piece by piece (no string joined per hint and frame).
    private mutating func draw(_ hint: FooterHint, column: Int, row: Int, style: CellStyle) {
        guard Self.drawsInPieces(hint) else {
            grid.draw(hint.text, column: column, row: row, style: style, ascii: ascii)
            return
        }
        var x = column
        if !hint.keys.isEmpty {
            // The keys stand apart from what they do (docs/themes.md, "Footer").
            let keyStyle = style == theme.footer ? theme.footerKey : style.with(.bold)
            x = grid.draw(hint.keys, column: x, row: row, style: keyStyle, ascii: ascii)
            x = grid.draw(": ", column: x, row: row, style: style, ascii: ascii)
        }
        grid.draw(hint.label, column: x, row: row, style: style, ascii: ascii)
    }

    /// `?`: every binding of the mode underneath, in a framed box over the middle of the screen,
    /// scrolled by `scroll` lines when it does not fit.
    mutating func drawHelp(for mode: Mode, scroll: Int) {
        let (lines, keyWidth) = state.helpRows(for: mode, ascii: ascii)
        let actionWidth = lines.map { DisplayWidth.of($0.action, ascii: ascii) }.max() ?? 0
        let width = min(state.size.columns, keyWidth + actionWidth + 7)
        let height = min(state.size.rows - 1, lines.count + 2)
        guard width > 12, height > 4 else { return }
        let box = drawOverlayBox(width: width, height: height)
        let frameStyle = theme.helpOverlay.with(.bold)
        let title = " Keys: \(mode.keymapMode.title) "
        text(title, column: box.column + 2, row: box.row, width: box.width - 4, style: frameStyle)
        let room = box.height - 2
        let first = max(0, min(scroll, lines.count - room))
        let more = lines.count > room
        let arrows = ascii ? "Up/Down" : "↑↓", dash = ascii ? "-" : "–"
        let closing = more ? " \(first + 1)\(dash)\(min(lines.count, first + room))/\(lines.count) \(arrows) scroll " : " any key closes "
        text(closing,
             column: box.endColumn - 2 - DisplayWidth.of(closing, ascii: ascii), row: box.endRow - 1,
             width: box.width - 4, style: frameStyle)
        let inner = box.width - 4
        placeCursor(column: box.column + 2, row: box.row + 1)  // a reader starts at the first line shown
        for (i, line) in lines.dropFirst(first).prefix(room).enumerated() {
            let row = box.row + 1 + i
            text(line.keys, column: box.column + 2, row: row, width: min(keyWidth, inner), style: frameStyle)
            text(line.action, column: box.column + 3 + keyWidth, row: row, width: inner - keyWidth - 1, style: theme.helpOverlay)
        }
    }
}

extension RenderContext {
    /// A framed box over the middle of the screen (help, menus, the picker) that takes the clicks
    /// beneath it; returns its rectangle.
    mutating func drawOverlayBox(width: Int, height: Int) -> Rect {
        let box = Rect(column: (state.size.columns - width) / 2, row: max(0, (state.size.rows - 1 - height) / 2),
                       width: width, height: height)
        let frameStyle = theme.helpOverlay.with(.bold)
        grid.fill(box, with: Cell(style: theme.helpOverlay))
        hits.cover(box)
        // In ASCII the borders are the glyph set's (`=` and `|`): `+` means a folded section there.
        let h = glyphs.isASCII ? glyphs.separatorHorizontal : "─", v = glyphs.isASCII ? glyphs.separatorVertical : "│"
        let corners = glyphs.isASCII ? [h, h, h, h] : ["┌", "┐", "└", "┘"]
        for (row, left, right) in [(box.row, corners[0], corners[1]), (box.endRow - 1, corners[2], corners[3])] {
            grid.draw(left, column: box.column, row: row, style: frameStyle, ascii: ascii)
            grid.drawRepeated(h, count: box.width - 2, column: box.column + 1, row: row, style: frameStyle, ascii: ascii)
            grid.draw(right, column: box.endColumn - 1, row: row, style: frameStyle, ascii: ascii)
        }
        for row in (box.row + 1)..<(box.endRow - 1) {
            grid.draw(v, column: box.column, row: row, style: frameStyle, ascii: ascii)
            grid.draw(v, column: box.endColumn - 1, row: row, style: frameStyle, ascii: ascii)
        }
        return box
    }
}
