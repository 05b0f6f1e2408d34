import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The footer (SPEC §5): the mode, then a message or the keys that matter now; a prompt
    /// takes the whole line while a name is typed.
    mutating func drawFooter(in rect: Rect) {
        guard !rect.isEmpty else { return }
        grid.fill(rect, with: Cell(style: theme.footer))
        let mode = state.mode
        var x = grid.draw(" " + mode.rawValue + " ", column: rect.column, row: rect.row,
                          style: theme.footerMode(mode), maxWidth: rect.width, ascii: ascii)
        x += 1
        if case .newTabPrompt(let section, _, let field) = state.overlay {
            let sectionTitle = model.hierarchy.item(section)?.title ?? section
            x = grid.draw("Name of the new tab in \(sectionTitle): ", column: x, row: rect.row, style: theme.prompt,
                          maxWidth: max(0, rect.endColumn - x), ascii: ascii)
            x = grid.draw(String(field.characters.prefix(field.cursor)), column: x, row: rect.row, style: theme.prompt,
                          maxWidth: max(0, rect.endColumn - x), ascii: ascii)
            x = grid.draw(glyphs.textCursor, column: x, row: rect.row, style: theme.editCursor,
                          maxWidth: max(0, rect.endColumn - x), ascii: ascii)
            x = grid.draw(String(field.characters.dropFirst(field.cursor)), column: x, row: rect.row, style: theme.prompt,
                          maxWidth: max(0, rect.endColumn - x), ascii: ascii)
            drawHints(KeyHelp.footerHints(for: state), from: x + 2, in: rect)
            return
        }
        // The way to the help stays visible at the trailing end, whatever else has to go.
        var end = rect.endColumn
        if state.overlay == .none {
            let help = KeyHelp.helpHint(for: state)
            let w = DisplayWidth.of(help, ascii: ascii)
            if end - w - 1 > x + 8 {
                grid.draw(help, column: end - w - 1, row: rect.row, style: theme.footer, ascii: ascii)
                end -= w + 3
            }
        }
        let hintsRect = Rect(column: rect.column, row: rect.row, width: max(0, end - rect.column), height: 1)
        if case .confirmReset = state.overlay {
            drawHints(KeyHelp.footerHints(for: state), from: x, in: rect, style: theme.prompt)
        } else if let message = state.message {
            text(message.text, column: x, row: rect.row, width: hintsRect.endColumn - x - 1,
                 style: message.isError ? theme.error : theme.message)
        } else if let drop = state.drop {
            let target = drop.targetID.flatMap { model.hierarchy.item($0)?.title } ?? "no tab"
            let verdict = drop.targetID.map { state.acceptsDrop(on: $0) ? "accepts it" : "doesn't accept it" } ?? ""
            drawHints(["Carrying \(drop.title): \(target) \(verdict)"] + KeyHelp.footerHints(for: state), from: x, in: hintsRect)
        } else {
            drawHints(KeyHelp.footerHints(for: state), from: x, in: hintsRect)
        }
    }

    /// Whole hints, two spaces apart, as many as fit (the first is cut if it alone is too long).
    mutating func drawHints(_ hints: [String], from start: Int, in rect: Rect, style: CellStyle? = nil) {
        var x = start
        let end = rect.endColumn - 1
        for (i, hint) in hints.enumerated() {
            let w = DisplayWidth.of(hint, ascii: ascii)
            if x + w > end {
                if i == 0 { text(hint, column: x, row: rect.row, width: end - x, style: style ?? theme.footer) }
                return
            }
            grid.draw(hint, column: x, row: rect.row, style: style ?? theme.footer, ascii: ascii)
            x += w + 2
        }
    }

    /// `?`: every binding of the mode, in a framed box over the middle of the screen. When the
    /// terminal is too short for all of them, the last line says how many are not shown.
    mutating func drawHelp(for mode: InteractionMode) {
        let bindings = KeyHelp.bindings(for: state)
        let keyWidth = bindings.map { DisplayWidth.of($0.keys, ascii: ascii) }.max() ?? 0
        let actionWidth = bindings.map { DisplayWidth.of($0.action, ascii: ascii) }.max() ?? 0
        let width = min(state.size.columns, keyWidth + actionWidth + 7)
        let height = min(state.size.rows - 1, bindings.count + 2)
        guard width > 12, height > 4 else { return }
        let box = Rect(column: (state.size.columns - width) / 2, row: max(0, (state.size.rows - 1 - height) / 2),
                       width: width, height: height)
        let frameStyle = theme.helpOverlay.with(.bold)
        grid.fill(box, with: Cell(style: theme.helpOverlay))
        hits.cover(box)
        let h = glyphs.isASCII ? "-" : "─", v = glyphs.isASCII ? "|" : "│"
        let corners = glyphs.isASCII ? ["+", "+", "+", "+"] : ["┌", "┐", "└", "┘"]
        let rule = String(repeating: h, count: box.width - 2)
        grid.draw(corners[0] + rule + corners[1], column: box.column, row: box.row, style: frameStyle, ascii: ascii)
        grid.draw(corners[2] + rule + corners[3], column: box.column, row: box.endRow - 1, style: frameStyle, ascii: ascii)
        for row in (box.row + 1)..<(box.endRow - 1) {
            grid.draw(v, column: box.column, row: row, style: frameStyle, ascii: ascii)
            grid.draw(v, column: box.endColumn - 1, row: row, style: frameStyle, ascii: ascii)
        }
        let title = " Keys: \(state.drop != nil ? "carrying a video" : mode.rawValue) "
        text(title, column: box.column + 2, row: box.row, width: box.width - 4, style: frameStyle)
        let closing = " any key closes "
        text(closing, column: box.endColumn - 2 - DisplayWidth.of(closing, ascii: ascii), row: box.endRow - 1,
             width: box.width - 4, style: frameStyle)
        let room = box.height - 2
        let shown = bindings.count <= room ? bindings.count : max(0, room - 1)
        let inner = box.width - 4
        for (i, binding) in bindings.prefix(shown).enumerated() {
            let row = box.row + 1 + i
            text(binding.keys, column: box.column + 2, row: row, width: min(keyWidth, inner), style: frameStyle)
            text(binding.action, column: box.column + 3 + keyWidth, row: row, width: inner - keyWidth - 1, style: theme.helpOverlay)
        }
        if shown < bindings.count {
            text("\(bindings.count - shown) more: enlarge the terminal", column: box.column + 2, row: box.row + 1 + shown,
                 width: inner, style: theme.helpOverlay.with(.dim))
        }
    }
}
