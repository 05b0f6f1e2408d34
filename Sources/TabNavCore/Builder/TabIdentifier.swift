/// Derives customization identifiers for declarations that were not given one.
enum TabIdentifier {
    /// The title in lowercase kebab case: letters and digits are kept (lowercased), every other run
    /// of characters becomes one hyphen, and hyphens at either end are dropped.
    /// `"Watch Now"` → `"watch-now"`, `"By the Sea!"` → `"by-the-sea"`, `"日本語"` → `"日本語"`.
    ///
    /// A title with no letter or digit gives an empty id, which ``TabHierarchy`` then rejects by
    /// name, prompting an explicit id rather than inventing an unstable one.
    static func derived(fromTitle title: String) -> String {
        var id = ""
        var pendingHyphen = false
        for character in title {
            if character.isLetter || character.isNumber {
                if pendingHyphen, !id.isEmpty { id.append("-") }
                pendingHyphen = false
                id.append(contentsOf: character.lowercased())
            } else {
                pendingHyphen = true
            }
        }
        return id
    }
}
