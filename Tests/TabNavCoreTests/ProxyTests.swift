#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import XCTest
import TabNavSystem

/// The way in (`TabNavProxy`): requests from the embedding program reach the state through the
/// inbox and the reducer, hierarchy changes through the model's checked `apply`, refusals are
/// reported and change nothing (docs/library.md, "The proxy").
final class ProxyTests: XCTestCase {
    /// A page that keeps every message it receives.
    struct Inbox: TabPage {
        var name: String
        var received: [String] = []
        func draw(in canvas: inout PageCanvas) {
            canvas.text("\(name): \(received.joined(separator: ","))", row: 0, style: canvas.theme.contentText)
        }
        mutating func receive(_ result: any Sendable) {
            if let text = result as? String { received.append(text) }
        }
        mutating func handle(_ input: PageInput) -> PageResponse {
            input.key == .character("p") ? .push(Inbox(name: "pushed")) : .ignored
        }
    }

    final class Recorder: TabNavDelegate {
        var events: [TabNavEvent] = []
        var refusals: [String] = []
        var proxies = 0
        func tabNav(_ app: TabNavProxy, didEmit event: TabNavEvent) {
            events.append(event)
            proxies += 1
        }
        func tabNav(_ app: TabNavProxy, didRefuse request: TabNavRequest, reason: String) { refusals.append(reason) }
    }

    private func session() throws -> (TabNavSession, Recorder) {
        let layout = TabLayout(id: "proxy", title: "Proxy") {
            Tab("Home", id: "home", content: .text("home")).placement(.fixed)
            Tab("Mail", id: "mail") { Inbox(name: "mail") }
            TabSection("Lists", id: "lists") {
                Tab("Work", id: "work", content: .text("work")).allowsHiding()
            }
        }
        let session = TabNavSession(hierarchy: try TabHierarchy(layout), options: AppOptions(),
                                    size: TerminalSize(columns: 100, rows: 30), store: nil)
        let recorder = Recorder()
        session.delegates.append(recorder)
        return (session, recorder)
    }

    /// What the page shown says (its name and the messages it received).
    private func screen(_ session: TabNavSession) -> String {
        if let page = session.state.currentPage as? Inbox { return "\(page.name): \(page.received.joined(separator: ","))" }
        return "\(session.state.currentPage)"
    }

    func testRequestsSentBeforeTheLaunchAreCarriedOutBeforeTheFirstFrame() throws {
        let (session, recorder) = try session()
        let proxy = session.proxy
        proxy.setBadge(3, for: "mail")
        proxy.setTitle("Post", for: "mail")
        proxy.setSystemImage("tray", for: "mail")
        proxy.addTab(Tab("Logs", id: "logs", content: .text("log lines")), to: "lists")
        proxy.addTab(Tab("Top", id: "top", content: .text("top level")))
        proxy.select("top")
        XCTAssertEqual(session.state.model.hierarchy.item("mail")?.title, "Mail", "nothing happens before the launch")
        session.launch()
        let mail = try XCTUnwrap(session.state.model.hierarchy.item("mail"))
        XCTAssertEqual(mail.title, "Post")
        XCTAssertEqual(mail.badge, .count(3))
        XCTAssertEqual(mail.icon, "tray")
        XCTAssertEqual(session.state.model.hierarchy.declaredChildren(of: "lists"), ["work", "logs"])
        XCTAssertEqual(session.state.model.hierarchy.roots.last.map { session.state.model.hierarchy.nodes[$0].item.id }, "top")
        XCTAssertEqual(session.state.model.selectedID, "top")
        XCTAssertTrue(screen(session).contains("top level"), screen(session))
        XCTAssertEqual(recorder.events.first?.name, "didLaunch")
        XCTAssertTrue(recorder.events.contains(.selectionDidChange(tab: "top")))
        XCTAssertTrue(recorder.events.contains(.displayOrderDidChange(group: "lists", order: ["work", "logs"])))
        XCTAssertEqual(recorder.proxies, recorder.events.count, "every event comes with the proxy")
        XCTAssertFalse(session.state.model.isRunTimeTab("logs"), "a tab the program added is not the person's to rename or delete")
        XCTAssertEqual(session.state.addedTabs.map(\.id), [], "nor is it saved as one of theirs")
    }

