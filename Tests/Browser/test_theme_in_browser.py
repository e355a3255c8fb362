"""The theme as rendered: touch targets, forced colours, focus styles, and scheme switching."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from carousel import open_flow

CONTROLS = ".sg-bar-prev, .sg-bar-next, .sg-bar-skip, .sg-dot, .sg-page:not([inert]) :is(.sg-button, .sg-finish)"
NO_JS_CONTROLS = ".sg-prev[href], .sg-next, .sg-skip-link, .sg-indicator, .sg-button"


def sizes(browser, selector):
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])].filter(e => e.getClientRects().length)"
        ".map(e => [e.className, e.getBoundingClientRect().width, e.getBoundingClientRect().height])", selector)


@pytest.mark.parametrize("path", ["example/welcome/#privacy", "example/welcome/#ready", "browser/rtl/"])
def test_every_control_is_at_least_44_by_44(browser, server, path):
    open_flow(browser, server, path)
    measured = sizes(browser, CONTROLS)
    assert len(measured) >= 5
    assert [m for m in measured if m[1] < 44 or m[2] < 44] == []


def test_every_no_javascript_control_is_at_least_44_by_44(browser, server):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.get(f"{server}/example/welcome/")
    measured = sizes(browser, NO_JS_CONTROLS)
    assert len(measured) >= 20
    assert [m for m in measured if m[1] < 44 or m[2] < 44] == []


def test_indicators_stay_visible_in_forced_colours(browser, server):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "forced-colors", "value": "active"}]})
    open_flow(browser, server, "example/welcome/")
    dots = browser.execute_script(
        "return [...document.querySelectorAll('.sg-dot')].map(d => getComputedStyle(d, '::before')"
        ".getPropertyValue('background-image') + '|' + getComputedStyle(d, '::before').backgroundColor)")
    assert dots[0].split("|")[1] not in ("rgba(0, 0, 0, 0)", "transparent"), "the current dot is filled"
    assert all("radial-gradient" in d for d in dots[1:]), "the other dots are drawn"


def test_focused_controls_show_a_focus_ring(browser, server):
    open_flow(browser, server, "example/welcome/")
    browser.find_element(By.CSS_SELECTOR, ".sg-bar-prev").send_keys(Keys.TAB)
    ring = browser.execute_script(
        "const s = getComputedStyle(document.activeElement); return [document.activeElement.className, s.outlineStyle, s.outlineWidth]")
    assert ring[0] == "sg-dot"
    assert ring[1] == "solid" and ring[2] == "3px"


@pytest.mark.parametrize("scheme, background", [("light", "rgb(255, 255, 255)"), ("dark", "rgb(18, 21, 28)")])
def test_the_page_follows_the_visitors_colour_scheme(browser, server, scheme, background):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    open_flow(browser, server, "example/welcome/")
    assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == background
