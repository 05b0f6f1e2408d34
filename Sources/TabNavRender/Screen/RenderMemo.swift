import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// What a frame made that the next one may use again, when it was made from the same things
/// (docs/benchmark.md, "What a frame keeps for the next"): the tab bar's labels, the cells of
/// the sidebar's rows, and the cells of the footer's hints. Nearly every key leaves both as they were, and making them was a
/// third of a keystroke.
///
/// A memo never changes what is drawn: each entry is kept with everything it was made from and
/// used only when all of that is equal again (the snapshot tests render with and without one).
/// One memo serves one screen, from the thread that draws it.
package final class RenderMemo {
    package init() {}

    /// How many labels and footers were used again (for the tests, which check that the memo
    /// serves at all).
    package private(set) var labelsReused = 0
    package private(set) var hintsReused = 0
    package private(set) var rowsReused = 0

    // MARK: The tab bar's labels

    /// What every label depends on: the entries of the bar (their order gives each its place
    /// and whether it is pinned), the hierarchy's revision for the items themselves (titles,
    /// icons, badges), the attention marks and how things are spelled. The cheap fields come
    /// first, as `==` compares in this order; an unchanged bar is the same array, which compares
    /// at once.
    struct LabelSource: Equatable {
        var revision: UInt64
        var ascii: Bool
        var icons: IconStyle
        var screenReader: Bool
        var ellipsis: String
        var attention: [String: Set<AttentionReason>]
        var entries: [TabBarEntry]
    }

    /// One label of the bar, its width, and the item's badge.
    struct Label {
        var text: String
        var width: Int
        var badge: String?
    }

    private var labelSource: LabelSource?
    /// By the entry's place in the bar.
    private var labels: [Label?] = []

    /// Keeps the labels only while they were made from `source`.
    func useLabels(madeFrom source: LabelSource) {
        guard labelSource != source else { return }
        labelSource = source
        labels = Array(repeating: nil, count: source.entries.count)
    }

    func label(at index: Int) -> Label? {
        guard index >= 0, index < labels.count, let kept = labels[index] else { return nil }
        labelsReused &+= 1
        return kept
    }

    func keep(_ label: Label, at index: Int) {
        guard index >= 0, index < labels.count else { return }
        labels[index] = label
    }

    // MARK: The sidebar's rows

    /// What every row of the sidebar is drawn from besides the row itself: the items (the
    /// hierarchy's revision), where the rows go and how wide they are, how things are spelled,
    /// the attention marks and the theme. Compared once a frame; the cheap fields first.
    struct SidebarSource: Equatable {
        var revision: UInt64
        var column: Int
        var width: Int
        var rightToLeft: Bool
        var ascii: Bool
        var icons: IconStyle
        var screenReader: Bool
        var ellipsis: String
        var attention: [String: Set<AttentionReason>]
        var theme: Theme
    }

    /// One row as the sidebar shows it outside edit mode, a grab and a carry: its place in the
    /// hierarchy and its marks, and whether it is the selected tab or under the cursor.
    struct SidebarRowKey: Equatable {
        var row: SidebarRow
        var isSelected: Bool
        var isCursor: Bool
    }

    /// A row's cells (the row's width), its clickable regions by column, and where its title
    /// starts (the terminal's cursor goes there when the row has the focus).
    struct SidebarRowCells {
        var key: SidebarRowKey
        var cells: [Cell]
        var regions: [(column: Int, width: Int, target: HitTarget)]
        var titleColumn: Int
    }

    private var sidebarSource: SidebarSource?
    /// By the row's node: a row scrolled to another line is the same cells.
    private var sidebarRowCells: [Int: SidebarRowCells] = [:]

    /// Keeps the rows only while they were made from `source`.
    func useSidebarRows(madeFrom source: SidebarSource) {
        guard sidebarSource != source else { return }
        sidebarSource = source
        sidebarRowCells.removeAll(keepingCapacity: true)
    }

    func sidebarRow(_ key: SidebarRowKey) -> SidebarRowCells? {
        guard let kept = sidebarRowCells[key.row.node], kept.key == key else { return nil }
        rowsReused &+= 1
        return kept
    }

    func keep(_ row: SidebarRowCells) {
        // The rows of a few screens; a walk through thousands of tabs starts the table over.
        if sidebarRowCells.count >= 512 { sidebarRowCells.removeAll(keepingCapacity: true) }
        sidebarRowCells[row.key.row.node] = row
    }

    // MARK: The footer's hints

    /// Everything the hints' cells are drawn from: the hints, where they go, and how.
    /// The theme is there by the two styles the hints are drawn in (the whole theme compared
    /// at every frame cost more than drawing them); the cheap fields come first, as `==`
    /// compares in this order.
    ///
    /// Texts are compared byte for byte, which is what drawing them depends on: `String`'s own
    /// `==` compares canonical equivalence, which for the arrows of the keys (`←→`) cost more
    /// than drawing the footer again.
    struct HintsSource {
        var start: Int
        var rect: Rect
        var keepsAnswer: Bool
        var ascii: Bool
        var style: CellStyle?
        var footer: CellStyle
        var footerKey: CellStyle
        var ellipsis: String
        var hints: [FooterHint]

        func isSame(as other: HintsSource) -> Bool {
            guard start == other.start, rect == other.rect, keepsAnswer == other.keepsAnswer, ascii == other.ascii,
                  style == other.style, footer == other.footer, footerKey == other.footerKey,
                  RenderMemo.sameBytes(ellipsis, other.ellipsis), hints.count == other.hints.count else { return false }
            // Read where they lie: a copy of each hint retained and released every text of it.
            return hints.withUnsafeBufferPointer { mine in
                other.hints.withUnsafeBufferPointer { theirs in
                    for i in mine.indices {
                        guard RenderMemo.sameBytes(mine[i].keys, theirs[i].keys), RenderMemo.sameBytes(mine[i].label, theirs[i].label),
                              mine[i].command == theirs[i].command, mine[i].key == theirs[i].key,
                              mine[i].otherKeys == theirs[i].otherKeys else { return false }
                        switch (mine[i].pageAction, theirs[i].pageAction) {
                        case (nil, nil): continue
                        case let (x?, y?) where RenderMemo.sameBytes(x, y): continue
                        default: return false
                        }
                    }
                    return true
                }
            }
        }
    }

    /// Whether two texts are the same bytes.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        // The same two words are the same text: a short text is held in them, a long one is the
        // same storage (a literal label, a page's own summary). Most hints answer here.
        if MemoryLayout<String>.size == 16,
           unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
        // Otherwise over the bytes as they lie, without copying either text.
        let compared = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                guard x.count == y.count else { return false }
                if x.baseAddress == y.baseAddress { return true }
                for i in 0..<x.count where x[i] != y[i] { return false }
                return true
            }
        }
        if let compared, let answer = compared { return answer }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// The two footers drawn last, the latest first: moving between two rows of different
    /// kinds (a section and a tab) shows two footers in turn.
    private var footers: [(source: HintsSource, cells: [Cell], regions: [(rect: Rect, target: HitTarget)])] = []

    func hints(madeFrom source: HintsSource) -> (cells: [Cell], regions: [(rect: Rect, target: HitTarget)])? {
        guard let index = footers.firstIndex(where: { $0.source.isSame(as: source) }) else { return nil }
        hintsReused &+= 1
        if index > 0 { footers.swapAt(0, index) }
        return (footers[0].cells, footers[0].regions)
    }

    func keep(hintCells cells: [Cell], regions: [(rect: Rect, target: HitTarget)], madeFrom source: HintsSource) {
        footers.insert((source, cells, regions), at: 0)
        if footers.count > 2 { footers.removeLast() }
    }
}
