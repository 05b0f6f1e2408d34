import TabNav

/// One tab of a demo section: the data a `for` loop in ``DemoCatalogue/layout`` turns into a
/// `Tab`, the way an app would build tabs from its own model.
struct DemoShelf: Sendable {
    var id: String
    var title: String
    var icon: String
    var videos: [Video]
}
