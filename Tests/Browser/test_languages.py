"""A site in several languages in a real browser (the `translated` fixture: en, ko and ar, with
missing, outdated and per-locale content): the first visit goes to the reader's language, a
choice in the switcher is remembered, the switcher works by keyboard and without JavaScript,
every page links its other languages, fallback pages say their language, right-to-left pages
fit from 320 to 1280 px, and show_once is shared across languages."""

import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

SITE = "translated"


def prefer(browser, languages):
    """Makes navigator.languages (and navigator.language) `languages` on every page load."""
    browser.add_startup_script(
        "Object.defineProperty(Navigator.prototype, 'languages', {get: () => %r});"
        "Object.defineProperty(Navigator.prototype, 'language', {get: () => %r});" % (languages, (languages or [""])[0]))


def arrive(browser, server, path, expected):
    browser.get(f"{server}/{SITE}/{path}")
    WebDriverWait(browser, 10).until(
        lambda b: b.current_url.split("?")[0].endswith(f"/{SITE}/{expected}") and b.execute_script("return document.readyState") == "complete",
        f"expected /{SITE}/{expected}")
    return browser.current_url


@pytest.mark.parametrize("languages, path, expected", [
    (["ko-KR", "en"], "tour/", "ko/tour/"),
    (["ar-EG"], "tour/", "ar/tour/"),
    (["fr-FR", "ar"], "tour/", "ar/tour/"),
    (["fr-FR", "de"], "tour/", "tour/"),
    (["en-GB", "ko"], "tour/", "tour/"),
    (["zh-TW"], "tour/", "tour/"),
    (["ko"], "", "ko/"),
    (["ko"], "help/", "ko/help/"),
])
def test_a_first_visit_goes_to_the_readers_language(browser, server, languages, path, expected):
    prefer(browser, languages)
    arrive(browser, server, path, expected)
    lang = expected.split("/")[0] if expected.split("/")[0] in ("ko", "ar") else "en"
    assert browser.execute_script("return document.documentElement.lang") == lang


def test_an_address_in_a_language_is_never_redirected(browser, server):
    prefer(browser, ["ar"])
    arrive(browser, server, "ko/tour/", "ko/tour/")
    assert browser.execute_script("return document.documentElement.lang") == "ko"


def test_the_redirect_happens_before_the_source_page_is_shown(browser, server):
    prefer(browser, ["ko"])
    # The source page's body never renders: the replace() runs in the head, before <body> is parsed.
    browser.add_startup_script(
        "if (location.pathname.endsWith('/%s/tour/')) new MutationObserver((_, o) => { if (document.body) { sessionStorage.setItem('sawBody', location.pathname); o.disconnect(); } }).observe(document, {childList: true, subtree: true});" % SITE)
    arrive(browser, server, "tour/", "ko/tour/")
    assert browser.execute_script("return sessionStorage.getItem('sawBody')") is None


def test_a_choice_in_the_switcher_by_keyboard_is_remembered(browser, server):
    prefer(browser, ["ko"])
    arrive(browser, server, "tour/", "ko/tour/")
    english = browser.find_element(By.CSS_SELECTOR, '.sg-languages a[hreflang="en"]')
    assert english.text == "English"
    english.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda b: b.current_url.split("?")[0].endswith(f"/{SITE}/tour/"))
    assert browser.execute_script("return localStorage.getItem('sitegen:locale')") == "en"
    # The reader prefers Korean, but chose English: the site root and other flows stay English.
    arrive(browser, server, "", "")
    arrive(browser, server, "help/", "help/")
    assert browser.execute_script("return document.documentElement.lang") == "en"
    # Choosing Arabic sends a visit to the source address to Arabic.
    browser.find_element(By.CSS_SELECTOR, '.sg-languages a[hreflang="ar"]').send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith(f"/{SITE}/ar/help/"))
    arrive(browser, server, "tour/", "ar/tour/")


def test_without_javascript_the_source_shows_and_the_switcher_works(browser, server):
    prefer(browser, ["ko"])
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    arrive(browser, server, "tour/", "tour/")
    links = browser.find_elements(By.CSS_SELECTOR, ".sg-languages a")
    assert [link.text for link in links] == ["English", "한국어", "العربية"]
    assert links[0].get_attribute("aria-current") == "page"
    links[1].click()
    WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith(f"/{SITE}/ko/tour/"))
    assert browser.find_element(By.CSS_SELECTOR, "h1.sg-visually-hidden").get_attribute("textContent") == "둘러보기"


