/// A colour as red, green and blue levels (0–255), for 24-bit terminals, the terminal's own
/// background (as it answers OSC 11) and contrast checks (docs/themes.md).
public struct RGBColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
                  blue: UInt8(truncatingIfNeeded: hex))
    }

    /// `#rrggbb` (or `rrggbb`); nil for anything else.
    public init?(parsing text: String) {
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(hex: value)
    }

    public static let black = RGBColor(hex: 0x000000)
    public static let white = RGBColor(hex: 0xFFFFFF)

    /// `#rrggbb`.
    public var description: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for level in [red, green, blue] {
            text.append(digits[Int(level >> 4)])
            text.append(digits[Int(level & 0xF)])
        }
        return text
    }

    /// The colour xterm shows for a palette index with its standard palette: the sixteen ANSI
    /// colours (xterm's defaults), the 6×6×6 cube and the grey ramp.
    public static func xterm(_ index: UInt8) -> RGBColor {
        if index < 16 { return RGBColor(hex: ansi[Int(index)]) }
        let (red, green, blue) = ColorDepth.rgb(ofPaletteIndex: index)
        return RGBColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
    }

    /// xterm's default colours 0–15.
    static let ansi: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]

    /// WCAG 2's relative luminance (0 for black, 1 for white).
    public var relativeLuminance: Double {
        func linear(_ level: UInt8) -> Double {
            let value = Double(level) / 255
            return value <= 0.04045 ? value / 12.92 : Self.power2point4((value + 0.055) / 1.055)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// `x` to the power 2.4, for `x` in (0, 1]: x² times the square of x's fifth root (Newton's
    /// method, which from 1 reaches a double's precision in a few steps), with no C library call.
    static func power2point4(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        var root = 1.0
        for _ in 0..<40 {
            let square = root * root
            root = (4 * root + x / (square * square)) / 5
        }
        return x * x * root * root
    }

    /// WCAG 2's contrast ratio between two colours, from 1 (none) to 21 (black on white).
    public func contrast(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Whether text in white reads better on it than text in black: a dark background.
    public var isDark: Bool { contrast(with: .white) > contrast(with: .black) }

    /// The palette index (16–255) whose standard colour is nearest, for a terminal of 256 colours.
    public var nearestPaletteIndex: UInt8 {
        var best: UInt8 = 16
        var bestDistance = Int.max
        for index in 16...255 {
            let candidate = RGBColor.xterm(UInt8(index))
            let dr = Int(candidate.red) - Int(red), dg = Int(candidate.green) - Int(green), db = Int(candidate.blue) - Int(blue)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = UInt8(index)
            }
        }
        return best
    }
}
