import XCTest
import TabNavCore
import TabNavInteraction

/// A text field (the name prompt in the footer, the search field in the title row) always shows
/// its cursor and what was typed last, however narrow the screen or long the text: the prompt's
/// question gives way, a long text scrolls, and the search count never covers the query.
final class TextFieldScrollTests: XCTestCase {
    /// `a` on Collections in the demo's full-screen sidebar (under 60 columns: `s` opens it).
    private static let newCollection = "s,down,down,down,down,down,down,down,a"

    private func lines(_ columns: Int, _ rows: Int, keys: String) throws -> [String] {
        try Scene(columns, rows, keys: keys).plainText()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func footer(_ columns: Int, _ rows: Int, keys: String) throws -> String {
        try lines(columns, rows, keys: keys).last { !$0.isEmpty } ?? ""
    }

    private static func typing(_ text: String) -> String {
        text.map { $0 == " " ? "space" : String($0) }.joined(separator: ",")
    }

    /// At 40 columns "Name of the new tab in Collections: " filled the footer: the name typed
    /// and the cursor were drawn past its end.
    func testTheNamePromptShowsWhatIsTypedAtFortyColumns() throws {
        let line = try footer(40, 15, keys: Self.newCollection + ",N,o,r,a")
        XCTAssertTrue(line.contains("Nora▏"), line)
        XCTAssertTrue(line.contains("Name of the"), line)
    }

    /// A name longer than the room scrolls: the cursor and the last characters stay in view,
    /// also with the cursor moved back into it.
    func testALongNameScrollsToKeepTheCursorInView() throws {
        let name = "a very long name for a collection of many videos"
        let end = try footer(80, 24, keys: Self.newCollection + "," + Self.typing(name) + ",Z")
        XCTAssertTrue(end.contains("videosZ▏"), end)
        let back = try footer(40, 15, keys: Self.newCollection + "," + Self.typing(name) + ",left,left")
        XCTAssertTrue(back.contains("vide▏os"), back)
    }

    /// The count stays at the end of the search row, a space after the query, which scrolls.
    func testALongQueryScrollsBesideTheSearchCount() throws {
        let query = String(repeating: "x", count: 90)
        let row = try lines(80, 24, keys: "/," + Self.typing(query) + ",y")[1]
        XCTAssertTrue(row.hasSuffix("xy▏ 0 found"), row)
    }
}

/// A question in the footer keeps the key that answers it: at 40 columns "Reset all
/// customization to the defaults?" and "Delete …?" were drawn cut, without `y: reset` or
/// `y: delete`, so nothing on the screen said how to say yes.
final class FooterQuestionTests: XCTestCase {
    private func footer(_ columns: Int, keys: String) throws -> String {
        try Scene(columns, 25, keys: keys).plainText()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).last { !$0.isEmpty } ?? ""
    }

    func testTheResetQuestionKeepsItsAnswerAtFortyColumns() throws {
        let line = try footer(40, keys: "e,R")
        XCTAssertTrue(line.contains("Reset all"), line)
        XCTAssertTrue(line.hasSuffix("  y: reset"), line)
        // Where everything fits, nothing is cut.
        XCTAssertTrue(try footer(80, keys: "e,R").contains("Reset all customization to the defaults?  y: reset  any other key: keep"))
    }

    func testTheDeleteQuestionKeepsItsAnswerAtFortyColumns() throws {
        // A tab added with New Collection, then its menu's Delete….
        let keys = "s,down,down,down,down,down,down,down,a,N,o,r,a,space,F,o,r,e,s,t,space,W,a,l,k,s,enter,"
            + "down,down,down,down,down,down,down,.,down,down,down,down,down,enter"
        let line = try footer(40, keys: keys)
        XCTAssertTrue(line.contains("Delete Nora"), line)
        XCTAssertTrue(line.hasSuffix("  y: delete"), line)
        XCTAssertTrue(try footer(80, keys: keys).contains("Delete Nora Forest Walks?  y: delete  any other key: keep"))
    }
}
