import TestSupport
import XCTest
@testable import TabNavCore

/// A state file read from the tape of its JSON (what a launch does) gives exactly what the value
/// tree gave: the same state, or the same message, over random documents near the format.
final class StateTapeDecodeTests: XCTestCase {
    static let keys = ["version", "tabBar", "hidden", "sectionOrder", "collapsed", "sidebarVisible", "selected",
                       "knownIDs", "addedTabs", "drops"]

    func randomValue(_ random: inout SplitMix64, depth: Int = 0) -> JSONValue {
        switch random.below(depth > 2 ? 6 : 9) {
        case 0: return .null
        case 1: return .bool(random.percent(50))
        case 2: return .number(random.pick([0, 1, 1.5, -2, 1e300]))
        case 3, 4, 5: return .string(randomString(&random))
        case 6: return .array((0..<random.below(4)).map { _ in randomValue(&random, depth: depth + 1) })
        default: return .object((0..<random.below(4)).map { _ in (randomString(&random), randomValue(&random, depth: depth + 1)) })
        }
    }

    func randomString(_ random: inout SplitMix64) -> String {
        random.pick(["a", "b", "", "s1", "é", "id", "title", "section", "icon", "x\u{0}y", "tab\"q", "version"])
    }

    func strings(_ random: inout SplitMix64) -> JSONValue {
        if random.percent(10) { return randomValue(&random) }
        var elements = (0..<random.below(5)).map { _ in JSONValue.string(randomString(&random)) }
        if random.percent(10) { elements.append(randomValue(&random)) }
        return .array(elements)
    }

    func randomDocument(_ random: inout SplitMix64) -> JSONValue {
        if random.percent(3) { return randomValue(&random) }
        var members: [(key: String, value: JSONValue)] = []
        if !random.percent(5) {
            members.append(("version", random.percent(90) ? .number(1) : randomValue(&random)))
        }
        for key in Self.keys.dropFirst() where random.percent(60) {
            let value: JSONValue
            switch key {
            case "tabBar", "hidden", "knownIDs", "collapsed": value = strings(&random)
            case "sectionOrder", "drops":
                value = random.percent(10) ? randomValue(&random)
                    : .object((0..<random.below(4)).map { _ in (randomString(&random), strings(&random)) })
            case "sidebarVisible": value = random.percent(80) ? .bool(random.percent(50)) : randomValue(&random)
            case "selected": value = random.percent(80) ? .string(randomString(&random)) : randomValue(&random)
            default:
                value = random.percent(10) ? randomValue(&random) : .array((0..<random.below(4)).map { _ in
                    random.percent(15) ? randomValue(&random) : .object(["section", "id", "title", "icon"].compactMap { field in
                        random.percent(85) ? (field, random.percent(90) ? .string(randomString(&random)) : randomValue(&random)) : nil
                    })
                })
            }
            members.append((key, value))
        }
        if random.percent(5) { members.append((random.pick(["extra", "versions", "é"]), .null)) }
        if random.percent(10), let repeated = members.indices.randomElement(using: &random) {
            members.append((members[repeated].key, randomValue(&random)))  // a key twice: the first counts
        }
        if random.percent(30) { members.shuffle(using: &random) }
        return .object(members)
    }

    func testTheTapeDecodesAsTheValueTree() throws {
        var random = SplitMix64(seed: 2026)
        var loaded = 0, withAddedTabs = 0, withDrops = 0
        var messages: [String: Int] = [:]
        for round in 0..<4000 {
            let document = randomDocument(&random)
            let bytes = JSONWriter.bytes(document, style: random.percent(50) ? .compact : .pretty)
            let tape = try JSONParser.tape(bytes)
            let expected = Result { () throws(StateFormatError) -> SavedState in try SavedStateCoding.decode(JSONValue(tape)) }
            let actual = Result { () throws(StateFormatError) -> SavedState in try SavedStateCoding.decode(tape) }
            switch (expected, actual) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a, b, "round \(round)")
                loaded += 1
                if !a.addedTabs.isEmpty { withAddedTabs += 1 }
                if !a.drops.isEmpty { withDrops += 1 }
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a.message, b.message, "round \(round)")
                messages[String(a.message.prefix(12)), default: 0] += 1
            default:
                XCTFail("round \(round): \(expected) but \(actual)")
            }
        }
        // What the rounds reached: loaded states with run-time tabs and drops, and each message.
        XCTAssertGreaterThan(loaded, 500)
        XCTAssertGreaterThan(withAddedTabs, 100)
        XCTAssertGreaterThan(withDrops, 100)
        for prefix in ["expected an ", "missing \"ver", "unknown key ", "unsupported ", "\"tabBar\": ex", "\"hidden\": ex",
                       "\"knownIDs\": ", "\"sectionOrde"] {
            XCTAssertGreaterThan(messages[prefix] ?? 0, 5, prefix)
        }
    }
}
