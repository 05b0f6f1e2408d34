import TabNavDrawing
import TabNavRender

/// Folds 256-palette indices onto the eight ANSI colours for terminals that have only those.
///
/// The renderer always speaks 256-colour; an eight-colour terminal would show indices above 7 as
/// nothing or garbage, so each is replaced by the basic colour nearest in hue: greys by brightness
/// (black or white), other colours by which of their channels clearly stand out.
package enum ColorMapping {
    /// The ANSI colour (0–7) that stands in for palette index `index` on an eight-colour
    /// terminal: the renderer's own mapping, so the screen and `render --ansi` agree.
    package static func eightColorIndex(for index: UInt8) -> Int16 {
        Int16(ColorDepth.eight.map(index) ?? 0)
    }

    /// The colour number to give ncurses for palette index `index` (or `nil`, the terminal's
    /// default) at colour depth `depth`; `nil` result means "draw without colour".
    ///
    /// - Parameter defaultColor: what stands for "the terminal's default" — `-1` where
    ///   `use_default_colors` works, otherwise a fixed colour (7 for text, 0 for background).
    package static func cursesColor(_ index: UInt8?, depth: ColorDepth, defaultColor: Int16) -> Int16 {
        guard let index else { return defaultColor }
        switch depth {
        case .none: return defaultColor
        case .eight: return eightColorIndex(for: index)
        case .full256: return Int16(index)
        }
    }
}
