"""embed.js in Chromium, on host pages served from another origin than the output (another port,
no CORS headers): a plain app, one with hostile global CSS, one under a strict Content Security
Policy, a right-to-left one, and a phone-sized screen for the sheet."""

import time
import http.server
import threading

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from test_accessibility import violations

HOSTILE_CSS = """
* { font-size: 40px !important; line-height: 3 !important; letter-spacing: 4px; }
html { font-size: 40px; }
button { display: none !important; }
dialog { display: none; }
::backdrop { background: red; }
div, section { padding: 30px; margin: 20px; }
"""

CSP = ("default-src 'self'; script-src 'self' {output}; img-src 'self' {output}; style-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'")


def page(output, flow, *, extra_head="", attributes="", lang="en", direction="ltr", body="", site="example"):
    return f"""<!DOCTYPE html>
<html lang="{lang}" dir="{direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Host app</title>
{extra_head}
</head>
<body>
<main>
<h1>Murmur, the app</h1>
<p>Your notes.</p>
<button type="button" id="again">Take the tour again</button>
{body}
</main>
<script src="{output}/{site}/embed.js" data-flow="{flow}" {attributes} async></script>
</body>
</html>
"""


class HostHandler(http.server.BaseHTTPRequestHandler):
    """Serves the host pages from memory, with their headers."""

    pages: dict = {}

    def do_GET(self):
        path = self.path.split("?")[0]
        if path not in self.pages:
            self.send_error(404)
            return
        body, headers = self.pages[path]
        self.send_response(200)
        self.send_header("Content-Type", headers.get("Content-Type", "text/html; charset=utf-8"))
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):  # noqa: A002
        pass


@pytest.fixture(scope="module")
def host(server):
    """The host pages on their own origin, and the output's origin they embed from."""
    output = server
    pages = {
        "/plain.html": page(output, "welcome"),
        "/manual.html": page(output, "welcome", attributes='data-auto-open="false"'),
        "/hostile.html": page(output, "welcome", attributes='data-auto-open="false"',
                              extra_head='<link rel="stylesheet" href="/hostile.css">'),
        "/hostile.css": (HOSTILE_CSS, {"Content-Type": "text/css"}),
        "/strict.html": (page(output, "welcome", extra_head='<link rel="stylesheet" href="/app.css">'),
                         {"Content-Security-Policy": CSP.format(output=output)}),
        "/app.css": ("main { max-width: 40rem; margin: auto; }", {"Content-Type": "text/css"}),
        "/fixed.html": page(output, "whats-new", attributes='data-dismissible="false" data-auto-open="false"'),
        "/rtl.html": page(output, "jawla", lang="ar", direction="rtl", site="rtl", attributes='data-auto-open="false"'),
        "/sheet.html": page(output, "welcome", attributes='data-presentation="sheet" data-auto-open="false"'),
        "/themed.html": page(output, "welcome", attributes='data-auto-open="false"',
                             extra_head='<link rel="stylesheet" href="/themed.css">'),
        "/themed.css": ("sitegen-flow { --sg-accent: rgb(200, 0, 0); }", {"Content-Type": "text/css"}),
        "/background.html": (page(output, "tour", site="basic", attributes='data-auto-open="false"'),
                             {"Content-Security-Policy": CSP.format(output=output)}),
        "/twice.html": page(output, "welcome", body=f'<div id="sitegen">the app\'s own</div>'
                            f'<script src="{output}/example/embed.js" data-flow="welcome" async></script>'
                            f'<script src="{output}/rtl/embed.js" async></script>'),
        "/two-tours.html": page(output, "tour", site="basic", attributes='data-auto-open="false"',
                                body=f'<script src="{output}/browser/embed.js" data-flow="tour" data-auto-open="false" async></script>'),
        "/lexical.html": page(output, "welcome", extra_head='<script>const sitegen = { user: "me" };</script>'),
        "/vertical-host.html": page(output, "welcome", attributes='data-auto-open="false"',
                                    extra_head='<style>html { writing-mode: vertical-rl; }</style>'),
        "/translated.html": page(output, "tour", site="translated", attributes='data-auto-open="false"'),
        "/media.html": page(output, "motion", site="media", attributes='data-auto-open="false"'),
        "/favicon.ico": ("", {"Content-Type": "image/x-icon"}),
    }
    HostHandler.pages = {
        path: ((value[0] if isinstance(value, tuple) else value).encode(), value[1] if isinstance(value, tuple) else {})
        for path, value in pages.items()
    }
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HostHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture
def app(browser, host):
    """Chromium, reset as for every browser test, on a clean host origin."""
    browser.get(host + "/manual.html")
    browser.execute_script("localStorage.clear()")
    return browser


