import Foundation
import XCTest
@testable import TabNavCore

/// SHA-256 against the published test vectors (FIPS 180-4 examples, NIST CAVS), and the trust
/// file: what it records, its mode, atomic replacement, and a changed file asking again
/// (docs/layout-files.md, "Trust").
final class TrustTests: XCTestCase {
    func testSHA256PublishedVectors() {
        XCTAssertEqual(SHA256.hex(Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(Array(("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                                         + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8)),
                       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // NIST byte-oriented short messages.
        XCTAssertEqual(SHA256.hex([0xd3]), "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1")
        XCTAssertEqual(SHA256.hex([0x11, 0xaf]), "5ca7133fa735326081558ac312c620eeca9970d1e70a4b95533d956f072d1f98")
    }

    func testPaddingBoundaries() {
        // 55, 56 and 64 bytes straddle the length field: each must differ and be stable when fed in pieces.
        for count in [55, 56, 63, 64, 65, 119, 120] {
            let bytes = [UInt8](repeating: 0x61, count: count)
            var pieces = SHA256()
            pieces.update(bytes.prefix(7))
            pieces.update(bytes.dropFirst(7))
            XCTAssertEqual(pieces.finish().map { String(format: "%02x", $0) }.joined(), SHA256.hex(bytes), "\(count) bytes")
        }
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 55)), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 56)), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 64)), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    func testTrustIsRecordedWithModeAndMatchesOnlyTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let layout = folder.path + "/ops.json"
        try "{\"one\": 1}".write(toFile: layout, atomically: true, encoding: .utf8)
        let store = TrustStore(directory: folder.path + "/state")
        let file = try XCTUnwrap(LayoutFingerprint.of(path: layout, bytes: Array("{\"one\": 1}".utf8)))
        XCTAssertTrue(file.canonicalPath.hasPrefix("/"))
        XCTAssertFalse(store.isTrusted(file))
        try store.trust(file)
        XCTAssertTrue(store.isTrusted(file))

        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "trusted.json is private")
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        XCTAssertTrue(text.contains(file.sha256) && text.contains(file.canonicalPath), text)
        // Nothing but the file itself is left in the folder (the temporary file was renamed).
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state"), ["trusted.json"])

        // The same path with other bytes is a changed file: not trusted.
        let changed = try XCTUnwrap(LayoutFingerprint.of(path: layout, bytes: Array("{\"one\": 2}".utf8)))
        XCTAssertFalse(store.isTrusted(changed))
        // Trusting it replaces the entry for that path.
        try store.trust(changed)
        XCTAssertTrue(store.isTrusted(changed))
        XCTAssertFalse(store.isTrusted(file))
    }

    func testSymbolicLinkIsTrustedUnderItsTarget() throws {
        let folder = try TemporaryFolder()
        try "x".write(toFile: folder.path + "/real.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.json", withDestinationPath: folder.path + "/real.json")
        let viaLink = try XCTUnwrap(LayoutFingerprint.of(path: folder.path + "/link.json", bytes: [0x78]))
        let direct = try XCTUnwrap(LayoutFingerprint.of(path: folder.path + "/real.json", bytes: [0x78]))
        XCTAssertEqual(viaLink, direct)
    }

    func testUnreadableTrustFileTrustsNothingAndIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        let store = TrustStore(directory: folder.path)
        try "not json".write(toFile: store.path, atomically: true, encoding: .utf8)
        chmod(store.path, 0o600)
        let file = LayoutFingerprint(canonicalPath: "/x.json", sha256: String(repeating: "0", count: 64))
        XCTAssertFalse(store.isTrusted(file))
        XCTAssertThrowsError(try store.trust(file)) { error in
            XCTAssertTrue("\(error)".contains("it is not a trust file"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: store.path, encoding: .utf8), "not json")
    }

    func testTrustFileThatCannotBeWrittenLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        let locked = folder.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o500)
        defer { chmod(locked, 0o700) }
        guard access(locked, W_OK) != 0 else { throw XCTSkip("running as root: permissions are not enforced") }
        let store = TrustStore(directory: locked)
        XCTAssertThrowsError(try store.trust(LayoutFingerprint(canonicalPath: "/x", sha256: "ab")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked), [])
    }
    /// Before, an entry written by anyone into a shared state folder made a command run with no
    /// question asked: only the person's own private regular file is believed, and why not is said.
    func testOnlyThePersonsOwnPrivateRegularFileIsBelieved() throws {
        let folder = try TemporaryFolder()
        let store = TrustStore(directory: folder.path)
        let file = LayoutFingerprint(canonicalPath: "/x.json", sha256: String(repeating: "0", count: 64))
        try store.trust(file)
        XCTAssertEqual(store.check(file), .trusted)
        let info = try FileManager.default.attributesOfItem(atPath: store.path)
        XCTAssertEqual((info[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        chmod(store.path, 0o666)
        XCTAssertEqual(store.check(file), .unusable("trusted.json is not used: its mode is 0666 (it must be 0600 or stricter)"))
        chmod(store.path, 0o640)
        XCTAssertEqual(store.check(file), .unusable("trusted.json is not used: its mode is 0640 (it must be 0600 or stricter)"))
        chmod(store.path, 0o400)
        XCTAssertEqual(store.check(file), .trusted, "stricter is fine")
        chmod(store.path, 0o600)

        if geteuid() == 0 {
            XCTAssertEqual(chown(store.path, 65534, 65534), 0)
            XCTAssertEqual(store.check(file), .unusable("trusted.json is not used: it belongs to user 65534, not to you (user 0)"))
            XCTAssertThrowsError(try store.trust(file), "never overwritten") { error in
                XCTAssertTrue("\(error)".contains("it belongs to user 65534"), "\(error)")
            }
            XCTAssertEqual(chown(store.path, 0, 0), 0)
        }

        // A symbolic link to a private file of the person's is not the trust file either.
        let elsewhere = folder.path + "/elsewhere.json"
        XCTAssertEqual(rename(store.path, elsewhere), 0)
        XCTAssertEqual(symlink(elsewhere, store.path), 0)
        XCTAssertEqual(store.check(file), .unusable("trusted.json is not used: cannot read it: a symbolic link, not a regular file (not read)"))
    }

    /// A FIFO in its place is refused at once (before, `open` blocked forever).
    func testAFIFOIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let store = TrustStore(directory: folder.path)
        XCTAssertEqual(mkfifo(store.path, 0o600), 0)
        let file = LayoutFingerprint(canonicalPath: "/x.json", sha256: "ab")
        XCTAssertEqual(store.check(file), .unusable("trusted.json is not used: cannot read it: a FIFO, not a regular file (not read)"))
        XCTAssertThrowsError(try store.trust(file))
    }

    /// Written exactly 0600 whatever the umask.
    func testWrittenPrivateWhateverTheUmask() throws {
        let folder = try TemporaryFolder()
        let store = TrustStore(directory: folder.path)
        let previous = umask(0)
        defer { umask(previous) }
        try store.trust(LayoutFingerprint(canonicalPath: "/x.json", sha256: "ab"))
        let info = try FileManager.default.attributesOfItem(atPath: store.path)
        XCTAssertEqual((info[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }
}
