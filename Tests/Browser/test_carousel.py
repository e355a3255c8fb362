"""The carousel runtime in real Chromium: every behaviour the runtime promises."""


import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from carousel import click, dot, events, open_flow, record_events, settle, state, tab_through


def test_previous_and_next_page_and_are_disabled_at_the_ends(browser, server):
    open_flow(browser, server, "example/welcome/")
    start = settle(browser, 0)
    assert start["prevDisabled"] == "true" and start["nextDisabled"] == "false"
    assert start["inert"] == [False] + [True] * 5
    click(browser, ".sg-bar-next")
    second = settle(browser, 1)
    assert second["hash"] == "#record" and second["prevDisabled"] == "false"
    assert second["active"] == "sg-bar-next", "activating Next does not move focus"
    click(browser, ".sg-bar-prev")
    assert settle(browser, 0)["active"] == "sg-bar-prev"
    browser.find_element(By.CSS_SELECTOR, ".sg-bar-next").send_keys(Keys.END)
    end = settle(browser, 5)
    assert end["skipHidden"] and end["nextHidden"] and not end["finishHidden"], "on the last page Next becomes the finish"
    assert end["active"] == "sg-bar-finish sg-finish sg-button", "focus moves from Next to the finish in its place"
    finish = browser.find_element(By.CSS_SELECTOR, ".sg-bar-finish")
    assert finish.is_displayed() and finish.text == "Start recording"
    click(browser, ".sg-bar-prev")
    assert not settle(browser, 4)["nextHidden"] and state(browser)["finishHidden"]


def test_indicators_pick_a_page_and_mark_the_current_one(browser, server):
    open_flow(browser, server, "example/welcome/")
    dot(browser, 3).click()
    after = settle(browser, 3)
    assert after["hash"] == "#organize"
    assert [d.get_attribute("aria-disabled") for d in browser.find_elements(By.CSS_SELECTOR, ".sg-dot")] == [
        None, None, None, "true", None, None]
    assert after["active"] == "sg-dot"
    assert browser.find_element(By.CSS_SELECTOR, ".sg-picker").get_attribute("role") == "group"


def test_arrow_home_and_end_keys_page_when_focus_is_inside(browser, server):
    open_flow(browser, server, "example/welcome/")
    record_events(browser)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    next_button = browser.find_element(By.CSS_SELECTOR, ".sg-bar-next")
    next_button.send_keys(Keys.ARROW_RIGHT)
    settle(browser, 1)
    # Keys are handled in order: by the time the second has moved the carousel, the first was seen.
    assert [e[1] for e in events(browser) if e[0] == "pagewillappear"] == [1], "keys do nothing while focus is outside the carousel"
    next_button.send_keys(Keys.END)
    assert settle(browser, 5)["active"].startswith("sg-bar-finish"), "Next made way for the finish, which has focus"
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    settle(browser, 4)
    next_button.send_keys(Keys.HOME)
    settle(browser, 0)


def test_keys_typed_into_a_field_stay_in_the_field(browser, server):
    open_flow(browser, server, "browser/tour/#two")
    settle(browser, 1)
    field = browser.find_element(By.ID, "name")
    record_events(browser)
    field.send_keys("ab", Keys.ARROW_LEFT, Keys.END, Keys.HOME, "c", Keys.ARROW_RIGHT)
    browser.find_element(By.CSS_SELECTOR, ".sg-bar-next").send_keys(Keys.ARROW_RIGHT)
    settle(browser, 2)
    assert [e[1] for e in events(browser) if e[0] == "pagewillappear"] == [2], "the field's keys moved nothing"
    assert field.get_attribute("value") == "cab"


def test_the_hash_names_the_page_and_back_returns(browser, server):
    open_flow(browser, server, "example/welcome/")
    click(browser, ".sg-bar-next")
    settle(browser, 1)
    click(browser, ".sg-bar-next")
    assert settle(browser, 2)["hash"] == "#transcribe"
    browser.back()
    assert settle(browser, 1)["hash"] == "#record"
    browser.back()
    settle(browser, 0)


