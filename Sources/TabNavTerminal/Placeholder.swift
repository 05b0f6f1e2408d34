public enum TerminalPlaceholder {}
