/// How to draw: the glyph set and the theme for this terminal.
public struct RenderStyle: Sendable, Equatable {
    public var glyphs: GlyphSet
    public var theme: Theme

    public init(glyphs: GlyphSet, theme: Theme) {
        self.glyphs = glyphs
        self.theme = theme
    }

    /// ASCII stand-ins instead of Unicode glyphs.
    public var ascii: Bool { glyphs.isASCII }
}

extension RenderStyle {
    /// The glyphs and theme for a terminal: ASCII when asked for or without UTF-8, colours of
    /// the terminal's depth unless turned off (`--no-color`, `NO_COLOR`).
    public static func forTerminal(ascii: Bool, noColor: Bool, depth: ColorDepth) -> RenderStyle {
        RenderStyle(glyphs: .for(ascii: ascii), theme: .for(depth: depth, noColor: noColor))
    }
}
