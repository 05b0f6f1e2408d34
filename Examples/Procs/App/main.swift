// tabnav-procs: the machine's processes, live. A background task samples /proc every two
// seconds and tells the app through its proxy: the pages get each sample as a message, badges
// follow the counts, and the "Recent" section holds a tab for each of the newest processes, added
// and removed from code as processes come and go (docs/library.md, "The proxy").
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNav
import TabNavProcsPages

/// The tabs that take the samples: the fixed ones, the filters people made, the recent ones.
final class Listeners: Sendable {
    private let state = Mutex<(filters: [String], recent: [Int32: String])>((["filter-shells"], [:]))

    func setFilters(_ ids: [String]) { state.withLock { $0.filters = ids } }
    func addFilter(_ id: String) { state.withLock { if !$0.filters.contains(id) { $0.filters.append(id) } } }
    var filters: [String] { state.withLock { $0.filters } }

    /// Brings the "Recent" tabs to the newest processes; returns the tabs to add and remove.
    func recent(_ newest: [ProcessRecord]) -> (add: [ProcessRecord], remove: [String], keep: [String]) {
        state.withLock { state in
            let wanted = Set(newest.map(\.pid))
            let remove = state.recent.filter { !wanted.contains($0.key) }
            for pid in remove.keys { state.recent[pid] = nil }
            let add = newest.filter { state.recent[$0.pid] == nil }
            for process in add { state.recent[process.pid] = "recent-\(process.pid)" }
            return (add, Array(remove.values), Array(state.recent.values))
        }
    }
}

/// Samples now when asked (the Refresh action), and every two seconds otherwise.
final class Sampler: Sendable {
    let proxy: TabNavProxy
    let listeners: Listeners
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>

    init(proxy: TabNavProxy, listeners: Listeners) {
        self.proxy = proxy
        self.listeners = listeners
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func refreshNow() { wake.yield() }

    func start() {
        let wake = self.wake
        Task.detached {
            while true {
                wake.yield()
                try? await Task.sleep(for: .seconds(2))
            }
        }
        Task.detached { [self] in
            var sample = 0
            for await _ in wakes {
                sample += 1
                publish(ProcReader().snapshot(sample: sample))
            }
        }
    }

    /// Everything one sample changes, as requests to the running app.
    func publish(_ snapshot: SystemSnapshot) {
        for tab in ["system", "processes"] + listeners.filters { proxy.send(snapshot, to: tab) }
        proxy.setBadge(snapshot.processes.count, for: "processes")
        proxy.setBadge(.text(snapshot.load.first ?? "?"), for: "system")
        let recent = listeners.recent(snapshot.newest(3))
        for id in recent.remove { proxy.removeTab(id) }
        for process in recent.add {
            proxy.addTab(Tab("\(process.name) \(process.pid)", systemImage: "clock", id: "recent-\(process.pid)") {
                ProcessDetail(process)
            }, to: "recent")
        }
        for tab in recent.keep { proxy.send(snapshot, to: tab) }
    }
}

/// Answers the section actions and follows the filters people add and delete.
final class Delegate: TabNavDelegate {
    let sampler: Sampler
    let listeners: Listeners

    init(sampler: Sampler, listeners: Listeners) {
        self.sampler = sampler
        self.listeners = listeners
    }

    func tabNav(_ app: TabNavProxy, didEmit event: TabNavEvent) {
        switch event {
        case .sectionActionInvoked("recent", "refresh"):
            sampler.refreshNow()
            app.showMessage("Sampling /proc now")
        case .displayOrderDidChange("filters", let order):
            listeners.setFilters(order)
        default:
            break
        }
    }
}

let listeners = Listeners()
let layout = TabLayout(id: "procs", title: "Processes") {
    Tab("Machine", systemImage: "gauge", id: "system") { SystemPage() }
        .placement(.fixed)
    Tab("Processes", systemImage: "list.bullet", id: "processes") { ProcessList() }
    // Filled and emptied from code: a tab for each of the three newest processes.
    TabSection("Recent", systemImage: "clock", id: "recent") {}
        .defaultVisibility(.hidden, for: .tabBar)
        .sectionActions {
            SectionAction("Refresh", systemImage: "arrow.clockwise", id: "refresh")
        }
    TabSection("Filters", systemImage: "line.3.horizontal.decrease", id: "filters") {
        Tab("Shells", systemImage: "terminal", id: "filter-shells") { ProcessList(filter: "sh") }
            .allowsHiding()
    }
    .defaultVisibility(.hidden, for: .tabBar)
    .sectionActions {
        // A filter tab lists the processes whose name holds the name typed.
        SectionAction("New Filter", systemImage: "plus") { tab in
            listeners.addFilter(tab.id)
            return .page(ProcessList(filter: tab.name))
        }
    }
    Tab(role: .search)
}

// `tabnav-procs render [KEYS]`: the screen of a made-up machine after the keys (`down,enter`),
// headless (what README shows).
if CommandLine.arguments.dropFirst().first == "render" {
    do {
        let headless = try HeadlessApp(layout, columns: 120, rows: 14, colors: .none)
        Sampler(proxy: headless.proxy, listeners: listeners).publish(.example)
        if CommandLine.arguments.count > 2 { try headless.press(CommandLine.arguments[2]) }
        print(headless.text)
        exit(0)
    } catch let error as TabNavAppError {
        var message = "tabnav-procs: \(error)\n"
        message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        exit(error.exitStatus)
    } catch {
        var message = "tabnav-procs: \(error)\n"
        message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        exit(2)
    }
}

let app = TabNavApp(layout, appName: "tabnav-procs")
let sampler = Sampler(proxy: app.proxy, listeners: listeners)
var running = app
running.delegate = Delegate(sampler: sampler, listeners: listeners)
sampler.start()
do {
    try running.run()
} catch {
    var message = "tabnav-procs: \(error)\n"
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(error.exitStatus)
}
