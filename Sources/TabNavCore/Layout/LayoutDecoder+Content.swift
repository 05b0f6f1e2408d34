/// A tab's `content` and its settings (docs/layout-files.md, "Content").
extension LayoutDecoder {
    /// A content and its settings; nil settings for the defaults (every content but a file or a
    /// command), which the item then does not store.
    func decodeContent(_ value: Int) throws(LayoutError) -> (TabContent, ContentOptions?) {
        typealias Key = LayoutSchema.ContentKey
        if let text = plainText(value) { return (.text(text), nil) }
        let object = try LayoutObject(value, in: document, keys: Key.self)
        // (The usual content, `{"text": …}` alone, was read by `plainText` above.)
        let hasSettings = Key.commandOptions.contains { object.value($0) != nil }
        let kinds = object.presentKeys(among: Key.kinds)
        guard let kindKey = kinds.first else {
            throw object.problem(at: object.path, "needs one of \"text\", \"file\", \"command\", \"terminal\" or \"list\"")
        }
        if kinds.count > 1 {
            throw object.problem(
                at: object.path, "has both \"\(kinds[0].name)\" and \"\(kinds[1].name)\" (a tab shows exactly one kind of content)")
        }
        let kind = kindKey.name
        let allowed: [String]
        switch kind {
        case "command": allowed = LayoutSchema.commandOptionKeys
        case "file": allowed = LayoutSchema.fileOptionKeys
        case "terminal": allowed = LayoutSchema.terminalOptionKeys
        default: allowed = []
        }
        if hasSettings, let key = object.presentKeys(among: Key.commandOptions).map(\.name).first(where: { !allowed.contains($0) }) {
            throw object.problem(at: object.path(of: key), "\"\(kind)\" content does not take \"\(key)\"")
        }
        switch kind {
        case "text":
            return (.text(try object.requiredString(Key.text)), nil)
        case "file":
            let file = try object.nonEmptyString(Key.file, what: "file name") ?? ""
            try rejectNUL(file, at: object.path(of: Key.file), object: object)
            var options = try decodeOptions(object, keys: allowed)
            options.cwd = nil
            return (.file(resolved(file)), options)
        case "command":
            let command = try object.nonEmptyString(Key.command, what: "command") ?? ""
            try rejectNUL(command, at: object.path(of: Key.command), object: object)
            try rejectBlank(command, at: object.path(of: Key.command), object: object)
            return (.command(command), try decodeOptions(object, keys: allowed))
        case "terminal":
            // A command line, or `true` for the person's shell.
            guard let value = object.value(Key.terminal) else { return (.terminal(nil), nil) }
            switch tape.kind(value) {
            case .true:
                return (.terminal(nil), try decodeOptions(object, keys: allowed))
            case .string:
                let command = try object.nonEmptyString(Key.terminal, what: "command") ?? ""
                try rejectNUL(command, at: object.path(of: Key.terminal), object: object)
                try rejectBlank(command, at: object.path(of: Key.terminal), object: object)
                return (.terminal(command), try decodeOptions(object, keys: allowed))
            default:
                throw object.wrongType(Key.terminal, expected: "a command or true", found: value)
            }
        default:
            guard let list = try object.array(Key.list) else { return (.list([]), nil) }
            return (.list(try decodeEntries(list)), nil)
        }
    }

    /// The text of the usual content, an object whose only member is `"text"` with a string
    /// value, read without matching its key against every key a content may have; nil for
    /// anything else, which the general path reads (and reports on).
    private func plainText(_ token: Int) -> String? {
        guard tape.kind(token) == .object, tape.next(token) == token + 3, tape.kind(token + 2) == .string,
              tape.isKey(token + 1, code: textCode, named: "text") else { return nil }
        return tape.string(token + 2)
    }

    /// `"alert"`: `"failure"`, `"change"`, or an array of them.
    private func decodeAlerts(_ value: Int, object: LayoutObject) throws(LayoutError) -> Set<AttentionReason> {
        let allowed: [AttentionReason] = [.failure, .change]
        func reason(_ token: Int, at place: String) throws(LayoutError) -> AttentionReason {
            guard tape.kind(token) == .string else {
                throw object.problem(at: place, "expected \"failure\" or \"change\", found \(tape.typeDescription(token))")
            }
            let text = tape.string(token)
            guard let reason = AttentionReason(rawValue: text), allowed.contains(reason) else {
                throw object.problem(at: place, "unknown value \(LayoutText.quoted(text)) (expected failure, change)")
            }
            return reason
        }
        let place = object.path(of: "alert")
        switch tape.kind(value) {
        case .string:
            return [try reason(value, at: place)]
        case .array:
            var reasons: Set<AttentionReason> = []
            for (index, element) in tape.elements(value).enumerated() {
                reasons.insert(try reason(element, at: "\(place)[\(index)]"))
            }
            return reasons
        default:
            throw object.wrongType("alert", expected: "\"failure\", \"change\" or an array of them", found: value)
        }
    }

