import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavSystem

final class StateLocationTests: XCTestCase {
    private let everything = [
        "TABNAV_STATE_DIR": "/env/state", "XDG_STATE_HOME": "/xdg", "HOME": "/home/ana",
    ]

    func testResolutionOrder() {
        XCTAssertEqual(StateLocation.directory(stateDir: "/flag", environment: everything), "/flag")
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: everything), "/env/state")
        var env = everything
        env["TABNAV_STATE_DIR"] = nil
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: env), "/xdg/tabnav-tui")
        env["XDG_STATE_HOME"] = nil
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: env), "/home/ana/.local/state/tabnav-tui")
    }

    /// An embedding application keeps its state under its own name, and never reads the
    /// program's TABNAV_STATE_DIR: two applications never share a folder by accident.
    func testAnApplicationsStateLivesUnderItsOwnName() {
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: everything, application: "procs"), "/xdg/procs")
        var env = everything
        env["XDG_STATE_HOME"] = nil
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: env, application: "procs"), "/home/ana/.local/state/procs")
        XCTAssertEqual(StateLocation.directory(stateDir: "/flag", environment: env, application: "procs"), "/flag")
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: env, application: "tabnav-tui"), "/env/state")
        for bad in ["", ".", "..", "a/b", "nul\0"] {
            XCTAssertNotNil(StateLocation.problem(withApplicationName: bad), bad)
        }
        XCTAssertNil(StateLocation.problem(withApplicationName: "tabnav-procs"))
    }

    func testEmptyValuesCountAsUnset() {
        let env = ["TABNAV_STATE_DIR": "", "XDG_STATE_HOME": "", "HOME": "/h"]
        XCTAssertEqual(StateLocation.directory(stateDir: "", environment: env), "/h/.local/state/tabnav-tui")
    }

    func testRelativeXDGStateHomeIsIgnored() {
        let env = ["XDG_STATE_HOME": "relative/state", "HOME": "/h"]
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: env), "/h/.local/state/tabnav-tui")
    }

    func testTildeExpansionAndTrailingSlashes() {
        let env = ["HOME": "/home/ana/", "TABNAV_STATE_DIR": "~/st/"]
        XCTAssertEqual(StateLocation.directory(stateDir: "~", environment: env), "/home/ana")
        XCTAssertEqual(StateLocation.directory(stateDir: "~/s//", environment: env), "/home/ana/s")
        XCTAssertEqual(StateLocation.directory(stateDir: "~bob/s", environment: env), "~bob/s")
        XCTAssertEqual(StateLocation.directory(stateDir: "rel/dir", environment: env), "rel/dir")
        XCTAssertEqual(StateLocation.directory(stateDir: "/", environment: env), "/")
        XCTAssertEqual(StateLocation.directory(stateDir: nil, environment: env), "/home/ana/st")
        XCTAssertEqual(
            StateLocation.directory(stateDir: nil, environment: ["HOME": "/h", "XDG_STATE_HOME": "~/xs"]),
            "/h/xs/tabnav-tui")
    }

    func testWithoutHOMEUsesThePasswordDatabase() {
        let dir = StateLocation.directory(stateDir: nil, environment: [:])
        XCTAssertTrue(dir.hasSuffix("/.local/state/tabnav-tui"), dir)
        XCTAssertFalse(dir.hasPrefix("/.local"), "a home folder was found: \(dir)")
    }

    func testFile() {
        XCTAssertEqual(StateLocation.file(directory: "/s", layoutID: "ops"), "/s/ops.json")
        XCTAssertEqual(StateLocation.file(directory: "/", layoutID: "ops"), "/ops.json")
    }

    func testTimestamp() {
        XCTAssertEqual(UTCTimestamp.compact(secondsSinceEpoch: 1_796_013_372), "20261130T043612Z")
        XCTAssertEqual(UTCTimestamp.compact(secondsSinceEpoch: 0), "19700101T000000Z")
    }
}
