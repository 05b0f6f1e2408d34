import TabNavCore

extension RenderContext {
    /// The footer (SPEC §5): the mode, then a message or the keys that matter now; a prompt
    /// takes the whole line while a name is typed.
    mutating func drawFooter(in rect: Rect) {
        guard !rect.isEmpty else { return }
        grid.fill(rect, with: Cell(style: theme.footer))
        if case .newTabPrompt(let section, _, let field) = state.overlay {
            let sectionTitle = model.hierarchy.item(section)?.title ?? section
            var x = grid.draw("New tab in \(sectionTitle): ", column: rect.column, row: rect.row, style: theme.prompt, maxWidth: rect.width, ascii: ascii)
            x = grid.draw(String(field.characters.prefix(field.cursor)), column: x, row: rect.row, style: theme.prompt, maxWidth: rect.endColumn - x, ascii: ascii)
            x = grid.draw(glyphs.textCursor, column: x, row: rect.row, style: theme.editCursor, maxWidth: rect.endColumn - x, ascii: ascii)
            x = grid.draw(String(field.characters.dropFirst(field.cursor)), column: x, row: rect.row, style: theme.prompt, maxWidth: rect.endColumn - x, ascii: ascii)
            text("  " + KeyHelp.footerHints(for: state), column: x, row: rect.row, width: rect.endColumn - x, style: theme.footer)
            return
        }
        let mode = state.mode
        let label = " " + mode.rawValue + " "
        let x = grid.draw(label, column: rect.column, row: rect.row, style: theme.footerMode(FooterMode(mode)), maxWidth: rect.width, ascii: ascii)
        let rest = rect.endColumn - x - 1
        guard rest > 0 else { return }
        if case .confirmReset = state.overlay {
            text(" " + KeyHelp.footerHints(for: state), column: x, row: rect.row, width: rest, style: theme.prompt)
        } else if let message = state.message {
            text(" " + message.text, column: x, row: rect.row, width: rest, style: message.isError ? theme.error : theme.message)
        } else if let drop = state.drop {
            let target = drop.targetID.flatMap { model.hierarchy.item($0)?.title } ?? "—"
            let verdict = drop.targetID.map { state.acceptsDrop(on: $0) ? "accepts" : "doesn't accept" } ?? ""
            text(" Carrying \(drop.title): \(target) \(verdict)  " + KeyHelp.footerHints(for: state),
                 column: x, row: rect.row, width: rest, style: theme.footer)
        } else {
            text(" " + KeyHelp.footerHints(for: state), column: x, row: rect.row, width: rest, style: theme.footer)
        }
    }

    /// `?`: every binding of the mode, in a box over the middle of the screen.
    mutating func drawHelp(for mode: InteractionMode) {
        let bindings = KeyHelp.bindings(for: mode)
        let keyWidth = bindings.map { DisplayWidth.of($0.keys, ascii: ascii) }.max() ?? 0
        let actionWidth = bindings.map { DisplayWidth.of($0.action, ascii: ascii) }.max() ?? 0
        let width = min(state.size.columns - 2, keyWidth + actionWidth + 6)
        let height = min(state.size.rows - 2, bindings.count + 4)
        guard width > 10, height > 3 else { return }
        let box = Rect(column: (state.size.columns - width) / 2, row: max(0, (state.size.rows - 1 - height) / 2),
                       width: width, height: height)
        grid.fill(box, with: Cell(style: theme.helpOverlay))
        hits.cover(box)
        text("Keys — \(mode.rawValue)", column: box.column + 2, row: box.row, width: box.width - 4, style: theme.helpOverlay.adding(CellStyle(.bold)))
        for (i, binding) in bindings.prefix(height - 4).enumerated() {
            let row = box.row + 2 + i
            text(binding.keys, column: box.column + 2, row: row, width: keyWidth, style: theme.helpOverlay.adding(CellStyle(.bold)))
            text(binding.action, column: box.column + 4 + keyWidth, row: row, width: box.width - keyWidth - 6, style: theme.helpOverlay)
        }
        text("any key closes", column: box.column + 2, row: box.endRow - 1, width: box.width - 4, style: theme.helpOverlay.adding(CellStyle(.dim)))
    }
}

extension FooterMode {
    init(_ mode: InteractionMode) {
        self = FooterMode(rawValue: mode.rawValue) ?? .normal
    }
}
