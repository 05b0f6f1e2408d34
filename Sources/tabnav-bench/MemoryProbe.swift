import Glibc
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
import TabNavRender

/// Peak memory of loading, building and drawing a hierarchy, measured in a child process of its
/// own: the peak only ever grows, so measuring several hierarchies in this process would report
/// the largest one for all of them. The child reports its own `VmHWM` on standard output
/// (`ru_maxrss` from `wait4` would include this process's peak, see `ProcFiles.peakResidentKB`).
enum MemoryProbe {
    static let childFlag = "--memory-child"

    /// Peak resident kB of a child that loads `subject` (`"none"`: the bare runtime, `"demo"`:
    /// the built-in demo, otherwise a layout file's path) and draws one frame.
    static func peakKB(of subject: String) -> Int? {
        let (exit, output) = ChildProcess.runCapturingOutput(ChildProcess.ownPath(), [childFlag, subject])
        return exit.exitedCleanly ? Int(output.filter { $0.isNumber }) : nil
    }

    /// The child's side: what a launch does, then exit.
    static func runChild(_ subject: String) -> Int32 {
        let status = load(subject)
        print(ProcFiles.peakResidentKB(of: getpid()) ?? 0)
        return status
    }

    private static func load(_ subject: String) -> Int32 {
        if subject == "none" { return 0 }
        // As the program does: the demo's hierarchy from its layout, a file's read straight into one.
        let hierarchy: TabHierarchy
        do {
            hierarchy = subject == "demo" ? try TabHierarchy(DemoCatalogue.layout) : try LayoutLoader.loadHierarchy(path: subject)
        } catch {
            return 1
        }
        let state = BenchStates.sidebarInTheMiddle(hierarchy, size: TerminalSize(columns: 120, rows: 40))
        consume(render(state, style: RenderStyle.forTerminal(ascii: false, noColor: false, depth: .full256)))
        return 0
    }
}