    /// The settings among `keys` present in `object`; `cwd` resolved against the layout's folder
    /// (which is also the default).
    func decodeOptions(_ object: LayoutObject, keys: [String]) throws(LayoutError) -> ContentOptions {
        var options = ContentOptions()
        func number(_ key: String, minimum: Double, maximum: Double) throws(LayoutError) -> Double? {
            guard keys.contains(key), let value = object.value(named: key) else { return nil }
            guard tape.kind(value) == .number else { throw object.wrongType(key, expected: "a number", found: value) }
            let number = tape.number(value)
            guard number >= minimum, number <= maximum else {
                throw object.problem(at: object.path(of: key),
                                     "\(JSONWriter.numberText(number)) is out of range (\(JSONWriter.numberText(minimum)) to \(JSONWriter.numberText(maximum)))")
            }
            return number
        }
        func whole(_ key: String, minimum: Int, maximum: Int) throws(LayoutError) -> Int? {
            guard let value = try number(key, minimum: Double(minimum), maximum: Double(maximum)) else { return nil }
            guard let count = Int(exactly: value) else {
                throw object.problem(at: object.path(of: key), "expected a whole number, found \(JSONWriter.numberText(value))")
            }
            return count
        }
        if let timeout = try number("timeout", minimum: 0.1, maximum: 86_400) { options.timeout = timeout }
        if let maxBytes = try whole("maxBytes", minimum: 1, maximum: 1 << 30) { options.maxBytes = maxBytes }
        if let refresh = try number("refresh", minimum: 0.5, maximum: 86_400) { options.refresh = refresh }
        if let maxLines = try whole("maxLines", minimum: 1, maximum: 10_000_000) { options.maxLines = maxLines }
        if let scrollback = try whole("scrollback", minimum: 0, maximum: ContentOptions.maximumScrollback) { options.scrollback = scrollback }
        if keys.contains("follow"), let follow = object.value(named: "follow") { options.follow = try object.bool(follow, key: "follow") }
        if keys.contains("pty"), let pty = object.value(named: "pty") { options.pty = try object.bool(pty, key: "pty") }
        if options.follow, options.refresh != nil {
            throw object.problem(at: object.path(of: "refresh"), "a command either follows or refreshes, not both")
        }
        if keys.contains("whenHidden"), let value = object.value(named: "whenHidden") {
            options.whenHidden = try object.bool(value, key: "whenHidden")
            if options.refresh == nil {
                throw object.problem(at: object.path(of: "whenHidden"), "applies to a command that refreshes (\"refresh\": seconds)")
            }
        }
        if keys.contains("alert"), let value = object.value(named: "alert") {
            options.alerts = try decodeAlerts(value, object: object)
        }
        options.cwd = folder
        if keys.contains("cwd"), let cwd = try object.nonEmptyString(named: "cwd", what: "folder") {
            try rejectNUL(cwd, at: object.path(of: "cwd"), object: object)
            options.cwd = resolved(cwd)
        }
        if keys.contains("env"), let env = object.value(named: "env") {
            guard tape.kind(env) == .object else { throw object.wrongType("env", expected: "an object of strings", found: env) }
            for key in tape.keys(env) {
                let name = tape.string(key)
                let value = key + 1
                // A name that is not a variable name (a space, `=`, an escape…) is refused: the
                // trust screen could not show it as the shell would read it. The message names the
                // object and quotes the name, which is not put into the path raw.
                guard ShownText.isVariableName(name) else {
                    throw object.problem(
                        at: object.path(of: "env"),
                        "\(LayoutText.quoted(name)) is not a variable name (a letter or _, then letters, digits and _)")
                }
                var place: String { LayoutText.member(object.path(of: "env"), name) }
                guard tape.kind(value) == .string else {
                    throw object.problem(at: place, "expected a string, found \(tape.typeDescription(value))")
                }
                let text = tape.string(value)
                try rejectNUL(text, at: place, object: object)
                options.environment[name] = text
            }
        }
        return options
    }

    /// A NUL would silently cut a path or command handed to the system.
    ///
    /// `path` is worked out only for the error: it is found walking the tape from the root (and,
    /// for a large file, after waiting for its parser), which every command or file would pay.
    func rejectNUL(_ text: String, at path: @autoclosure () -> String, object: LayoutObject) throws(LayoutError) {
        if text.utf8.contains(0) { throw object.problem(at: path(), "contains a NUL character") }
    }

    /// A command of only spaces, tabs and line ends runs nothing: refused like an empty one.
    func rejectBlank(_ command: String, at path: @autoclosure () -> String, object: LayoutObject) throws(LayoutError) {
        if command.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw object.problem(at: path(), "blank command (only spaces)")
        }
    }

    /// A relative path against the layout's folder; `~` paths and absolute ones as they are.
    func resolved(_ path: String) -> String {
        guard let folder, !path.hasPrefix("/"), path != "~", !path.hasPrefix("~/") else { return path }
        return (folder.hasSuffix("/") ? folder : folder + "/") + path
    }
}
