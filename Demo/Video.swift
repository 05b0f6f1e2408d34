import TabNav

/// A video of the demo catalogue: the demo's own domain, shown with the library's public page
/// protocol (`VideoShelf`, `VideoPage`).
public struct Video: Sendable, Equatable {
    public var id: String
    public var title: String
    public var duration: String
    public var summary: String

    public init(id: String, title: String, duration: String = "", summary: String = "") {
        self.id = id
        self.title = title
        self.duration = duration
        self.summary = summary
    }

    /// The video as an entry other tabs can take in a drop, and search can find.
    var entry: ContentEntry {
        ContentEntry(id: id, title: title, detail: duration, body: summary, icon: "play")
    }

    /// A video back from an entry (a dropped one, a search result).
    init(_ entry: ContentEntry) {
        self.init(id: entry.id, title: entry.title, duration: entry.detail, summary: entry.body)
    }
}

/// A shelf of videos: a list whose rows open a `VideoPage`. It is the library's `ListPage`
/// underneath, with the demo's own detail page.
struct VideoShelf: TabPage {
    var list: ListPage

    init(_ videos: [Video], acceptsDrops: Bool = false) {
        list = ListPage(videos.map(\.entry), icon: "play", acceptsDrops: acceptsDrops,
                        emptyText: acceptsDrops ? "Empty: pick up a video with m and drop it here" : nil)
    }

    func draw(in canvas: inout PageCanvas) { list.draw(in: &canvas) }

    mutating func handle(_ input: PageInput) -> PageResponse { opening(list.handle(input)) }

    mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse {
        opening(list.click(row: row, isRepeat: isRepeat, visibleRows: visibleRows))
    }

    mutating func scroll(by rows: Int, visibleRows: Int) { list.scroll(by: rows, visibleRows: visibleRows) }

    var draggableEntry: ContentEntry? { list.draggableEntry }
    func accepts(_ entry: ContentEntry) -> Bool { list.accepts(entry) }
    mutating func accept(_ entry: ContentEntry) -> Bool { list.accept(entry) }
    var searchEntries: [ContentEntry] { list.searchEntries }
    var keys: [PageKey] { list.keys }
    func page(for entry: ContentEntry) -> (any TabPage)? { VideoPage(Video(entry)) }

    /// The list opens an entry page; the shelf opens the video's own page instead.
    private func opening(_ response: PageResponse) -> PageResponse {
        if case .push(let page) = response, let entry = (page as? EntryPage)?.entry {
            return .push(VideoPage(Video(entry)))
        }
        return response
    }
}

/// One video's page: its title, duration and summary.
struct VideoPage: TabPage {
    let video: Video
    var scroll = 0

    init(_ video: Video) {
        self.video = video
    }

    var title: String? { video.title }

    func draw(in canvas: inout PageCanvas) {
        var lines: [(String, CellStyle)] = [
            (video.title, canvas.theme.contentTitle),
            (video.duration.isEmpty ? "" : "Duration " + video.duration, canvas.theme.dim),
            ("", canvas.theme.contentText),
        ]
        for line in canvas.wrap(video.summary, width: canvas.rect.width) { lines.append((line, canvas.theme.contentText)) }
        lines.append(("", canvas.theme.contentText))
        lines.append(("Backspace: back   m: pick up to drop on a collection", canvas.theme.dim))
        for (offset, line) in lines.dropFirst(min(scroll, lines.count - 1)).prefix(canvas.rect.height).enumerated() {
            canvas.text(line.0, row: offset, style: line.1)
        }
    }

    mutating func handle(_ input: PageInput) -> PageResponse {
        // At most one line per word of the summary besides the title, duration, blank and hint
        // lines: scrolling stops there, so `End` neither runs away nor overflows.
        let most = video.summary.split(separator: " ").count + 4
        switch input.command {
        case .up? where scroll > 0: scroll -= 1
        case .down?: scroll = min(most, scroll + 1)
        case .pageUp?: scroll = max(0, scroll - max(1, input.visibleRows - 1))
        case .pageDown?: scroll = min(most, scroll + max(1, input.visibleRows - 1))
        case .first?: scroll = 0
        case .last?: scroll = most
        default: return .ignored
        }
        return .handled
    }

    var draggableEntry: ContentEntry? { video.entry }
    var keys: [PageKey] { [.move] }
}