@pytest.mark.parametrize("path", ["", "ko/", "ar/", "tour/", "ko/tour/", "ar/tour/", "help/", "ko/help/", "ar/help/"])
def test_every_page_links_each_of_its_languages(browser, server, path):
    prefer(browser, ["en"])
    arrive(browser, server, path, path)
    links = browser.execute_script(
        "return [...document.querySelectorAll('link[rel=alternate][hreflang]')].map(l => [l.hreflang, l.href])")
    assert [hreflang for hreflang, _ in links] == ["en", "ko", "ar", "x-default"]
    flow = path.split("/")[-2] if path.strip("/") not in ("", "ko", "ar") else ""
    for hreflang, href in links:
        folder = "" if hreflang in ("en", "x-default") else hreflang + "/"
        assert href == f"{server}/{SITE}/{folder}{flow + '/' if flow else ''}"
        assert urllib.request.urlopen(href, timeout=10).status == 200


def test_a_fallback_page_says_which_language_it_is_in(browser, server):
    prefer(browser, ["en"])
    arrive(browser, server, "ko/tour/?replay", "ko/tour/")
    langs = browser.execute_script(
        "return [...document.querySelectorAll('.sg-page')].map(p => [p.id, p.querySelector('.sg-body').lang || document.documentElement.lang])")
    assert langs == [["record", "ko"], ["sync", "en"], ["share", "en"]]
    arrive(browser, server, "ar/tour/?replay", "ar/tour/")
    # An out-of-date or unstamped translation is still shown; only the untranslated page is English.
    langs = browser.execute_script("return [...document.querySelectorAll('.sg-body')].map(b => [b.lang, b.dir])")
    assert langs == [["", ""], ["", ""], ["en", "ltr"]]
    image = browser.execute_script("return document.querySelector('#record img').currentSrc")
    assert image.endswith(f"/{SITE}/tour/hero.ar.png"), "the Arabic page shows the Arabic image"


@pytest.mark.parametrize("width", [320, 1280])
@pytest.mark.parametrize("path", ["ar/tour/?replay", "ar/"])
def test_right_to_left_pages_fit(browser, server, width, path):
    prefer(browser, ["ar"])
    browser.set_window_size(width, 800)
    arrive(browser, server, path, path.split("?")[0])
    facts = browser.execute_script("""
        const nav = document.querySelector('.sg-languages').getBoundingClientRect();
        const skip = document.querySelector('.sg-bar-skip, .sg-index-header');
        return {dir: document.documentElement.dir, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                navRight: nav.right, navLeft: nav.left, width: innerWidth,
                skip: skip ? skip.getBoundingClientRect().toJSON() : null, nav: nav.toJSON()};
    """)
    assert facts["dir"] == "rtl"
    assert facts["overflow"] <= 0, facts
    assert 0 <= facts["navLeft"] and facts["navRight"] <= facts["width"], "the switcher is on screen"
    assert facts["navRight"] > facts["width"] / 2, "right-to-left puts the switcher at the right"
    skip, nav = facts["skip"], facts["nav"]
    overlaps = not (skip["right"] <= nav["left"] or nav["right"] <= skip["left"] or skip["bottom"] <= nav["top"] or nav["bottom"] <= skip["top"])
    assert not overlaps, facts


def test_finishing_in_one_language_finishes_the_others(browser, server):
    prefer(browser, ["ko"])
    arrive(browser, server, "ko/tour/?replay", "ko/tour/")
    versions = browser.execute_script("return document.querySelector('.sg-carousel').dataset.contentVersions").split(" ")
    assert len(versions) == 3 and len(set(versions)) == 3
    browser.find_element(By.CSS_SELECTOR, ".sg-bar-skip").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".sg-bar-finish").is_displayed())
    browser.find_element(By.CSS_SELECTOR, ".sg-bar-finish").click()
    WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith(f"/{SITE}/ko/help/"))
    assert browser.execute_script("return localStorage.getItem('sitegen:tour')") == " ".join(versions)
    # The English tour, finished in Korean, goes to its finish link; so does the Korean one.
    browser.execute_script("localStorage.setItem('sitegen:locale', 'en')")
    arrive(browser, server, "tour/", "help/")
    arrive(browser, server, "ko/tour/", "ko/help/")
    # A changed Korean translation shows again to Korean readers only.
    browser.execute_script("localStorage.setItem('sitegen:tour', arguments[0])", " ".join([versions[0], "0000000000000000", versions[2]]))
    arrive(browser, server, "ko/tour/", "ko/tour/")
    arrive(browser, server, "tour/", "help/")
