/// The few lines `tabnav-tui check-layout` prints for a valid layout, so a person can see at a
/// glance that the file says what they meant:
///
/// ```
/// layout "ops": "Ops"
/// 7 items: 6 tabs, 1 section, 2 levels deep
/// default tab bar: "Home", "Disk", "Notes", "Logs", "Search"
/// ```
///
/// Titles are JSON-quoted, so a title with control characters cannot disturb the terminal.
package enum LayoutSummary {
    package static func describe(_ layout: TabLayout) -> String {
        var tabs = 0
        var sections = 0
        var levels = 0
        func count(_ items: [TabItem], depth: Int) {
            levels = max(levels, depth)
            for item in items {
                if item.isSection {
                    sections += 1
                    count(item.children, depth: depth + 1)
                } else {
                    tabs += 1
                }
            }
        }
        count(layout.items, depth: 1)

        // The same model the program runs decides the default bar, so the two cannot disagree.
        let hierarchy = try? TabHierarchy(layout)
        let bar = hierarchy.map { hierarchy in
            TabNavModel(hierarchy: hierarchy).tabBar.compactMap { hierarchy.item($0.id).map { LayoutText.quoted($0.title) } }
        } ?? []
        let warnings = hierarchy.map(LayoutWarnings.lines(for:)) ?? []
        return [
            "layout \(LayoutText.quoted(layout.id)): \(LayoutText.quoted(layout.title))",
            "\(plural(tabs + sections, "item")): \(plural(tabs, "tab")), \(plural(sections, "section")), "
                + "\(plural(levels, "level")) deep",
            "default tab bar: " + (bar.isEmpty ? "(empty)" : bar.joined(separator: ", ")),
        ].joined(separator: "\n") + commandLines(layout) + warnings.map { "\n" + $0 }.joined()
    }

    /// `commands it would run (2):` and one JSON-quoted line per command, or nothing.
    private static func commandLines(_ layout: TabLayout) -> String {
        let commands = commands(of: layout.items)
        guard !commands.isEmpty else { return "\nno commands" }
        return "\ncommands it would run (\(commands.count)):"
            + commands.map { "\n  \(LayoutText.quoted($0.place)): \(LayoutText.quoted($0.command, limit: Int.max))" }.joined()
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

extension LayoutSummary {
    /// Every command a layout would run (tabs' content and section actions), in file order, as
    /// `check-layout` lists them and an untrusted file shows them.
    package static func commands(of items: [TabItem]) -> [(place: String, command: String)] {
        var found: [(place: String, command: String)] = []
        func visit(_ items: [TabItem]) {
            for item in items {
                if case .command(let command) = item.content { found.append((item.title, command)) }
                for action in item.actions {
                    if let command = action.command { found.append((item.title + " › " + action.title, command)) }
                }
                visit(item.children)
            }
        }
        visit(items)
        return found
    }
}

extension LayoutSummary {
    /// Every command of a running hierarchy, in declared order.
    package static func commands(in hierarchy: TabHierarchy) -> [String] {
        var found: [String] = []
        for node in hierarchy.nodes {
            if case .command(let command) = node.item.content { found.append(command) }
            found += node.item.actions.compactMap(\.command)
        }
        return found
    }
}
