"""A long technical tutorial read in the carousel (issue 18): Skip never covers what is read, code
and tables may use a wide screen while prose keeps its line length, the finish action is in reach
on a long last page, a page's action and the finish look different, and the embed's close button
stands out in light and dark."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from carousel import open_flow, settle
from test_embed import app, dialog_open, host, in_dialog, start_open, wait  # noqa: F401 - fixtures
from test_long_content import resize


def luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def over(colour, background):
    """`colour` (RGBA, alpha 0–255) as it shows over an opaque `background`."""
    alpha = colour[3] / 255
    return [alpha * c + (1 - alpha) * b for c, b in zip(colour[:3], background[:3])]


def contrast(a, b):
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


# Colours as the browser resolves them, whatever notation the stylesheet used.
RGB = """const probe = (color) => { const c = document.createElement('canvas').getContext('2d');
  c.fillStyle = color; c.fillRect(0, 0, 1, 1); return [...c.getImageData(0, 0, 1, 1).data]; };"""


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_skip_is_part_of_the_bar_and_never_over_the_page(browser, server, width):
    resize(browser, width)
    open_flow(browser, server, "tutorial/wide-content/#build-log")
    settle(browser, 3)
    for fraction in [0, 0.5, 1]:
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight * arguments[0])", fraction)
        WebDriverWait(browser, 5).until(lambda b: b.execute_script(
            "return Math.abs(scrollY - (document.documentElement.scrollHeight - innerHeight) * arguments[0]) < 2 || arguments[0] === 0.5",
            fraction))
        inside = browser.execute_script("""
            const skip = document.querySelector('.sg-bar-skip').getBoundingClientRect();
            const bar = document.querySelector('.sg-bar').getBoundingClientRect();
            return skip.height > 0 && skip.top >= bar.top && skip.bottom <= bar.bottom && bar.bottom <= innerHeight + 1""")
        assert inside, f"Skip sits in the bar, on screen, at {fraction:.0%} of the page"


def test_code_and_tables_use_a_wide_screen_while_prose_keeps_its_measure(browser, server):
    resize(browser, 1280)
    open_flow(browser, server, "tutorial/wide-content/#build-matrix")
    settle(browser, 1)
    widths = browser.execute_script("""
        const page = document.querySelector('.sg-page:not([inert]) .sg-body');
        const width = (s) => Math.max(...[...page.querySelectorAll(s)].map(e => e.getBoundingClientRect().width));
        return { prose: width(':scope > p'), code: width(':scope > :is(pre, .sg-code)'), table: width(':scope > table') };""")
    assert widths["prose"] <= 36 * 16 + 1, widths
    assert 36 * 16 + 100 < widths["code"] <= 62 * 16 + 1, widths
    assert 36 * 16 + 100 < widths["table"] <= 62 * 16 + 1, widths


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_on_a_long_last_page_the_finish_is_in_reach_without_scrolling(browser, server, width):
    resize(browser, width)
    open_flow(browser, server, "tutorial/wide-content/#pipeline")
    end = settle(browser, 4)
    assert end["nextHidden"] and not end["finishHidden"]
    if width < 1000:
        assert browser.execute_script("return document.documentElement.scrollHeight > innerHeight * 1.5"), "a long last page"
    reach = browser.execute_script("""
        const finish = document.querySelector('.sg-bar-finish').getBoundingClientRect();
        return [scrollY, finish.top >= 0 && finish.bottom <= innerHeight && finish.width > 0]""")
    assert reach == [0, True], "the finish is on screen before any scrolling"


def test_a_pages_action_does_not_look_like_the_finish(browser, server):
    open_flow(browser, server, "example/welcome/#privacy")
    settle(browser, 4)
    looks = browser.execute_script(RGB + """
        const style = (e) => { const s = getComputedStyle(e); return [probe(s.backgroundColor)[3], s.boxShadow !== 'none']; };
        return [style(document.querySelector('.sg-page:not([inert]) .sg-action .sg-button')),
                style(document.querySelector('.sg-bar-finish'))]""")
    action, finish = looks
    assert action == [0, True], "the action is an outline, with no fill"
    assert finish[0] == 255, "the finish is filled"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_embeds_close_button_has_three_to_one_contrast(app, host, scheme):  # noqa: F811 - fixtures
    app.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    start_open(app)
    wait(app, lambda: dialog_open(app))
    colours = in_dialog(app, RGB + """
        const close = root.querySelector('.sg-close');
        const outline = getComputedStyle(close).boxShadow.match(/rgba?\\([^)]*\\)/)[0];
        return [probe(outline), probe(getComputedStyle(root.querySelector('.sg-dialog')).backgroundColor),
                probe(getComputedStyle(close).color)]""")
    outline, background, glyph = colours
    assert contrast(over(outline, background), background) >= 3, f"outline {outline} on {background}"
    assert contrast(glyph, background) >= 4.5, f"× {glyph} on {background}"
    app.execute_script("sitegen.close()")


@pytest.mark.parametrize("width", [320, 1280])
def test_footnotes_and_their_back_links_stay_on_their_page(browser, server, width):
    resize(browser, width)
    open_flow(browser, server, "tutorial/zh-guide/#motion")
    settle(browser, 2)
    page = ".sg-page:not([inert])"
    reference = browser.find_element(By.CSS_SELECTOR, f"{page} .footnote-ref a")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", reference)
    reference.click()
    note = reference.get_attribute("href").split("#")[1]
    in_view = "const r = document.getElementById(arguments[0]).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"
    WebDriverWait(browser, 5).until(lambda b: b.execute_script(in_view, note))
    assert settle(browser, 2)["current"] == 2, "the footnote is on the same page"
    back = browser.find_element(By.CSS_SELECTOR, f"#{note} .footnote-backref")
    back.click()
    WebDriverWait(browser, 5).until(lambda b: b.execute_script(in_view, back.get_attribute("href").split("#")[1]))
    assert settle(browser, 2)["current"] == 2


def test_an_address_naming_a_footnote_opens_its_page(browser, server):
    open_flow(browser, server, "tutorial/zh-guide/#fn-03-motion--live")
    assert settle(browser, 2)["current"] == 2


def test_tables_align_and_task_checkboxes_are_named(browser, server):
    open_flow(browser, server, "tutorial/zh-guide/#motion")
    settle(browser, 2)
    found = browser.execute_script("""
        const page = document.querySelector('.sg-page:not([inert])');
        const cells = [...page.querySelectorAll('tbody tr:first-child td')].map(c => getComputedStyle(c).textAlign);
        const boxes = [...page.querySelectorAll('li > input[type=checkbox]')].map(b => [b.getAttribute('aria-label'), b.checked, b.disabled]);
        return [cells, boxes]""")
    cells, boxes = found
    assert cells == ["start", "end", "center"], cells
    assert [b[1] for b in boxes] == [True, True, False] and all(b[0] and b[2] for b in boxes), boxes


IN_VIEW = "const r = document.getElementById(decodeURIComponent(arguments[0])).getBoundingClientRect(); return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1"


def follow(browser, selector):
    """Clicks the link `selector` on the current page; returns the id its address names."""
    link = browser.find_element(By.CSS_SELECTOR, f".sg-page:not([inert]) {selector}")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    address = link.get_attribute("href").split("#")[1]
    link.click()
    return address


@pytest.mark.parametrize("width", [320, 1280])
def test_page_links_move_the_carousel_to_their_page_and_heading(browser, server, width):
    resize(browser, width)
    open_flow(browser, server, "tutorial/zh-guide/")
    settle(browser, 0)
    follow(browser, "a[href='#focus']")
    assert settle(browser, 1)["hash"] == "#focus"
    open_flow(browser, server, "tutorial/zh-guide/")
    heading = follow(browser, "a[href^='#live-region--']")
    settle(browser, 3)
    WebDriverWait(browser, 5).until(lambda b: b.execute_script(IN_VIEW, heading))
    open_flow(browser, server, "tutorial/zh-guide/")
    heading = follow(browser, "a[href^='#pattern--']")
    WebDriverWait(browser, 5).until(lambda b: b.execute_script(IN_VIEW, heading))
    assert settle(browser, 0)["current"] == 0


def test_a_link_into_another_flow_opens_its_page_at_the_heading(browser, server):
    open_flow(browser, server, "tutorial/zh-guide/")
    heading = follow(browser, "a[href^='../wide-content/']")
    WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith("/wide-content/#" + heading))
    WebDriverWait(browser, 10).until(lambda b: b.execute_script(
        "return document.querySelector('.sg-bar-prev').hasAttribute('aria-disabled')"))
    settle(browser, 1)
    WebDriverWait(browser, 5).until(lambda b: b.execute_script(IN_VIEW, heading))


@pytest.mark.parametrize("selector, target", [("a[href='#focus']", "focus"), ("a[href^='#live-region--']", "live-region")])
def test_page_links_work_without_javascript(browser, server, selector, target):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.get(f"{server}/tutorial/zh-guide/")
    link = browser.find_element(By.CSS_SELECTOR, f"#pattern {selector}")
    address = link.get_attribute("href").split("#")[1]
    link.click()
    WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith("#" + address))
    page = browser.find_element(By.ID, target)
    WebDriverWait(browser, 10).until(lambda b: abs(page.rect["x"] - b.find_element(By.CSS_SELECTOR, ".sg-track").rect["x"]) < 2)
