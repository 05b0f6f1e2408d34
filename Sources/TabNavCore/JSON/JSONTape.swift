import TabNavSystem

/// A parsed JSON document kept as its bytes plus one small token per value, in document order.
///
/// Decoders that turn a file into their own types (the layout decoder) read the tape directly:
/// object keys are compared as bytes, a string becomes a `String` only when it is kept, and no
/// tree of values is built and torn down. A token is 12 bytes whatever the value, and every
/// string, number and key was checked while the tape was made, so reading one back cannot fail.
///
/// An object's token is followed by its members, each a key (a string token) and then the value's
/// tokens; an array's token is followed by its elements' tokens.
package struct JSONTape: Sendable {
    package enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    struct Token: Sendable {
        /// Offset of the value's first byte (the opening quote of a string).
        var start: UInt32
        /// Strings: offset of the closing quote; numbers: offset just past the last digit;
        /// arrays and objects: index of the first token after the container; else 0.
        var extra: UInt32
        var kind: Kind
        /// Strings: whether the text has escapes (so it is decoded, not copied).
        var escaped: Bool
        /// Keys: the key's number in the parser's `JSONKeyCodes`, or 0 (not listed, written
        /// with escapes, or no list given).
        var keyCode: UInt8 = 0
    }

    /// The document's bytes (the tape's offsets point into them).
    package let bytes: [UInt8]
    let tokens: TokenBuffer

    /// The root value's token.
    package static let root = 0

    /// Reads the tape through a view of its storage, valid only inside `body`: the view counts
    /// no references, which matters when every key of a large file is looked at.
    package func withView<R>(_ body: (View) -> R) -> R {
        withExtendedLifetime(tokens) {
            bytes.withUnsafeBufferPointer { bytes in body(View(bytes: bytes, tokens: tokens.written)) }
        }
    }

    /// The tokens, in memory the tape owns: the parser writes them in place (no array to check
    /// for uniqueness per token), and the storage never moves once a `JSONTapeStream` hands it
    /// to a reader on another thread.
    final class TokenBuffer: @unchecked Sendable {
        private(set) var base: UnsafeMutablePointer<Token>
        private(set) var capacity: Int
        /// How many tokens are written (set by the parser when it is done).
        var count = 0

        /// Room for `capacity` tokens, or nil when the address space is short of it (`ulimit -v`):
        /// a streamed tape's room is reserved, not used, and may be large.
        ///
        /// `onHugePages`: room of 2 MB or more starts on a 2 MB boundary and is backed by 2 MB
        /// pages (`HugePages.allocate`), for a tape written from its start on another thread
        /// (`JSONTapeStream`): its first 2 MB cost one page fault instead of 512.
        init?(capacity: Int, onHugePages: Bool = false) {
            self.capacity = max(capacity, 16)
            let bytes = self.capacity * MemoryLayout<Token>.stride
            guard let raw = onHugePages ? HugePages.allocate(byteCount: bytes) : SystemCalls.allocateMemory(bytes) else { return nil }
            base = raw.bindMemory(to: Token.self, capacity: self.capacity)
            if !onHugePages { HugePages.advise(raw, byteCount: bytes) }
        }

        deinit { SystemCalls.freeMemory(base) }

        /// Twice the room, the tokens kept (`realloc`: a large buffer is moved by remapping its
        /// pages); nil, with the buffer as it was, when that room cannot be had.
        func grow() -> UnsafeMutablePointer<Token>? {
            guard let raw = SystemCalls.reallocateMemory(base, 2 * capacity * MemoryLayout<Token>.stride) else { return nil }
            capacity *= 2
            base = raw.bindMemory(to: Token.self, capacity: capacity)
            return base
        }

        /// The bytes that doubling the room would take.
        var grownByteCount: Int { 2 * capacity * MemoryLayout<Token>.stride }

        var written: UnsafeBufferPointer<Token> { UnsafeBufferPointer(start: base, count: count) }
    }

    /// The tape's bytes and tokens, borrowed (see `withView`).
    package struct View {
        let bytes: UnsafeBufferPointer<UInt8>
        let tokens: UnsafeBufferPointer<Token>

        // MARK: Structure

        /// Reads the kind's byte alone: the token of a container still open on a streamed tape
        /// has its `extra` written by the parser meanwhile, which a read of the whole token (as a
        /// debug build makes) would race with.
        package func kind(_ token: Int) -> Kind {
            assert(tokens.indices.contains(token), "a token past the tape")
            return UnsafeRawPointer(tokens.baseAddress! + token).load(fromByteOffset: Self.kindOffset, as: Kind.self)
        }

        /// Where `Token.kind` lies in a token (after two 4-byte integers); a literal, so reading
        /// it costs no check of a lazily made value (JSONTapeTests checks it against the layout).
        static let kindOffset = 8

        /// The token after `token` and everything inside it: its next sibling, if it has one.
        package func next(_ token: Int) -> Int {
            let t = tokens[token]
            return t.kind == .array || t.kind == .object ? Int(t.extra) : token + 1
        }

        /// The element tokens of an array.
        package func elements(_ array: Int) -> ElementTokens {
            ElementTokens(tape: self, current: array + 1, end: Int(tokens[array].extra), step: 1)
        }

        /// The key tokens of an object (each value is the token right after its key).
        package func keys(_ object: Int) -> ElementTokens {
            ElementTokens(tape: self, current: object + 1, end: Int(tokens[object].extra), step: 2)
        }

        /// Walks the direct children of a container (or, for an object, its keys).
        package struct ElementTokens: Sequence, IteratorProtocol {
            let tape: View
            var current: Int
            let end: Int
            /// 1 for array elements; 2 for keys, which skip over their value.
            let step: Int

            package mutating func next() -> Int? {
                guard current < end else { return nil }
                let token = current
                current = step == 1 ? tape.next(token) : tape.next(token + 1)
                return token
            }
        }

        /// How many elements an array holds (or members an object holds).
        package func count(_ container: Int) -> Int {
            var n = 0
            for _ in kind(container) == .object ? keys(container) : elements(container) { n += 1 }
            return n
        }

        /// How many tokens of a kind the tape holds (not for a streamed tape's view, which spans
        /// the room reserved, written or not).
        package func count(of kind: Kind) -> Int {
            var n = 0
            for token in tokens where token.kind == kind { n += 1 }
            return n
        }

        // MARK: Values

        /// The text of a string token (a key or a value).
        package func string(_ token: Int) -> String {
            let t = tokens[token]
            if !t.escaped {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(t.start) + 1..<Int(t.extra)]), as: UTF8.self)
            }
            // The text was read and checked once already while the tape was made: its escapes
            // are decoded straight into the string, which is never longer than they are (no list
            // of bytes grown and then copied: a 50 MB string with escapes peaked at twice that).
            let content = UnsafeBufferPointer(rebasing: bytes[Int(t.start) + 1..<Int(t.extra)])
            return String(unsafeUninitializedCapacity: content.count) { JSONTape.unescape(content, into: $0) }
        }

        /// The number a key token was given by the parser's `JSONKeyCodes` (0 if none).
        func keyCode(_ token: Int) -> UInt8 { tokens[token].keyCode }

        /// Whether key token `token` is the key `name`, whose number is `code` in the list the
        /// tape was made with: compares numbers when the parser gave the key one, else bytes.
        func isKey(_ token: Int, code: UInt8, named name: StaticString) -> Bool {
            let given = tokens[token].keyCode
            return given != 0 ? given == code : string(token, equals: name)
        }

        /// Whether a string token's text is exactly `text`; compares bytes, builds no string.
        package func string(_ token: Int, equals text: StaticString) -> Bool {
            let t = tokens[token]
            if t.escaped { return string(token) == text.description }
            let length = Int(t.extra) - Int(t.start) - 1
            guard length == text.utf8CodeUnitCount else { return false }
            let start = Int(t.start) + 1
            for i in 0..<length where bytes[start + i] != text.utf8Start[i] { return false }
            return true
        }

        /// Whether two string tokens without escapes are written with the same bytes (so have the
        /// same text); false when either has escapes.
        package func string(_ token: Int, sameBytesAs other: Int) -> Bool {
            let a = tokens[token], b = tokens[other]
            guard !a.escaped, !b.escaped, a.extra - a.start == b.extra - b.start else { return false }
            let length = Int(a.extra) - Int(a.start) - 1
            guard length > 0, let base = bytes.baseAddress else { return length == 0 }
            return SystemCalls.compareBytes(base + Int(a.start) + 1, base + Int(b.start) + 1, count: length) == 0
        }

        /// Whether a string token's text is exactly the UTF-8 bytes `text`.
        package func string(_ token: Int, equalsBytes text: [UInt8]) -> Bool {
            let t = tokens[token]
            if t.escaped { return Array(string(token).utf8) == text }
            let length = Int(t.extra) - Int(t.start) - 1
            guard length == text.count else { return false }
            let start = Int(t.start) + 1
            for i in 0..<length where bytes[start + i] != text[i] { return false }
            return true
        }

        /// The value of a number token.
        package func number(_ token: Int) -> Double {
            var reader = JSONReader(input: bytes, maximumDepth: 0)
            reader.position = Int(tokens[token].start)
            return (try? reader.readNumber()) ?? 0
        }

        /// The type in words, with its article, as `JSONValue.typeDescription` says it.
        package func typeDescription(_ token: Int) -> String {
            switch kind(token) {
            case .null: return "null"
            case .false, .true: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }

        // MARK: Places

        /// The steps from the root down to `token`: an array index or an object key (the key's token).
        package enum Step: Sendable, Equatable {
            case index(Int)
            case key(Int)
        }

        /// The steps from the root to `token`. Walks down from the root, so it costs a pass over the
        /// tape: meant for error messages, which are rare.
        package func steps(to token: Int) -> [Step] {
            var steps: [Step] = []
            var container = JSONTape.root
            while container != token {
                guard kind(container) == .array || kind(container) == .object else { break }
                var found = false
                if kind(container) == .object {
                    for key in keys(container) where key + 1 <= token && token < next(key + 1) {
                        steps.append(.key(key))
                        container = key + 1
                        found = true
                        break
                    }
                } else {
                    for (index, element) in elements(container).enumerated() where element <= token && token < next(element) {
                        steps.append(.index(index))
                        container = element
                        found = true
                        break
                    }
                }
                if !found { break }
            }
            return steps
        }
    }
}

