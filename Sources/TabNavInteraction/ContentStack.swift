import TabNavCore
import TabNavDrawing

/// One screen of a tab's content: its root list or a pushed detail page, with its own cursor and
/// scroll position.
public struct ContentPage: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case root
        case detail(videoID: String)
    }
    public var kind: Kind
    public var cursor: Int = 0
    public var scroll: Int = 0
    /// Columns of text lines scrolled out to the left (`<` `>`), for lines wider than the screen.
    public var column: Int = 0

    public init(kind: Kind, cursor: Int = 0, scroll: Int = 0) {
        self.kind = kind
        self.cursor = cursor
        self.scroll = scroll
    }
}

/// A tab's own navigation stack (SPEC §7): leave a tab and come back, and it is where it was.
public struct ContentStack: Sendable, Equatable {
    public var pages: [ContentPage] = [ContentPage(kind: .root)]
    public init() {}
    public var top: ContentPage {
        get { pages[pages.count - 1] }
        set { pages[pages.count - 1] = newValue }
    }
}

/// The state of a file or command tab's text.
public enum ContentLoad: Sendable, Equatable {
    case loading
    case loaded([String])
    /// What went wrong, as lines for the content area (exit status, stderr).
    case failed([String])
}

/// One row of a tab's content list.
public struct ContentRow: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A video; `Enter` opens its detail page; `m` picks it up.
        case video(String)
        /// Another tab (a section overview's child); `Enter` selects it.
        case tab(String)
        /// A line of text.
        case line
        /// A search result.
        case result(SearchResult)
    }
    public var kind: Kind
    public var title: String
    public var detail: String

    public init(kind: Kind, title: String, detail: String = "") {
        self.kind = kind
        self.title = title
        self.detail = detail
    }
}