def test_a_page_loaded_with_a_hash_opens_on_that_page(browser, server):
    open_flow(browser, server, "example/welcome/#privacy")
    assert settle(browser, 4)["inert"] == [True, True, True, True, False, True]


def test_links_to_pages_in_the_body_page_too(browser, server):
    open_flow(browser, server, "browser/tour/")
    browser.find_element(By.LINK_TEXT, "link to page two").click()
    assert settle(browser, 1)["hash"] == "#two"


def test_the_current_page_follows_the_scroll_position(browser, server):
    open_flow(browser, server, "example/welcome/")
    browser.execute_script("""
        const track = document.querySelector('.sg-track');
        track.scrollTo({left: document.querySelectorAll('.sg-page')[2].offsetLeft - track.offsetLeft, behavior: 'instant'});
    """)
    after = settle(browser, 2)
    assert after["hash"] == "#transcribe"
    assert after["status"] == "Page 3 of 6"


def test_skip_jumps_to_the_last_page(browser, server):
    open_flow(browser, server, "example/welcome/")
    record_events(browser)
    click(browser, ".sg-bar-skip")
    after = settle(browser, 5)
    assert after["skipHidden"]
    assert ["skip", 0, "welcome", "welcome"] in events(browser)


def test_a_page_can_hide_skip(browser, server):
    open_flow(browser, server, "basic/tour/#permission")
    assert settle(browser, 1)["skipHidden"]


def test_skip_to_the_exit_marks_the_flow_seen_and_leaves(browser, server):
    open_flow(browser, server, "browser/exit/")
    version = browser.find_element(By.CSS_SELECTOR, ".sg-carousel").get_attribute("data-content-version")
    click(browser, ".sg-bar-skip")
    WebDriverWait(browser, 10).until(lambda b: b.current_url == f"{server}/browser/")
    assert browser.execute_script("return localStorage.getItem('sitegen:test-exit')") == version


def test_finish_marks_the_flow_seen_and_follows_its_link(browser, server):
    open_flow(browser, server, "browser/tour/#five")
    settle(browser, 4)
    record_events(browser)
    browser.execute_script("document.addEventListener('sitegen:finish', () => sessionStorage.setItem('finished', '1'))")
    assert not browser.find_element(By.CSS_SELECTOR, ".sg-page:not([inert]) .sg-finish").is_displayed(), "the bar holds it"
    browser.find_element(By.CSS_SELECTOR, ".sg-bar-finish").click()
    WebDriverWait(browser, 10).until(lambda b: b.current_url == f"{server}/browser/")
    assert browser.execute_script("return sessionStorage.getItem('finished')") == "1"
    assert browser.execute_script("return localStorage.getItem('sitegen:test-tour')")


def test_show_once_sends_a_returning_visitor_to_the_finish_link(browser, server):
    open_flow(browser, server, "browser/exit/")
    click(browser, ".sg-bar-skip")
    WebDriverWait(browser, 10).until(lambda b: b.current_url == f"{server}/browser/")
    browser.get(f"{server}/browser/exit/")
    WebDriverWait(browser, 10).until(lambda b: b.current_url == f"{server}/browser/")
    browser.refresh()
    assert browser.current_url == f"{server}/browser/"


def test_replay_shows_a_seen_flow_again(browser, server):
    open_flow(browser, server, "browser/exit/")
    click(browser, ".sg-bar-skip")
    WebDriverWait(browser, 10).until(lambda b: b.current_url == f"{server}/browser/")
    open_flow(browser, server, "browser/exit/?replay")
    assert settle(browser, 0)["current"] == 0
    assert browser.current_url == f"{server}/browser/exit/?replay"


def test_a_changed_flow_shows_again(browser, server):
    open_flow(browser, server, "browser/exit/")
    browser.execute_script("localStorage.setItem('sitegen:test-exit', '0000000000000000')")
    open_flow(browser, server, "browser/exit/")
    assert browser.current_url == f"{server}/browser/exit/"


