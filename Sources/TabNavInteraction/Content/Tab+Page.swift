import TabNavCore

extension Tab {
    /// Declares a tab that shows a page of your own, as SwiftUI's `Tab` takes its view:
    ///
    /// ```swift
    /// Tab("Tasks", systemImage: "checklist") { TaskList(tasks) }
    /// ```
    public init(_ title: String, systemImage: String = "", id: String? = nil, page: () -> some TabPage) {
        self.init(title, systemImage: systemImage, id: id, content: .page(page()))
    }
}
