/// A layout file's parsed text, as the decoder reads it: a view of the tape of its JSON (valid
/// while the decoder runs, inside `JSONTape.withView`) and the name messages give it. JSON paths
/// (`tabs[3].content`) are worked out from the tape only when a message needs one, so reading a
/// large file builds none.
final class LayoutDocument {
    let tape: JSONTape.View
    let source: String
    /// The parser still at work on another thread, for a large file (`JSONTapeStream`): only
    /// the tokens it has published may be read until it is finished.
    let stream: JSONTapeStream?

    init(tape: JSONTape.View, source: String, stream: JSONTapeStream? = nil) {
        self.tape = tape
        self.source = source
        self.stream = stream
    }

    /// How many paths were worked out: none for a file without a problem (LayoutSinglePassTests).
    private(set) var pathsWorkedOut = 0

    /// The JSON path of a value: `tabs[3].content`, "" for the top level.
    func path(of token: Int) -> String {
        pathsWorkedOut += 1
        // A path is found walking down from the root, whose end the parser writes last. If the
        // parser failed, its error is the one reported, and this path is never shown.
        if let stream, stream.finish() != nil { return "" }
        var path = ""
        for step in tape.steps(to: token) {
            switch step {
            case .index(let index): path = LayoutText.element(path, index)
            case .key(let key): path = LayoutText.member(path, tape.string(key))
            }
        }
        return path
    }

    /// An error at `path` ("tabs[2]: missing \"id\"").
    func problem(at path: String, _ reason: String) -> LayoutError {
        LayoutError(source: source, kind: .schema(path: path), message: "\(LayoutText.place(path)): \(reason)")
    }
}
