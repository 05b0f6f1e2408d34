import TabNavCore
import TabNavDrawing

extension AppState {
    /// Shows a message in the footer until the next key (e.g. a state file set aside at launch).
    /// `shorter` holds shorter forms of the text for narrow footers, longest first.
    mutating func notify(_ text: String, isError: Bool = false, shorter: [String] = []) {
        message = FooterMessage(text, isError: isError, shorter: shorter)
    }
}