def wait(browser, condition, seconds=10):
    return WebDriverWait(browser, seconds, poll_frequency=0.05).until(lambda _: condition())


def dialog_open(browser):
    return browser.execute_script(
        "const h = document.querySelector('sitegen-flow'); return !!h && h.shadowRoot.querySelector('dialog').open")


def in_dialog(browser, script):
    return browser.execute_script("const root = document.querySelector('sitegen-flow').shadowRoot; " + script)


def start_open(browser, flow="welcome", presentation="auto"):
    """Calls sitegen.open(flow) and keeps its promise's outcome in window.outcome."""
    browser.execute_script(f"window.outcome = null; sitegen.open({flow!r}, {{ presentation: {presentation!r} }})"
                           ".then(how => { window.outcome = how; });")
    wait(browser, lambda: dialog_open(browser))
    wait(browser, lambda: in_dialog(browser, "return root.querySelector('dialog').getAnimations().every(a => a.playState === 'finished')"))


def outcome(browser):
    wait(browser, lambda: browser.execute_script("return window.outcome") is not None)
    return browser.execute_script("return window.outcome")


def test_it_opens_on_the_first_visit_and_not_the_next(app, host):
    app.get(host + "/plain.html")
    wait(app, lambda: dialog_open(app))
    assert in_dialog(app, "return root.querySelector('.sg-page:not([inert]) h1').textContent") == "Welcome to Murmur"
    app.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait(app, lambda: not dialog_open(app))
    app.get(host + "/plain.html")
    app.execute_script("return new Promise(r => setTimeout(r, 800))")
    assert app.execute_script("return document.querySelector('sitegen-flow')") is None


def test_a_returning_visitor_fetches_only_the_loader(app, host, server):
    app.get(host + "/plain.html")
    wait(app, lambda: dialog_open(app))
    first = app.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert any(url.endswith("/example/welcome/embed.js") for url in first), "the first visit loads the flow"
    app.execute_script("sitegen.close()")
    app.get(host + "/plain.html")
    app.execute_script("return new Promise(r => setTimeout(r, 800))")
    fetched = app.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    from_output = [url for url in fetched if url.startswith(server)]
    assert from_output == [server + "/example/embed.js"], fetched

    # A changed flow (another content version) shows again.
    app.execute_script("localStorage.setItem('sitegen:murmur-welcome', 'an older version')")
    app.get(host + "/plain.html")
    wait(app, lambda: dialog_open(app))


@pytest.mark.parametrize("how", ["escape", "backdrop", "close button"])
def test_escape_the_backdrop_and_the_close_button_dismiss(app, host, how):
    app.get(host + "/manual.html")
    start_open(app)
    if how == "escape":
        app.switch_to.active_element.send_keys(Keys.ESCAPE)
    elif how == "backdrop":
        app.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": 5, "y": 5, "button": "left", "clickCount": 1})
        app.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": 5, "y": 5, "button": "left", "clickCount": 1})
    else:
        in_dialog(app, "root.querySelector('.sg-close').click()")
    assert outcome(app) == "dismiss"
    assert not dialog_open(app)
    assert app.execute_script("return localStorage.getItem('sitegen:murmur-welcome')"), "dismissed counts as seen"


