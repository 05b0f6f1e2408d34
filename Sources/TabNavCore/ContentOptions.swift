/// How a `command` or `file` content runs and shows (docs/layout-files.md, "Commands" and
/// "Files"): time limit, output cap, working folder, extra environment, live refresh or follow.
public struct ContentOptions: Sendable, Equatable {
    /// Seconds a command may run before its process group is stopped.
    public var timeout: Double
    /// Bytes of output kept before the page says it was cut.
    public var maxBytes: Int
    /// The command's working folder; nil: the layout file's folder (or the program's own).
    public var cwd: String?
    /// Added to (or replacing) the environment the command is given.
    public var environment: [String: String]
    /// Run the command again every this many seconds (from launch, shown or not, unless
    /// `whenHidden` is false).
    public var refresh: Double?
    /// Whether `refresh` goes on while the tab is not shown (default true).
    public var whenHidden: Bool
    /// What marks the tab when a run ends while it is not shown: `.failure`, `.change`, both.
    public var alerts: Set<AttentionReason>
    /// Stream a long-running command's output (or a growing file) as it arrives.
    public var follow: Bool
    /// Lines kept while following (the oldest go first).
    public var maxLines: Int
    /// Run the command in a pseudo-terminal as wide as the page.
    public var pty: Bool
    /// Lines a terminal tab keeps above its screen (docs/terminal-tabs.md, "Scrollback").
    public var scrollback: Int

    public static let defaultTimeout = 10.0
    public static let defaultMaxBytes = 1 << 20
    public static let defaultMaxLines = 10_000
    /// Bytes of text a followed command or file keeps at most, whatever its `maxLines`: past
    /// them the oldest lines go, as past `maxLines` (docs/layout-files.md, "Content"). Lines are
    /// cut at 64 KB, so 10,000 of the longest would otherwise be 640 MB.
    public static let followedByteLimit = 16 << 20
    public static let defaultScrollback = 10_000
    /// The most lines a terminal tab keeps above its screen: a layout file's `"scrollback"` over
    /// it is refused, and `Tab.terminal(scrollback:)` holds a larger number to it.
    public static let maximumScrollback = 1_000_000

    public init(timeout: Double = ContentOptions.defaultTimeout, maxBytes: Int = ContentOptions.defaultMaxBytes,
                cwd: String? = nil, environment: [String: String] = [:], refresh: Double? = nil,
                follow: Bool = false, maxLines: Int = ContentOptions.defaultMaxLines, pty: Bool = false,
                scrollback: Int = ContentOptions.defaultScrollback, whenHidden: Bool = true,
                alerts: Set<AttentionReason> = []) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.cwd = cwd
        self.environment = environment
        self.refresh = refresh
        self.follow = follow
        self.maxLines = maxLines
        self.pty = pty
        self.scrollback = scrollback
        self.whenHidden = whenHidden
        self.alerts = alerts
    }
}

extension ContentOptions {
    /// Whether these are the settings of `ContentOptions()`: asked once per tab when a layout
    /// is read, so it compares the members without building a default value to compare with.
    var isDefault: Bool {
        timeout == Self.defaultTimeout && maxBytes == Self.defaultMaxBytes && cwd == nil && environment.isEmpty
            && refresh == nil && !follow && maxLines == Self.defaultMaxLines && !pty
            && scrollback == Self.defaultScrollback && whenHidden && alerts.isEmpty
    }
}
