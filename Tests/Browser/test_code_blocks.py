"""Highlighted code blocks read in the carousel (issue 19): no accessibility violations (token
colours included) at phone and desktop widths in both schemes, no sideways scrolling of the page,
marked and changed lines that stand out, titles shown with their block, and a copy button,
reached by keyboard, that copies exactly the block's text (never its line numbers) and says so."""

import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from carousel import open_flow, settle
from test_accessibility import violations
from test_long_content import resize

PAGES = ["tutorial/code-tour/#data-source", "tutorial/code-tour/#the-fix"]


def scheme(browser, value):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})


def buttons_ready(browser):
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.querySelectorAll('.sg-copy').length > 0"))


@pytest.mark.parametrize("colours", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 390, 1280])
@pytest.mark.parametrize("index, path", list(enumerate(PAGES)))
def test_highlighted_blocks_have_no_violations_and_never_widen_the_page(browser, server, colours, width, index, path):
    resize(browser, width)
    scheme(browser, colours)
    open_flow(browser, server, path)
    settle(browser, index)
    buttons_ready(browser)
    assert browser.execute_script("return document.querySelectorAll('.sg-page:not([inert]) [class^=hl-]').length") > 5
    assert violations(browser) == []
    assert browser.execute_script("return document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    for box in browser.find_elements(By.CSS_SELECTOR, ".sg-page:not([inert]) .sg-code"):
        assert box.rect["x"] >= 0 and box.rect["x"] + box.rect["width"] <= width + 1, "a block is wider than the screen"


@pytest.mark.parametrize("colours", ["light", "dark"])
def test_marked_added_and_removed_lines_stand_out(browser, server, colours):
    scheme(browser, colours)
    open_flow(browser, server, PAGES[1])
    settle(browser, 1)
    backgrounds = browser.execute_script("""
        const page = document.querySelector('.sg-page:not([inert])');
        const pre = getComputedStyle(page.querySelector('pre')).backgroundColor;
        return [pre, ...['ins', 'del', 'span'].map(t => getComputedStyle(page.querySelector(t + '.sg-line')).backgroundColor)]""")
    pre, added, removed, plain = backgrounds
    assert len({pre, added, removed}) == 3, backgrounds
    assert plain in (pre, "rgba(0, 0, 0, 0)"), backgrounds
    open_flow(browser, server, PAGES[0])
    marked = browser.execute_script("return [...document.querySelectorAll('#data-source mark.sg-line')].map(m => getComputedStyle(m).backgroundColor)")
    assert len(marked) == 4 and len(set(marked)) == 1 and marked[0] != pre


def test_titles_head_their_blocks(browser, server):
    open_flow(browser, server, PAGES[0])
    title = browser.find_element(By.CSS_SELECTOR, "#data-source figure.sg-code > figcaption")
    assert title.text == "OnboardingDataSource.swift" and title.is_displayed()
    code = browser.find_element(By.CSS_SELECTOR, "#data-source figure.sg-code pre")
    assert title.rect["y"] + title.rect["height"] <= code.rect["y"] + 1


def test_the_copy_button_copies_the_text_by_keyboard_and_says_so(browser, server):
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    open_flow(browser, server, PAGES[0])
    settle(browser, 0)
    buttons_ready(browser)
    manifest = json.loads(browser.execute_async_script(
        "const done = arguments[0]; fetch('../manifest.json').then(r => r.text()).then(done)"))
    flow = next(f for f in manifest["flows"] if f["id"] == "code-tour")
    expected = "".join(token["text"] for token in flow["pages"][0]["code_blocks"][0]["tokens"])
    button = browser.find_element(By.CSS_SELECTOR, "#data-source .sg-copy")
    assert button.text == "Copy code" and button.tag_name == "button"
    # Reached with the keyboard: Tab from the element before it.
    browser.execute_script("arguments[0].previousElementSibling?.focus(); document.querySelector('#data-source .sg-body p').setAttribute('tabindex', '-1'); document.querySelector('#data-source .sg-body p').focus()", button)
    for _ in range(10):
        if browser.execute_script("return document.activeElement.classList.contains('sg-copy')"):
            break
        browser.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.execute_script("return document.activeElement === arguments[0]", button)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda b: b.execute_script("return document.querySelector('.sg-status').textContent") == "Copied")
    copied = browser.execute_async_script("const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('error: ' + e))")
    assert copied == expected
    assert "1import" not in copied and copied.startswith("import UIKit\n")


def test_without_javascript_there_is_no_copy_button(browser, server):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.get(f"{server}/{PAGES[0]}")
    assert browser.find_elements(By.CSS_SELECTOR, ".sg-copy") == []
    assert browser.find_element(By.CSS_SELECTOR, "#data-source .hl-keyword").is_displayed()


def test_code_reads_left_to_right_on_a_right_to_left_page(browser, server):
    """A code block on an Arabic page runs left to right as code does (`$` first, `);` last),
    its marked-line bar on the left; code in a line of Arabic text takes its own direction."""
    open_flow(browser, server, "tutorial/arabic/#organize")
    settle(browser, 2)
    found = browser.execute_script("""
        const page = document.querySelector('.sg-page:not([inert])');
        const pre = page.querySelector('pre');
        const text = pre.querySelector('code').firstChild.firstChild || pre.querySelector('code').firstChild;
        const first = document.createRange();
        first.setStart(text, 0);
        first.setEnd(text, 1);
        const inline = page.querySelector('p > code');
        return {
          page: getComputedStyle(page.querySelector('.sg-body')).direction,
          pre: getComputedStyle(pre).direction,
          firstFromLeft: first.getBoundingClientRect().left - pre.getBoundingClientRect().left,
          width: pre.getBoundingClientRect().width,
          inline: getComputedStyle(inline).unicodeBidi,
        }""")
    assert found["page"] == "rtl" and found["pre"] == "ltr", found
    assert found["firstFromLeft"] < 40 < found["width"], f"the code's first character is at its left: {found}"
    assert found["inline"] == "plaintext", found
