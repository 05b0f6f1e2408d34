/// How many colours the output may use: decides the theme and the SGR codes of `ansiText`.
public enum ColorDepth: String, Sendable, Equatable, Hashable, CaseIterable {
    /// No colour at all (`NO_COLOR`, `--no-color`, or a monochrome terminal): attributes only.
    case none
    /// The eight ANSI colours (SGR 30–37 / 40–47).
    case eight
    /// The xterm 256-colour palette (SGR 38;5;n / 48;5;n).
    case full256
    /// 24-bit colour (SGR 38;2;r;g;b): the theme's colours exactly, whatever palette the
    /// terminal was given (`COLORTERM=truecolor` or `24bit`).
    case direct

    /// The depth for a terminal reporting `colors` colours (ncurses' `COLORS`, terminfo `colors`).
    /// `direct`: the terminal says it takes 24-bit colours (`COLORTERM`).
    public static func forTerminal(colors: Int, direct: Bool = false) -> ColorDepth {
        if colors >= 256 { return direct ? .direct : .full256 }
        if colors >= 8 { return .eight }
        return .none
    }

    /// A 256-palette index as this depth can show it: itself, the nearest of the eight ANSI
    /// colours, or `nil` (no colour).
    public func map(_ index: UInt8?) -> UInt8? {
        guard let index else { return nil }
        switch self {
        case .none: return nil
        case .full256, .direct: return index
        case .eight: return ColorDepth.nearestANSI(index)
        }
    }

    /// The nearest of ANSI colours 0–7 (bit 0 red, bit 1 green, bit 2 blue) to a palette index:
    /// the one mapping for both `render --ansi` and an eight-colour terminal.
    static func nearestANSI(_ index: UInt8) -> UInt8 {
        if index < 8 { return index }
        if index < 16 { return index - 8 }
        let (red, green, blue) = rgb(ofPaletteIndex: index)
        let high = max(red, green, blue)
        // Greys (and near-greys) by brightness: light ones white, dark ones black.
        if high - min(red, green, blue) < 48 { return high >= 128 ? 7 : 0 }
        // A channel counts when it comes close to the brightest one, so hues survive.
        func on(_ channel: Int) -> UInt8 { channel * 100 >= high * 68 ? 1 : 0 }
        return on(red) | on(green) << 1 | on(blue) << 2
    }

    /// Whether the terminal says it takes 24-bit colours: `COLORTERM` is `truecolor` or `24bit`.
    public static func announcesDirectColor(_ environment: [String: String]) -> Bool {
        let value = environment["COLORTERM"]?.lowercased()
        return value == "truecolor" || value == "24bit"
    }

    /// The red, green and blue levels (0–255) of an index of xterm's colour cube or grey ramp.
    static func rgb(ofPaletteIndex index: UInt8) -> (red: Int, green: Int, blue: Int) {
        if index >= 232 {
            let grey = 8 + 10 * (Int(index) - 232)
            return (grey, grey, grey)
        }
        let cube = Int(index) - 16
        let levels = [0, 95, 135, 175, 215, 255]
        return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
    }

    /// The style as this depth shows it: colours mapped or removed, attributes kept.
    public func effective(_ style: CellStyle) -> CellStyle {
        switch self {
        case .full256, .direct: return style
        case .none: return CellStyle(style.attributes)
        case .eight: return CellStyle(style.attributes, foreground: map(style.foreground), background: map(style.background))
        }
    }
}
