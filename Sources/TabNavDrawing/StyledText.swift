/// A run of text drawn in one style.
public struct StyledSpan: Sendable, Equatable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of a command's output or a file, in styled runs.
public struct StyledLine: Sendable, Equatable {
    public var spans: [StyledSpan]
    /// Written to standard error (the page marks such lines).
    public var isError: Bool

    public init(_ spans: [StyledSpan] = [], isError: Bool = false) {
        self.spans = spans
        self.isError = isError
    }

    /// The text without styles.
    public var text: String { spans.map(\.text).joined() }
}

/// Turns the bytes a program writes into styled lines, as `less -R` shows them
/// (docs/layout-files.md, "Output"): SGR colours (16, 256, 24-bit) and attributes (bold, dim,
/// italic, underline, reverse) become cell styles; every other escape sequence (cursor movement,
/// titles, clearing, hyperlinks) and control character is dropped, so output cannot move the
/// cursor, retitle the terminal or draw outside its page. A carriage return not followed by a
/// line feed starts the line again (progress counters show their last state).
///
/// Streaming: bytes may arrive in any pieces (an escape or a UTF-8 character split between two).
public struct SGRDecoder: Sendable {
    private enum State: Sendable { case text, escape, escapeIntermediate, csi, string, stringEscape }
    private var state = State.text
    private var parameters: [UInt8] = []
    private var csiIsPlain = true
    private var style = CellStyle.plain
    private var pendingCR = false
    private var spans: [StyledSpan] = []
    private var textBytes: [UInt8] = []
    private var column = 0
    /// Whether these lines come from standard error.
    public let isError: Bool

    /// Longest escape sequence kept before it is given up (a runaway sequence cannot hold memory).
    static let sequenceLimit = 256

    public init(isError: Bool = false) {
        self.isError = isError
    }

    /// Whether a line is under way (text since the last line end).
    public var hasPartialLine: Bool { !spans.isEmpty || !textBytes.isEmpty }

