import TabNavSystem

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
    /// - Parameter folder: the layout file's folder (commands run there unless they say otherwise).
    /// - Parameter knowsIcon: whether an icon name has a glyph (the drawing layer knows); each
    ///   name it does not know is a `warning:` line (the item shows a neutral diamond).
    package static func describe(_ layout: TabLayout, folder: String? = nil, knowsIcon: ((String) -> Bool)? = nil) -> String {
        var tabs = 0
        var sections = 0
        var levels = 0
        // The deepest item's level, a top-level item being level 1: the count the hierarchy's
        // rules use (an empty section adds no level).
        func count(_ items: [TabItem], depth: Int) {
            if !items.isEmpty { levels = max(levels, depth) }
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
        var warnings = hierarchy.map(LayoutWarnings.lines(for:)) ?? []
        if let knowsIcon { warnings += unknownIcons(layout.items, knowsIcon) }
        return [
            "layout \(LayoutText.quoted(layout.id)): \(LayoutText.quoted(layout.title))",
            "\(plural(tabs + sections, "item")): \(plural(tabs, "tab")), \(plural(sections, "section")), "
                + "\(plural(levels, "level")) deep",
            "default tab bar: " + (bar.isEmpty ? "(empty)" : bar.joined(separator: ", ")),
        ].joined(separator: "\n") + commandLines(layout, folder: folder) + warnings.map { "\n" + $0 }.joined()
    }

    /// A `warning:` line for every icon name without a glyph, in the file's order.
    private static func unknownIcons(_ items: [TabItem], _ knowsIcon: (String) -> Bool) -> [String] {
        var lines: [String] = []
        for item in items {
            let name = LayoutText.quoted(item.title) + " (" + LayoutText.quoted(item.id) + ")"
            if !item.icon.isEmpty, !knowsIcon(item.icon) {
                lines.append("warning: \(name) has an unknown icon \(LayoutText.quoted(item.icon)): it is drawn as a plain diamond")
            }
            for action in item.actions where !action.icon.isEmpty && !knowsIcon(action.icon) {
                lines.append("warning: the action \(LayoutText.quoted(action.title)) of \(name) has an unknown icon "
                    + "\(LayoutText.quoted(action.icon)): it is drawn as a plain diamond")
            }
            lines += unknownIcons(item.children, knowsIcon)
        }
        return lines
    }

    /// `commands it would run (2):` and one JSON-quoted line per command, or nothing; then the
    /// kernel files it would read only once trusted, if any.
    private static func commandLines(_ layout: TabLayout, folder: String?) -> String {
        let commands = commands(of: layout.items, folder: folder)
        let files = kernelFiles(of: layout.items, folder: folder)
        var text = commands.isEmpty ? "\nno commands" : "\ncommands it would run (\(commands.count)):"
            + commands.map { "\n  \(LayoutText.quoted($0.place)): \(LayoutText.quoted($0.command, limit: Int.max))" }.joined()
        if !files.isEmpty {
            text += "\nkernel files it would read once trusted (\(files.count)):"
                + files.map { file in
                    "\n  \(LayoutText.quoted(file.place)): reads \(LayoutText.quoted(file.file, limit: Int.max))"
                        + (file.target.map { linkArrow + LayoutText.quoted($0, limit: Int.max) } ?? "") + " (\(file.system))"
                }.joined()
        }
        return text
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

extension LayoutSummary {
    /// Every command a layout would run (tabs' content and section actions), in file order, as
    /// `check-layout` lists them and an untrusted file shows them.
    package static func commands(of items: [TabItem], folder: String? = nil) -> [(place: String, command: String)] {
        var found: [(place: String, command: String)] = []
        func visit(_ items: [TabItem]) {
            for item in items {
                if case .command(let command) = item.content {
                    found.append((item.title, shown(command, item.contentOptions, folder: folder)))
                }
                if case .terminal(let command) = item.content {
                    found.append((item.title, shown(terminalCommand(command), item.contentOptions, folder: folder)))
                }
                for action in item.actions {
                    if let command = action.command {
                        found.append((item.title + " › " + action.title, shown(command, action.commandOptions, folder: folder)))
                    }
                }
                visit(item.children)
            }
        }
        visit(items)
        return found
    }
}

extension LayoutSummary {
    /// A command as a person must see it before trusting it: with the folder it runs in (when not
    /// the layout file's own) and the environment the file gives it, which change what it does
    /// (`PATH`, `LD_PRELOAD`…). The folder and the values are shell-quoted (`(in '/srv/a b')
    /// MSG='hi; echo x' make`), so none of them can pass for part of the command, and invisible or
    /// direction-changing characters anywhere are written out (`<U+200B>`, `ShownText`).
    package static func shown(_ command: String, _ options: ContentOptions, folder: String?) -> String {
        var prefix = ""
        if let cwd = options.cwd, cwd != folder { prefix += "(in \(ShownText.shellQuoted(cwd))) " }
        for (name, value) in options.environment.sorted(by: { $0.key < $1.key }) {
            prefix += "\(ShownText.revealed(name))=\(ShownText.shellQuoted(value)) "
        }
        return prefix + ShownText.revealed(command)
    }

    /// What a terminal tab runs, as the trust screen and `check-layout` name it: its command line,
    /// or `$SHELL` for the person's shell.
    package static func terminalCommand(_ command: String?) -> String { command ?? "$SHELL" }

    /// Every command of a running hierarchy, in declared order, as `shown(_:_:)` writes them.
    package static func commands(in hierarchy: TabHierarchy, folder: String? = nil) -> [String] {
        commands(in: hierarchy, at: hierarchy.nodes.indices, folder: folder)
    }

    /// The commands of the nodes `nodes` (those the layout decoder found commands in).
    package static func commands(in hierarchy: TabHierarchy, at nodes: some Sequence<Int>, folder: String? = nil) -> [String] {
        var found: [String] = []
        // By index: the fields are read in place, no node is copied.
        for index in nodes {
            if case .command(let command) = hierarchy.nodes[index].item.content {
                found.append(shown(command, hierarchy.nodes[index].item.contentOptions, folder: folder))
            }
            if case .terminal(let command) = hierarchy.nodes[index].item.content {
                found.append(shown(terminalCommand(command), hierarchy.nodes[index].item.contentOptions, folder: folder))
            }
            for action in hierarchy.nodes[index].item.actions {
                if let command = action.command { found.append(shown(command, action.commandOptions, folder: folder)) }
            }
        }
        return found
    }

    // MARK: Kernel files (docs/layout-files.md, "Files")

    /// What starts a trust item that is a file read, not a command: a command as `shown` writes
    /// it never holds a control character, so no command can pass for one.
    package static let fileReadMarker = "\u{1}"

    /// A file tab's kernel file as a trust item: its path (as written, invisible characters
    /// revealed) and the file system, after `fileReadMarker`.
    package static func fileRead(_ path: String, fileSystem: String, target: String? = nil) -> String {
        fileReadMarker + ShownText.revealed(path) + (target.map { linkArrow + ShownText.revealed($0) } ?? "") + " (" + fileSystem + ")"
    }

    /// Between a path that is a link and the file it names (`fileRead`).
    package static let linkArrow = " → "

    /// The file a path names when that is another path (a link on the way: `/proc/self/environ`
    /// for `lk/env.lnk`); nil when it names itself.
    static func linkTarget(of path: String) -> String? {
        guard let resolved = FileSystem.resolvedAsShown(path), resolved != path else { return nil }
        return resolved
    }

    /// The file tabs of `items` whose file is on a kernel file system now (`KernelFiles`), in file
    /// order: where, the path as written (invisible characters revealed), the file a link on it
    /// leads to, and the file system.
    /// A relative path is looked up from `folder`, where the file tab reads it.
    package static func kernelFiles(of items: [TabItem], folder: String? = nil)
        -> [(place: String, file: String, target: String?, system: String)] {
        var found: [(place: String, file: String, target: String?, system: String)] = []
        func visit(_ items: [TabItem]) {
            for item in items {
                if case .file(let path) = item.content, let system = KernelFiles.fileSystem(atPath: located(path, in: folder)) {
                    found.append((item.title, ShownText.revealed(path), linkTarget(of: located(path, in: folder)).map(ShownText.revealed), system))
                }
                visit(item.children)
            }
        }
        visit(items)
        return found
    }

    /// `path` as the file tab opens it: absolute and `~` paths as they are, others from `folder`.
    static func located(_ path: String, in folder: String?) -> String {
        guard let folder, !path.hasPrefix("/"), path != "~", !path.hasPrefix("~/") else { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// Whether a hierarchy has a file tab: one whose file may be on a kernel file system later.
    package static func hasFileTabs(_ hierarchy: TabHierarchy) -> Bool {
        hierarchy.nodes.indices.contains { index in
            if case .file = hierarchy.nodes[index].item.content { return true }
            return false
        }
    }

    /// The file tabs of a running hierarchy whose file is on a kernel file system now, as trust
    /// items (`fileRead`).
    package static func kernelFiles(in hierarchy: TabHierarchy, folder: String? = nil) -> [String] {
        var found: [String] = []
        for index in hierarchy.nodes.indices {
            if case .file(let path) = hierarchy.nodes[index].item.content,
               let system = KernelFiles.fileSystem(atPath: located(path, in: folder)) {
                found.append(fileRead(path, fileSystem: system, target: linkTarget(of: located(path, in: folder))))
            }
        }
        return found
    }
}
