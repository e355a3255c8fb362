"""Long identifiers in headings wrap only at the points the build marks with <wbr> (camelCase
boundaries, after `_`), never in the middle of a word, and never push a 320 px page sideways."""

from carousel import open_flow, settle

LINES = """
const heading = [...document.querySelectorAll('#translations h3')].find(h => h.textContent.includes(arguments[0]));
const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
const lines = [];
let previous = null;
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (let i = 0; i < node.data.length; i++) {
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rect = range.getClientRects()[0];
    if (!rect || !node.data[i].trim()) { previous = null; continue; }
    const newLine = previous && rect.top >= previous.bottom - 1;
    if (!lines.length || newLine) lines.push({text: '', startsNode: i === 0 || node.data[i - 1] === ' '});
    if (!previous && lines.length && !newLine && lines[lines.length - 1].text) lines[lines.length - 1].text += ' ';
    lines[lines.length - 1].text += node.data[i];
    previous = rect;
  }
}
return {lines, marks: heading.querySelectorAll('wbr').length,
        overflow: heading.scrollWidth - heading.clientWidth,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
"""


def test_long_identifiers_in_headings_break_only_at_marked_points(browser, server):
    browser.set_window_size(320, 800)
    width = browser.execute_script("return window.innerWidth")
    browser.set_window_size(320 + 320 - width, 800)
    open_flow(browser, server, "tutorial/wide-content/?replay&page=2#translations")
    settle(browser, 2)
    for identifier, marks in [("UIPageViewControllerDataSource", 5), ("carousel_keeps_focus_after_paging_on_mac", 6)]:
        result = browser.execute_script(LINES, identifier)
        assert result["marks"] == marks, result
        assert result["overflow"] <= 0 and result["page"] <= 0, result
        assert len(result["lines"]) >= 2, f"{identifier} fits on one line at 320 px, so the test shows nothing: {result}"
        for line in result["lines"][1:]:
            assert line["startsNode"], f"a line of the heading starts in the middle of a word: {result['lines']}"