    func testARefusedRequestChangesNothingAndIsReported() throws {
        let (session, recorder) = try session()
        session.launch()
        let before = session.state.savedState
        let proxy = session.proxy
        proxy.addTab(Tab("Again", id: "home"))
        proxy.addTab(Tab("Deep", id: "deep"), to: "work")
        proxy.removeTab("nowhere")
        proxy.setTitle("", for: "mail")
        proxy.select("ghost")
        session.deliverRequests()
        XCTAssertEqual(session.state.savedState, before)
        XCTAssertEqual(recorder.refusals, [
            "Can't add \"home\": duplicate id \"home\"",
            "Can't add \"deep\" to \"work\": \"work\" is not a section",
            "Can't remove \"nowhere\": no such tab",
            "Can't rename \"mail\": a title cannot be empty",
            "Can't select \"ghost\": no such tab",
        ])
        XCTAssertEqual(session.state.message?.text, "Can't select \"ghost\": no such tab")
        XCTAssertEqual(session.state.message?.isError, true)
    }

    func testRemovingTabsMovesTheSelectionAndKeepsTheLastItem() throws {
        let (session, recorder) = try session()
        session.launch()
        session.proxy.select("work")
        session.deliverRequests()
        XCTAssertEqual(session.state.model.selectedID, "work")
        session.proxy.removeTab("lists")
        session.deliverRequests()
        XCTAssertFalse(session.state.model.hierarchy.contains("lists"))
        XCTAssertFalse(session.state.model.hierarchy.contains("work"), "a section goes with what it holds")
        XCTAssertEqual(session.state.model.selectedID, "home")
        XCTAssertTrue(recorder.events.contains(.selectionDidChange(tab: "home")))
        XCTAssertFalse(session.state.model.tabBarIDs.contains("lists"))
        session.proxy.removeTab("mail")
        session.proxy.removeTab("home")
        session.deliverRequests()
        XCTAssertEqual(session.state.model.hierarchy.allIDs, ["home"])
        XCTAssertEqual(recorder.refusals, ["Can't remove \"home\": nothing would be left to show"])
    }

    /// An undo after the program removed a tab never brings back an id the hierarchy lacks.
    func testUndoAfterARemovalKeepsTheModelWhole() throws {
        let (session, _) = try session()
        session.launch()
        for key: Character in ["e", "s"] { session.dispatch(.key(.character(key))) }
        var model = session.state.model
        guard case .success = model.apply(.setHidden("work", true)) else { return XCTFail("work could not be hidden") }
        guard case .success = model.apply(.removeFromTabBar("mail")) else { return XCTFail("mail stays in the bar") }
        guard case .success = model.apply(.removeTab("work")) else { return XCTFail("work was not removed") }
        guard case .success = model.apply(.removeTab("mail")) else { return XCTFail("mail was not removed") }
        while model.undo() != nil {
            XCTAssertFalse(model.customization.hidden.contains("work"))
            XCTAssertFalse(model.customization.tabBar.contains("mail"))
            XCTAssertTrue(model.customization.tabBar.allSatisfy(model.hierarchy.contains))
        }
        XCTAssertEqual(model.hierarchy.allIDs, ["home", "lists"])
    }

    func testAMessageReachesEveryPageOfTheTabShownOrNot() throws {
        let (session, _) = try session()
        session.launch()
        session.proxy.send("one", to: "mail")
        session.deliverRequests()
        session.proxy.select("mail")
        session.deliverRequests()
        XCTAssertTrue(screen(session).contains("mail: one"), screen(session))
        session.dispatch(.key(.down))
        session.dispatch(.key(.character("p")))
        session.proxy.send("two", to: "mail")
        session.deliverRequests()
        XCTAssertTrue(screen(session).contains("pushed: two"), screen(session))
        session.dispatch(.key(.backspace))
        XCTAssertTrue(screen(session).contains("mail: one,two"), screen(session))
        session.proxy.send("lost", to: "ghost")
        session.deliverRequests()
        XCTAssertEqual(session.state.message?.text, "Can't send to \"ghost\": no such tab")
    }

