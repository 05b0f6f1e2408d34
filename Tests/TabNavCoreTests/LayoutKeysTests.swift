import XCTest
@testable import TabNavCore

/// The schema's keys are written out twice, as enum cases and as the names a file uses: they
/// must agree, slot for slot.
final class LayoutKeysTests: XCTestCase {
    private func names<Key: LayoutKeySet>(of _: Key.Type) -> [String] {
        Key.allCases.sorted { $0.rawValue < $1.rawValue }.map { String(describing: $0) }
    }

    func testEveryKeySetNamesItsCasesInSlotOrder() {
        typealias S = LayoutSchema
        XCTAssertEqual(S.TopKey.keys.names, names(of: S.TopKey.self))
        XCTAssertEqual(S.TabKey.keys.names, names(of: S.TabKey.self))
        XCTAssertEqual(S.SectionKey.keys.names, names(of: S.SectionKey.self))
        XCTAssertEqual(S.CustomizationKey.keys.names, names(of: S.CustomizationKey.self))
        XCTAssertEqual(S.ContentKey.keys.names, names(of: S.ContentKey.self))
        XCTAssertEqual(S.EntryKey.keys.names, names(of: S.EntryKey.self))
        XCTAssertEqual(S.ActionKey.keys.names, names(of: S.ActionKey.self))
    }

    func testEveryNameFindsItsOwnSlot() {
        for keys in [LayoutSchema.TabKey.keys, LayoutSchema.SectionKey.keys, LayoutSchema.ContentKey.keys] {
            for (slot, name) in keys.names.enumerated() {
                XCTAssertEqual(keys.slot(of: name), slot, name)
            }
            XCTAssertNil(keys.slot(of: "titel"))
        }
    }
}
