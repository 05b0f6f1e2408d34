import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavTerminal

// Entry point: parse the command line, then run the chosen command. Exit status: 0 success,
// 1 runtime failure, 2 bad usage or bad input (docs/behaviour.md, "Command line").
// Running out of memory ends with one line and status 1, wherever it happens, and a crash's
// message is never lost: standard error is captured for the whole run (OutOfMemory).
OutOfMemory.installForLife()
// The program starts no children but those of its runs: any other child it has is an orphan of
// one, ended when that run's keeper is killed (docs/behaviour.md, "Children").
ContainedProcess.ownsEveryChild.store(true, ordering: .relaxed)
let environment = ProcessEnvironment.current()
let arguments = Array(CommandLine.arguments.dropFirst())
let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(arguments, environment: environment)
} catch {
    StandardStreams.error(error.description)
    exit(2)
}
exit(Program(options: options, environment: environment).run())
