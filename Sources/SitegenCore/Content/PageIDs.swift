import Diagnostics

/// Gives every page of a flow an id of its own. An id written in front matter is the author's
/// and is kept; two pages that write the same one are an error. An id made from a file name gives
/// way: when numbered steps share a name (`01-step.md`, `02-step.md`…), or a name some page chose,
/// each such page becomes the name and its number (`step-1`, `step-2`…), or its place among them
/// when it has no number, with a further `-2`, `-3` if even that is taken.
enum PageIDs {
    /// Makes the pages' ids unique, in the flow's order; returns an error for each page whose
    /// front matter repeats an id an earlier page's front matter set.
    static func assign(_ pages: inout [ParsedPage]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var explicit: [String: Int] = [:]
        for index in pages.indices where pages[index].frontMatter.id != nil {
            let page = pages[index]
            if let first = explicit[page.id] {
                let node = page.frontMatter.idNode
                diagnostics.append(
                    page.file.error(
                        "page id '\(page.id)' is already used by \(pages[first].name); give one of them another 'id'",
                        at: node?.location, length: node?.length ?? 1))
            } else {
                explicit[page.id] = index
            }
        }
        let derived = pages.indices.filter { pages[$0].frontMatter.id == nil }
        let groups = Dictionary(grouping: derived) { pages[$0].id }
        var taken = Set(explicit.keys).union(groups.filter { $0.value.count == 1 && explicit[$0.key] == nil }.keys)
        for (base, members) in groups.sorted(by: { $0.key < $1.key }) where members.count > 1 || explicit[base] != nil {
            for (place, index) in members.enumerated() {
                let number = PageNaming.numericPrefix(of: pages[index].name) ?? place + 1
                var id = "\(base)-\(number)"
                var suffix = 2
                while taken.contains(id) {
                    id = "\(base)-\(number)-\(suffix)"
                    suffix += 1
                }
                taken.insert(id)
                pages[index].id = id
            }
        }
        return diagnostics
    }
}
