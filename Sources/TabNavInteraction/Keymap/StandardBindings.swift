import TabNavCore

/// The standard keymap: what each mode offers, and which keys run it (docs/keys.md).
enum StandardBindings {
    typealias Mode = Keymap.Mode

    /// What every mode offers besides its own commands.
    static let always: [(Command, String)] = [
        (.redraw, "redraw the screen"),
        (.suspend, "suspend (fg resumes)"),
    ]

    static let summaries: [Mode: [(command: Command, summary: String)]] = [
        .normal: [
            (.previousTab, "previous tab; sidebar: fold (on a child: to its section)"),
            (.nextTab, "next tab; sidebar: unfold"),
            (.up, "move up in the sidebar or the content"),
            (.down, "move down in the sidebar or the content"),
            (.pageUp, "up a page"),
            (.pageDown, "down a page"),
            (.first, "to the first row"),
            (.last, "to the last row"),
            (.focusNext, "focus: tab bar or sidebar ↔ content"),
            (.focusPrevious, "focus the other way"),
        ] + Command.selectTabs.enumerated().map { ($0.element, "select tab \($0.offset + 1) of the tab bar") } + [
            (.open, "select the sidebar row / open the content row"),
            (.fold, "fold or unfold the section under the cursor"),
            (.back, "back in this tab's own pages"),
            (.toggleSidebar, "show / hide the sidebar"),
            (.edit, "edit mode: customize the tab bar and sidebar"),
            (.search, "go to the search tab and type"),
            (.sectionAction, "run the section action under the cursor"),
            (.itemMenu, "the menu of the item under the cursor"),
            (.pickUp, "pick up the entry under the cursor, to drop on a tab"),
            (.reload, "reload a file or command tab"),
            (.trust, "trust this layout file and run its commands"),
            (.undo, "undo the last edit (item menu, rename, delete)"),
            (.redo, "redo what u undid"),
            (.scrollLeft, "scroll long text lines left"),
            (.scrollRight, "scroll long text lines right"),
            (.find, "find text in this page (text, file and command pages)"),
            (.findNext, "the next line the find matches (wraps at the end)"),
            (.findPrevious, "the previous line the find matches (wraps at the start)"),
            (.help, "this help"),
            (.quit, "quit, saving the customization"),
        ] + always,
        .search: [
            (.up, "previous result"),
            (.down, "next result"),
            (.pageUp, "up a page of results"),
            (.pageDown, "down a page of results"),
            (.open, "go to the result"),
            (.leaveField, "leave the field (keys act as usual again)"),
            (.focusNext, "leave the field and move the focus"),
            (.focusPrevious, "leave the field and move the focus back"),
            (.fieldLeft, "cursor left in the field"),
            (.fieldRight, "cursor right in the field"),
            (.fieldStart, "to the start of the field"),
            (.fieldEnd, "to the end of the field"),
            (.deleteBackward, "delete the character before the cursor"),
            (.deleteForward, "delete the character under the cursor"),
            (.deleteToStart, "clear the field up to the cursor"),
            (.deleteToEnd, "delete to the end of the field"),
            (.deleteWord, "delete the word before the cursor"),
            (.help, "this help (? is typed into the field)"),
            (.quit, "quit, saving the customization"),
        ] + always,
        .edit: [
            (.left, "edit cursor left in the tab bar"),
            (.right, "edit cursor right in the tab bar"),
            (.up, "edit cursor up (past the top of the sidebar: the tab bar)"),
            (.down, "edit cursor down (from the tab bar: the sidebar)"),
            (.first, "to the first item"),
            (.last, "to the last item"),
            (.switchRegion, "switch between the tab bar and the sidebar"),
            (.grab, "grab the item under the cursor to move it"),
            (.hide, "hide / unhide (checkbox)"),
            (.remove, "remove from the tab bar"),
            (.add, "add to the tab bar (or pick an item to add)"),
            (.toggleSidebar, "show / hide the sidebar"),
            (.undo, "undo the last edit"),
            (.redo, "redo what u undid"),
            (.itemMenu, "the menu of the item under the cursor"),
            (.reset, "reset everything to the defaults (asks first)"),
            (.done, "leave edit mode (saves)"),
            (.help, "this help"),
            (.quit, "leave edit mode and quit"),
        ] + always,
        .grab: [
            (.left, "move the item left along the tab bar"),
            (.right, "move the item right along the tab bar"),
            (.up, "up the section; past its top, into the tab bar"),
            (.down, "down the section; below the bar, out of it"),
            (.drop, "drop it here"),
            (.cancel, "put it back"),
            (.help, "this help"),
            (.quit, "put it back and quit"),
        ] + always,
        .carry: [
            (.left, "choose the tab to the left in the tab bar"),
            (.right, "choose the tab to the right in the tab bar"),
            (.up, "choose the tab above in the sidebar"),
            (.down, "choose the tab below in the sidebar"),
            (.drop, "drop it on the chosen tab"),
            (.cancel, "put it back"),
            (.help, "this help"),
            (.quit, "put it back and quit"),
        ] + always,
        .help: [
            (.up, "scroll up"),
            (.down, "scroll down"),
            (.pageUp, "up a page"),
            (.pageDown, "down a page"),
            (.first, "to the top"),
            (.last, "to the end"),
            (.close, "close the help (so does any other key)"),
            (.quit, "quit, saving the customization"),
        ],
        .prompt: [
            (.confirm, "add the tab with this name"),
            (.cancel, "cancel"),
            (.fieldLeft, "cursor left"),
            (.fieldRight, "cursor right"),
            (.fieldStart, "to the start"),
            (.fieldEnd, "to the end"),
            (.deleteBackward, "delete the character before the cursor"),
            (.deleteForward, "delete the character under the cursor"),
            (.deleteToStart, "clear up to the cursor"),
            (.deleteToEnd, "delete to the end"),
            (.deleteWord, "delete the word before the cursor"),
            (.quit, "quit, saving the customization"),
        ],
        .confirm: [
            (.confirm, "yes: reset everything, or delete the tab"),
            (.cancel, "no, keep it as it is (so does any other key)"),
            (.quit, "quit, saving the customization"),
        ],
        .picker: [
            (.up, "previous entry"),
            (.down, "next entry"),
            (.first, "first entry"),
            (.last, "last entry"),
            (.confirm, "choose the entry"),
            (.cancel, "close the list"),
            (.quit, "quit, saving the customization"),
        ],
        .find: [
            (.confirm, "find it (from the top line shown); empty: the last find again"),
            (.cancel, "leave the field, nothing found"),
            (.fieldLeft, "cursor left"),
            (.fieldRight, "cursor right"),
            (.fieldStart, "to the start"),
            (.fieldEnd, "to the end"),
            (.deleteBackward, "delete the character before the cursor (on an empty field: leave it)"),
            (.deleteForward, "delete the character under the cursor"),
            (.deleteToStart, "clear up to the cursor"),
            (.deleteToEnd, "delete to the end"),
            (.deleteWord, "delete the word before the cursor"),
            (.quit, "quit, saving the customization"),
        ],
        .terminal: [
            (.prefix, "the prefix: the next key is a command (this key again sends it to the program)"),
            (.scrollback, "after the prefix: scroll back through the terminal's history"),
            (.focusNext, "after the prefix: give the focus back to the tab bar or sidebar"),
        ],
        .menu: Command.chooses.enumerated().map { ($0.element, "run action \($0.offset + 1)") } + [
            (.cancel, "close the menu (so does any other key)"),
            (.quit, "quit, saving the customization"),
        ],
    ]