def test_finish_and_skip_resolve_with_their_outcome(app, host):
    app.get(host + "/manual.html")
    start_open(app)
    in_dialog(app, "root.querySelector('.sg-bar-next').click()")
    for _ in range(5):
        in_dialog(app, "root.querySelector('.sg-bar-next').click()")
        app.execute_script("return new Promise(r => setTimeout(r, 250))")
    in_dialog(app, "root.querySelector('.sg-page:not([inert]) .sg-finish').click()")
    assert outcome(app) == "finish"
    assert app.current_url.endswith("/manual.html"), "finishing does not navigate the app"
    assert app.execute_script("return location.hash") == "", "the app's address is never written"
    start_open(app, "whats-new")
    in_dialog(app, "root.querySelector('.sg-bar-skip').click()")
    assert outcome(app) == "skip"


def test_the_page_events_reach_the_host_document(app, host):
    app.get(host + "/manual.html")
    app.execute_script("""window.heard = [];
        for (const name of ['pagedidappear', 'finish', 'dismiss'])
          document.addEventListener('sitegen:' + name, (e) => heard.push(name + ':' + e.detail.flow));""")
    start_open(app)
    wait(app, lambda: "pagedidappear:welcome" in app.execute_script("return heard"))
    app.execute_script("sitegen.close()")
    assert outcome(app) == "dismiss"
    assert "dismiss:welcome" in app.execute_script("return heard")


def test_a_flow_that_must_be_finished_cannot_be_dismissed(app, host):
    app.get(host + "/fixed.html")
    start_open(app, "whats-new")
    app.switch_to.active_element.send_keys(Keys.ESCAPE)
    app.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": 5, "y": 5, "button": "left", "clickCount": 1})
    app.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": 5, "y": 5, "button": "left", "clickCount": 1})
    app.execute_script("return new Promise(r => setTimeout(r, 300))")
    assert dialog_open(app)
    assert in_dialog(app, "return root.querySelector('.sg-close')") is None


def test_focus_stays_in_the_dialog_and_returns_after(app, host):
    app.get(host + "/manual.html")
    app.execute_script("""document.getElementById('again').addEventListener('click', () =>
        sitegen.open('welcome').then(how => { window.outcome = how; }));""")
    app.find_element(By.ID, "again").click()
    wait(app, lambda: dialog_open(app))
    for _ in range(25):
        app.switch_to.active_element.send_keys(Keys.TAB)
        inside = app.execute_script("""const a = document.activeElement;
            return a === document.body || (a.tagName === 'SITEGEN-FLOW');""")
        assert inside, "Tab left the dialog"
    assert app.execute_script("return getComputedStyle(document.documentElement).overflow") == "hidden", "the app does not scroll behind"
    app.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert outcome(app) == "dismiss"
    assert app.execute_script("return document.activeElement.id") == "again"
    assert app.execute_script("return getComputedStyle(document.documentElement).overflow") != "hidden"


def test_axe_finds_no_violations_with_the_dialog_open(app, host):
    app.get(host + "/manual.html")
    start_open(app)
    assert violations(app) == []


STYLE_PROBE = """const root = document.querySelector('sitegen-flow').shadowRoot;
const pick = (selector, names) => { const style = getComputedStyle(root.querySelector(selector));
  return names.map(n => style.getPropertyValue(n)); };
return [pick('dialog', ['display', 'width', 'border-radius', 'background-color', 'font-size']),
        pick('.sg-page:not([inert]) h1', ['font-size', 'line-height', 'letter-spacing', 'margin-top']),
        pick('.sg-bar-next', ['display', 'font-size', 'padding-top']),
        pick('.sg-close', ['display', 'width', 'height'])];"""


