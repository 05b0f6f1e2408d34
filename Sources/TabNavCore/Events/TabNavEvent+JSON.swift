/// The JSON form of each event, as `--events FILE` writes it (docs/behaviour.md, "Events"): one object per line,
/// `"event"` first, then the event's fields in a fixed order, e.g.
/// `{"event":"selectionDidChange","tab":"library"}`.
extension TabNavEvent {
    package var jsonObject: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("event", .string(name))]
        switch self {
        case let .didLaunch(selected, tabBar, sidebarVisible, columns, rows):
            members += [
                ("selected", .string(selected)),
                ("tabBar", Self.strings(tabBar)),
                ("sidebarVisible", .bool(sidebarVisible)),
                ("size", ["columns": .number(Double(columns)), "rows": .number(Double(rows))]),
            ]
        case let .selectionDidChange(tab):
            members.append(("tab", .string(tab)))
        case let .tabBarDidChange(items):
            members.append(("items", Self.strings(items)))
        case let .visibilityDidChange(tabs, hidden):
            members += [("tabs", Self.strings(tabs)), ("hidden", .bool(hidden))]
        case let .displayOrderDidChange(group, order):
            members += [("group", .string(group)), ("order", Self.strings(order))]
        case let .sidebarVisibilityDidChange(visible):
            members.append(("visible", .bool(visible)))
        case let .editingDidChange(editing):
            members.append(("editing", .bool(editing)))
        case let .sectionActionInvoked(group, action):
            members += [("group", .string(group)), ("action", .string(action))]
        case let .itemsDropped(tab, items):
            members += [("tab", .string(tab)), ("items", Self.strings(items))]
        case let .attentionDidChange(tab, reason):
            members += [("tab", .string(tab)), ("reason", reason.map { .string($0.rawValue) } ?? .null)]
        case .willTerminate:
            break
        }
        return .object(members)
    }

    /// The compact JSON text of `jsonObject`, without the newline (`EventLog` adds it). It never
    /// contains a raw newline or control character, so one event is always exactly one line.
    public var jsonLine: String {
        JSONWriter.string(jsonObject, style: .compact)
    }

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }
}
