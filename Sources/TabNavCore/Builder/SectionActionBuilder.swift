/// Collects ``SectionAction``s for ``TabSection/sectionActions(_:)``.
///
/// Accepts actions one per line, optionals, arrays, `if`/`else`, `switch` and `for … in`, like
/// ``TabBuilder``:
///
/// ```swift
/// .sectionActions {
///     SectionAction("New Collection", systemImage: "plus", addsTab: .list([], acceptsDrops: true))
///     if canImport { SectionAction("Import…", systemImage: "square.and.arrow.down") }
/// }
/// ```
@resultBuilder
public enum SectionActionBuilder {
    /// A single action.
    public static func buildExpression(_ action: SectionAction) -> [SectionAction] {
        [action]
    }

    /// An optional action: adds nothing when it is `nil`.
    public static func buildExpression(_ action: SectionAction?) -> [SectionAction] {
        action.map { [$0] } ?? []
    }

    /// A list of actions, added in order.
    public static func buildExpression(_ actions: [SectionAction]) -> [SectionAction] {
        actions
    }

    /// Joins the statements of one block, in order.
    public static func buildBlock(_ components: [SectionAction]...) -> [SectionAction] {
        components.flatMap { $0 }
    }

    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: [SectionAction]?) -> [SectionAction] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [SectionAction]) -> [SectionAction] {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [SectionAction]) -> [SectionAction] {
        component
    }

    /// A `for … in` loop: every iteration's actions, in order.
    public static func buildArray(_ components: [[SectionAction]]) -> [SectionAction] {
        components.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ component: [SectionAction]) -> [SectionAction] {
        component
    }
}