def test_without_storage_the_flow_simply_shows(browser, server):
    browser.add_startup_script("""
        window.sgErrors = [];
        addEventListener('error', e => sgErrors.push(String(e.message)));
        Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});
    """)
    open_flow(browser, server, "browser/exit/")
    settle(browser, 0)
    click(browser, ".sg-bar-next")
    settle(browser, 1)
    assert browser.execute_script("return window.sgErrors") == []
    click(browser, ".sg-bar-skip")
    WebDriverWait(browser, 10).until(lambda b: b.current_url == f"{server}/browser/")


def test_advance_action_keeps_next_disabled_until_the_action_is_pressed(browser, server):
    open_flow(browser, server, "browser/tour/#three")
    gated = settle(browser, 2)
    assert gated["nextDisabled"] == "true"
    record_events(browser)
    next_button = browser.find_element(By.CSS_SELECTOR, ".sg-bar-next")
    next_button.click()
    next_button.send_keys(Keys.ARROW_RIGHT)
    next_button.send_keys(Keys.END)
    dot(browser, 4).click()
    # Then a move that is allowed: once it is done, every attempt before it was handled.
    click(browser, ".sg-bar-prev")
    settle(browser, 1)
    assert [e[1] for e in events(browser) if e[0] == "pagewillappear"] == [1], "nothing moved past the page until its action was pressed"
    click(browser, ".sg-bar-next")
    settle(browser, 2)
    browser.find_element(By.CSS_SELECTOR, ".sg-page:not([inert]) .sg-action a").click()
    settle(browser, 3)
    click(browser, ".sg-bar-prev")
    assert settle(browser, 2)["nextDisabled"] == "false", "once pressed, Next stays enabled"


def test_right_to_left_mirrors_the_arrow_keys(browser, server):
    open_flow(browser, server, "browser/rtl/")
    assert browser.execute_script("return getComputedStyle(document.querySelector('.sg-carousel')).direction") == "rtl"
    next_button = browser.find_element(By.CSS_SELECTOR, ".sg-bar-next")
    next_button.send_keys(Keys.ARROW_LEFT)
    settle(browser, 1)
    next_button.send_keys(Keys.ARROW_RIGHT)
    settle(browser, 0)
    click(browser, ".sg-bar-next")
    # Each placeholder is filled wherever it stands: the runtime filled only the first of each.
    assert settle(browser, 1)["status"] == "الصفحة 2 من 3 (2/3)"


def test_vertical_flows_page_with_up_and_down(browser, server):
    open_flow(browser, server, "browser/vertical/")
    next_button = browser.find_element(By.CSS_SELECTOR, ".sg-bar-next")
    record_events(browser)
    next_button.send_keys(Keys.ARROW_RIGHT)
    next_button.send_keys(Keys.ARROW_DOWN)
    settle(browser, 1)
    assert [e[1] for e in events(browser) if e[0] == "pagewillappear"] == [1], "a vertical flow ignores left and right"
    next_button.send_keys(Keys.ARROW_UP)
    settle(browser, 0)


def scroll_behaviour(browser):
    return browser.execute_script("return getComputedStyle(document.querySelector('.sg-track')).scrollBehavior")


def test_slides_animate_unless_the_visitor_prefers_reduced_motion(browser, server):
    open_flow(browser, server, "example/welcome/")
    assert scroll_behaviour(browser) == "smooth"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_flow(browser, server, "example/welcome/")
    assert scroll_behaviour(browser) == "auto"
    click(browser, ".sg-bar-next")
    assert state(browser)["shown"] == 1, "with reduced motion the page changes at once"


def test_fade_animates_only_without_reduced_motion(browser, server):
    open_flow(browser, server, "browser/fade/")
    record = "return [...document.querySelectorAll('.sg-page')].map(p => getComputedStyle(p).animationName)"
    click(browser, ".sg-bar-next")
    assert browser.execute_script(record)[1] == "sg-fade"
    assert state(browser)["shown"] == 1, "fade swaps pages without sliding"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_flow(browser, server, "browser/fade/")
    click(browser, ".sg-bar-next")
    assert browser.execute_script(record) == ["none", "none", "none"]


