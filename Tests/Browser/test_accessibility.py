"""axe-core reports no violations on any generated document: the site indexes and every page of
every carousel, left-to-right and right-to-left, in every locale of a translated site, in the
light and the dark colour scheme."""

import pathlib

import axe_playwright_python
import pytest
from selenium.webdriver.support.ui import WebDriverWait

from carousel import open_flow, settle

AXE = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(result => done(result.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}))));
"""

DOCUMENTS = [
    ("example/index.html", None),
    ("example/welcome/", 6),
    ("example/whats-new/", 2),
    ("basic/index.html", None),
    ("basic/tour/", 3),
    ("rtl/index.html", None),
    ("rtl/jawla/", 2),
    ("browser/index.html", None),
    ("browser/tour/", 5),
    ("browser/rtl/", 3),
    ("browser/vertical/", 3),
    # A site in three languages, one right-to-left: every locale's index and carousel, fallback pages among them.
    ("translated/index.html", None),
    ("translated/ko/", None),
    ("translated/ar/", None),
    ("translated/tour/", 3),
    ("translated/ko/tour/", 3),
    ("translated/ar/tour/", 3),
    ("translated/ar/help/", 1),
]


def violations(browser):
    WebDriverWait(browser, 10).until(lambda b: b.execute_script(
        "return document.getAnimations().every(a => a.playState === 'finished')"))
    browser.execute_script(AXE)
    browser.set_script_timeout(30)
    return browser.execute_async_script(RUN)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path, pages", DOCUMENTS)
def test_axe_finds_no_violations(browser, server, path, pages, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    if pages is None:
        browser.get(f"{server}/{path}")
        assert violations(browser) == []
        return
    ids = None
    for index in range(pages):
        # A new query each time, so each page is a fresh load rather than a same-document jump.
        open_flow(browser, server, f"{path}?replay&page={index}" + (f"#{ids[index]}" if ids else ""))
        ids = ids or browser.execute_script("return [...document.querySelectorAll('.sg-page')].map(p => p.id)")
        settle(browser, index)
        assert violations(browser) == [], f"page {index + 1} of {path} in the {scheme} scheme"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_alerts_have_no_violations_and_are_titled_notes(browser, server, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    open_flow(browser, server, "tutorial/wide-content/?replay&page=2#translations")
    settle(browser, 2)
    alerts = browser.execute_script("""return [...document.querySelectorAll('#translations .sg-alert')].map(a => ({
      kind: a.className, role: a.getAttribute('role'), label: a.getAttribute('aria-label'),
      title: a.querySelector('.sg-alert-title').textContent,
      marker: getComputedStyle(a.querySelector('.sg-alert-title'), '::before').content,
      bodyMarker: getComputedStyle(a.querySelector('.sg-alert-title + *'), '::before').content,
      bar: getComputedStyle(a).borderInlineStartWidth}))""")
    assert [(a["kind"], a["role"], a["label"], a["title"]) for a in alerts] == [
        (f"sg-alert sg-alert-{kind.lower()}", "note", kind, kind) for kind in ["Note", "Tip", "Important", "Warning", "Caution"]]
    assert all(a["marker"] not in ("none", "normal") and a["bodyMarker"] == "none" and a["bar"] == "4px" for a in alerts), alerts
    assert violations(browser) == [], f"the alerts in the {scheme} scheme"
