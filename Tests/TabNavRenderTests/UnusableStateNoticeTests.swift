import XCTest
import TabNavCore
import TabNavInteraction
@testable import TabNavRender

/// The footer's notice for a state file set aside keeps what it is for at every width: that the
/// program started from the defaults and where the old file went. It used to be one long line
/// cut at a word, so at 80 columns the place was lost and at 40 only "State file…" showed.
final class UnusableStateNoticeTests: XCTestCase {
    private static let keptAs = "/home/person/.local/state/tabnav-tui/destination-video.json.corrupt-20261201T101138Z"

    private func footer(_ columns: Int) throws -> String {
        var state = try Scene(columns, 15).state()
        let forms = TabNavSession.unusableStateNotice(keptAs: Self.keptAs, reason: "line 1, column 27: the file ends inside an object")
        _ = state.apply(.notify(FooterMessage(forms[0], isError: true, shorter: Array(forms.dropFirst()))))
        let text = render(state, style: Scene(columns, 15).style()).grid.plainText()
        let line = text.split(separator: "\n").last.map(String.init) ?? ""
        return line
    }

    func testEveryWidthSaysTheDefaultsAreUsedAndTheFileIsKept() throws {
        XCTAssertTrue(try footer(260).contains("started from the defaults (kept as \(Self.keptAs); line 1, column 27"))
        XCTAssertTrue(try footer(200).contains("started from the defaults (kept as \(Self.keptAs))"))
        XCTAssertTrue(try footer(160).contains("started from the defaults (kept as destination-video.json.corrupt-20261201T101138Z)"))
        XCTAssertTrue(try footer(120).contains("Started from defaults; bad state kept as destination-video.json.corrupt-20261201T101138Z"))
        XCTAssertTrue(try footer(100).contains("Started from defaults; bad state kept as ….corrupt-20261201T101138Z"))
        XCTAssertTrue(try footer(80).contains("Defaults used; bad state kept as ….corrupt-20261201T101138Z"))
        XCTAssertTrue(try footer(60).contains("Defaults used: bad state set aside"))
        XCTAssertTrue(try footer(40).contains("Bad state set aside"))
        for columns in [40, 60, 80, 100, 120, 160, 200, 260] {
            let line = try footer(columns)
            XCTAssertFalse(line.contains("…  "), "no form is cut at \(columns) columns: \(line)")
            XCTAssertTrue(line.hasSuffix("?: help"), "the help hint stays at \(columns) columns")
        }
    }

    /// With ASCII stand-ins the program's own "…" in a message is the ASCII ellipsis, not a "?"
    /// ("kept as ?.corrupt-…", "Reloading Disk?" read as a question).
    func testASCIIFooterShowsTheProgramsEllipsisAsDots() throws {
        var options = AppOptions()
        options.ascii = true
        let scene = Scene(options: options, 84, 15)
        var state = try scene.state()
        let forms = TabNavSession.unusableStateNotice(keptAs: Self.keptAs, reason: "not valid JSON")
        _ = state.apply(.notify(FooterMessage(forms[0], isError: true, shorter: Array(forms.dropFirst()))))
        var line = render(state, style: scene.style()).grid.plainText().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(line.contains("Defaults used; bad state kept as ....corrupt-20261201T101138Z"), line)
        _ = state.apply(.notify(FooterMessage("Reloading Disk…")))
        line = render(state, style: scene.style()).grid.plainText().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(line.contains("Reloading Disk..."), line)
    }
}
