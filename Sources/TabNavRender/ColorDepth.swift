/// How many colours the output may use: decides the theme and the SGR codes of `ansiText`.
public enum ColorDepth: String, Sendable, Equatable, Hashable, CaseIterable {
    /// No colour at all (`NO_COLOR`, `--no-color`, or a monochrome terminal): attributes only.
    case none
    /// The eight ANSI colours (SGR 30–37 / 40–47).
    case eight
    /// The xterm 256-colour palette (SGR 38;5;n / 48;5;n).
    case full256

    /// The depth for a terminal reporting `colors` colours (ncurses' `COLORS`, terminfo `colors`).
    public static func forTerminal(colors: Int) -> ColorDepth {
        if colors >= 256 { return .full256 }
        if colors >= 8 { return .eight }
        return .none
    }

    /// A 256-palette index as this depth can show it: itself, the nearest of the eight ANSI
    /// colours, or `nil` (no colour).
    public func map(_ index: UInt8?) -> UInt8? {
        guard let index else { return nil }
        switch self {
        case .none: return nil
        case .full256: return index
        case .eight: return ColorDepth.nearestANSI(index)
        }
    }

    /// The nearest of ANSI colours 0–7 (bit 0 red, bit 1 green, bit 2 blue) to a palette index.
    static func nearestANSI(_ index: UInt8) -> UInt8 {
        switch index {
        case 0..<8: return index
        case 8..<16: return index - 8
        case 16..<232:
            let cube = Int(index) - 16
            let red = cube / 36, green = (cube / 6) % 6, blue = cube % 6
            let brightest = max(red, green, blue)
            guard brightest >= 2 else { return 0 }
            // A channel counts when it is close to the brightest one, so hues survive.
            func on(_ channel: Int) -> UInt8 { channel >= 2 && channel * 2 >= brightest + 1 ? 1 : 0 }
            return on(red) | on(green) << 1 | on(blue) << 2
        default:
            return index < 244 ? 0 : 7
        }
    }

    /// The style as this depth shows it: colours mapped or removed, attributes kept.
    public func effective(_ style: CellStyle) -> CellStyle {
        switch self {
        case .full256: return style
        case .none: return CellStyle(style.attributes)
        case .eight: return CellStyle(style.attributes, foreground: map(style.foreground), background: map(style.background))
        }
    }
}
