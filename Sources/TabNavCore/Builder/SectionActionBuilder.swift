/// Collects ``SectionAction``s for ``TabSection/sectionActions(_:)``.
///
/// Accepts actions one per line, optionals, arrays, `if`/`else`, `switch` and `for … in`, like
/// ``TabBuilder``:
///
/// ```swift
/// .sectionActions {
///     SectionAction(id: "new-collection", title: "New Collection", icon: "plus")
///     if canImport { SectionAction(id: "import", title: "Import…", icon: "square.and.arrow.down") }
/// }
/// ```
@resultBuilder
public enum SectionActionBuilder {
    public static func buildExpression(_ action: SectionAction) -> [SectionAction] {
        [action]
    }

    public static func buildExpression(_ action: SectionAction?) -> [SectionAction] {
        action.map { [$0] } ?? []
    }

    public static func buildExpression(_ actions: [SectionAction]) -> [SectionAction] {
        actions
    }

    public static func buildBlock(_ components: [SectionAction]...) -> [SectionAction] {
        components.flatMap { $0 }
    }

    public static func buildOptional(_ component: [SectionAction]?) -> [SectionAction] {
        component ?? []
    }

    public static func buildEither(first component: [SectionAction]) -> [SectionAction] {
        component
    }

    public static func buildEither(second component: [SectionAction]) -> [SectionAction] {
        component
    }

    public static func buildArray(_ components: [[SectionAction]]) -> [SectionAction] {
        components.flatMap { $0 }
    }

    public static func buildLimitedAvailability(_ component: [SectionAction]) -> [SectionAction] {
        component
    }
}
