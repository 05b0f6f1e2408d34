import Synchronization

/// A way into the running app from any thread: change the hierarchy, send a page a message,
/// show a footer message, quit. The counterpart of `TabNavDelegate`, which hears what changed.
///
/// ```swift
/// let app = TabNavApp(layout)
/// let proxy = app.proxy                 // keep it anywhere, use it from any thread
/// Task { proxy.setBadge(3, for: "inbox") }
/// try app.run()
/// ```
///
/// Each call is a request put in the app's inbox; the run loop wakes (no timer polls it) and
/// carries the requests out in order, on its own thread, through the same path as the person's
/// keys. A request sent before `run()` waits for it and is carried out before the first frame; one
/// sent after the app ended is dropped. A request that cannot be carried out (no such tab, an id
/// taken twice…) changes nothing and is reported to the delegate (`tabNav(_:didRefuse:)`) and in
/// the footer.
public struct TabNavProxy: Sendable {
    package let inbox: TabNavInbox

    package init(inbox: TabNavInbox) {
        self.inbox = inbox
    }

    /// Puts a request in the inbox (what every other method does).
    public func send(_ request: TabNavRequest) {
        inbox.post(request)
    }

    /// Renames a tab or section.
    public func setTitle(_ title: String, for tab: String) {
        send(.setTitle(title, tab: tab))
    }

    /// Changes a tab's symbol (`systemImage`).
    public func setSystemImage(_ systemImage: String, for tab: String) {
        send(.setSystemImage(systemImage, tab: tab))
    }

    /// Sets or removes (`nil`) a tab's badge.
    public func setBadge(_ badge: TabBadge?, for tab: String) {
        send(.setBadge(badge, tab: tab))
    }

    /// A count beside a tab's title; 0 removes the badge (as the `.badge(Int)` modifier).
    public func setBadge(_ count: Int, for tab: String) {
        setBadge(count == 0 ? nil : .count(count), for: tab)
    }

    /// Adds a tab (or a section with its children) at the end of a section, or of the top level
    /// when `section` is nil. Any content, pages of your own included:
    /// `proxy.addTab(Tab("Logs", id: "logs") { LogPage() }, to: "system")`.
    ///
    /// It takes its default places (the bar when its defaults say so). It is not saved: a tab
    /// added from code is added again by the code at the next launch.
    public func addTab(_ tab: some TabItemConvertible, to section: String? = nil) {
        send(.addTab(tab.tabItem, section: section))
    }

    /// Removes a tab, or a section with everything in it. The last item left is not removed.
    public func removeTab(_ tab: String) {
        send(.removeTab(tab))
    }

    /// Selects a tab, as a click on it would (`TabView(selection:)`).
    public func select(_ tab: String) {
        send(.select(tab))
    }

    /// Sends a value to the pages of a tab: each page of the tab's stack receives it in
    /// `receive(_:)`, the tab's first page first, whether the tab is shown or not.
    public func send(_ message: some Sendable, to tab: String) {
        send(.message(message, tab: tab))
    }

    /// Shows a message in the footer until the next key.
    public func showMessage(_ text: String, isError: Bool = false) {
        send(.showMessage(text, isError: isError))
    }

    /// Leaves as `q` does: the customization is saved and `willTerminate` reported.
    public func quit() {
        send(.quit)
    }
}

/// One request to the running app (what `TabNavProxy`'s methods send).
public enum TabNavRequest: Sendable {
    case setTitle(String, tab: String)
    case setSystemImage(String, tab: String)
    case setBadge(TabBadge?, tab: String)
    /// Add an item at the end of `section`, or of the top level when nil.
    case addTab(TabItem, section: String?)
    case removeTab(String)
    case select(String)
    /// A value for the pages of a tab (`receive(_:)`).
    case message(any Sendable, tab: String)
    case showMessage(String, isError: Bool)
    case quit
}

/// The requests waiting for the run loop, and how to wake it. Shared by every copy of a proxy.
package final class TabNavInbox: Sendable {
    private struct Box {
        var requests: [TabNavRequest] = []
        var wake: (@Sendable () -> Void)?
        var isClosed = false
    }

    private let box = Mutex(Box())

    package init() {}

    /// Adds a request and wakes the run loop, if one is listening.
    func post(_ request: TabNavRequest) {
        let wake: (@Sendable () -> Void)? = box.withLock { box in
            guard !box.isClosed else { return nil }
            box.requests.append(request)
            return box.wake
        }
        wake?()
    }

    /// The run loop listens: `wake` is called (from any thread) after each request. Requests
    /// already waiting wake it at once.
    package func connect(wake: @escaping @Sendable () -> Void) {
        let pending = box.withLock { box in
            box.wake = wake
            return !box.requests.isEmpty
        }
        if pending { wake() }
    }

    /// Whether requests are waiting.
    package var hasRequests: Bool { box.withLock { !$0.requests.isEmpty } }

    /// The requests waiting, oldest first; the inbox is empty afterwards.
    package func take() -> [TabNavRequest] {
        box.withLock { box in
            defer { box.requests.removeAll() }
            return box.requests
        }
    }

    /// The app ended: later requests are dropped, and nothing is woken any more.
    package func close() {
        box.withLock { box in
            box.isClosed = true
            box.wake = nil
            box.requests.removeAll()
        }
    }
}

/// A request the app could not carry out, with the reason (what the delegate hears).
package struct RefusedRequest: Sendable, Equatable {
    package var request: TabNavRequest
    /// Worded for the footer: `Can't remove "logs": no tab "logs"`.
    package var reason: String

    package init(_ request: TabNavRequest, reason: String) {
        self.request = request
        self.reason = reason
    }

    /// Two refusals are alike when they say the same (a request may carry any value).
    package static func == (lhs: RefusedRequest, rhs: RefusedRequest) -> Bool { lhs.reason == rhs.reason }
}
