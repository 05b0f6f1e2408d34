// One import for programs that embed tabnav-tui: `import TabNav` brings the builder, the page
// protocol and `TabNavApp` (docs/library.md).
@_exported import TabNavCore
@_exported import TabNavDrawing
@_exported import TabNavInteraction
