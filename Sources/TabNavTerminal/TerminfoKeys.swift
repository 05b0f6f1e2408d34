import TabNavInteraction

/// The key sequences a terminal's terminfo entry names, with the key each one is.
///
/// Input is read and decoded here rather than by ncurses (docs/terminal-notes.md, "Reading keys
/// ourselves"). `InputDecoder` knows the sequences xterm-like terminals send; this table adds what
/// a terminal's own entry says, so a key spelled differently there (a keypad key, the Linux
/// console's or a VT52's arrows, a single-byte Backspace) still works. A sequence the table names
/// wins over the decoder's own reading of it, as it did when ncurses decoded keys.
struct TerminfoKeys: Sendable {
    /// terminfo capability names and the key each stands for: the keys ncurses reported as
    /// `KEY_*` codes that have a meaning here. The first capability naming a sequence wins.
    static let capabilities: [(name: String, key: KeyEvent)] = [
        ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
        ("khome", .home), ("ka1", .home), ("kfnd", .home),
        ("kend", .end), ("kc1", .end), ("kslt", .end),
        ("kpp", .pageUp), ("ka3", .pageUp), ("knp", .pageDown), ("kc3", .pageDown),
        ("kent", .enter), ("kcbt", .backTab), ("kbs", .backspace), ("kdch1", .delete), ("kich1", .insert),
    ] + (1...12).map { ("kf\($0)", .function($0)) }

    /// Key capabilities with no binding here whose sequences must still be read whole: rxvt's
    /// shifted keys end in `$` (`kDC` = `ESC [ 3 $`), which by the CSI rules ends nothing, so
    /// the next key typed was taken as the sequence's end and lost.
    static let unboundCapabilities: [String] = [
        "kDC", "kEND", "kHOM", "kIC", "kNXT", "kPRV", "kFND", "kSLT", "kLFT", "kRIT", "kEXT", "kHLP",
        "kb2", "kbeg", "kf0",
    ] + (13...63).map { "kf\($0)" }

    /// Sequences starting with Escape, whole (`ESC O w`), in the order of `capabilities` (the
    /// first of equal ones wins). Lists, not hashed sets: a few dozen short sequences are
    /// compared faster than `[UInt8]` keys are hashed, and building hashed ones cost every start
    /// some 250,000 instructions (docs/terminal-notes.md, "Reading keys ourselves").
    private var sequences: [(bytes: [UInt8], key: KeyEvent)] = []
    /// Sequences `ESC [ …` the entry names (bound here or not) whose last byte would not end a
    /// CSI sequence (an intermediate, 20–2F: rxvt's `ESC [ 3 $`).
    private var unterminatedCSI: [[UInt8]] = []
    /// Keys the terminal sends as one control byte (`kbs` = DEL), indexed by that byte.
    private var controls: [KeyEvent?] = Array(repeating: nil, count: 0x80)

    /// No sequences: the decoder's own reading of every key.
    init() {}

    /// The table of `pairs` (a sequence and its key). Printable text is never a key; a sequence
    /// must be one control byte or start with Escape and have something after it.
    /// `unbound` are sequences of keys without a meaning here: only those ending like
    /// `ESC [ 3 $` are kept, so that they are read whole (and dropped).
    init(_ pairs: [(sequence: [UInt8], key: KeyEvent)], unbound: [[UInt8]] = []) {
        for sequence in pairs.map(\.sequence) + unbound
        where sequence.count >= 3 && sequence[0] == 0x1B && sequence[1] == 0x5B
            && sequence.allSatisfy({ $0 < 0x80 }) && (0x20...0x2F).contains(sequence[sequence.count - 1]) {
            if !unterminatedCSI.contains(sequence) { unterminatedCSI.append(sequence) }
        }
        for (sequence, key) in pairs {
            if sequence.count == 1, let byte = sequence.first, byte != 0x1B, byte < 0x20 || byte == 0x7F {
                if controls[Int(byte)] == nil { controls[Int(byte)] = key }
            } else if sequence.count >= 2, sequence[0] == 0x1B, sequence.allSatisfy({ $0 < 0x80 }) {
                sequences.append((sequence, key))
            }
        }
    }

    /// The table of the terminal ncurses has set up (`capability` reads one string capability).
    static func current(capability: (String) -> [UInt8]?) -> TerminfoKeys {
        TerminfoKeys(capabilities.compactMap { entry in capability(entry.name).map { ($0, entry.key) } },
                     unbound: unboundCapabilities.compactMap(capability))
    }

    /// Whether the table names no Escape sequence (the decoder then asks it nothing for them).
    var hasNoSequences: Bool { sequences.isEmpty }

    /// The key a control byte (below 0x20, or DEL) stands for on this terminal, if its entry names one.
    func key(control byte: UInt32) -> KeyEvent? {
        byte < 0x80 ? controls[Int(byte)] : nil
    }

    /// Whether some sequence the entry names ends with a byte that would not end a CSI sequence.
    var hasUnterminatedCSI: Bool { !unterminatedCSI.isEmpty }

    /// Whether `sequence` (`ESC [ …` and an intermediate byte) is whole: a sequence the entry names.
    func isUnterminatedCSI(_ sequence: [UInt8]) -> Bool {
        unterminatedCSI.contains(sequence)
    }

    /// Whether `sequence` (two bytes or more) is the beginning of a longer sequence the entry names.
    func isPrefix(_ sequence: [UInt8]) -> Bool {
        sequence.count >= 2 && sequences.contains { $0.bytes.count > sequence.count && $0.bytes.starts(with: sequence) }
    }

    /// The key of a whole Escape sequence, if the entry names it.
    func key(sequence: [UInt8]) -> KeyEvent? {
        sequences.first { $0.bytes == sequence }?.key
    }
}
