/// A string split into the cells it occupies on screen, sanitized (see docs/behaviour.md, "Drawing").
///
/// This is the single place that decides what a piece of text looks like in a terminal, so that
/// measuring (`DisplayWidth.of`), truncating and drawing (`CellGrid.draw`) always agree:
/// - controls become visible stand-ins (␛ for ESC, ␡ for DEL, � for C1), never raw bytes;
/// - combining marks stay in their base's cell, at most 4 per cell (ncurses' limit); further
///   marks are dropped; a mark with no base before it is drawn on a space;
/// - more than 32 zero-width scalars in a row (marks and dropped characters alike) end the text:
///   nothing after them is drawn or measured, so a title of millions of accents costs a frame no
///   more than a short one;
/// - ZWJ, variation selectors and other zero-width format characters are dropped, so an emoji
///   sequence is drawn as its separate emoji, each as wide as `wcwidth` says;
/// - in ASCII mode, every non-ASCII character is one `?`.
///
/// Iterating allocates nothing on the heap for ordinary text: a cell's `text` is a small string.
public struct TextCells: Sequence {
    /// The text as given, before sanitization.
    public let text: String
    /// Whether non-ASCII characters become `?`.
    public let ascii: Bool

    /// - Parameters:
    ///   - ascii: use ASCII stand-ins for everything non-ASCII (no UTF-8 locale, or `--ascii`).
    public init(_ text: String, ascii: Bool = false) {
        self.text = text
        self.ascii = ascii
    }

    /// Starts walking the text from its first scalar.
    public func makeIterator() -> Iterator {
        Iterator(scalars: text.unicodeScalars.makeIterator(), ascii: ascii)
    }

    /// At most this many combining marks are kept with one base (ncurses' `CCHARW_MAX` is 5).
    public static let maximumMarksPerCell = 4

    /// A run of more zero-width scalars than this (marks or dropped ones, in a row) ends the text.
    /// No script needs near this many on one character; the bound keeps the work of drawing or
    /// measuring a piece of text proportional to the columns it takes, not to its bytes.
    public static let maximumZeroWidthRun = 32

    /// Walks the scalars, one cell per `next()`.
    public struct Iterator: IteratorProtocol {
        var scalars: String.UnicodeScalarView.Iterator
        let ascii: Bool
        /// A base already read (and classified) while looking for marks of the previous cell.
        var pending: (scalar: Unicode.Scalar, width: Int)?
        /// The base of the previous cell, which decides whether a skin-tone modifier is dropped.
        var previousBase: Unicode.Scalar?
        /// Zero-width scalars read since the last base.
        var zeroWidthRun = 0
        /// Set once a run of zero-width scalars grew past `maximumZeroWidthRun`.
        var ended = false

        init(scalars: String.UnicodeScalarView.Iterator, ascii: Bool) {
            self.scalars = scalars
            self.ascii = ascii
        }

        /// Counts a scalar of `role` into the run of zero-width ones; false (and the text ended)
        /// once the run is longer than `TextCells.maximumZeroWidthRun`.
        private mutating func counts(_ role: ScalarRole) -> Bool {
            if case .base = role {
                zeroWidthRun = 0
                return true
            }
            zeroWidthRun += 1
            if zeroWidthRun > TextCells.maximumZeroWidthRun { ended = true }
            return !ended
        }

        /// The next cell, with the marks that belong to it, or `nil` at the end of the text.
        public mutating func next() -> TextCell? {
            var text: String
            var width: Int
            var base: Unicode.Scalar
            var marks = 0
            if ended { return nil }
            if let pending {
                self.pending = nil
                base = pending.scalar
                width = pending.width
                text = String(base)
            } else {
                // Find the first scalar that is drawn at all.
                while true {
                    guard let scalar = scalars.next() else { return nil }
                    let role = Sanitizer.role(of: scalar, after: previousBase, ascii: ascii)
                    guard counts(role) else { return nil }
                    switch role {
                    case .drop:
                        continue
                    case .mark:
                        // A mark with nothing to sit on: draw it on a space, as Unicode suggests.
                        base = " "
                        width = 1
                        text = " "
                        text.unicodeScalars.append(scalar)
                        marks = 1
                    case .base(let shown, let shownWidth):
                        base = shown
                        width = shownWidth
                        text = String(shown)
                    }
                    break
                }
            }
            previousBase = base
            // Gather the marks that follow, up to the next base.
            while let scalar = scalars.next() {
                let role = Sanitizer.role(of: scalar, after: base, ascii: ascii)
                guard counts(role) else { return TextCell(text: text, width: width) }
                switch role {
                case .drop:
                    continue
                case .mark:
                    if marks < TextCells.maximumMarksPerCell {
                        text.unicodeScalars.append(scalar)
                        marks += 1
                    }
                case .base(let shown, let shownWidth):
                    pending = (shown, shownWidth)
                    return TextCell(text: text, width: width)
                }
            }
            return TextCell(text: text, width: width)
        }
    }
}
