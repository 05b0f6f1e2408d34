import TabNavCore
import TabNavDrawing

/// Whether the commands of the layout may run (docs/layout-files.md, "Trust").
package enum CommandConsent: Sendable, Equatable {
    /// They may (a trusted file, `--trust`, or a hierarchy built in code).
    case granted
    /// Nothing runs until the person trusts the file; these are the command lines it holds.
    case needed(commands: [String])
}

extension AppState {
    /// A command page of an untrusted file shows what would run, and nothing starts.
    mutating func refuseUntrusted(on id: String, commands: [String]) {
        updateTopPage(of: id) { $0.refused(.untrusted(commands: commands)) }
    }

    /// Whether a page is a command or terminal tab of an untrusted file, or a file tab whose file
    /// is a kernel file, waiting for `t`.
    static func waitsForTrust(_ page: any TabPage) -> Bool {
        page.report.waitsForTrust
    }

    /// Whether the layout holds commands that wait for trust.
    var hasUntrustedCommands: Bool {
        if case .needed(let commands) = commandConsent { return !commands.isEmpty }
        return false
    }

    /// Whether the page shown is a command tab of an untrusted file, waiting for `t`.
    var waitsForTrustHere: Bool {
        guard case .needed = commandConsent else { return false }
        return Self.waitsForTrust(currentPage)
    }

    /// Whether `t` applies: the file is untrusted and the page shown is waiting for it.
    var canTrustHere: Bool { canTrust(waiting: waitsForTrustHere) }

    /// `canTrustHere` for the page shown at the end of the last action (the footer's question).
    var shownCanTrust: Bool { canTrust(waiting: commandConsent != .granted && shown.waitsForTrust) }

    private func canTrust(waiting: Bool) -> Bool {
        guard waiting, case .needed(var commands) = commandConsent else { return false }
        // A file tab whose file became a kernel file after the load lists it too (`FilePage`):
        // counted here whether or not the page finds it listed already, so what fits is never
        // less than what the page shows.
        if let id = model.selectedID, case .file(let path)? = model.hierarchy.item(id)?.content {
            commands.append(LayoutSummary.fileRead(path, fileSystem: "a kernel file"))
        }
        // Only when every command line is on screen: what is trusted is what was seen.
        return CommandPage.trustFits(commands, columns: max(0, geometry.content.width - 2), rows: geometry.contentListRows,
                                     ascii: options.ascii)
    }

    /// `t`: ask the session to record trust in the file.
    mutating func trustLayout() -> [AppEffect] {
        guard case .needed = commandConsent else {
            say("Nothing to trust: this layout's commands may run")
            return []
        }
        guard canTrustHere else {
            say(Self.waitsForTrust(currentPage)
                ? "Enlarge the terminal until every command shows, then press \(keyName(.trust, in: .normal))"
                : "\(keyName(.trust, in: .normal)) trusts the layout file from a command tab that waits for it")
            return []
        }
        return [.trustLayout]
    }

    /// Trust was given: the shown command page runs now; other waiting pages run when shown.
    mutating func grantConsent() -> [AppEffect] {
        commandConsent = .granted
        kernelFilesAllowed = true
        for (tab, stack) in stacks where stack.contains(where: Self.waitsForTrust) {
            if tab != model.selectedID {
                stacks[tab] = nil
                shownTabs.remove(tab)
            }
        }
        say("Trusted: this layout's commands run")
        defer { refreshShownPage() }
        // Tabs that refresh while hidden start now, as they would have at launch.
        let background = backgroundRefreshTabs.filter { $0 != model.selectedID }.flatMap { loadIfNeeded($0) }
        guard let id = model.selectedID, Self.waitsForTrust(topPage(of: id)),
              let work = updateTopPage(of: id, { $0.reload() }) else { return background }
        return background + start(work, for: id)
    }

    /// A section action's command: its output opens as a page on the selected tab, and the
    /// footer says how it ended.
    mutating func runActionCommand(_ command: String, options: ContentOptions, title: String) -> [AppEffect] {
        guard let tab = model.selectedID else { return [] }
        if case .needed(let commands) = commandConsent {
            // Its page shows what the file would run, and `t` there trusts it.
            var page = CommandPage(command: command, options: options, actionTitle: title)
            page.showUntrusted(commands)
            var stack = pages(of: tab)
            stack.append(page)
            stacks[tab] = stack
            say("\(title) not run: this layout file is not trusted", error: true)
            return []
        }
        var page = CommandPage(command: command, options: options, actionTitle: title)
        let work = page.reload()
        var stack = pages(of: tab)
        stack.append(page)
        stacks[tab] = stack
        say("\(title): running…")
        guard let work else { return [] }
        return start(work, for: tab)
    }

    /// When a section action's command ends, the footer says how.
    mutating func reportAction(_ page: any TabPage) {
        guard let message = page.report.finishedMessage else { return }
        say(message.text, error: message.isError)
    }

}

extension AppState {
    /// Characters in the widest line of the page shown (text, command output or a file), for
    /// the sideways hint.
    var currentPageWidest: Int { Self.widest(of: currentPage) }

    /// Characters in the widest line of a page that shows lines.
    static func widest(of page: any TabPage) -> Int {
        page.report.widestLine
    }
}
