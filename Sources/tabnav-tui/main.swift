import TabNavCore
import TabNavDrawing
import TabNavInteraction

// Entry point: parse the command line, then run the chosen command. Exit status: 0 success,
// 1 runtime failure, 2 bad usage or bad input (SPEC §8).
let environment = processEnvironment()
let arguments = Array(CommandLine.arguments.dropFirst())
let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(arguments, environment: environment)
} catch {
    StandardStreams.error(error.description)
    exit(2)
}
exit(Program(options: options, environment: environment).run())
