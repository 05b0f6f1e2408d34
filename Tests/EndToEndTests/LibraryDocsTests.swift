import Foundation
import XCTest

/// docs/library.md names every public type of the modules `import TabNav` brings.
final class LibraryDocsTests: XCTestCase {
    func testEveryPublicTypeIsInTheLibraryDocs() throws {
        let root = EndToEndTestCase.packageDirectory
        let docs = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"^\s*public (?:final class|class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
                                              options: .anchorsMatchLines)
        var missing: [String] = []
        for module in ["TabNav", "TabNavCore", "TabNavDrawing", "TabNavInteraction"] {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    guard let range = Range(match.range(at: 1), in: text) else { continue }
                    let name = String(text[range])
                    if !docs.contains("`\(name)`"), !docs.contains("`\(name)(") { missing.append("\(module).\(name)") }
                }
            }
        }
        XCTAssertEqual(missing.sorted(), [], "public types docs/library.md does not name")
    }
}
