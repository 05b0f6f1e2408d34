import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavSystem
import TabNavTerminal

/// Writes straight to the standard streams with `write(2)`: no buffering to lose on exit, and no
/// Foundation.
enum StandardStreams {
    static func write(_ text: String, to fd: Int32) {
        _ = FileSystem.writeAll(fd, Array(text.utf8))
    }

    static func out(_ text: String) { write(text, to: 1) }

    /// Lines of text for a terminal (`check-layout`'s summary): each line with what came from
    /// outside made visible (`ShownText.escapedForTerminal`), so none can reach the terminal raw.
    static func outLines(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        out(lines.map { ShownText.escapedForTerminal(String($0)) }.joined(separator: "\n"))
    }

    /// One line on stderr, prefixed with the program's name. Whatever came from outside in it (a
    /// path, an option's value, a name from a file) is shown, never written raw: an escape is
    /// `\e`, other controls `\x07`, and invisible or direction-changing characters `<U+202E>`
    /// (`ShownText.escapedForTerminal`).
    static func error(_ text: String) {
        let line = text.hasPrefix("tabnav-tui:") ? text : "tabnav-tui: " + text
        write(ShownText.escapedForTerminal(line) + "\n", to: 2)
        StandardErrorCapture.written()
    }
}
