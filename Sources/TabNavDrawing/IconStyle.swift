/// Which glyphs icons are drawn with (`--icons`, the configuration's `"icons"`): the standard
/// ones every font has (DejaVu Sans Mono's), or the icons of a Nerd Font (a patched font with
/// icons in Unicode's Private Use Area, docs/behaviour.md, "Drawing").
public enum IconStyle: String, Sendable, CaseIterable, Equatable, Hashable {
    case standard
    case nerd
}
