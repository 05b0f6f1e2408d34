import Glibc
import TabNav

/// A page of our own: a to-do list. ↑ ↓ move (the library's `ListCursor` keeps the place),
/// `x` checks a task off, and search finds tasks by title.
struct TaskList: TabPage {
    struct Task: Sendable {
        var title: String
        var done = false
    }

    var tasks: [Task]
    var cursor = ListCursor()

    init(_ titles: [String]) {
        tasks = titles.map { Task(title: $0) }
    }

    func draw(in canvas: inout PageCanvas) {
        guard !tasks.isEmpty else {
            canvas.text("Nothing to do", row: 0, style: canvas.theme.dim)
            return
        }
        let glyphs = canvas.glyphs
        canvas.drawList(count: tasks.count, cursor: cursor) { index in
            let task = tasks[index]
            return ListRow(icon: task.done ? glyphs.checkboxChecked : glyphs.checkboxUnchecked,
                           title: task.title, detail: task.done ? "done" : "")
        }
    }

    /// The keys the page answers, as data: the footer and `?` show them, and a configuration
    /// file can move `check-off` to another key (`{"keys": {"page": {"d": "check-off"}}}`).
    var keys: [PageKey] {
        tasks.isEmpty ? [.move] : [.move, PageKey("check-off", key: .character("x"), summary: "check off")]
    }

    mutating func handle(_ input: PageInput) -> PageResponse {
        if input.action == "check-off", tasks.indices.contains(cursor.row) {
            tasks[cursor.row].done.toggle()
            let task = tasks[cursor.row]
            return .say(task.done ? "Done: \(task.title)" : "Not done yet: \(task.title)")
        }
        return cursor.handleMove(input, count: tasks.count) ? .handled : .ignored
    }

    var searchEntries: [ContentEntry] {
        tasks.map { ContentEntry(id: $0.title, title: $0.title, icon: "checkmark") }
    }
}

let layout = TabLayout(id: "tasks-example", title: "Tasks") {
    Tab("Today", systemImage: "sun.max") {
        TaskList(["Water the plants", "Write the weekly report", "Call the plumber"])
    }
    Tab("Later", systemImage: "clock") {
        TaskList(["Renew the passport", "Sort the photos"])
    }
    Tab("About", systemImage: "doc.text", content: .text("A to-do list built on tabnav-tui.\nPress x on a task to check it off."))
    Tab(role: .search)
}

do {
    try TabNavApp(layout).run()
} catch {
    var message = "tabnav-tasks: \(error)\n"
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(error.exitStatus)
}