def test_the_hosts_css_cannot_reach_the_dialog(app, host):
    app.get(host + "/manual.html")
    start_open(app)
    plain = app.execute_script(STYLE_PROBE)
    backdrop = in_dialog(app, "return getComputedStyle(root.querySelector('dialog'), '::backdrop').backgroundColor")
    app.execute_script("sitegen.close()")
    app.get(host + "/hostile.html")
    start_open(app)
    assert app.execute_script(STYLE_PROBE) == plain
    assert in_dialog(app, "return getComputedStyle(root.querySelector('dialog'), '::backdrop').backgroundColor") == backdrop


def test_the_themes_properties_on_the_host_element_restyle_it(app, host):
    app.get(host + "/themed.html")
    start_open(app)
    assert in_dialog(app, "return getComputedStyle(root.querySelector('.sg-carousel')).getPropertyValue('--sg-accent').trim()") == "rgb(200, 0, 0)"


def test_no_content_security_policy_violation(app, host):
    app.add_startup_script("""window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));""")
    app.get_log("browser")  # what earlier pages logged
    app.get(host + "/strict.html")
    wait(app, lambda: dialog_open(app))
    images = in_dialog(app, "return [...root.querySelectorAll('img')].map(i => i.src)")
    assert images and all(src.startswith("http://127.0.0.1") and "/example/welcome/images/" in src for src in images)
    in_dialog(app, "root.querySelector('.sg-bar-next').click()")
    app.execute_script("return new Promise(r => setTimeout(r, 500))")
    wait(app, lambda: in_dialog(app, "return root.querySelector('.sg-page:not([inert]) img').complete"))
    assert in_dialog(app, "return root.querySelector('.sg-page:not([inert]) img').naturalWidth") > 0
    assert app.execute_script("return violations") == []
    logs = [entry for entry in app.get_log("browser") if entry["level"] == "SEVERE"]
    assert logs == [], logs


def test_a_right_to_left_flow_is_mirrored(app, host):
    app.get(host + "/rtl.html")
    start_open(app, "jawla")
    assert in_dialog(app, "return root.querySelector('dialog').dir") == "rtl"
    assert in_dialog(app, "return getComputedStyle(root.querySelector('.sg-carousel')).direction") == "rtl"


def test_on_a_phone_the_flow_is_a_sheet_at_the_bottom(app, host):
    app.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        app.get(host + "/manual.html")
        start_open(app)
        assert in_dialog(app, "return root.querySelector('dialog').classList.contains('sg-sheet')")
        rect = in_dialog(app, "const r = root.querySelector('dialog').getBoundingClientRect(); return [r.left, r.right, r.bottom, r.height]")
        assert rect[0] == 0 and rect[1] == 390 and abs(rect[2] - 844) < 1, rect
        assert rect[3] <= 844 * 0.9 + 1
        assert in_dialog(app, "return root.querySelector('.sg-handle') !== null")
        # Dragging the handle down a third of the sheet dismisses it.
        box = in_dialog(app, "const r = root.querySelector('.sg-handle').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]")
        app.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": box[0], "y": box[1], "button": "left", "clickCount": 1})
        for step in range(1, 11):
            app.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": box[0], "y": box[1] + step * rect[3] / 30, "button": "left"})
        app.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": box[0], "y": box[1] + rect[3] / 3, "button": "left", "clickCount": 1})
        assert outcome(app) == "dismiss"
    finally:
        app.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})



def test_a_later_open_replaces_one_still_loading(app, host):
    app.get(host + "/manual.html")
    app.execute_script("""window.ends = [];
        sitegen.open('welcome').then(how => ends.push('welcome:' + how));
        sitegen.open('whats-new').then(how => ends.push('whats-new:' + how));""")
    wait(app, lambda: dialog_open(app))
    wait(app, lambda: app.execute_script("return ends.length") == 1)
    assert app.execute_script("return ends") == ["welcome:dismiss"]
    assert app.execute_script("return document.querySelectorAll('sitegen-flow').length") == 1
    assert in_dialog(app, "return root.querySelector('.sg-carousel').dataset.flow") == "whats-new"
    assert app.execute_script("return localStorage.getItem('sitegen:murmur-welcome')") is None, "never shown, so not seen"


