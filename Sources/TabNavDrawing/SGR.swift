/// ECMA-48 "Select Graphic Rendition" sequences for a `CellStyle`.
package enum SGR {
    /// Back to the terminal's default rendition.
    package static let reset = "\u{1B}[0m"

    /// The sequence that sets exactly `style` from any previous state (it begins with a reset).
    /// Colours are written as `colors` allows: `38;5;n`/`48;5;n`, `3n`/`4n`, or not at all.
    package static func sequence(for style: CellStyle, colors: ColorDepth) -> String {
        var codes = "0"
        let attributes = style.attributes
        if attributes.contains(.bold) { codes += ";1" }
        if attributes.contains(.dim) { codes += ";2" }
        if attributes.contains(.italic) { codes += ";3" }
        if attributes.contains(.underline) { codes += ";4" }
        if attributes.contains(.reverse) { codes += ";7" }
        if attributes.contains(.strikethrough) { codes += ";9" }
        switch colors {
        case .none:
            break
        case .eight:
            if let foreground = colors.map(style.foreground) { codes += ";\(30 + Int(foreground))" }
            if let background = colors.map(style.background) { codes += ";\(40 + Int(background))" }
        case .full256:
            if let foreground = style.foreground { codes += ";38;5;\(foreground)" }
            if let background = style.background { codes += ";48;5;\(background)" }
        case .direct:
            if let foreground = style.foreground.map(RGBColor.xterm) {
                codes += ";38;2;\(foreground.red);\(foreground.green);\(foreground.blue)"
            }
            if let background = style.background.map(RGBColor.xterm) {
                codes += ";48;2;\(background.red);\(background.green);\(background.blue)"
            }
        }
        return "\u{1B}[" + codes + "m"
    }
}
