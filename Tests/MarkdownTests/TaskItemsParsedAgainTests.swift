import Testing
@testable import Markdown

/// Task list items in text sitegen parses a second time (a footnote's note, the lines around a
/// table) are read on the line they were written on, as cmark-gfm reads every item: a checkbox
/// where the line starts with the list marker and `[ ]` or `[x]`, none where anything else comes
/// first on that line (`[^1]: - [ ] a`, `> - [ ] a`).
@Suite struct TaskItemsParsedAgainTests {
    static let pages = [
        "See [^a].\n\n[^a]: Steps:\n\n    - [ ] open\n    - [x] done\n    - [X] also done\n",
        "See [^a].\n\n[^a]: - [ ] on the definition's line\n    - [x] on its own line\n",
        "See [^a].\n\n[^a]: Steps:\n\n    1. [ ] first\n    2) [x] second\n",
        "See [^a].\n\n[^a]: Loose:\n\n    - [ ] one\n\n    - [x] two\n",
        "See [^a].\n\n[^a]: Nested:\n\n    - [ ] outer\n      - [x] inner\n",
        "See [^a].\n\n[^a]: Empty boxes:\n\n    - [ ]\n    - [x] \n",
        "See [^a].\n\n[^a]: Not tasks:\n\n    - [y] no\n    - [ ]no blank\n    - [] none\n",
        "See [^a].\n\n[^a]: > - [ ] quoted\n",
        "See [^a].\n\n[^a]: Steps:\n\n    - [ ]\n    lazy line\n",
        "See [^a].\n\n[^a]: Steps:\n\n    - [x]\n      indented line\n",
        "See [^a].\n\n[^a]: A table, then tasks:\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n\n    - [ ] after the table\n",
        "See [^a] and [^b].\n\n[^a]: - [x] one\n\n[^b]: Two:\n\n    * [x] two\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n- [ ] after a table\n- [x] done\n",
        "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n- [ ] task after a table in a list\n",
    ]

    @Test(arguments: pages) func itemsAreTasksAsCmarkGFMReadsThem(page: String) throws {
        let (rendered, expected) = try Oracle.renderings(of: page)
        #expect(rendered == expected, "\(page)")
    }

    @Test func aNoteShowsItsCheckboxesNamedByTheirText() {
        let html = Markdown.render("See [^a].\n\n[^a]: Steps:\n\n    - [ ] open the app\n    - [x] sign in\n").html
        #expect(html.contains(#"<li><input type="checkbox" disabled="" aria-label="open the app" /> open the app</li>"#), "\(html)")
        #expect(html.contains(#"<input type="checkbox" checked="" disabled="" aria-label="sign in" /> sign in"#))
        #expect(!html.contains("[ ]") && !html.contains("[x]"))
    }
}
