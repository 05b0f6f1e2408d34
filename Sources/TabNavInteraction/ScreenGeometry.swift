import TabNavCore
import TabNavDrawing

/// Where each region of the screen lies for a size and a presentation: the one place that
/// divides the screen, used by the reducer (to keep cursors in view) and the renderer (to draw).
package struct ScreenGeometry: Sendable, Equatable {
    package var size: TerminalSize
    package var layoutClass: LayoutClass
    /// The tab bar's row, or `.zero` when the bar is not drawn.
    package var tabBar: Rect
    /// The sidebar (its title row included), or `.zero` when it is not showing.
    package var sidebar: Rect
    /// The content area (its title row included), or `.zero` when covered.
    package var content: Rect
    package var footer: Rect

    /// Rows of the sidebar given to its list (below the title row).
    package var sidebarListRows: Int { max(0, sidebar.height - 1) }
    /// Rows of the content given to its list (below the title and a rule).
    package var contentListRows: Int { max(0, content.height - 2) }

    /// The width of the sidebar column in regular layouts.
    package static func sidebarWidth(columns: Int) -> Int {
        min(max(columns * 3 / 10, 24), 34, columns - 24)
    }

    /// - Parameters:
    ///   - sidebarShowing: the sidebar is open (column or full screen).
    ///   - barWithSidebar: draw the bar even while the sidebar shows (edit mode, where items are
    ///     dragged between the two).
    package init(size: TerminalSize, sidebarShowing: Bool, barWithSidebar: Bool, rightToLeft: Bool) {
        self.size = size
        layoutClass = LayoutClass(size)
        let all = Rect(column: 0, row: 0, width: size.columns, height: size.rows)
        tabBar = .zero
        sidebar = .zero
        content = .zero
        footer = .zero
        let w = size.columns, h = size.rows
        switch layoutClass {
        case .tooSmall, .tooLarge:
            return
        case .compact:
            footer = Rect(column: 0, row: h - 1, width: w, height: 1)
            let showBar = !sidebarShowing || barWithSidebar
            let bodyRows = showBar ? h - 2 : h - 1
            if showBar { tabBar = Rect(column: 0, row: h - 2, width: w, height: 1) }
            if sidebarShowing {
                sidebar = Rect(column: 0, row: 0, width: w, height: bodyRows)
            } else {
                content = Rect(column: 0, row: 0, width: w, height: bodyRows)
            }
        case .regular, .wide:
            footer = Rect(column: 0, row: h - 1, width: w, height: 1)
            if sidebarShowing {
                let sw = Self.sidebarWidth(columns: w)
                sidebar = Rect(column: 0, row: 0, width: sw, height: h - 1)
                let rest = Rect(column: sw, row: 0, width: w - sw, height: h - 1)
                if barWithSidebar {
                    tabBar = Rect(column: rest.column, row: 0, width: rest.width, height: 1)
                    content = Rect(column: rest.column, row: 1, width: rest.width, height: rest.height - 1)
                } else {
                    content = rest
                }
            } else {
                tabBar = Rect(column: 0, row: 0, width: w, height: 1)
                content = Rect(column: 0, row: 1, width: w, height: h - 2)
            }
            if rightToLeft {
                sidebar = sidebar.isEmpty ? sidebar : sidebar.mirrored(in: all)
                content = content.mirrored(in: all)
                tabBar = tabBar.isEmpty ? tabBar : tabBar.mirrored(in: all)
            }
        }
    }
}
