import XCTest

/// The base of the tests that drive the program through `SignalHarness`: a scratch folder, and
/// the tmux server a test started, killed at the end.
class SignalTestCase: XCTestCase {
    var scratch = ""
    var tmux: SignalTmux?

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = try SignalHarness.makeScratch()
    }

    override func tearDown() {
        tmux?.kill()
        tmux = nil
        SignalHarness.removeScratch(scratch)
        super.tearDown()
    }
}
