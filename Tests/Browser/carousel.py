"""Helpers for driving a built carousel in the browser."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

STATE = """
const root = document.querySelector('.sg-carousel');
const pages = [...document.querySelectorAll('.sg-page')];
const track = document.querySelector('.sg-track').getBoundingClientRect();
const shown = pages.findIndex(p => {
  const r = p.getBoundingClientRect();
  return Math.abs(r.left - track.left) < 2 && Math.abs(r.top - track.top) < 2;
});
return {
  current: pages.findIndex(p => !p.inert),
  shown,
  inert: pages.map(p => p.inert),
  hash: location.hash,
  active: document.activeElement ? (document.activeElement.className || document.activeElement.tagName) : null,
  status: (document.querySelector('.sg-status') || {}).textContent,
  prevDisabled: document.querySelector('.sg-bar-prev').getAttribute('aria-disabled'),
  nextDisabled: document.querySelector('.sg-bar-next').getAttribute('aria-disabled'),
  skipHidden: document.querySelector('.sg-bar-skip').hidden,
  nextHidden: document.querySelector('.sg-bar-next').hidden,
  finishHidden: document.querySelector('.sg-bar-finish').hidden,
};
"""


def open_flow(browser, server, path, ready=True):
    browser.get(f"{server}/{path}")
    if ready:
        WebDriverWait(browser, 10).until(lambda b: b.execute_script(
            "return document.querySelector('.sg-bar-prev').hasAttribute('aria-disabled')"))
    return browser


def state(browser):
    return browser.execute_script(STATE)


def settle(browser, index):
    """Waits until page `index` is current and scrolled into place; returns the state."""
    WebDriverWait(browser, 10).until(lambda b: (s := state(b))["current"] == index and s["shown"] == index)
    return state(browser)


def click(browser, selector):
    browser.find_element(By.CSS_SELECTOR, selector).click()


def dot(browser, index):
    return browser.find_elements(By.CSS_SELECTOR, ".sg-dot")[index]


def record_events(browser):
    browser.execute_script("""
        window.sgEvents = [];
        for (const name of ['pagewillappear', 'pagedidappear', 'pagewilldisappear', 'pagediddisappear', 'skip', 'finish'])
          document.addEventListener('sitegen:' + name, e => sgEvents.push([name, e.detail.index, e.detail.id, e.detail.flow]));
    """)


def events(browser):
    return browser.execute_script("return window.sgEvents")


def tab_through(browser, presses, current, where=""):
    """Presses Tab `presses` times from the top of the document and fails if focus ever lands on
    a page other than `current` (focus outside every page is fine: the bar, the skip link)."""
    browser.find_element(By.TAG_NAME, "body").click()
    for _ in range(presses):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        page = browser.execute_script(
            "const p = document.activeElement.closest('.sg-page'); return p ? [...document.querySelectorAll('.sg-page')].indexOf(p) : null")
        assert page in (None, current), f"focus reached hidden page {page} {where}".rstrip()
