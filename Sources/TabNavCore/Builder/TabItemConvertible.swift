/// A declaration that becomes one ``TabItem`` of a hierarchy: ``Tab`` or
/// ``TabSection``.
///
/// The builder API is a thin, value-typed layer over ``TabItem``. Each declaration type is a small
/// struct that wraps the `TabItem` it describes, so there is exactly one model and no second copy
/// of the rules: what you declare is what ``TabHierarchy`` validates and the UI shows. The types
/// exist only to give each kind of item the initializer that suits it (a search tab needs no
/// title, a section takes its children from a closure) and to let the compiler offer section-only
/// modifiers such as ``TabSection/allowsReordering(_:)`` only where they make sense.
///
/// Modifiers shared by every kind of item (``placement(_:)``, ``badge(_:)-(Int)``,
/// ``defaultVisibility(_:for:)`` …) live in an extension of this protocol. Each returns a modified
/// copy, so declarations read top to bottom like SwiftUI and can be stored, passed around and
/// reused without surprises.
///
/// Conform your own types when you want a reusable declaration, for example a `CollectionTab`
/// that builds a tab from an app's model object; the ``TabBuilder`` accepts any conforming value.
public protocol TabItemConvertible: Sendable {
    /// The item this declaration describes.
    ///
    /// Settable so that generic modifiers can return a changed copy; setting it directly is the
    /// escape hatch for any field no modifier covers.
    var tabItem: TabItem { get set }
}
