// A program for the end-to-end tests only: a page that traps on `x` (an index out of range), to
// see that the trap's message is printed after the terminal is restored, and that asks for more
// memory than there is on `m`, to see the one line that running out of memory ends with, and that
// aborts on `a` with errno left at ENOMEM, to see that such an abort is not called out of memory.
#if canImport(Glibc)
import Glibc
#endif
import TabNav

struct TrappingPage: TabPage {
    var rows = ["Press x to trap, m to run out of memory, a to abort"]
    var hoard: [[UInt8]] = []

    func draw(in canvas: inout PageCanvas) {
        canvas.text(rows[0], row: 0, style: canvas.theme.contentText)
    }

    mutating func handle(_ input: PageInput) -> PageResponse {
        if input.key == .character("m") {
            // 64 TB: more than any address space holds, so the allocation fails and the runtime aborts.
            hoard.append([UInt8](repeating: 1, count: 1 << 46))
            return .say("\(hoard.count)")
        }
        if input.key == .character("a") {
            errno = ENOMEM
            abort()
        }
        guard input.key == .character("x") else { return .ignored }
        rows.removeAll()
        return .say(rows[0])
    }
}

let layout = TabLayout(id: "trap-probe", title: "Trap") {
    Tab("Trap", id: "trap") { TrappingPage() }
    Tab("Other", id: "other", content: .text("other"))
}

do {
    try TabNavApp(layout, appName: "tabnav-trap-probe", persists: false).run()
} catch {
    var message = "tabnav-trap-probe: \(error)\n"
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(error.exitStatus)
}
