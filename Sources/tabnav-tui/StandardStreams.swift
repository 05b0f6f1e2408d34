import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Writes straight to the standard streams with `write(2)`: no buffering to lose on exit, and no
/// Foundation.
enum StandardStreams {
    static func write(_ text: String, to fd: Int32) {
        _ = FileSystem.writeAll(fd, Array(text.utf8))
    }

    static func out(_ text: String) { write(text, to: 1) }

    /// One line on stderr, prefixed with the program's name.
    static func error(_ text: String) {
        write(text.hasPrefix("tabnav-tui:") ? text + "\n" : "tabnav-tui: " + text + "\n", to: 2)
    }
}
