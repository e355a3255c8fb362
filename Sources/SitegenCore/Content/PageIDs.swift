import Diagnostics

/// Gives every page of a flow an id of its own. An id written in front matter is the author's
/// and is kept; two pages that write the same one are an error, and so is one that writes the id
/// another page gets from its file name (links to that page would open the wrong one). Ids made
/// from file names that collide with each other are numbered: when numbered steps share a name
/// (`01-step.md`, `02-step.md`…), each becomes the name and its number (`step-1`, `step-2`…), or,
/// when it has no number, the first number none of them has (`02-faq.md` and `faq.md` are
/// `faq-2` and `faq-1`), with a further `-2`, `-3` if even that is taken.
enum PageIDs {
    /// Makes the pages' ids unique, in the flow's order; returns an error for each page whose
    /// front matter repeats an id another page has.
    static func assign(_ pages: inout [ParsedPage]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var explicit: [String: Int] = [:]
        for index in pages.indices where pages[index].frontMatter.id != nil {
            let page = pages[index]
            if let first = explicit[page.id] {
                diagnostics.append(error(page, "page id '\(page.id)' is already used by \(pages[first].name)"))
            } else {
                explicit[page.id] = index
            }
        }
        let derived = pages.indices.filter { pages[$0].frontMatter.id == nil }
        let groups = Dictionary(grouping: derived) { pages[$0].id }
        var taken = Set(groups.filter { $0.value.count == 1 }.keys)
        for (base, members) in groups.sorted(by: { $0.key < $1.key }) where members.count > 1 {
            let written = Set(members.compactMap { PageNaming.numericPrefix(of: pages[$0].name) })
            var unwritten = 1
            for index in members {
                let number: Int
                if let own = PageNaming.numericPrefix(of: pages[index].name) {
                    number = own
                } else {
                    while written.contains(unwritten) || taken.contains("\(base)-\(unwritten)") { unwritten += 1 }
                    number = unwritten
                    unwritten += 1
                }
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
        for index in derived {
            guard let chosen = explicit[pages[index].id] else { continue }
            diagnostics.append(
                error(pages[chosen], "page id '\(pages[chosen].id)' is the id \(pages[index].name) gets from its file name"))
        }
        return diagnostics
    }

    private static func error(_ page: ParsedPage, _ message: String) -> Diagnostic {
        let node = page.frontMatter.idNode
        return page.file.error("\(message); give one of them another 'id'", at: node?.location, length: node?.length ?? 1)
    }
}
