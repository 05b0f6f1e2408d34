// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tabnav-tui",
    products: [
        .library(name: "TabNav", targets: ["TabNav"]),
        .library(name: "TabNavDemo", targets: ["TabNavDemo"]),
        .executable(name: "tabnav-tui", targets: ["tabnav-tui"]),
    ],
    targets: [
        // No `pkgConfig:` here: ncursesw's .pc file adds `-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600`,
        // which SwiftPM refuses with a warning on every build. The headers sit on the default
        // include path and the module map links `ncursesw` itself, so nothing is lost.
        .systemLibrary(
            name: "CNcursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libvterm, the terminal emulation behind terminal tabs (docs/terminal-tabs.md).
        .systemLibrary(
            name: "CVterm",
            providers: [.apt(["libvterm-dev"])]
        ),
        // What Swift's Glibc module does not reach: epoll and the contained start of children
        // (Sources/CSystem/children.h).
        .systemLibrary(name: "CSystem"),
        // The platform, in one place: threads and locks, memory advice, limits, files and errno,
        // for the layers above. The terminal, its input and children stay in TabNavTerminal.
        .target(name: "TabNavSystem", dependencies: ["CSystem"]),
        // The model: hierarchy, placements, customization, edits and undo, persistence, events,
        // layout files. It knows nothing of modes, keys or screens.
        .target(name: "TabNavCore", dependencies: ["TabNavSystem"]),
        // Drawing primitives: the cell grid, styles, themes, glyphs, display widths.
        .target(name: "TabNavDrawing", dependencies: ["TabNavSystem"]),
        // The app layer: the mode, the keymap, the reducer, effects and the content protocol.
        .target(name: "TabNavInteraction", dependencies: ["TabNavSystem", "TabNavCore", "TabNavDrawing"]),
        // The view: the whole screen for a state, drawn into a cell grid.
        .target(name: "TabNavRender", dependencies: ["TabNavCore", "TabNavDrawing", "TabNavInteraction"]),
        .target(name: "TabNavTerminal", dependencies: ["CNcursesw", "CVterm", "CSystem", "TabNavSystem", "TabNavCore", "TabNavDrawing", "TabNavInteraction", "TabNavRender"]),
        // What an embedding program imports: the builder, the page protocol and `TabNavApp`.
        .target(name: "TabNav", dependencies: ["TabNavCore", "TabNavDrawing", "TabNavInteraction", "TabNavRender", "TabNavTerminal"]),
        // The demo catalogue, written with the public API only (it imports `TabNav`).
        .target(name: "TabNavDemo", dependencies: ["TabNav"], path: "Demo", exclude: ["layouts"]),
        .executableTarget(
            name: "tabnav-tui",
            dependencies: ["TabNavSystem", "TabNavCore", "TabNavDrawing", "TabNavInteraction", "TabNavRender", "TabNavTerminal", "TabNavDemo"]
        ),
        // The library example of README.md and docs/library.md: a to-do list with a page of its own.
        .executableTarget(name: "tabnav-tasks", dependencies: ["TabNav"], path: "Examples/Tasks"),
        // The live example of README.md: processes from /proc, changed from a background task
        // through the app's proxy. Its pages are a library of their own so its tests can use them.
        .target(name: "TabNavProcsPages", dependencies: ["TabNav"], path: "Examples/Procs/Pages"),
        .executableTarget(name: "tabnav-procs", dependencies: ["TabNav", "TabNavProcsPages"], path: "Examples/Procs/App"),
        .testTarget(name: "TabNavProcsTests", dependencies: ["TabNav", "TabNavProcsPages"], path: "Examples/Procs/Tests"),
        // For the end-to-end tests only: a page that traps, to see its message after the restore.
        .executableTarget(name: "tabnav-trap-probe", dependencies: ["TabNav"], path: "Tests/Probes/TrapProbe"),
        // Measures the program against the quality bars of docs/benchmark.md (`make bench`); a
        // tool, not a test.
        .executableTarget(
            name: "tabnav-bench",
            dependencies: ["TabNavCore", "TabNavDrawing", "TabNavInteraction", "TabNavRender", "TabNavTerminal", "TabNavDemo"]
        ),
        // Helpers shared by the test targets (a seeded random generator); not part of any product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TabNavCoreTests", dependencies: ["TabNavSystem", "TabNavCore", "TabNavDrawing", "TabNavInteraction", "TabNavDemo", "TestSupport"]),
        .testTarget(name: "TabNavRenderTests", dependencies: ["TabNavSystem", "TabNavCore", "TabNavDrawing", "TabNavInteraction", "TabNavRender", "TabNav", "TabNavDemo", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(
            name: "TabNavTerminalTests",
            dependencies: ["TabNavTerminal", "TabNavRender", "TabNavDrawing", "TabNavInteraction", "TabNavCore", "TabNavDemo", "CNcursesw", "CVterm", "TestSupport"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
