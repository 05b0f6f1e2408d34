import TabNavRender

/// Folds 256-palette indices onto the eight ANSI colours for terminals that have only those.
///
/// The renderer always speaks 256-colour; an eight-colour terminal would show indices above 7 as
/// nothing or garbage, so each is replaced by the basic colour nearest in hue: greys by brightness
/// (black or white), other colours by which of their channels clearly stand out.
public enum ColorMapping {
    /// xterm's default levels for the sixteen basic and bright colours.
    private static let basicColors: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The red, green and blue levels (0–255) of palette index `index`, as xterm defines them.
    static func rgb(ofPaletteIndex index: UInt8) -> (red: Int, green: Int, blue: Int) {
        switch index {
        case 0...15:
            let (red, green, blue) = basicColors[Int(index)]
            return (red, green, blue)
        case 16...231:
            let cube = Int(index) - 16
            let levels = [0, 95, 135, 175, 215, 255]
            return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
        default:
            let grey = 8 + 10 * (Int(index) - 232)
            return (grey, grey, grey)
        }
    }

    /// The ANSI colour (0–7) that stands in for palette index `index` on an eight-colour terminal.
    public static func eightColorIndex(for index: UInt8) -> Int16 {
        if index < 8 { return Int16(index) }
        if index < 16 { return Int16(index - 8) }
        let (red, green, blue) = rgb(ofPaletteIndex: index)
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        if high - low < 48 {
            // A grey (or nearly): light ones become white, dark ones black.
            return high >= 128 ? 7 : 0
        }
        // A channel counts when it is clearly present: above three fifths of the colour's span.
        let threshold = low + (high - low) * 3 / 5
        var result: Int16 = 0
        if red > threshold { result |= 1 }
        if green > threshold { result |= 2 }
        if blue > threshold { result |= 4 }
        return result
    }

    /// The colour number to give ncurses for palette index `index` (or `nil`, the terminal's
    /// default) at colour depth `depth`; `nil` result means "draw without colour".
    ///
    /// - Parameter defaultColor: what stands for "the terminal's default" — `-1` where
    ///   `use_default_colors` works, otherwise a fixed colour (7 for text, 0 for background).
    public static func cursesColor(_ index: UInt8?, depth: ColorDepth, defaultColor: Int16) -> Int16 {
        guard let index else { return defaultColor }
        switch depth {
        case .none: return defaultColor
        case .eight: return eightColorIndex(for: index)
        case .full256: return Int16(index)
        }
    }
}
