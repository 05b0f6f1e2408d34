/// The printed report: the machine, the detailed figures, and the quality bars with PASS/MISS.
struct Report {
    var machine: Machine
    var loadAfter: String
    var inProcess: [InProcessResult]
    var terminal: [TerminalResult]
    var checks: [TargetCheck]

    var text: String {
        var parts: [String] = []
        parts.append("""
            tabnav-bench — \(machine.processors) CPUs, \(machine.cpuModel), \(machine.kernel)
            load average before \(machine.loadAverage), after \(loadAfter)
            """)
        if !inProcess.isEmpty { parts.append(inProcessTables) }
        if !terminal.isEmpty { parts.append(terminalTable) }
        var targets = TextTable(header: ["quality bar (docs/behaviour.md)", "measured", "target", "result"], firstNumericColumn: 9)
        for check in checks { targets.add([check.figure, check.measured, check.target, check.verdict]) }
        parts.append("Quality bars (CPU figures judged on the median of runs, the first frame's wall time on its minimum)\n" + targets.text)
        return parts.joined(separator: "\n\n") + "\n"
    }

    private var inProcessTables: String {
        let actionNames = inProcess.first?.actions.map(\.name) ?? []
        var load = TextTable(header: ["in-process, CPU median (min)", "file", "load layout (wall)", "build state", "save state", "peak RSS"])
        var actions = TextTable(header: ["per action, CPU median"] + actionNames)
        var renders = TextTable(header: ["render a frame, CPU median (min)"]
            + (inProcess.first?.renders.map { "\($0.size.columns)×\($0.size.rows)" } ?? [])
            + ["100×30 tab bar"])
        for result in inProcess {
            let name = result.tabs > 0 && result.subject != "demo" ? "\(Format.grouped(result.tabs)) tabs" : result.subject
            load.add([name,
                      result.fileBytes.map { Format.fixed(Double($0) / 1024, 0) + " kB" } ?? "built in",
                      result.loadLayout.map(medianAndMin) ?? "—",
                      result.buildState.map(medianAndMin) ?? "—",
                      result.saveState.map { Format.time($0.median) + " wall" } ?? "—",
                      result.peakKB.map { Format.megabytes(kB: $0) } ?? "—"])
            actions.add([name] + result.actions.map { $0.samples.map { Format.time($0.median) } ?? "not measured" })
            renders.add([name] + result.renders.map { medianAndMin($0.samples) } + [result.barRender.map(medianAndMin) ?? "—"])
        }
        return [load.text, actions.text,
                renders.text + "\n(sidebar showing, cursor in the middle; the last column shows the tab bar instead)"]
            .joined(separator: "\n\n")
    }

    private var terminalTable: String {
        var table = TextTable(header: [
            "tabnav-tui in a 100×30 pty", "first frame", "its CPU", "start+quit CPU", "CPU/switch (min)", "B/switch",
            "CPU/move (min)", "B/move", "B/scroll step", "peak RSS", "idle CPU (2 s)", "silent keys",
        ])
        for result in terminal {
            table.add([
                result.subject, medianAndMin(result.firstFrame), Format.ms(result.firstFrameCPU.median),
                Format.ms(result.startQuitCPU.median),
                medianAndMin(result.switchCPU), Format.bytes(result.switchBytes),
                medianAndMin(result.moveCPU), Format.bytes(result.moveBytes),
                result.scrollBytes.map(Format.bytes) ?? "—", Format.megabytes(kB: result.peakKB),
                Format.time(result.idleCPU), "\(result.silentKeys)",
            ])
        }
        return table.text + "\n(CPU per key = (CPU of a run with \(TerminalBench.keys) keys − CPU of a start+quit run) ÷ \(TerminalBench.keys); median (min) of runs)"
    }

    private func medianAndMin(_ samples: Samples) -> String {
        "\(Format.time(samples.median)) (\(Format.time(samples.minimum)))"
    }
}
