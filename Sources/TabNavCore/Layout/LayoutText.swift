/// Small text helpers shared by the layout loader's messages.
enum LayoutText {
    /// A user string as it appears in a message: JSON-quoted, so control characters show as escapes
    /// and can never reach the terminal raw, invisible and direction-changing characters written
    /// out (`<U+202E>`, `ShownText.revealed`), and cut short when it is very long.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        let shown = ShownText.revealed(cut)
        var bytes: [UInt8] = []
        JSONWriter.writeString(shown, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `tabs[3]` + `placement` → `tabs[3].placement`; the top level has the empty path.
    static func member(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// `tabs` + 3 → `tabs[3]`.
    static func element(_ path: String, _ index: Int) -> String {
        "\(path)[\(index)]"
    }

    /// A path as the start of a message; the top level reads "top level".
    static func place(_ path: String) -> String {
        path.isEmpty ? "top level" : path
    }
}
