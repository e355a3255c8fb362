"""Motion and large images on pages (the media site's `motion` flow: a Lottie animation as a page's
image, a photo wider than the page, an animated GIF, a video that plays by itself): a reader who
prefers reduced motion sees posters and still frames, with or without JavaScript; a phone fetches
a version of the photo made for its width, never the original; the video starts, muted, only on
its page and never for reduced motion; nothing shifts, nothing fails, axe-core finds nothing."""

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from carousel import click, open_flow, settle
from test_accessibility import violations

PAGES = {"hero": 0, "photo": 1, "blink": 2, "auto": 3}

# Every call to play(), by the id of the page its video is on, and whether it was muted.
SPY = """
window.sgPlayed = [];
HTMLMediaElement.prototype.play = function () {
  window.sgPlayed.push([this.closest('.sg-page').id, this.muted]);
  return Promise.resolve();
};
"""


def reduce_motion(browser):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})


def shown(browser, page, selector="img"):
    """The URL the browser chose for the page's first image, once it has one."""
    script = f"const i = document.querySelector('#{page} {selector}'); return i && i.complete && i.currentSrc;"
    WebDriverWait(browser, 10).until(lambda b: b.execute_script(script))
    return browser.execute_script(script)


def open_page(browser, server, page):
    open_flow(browser, server, f"media/motion/?replay#{page}")
    settle(browser, PAGES[page])


@pytest.mark.parametrize("width", [390, 1280])
def test_animations_move_unless_the_reader_prefers_reduced_motion(browser, server, width):
    browser.set_window_size(width, 900)
    open_page(browser, server, "hero")
    assert shown(browser, "hero").endswith("/motion/square.448w.webp") or shown(browser, "hero").endswith("/motion/square.896w.webp")
    open_page(browser, server, "blink")
    assert shown(browser, "blink").endswith("/motion/blink.gif")
    reduce_motion(browser)
    open_page(browser, server, "hero")
    assert "/motion/square.poster." in shown(browser, "hero"), "the poster, drawn from the animation's first frame"
    open_page(browser, server, "blink")
    assert shown(browser, "blink").endswith("/motion/blink.still.webp"), "the first frame, still"


def test_reduced_motion_needs_no_javascript(browser, server):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    reduce_motion(browser)
    browser.get(f"{server}/media/motion/")
    assert "/motion/square.poster." in shown(browser, "hero")
    assert shown(browser, "blink").endswith("/motion/blink.still.webp")


def test_a_phone_fetches_a_version_made_for_its_width_never_the_original(browser, server):
    """At 390 px and one device pixel per CSS pixel the 576 px version is enough; a 1280 px screen
    with two device pixels to the CSS pixel takes the 1152 px one; the 2000 px photo itself is
    not published at all."""
    for width, scale, expected in [(390, 1, "photo.576w.webp"), (1280, 2, "photo.1152w.webp")]:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": scale, "mobile": width < 600})
        open_page(browser, server, "photo")
        assert shown(browser, "photo").endswith("/motion/" + expected), (width, scale)
        size = browser.execute_script("const r = document.querySelector('#photo img').getBoundingClientRect(); return [r.width, innerWidth];")
        assert size[0] <= min(576, size[1]) + 1, "shown no wider than the page or the column"
    status = browser.execute_async_script(
        "const done = arguments[0]; fetch(new URL('photo.jpg', location.href)).then(r => done(r.status), () => done(0));")
    assert status == 404


def test_the_video_that_plays_by_itself_starts_muted_on_its_page_only(browser, server):
    browser.add_startup_script(SPY)
    open_page(browser, server, "hero")
    open_page(browser, server, "auto")
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return window.sgPlayed.length > 0"))
    assert browser.execute_script("return window.sgPlayed") == [["auto", True]]
    assert browser.execute_script("return document.querySelector('#auto video').hasAttribute('autoplay')") is False, \
        "the markup never starts it: without JavaScript it waits for the reader"


def test_the_video_never_starts_by_itself_for_reduced_motion(browser, server):
    browser.add_startup_script(SPY)
    browser.add_startup_script("""
        window.sgAppeared = [];
        document.addEventListener('sitegen:pagedidappear', (event) => window.sgAppeared.push(event.detail.id));
    """)
    reduce_motion(browser)
    open_page(browser, server, "auto")
    # The runtime has shown the page (its own event says so): had it started the video, it would have by now.
    WebDriverWait(browser, 10).until(lambda b: "auto" in b.execute_script("return window.sgAppeared"))
    assert browser.execute_script("return window.sgPlayed") == []


@pytest.mark.parametrize("width", [390, 1280])
def test_nothing_shifts_and_nothing_fails(browser, server, width):
    """Paging through the flow from its first page, as a reader does, every image and video is
    laid out at its size before it loads. Shifts right after the reader's own click (the bar's Next
    becoming Finish on the last page) are not layout shift, as the metric defines it."""
    browser.set_window_size(width, 900)
    browser.add_startup_script("""
        window.sgShift = 0;
        new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) sgShift += e.value; })
          .observe({type: 'layout-shift', buffered: true});
    """)
    browser.get_log("browser")
    open_page(browser, server, "hero")
    for page, index in PAGES.items():
        if index > 0:
            click(browser, ".sg-bar-next")
            settle(browser, index)
        if page != "auto":
            shown(browser, page)
        browser.execute_async_script(
            "const done = arguments[0]; document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done())))")
        assert browser.execute_script("return window.sgShift") == 0, f"layout shifted on {page}"
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


@pytest.mark.parametrize("page", list(PAGES))
def test_axe_finds_nothing_on_the_media_pages(browser, server, page):
    open_page(browser, server, page)
    assert violations(browser) == []


@pytest.mark.parametrize("reduced", [False, True])
def test_the_index_card_shows_the_animation_or_its_poster(browser, server, reduced):
    """The site index's card for the flow shows its first image as the page does: the animation
    moves, unless the reader prefers reduced motion, and then the poster stands still."""
    if reduced:
        reduce_motion(browser)
    browser.get(f"{server}/media/")
    script = ("const i = document.querySelector('.sg-flow-card a[href=\"motion/\"]').closest('li').querySelector('img');"
              "i.loading = 'eager'; return i.complete && i.naturalWidth > 0 && i.currentSrc;")
    WebDriverWait(browser, 10).until(lambda b: b.execute_script(script))
    chosen = browser.execute_script(script)
    assert ("/motion/square.poster." in chosen) == reduced, chosen
    assert "/motion/square." in chosen
    assert violations(browser) == []
