/// The keys one kind of object in a layout file may have, as an enum: each key's raw value is its
/// slot in the object's table of values (so asking for a key costs no look-up), and its case name
/// is the key as written in the file.
protocol LayoutKeySet: CaseIterable, RawRepresentable, Sendable where RawValue == Int {
    /// The keys in slot order, for matching the keys of a file.
    static var keys: LayoutKeys { get }
}

extension LayoutKeySet {
    /// The key as written in a file.
    var name: String { Self.keys.names[rawValue] }
}

/// The keys tabs and sections share (`LayoutDecoder.decodeCommon` reads them for both).
protocol ItemKeySet: LayoutKeySet {
    static var badge: Self { get }
    static var placement: Self { get }
    static var allowsHiding: Self { get }
    static var hiddenByDefault: Self { get }
    static var customization: Self { get }
}

/// The keys of the objects of a list (entries, actions): each has an `id` and a `title`.
protocol IdentifiedKeySet: LayoutKeySet {
    static var id: Self { get }
    static var title: Self { get }
}
