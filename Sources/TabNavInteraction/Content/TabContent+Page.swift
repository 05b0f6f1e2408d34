import TabNavCore

extension TabContent {
    /// A page of the program's own: anything that conforms to `TabPage`.
    public static func page(_ page: some TabPage) -> TabContent {
        .custom(ContentBox(page))
    }
}