def test_two_loaders_and_a_page_global_of_the_same_name(app, host):
    """The same loader twice opens the flow once; a second site's loader adds its flows; an
    element with id "sitegen" (a global of that name) does not stop either."""
    app.get(host + "/twice.html")
    wait(app, lambda: dialog_open(app))
    app.execute_script("return new Promise(r => setTimeout(r, 500))")
    assert app.execute_script("return document.querySelectorAll('sitegen-flow').length") == 1
    wait(app, lambda: app.execute_script("return sitegen.sites.length") == 3)
    app.execute_script("window.outcome = null; sitegen.open('jawla').then(how => { window.outcome = how; })")
    wait(app, lambda: dialog_open(app) and in_dialog(app, "return root.querySelector('.sg-carousel').dataset.flow") == "jawla")
    fetched = app.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert any(url.endswith("/rtl/jawla/embed.js") for url in fetched), fetched
    app.execute_script("sitegen.close()")
    assert outcome(app) == "dismiss"
    assert app.execute_script("return document.getElementById('sitegen').textContent") == "the app's own"


def test_the_page_can_cancel_finishing(app, host):
    app.get(host + "/manual.html")
    app.execute_script("document.addEventListener('sitegen:finish', (e) => e.preventDefault(), { once: true })")
    start_open(app, "whats-new")
    in_dialog(app, "root.querySelector('.sg-bar-next').click()")
    last = "root.querySelector('.sg-page:not([inert]) .sg-finish')"
    wait(app, lambda: in_dialog(app, f"return {last} !== null"))
    in_dialog(app, f"{last}.click()")
    app.execute_script("return new Promise(r => setTimeout(r, 300))")
    assert dialog_open(app), "cancelled, the flow stays"
    in_dialog(app, f"{last}.click()")
    assert outcome(app) == "finish"


@pytest.mark.parametrize("presentation", ["dialog", "sheet"])
def test_a_vertical_flow_pages_one_page_at_a_time(app, host, presentation):
    app.get(host + "/rtl.html")
    start_open(app, "jawla", presentation)
    assert in_dialog(app, "return root.querySelector('dialog').classList.contains('sg-sheet')") == (presentation == "sheet")
    assert in_dialog(app, "return root.querySelector('.sg-carousel').dataset.orientation") == "vertical"
    current = "return [...root.querySelectorAll('.sg-page')].findIndex(p => !p.inert)"
    assert in_dialog(app, current) == 0
    visible = """const track = root.querySelector('.sg-track').getBoundingClientRect();
        const page = root.querySelector('.sg-page:not([inert])').getBoundingClientRect();
        const dialog = root.querySelector('dialog').getBoundingClientRect();
        return [Math.abs(page.top - track.top) < 2, page.height <= dialog.height + 1,
                [...root.querySelectorAll('.sg-page[inert]')].every(p => { const r = p.getBoundingClientRect();
                  return r.bottom <= track.top + 1 || r.top >= track.bottom - 1; })];"""
    assert in_dialog(app, visible) == [True, True, True]
    in_dialog(app, "root.querySelector('.sg-bar-next').click()")
    wait(app, lambda: in_dialog(app, current) == 1)
    app.execute_script("return new Promise(r => setTimeout(r, 600))")
    assert in_dialog(app, visible) == [True, True, True]


