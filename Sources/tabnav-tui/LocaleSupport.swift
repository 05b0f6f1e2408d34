/// The process's character locale, set once from the environment (what ncurses needs too).
enum LocaleSupport {
    /// Sets `LC_ALL` from the environment and tells whether characters are UTF-8: without it the
    /// program uses ASCII stand-ins (SPEC §5).
    static func adoptEnvironmentLocale() -> Bool {
        setlocale(LC_ALL, "")
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