    static func b(_ key: KeyEvent, _ command: Command) -> Keymap.Binding { Keymap.Binding(key: key, command: command) }
    static func chars(_ characters: String, _ command: Command) -> [Keymap.Binding] {
        characters.map { b(.character($0), command) }
    }

    static let alwaysBindings: [Keymap.Binding] = [b(.control("l"), .redraw), b(.control("z"), .suspend)]

    static let fieldBindings: [Keymap.Binding] = [
        b(.left, .fieldLeft), b(.control("b"), .fieldLeft),
        b(.right, .fieldRight), b(.control("f"), .fieldRight),
        b(.home, .fieldStart), b(.control("a"), .fieldStart),
        b(.end, .fieldEnd), b(.control("e"), .fieldEnd),
        b(.backspace, .deleteBackward), b(.control("h"), .deleteBackward),
        b(.delete, .deleteForward), b(.control("d"), .deleteForward),
        b(.control("u"), .deleteToStart), b(.control("k"), .deleteToEnd), b(.control("w"), .deleteWord),
    ]

    /// Grab and carry: arrows move what is held, `Enter` puts it down, `Esc` puts it back.
    static let movingBindings: [Keymap.Binding] = [
        b(.left, .left), b(.character("h"), .left), b(.right, .right), b(.character("l"), .right),
        b(.up, .up), b(.character("k"), .up), b(.down, .down), b(.character("j"), .down),
        b(.enter, .drop), b(.escape, .cancel),
        b(.character("?"), .help), b(.function(1), .help),
        b(.character("q"), .quit), b(.control("c"), .quit),
    ] + alwaysBindings