    /// Decodes `bytes`; each completed line goes to `emit`.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes, emit: (StyledLine) -> Void) where Bytes.Element == UInt8 {
        feed(Array(bytes), emit: emit)
    }

    /// Decodes `bytes`; each completed line goes to `emit`. The generic `feed` comes here: a
    /// generic loop called from another module is not specialized, and walked the bytes through
    /// an iterator's witnesses at ~500 instructions a byte (a 2.7 MB file took 0.4 s).
    public mutating func feed(_ bytes: [UInt8], emit: (StyledLine) -> Void) {
        bytes.withUnsafeBufferPointer { decode($0, emit: emit) }
    }

    private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, emit: (StyledLine) -> Void) {
        for byte in bytes {
            switch state {
            case .text:
                if pendingCR {
                    pendingCR = false
                    if byte != 0x0A { clearLine() }
                }
                switch byte {
                case 0x0A:
                    emit(takeLine())
                case 0x0D:
                    pendingCR = true
                case 0x1B:
                    state = .escape
                case 0x09:
                    let spaces = 8 - column % 8
                    textBytes += [UInt8](repeating: 0x20, count: spaces)
                    column += spaces
                case 0x00..<0x20, 0x7F:
                    break
                default:
                    textBytes.append(byte)
                    if byte & 0xC0 != 0x80 { column += 1 }
                }
            case .escape:
                switch byte {
                case UInt8(ascii: "["):
                    state = .csi
                    parameters.removeAll(keepingCapacity: true)
                    csiIsPlain = true
                case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                    state = .string
                    parameters.removeAll(keepingCapacity: true)
                case 0x20...0x2F:
                    state = .escapeIntermediate
                default:
                    state = .text
                }
            case .escapeIntermediate:
                if !(0x20...0x2F).contains(byte) { state = .text }
            case .csi:
                switch byte {
                case 0x30...0x3F:
                    if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "?") {
                        csiIsPlain = false
                    }
                    parameters.append(byte)
                    if parameters.count > Self.sequenceLimit { state = .text }
                case 0x20...0x2F:
                    csiIsPlain = false
                    parameters.append(byte)
                    if parameters.count > Self.sequenceLimit { state = .text }
                case 0x40...0x7E:
                    if byte == UInt8(ascii: "m"), csiIsPlain { applySGR() }
                    state = .text
                default:
                    state = .text  // not a sequence after all: drop what was read
                }
            case .string:
                // OSC, DCS, SOS, PM, APC: everything up to BEL or ESC \ is dropped.
                if byte == 0x07 { state = .text } else if byte == 0x1B { state = .stringEscape }
            case .stringEscape:
                state = byte == UInt8(ascii: "\\") ? .text : .string
            }
        }
    }

    /// The line under way, ended (at the end of output).
    public mutating func finish() -> StyledLine? {
        state = .text
        pendingCR = false
        return hasPartialLine ? takeLine() : nil
    }

    private mutating func closeSpan() {
        guard !textBytes.isEmpty else { return }
        var text = String(decoding: textBytes, as: UTF8.self)
        // C1 controls (U+0080–U+009F) can act as escapes on some terminals: drop them too.
        if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }))
        }
        textBytes.removeAll(keepingCapacity: true)
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
        } else {
            spans.append(StyledSpan(text, style: style))
        }
    }

    private mutating func takeLine() -> StyledLine {
        closeSpan()
        let line = StyledLine(spans, isError: isError)
        spans.removeAll()
        column = 0
        return line
    }

    private mutating func clearLine() {
        spans.removeAll()
        textBytes.removeAll(keepingCapacity: true)
        column = 0
    }

    private mutating func applySGR() {
        closeSpan()
        var numbers: [Int] = []
        var current: Int? = nil
        for byte in parameters {
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                numbers.append(current ?? 0)
                current = nil
            } else if (0x30...0x39).contains(byte) {
                current = min(100_000, (current ?? 0) * 10 + Int(byte - 0x30))
            }
        }
        numbers.append(current ?? 0)
        var index = 0
        func next() -> Int? {
            guard index < numbers.count else { return nil }
            defer { index += 1 }
            return numbers[index]
        }
        func extendedColour() -> UInt8? {
            switch next() {
            case 5?: return next().map { UInt8(clamping: $0) }
            case 2?:
                guard let r = next(), let g = next(), let b = next() else { return nil }
                return Self.paletteIndex(red: r, green: g, blue: b)
            default: return nil
            }
        }
        while let code = next() {
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 21, 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = UInt8(code - 30)
            case 38: style.foreground = extendedColour() ?? style.foreground
            case 39: style.foreground = nil
            case 40...47: style.background = UInt8(code - 40)
            case 48: style.background = extendedColour() ?? style.background
            case 49: style.background = nil
            case 90...97: style.foreground = UInt8(code - 90 + 8)
            case 100...107: style.background = UInt8(code - 100 + 8)
            default: break
            }
        }
    }

    /// The nearest colour of the xterm 256-colour palette to a 24-bit one.
    public static func paletteIndex(red: Int, green: Int, blue: Int) -> UInt8 {
        let r = max(0, min(255, red)), g = max(0, min(255, green)), b = max(0, min(255, blue))
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: Int) -> Int { levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0 }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cube = 16 + 36 * lr + 6 * lg + lb
        let cubeDistance = sq(levels[lr] - r) + sq(levels[lg] - g) + sq(levels[lb] - b)
        let grey = max(0, min(23, ((r + g + b) / 3 - 8 + 5) / 10))
        let greyValue = 8 + 10 * grey
        let greyDistance = sq(greyValue - r) + sq(greyValue - g) + sq(greyValue - b)
        return UInt8(greyDistance < cubeDistance ? 232 + grey : cube)
    }

    private static func sq(_ x: Int) -> Int { x * x }
}