def test_dark_mode_reaches_the_dialog(app, host):
    app.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        app.get(host + "/manual.html")
        start_open(app)
        assert in_dialog(app, "return getComputedStyle(root.querySelector('dialog')).backgroundColor") == "rgb(18, 21, 28)"
        assert in_dialog(app, "return getComputedStyle(root.querySelector('.sg-page:not([inert]) h1')).color") == "rgb(238, 241, 246)"
    finally:
        app.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_pages_background_under_a_strict_policy(app, host):
    app.add_startup_script("""window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));""")
    app.get(host + "/background.html")
    start_open(app, "tour")
    assert in_dialog(app, "return getComputedStyle(root.querySelector('.sg-page')).getPropertyValue('--sg-page-background').trim()") == "#f0fff4"
    assert in_dialog(app, "return getComputedStyle(root.querySelector('.sg-page')).backgroundColor") == "rgb(240, 255, 244)"
    assert app.execute_script("return violations") == []


def test_two_sites_with_a_flow_of_the_same_id(app, host, server):
    app.get(host + "/two-tours.html")
    wait(app, lambda: app.execute_script("return window.sitegen?.sites?.length") == 2)
    heading = "return root.querySelector('.sg-page h1').textContent"

    def first_heading(site=None):
        choice = f", {{ site: '{site}' }}" if site else ""
        app.execute_script(f"window.outcome = null; sitegen.open('tour'{choice}).then(how => {{ window.outcome = how; }})")
        wait(app, lambda: dialog_open(app))
        text = in_dialog(app, heading)
        app.execute_script("sitegen.close()")
        assert outcome(app) == "dismiss"
        return text

    basic, browser = first_heading(server + "/basic/"), first_heading(server + "/browser/embed.js")
    assert basic != browser
    # Without `site`, the flow of the loader that ran first (async scripts run as they arrive).
    first = app.execute_script("return sitegen.sites[0].base.href")
    assert first_heading() == (basic if first.endswith("/basic/") else browser)
    fetched = app.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert {server + "/browser/tour/embed.js", server + "/basic/tour/embed.js"} <= set(fetched)
    assert {server + "/browser/assets/embed-dialog.js", server + "/basic/assets/embed-dialog.js"} <= set(fetched), \
        "each site runs its own theme's code"


def test_a_page_constant_named_sitegen_does_not_stop_it(app, host):
    app.get(host + "/lexical.html")
    wait(app, lambda: dialog_open(app))
    assert app.execute_script("return sitegen.user") == "me"


def test_the_page_may_act_on_a_pages_action(app, host):
    app.get(host + "/manual.html")
    app.execute_script("""window.acted = null;
        document.addEventListener('sitegen:action', (e) => { e.preventDefault(); acted = [e.detail.flow, e.detail.id, e.detail.href]; });""")
    start_open(app)
    link = "root.querySelector('.sg-page:not([inert]) .sg-action a')"
    for _ in range(4):
        in_dialog(app, "root.querySelector('.sg-bar-next').click()")
        app.execute_script("return new Promise(r => setTimeout(r, 250))")
    wait(app, lambda: in_dialog(app, f"return {link} !== null"))
    assert in_dialog(app, f"return [{link}.target, {link}.rel]") == ["_blank", "noopener"], "a link out opens beside the app"
    in_dialog(app, f"{link}.click()")
    assert app.execute_script("return acted") == ["welcome", "privacy", "https://example.com/murmur/privacy"]
    assert len(app.window_handles) == 1 and dialog_open(app)


def test_a_host_in_vertical_writing_mode(app, host):
    app.get(host + "/vertical-host.html")
    start_open(app)
    rect = in_dialog(app, "const r = root.querySelector('dialog').getBoundingClientRect(); return [r.top, r.bottom, innerHeight, r.width]")
    assert rect[0] > 0 and rect[1] < rect[2] and rect[3] > 500, rect


