import XCTest
import TabNavCore
import TabNavInteraction
import TabNavRender

/// Screens of "where am I", the sidebar tree keys, the `+` picker, the item menu, compact help
/// and the compact sidebar (docs/behaviour.md).
final class WhereAmISnapshotTests: XCTestCase {
    func testGroupChildKeepsItsGroupSelectedAndReadsAsABreadcrumb() throws {
        let scene = Scene(options: AppOptions(mode: .tabbar), 100, 6, keys: "6,down,enter")
        try assertSnapshot(scene, named: "where-am-i-group-child-100x6")
        let frame = try scene.plainText()
        XCTAssertTrue(frame.contains("Animations › Ocean"), frame)
    }

    func testGroupChildBreadcrumbInASCII() throws {
        let scene = Scene(options: AppOptions(mode: .tabbar, ascii: true), 100, 6, keys: "6,down,enter")
        XCTAssertTrue(try scene.plainText().contains("Animations / Ocean"))
    }
}
