import TabNav
/// The demo's text content.
enum DemoText {
    /// Shown under the search field.
    static let searchHint = """
        Type to search every tab and every video of the catalogue.
        Letters only need to appear in order: "frst" finds every Forest title.
        Enter opens the highlighted result; Esc leaves the field.
        """

    /// The Settings tab: what the keys and command-line options do.
    static let settings = """
        Keys
          ← → or h l     previous / next tab in the tab bar
          ↑ ↓ or k j     move in the sidebar or the content
          Tab            move focus between the bars and the content
          1 … 9          select the n-th tab of the bar
          s              show or hide the sidebar
          e              edit the bars: add, remove, reorder and hide tabs
          Enter          grab an item while editing; Enter again drops it, Esc puts it back
          u / R          undo the last edit / reset everything to the defaults
          /              search;  m  pick up a video to drop it on a collection
          a              run the section action beside a sidebar header
          ?              all keys for the current mode;  q  quit

        Options
          --layout FILE          show your own hierarchy described in JSON
          --mode auto|tabbar|sidebar
          --state-dir DIR        where customizations are saved
          --no-persist, --reset  keep changes in memory only / start from the defaults
          --rtl, --ascii, --no-color, --no-mouse
        """
}
