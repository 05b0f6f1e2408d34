import Foundation
import XCTest

/// Standard error is kept aside for the program's whole life (docs/terminal-notes.md, "Standard
/// error"); these are the ways that must not change what a person sees: a closed standard error or
/// output, and a limit on file sizes (`ulimit -f`), under which the in-memory file would count.
final class StandardErrorEndToEndTests: EndToEndTestCase {
    /// `script` run by /bin/sh with the program as `$0`; its status and both streams.
    func shell(_ script: String) throws -> ChildResult {
        try ChildProcess.run("/bin/sh", ["-c", script, try Self.binary()], environment: SignalHarness.environment,
                             scratch: scratch, timeout: 20)
    }

    /// A closed standard error: the usage error still ends at once with status 2 (the capture
    /// took descriptor 2 itself and copied itself into itself, forever).
    func testAClosedStandardErrorEndsAUsageErrorWithStatusTwo() throws {
        let result = try shell(#""$0" --no-such-option 2>&-; echo "status $?""#)
        XCTAssertEqual(result.standardOutput, "status 2\n")
        let check = try shell(#""$0" check-layout /no/such/file.json 2>&-; echo "status $?""#)
        XCTAssertEqual(check.standardOutput, "status 2\n")
    }

    /// A closed standard output: what the program prints is not moved to standard error.
    func testAClosedStandardOutputIsNotWrittenToStandardError() throws {
        let result = try shell(#""$0" --version >&-; echo "status $?" >&2"#)
        XCTAssertFalse(result.standardError.contains("tabnav-tui 0"), result.standardError)
        XCTAssertTrue(result.standardError.hasSuffix("status 1\n") || result.standardError.hasSuffix("status 0\n"),
                      result.standardError)
    }

    /// Under `ulimit -f 0` an error line is still printed and the status is 2 (a write to the
    /// in-memory file past the limit ended the program with SIGXFSZ, status 153, and no word).
    func testAFileSizeLimitDoesNotSilenceAnError() throws {
        // The limit inside a subshell whose output is a pipe (pipes do not count), read by `cat`.
        let result = try shell(#"( ulimit -f 0 || exit 99; "$0" --no-such-option 2>&1; echo "status $?" ) | cat"#)
        XCTAssertTrue(result.standardOutput.hasSuffix("status 2\n"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("--no-such-option"), result.standardOutput)
    }
}
