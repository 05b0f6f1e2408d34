/// A layout file's parsed text, as the decoder reads it: a view of the tape of its JSON (valid
/// while the decoder runs, inside `JSONTape.withView`) and the name messages give it. JSON paths
/// (`tabs[3].content`) are worked out from the tape only when a message needs one, so reading a
/// large file builds none.
final class LayoutDocument {
    let tape: JSONTape.View
    let source: String

    init(tape: JSONTape.View, source: String) {
        self.tape = tape
        self.source = source
    }

    /// The JSON path of a value: `tabs[3].content`, "" for the top level.
    func path(of token: Int) -> String {
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
