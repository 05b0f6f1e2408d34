/// `warning:` lines of `tabnav-tui check-layout`: items of a valid layout that a person can never
/// get to see (docs/layout-files.md, "Warnings"). The same model the program runs decides, so
/// the warnings and the program cannot disagree.
package enum LayoutWarnings {
    package static func lines(for hierarchy: TabHierarchy) -> [String] {
        let model = TabNavModel(hierarchy: hierarchy)
        let hasSidebar = hierarchy.roots.contains { hierarchy.nodes[$0].item.isSection }
        var warnings: [String] = []
        for index in hierarchy.depthFirstIndices {
            let item = hierarchy.nodes[index].item
            // Written only for a warning: quoting every title and id was most of `check-layout`.
            var name: String { LayoutText.quoted(item.title) + " (" + LayoutText.quoted(item.id) + ")" }
            if item.isHiddenByDefault, case .failure(let refusal) = model.check(.setHidden(item.id, false)) {
                let why = item.allowsHiding ? refusal.message : "it doesn't allow hiding, so it can't be unhidden"
                warnings.append("warning: \(name) is hidden by default and can never be shown: \(why)")
                continue
            }
            guard !hasSidebar, !model.isInTabBar(item.id), !model.isEffectivelyHidden(item.id) || item.isHiddenByDefault,
                  case .failure(let refusal) = model.checkBringing(item.id) else { continue }
            warnings.append("warning: \(name) can never be shown: the layout has no sections (so no sidebar) "
                + "and it can't join the tab bar: \(refusal.message)")
        }
        return warnings
    }
}