    /// The standard bindings of a mode.
    static func table(for mode: Mode) -> [Keymap.Binding] {
        switch mode {
        case .normal:
            return [
                b(.left, .previousTab), b(.character("h"), .previousTab),
                b(.right, .nextTab), b(.character("l"), .nextTab),
                b(.up, .up), b(.character("k"), .up),
                b(.down, .down), b(.character("j"), .down),
                b(.pageUp, .pageUp), b(.pageDown, .pageDown), b(.home, .first), b(.end, .last),
                b(.tab, .focusNext), b(.backTab, .focusPrevious),
            ] + Command.selectTabs.enumerated().map { b(.character(Character(String($0.offset + 1))), $0.element) } + [
                b(.enter, .open), b(.character(" "), .fold),
                b(.backspace, .back), b(.escape, .back),
                b(.character("s"), .toggleSidebar), b(.character("e"), .edit), b(.character("/"), .search),
                b(.character("a"), .sectionAction), b(.character("."), .itemMenu), b(.character("m"), .pickUp),
                b(.character("r"), .reload), b(.character("t"), .trust),
                b(.character("u"), .undo), b(.character("U"), .redo),
                b(.character("<"), .scrollLeft), b(.character(">"), .scrollRight),
                b(.character("f"), .find), b(.character("n"), .findNext), b(.character("N"), .findPrevious),
                b(.character("?"), .help), b(.function(1), .help),
                b(.character("q"), .quit), b(.control("c"), .quit),
            ] + alwaysBindings
        case .search:
            return [
                b(.up, .up), b(.down, .down), b(.pageUp, .pageUp), b(.pageDown, .pageDown),
                b(.enter, .open), b(.escape, .leaveField), b(.tab, .focusNext), b(.backTab, .focusPrevious),
            ] + fieldBindings + [b(.function(1), .help), b(.control("c"), .quit)] + alwaysBindings
        case .edit:
            return [
                b(.left, .left), b(.character("h"), .left), b(.right, .right), b(.character("l"), .right),
                b(.up, .up), b(.character("k"), .up), b(.down, .down), b(.character("j"), .down),
                b(.home, .first), b(.end, .last), b(.tab, .switchRegion), b(.backTab, .switchRegion),
                b(.enter, .grab), b(.character(" "), .hide),
                b(.character("x"), .remove), b(.delete, .remove), b(.character("+"), .add), b(.insert, .add),
                b(.character("s"), .toggleSidebar), b(.character("u"), .undo), b(.character("U"), .redo),
                b(.character("."), .itemMenu), b(.character("R"), .reset),
                b(.character("e"), .done), b(.escape, .done),
                b(.character("?"), .help), b(.function(1), .help),
                b(.character("q"), .quit), b(.control("c"), .quit),
            ] + alwaysBindings
        case .grab, .carry:
            return movingBindings
        case .help:
            return [
                b(.up, .up), b(.character("k"), .up), b(.down, .down), b(.character("j"), .down),
                b(.pageUp, .pageUp), b(.pageDown, .pageDown), b(.home, .first), b(.end, .last),
                b(.escape, .close), b(.character("q"), .close), b(.character("?"), .close), b(.enter, .close),
                b(.control("c"), .quit),
            ]
        case .prompt, .find:
            return [b(.enter, .confirm), b(.escape, .cancel)] + fieldBindings + [b(.control("c"), .quit)]
        case .confirm:
            return [b(.character("y"), .confirm), b(.character("Y"), .confirm), b(.character("n"), .cancel),
                    b(.escape, .cancel), b(.control("c"), .quit)]
        case .picker:
            return [
                b(.up, .up), b(.character("k"), .up), b(.down, .down), b(.character("j"), .down),
                b(.home, .first), b(.end, .last), b(.enter, .confirm), b(.escape, .cancel), b(.character("q"), .cancel),
                b(.control("c"), .quit),
            ]
        case .terminal:
            return [b(.control("b"), .prefix), b(.character("["), .scrollback), b(.tab, .focusNext), b(.up, .focusNext)]
        case .menu:
            return Command.chooses.enumerated().map { b(.character(Character(String($0.offset + 1))), $0.element) }
                + [b(.escape, .cancel), b(.control("c"), .quit)]
        }
    }
}
