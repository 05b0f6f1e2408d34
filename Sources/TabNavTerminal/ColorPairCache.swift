/// Hands out ncurses colour pair numbers for (foreground, background) combinations on demand.
///
/// ncurses draws colours only through numbered pairs, which must be defined before use and are
/// limited (`COLOR_PAIRS`). A screen uses a few dozen combinations, so each gets a pair the first
/// time it is drawn and keeps it; a miss tells the caller to define the new pair once.
package struct ColorPairCache: Sendable {
    /// A colour pair as ncurses takes it: colour numbers, `-1` for the terminal's default.
    package struct Key: Hashable, Sendable {
        /// Text colour number (0–255, or -1 for the terminal's default).
        package var foreground: Int16
        /// Background colour number (0–255, or -1 for the terminal's default).
        package var background: Int16
        /// A combination as `init_extended_pair` takes it.
        package init(foreground: Int16, background: Int16) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// What `pair(for:)` found.
    package enum Lookup: Equatable, Sendable {
        /// Already defined as this pair number.
        case existing(Int32)
        /// Newly assigned: define it (`init_extended_pair`) before drawing with it.
        case new(Int32)
        /// No pair numbers left; draw without colour.
        case exhausted
    }

    private var pairs: [Key: Int32] = [:]
    private let capacity: Int32
    private let defaultKey: Key?

    /// - Parameters:
    ///   - capacity: the number of pairs ncurses offers (`COLOR_PAIRS`); pair 0 is never assigned.
    ///   - defaultKey: the combination pair 0 already shows (the terminal's defaults), if any.
    package init(capacity: Int, defaultKey: Key? = Key(foreground: -1, background: -1)) {
        self.capacity = Int32(clamping: capacity)
        self.defaultKey = defaultKey
    }

    /// Number of pairs handed out so far (pair 0 not counted).
    package var count: Int { pairs.count }

    /// The pair for `key`, assigning the next free number the first time.
    package mutating func pair(for key: Key) -> Lookup {
        if key == defaultKey { return .existing(0) }
        if let number = pairs[key] { return .existing(number) }
        let number = Int32(pairs.count) + 1
        guard number < capacity else { return .exhausted }
        pairs[key] = number
        return .new(number)
    }

    /// Forgets every assignment (after the screen was reopened, pairs must be defined again).
    package mutating func removeAll() {
        pairs.removeAll()
    }
}
