/// A destination of the hierarchy: a title, a symbol and what it shows when selected.
///
/// ```swift
/// Tab("Notes", systemImage: "note.text", content: .file("~/notes.txt"))
/// Tab("Downloads", systemImage: "square.and.arrow.down")
///     .customizationID("downloads")
///     .placement(.optional)
///     .allowsHiding()
/// Tab(role: .search)
/// ```
///
/// A tab starts with UIKit's defaults: placement `.default` (in the tab bar at the top level,
/// movable and removable there), not hideable, customizable in both bars, no badge.
public struct Tab: TabItemConvertible, Equatable {
    /// The tab as the model sees it; modifiers change it, and the builder collects it.
    public var tabItem: TabItem

    /// Declares a tab.
    ///
    /// - Parameters:
    ///   - title: What people read in the bar and the sidebar.
    ///   - systemImage: A symbol name such as `play` or `books.vertical`; empty for none.
    ///   - id: The stable customization identifier. Left out, it is derived from the title in
    ///     kebab case (`"Watch Now"` → `"watch-now"`), which is convenient while the title never
    ///     changes; pass an explicit id for titles that may be renamed or translated, or people
    ///     lose their customization of the tab when that happens.
    ///   - content: What the tab shows when selected.
    public init(_ title: String, systemImage: String = "", id: String? = nil, content: TabContent = .none) {
        tabItem = TabItem(
            kind: .tab, id: id ?? TabIdentifier.derived(fromTitle: title), title: title,
            icon: systemImage, content: content
        )
    }

    /// The search tab: pinned at the trailing end of the bar, drawn as its magnifying glass, its
    /// field taking the keys when selected.
    ///
    /// - Parameters:
    ///   - title: What the sidebar and the content's title row call it.
    ///   - id: Its customization identifier.
    ///   - role: `.search`.
    ///   - content: Shown while the field is empty (the first line of a `.text`, as a hint).
    public init(_ title: String = "Search", systemImage: String = "magnifyingglass", id: String = "search",
                role: TabRole, content: TabContent = .none) {
        tabItem = TabItem(
            kind: .tab, id: id, title: title, icon: systemImage, placement: .pinned,
            role: role, content: content
        )
    }
}

extension Tab {
    /// Shows a program in a terminal of its own (docs/terminal-tabs.md): `command` run by
    /// `/bin/sh -c`, or the person's `$SHELL` when nil. It starts when the tab is first shown,
    /// keeps running while the tab is hidden, marks the tab when it prints or rings meanwhile,
    /// and is ended on quit.
    ///
    /// ```swift
    /// Tab("Shell", systemImage: "terminal").terminal()
    /// Tab("Top", systemImage: "cpu").terminal("htop", scrollback: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - command: The command line; nil for the person's shell.
    ///   - cwd: The folder it starts in (`~` is the home folder); nil for the program's own.
    ///   - environment: Variables added to the app's environment for it.
    ///   - scrollback: Lines kept above the screen for the scrollback view, held to
    ///     0...`ContentOptions.maximumScrollback` (1,000,000), the range a layout file's
    ///     `"scrollback"` allows.
    public func terminal(_ command: String? = nil, cwd: String? = nil, environment: [String: String] = [:],
                         scrollback: Int = ContentOptions.defaultScrollback) -> Tab {
        modified { item in
            item.content = .terminal(command)
            var options = item.contentOptions
            options.cwd = cwd
            options.environment = environment
            options.scrollback = min(max(0, scrollback), ContentOptions.maximumScrollback)
            item.contentOptions = options
        }
    }
}
