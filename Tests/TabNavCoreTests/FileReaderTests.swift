import Foundation
import TestSupport
import XCTest
@testable import TabNavCore
import TabNavSystem

/// `FileReader` reads a whole file, whatever its size and whatever `fstat` says of it, into a
/// buffer that is not zeroed first (and, from 8 MB, advised for huge pages).
final class FileReaderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    func testEveryByteOfFilesOfManySizes() throws {
        for (n, size) in [0, 1, 4_095, 4_096, 4_097, 100_003, 9 << 20].enumerated() {
            let content = bytes(size, seed: UInt64(n + 1))
            let path = folder.appendingPathComponent("f\(n)").path
            try Data(content).write(to: URL(fileURLWithPath: path))
            let read = try FileReader.readAll(path: path)
            XCTAssertEqual(read.count, size)
            XCTAssertTrue(read == content, "\(size) bytes read back as written")
        }
    }

    func testAPipeLongerThanItsReportedSizeIsReadToItsEnd() throws {
        let content = bytes(300_000, seed: 42)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let writeEnd = ends[1]
        let writer = Thread {
            content.withUnsafeBytes { raw in
                var at = 0
                while at < raw.count {
                    let wrote = write(writeEnd, raw.baseAddress! + at, raw.count - at)
                    if wrote <= 0 { break }
                    at += wrote
                }
            }
            close(writeEnd)
        }
        writer.start()
        let read = try FileReader.readAll(descriptor: ends[0])
        close(ends[0])
        XCTAssertTrue(read == content, "\(read.count) of \(content.count) bytes")
    }

    func testTheLimitHolds() throws {
        let path = folder.appendingPathComponent("limit").path
        try Data(bytes(5_000, seed: 7)).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try FileReader.readAll(path: path, limit: 5_000).count, 5_000)
        XCTAssertThrowsError(try FileReader.readAll(path: path, limit: 4_999)) { error in
            XCTAssertEqual(error as? FileReader.Failure, .tooLarge(limit: 4_999))
        }
    }

    func testReservingInHugePagesIsReserving() {
        var large: [Int64] = []
        large.reserveCapacityInHugePages(2_000_000)
        XCTAssertGreaterThanOrEqual(large.capacity, 2_000_000)
        large.append(contentsOf: 0..<2_000_000)
        XCTAssertEqual(large.last, 1_999_999)
        var kept: [Int64] = [1, 2, 3]
        kept.reserveCapacityInHugePages(2_000_000)
        XCTAssertEqual(kept, [1, 2, 3], "what an array holds stays")
    }

    /// The path, folder and fingerprint of a layout come from the one descriptor its bytes were
    /// read from: a link retargeted after the open does not move them to another file, and a file
    /// replaced at its path after the open has no path at all (so no trust can be recorded for it).
    func testThePathOfAnOpenFileIsTheFileThatWasOpened() throws {
        let fm = FileManager.default
        let evil = folder.appendingPathComponent("evil").path, victim = folder.appendingPathComponent("victim").path
        try fm.createDirectory(atPath: evil, withIntermediateDirectories: true)
        try fm.createDirectory(atPath: victim, withIntermediateDirectories: true)
        try "{\"evil\": 1}".write(toFile: evil + "/ops.json", atomically: false, encoding: .utf8)
        try "{\"victim\": 1}".write(toFile: victim + "/ops.json", atomically: false, encoding: .utf8)
        let link = folder.appendingPathComponent("link.json").path
        try fm.createSymbolicLink(atPath: link, withDestinationPath: evil + "/ops.json")
        let evilPath = try XCTUnwrap(FileSystem.resolved(evil + "/ops.json"))
        let victimPath = try XCTUnwrap(FileSystem.resolved(victim + "/ops.json"))

        let (fd, info) = try FileReader.openRegular(path: link)
        defer { close(fd) }
        // The link now names the victim, as an attacker would swap it between a check and a read.
        let swapped = folder.appendingPathComponent("swap.json").path
        try fm.createSymbolicLink(atPath: swapped, withDestinationPath: victim + "/ops.json")
        XCTAssertEqual(rename(swapped, link), 0)
        XCTAssertEqual(FileSystem.resolved(link), victimPath, "the link was retargeted")
        XCTAssertEqual(FileSystem.path(ofOpen: fd, info: info), evilPath, "the open file's path, not the link's new target")
        XCTAssertEqual(Array(try FileReader.readAll(descriptor: fd)), Array("{\"evil\": 1}".utf8))

        // The opened file replaced at its own path: the descriptor's file has no path any more.
        XCTAssertEqual(rename(victim + "/ops.json", evil + "/ops.json"), 0)
        XCTAssertNil(FileSystem.path(ofOpen: fd, info: info), "a replaced file must not lend its path to the bytes read")

        // Through the loader (which opens once and asks the descriptor, as above): the bytes,
        // path and folder are those of the file the link names at the open.
        try "{\"evil\": 2}".write(toFile: victim + "/ops.json", atomically: false, encoding: .utf8)
        let source = try LayoutLoader.read(link)
        XCTAssertEqual(source.bytes, Array("{\"evil\": 2}".utf8))
        XCTAssertEqual(source.canonicalPath, victimPath)
        XCTAssertEqual(source.folder, FileSystem.resolved(victim))
    }
}