    func testTheInboxWakesItsListenerFromAnotherThreadAndClosesOnQuit() throws {
        let (session, recorder) = try session()
        session.launch()
        let wakes = Atomic<Int>(0)
        session.inbox.connect { wakes.add(1, ordering: .relaxed) }
        let proxy = session.proxy
        XCTAssertTrue(DetachedThread.start { proxy.showMessage("from afar") })
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while wakes.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline { sched_yield() }
        XCTAssertEqual(wakes.load(ordering: .relaxed), 1)
        session.deliverRequests()
        XCTAssertEqual(session.state.message?.text, "from afar")
        proxy.quit()
        session.deliverRequests()
        XCTAssertFalse(session.isRunning)
        XCTAssertEqual(recorder.events.last, .willTerminate)
        proxy.showMessage("too late")
        XCTAssertEqual(session.inbox.take().count, 0, "a closed inbox drops what comes after")
        XCTAssertEqual(wakes.load(ordering: .relaxed), 2, "and wakes nobody")
    }

    /// A delegate that asks for something while it hears an event does not re-enter the
    /// reducer: the request waits in the inbox, and actions effects bring back are queued.
    func testADelegateRequestWaitsForTheRunLoop() throws {
        final class Echo: TabNavDelegate {
            func tabNav(_ app: TabNavProxy, didEmit event: TabNavEvent) {
                if case .selectionDidChange(let tab) = event { app.setBadge(.text("seen"), for: tab) }
            }
        }
        let (session, _) = try session()
        session.delegates.append(Echo())
        session.launch()
        session.dispatch(.key(.right))
        let selected = try XCTUnwrap(session.state.model.selectedID)
        XCTAssertNil(session.state.model.hierarchy.item(selected)?.badge, "not during the key's effects")
        session.deliverRequests()
        XCTAssertEqual(session.state.model.hierarchy.item(selected)?.badge, .text("seen"))
    }

    /// A section action's new tab gets content the embedder makes from the name typed and the
    /// tab's id, at the action and again when the saved tab is restored at the next launch.
    func testAnActionsNewTabGetsTheEmbeddersContentWithItsNameAndID() throws {
        let layout = TabLayout(id: "logs", title: "Logs") {
            Tab("Home", id: "home", content: .text("home"))
            TabSection("Logs", id: "logs") {
                Tab("System", id: "system", content: .text("system"))
            }
            .sectionActions {
                SectionAction("New Log", id: "new-log") { tab in .page(Inbox(name: "\(tab.name)#\(tab.id)@\(tab.section)/\(tab.action)")) }
            }
        }
        let hierarchy = try TabHierarchy(layout)
        var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(mode: .sidebar),
                             size: TerminalSize(columns: 100, rows: 30))
        _ = state.apply(.launched)
        if state.focus != .sidebar { _ = state.apply(.key(.tab)) }
        for action in try KeyNames.parseList("home,down") { _ = state.apply(action) }
        XCTAssertEqual(state.id(ofRow: state.sidebarCursor), "logs")
        for action in try KeyNames.parseList("a,D,i,s,k,enter") { _ = state.apply(action) }
        XCTAssertEqual(state.model.hierarchy.declaredChildren(of: "logs"), ["system", "user-disk"])
        let made = try XCTUnwrap(state.model.hierarchy.item("user-disk")?.content)
        guard case .custom(let box) = made, let page = box.value as? Inbox else { return XCTFail("not the embedder's page: \(made)") }
        XCTAssertEqual(page.name, "Disk#user-disk@logs/new-log")

        let restored = AppState(hierarchy: hierarchy, saved: state.savedState, options: AppOptions(mode: .sidebar),
                                size: TerminalSize(columns: 100, rows: 30))
        guard case .custom(let again)? = restored.model.hierarchy.item("user-disk")?.content,
              let restoredPage = again.value as? Inbox else { return XCTFail("the restored tab lost its content") }
        XCTAssertEqual(restoredPage.name, "Disk#user-disk@logs/new-log")
    }
}
