import Foundation
@testable import TabNavTerminal
import XCTest

/// Characters of a locale whose character set is not UTF-8, read byte by byte.
final class LocaleCharacterAssemblerTests: XCTestCase {
    /// Runs `body` with this thread's character set that of `name`, a locale compiled here from
    /// glibc's sources with `localedef` (a system has few such locales installed).
    private func withLocale(_ name: String, source: String, charmap: String, _ body: () throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("tabnav-locale-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/\(source)"),
              let localedef = ["/usr/bin/localedef", "/usr/sbin/localedef"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("no localedef or locale sources to build \(name)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: localedef)
        process.arguments = ["--no-warnings=ascii", "-i", source, "-f", charmap, folder.appendingPathComponent(name).path]
        try process.run()
        process.waitUntilExit()
        let previous = getenv("LOCPATH").map { String(cString: $0) }
        setenv("LOCPATH", folder.path, 1)
        defer {
            if let previous { setenv("LOCPATH", previous, 1) } else { unsetenv("LOCPATH") }
        }
        let locale = try XCTUnwrap(newlocale(LC_CTYPE_MASK, name, nil), "\(name) did not build")
        defer { freelocale(locale) }
        let threadLocale = uselocale(locale)
        defer { uselocale(threadLocale) }
        try body()
    }

    private func read(_ bytes: [UInt8]) -> [UInt32] {
        var assembler = LocaleCharacterAssembler()
        var characters: [UInt32] = []
        for byte in bytes { assembler.push(byte) { characters.append($0) } }
        return characters
    }

    func testAnASCIISecondByteBelongsToItsCharacter() throws {
        // Big5 A4 71 is U+5C22; read as ASCII its second byte was `q`, which quit the program.
        try withLocale("zh_TW.BIG5", source: "zh_TW", charmap: "BIG5") {
            XCTAssertEqual(read([0xA4, 0x71, 0x71]), [0x5C22, 0x71])
            XCTAssertEqual(read([0xA4]), [], "half a character is no key")
            XCTAssertEqual(read([0xA4, 0x1B, 0x5B, 0x41]), [0x1B, 0x5B, 0x41],
                           "a byte that cannot continue the character stands for itself")
        }
    }

    func testAByteThatCutsACharacterShortStartsTheNextOne() throws {
        // EUC-JP's A4 needs a second byte of A1-FE; 8E starts a half-width katakana (8E B1 is
        // U+FF71). Dropped with the broken character, 8E was lost and B1 taken for a lead byte.
        try withLocale("ja_JP.EUC-JP", source: "ja_JP", charmap: "EUC-JP") {
            XCTAssertEqual(read([0xA4, 0x8E, 0xB1]), [0xFF71])
            XCTAssertEqual(read([0xA4, 0x8E, 0xB1, 0x71]), [0xFF71, 0x71])
        }
    }

    func testGBKsSecondByteIsNeverTypedOnItsOwn() throws {
        // GBK 81 71 and 81 6C are characters; their second bytes alone are `q` (quit) and `l`
        // (next tab). (GB18030 has the same, but its locale takes ~10 s to build.)
        try withLocale("zh_CN.GBK", source: "zh_CN", charmap: "GBK") {
            let characters = read([0x81, 0x71, 0x81, 0x6C])
            XCTAssertEqual(characters.count, 2)
            XCTAssertFalse(characters.contains(0x71) || characters.contains(0x6C))
        }
    }
}
