import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// The configuration file (docs/keys.md): rebinding keys, the theme, and every error
/// with the exact message a person sees.
final class ConfigurationTests: XCTestCase {
    private func load(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> TabNavConfiguration {
        try ConfigurationLoader.parse(text: text, source: "config.json")
    }

    /// The error message (without the source) for a bad configuration.
    private func message(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try ConfigurationLoader.parse(text: text, source: "config.json")
            XCTFail("accepted \(text)", file: file, line: line)
            return ""
        } catch {
            XCTAssertEqual(error.description, "config.json: " + error.message, file: file, line: line)
            return error.message
        }
    }

    // MARK: Keys that must stay

    /// "Leaves no key to quit" said to bind a key to "quit" in every mode, also where that is
    /// refused ("quit" is no command of a terminal tab) and named q for modes where q types a q.
    /// Now the advice, followed, gives a configuration that loads, in every mode.
    func testTheAdviceForAModeWithoutAWayOutCanBeFollowed() throws {
        var checked = 0
        for mode in Keymap.Mode.allCases {
            let ways: [Command] = mode == .terminal ? [.prefix] : [.quit] + ConfigurationDecoder.leavingCommands
            let keys = ways.flatMap { Keymap.standard.keys(for: $0, in: mode) }
            guard !keys.isEmpty else { continue }
            let table = keys.compactMap(KeyNames.name(of:)).map { #""\#($0)": "none""# }.joined(separator: ", ")
            let refused = message(#"{"keys": {"\#(mode.rawValue)": {\#(table)}}}"#)
            XCTAssertTrue(refused.hasPrefix("keys.\(mode.rawValue): leaves no key to quit in \(mode.rawValue) mode (bind a key to "), refused)
            // The first command it names, bound to F5 in that mode.
            let advice = try XCTUnwrap(refused.components(separatedBy: "bind a key to \"").dropFirst().first)
            let command = try XCTUnwrap(advice.components(separatedBy: "\"").first)
            XCTAssertNoThrow(try load(#"{"keys": {"\#(mode.rawValue)": {\#(table), "f5": "\#(command)"}}}"#), "\(mode): \(refused)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 5)
    }

    /// Before, a file that unbound q and C-c everywhere was accepted: no way to quit.
    func testAConfigurationWithoutAKeyToQuitIsRefused() {
        let everyMode = ["normal", "search", "edit", "grab", "carry", "help", "prompt", "confirm", "menu", "picker", "terminal"]
        let none = everyMode.map { #""\#($0)": {"q": "none", "C-c": "none"}"# }.joined(separator: ", ")
        XCTAssertEqual(message(#"{"keys": {\#(none)}}"#),
                       #"keys.normal: leaves no key to quit in normal mode (bind a key to "quit" (q, C-c by default) in normal mode)"#)
        XCTAssertEqual(message(#"{"keys": {"normal": {"q": "none", "C-c": "none"}}}"#),
                       #"keys.normal: leaves no key to quit in normal mode (bind a key to "quit" (q, C-c by default) in normal mode)"#)
        // A mode that can only be left, not quit from, is fine while the mode it returns to can quit...
        XCTAssertNoThrow(try load(#"{"keys": {"search": {"C-c": "none"}, "edit": {"q": "none", "C-c": "none"}}}"#))
        XCTAssertNoThrow(try load(#"{"keys": {"normal": {"q": "none", "C-q": "quit"}}}"#))
        // ...but not one that can neither quit nor be left.
        XCTAssertEqual(message(#"{"keys": {"search": {"C-c": "none", "esc": "none"}}}"#),
                       #"keys.search: leaves no key to quit in search mode (bind a key to "quit" (C-c by default) or "leave-field" (esc by default) in search mode)"#)
    }

    /// Before, `"down": "trust"` was accepted: an arrow key trusted a file and ran its commands.
    func testTrustMayOnlyBeBoundToAPlainLetter() throws {
        XCTAssertEqual(message(#"{"keys": {"normal": {"down": "trust"}}}"#),
                       #"keys.normal.down: "trust" may only be bound to a plain letter (a-z or A-Z), not to Down"#)
        for key in ["enter", "space", "C-t", "1", "f5", "é", "tab"] {
            XCTAssertTrue(message(#"{"keys": {"normal": {"\#(key)": "trust"}}}"#).contains(#""trust" may only be bound to a plain letter"#), key)
        }
        XCTAssertEqual(try load(#"{"keys": {"normal": {"T": "trust", "t": "none"}}}"#).keymap.keys(for: .trust, in: .normal), [.character("T")])
    }

    // MARK: Rebinding

    func testBindingAddsTheKeyAndKeepsTheOthers() throws {
        let configuration = try load(#"{"keys": {"normal": {"n": "next-tab"}}}"#)
        let keymap = configuration.keymap
        XCTAssertEqual(keymap.command(for: .character("n"), in: .normal), .nextTab)
        XCTAssertEqual(keymap.keys(for: .nextTab, in: .normal), [.character("n"), .right, .character("l")], "the rebound key comes first")
        XCTAssertNil(keymap.command(for: .character("n"), in: .edit), "other modes are unchanged")
        XCTAssertEqual(configuration.theme, .default)
    }

    func testBindingReplacesWhatTheKeyDidAndNoneUnbinds() throws {
        let keymap = try load(#"{"keys": {"normal": {"q": "help", "l": "none", "C-x": "quit"}, "edit": {"f2": "done"}}}"#).keymap
        XCTAssertEqual(keymap.command(for: .character("q"), in: .normal), .help)
        XCTAssertEqual(keymap.keys(for: .quit, in: .normal), [.control("x"), .control("c")])
        XCTAssertNil(keymap.command(for: .character("l"), in: .normal))
        XCTAssertEqual(keymap.keys(for: .nextTab, in: .normal), [.right])
        XCTAssertEqual(keymap.command(for: .function(2), in: .edit), .done)
        XCTAssertEqual(keymap.command(for: .character("l"), in: .edit), .right, "none is per mode")
    }

    func testKeyNamesAsRenderKeysReadsThem() throws {
        let keymap = try load(#"{"keys": {"normal": {"space": "open", "comma": "first", "esc": "quit", "Q": "quit", "pgdn": "last"}}}"#).keymap
        XCTAssertEqual(keymap.command(for: .character(" "), in: .normal), .open)
        XCTAssertEqual(keymap.command(for: .character(","), in: .normal), .first)
        XCTAssertEqual(keymap.command(for: .escape, in: .normal), .quit)
        XCTAssertEqual(keymap.command(for: .character("Q"), in: .normal), .quit)
        XCTAssertEqual(keymap.command(for: .pageDown, in: .normal), .last)
    }

    func testEmptyObjectsAndTheStandardConfiguration() throws {
        XCTAssertEqual(try load("{}"), .standard)
        XCTAssertEqual(try load(#"{"keys": {"normal": {}}}"#), .standard)
        XCTAssertEqual(TabNavConfiguration.standard.keymap, .standard)
    }

    func testTheme() throws {
        XCTAssertEqual(try load(#"{"theme": "mono"}"#).theme, .mono)
        XCTAssertEqual(try load(#"{"theme": "default"}"#).theme, .automatic)
        XCTAssertEqual(try load(#"{"theme": "auto"}"#).theme, .automatic)
        XCTAssertEqual(try load(#"{"theme": "light"}"#).theme, .named(.light))
        XCTAssertEqual(try load(#"{"theme": "high-contrast"}"#).theme, .named(.highContrast))
        XCTAssertTrue(ThemeChoice.mono.forcesNoColor)
        XCTAssertFalse(ThemeChoice.default.forcesNoColor)
        XCTAssertTrue(ThemeChoice.automatic.followsBackground)
        XCTAssertFalse(ThemeChoice.named(.dark).followsBackground)
    }

    func testAPersonsOwnColours() throws {
        let theme = try load(##"{"theme": {"base": "light", "accent": "#005fd7", "edit": 130}}"##).theme
        XCTAssertEqual(theme, .custom(ThemeColors(base: .light, colors: [.accent: .rgb(RGBColor(hex: 0x005FD7)), .edit: .index(130)])))
        // 256 colours: the nearest palette colour; 24-bit: exactly; 8: the nearest ANSI colour.
        let full = theme.theme(background: nil, depth: .full256)
        XCTAssertEqual(full.barSelected.foreground, 26)
        XCTAssertEqual(full.editCursor.foreground, 130)
        let direct = theme.theme(background: nil, depth: .direct)
        XCTAssertEqual(direct.directColor(direct.barSelected.foreground!), RGBColor(hex: 0x005FD7))
        XCTAssertEqual(theme.theme(background: nil, depth: .eight).barSelected.foreground, 4)
        XCTAssertEqual(message(#"{"theme": {"accent": 300}}"#),
                       ##"theme.accent: colour 300 is not a palette index (expected 0 to 255 or "#rrggbb")"##)
        XCTAssertEqual(message(#"{"theme": {"accent": "blue"}}"#),
                       ##"theme.accent: "blue" is not a colour (expected "#rrggbb" or 0 to 255)"##)
        XCTAssertEqual(message(#"{"theme": {"base": "solarized"}}"#),
                       #"theme.base: expected a theme name (dark, light, high-contrast or mono), found "solarized""#)
        XCTAssertEqual(message(#"{"theme": {"accnt": 3}}"#).prefix(34), #"theme: unknown key "accnt" (expect"#)
    }

    func testNothingIsAppliedFromAFileWithAnError() {
        XCTAssertEqual(message(#"{"keys": {"normal": {"n": "next-tab", "m": "nope"}}}"#).prefix(16), "keys.normal.m: u")
    }

    // MARK: Errors

    func testUnknownCommand() {
        let normal = Keymap.commands(in: .normal).map(\.command.rawValue).joined(separator: ", ")
        XCTAssertEqual(message(#"{"keys": {"normal": {"n": "nxt-tab"}}}"#),
                       #"keys.normal.n: unknown command "nxt-tab" (expected one of: \#(normal), none)"#)
        XCTAssertTrue(normal.hasPrefix("previous-tab, next-tab, "))
        XCTAssertEqual(message(#"{"keys": {"confirm": {"x": "nope"}}}"#),
                       #"keys.confirm.x: unknown command "nope" (expected one of: confirm, cancel, quit, none)"#)
    }

    func testCommandOfAnotherMode() {
        XCTAssertEqual(message(#"{"keys": {"edit": {"q": "next-tab"}}}"#), #"keys.edit.q: "next-tab" is not a command of edit mode"#)
        XCTAssertEqual(message(#"{"keys": {"help": {"x": "redraw"}}}"#), #"keys.help.x: "redraw" is not a command of help mode"#)
    }

    func testUnknownMode() {
        XCTAssertEqual(message(#"{"keys": {"nrmal": {"n": "next-tab"}}}"#),
                       #"keys.nrmal: unknown mode "nrmal" (expected normal, search, edit, grab, carry, help, prompt, confirm, menu, picker, terminal, find, page)"#)
    }

    func testUnknownKeyName() {
        let expected = "(expected left, right, up, down, enter, esc, tab, backtab, space, backspace, delete, insert, "
            + "home, end, pgup, pgdn, f1…f12, comma, a single character or C-x)"
        XCTAssertEqual(message(#"{"keys": {"normal": {"banana": "quit"}}}"#), #"keys.normal.banana: unknown key name "banana" \#(expected)"#)
        XCTAssertEqual(message(#"{"keys": {"normal": {"f13": "quit"}}}"#), #"keys.normal.f13: unknown key name "f13" \#(expected)"#)
        XCTAssertEqual(message(#"{"keys": {"normal": {"": "quit"}}}"#), #"keys.normal[""]: unknown key name "" \#(expected)"#)
        XCTAssertEqual(message(#"{"keys": {"normal": {"resize:10x10": "quit"}}}"#),
                       #"keys.normal.resize:10x10: unknown key name "resize:10x10" \#(expected)"#)
        XCTAssertEqual(message(#"{"keys": {"normal": {"\u001b": "quit"}}}"#),
                       #"keys.normal["\u001b"]: unknown key name "\u001b" \#(expected)"#, "no raw control character in the message")
    }

    func testOddKeyNamesInPathsAreQuoted() throws {
        XCTAssertEqual(message(#"{"keys": {"normal": {".": "nope"}}}"#).prefix(36), #"keys.normal["."]: unknown command "n"#)
        XCTAssertEqual(try load(#"{"keys": {"normal": {".": "quit"}}}"#).keymap.command(for: .character("."), in: .normal), .quit)
    }

    func testTwoSpellingsOfOneKey() {
        XCTAssertEqual(message(#"{"keys": {"normal": {"esc": "quit", "escape": "back"}}}"#),
                       "keys.normal.escape: the key Esc is bound twice in normal mode (also at keys.normal.esc)")
        XCTAssertEqual(message(#"{"keys": {"normal": {"C-c": "quit", "c-C": "none"}}}"#),
                       "keys.normal.c-C: the key Ctrl-C is bound twice in normal mode (also at keys.normal.C-c)")
        XCTAssertEqual(message(#"{"keys": {"edit": {"space": "hide", " ": "grab"}}}"#),
                       #"keys.edit[" "]: the key Space is bound twice in edit mode (also at keys.edit.space)"#)
        XCTAssertEqual(message(#"{"keys": {"normal": {"left": "first", "LEFT": "last"}}}"#),
                       "keys.normal.LEFT: the key Left is bound twice in normal mode (also at keys.normal.left)")
    }

    func testTheSameKeyInTwoModesIsFine() throws {
        let keymap = try load(#"{"keys": {"normal": {"n": "next-tab"}, "edit": {"n": "right"}}}"#).keymap
        XCTAssertEqual(keymap.command(for: .character("n"), in: .edit), .right)
    }

    func testDuplicateJSONKeys() {
        XCTAssertEqual(message(#"{"keys": {"normal": {"n": "next-tab", "n": "quit"}}}"#), #"keys.normal: duplicate key "n""#)
        XCTAssertEqual(message(#"{"keys": {"normal": {}, "normal": {}}}"#), #"keys: duplicate key "normal""#)
        XCTAssertEqual(message(#"{"theme": "mono", "theme": "default"}"#), #"top level: duplicate key "theme""#)
    }

    func testUnknownTopLevelKey() {
        XCTAssertEqual(message(#"{"them": "mono"}"#), #"top level: unknown key "them" (expected keys, theme or icons)"#)
        XCTAssertEqual(message(#"{"keys": {}, "normal": {}}"#), #"top level: unknown key "normal" (expected keys, theme or icons)"#)
    }

    func testUnknownTheme() {
        XCTAssertEqual(message(#"{"theme": "drak"}"#),
                       #"theme: unknown theme "drak" (expected auto, dark, light, high-contrast or mono)"#)
    }

    func testWrongTypes() {
        XCTAssertEqual(message("[]"), "top level: expected an object, found an array")
        XCTAssertEqual(message(#"{"keys": []}"#), "keys: expected an object, found an array")
        XCTAssertEqual(message(#"{"keys": {"normal": "n"}}"#), "keys.normal: expected an object, found a string")
        XCTAssertEqual(message(#"{"keys": {"normal": {"n": 3}}}"#), #"keys.normal.n: expected a command name or "none", found a number"#)
        XCTAssertEqual(message(#"{"keys": {"normal": {"n": null}}}"#), #"keys.normal.n: expected a command name or "none", found null"#)
        XCTAssertEqual(message(#"{"theme": true}"#), "theme: expected a theme name or an object of colours, found a boolean")
    }

    func testSyntaxErrorsHaveLineAndColumn() {
        XCTAssertEqual(message("{\"keys\": {\n  \"normal\": {\"n\": \"next-tab\",}\n}}"),
                       "line 2, column 30: expected an object key after ',' (trailing commas are not allowed)")
        do {
            _ = try ConfigurationLoader.parse(text: "{\n  \"theme\" \"mono\"\n}", source: "config.json")
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.kind, .syntax(line: 2, column: 11))
            XCTAssertTrue(error.description.hasPrefix("config.json: line 2, column 11: "), error.description)
        }
        XCTAssertEqual(message(" \n"),
                       #"the configuration is empty (expected a JSON object such as {"keys": {"normal": {"n": "next-tab"}}})"#)
    }

    func testSchemaErrorsCarryTheirPath() {
        do {
            _ = try ConfigurationLoader.parse(text: #"{"keys": {"edit": {"q": "next-tab"}}}"#, source: "c.json")
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.kind, .schema(path: "keys.edit.q"))
            XCTAssertEqual(error.source, "c.json")
        }
    }
}

/// The `page` table binds keys to pages' own keys by name (docs/keys.md, "Keys of pages").
final class PageKeyConfigurationTests: XCTestCase {
    private func load(_ text: String) throws -> TabNavConfiguration {
        try ConfigurationLoader.parse(text: text, source: "config.json")
    }

    func testThePageTableBindsAndUnbindsByName() throws {
        let keymap = try load(#"{"keys": {"page": {"d": "check-off", "x": "none"}}}"#).keymap
        XCTAssertEqual(keymap.keys(forPageKey: "check-off", defaultKey: .character("x")), [.character("d")])
        XCTAssertEqual(keymap.keys(forPageKey: "other", defaultKey: .character("x")), [], "x runs no page key now")
        XCTAssertEqual(keymap.keys(forPageKey: "other", defaultKey: .character("o")), [.character("o")])
        let declared = [PageKey("check-off", key: .character("x"), summary: "check off")]
        XCTAssertEqual(keymap.pageAction(for: .character("d"), among: declared), "check-off")
        XCTAssertNil(keymap.pageAction(for: .character("x"), among: declared))
        XCTAssertEqual(Keymap.standard.pageAction(for: .character("x"), among: declared), "check-off")
    }

    func testABadPageKeyNameIsRefusedWithItsPlace() {
        XCTAssertThrowsError(try load(#"{"keys": {"page": {"d": "Check Off"}}}"#)) { error in
            XCTAssertTrue("\(error)".contains("keys.page.d"), "\(error)")
        }
        XCTAssertThrowsError(try load(#"{"keys": {"page": {"d": 3}}}"#))
        XCTAssertThrowsError(try load(#"{"keys": {"pages": {"d": "a"}}}"#)) { error in
            XCTAssertTrue("\(error)".contains("page"), "\(error)")
        }
    }

    func testTheListingShowsPageKeys() throws {
        let keymap = try load(#"{"keys": {"page": {"d": "check-off"}}}"#).keymap
        let text = KeymapListing.text(keymap, pageKeys: [PageKey("check-off", key: .character("x"), summary: "check off")])
        XCTAssertTrue(text.contains("page keys"), text)
        XCTAssertTrue(text.contains("d     check-off  check off") || text.contains("check-off  check off"), text)
        XCTAssertFalse(KeymapListing.text(.standard).contains("page keys"), "nothing to list")
    }
}
