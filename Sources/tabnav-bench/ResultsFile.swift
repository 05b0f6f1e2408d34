import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// `bench/results.json`: every figure of the run in machine-readable form, so runs can be
/// compared over time. Times are in milliseconds, sizes in bytes or kB as named.
enum ResultsFile {
    static func json(machine: Machine, loadAfter: String, inProcess: [InProcessResult],
                     terminal: [TerminalResult], checks: [TargetCheck]) -> JSONValue {
        [
            "machine": [
                "processors": .number(Double(machine.processors)), "cpu": .string(machine.cpuModel),
                "kernel": .string(machine.kernel), "loadAverageBefore": .string(machine.loadAverage),
                "loadAverageAfter": .string(loadAfter),
            ],
            "inProcess": .array(inProcess.map(inProcessJSON)),
            "terminal": .array(terminal.map(terminalJSON)),
            "targets": .array(checks.map { check in
                [
                    "figure": .string(check.figure), "measured": check.value.map(JSONValue.number) ?? .null,
                    "unit": .string(check.unit), "target": .string(check.target),
                    "result": .string(check.verdict),
                ]
            }),
        ]
    }

    private static func samples(_ samples: Samples?) -> JSONValue {
        guard let samples else { return .null }
        return ["medianMs": .number(samples.median * 1000), "minMs": .number(samples.minimum * 1000),
                "samplesMs": .array(samples.values.map { .number($0 * 1000) })]
    }

    private static func inProcessJSON(_ result: InProcessResult) -> JSONValue {
        .object([
            ("subject", .string(result.subject)), ("tabs", .number(Double(result.tabs))),
            ("fileBytes", result.fileBytes.map { .number(Double($0)) } ?? .null),
            ("loadLayoutWall", samples(result.loadLayout)), ("buildStateCPU", samples(result.buildState)),
            ("saveStateWall", samples(result.saveState)),
            ("actionsCPU", .object(result.actions.map { (key: $0.name, value: samples($0.samples)) })),
            ("renderCPU", .object(result.renders.map { (key: "\($0.size.columns)x\($0.size.rows)", value: samples($0.samples)) })),
            ("tabBarRender100x30CPU", samples(result.barRender)),
            ("peakKB", result.peakKB.map { .number(Double($0)) } ?? .null),
        ])
    }

    private static func terminalJSON(_ result: TerminalResult) -> JSONValue {
        .object([
            ("subject", .string(result.subject)),
            ("firstFrame", samples(result.firstFrame)),
            ("firstFrameCPU", samples(result.firstFrameCPU)),
            ("startQuitCPU", samples(result.startQuitCPU)),
            ("cpuPerSwitch", samples(result.switchCPU)), ("cpuPerSwitchDirect", samples(result.switchCPUDirect)),
            ("bytesPerSwitch", .number(result.switchBytes)),
            ("cpuPerSidebarMove", samples(result.moveCPU)), ("cpuPerSidebarMoveDirect", samples(result.moveCPUDirect)),
            ("bytesPerSidebarMove", .number(result.moveBytes)),
            ("bytesPerSidebarScrollStep", result.scrollBytes.map(JSONValue.number) ?? .null),
            ("peakKB", .number(Double(result.peakKB))),
            ("wait4MaxRSSKB", .number(Double(result.wait4MaxRSSKB))),
            ("idleSeconds", .number(result.idleSeconds)), ("idleCPUMs", .number(result.idleCPU * 1000)),
            ("idleWakeUps", .number(Double(result.idleWakeUps))), ("idleBytes", .number(Double(result.idleBytes))),
            ("silentKeys", .number(Double(result.silentKeys))),
        ])
    }
}
