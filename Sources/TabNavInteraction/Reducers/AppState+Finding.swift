import TabNavCore
import TabNavDrawing

extension AppState {
    /// `f`: the find field opens at the bottom, over the page shown (its lines are what is
    /// found); the content gets the focus.
    mutating func startFind() -> [AppEffect] {
        guard shown.findsText, let id = model.selectedID else {
            say("\(keyName(.find, in: .normal)) finds text in text, file and command pages")
            return []
        }
        mode = .finding(FindPrompt(fromLine: firstLineShown(of: topPage(of: id))), over: .browsing(.content))
        return []
    }

    /// Typing in the find field: `Enter` finds, `Esc` (or `Backspace` on an empty field) leaves
    /// it; every character without a binding is typed.
    /// Its own reducer (`FindPrompt.reduce`) is given the last text found and the key that finds.
    mutating func typeFind(_ command: Command?, key: KeyEvent?, prompt: FindPrompt, under: Mode) -> [AppEffect] {
        let step = FindPrompt.reduce(prompt, command, key: key, lastFound: shownFind?.text,
                                     confirmKey: keyName(.confirm, in: .find))
        return land(step, under: under) { .finding($0, over: under) }
    }

    /// `n` / `N`: the next (`direction` 1) or previous (-1) matching line, wrapping around the
    /// page's ends.
    mutating func findAgain(_ direction: Int) -> [AppEffect] {
        guard let last = shownFind else {
            let key = keyName(direction > 0 ? .findNext : .findPrevious, in: .normal)
            say(shown.findsText ? "Nothing to repeat: \(keyName(.find, in: .normal)) finds text first, then \(key) goes on"
                : "\(keyName(.find, in: .normal)) finds text in text, file and command pages")
            return []
        }
        if case .browsing = mode { mode = .browsing(.content) }
        let start = last.line.map { $0 + direction } ?? (model.selectedID.map { firstLineShown(of: topPage(of: $0)) } ?? 0)
        find(last.text, from: start, direction: direction)
        return []
    }

    /// The find in force on the page shown, if any.
    package var shownFind: PageFind? {
        guard let find = pageFind, find.tab == model.selectedID, find.depth == currentDepth else { return nil }
        return find
    }

    /// The text the page shown highlights: what is typed in the find field, else the last find.
    package var findHighlight: String? {
        if case .finding(let prompt, _) = mode { return prompt.field.text.isEmpty ? nil : prompt.field.text }
        guard let find = shownFind, find.count > 0 else { return nil }
        return find.text
    }

    /// Finds `text` in the lines of the page shown, from line `start` on in `direction`, around
    /// the page's end to its start (or the other way) when it must; shows the line found and
    /// says where it is.
    mutating func find(_ text: String, from start: Int, direction: Int) {
        guard let id = model.selectedID else { return }
        let lines = topPage(of: id).searchLines(limit: SearchLimits.linesPerPage)
        var matching: [Int] = []
        for (number, line) in lines.enumerated() where TextFind.line(line, contains: text) { matching.append(number) }
        var found = PageFind(text: text, tab: id, depth: currentDepth, count: matching.count)
        guard !matching.isEmpty else {
            pageFind = found
            notify("not found: \(text)", isError: true)
            return
        }
        var wrapped = false
        var place: Int
        if direction > 0 {
            if let next = matching.firstIndex(where: { $0 >= start }) {
                place = next
            } else {
                place = 0
                wrapped = true
            }
        } else {
            if let previous = matching.lastIndex(where: { $0 <= start }) {
                place = previous
            } else {
                place = matching.count - 1
                wrapped = true
            }
        }
        found.line = matching[place]
        found.ordinal = place + 1
        pageFind = found
        updateTopPage(of: id) { $0.reveal(line: matching[place]) }
        let whereFound = "line \(matching[place] + 1), \(place + 1) of \(matching.count)"
        if wrapped {
            notify("search wrapped: \"\(text)\" on \(whereFound)", shorter: ["search wrapped: \(whereFound)", "search wrapped"])
        } else {
            notify("\"\(text)\" on \(whereFound)", shorter: [whereFound])
        }
    }

    /// The line of the page's text shown at its top (where a find starts), for the pages find
    /// looks in; 0 for others.
    func firstLineShown(of page: any TabPage) -> Int {
        page.firstLineShown(visibleRows: geometry.contentListRows)
    }
}
