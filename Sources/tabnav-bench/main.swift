import Glibc
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo

// tabnav-bench: measures tabnav-tui against the quality bars of docs/behaviour.md, "Quality bars", prints a table and
// writes bench/results.json. It always exits 0 when it could measure: a missed bar is a MISS in
// the table, not a failure (timing is for people to read, not for tests to assert).
//
//   tabnav-bench --emulate [MB]: the terminal emulation alone, in this process (EmulationBench)
//   tabnav-bench [--quick] [--scale-only] [--follow-only] [--terminal-tabs-only] [--no-in-process] [--no-terminal] [--keep-files] [--output FILE]
//
// --follow-only: only the followed-output rows (a burst into a followed file, a newline-free
// stream); --terminal-tabs-only: only the terminal tabs' rows, beside tmux (TerminalTabBench); --quick: up to 10,000 tabs and fewer repeats; --keep-files: keep the generated layouts (the
// folder is printed) to try them with `tabnav-tui --layout`; --scale-only: only the scale bars
// (search, paste, added tabs) over 100,000 tabs.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == MemoryProbe.childFlag {
    exit(MemoryProbe.runChild(arguments.count > 1 ? arguments[1] : "none"))
}
if arguments.first == EmulationBench.flag {
    exit(EmulationBench.run(megabytes: arguments.count > 1 ? Int(arguments[1]) ?? 20 : 20))
}
if arguments.first == FloorChild.flag {
    exit(FloorChild.run())
}
if arguments.contains("--follow-only") {
    let scratch = TempFiles.makeDirectory()
    let checks = FollowBurstBench.checks(scratch: scratch) { StandardError.write("tabnav-bench: " + $0) }
    TempFiles.removeTree(scratch)
    for check in checks { print("\(check.figure): \(check.measured) (target \(check.target)) \(check.verdict)") }
    exit(0)
}
if arguments.contains("--terminal-tabs-only") {
    let scratch = TempFiles.makeDirectory()
    let machine = Machine.current()
    let checks = TerminalTabBench.checks(scratch: scratch, quick: arguments.contains("--quick")) {
        StandardError.write("tabnav-bench: " + $0)
    }
    TempFiles.removeTree(scratch)
    print("load average before \(machine.loadAverage), after \(Machine.loadAverage())")
    for check in checks { print("\(check.figure): \(check.measured) (target \(check.target)) \(check.verdict)") }
    exit(0)
}
let quick = arguments.contains("--quick")
let scaleOnly = arguments.contains("--scale-only")
// A partial run (--scale-only) writes a results file only when asked to, so it never replaces the full one.
let outputPath = arguments.firstIndex(of: "--output").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    ?? (scaleOnly ? nil : "bench/results.json")
let sizes = scaleOnly ? [100_000] : quick ? [10, 1_000, 10_000] : [10, 1_000, 10_000, 100_000]

let machine = Machine.current()
let scratch = TempFiles.makeDirectory()
let keepFiles = arguments.contains("--keep-files")
defer { if !keepFiles { TempFiles.removeTree(scratch) } }
func progress(_ text: String) { StandardError.write("tabnav-bench: " + text) }

var paths: [Int: String] = [:]
for tabs in sizes { paths[tabs] = LayoutGenerator.write(tabs: tabs, to: scratch) }

