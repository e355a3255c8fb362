"""A video on a page (the `media` site: a three-page flow whose second page shows demo.mp4 with a
poster and captions in two languages): it is laid out at its size before anything loads, it loads
nothing until played, its captions are there, and the carousel pauses it when its page is left."""

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from carousel import open_flow, settle, click
from test_accessibility import violations

# Every call to pause(), by the id of the page its video is on.
SPY = """
window.sgPaused = [];
const pause = HTMLMediaElement.prototype.pause;
HTMLMediaElement.prototype.pause = function () { window.sgPaused.push(this.closest('.sg-page').id); return pause.call(this); };
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_video_is_laid_out_at_its_size_and_loads_nothing_yet(browser, server, width):
    browser.set_window_size(width, 900)
    open_flow(browser, server, "media/tour/?replay#watch")
    settle(browser, 1)
    facts = browser.execute_script("""
        const v = document.querySelector('#watch video');
        const r = v.getBoundingClientRect();
        return {ratio: r.width / r.height, fits: r.right <= innerWidth + 1, preload: v.preload, state: v.readyState,
                poster: v.poster, controls: v.controls, inline: v.playsInline,
                tracks: [...v.textTracks].map(t => [t.kind, t.language, t.label, t.mode])};
    """)
    assert abs(facts["ratio"] - 16 / 9) < 0.02, facts
    assert facts["fits"], facts
    assert facts["preload"] == "none" and facts["state"] == 0, "nothing is fetched until the reader plays it"
    assert facts["poster"].endswith("/media/tour/demo.png")
    assert facts["controls"] and facts["inline"]
    assert [t[:3] for t in facts["tracks"]] == [["captions", "en", "English"], ["captions", "ko", "한국어"]]


def test_the_korean_page_shows_korean_captions_by_default(browser, server):
    open_flow(browser, server, "media/ko/tour/?replay#watch")
    default = browser.execute_script("return document.querySelector('#watch track[default]').srclang")
    assert default == "ko"


def test_leaving_the_page_pauses_its_video(browser, server):
    browser.add_startup_script(SPY)
    open_flow(browser, server, "media/tour/?replay#watch")
    settle(browser, 1)
    browser.execute_script("window.sgPaused = []")
    click(browser, ".sg-bar-next")
    settle(browser, 2)
    assert "watch" in browser.execute_script("return window.sgPaused"), "the video of the page left behind is paused"
    browser.execute_script("window.sgPaused = []")
    click(browser, ".sg-bar-prev")
    settle(browser, 1)
    assert "watch" not in browser.execute_script("return window.sgPaused"), "the page shown plays on"


@pytest.mark.parametrize("path", ["media/tour/?replay#watch", "media/ko/tour/?replay#watch"])
def test_axe_finds_nothing_on_the_video_page(browser, server, path):
    open_flow(browser, server, path)
    settle(browser, 1)
    assert violations(browser) == []
