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
        let bar = (try? TabHierarchy(layout)).map { hierarchy in
            TabNavModel(hierarchy: hierarchy).tabBar.compactMap { hierarchy.item($0.id).map { LayoutText.quoted($0.title) } }
        } ?? []
        let warnings = (try? TabHierarchy(layout)).map(LayoutWarnings.lines(for:)) ?? []
        return ([
            "layout \(LayoutText.quoted(layout.id)): \(LayoutText.quoted(layout.title))",
            "\(plural(tabs + sections, "item")): \(plural(tabs, "tab")), \(plural(sections, "section")), "
                + "\(plural(levels, "level")) deep",
            "default tab bar: " + (bar.isEmpty ? "(empty)" : bar.joined(separator: ", ")),
        ] + warnings).joined(separator: "\n")
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
