import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// The JSON line of every event (docs/behaviour.md, "Events"), exactly.
final class EventJSONTests: XCTestCase {
    func testEveryEventLine() {
        let expected: [(TabNavEvent, String)] = [
            (.didLaunch(selected: "watch", tabBar: ["watch", "library"], sidebarVisible: false, columns: 100, rows: 30),
             #"{"event":"didLaunch","selected":"watch","tabBar":["watch","library"],"sidebarVisible":false,"size":{"columns":100,"rows":30}}"#),
            (.selectionDidChange(tab: "library"), #"{"event":"selectionDidChange","tab":"library"}"#),
            (.tabBarDidChange(items: ["a", "b"]), #"{"event":"tabBarDidChange","items":["a","b"]}"#),
            (.tabBarDidChange(items: []), #"{"event":"tabBarDidChange","items":[]}"#),
            (.visibilityDidChange(tabs: ["x"], hidden: true), #"{"event":"visibilityDidChange","tabs":["x"],"hidden":true}"#),
            (.displayOrderDidChange(group: "collections", order: ["c2", "c1"]),
             #"{"event":"displayOrderDidChange","group":"collections","order":["c2","c1"]}"#),
            (.sidebarVisibilityDidChange(visible: true), #"{"event":"sidebarVisibilityDidChange","visible":true}"#),
            (.editingDidChange(editing: false), #"{"event":"editingDidChange","editing":false}"#),
            (.sectionActionInvoked(group: "collections", action: "new"),
             #"{"event":"sectionActionInvoked","group":"collections","action":"new"}"#),
            (.itemsDropped(tab: "c1", items: ["v7"]), #"{"event":"itemsDropped","tab":"c1","items":["v7"]}"#),
            (.willTerminate, #"{"event":"willTerminate"}"#),
        ]
        for (event, line) in expected {
            XCTAssertEqual(event.jsonLine, line)
            XCTAssertEqual(event.jsonObject.objectValue?.first?.key, "event")
            XCTAssertEqual(event.jsonObject["event"]?.stringValue, event.name)
        }
    }

    func testIdsWithQuotesAndControlCharactersStayOnOneLine() {
        let line = TabNavEvent.selectionDidChange(tab: "a\"b\n\u{1B}c").jsonLine
        XCTAssertEqual(line, #"{"event":"selectionDidChange","tab":"a\"b\n\u001bc"}"#)
        XCTAssertFalse(line.contains("\n"))
    }
}
