/// One customization people can make (docs/behaviour.md, "Rules of customization"). Every edit either applies whole or is refused
/// with a reason, and the ones that apply can be undone.
package enum TabEdit: Sendable, Equatable, Hashable {
    /// Move an item inside the customizable region of the bar to `index` (in that region, counted
    /// after the item is taken out).
    case moveInTabBar(String, to: Int)
    /// Take an item out of the bar (it stays in the sidebar).
    case removeFromTabBar(String)
    /// Put a sidebar item into the bar's customizable region at `index` (`nil`: at the end).
    case addToTabBar(String, at: Int?)
    /// Move an item among its section's children to `index` of the section's display order.
    case moveInSection(String, to: Int)
    /// Hide or unhide an item (hiding also takes it and its children out of the bar).
    case setHidden(String, Bool)
    /// Give a tab added at run time a new title.
    case renameTab(String, to: String)
    /// Delete a tab added at run time (undo brings it back to its place).
    case deleteTab(String)
}

/// Why an edit was refused, worded for the footer ("Watch Now is fixed").
package struct EditRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
