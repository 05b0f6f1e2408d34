import TabNavCore
import TabNavDrawing

extension AppState {
    /// Shows a message in the footer until the next key (e.g. a state file set aside at launch).
    package mutating func notify(_ text: String, isError: Bool = false) {
        message = FooterMessage(text, isError: isError)
    }
}