def test_code_blocks_bring_their_styles_and_copy_buttons_under_a_strict_policy(app, host, server):
    app.get(host + "/background.html")
    app.execute_script("window.violations = []; document.addEventListener('securitypolicyviolation', e => violations.push(e.violatedDirective))")
    start_open(app, "tour")
    wait(app, lambda: in_dialog(app, "return root.querySelectorAll('.sg-copy').length") == 2)
    colours = in_dialog(app, """
        const code = root.querySelector('pre .hl-type');
        return [getComputedStyle(code).color, getComputedStyle(code.closest('pre')).color,
                root.querySelector('.sg-copy').textContent]""")
    assert colours[0] != colours[1], "tokens are coloured in the shadow root"
    assert colours[2] == "Copy code"
    assert app.execute_script("return window.violations") == []
    fetched = app.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert server + "/basic/assets/embed-code-styles.js" in fetched
    app.execute_script("sitegen.close()")


def test_a_flow_without_code_loads_no_code_assets(app, host, server):
    start_open(app, "welcome")
    fetched = app.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert not any("code" in name for name in fetched), fetched
    app.execute_script("sitegen.close()")


@pytest.mark.parametrize("languages, asked, lang, title", [
    (["ko-KR", "en"], None, "ko", "둘러보기"),
    (["ar"], None, "ar", "Take the tour"),
    (["fr"], None, "en", "Take the tour"),
    (["en"], "ko", "ko", "둘러보기"),
    (["ko"], "en-GB", "en", "Take the tour"),
])
def test_a_flow_opens_in_the_readers_language_or_the_one_asked_for(app, host, server, languages, asked, lang, title):
    app.add_startup_script("Object.defineProperty(Navigator.prototype, 'languages', {get: () => %r});" % languages)
    app.get(host + "/translated.html")
    wait(app, lambda: app.execute_script("return !!(window.sitegen && window.sitegen.open)"))
    request = "{}" if asked is None else "{locale: %r}" % asked
    app.execute_script(f"sitegen.open('tour', {request})")
    wait(app, lambda: dialog_open(app))
    assert in_dialog(app, "return root.querySelector('.sg-carousel').closest('[lang]').lang") == lang
    assert in_dialog(app, "return root.querySelector('.sg-carousel').getAttribute('aria-label')") == title
    # The flow's image, from the flow's own folder (`../../tour/hero.png` in ko/tour/), loads.
    wait(app, lambda: in_dialog(app, "const i = root.querySelector('.sg-media img'); return i.complete && i.naturalWidth > 0"))
    src = in_dialog(app, "return root.querySelector('.sg-media img').src")
    assert src.endswith("/translated/tour/hero.ar.png" if lang == "ar" else "/translated/tour/hero.png"), src
    # A link to another flow stays in the flow's language (the Arabic first page has none).
    if lang != "ar":
        help_link = in_dialog(app, "return [...root.querySelectorAll('a')].map(a => a.href).find(h => h.includes('/help/'))")
        assert help_link.startswith(f"{server}/translated/{'' if lang == 'en' else lang + '/'}help/"), help_link
    if lang == "ar":
        assert in_dialog(app, "return root.querySelector('.sg-carousel').closest('[dir]').dir") == "rtl"


def test_images_and_their_versions_load_from_the_sites_origin(app, host, server):
    """A picture's srcset (its versions, the animation's WebP and poster) resolved against the
    host page, whose origin has none of them: each address must lead to the flow's folder."""
    app.get(host + "/media.html")
    wait(app, lambda: app.execute_script("return !!window.sitegen"))
    start_open(app, "motion")
    wait(app, lambda: dialog_open(app))
    sets = in_dialog(app, "return [...root.querySelectorAll('[srcset]')].map((n) => n.getAttribute('srcset'))")
    assert sets, "the media flow shows pictures with versions"
    for value in sets:
        for candidate in value.split(", "):
            assert candidate.startswith(server + "/media/motion/"), value
    wait(app, lambda: in_dialog(app, "return [...root.querySelectorAll('img')].every((i) => i.complete)"))
    broken = in_dialog(app, "return [...root.querySelectorAll('img')].filter((i) => i.naturalWidth === 0).map((i) => i.currentSrc)")
    assert broken == []
