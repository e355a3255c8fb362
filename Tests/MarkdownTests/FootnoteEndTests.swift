import Testing
@testable import Markdown

/// Where a footnote definition ends, what follows it is the page's own text, shown whether or not
/// anything refers to the note: cmark-gfm's reading, line for line. Each page is rendered with a
/// reference to its note and without one (an unused definition is not shown, its neighbours are).
@Suite struct FootnoteEndTests {
    static let pages = [
        // A line that is not indented, after a table in the definition, ends it.
        "[^a]: x\n    a | b\n    -|-\nc | d\n-|-\n",
        "[^a]: x\n    a | b\n    -|-\n    c | d\ne | f\n",
        "[^a]: x\n    a | b\n    -|-\n    c | d\ne | f\n\n    code after the note, not in it\n",
        "[^a]: x\n    ```\n    code\nlazy | x\n-|-\n",
        "- [^a]: x\n      a | b\n      -|-\n  c | d\n",
        "> [^a]: y\n>     a | b\n>     --|--\n> c | d\n> --|--\n",
        "[^a]: x\n    a | b\n    -|-\nc | d\n-|-\n[^b]: second\n",
        // A definition whose first line has no text and whose next line is not indented is empty.
        "[^a]:\nnext paragraph\n",
        "[^a]:\nnext\n    more of it\n",
        "intro\n[^a]:\nnext [^b] text\n[^b]: y\n",
        "[^a]:\nnext | x\n-|-\n",
        // Lines lazy in the blocks around the definition (no `>`), indented or not, continue its
        // paragraph and start no table or heading; a tab stops where cmark says, not where the
        // line's content starts.
        "> [^a]: y | x\n      :-: | ---\nh\n",
        "> [^a]: text\n     ##\nu\n",
        "> [^a]: a | | |\n\t:-: | :-- | -\n|\n",
        "1. [^a]:   \n   \t      code\n      and\n",
        // Once a definition has ended, the lines after it are the page's, indented or not: they
        // go on the paragraph that ended it, never into a quote or the note.
        "[^a]: | x |\n    |---|\nBack.\n    cont\n",
        "[^a]: | x |\n    |---|\nBack.\n    - item\n",
        "[^a]:\nlazy text\n    |---|\n",
        "[^a]:\nBack.\n    ```\n    code?\n",
        // A definition on a line lazy in a list or quote closes it; so does the line after an
        // empty definition in one: what follows goes after the list or quote.
        "- item one\n[^a]:\nHello world\n",
        "> - item\n> [^a]:\n> Hello\n",
        "> [^a]:\nu\n",
        "> x\n[^a]:\nu\n",
        "- [^a]:\nx\n",
        "> [^a]:\n    code\n",
        // ...and what follows its paragraph in that list or quote (more of the item, the next
        // items) is read again after it, where cmark-gfm reads it: in the note when indented.
        "- item one\n[^a]: Note a\n    more body\n\n    second para\n\nText.\n",
        "- one\n[^a]: Note\n- two\n- three\n",
        "1. one\n[^a]: Note\n\n   more of one\n2. two\n",
        "- one\n  - nested\n[^a]: Note\n  - nested two\n- two\n",
        "> - a\n> [^a]: n\n> - b\n>\n>     code?\n",
        "- a\n[^a]: n\n\n    code in the note\n- b\n\n      deeper\n",
        "- a\n[^a]: n\n[^b]: m\n    more of m\n- b\n",
        "* a\n[^a]: n\n  lazy or item?\n* b\n",
        "- a\n[^a]:\n- b\n", "> - a\n> [^a]:\n> - b\n",
        // ...but not what an earlier note of the paragraph put after the list (it stays in the
        // quote), nor, where a tab indents the lines, what cmark read there.
        "Text[^a]\n\n> - [^b]:\n> Important sentence.\n[^a]: note a\n",
        "- Step\n  - Detail[^2]\n\t[^2]: The note.\n\n     More about the detail.\n",
        "- - [^note]:\n\t[^note]:\n   -\n", "- \t    item\n  item\n   [^2]:\ttab\n-\n",
        "2. two\n[^a]:\n\tTab\n\n> > qq\n",
        // A definition inside a note is the page's: taken out of the note, never a link's definition.
        "Hi[^1]\n\n[^1]: note [^2]\n    - [^2]: text\n", "Hi[^1]\n\n[^1]: note [^2]\n    [^2]: text\n",
        "Hi[^1]\n\n[^1]: note [^2]\n\t- [^2]: text\n", "See[^1]\n\n[^1]: note 1\n    - item[^2]\n    [^2]: note 2\n",
        "A[^a]\n\n[^a]: one [^b]\n\n    > [^b]: two [^c]\n    >\n    >     [^c]: three\n",
        // Lines not indented right after the note's own blocks (after the blank line that ends
        // its first paragraph) go on its open paragraph while it is open, and end it where
        // cmark-gfm ends it; a block of the page that such a line began is read again after it.
        "[^a]: Steps:\n\n    - [ ]\nlazy line\n",
        "[^a]: Steps:\n\n    - one\nlazy\nlazier\n\n    more of the note\n",
        "[^a]: Steps:\n\n    more\nlazy\n===\n",
        "[^a]: Steps:\n\n    more\nlazy\n---\n",
        "[^a]: Steps:\n\n    more\nlazy\n- item\n",
        "[^a]: Steps:\n\n    more\nlazy\n    indented\nback\n",
        "[^a]: Steps:\n\n    ```\n    code\n    ```\nafter the fence\n",
        "[^a]: Steps:\n\n    > quoted\nlazy in the quote\n",
        "[^a]: Steps:\n\n    | a | b |\n    |---|---|\nnot a row | x\n-|-\n",
        "[^a]: Steps:\n\n        code in the note\nnot lazy\n",
        "[^a]: Steps:\n\n    # Heading\nnot lazy\n",
        // Under a definition's text, `===` is more of that text and `---` a rule after it (cmark,
        // with no footnotes, reads either as a heading's underline).
        "[^a]: x\n===\n", "[^a]: x\n---\n", "Text\n[^a]: x\n===\n", "Text\n[^a]: x\n---\n", "[^a]: x\n    y\n===\n",
        "[^a]: x\n    y\n---\n", "[^a]: x\n  ===\n", "[^a]: x\n[^b]: y\n===\n", "- [^a]: x\n  ===\n", "1. [^a]: x\n   ---\n",
        "> a\n> [^a]: b\n> ===\n", "> [^a]: x\n> ---\n", "[^a]:\n===\n", "[^a]: *x*\n==\n", "[^a]: | t |\n    |---|\n===\n",
        "[^a]: x\n===\nafter\n", "[^a]: x\n===\n\n    more\n",
        // A block that interrupts the definition's paragraph ends the note.
        "[^a]: x\n# h\n", "[^a]: x\n- item\n", "[^a]: x\n```\ncode\n```\n", "[^a]: x\n> q\n",
        "[^a]: x\n===\n> q\n", "[^a]: Steps:\n\n    - one\nlazy\n> q\n", "[^a]: Steps:\n\n    - one\n> q\n",
        // So does the next definition, on a line of its own or after lazy lines.
        "[^l]:\n\n    o\n[^a]:\nt\n", "[^l]: x\n\n    o\nlazy\n[^a]: y\nmore\n", "[^l]: x\n===\n[^a]: y\n",
        // A tab in a note's indent counts to the column cmark counts it to: `\t\t` after a blank
        // line is code in the note, and the line after that code is the page's.
        "[^1]:\n\n\t\te\n=", "[^e]:\n\n\t\te\n|", "x[^1]\n\n[^1]:\n\n\t\te\nz", "[^1]: a\n\n\t\te\nz\n", "[^1]: a\n\n    \te\nz\n",
        // ...and a tab past them in a fence stays a tab.
        "[^a]:~~~\n\t\t-\n[^a]", "[^A]:~~~\n\t\ta\n>m[^A]", "[^a]:[^a]\n\t~~~\n\t\té", "[^A]:[^A]\n    ```\n\t\te", "[^a]\n[^a]:```\n\t\tt",
        "- [^a]: x\n  \t```\n  \t\tcode\n", "> [^a]: x\n>     ~~~\n> \t\tcode\n",
        // Text parsed again (a note, a table) is parsed after the page's link definitions; a
        // paragraph that only starts with `[` and goes on with a fence is none, and takes nothing in.
        "[^a]:\n- []\n      ~~~", "[^e]:\n- []\n\t  ~~~", "[^e]:\n  1. []\n\t~~~", "[^b]:\n- []\n>[\n\t~~~",
        "x[^e]\n\n[^e]: a\n- []\n      ```\n- b\n\nlast", "- [x] y\n      ~~~\n\n| a | b |\n|---|---|\n| [x] | z |\n",
        // Lines that stay in the definition.
        "[^a]:\n    para one\nlazy\n",
        "[^a]:\n    a | b\n-|-\n",
        "[^a]: x\n    a | b\n    -|-\n\n    more of the note\n",
        "[^a]: x\nlazy\n    indented\n",
    ]

    @Test(arguments: pages) func textAfterADefinitionIsKept(page: String) throws {
        for variant in [page, page + "\nSee [^a].\n"] {
            let (rendered, expected) = try Oracle.renderings(of: variant)
            #expect(rendered == expected, "\(variant)")
        }
    }

    /// The words after an unused definition that ends early are on the page.
    @Test func nothingAfterAnUnusedDefinitionIsLost() {
        let html = Markdown.render("[^a]: x\n    a | b\n    -|-\nafter | the\n-|-\n\n[^b]:\nstill here\n").html
        #expect(html.contains("<th>after</th>"))
        #expect(html.contains("<p>still here</p>"))
        #expect(!html.contains("<th>a</th>"))
    }
}
