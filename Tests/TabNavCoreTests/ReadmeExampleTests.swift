import TabNavCore
import TabNavDrawing
import TabNavInteraction
import XCTest

/// The README's library example, kept compiling and meaning what the README says.
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
            .sectionActions { SectionAction(id: "new", title: "New Project", icon: "plus", addsTab: true) }
        }
        let hierarchy = try TabHierarchy(layout)
        let session = TabNavSession(hierarchy: hierarchy, options: AppOptions(),
                                    size: TerminalSize(columns: 100, rows: 30), store: nil)
        let recorder = Recorder()
        session.delegates.append(recorder)
        session.launch()
        XCTAssertEqual(session.state.model.tabBarIDs, ["home", "inbox", "projects", "search"])
        XCTAssertEqual(recorder.names, ["didLaunch"])

        var model = session.state.model
        XCTAssertEqual(try model.apply(.moveInTabBar("inbox", to: 1)).get(), [.tabBarDidChange(items: ["home", "projects", "inbox", "search"])])
        guard case .failure(let refusal) = model.apply(.moveInTabBar("home", to: 1)) else {
            return XCTFail("moving a fixed tab must be refused")
        }
        XCTAssertEqual(refusal.message, "Home is fixed")
    }
}
