import Glibc
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Writes layout files of a given number of tabs, shaped like a real large layout: a few
/// top-level tabs (one fixed, one optional, a pinned search tab) and sections of 100 children
/// each that people can reorder and hide. Sections are not counted as tabs.
enum LayoutGenerator {
    static let childrenPerSection = 100
    /// Top-level tabs, the search tab included.
    static let topLevelTabs = 5

    /// The layout's JSON text.
    static func json(tabs: Int) -> [UInt8] {
        var items: [JSONValue] = [
            ["id": "home", "title": "Home", "icon": "house", "placement": "fixed",
             "content": ["text": .string("Generated layout with \(tabs) tabs.")]],
            ["id": "inbox", "title": "Inbox", "icon": "tray", "badge": 12, "content": ["text": "Inbox"]],
            ["id": "notes", "title": "Notes", "icon": "note.text", "content": ["text": "Notes"]],
            ["id": "archive", "title": "Archive", "icon": "archivebox", "placement": "optional",
             "allowsHiding": true, "content": ["text": "Archive"]],
            ["id": "search", "role": "search"],
        ]
        var remaining = max(0, tabs - topLevelTabs)
        var section = 0
        while remaining > 0 {
            let count = min(childrenPerSection, remaining)
            items.append(sectionJSON(section, children: count))
            remaining -= count
            section += 1
        }
        let layout: JSONValue = ["id": .string(layoutID(tabs: tabs)), "title": .string("Bench \(tabs)"),
                                 "tabs": .array(items)]
        return JSONWriter.bytes(layout, style: .compact)
    }

    static func layoutID(tabs: Int) -> String { "bench-\(tabs)" }

    private static func sectionJSON(_ index: Int, children: Int) -> JSONValue {
        var tabs: [JSONValue] = []
        tabs.reserveCapacity(children)
        for child in 0..<children {
            var tab: [(key: String, value: JSONValue)] = [
                ("id", .string("s\(index)-t\(child)")), ("title", .string("Item \(index).\(child)")),
                ("icon", "doc.text"), ("allowsHiding", true),
                ("content", ["text": .string("Tab \(child) of section \(index)")]),
            ]
            if child % 7 == 3 { tab.append(("badge", .number(Double(child % 10)))) }
            tabs.append(.object(tab))
        }
        return [
            "section": .string("s\(index)"), "title": .string("Section \(index)"), "icon": "folder",
            "allowsReordering": true, "allowsHiding": true, "tabBarVisibility": "hidden",
            "actions": [["id": "refresh", "title": "Refresh", "icon": "arrow.clockwise"]],
            "tabs": .array(tabs),
        ]
    }

    /// Writes `<directory>/bench-<tabs>.json` and returns its path.
    static func write(tabs: Int, to directory: String) -> String {
        let path = "\(directory)/\(layoutID(tabs: tabs)).json"
        TempFiles.write(json(tabs: tabs), to: path)
        return path
    }
}
