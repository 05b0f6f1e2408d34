import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Where each tab-bar item goes in a row of a given width (docs/behaviour.md, "Overflow").
///
/// The toggle leads and the pinned items trail and never scroll; the items between scroll when
/// they do not fit, with `‹` / `›` showing that more lie that way, and the focused item (the
/// selection, or the edit cursor) is always whole. A title is cut with `…` only when its item
/// alone is wider than the space. Positions are computed left to right and mirrored for
/// right-to-left layouts.
package struct TabBarLayout: Sendable, Equatable {
    /// One placed item: `label` is what to draw (already cut to fit), `rect` where.
    package struct Slot: Sendable, Equatable {
        package var index: Int
        package var label: String
        package var column: Int
        package var width: Int
    }

    package var toggle: Slot?
    /// Placed items (indices into the entries given), in visual order.
    package var items: [Slot]
    /// Column of the `‹` marker (more items lie to the left), if shown.
    package var leftMarker: Int?
    /// Column of the `›` marker (more items lie to the right), if shown.
    package var rightMarker: Int?
    /// Column just past the last scrolling item (where "drop at the end" lands).
    package var endColumn: Int

    /// Columns pinned items leave free for a focused scrolling item in a narrow bar: enough for
    /// its icon and the start of its title.
    package static let focusReserve = 10

    /// - Parameters:
    ///   - labels: each entry's full label (icon, title, badge), pinned ones icon only.
    ///   - pinnedCount: how many entries at the end are pinned.
    ///   - focus: the entry that must be fully visible.
    ///   - toggleLabel: the sidebar toggle's label, or `nil` without a sidebar.
    /// - Parameter firstShown: the bar was scrolled by hand (the wheel, `‹` `›`): the first
    ///   scrolling item to show, instead of the one that keeps the focus whole.
    /// - Parameter widths: each label's display width, when the caller has measured them already.
    /// - Parameter focusOutside: the display width of a focused scrolling item that is not among
    ///   `labels` (the caller labels only what can show, and the bar was scrolled away from the
    ///   focus by hand): the pinned items leave it its room all the same.
    /// - Parameter fixedCount: how many entries at the start are fixed: they follow the toggle
    ///   and never scroll away.
    package init(labels: [String], pinnedCount: Int, focus: Int?, toggleLabel: String?, width: Int,
                ellipsis: String, ascii: Bool, rightToLeft: Bool, firstShown: Int? = nil, widths labelWidths: [Int]? = nil,
                focusOutside: Int? = nil, fixedCount: Int = 0) {
        let padding = 2
        func measure(_ s: String) -> Int { DisplayWidth.of(s, ascii: ascii) + padding }
        // Each label measured once (the pinned ones are needed up to three times).
        let measured = labelWidths.map { given in given.map { $0 + padding } } ?? labels.map(measure)
        var slots: [Slot] = []
        slots.reserveCapacity(labels.count)
        var x = 0
        toggle = nil
        if let toggleLabel {
            let w = min(measure(toggleLabel), width)
            toggle = Slot(index: -1, label: toggleLabel, column: 0, width: w)
            x = w
        }
        let scrollingCount = labels.count - pinnedCount
        // Fixed items: after the toggle, as many as fit; they never scroll.
        let fixedCount = max(0, min(fixedCount, scrollingCount))
        var fixedSlots: [Slot] = []
        for i in 0..<fixedCount {
            let w = measured[i]
            guard x + w <= width else { break }
            fixedSlots.append(Slot(index: i, label: labels[i], column: x, width: w))
            x += w
        }
        // Pinned items: from the right edge leftwards, as many as fit. The focused item is shown
        // whatever happens (docs/behaviour.md, "Adaptive layout"): a focused pinned item is placed first, and the pinned
        // items leave room for a focused scrolling item (its whole label, or up to
        // `focusReserve` columns of it when the bar is narrow).
        let focusedPinned = focus.flatMap { $0 >= scrollingCount && $0 < labels.count ? $0 : nil }
        let focusedScrolling = focus.flatMap { $0 >= fixedCount && $0 < scrollingCount ? $0 : nil }
        // (Two more for the `‹` `›` markers when there are other items to scroll past.)
        let reserve = focusedScrolling.map { min(measured[$0], Self.focusReserve) + (scrollingCount > 1 ? 2 : 0) }
            // A focus outside the labels given means other scrolling items exist: the markers' 2 too.
            ?? focusOutside.map { min($0 + padding, Self.focusReserve) + 2 } ?? 0
        var shownPinned: [Int] = []
        var pinnedWidth = 0
        if let focusedPinned, measured[focusedPinned] <= width - x {
            shownPinned.append(focusedPinned)
            pinnedWidth = measured[focusedPinned]
        }
        for i in stride(from: labels.count - 1, through: scrollingCount, by: -1) where i != focusedPinned {
            let w = measured[i]
            guard pinnedWidth + w <= width - x - reserve else { break }
            shownPinned.append(i)
            pinnedWidth += w
        }
        var right = width
        var pinnedSlots: [Slot] = []
        for i in shownPinned.sorted().reversed() {
            let w = measured[i]
            right -= w
            pinnedSlots.insert(Slot(index: i, label: labels[i], column: right, width: w), at: 0)
        }
        let available = max(0, right - x)
        let widths = measured[fixedCount..<max(fixedCount, scrollingCount)]
        let total = widths.reduce(0, +)
        leftMarker = nil
        rightMarker = nil
        if total <= available {
            for i in fixedCount..<scrollingCount {
                slots.append(Slot(index: i, label: labels[i], column: x, width: widths[i]))
                x += widths[i]
            }
        } else if available > 0, scrollingCount > fixedCount {
            // Scroll: keep the focused item whole, show markers for what lies beyond.
            let focused = focus.map { $0 >= fixedCount && $0 < scrollingCount ? $0 : fixedCount } ?? fixedCount
            let inner = max(1, available - 2)
            let anchor = firstShown.map { max(fixedCount, min($0, scrollingCount - 1)) } ?? focused
            var start = anchor
            var used = widths[anchor]
            func extendLeft() {
                while start > fixedCount, used + widths[start - 1] <= inner {
                    start -= 1
                    used += widths[start]
                }
            }
            if firstShown == nil { extendLeft() }
            var end = anchor
            while end + 1 < scrollingCount, used + widths[end + 1] <= inner {
                end += 1
                used += widths[end]
            }
            if end == scrollingCount - 1 { extendLeft() }  // scrolled to the end by hand: the last page is full
            let hasBefore = start > fixedCount
            var column = x + (hasBefore ? 1 : 0)
            if hasBefore { leftMarker = x }
            var lastPlaced = start - 1
            for i in start...end {
                var label = labels[i]
                var w = widths[i]
                let room = (x + available - 1) - column
                // A sliver too narrow for a character of the title shows nothing but the marker
                // (the focused item is placed whatever happens).
                if w > room, room < padding + 2, i != focus { break }
                if w > room {
                    label = TextCells.truncate(label, toWidth: max(0, room - padding), ellipsis: ellipsis, ascii: ascii)
                    w = max(0, room)
                }
                slots.append(Slot(index: i, label: label, column: column, width: w))
                column += w
                lastPlaced = i
            }
            if lastPlaced < scrollingCount - 1 { rightMarker = x + available - 1 }
            x = column
        }
        endColumn = x
        items = fixedSlots + slots + pinnedSlots
        if rightToLeft { mirror(width: width) }
    }

    private mutating func mirror(width: Int) {
        func flip(_ s: Slot) -> Slot {
            var m = s
            m.column = width - s.column - s.width
            return m
        }
        toggle = toggle.map(flip)
        items = items.map(flip).reversed()
        let left = leftMarker.map { width - 1 - $0 }
        let right = rightMarker.map { width - 1 - $0 }
        leftMarker = right
        rightMarker = left
        endColumn = width - endColumn
    }
}
