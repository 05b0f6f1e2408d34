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
public enum LayoutSummary {
    public static func describe(_ layout: TabLayout) -> String {
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

        let bar = DefaultTabBar.titles(of: layout.items).map { LayoutText.quoted($0) }
        return [
            "layout \(LayoutText.quoted(layout.id)): \(LayoutText.quoted(layout.title))",
            "\(plural(tabs + sections, "item")): \(plural(tabs, "tab")), \(plural(sections, "section")), "
                + "\(plural(levels, "level")) deep",
            "default tab bar: " + (bar.isEmpty ? "(empty)" : bar.joined(separator: ", ")),
        ].joined(separator: "\n")
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// The tab bar of a first launch, by title, for the summary: fixed items, then the customizable
/// items that start in the bar, then pinned items (SPEC §1). It follows the same rule as
/// `TabNavModel`: a top-level item by its placement, a section's child only when its own
/// visibility or its section's `childrenTabBarVisibility` says `visible`.
enum DefaultTabBar {
    static func titles(of items: [TabItem]) -> [String] {
        var fixed: [String] = []
        var middle: [String] = []
        var pinned: [String] = []
        func visit(_ items: [TabItem], parent: TabItem?) {
            for item in items where !item.isHiddenByDefault {
                if parent == nil, item.placement == .fixed {
                    fixed.append(item.title)
                } else if parent == nil, item.placement == .pinned {
                    pinned.append(item.title)
                } else if startsInBar(item, parent: parent) {
                    middle.append(item.title)
                }
                if item.isSection { visit(item.children, parent: item) }
            }
        }
        visit(items, parent: nil)
        return fixed + middle + pinned
    }

    private static func startsInBar(_ item: TabItem, parent: TabItem?) -> Bool {
        guard item.placement.isCustomizable else { return false }
        switch item.defaultTabBarVisibility {
        case .visible: return true
        case .hidden: return false
        case .automatic:
            guard let parent else { return item.placement.isInTabBarByDefault }
            return item.placement != .optional && parent.childrenTabBarVisibility == .visible
        }
    }
}