// 1. The real program in a pseudo-terminal, first: a launch's wall time is the figure most
// sensitive to how busy the machine has just been, and the in-process part keeps both processors
// busy for a minute (docs/benchmark.md, "Start-up of a large layout").
var terminal: [TerminalResult] = []
var floorPerKey: Samples?
if !arguments.contains("--no-terminal") && !scaleOnly {
    let own = ChildProcess.ownPath()
    let program = String(own[..<(own.lastIndex(of: "/") ?? own.startIndex)]) + "/tabnav-tui"
    if access(program, X_OK) != 0 {
        progress("\(program) not found: build it first (swift build -c release); skipping the terminal figures")
    } else {
        let home = scratch + "/home"
        TempFiles.makeDirectory(at: home)
        var bench = TerminalBench(program: program, home: home)
        if quick { bench.startRuns = 3; bench.keyRuns = 1 }
        var subjects = [TerminalSubject(name: "demo", arguments: [], scrolls: false, pastes: true)]
        if let path = paths[10_000] {
            subjects.append(TerminalSubject(name: "10,000 tabs", arguments: ["--layout", path], scrolls: true))
        }
        for subject in subjects {
            progress("terminal: \(subject.name)")
            if let result = bench.run(subject) { terminal.append(result) }
        }
        progress("terminal: the floor (a child that only reads a key and writes 586 bytes)")
        var floor = bench
        floor.program = own
        floorPerKey = FloorChild.perKey(bench: floor)
    }
}

// 2. In-process: load, build, actions, render, memory.
var inProcess: [InProcessResult] = []
var scale: (tabs: Int, result: ScaleResult)?
var addedTabsLoad: Samples?
if !arguments.contains("--no-in-process") {
    var subjects = [Subject(name: "demo", tabs: 0, path: nil, layout: DemoCatalogue.layout)]
    for tabs in sizes {
        guard let path = paths[tabs] else { continue }
        do {
            subjects.append(Subject(name: "\(tabs)", tabs: tabs, path: path, layout: try LayoutLoader.load(path: path)))
        } catch {
            progress("the generated layout of \(tabs) tabs is invalid: \(error.description)")
            exit(1)
        }
    }
    let bench = InProcessBench(scratch: scratch)
    for subject in subjects where !scaleOnly {
        progress("in-process: \(subject.name == "demo" ? "demo" : Format.grouped(subject.tabs) + " tabs")")
        var result = bench.run(subject)
        result.peakKB = MemoryProbe.peakKB(of: subject.path ?? "demo")
        inProcess.append(result)
    }
    // The scale bars: search and paste over the largest layout, a state with 100,000 added tabs.
    if let largest = subjects.last, largest.tabs > 0, let hierarchy = try? TabHierarchy(largest.layout) {
        progress("scale: search and paste over \(Format.grouped(largest.tabs)) tabs")
        scale = (largest.tabs, ScaleBench.run(hierarchy))
    }
    if let demo = try? TabHierarchy(DemoCatalogue.layout) {
        progress("scale: a state file with 100,000 added tabs")
        addedTabsLoad = ScaleBench.addedTabsLoad(count: 100_000, hierarchy: demo, scratch: scratch)
    }
    if let bare = MemoryProbe.peakKB(of: "none") {
        progress("a process that loads nothing peaks at \(Format.megabytes(kB: bare))")
    }
}

// 3. Live output of layout commands (LiveOutputBench.swift).
let liveChecks = arguments.contains("--no-terminal") || scaleOnly ? [] : LiveOutputBench.checks(scratch: scratch, progress: progress)
    + FollowBurstBench.checks(scratch: scratch, progress: progress)
    + TerminalTabBench.checks(scratch: scratch, quick: quick, progress: progress)

// 4. The report.
let loadAfter = Machine.loadAverage()
let checks = Targets(inProcess: inProcess, terminal: terminal, scale: scale, addedTabsLoad: addedTabsLoad,
                     floorPerKey: floorPerKey).checks + liveChecks
print(Report(machine: machine, loadAfter: loadAfter, inProcess: inProcess, terminal: terminal, checks: checks).text)
if let outputPath {
    if let slash = outputPath.lastIndex(of: "/") { TempFiles.makeDirectory(at: String(outputPath[..<slash])) }
    let json = ResultsFile.json(machine: machine, loadAfter: loadAfter, inProcess: inProcess, terminal: terminal, checks: checks)
    TempFiles.write(JSONWriter.bytes(json, style: .pretty) + [0x0A], to: outputPath)
    print("wrote \(outputPath)")
}
if keepFiles { print("generated layouts kept in \(scratch)") }
