import TabNavCore
import TabNavDrawing
import TabNavInteraction
import XCTest

/// The embedding pattern the README used to show (a layout built with the builder, run through a
/// session with a delegate), kept as an in-process check of the builder and the session. The
/// README's current library example is `Examples/Tasks/main.swift`, checked byte for byte and run
/// by `EndToEndTests/TasksExampleTests`.
final class ReadmeExampleTests: XCTestCase {
    final class Recorder: TabNavDelegate {
        var names: [String] = []
        func tabNav(didEmit event: TabNavEvent) { names.append(event.name) }
    }

    func testReadmeLayoutBuildsTheBarItDescribes() throws {
        let layout = TabLayout(id: "my-app", title: "My App") {
            Tab("Home", systemImage: "house", id: "home", content: .text("Welcome"))
                .placement(.fixed)
            Tab("Inbox", systemImage: "tray", id: "inbox").badge(2)
            Tab(role: .search)
            TabSection("Projects", systemImage: "folder", id: "projects") {
                for name in ["Alpha", "Beta"] {
                    Tab(name, systemImage: "doc.text", id: name.lowercased()).allowsHiding()
                }
            }
            .allowsReordering()
            .defaultVisibility(.hidden, for: .tabBar)
            .sectionActions { SectionAction("New Project", systemImage: "plus", id: "new", addsTab: .list([], acceptsDrops: true)) }
        }
        let hierarchy = try TabHierarchy(layout)
        let session = TabNavSession(hierarchy: hierarchy, options: AppOptions(),
                                    size: TerminalSize(columns: 100, rows: 30), store: nil)
        let recorder = Recorder()
        session.delegates.append(recorder)
        session.launch()
        XCTAssertEqual(session.state.model.tabBarIDs, ["home", "inbox", "projects", "search"])
        XCTAssertEqual(recorder.names, ["didLaunch"])
        XCTAssertEqual(hierarchy.item("projects")?.actions.map(\.addsTab), [true])

        var model = session.state.model
        XCTAssertEqual(try model.apply(.moveInTabBar("inbox", to: 1)).get(), [.tabBarDidChange(items: ["home", "projects", "inbox", "search"])])
        guard case .failure(let refusal) = model.apply(.moveInTabBar("home", to: 1)) else {
            return XCTFail("moving a fixed tab must be refused")
        }
        XCTAssertEqual(refusal.message, "Home is fixed")
    }
}