extension JSONTape {
    /// Decodes the escapes of a string's checked content (the bytes between its quotes) into
    /// `out`, which has room for as many bytes as `content`; returns how many were written.
    static func unescape(_ content: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var written = 0
        var index = 0
        func put(_ byte: UInt8) {
            out[written] = byte
            written += 1
        }
        func hexQuad(at start: Int) -> UInt32 {
            var value: UInt32 = 0
            for byte in content[start..<start + 4] {
                let digit: UInt32 = switch byte {
                case 0x30...0x39: UInt32(byte - 0x30)
                case 0x41...0x46: UInt32(byte - 0x41 + 10)
                default: UInt32(byte - 0x61 + 10)
                }
                value = value << 4 | digit
            }
            return value
        }
        while index < content.count {
            let byte = content[index]
            guard byte == 0x5C else {
                put(byte)
                index += 1
                continue
            }
            let letter = content[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexQuad(at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // Checked: an escaped low surrogate follows at once.
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexQuad(at: index + 2) - 0xDC00)
                    index += 6
                }
                switch scalar {
                case 0..<0x80:
                    put(UInt8(scalar))
                case 0x80..<0x800:
                    put(UInt8(0xC0 | scalar >> 6))
                    put(UInt8(0x80 | scalar & 0x3F))
                case 0x800..<0x10000:
                    put(UInt8(0xE0 | scalar >> 12))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                default:
                    put(UInt8(0xF0 | scalar >> 18))
                    put(UInt8(0x80 | scalar >> 12 & 0x3F))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                }
            default: put(letter) // \" \\ \/
            }
        }
        return written
    }
}