def test_lifecycle_events_arrive_in_order_with_their_detail(browser, server):
    browser.add_startup_script("""
        window.sgEvents = [];
        for (const name of ['pagewillappear', 'pagedidappear', 'pagewilldisappear', 'pagediddisappear'])
          document.addEventListener('sitegen:' + name, e => sgEvents.push([name, e.detail.index, e.detail.id, e.detail.flow]));
    """)
    open_flow(browser, server, "example/welcome/")
    WebDriverWait(browser, 10).until(lambda b: len(events(b)) == 2)
    assert events(browser) == [["pagewillappear", 0, "welcome", "welcome"], ["pagedidappear", 0, "welcome", "welcome"]]
    click(browser, ".sg-bar-next")
    settle(browser, 1)
    WebDriverWait(browser, 10).until(lambda b: len(events(b)) == 6)
    assert events(browser)[2:] == [
        ["pagewilldisappear", 0, "welcome", "welcome"],
        ["pagewillappear", 1, "record", "welcome"],
        ["pagediddisappear", 0, "welcome", "welcome"],
        ["pagedidappear", 1, "record", "welcome"],
    ]


def test_focus_never_enters_a_hidden_page(browser, server):
    for path in ["example/welcome/#transcribe", "browser/tour/#two"]:
        open_flow(browser, server, path)
        tab_through(browser, 30, state(browser)["current"], f"in {path}")


def test_only_the_first_image_loads_eagerly_and_neighbours_load_ahead(browser, server):
    open_flow(browser, server, "browser/tour/")
    images = browser.execute_script(
        "return [...document.querySelectorAll('.sg-media img')].map(i => [i.getAttribute('fetchpriority'), i.loading])")
    assert images[0] == ["high", "eager"]
    assert images[1] == [None, "lazy"]
    dot(browser, 2).click()
    settle(browser, 2)
    assert browser.execute_script("return document.querySelectorAll('.sg-media img')[1].loading") == "eager", \
        "the page after the current one loads ahead"


def test_nothing_shifts_on_load_or_while_paging(browser, server):
    browser.add_startup_script("""
        window.sgShift = 0;
        new PerformanceObserver(list => { for (const e of list.getEntries()) sgShift += e.value; })
          .observe({type: 'layout-shift', buffered: true});
    """)
    for path in ["example/welcome/", "example/index.html", "browser/tour/", "browser/rtl/"]:
        open_flow(browser, server, path, ready=path.endswith("/"))
        # Fonts loaded and two frames drawn: whatever would shift has shifted.
        browser.execute_async_script(
            "const done = arguments[0]; document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done())))")
        assert browser.execute_script("return window.sgShift") == 0, f"layout shifted on loading {path}"
        if path.endswith("/"):
            click(browser, ".sg-bar-next")
            settle(browser, 1)
            dot(browser, 0).click()
            settle(browser, 0)
            assert browser.execute_script("return window.sgShift") == 0, f"layout shifted while paging {path}"


@pytest.mark.parametrize("path, count", [("example/welcome/", 6), ("browser/tour/", 5), ("browser/rtl/", 3)])
def test_without_javascript_every_page_is_reachable(browser, server, path, count):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.get(f"{server}/{path}")
    assert browser.execute_script is not None
    assert not browser.find_element(By.CSS_SELECTOR, ".sg-bar").is_displayed()
    pages = browser.find_elements(By.CSS_SELECTOR, ".sg-page")
    assert len(pages) == count
    for index in range(1, count):
        current = pages[index - 1]
        current.find_element(By.CSS_SELECTOR, ".sg-next").click()
        target = pages[index].get_attribute("id")
        WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith("#" + target))
        WebDriverWait(browser, 10).until(lambda b: abs(
            pages[index].rect["x"] - b.find_element(By.CSS_SELECTOR, ".sg-track").rect["x"]) < 2)
    assert pages[-1].find_element(By.CSS_SELECTOR, ".sg-finish").is_displayed()
    first_indicator = pages[-1].find_elements(By.CSS_SELECTOR, ".sg-indicator")[0]
    first_indicator.click()
    WebDriverWait(browser, 10).until(lambda b: abs(pages[0].rect["x"] - b.find_element(By.CSS_SELECTOR, ".sg-track").rect["x"]) < 2)
