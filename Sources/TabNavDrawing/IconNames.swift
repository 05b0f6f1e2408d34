/// Which icon names have a glyph of their own (`check-layout` warns about the others, which are
/// drawn as a neutral diamond).
package enum IconNames {
    /// Whether `name` is known directly, through an alias, or without a `.fill` / `.circle` suffix.
    package static func isKnown(_ name: String) -> Bool {
        IconMap.lookup(name) != nil
    }
}
