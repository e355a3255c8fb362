"""sitegen serve in Chromium: an edited page reloads on the same carousel page with its new text; a
broken page shows the error over the preview, and fixing it takes the overlay away; a stylesheet
change is swapped in without a reload; a page of another site (another port of this machine
included) cannot run or read the preview's scripts, while the preview's own pages work. And the
process: a busy port fails clearly, SIGTERM ends it with status 0 and frees the port."""

import functools
import http.server
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import threading

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, QuietHandler


def copy_example(destination: pathlib.Path) -> pathlib.Path:
    site = destination / "site"
    site.mkdir()
    shutil.copytree(ROOT / "content", site / "content")
    shutil.copy(ROOT / "sitegen.yml", site / "sitegen.yml")
    return site


class Preview:
    """A running `sitegen serve` on a free port, and what it printed."""

    def __init__(self, sitegen, site, *arguments):
        self.process = subprocess.Popen(
            [sitegen, "serve", "--site", site, "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        while line and not line.startswith("Serving "):
            line = self.process.stdout.readline()
        match = re.search(r"at (http://\S+/) ", line)
        assert match, f"serve did not start: {line!r} {self.process.stderr.read() if self.process.poll() is not None else ''}"
        self.url = match.group(1)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
        # What it prints from now on, read as it comes, for tests to wait on.
        self.lines = []
        self.printed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            with self.printed:
                self.lines.append(line)
                self.printed.notify_all()

    def wait_for_line(self, text, seconds=20):
        """Waits until a line holding `text` is printed (counting those printed already)."""
        with self.printed:
            found = self.printed.wait_for(lambda: any(text in line for line in self.lines), timeout=seconds)
        assert found, f"serve never printed {text!r}: {self.lines}"

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=10)


@pytest.fixture
def preview(sitegen, tmp_path):
    site = copy_example(tmp_path)
    running = Preview(sitegen, site)
    running.site = site
    yield running
    if running.process.poll() is None:
        running.stop()


def wait_for(browser, condition, seconds=10):
    # A page that reloads while the condition reads it leaves its elements stale: read again.
    return WebDriverWait(browser, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda _: condition())


def test_an_edited_page_reloads_on_the_same_carousel_page(browser, preview):
    browser.get(preview.url + "welcome/#transcribe")
    wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
    browser.execute_script("window.sitegenMarker = 1")
    page = preview.site / "content" / "welcome" / "03-transcribe.md"
    page.write_text(page.read_text().replace("Read it back as text", "Read it back, edited"))
    wait_for(browser, lambda: browser.execute_script("return window.sitegenMarker === undefined"))
    wait_for(browser, lambda: "Read it back, edited" in browser.find_element(By.ID, "transcribe").text)
    assert browser.execute_script("return location.hash") == "#transcribe"
    current = browser.find_element(By.CSS_SELECTOR, "#transcribe .sg-indicator[aria-current='step']")
    assert current.get_attribute("href").endswith("#transcribe")


def test_other_flows_are_not_reloaded(browser, preview):
    # Each load of the page counts itself, so a reload that should not happen is seen.
    browser.add_startup_script("sessionStorage.loads = (+sessionStorage.loads || 0) + 1")
    browser.get(preview.url + "whats-new/")
    wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
    page = preview.site / "content" / "welcome" / "01-welcome.md"
    page.write_text(page.read_text() + "\nOne more line.\n")
    preview.wait_for_line("rebuilt welcome")
    # A change to this flow next, after the other's own reload event: it reloads the page once.
    own = preview.site / "content" / "whats-new" / "01-widgets.md"
    own.write_text(own.read_text() + "\nA line of its own.\n")
    wait_for(browser, lambda: "A line of its own." in browser.find_element(By.TAG_NAME, "main").text)
    assert browser.execute_script("return sessionStorage.loads") == "2", "only the change to this flow reloaded it"


def test_a_broken_page_shows_the_error_and_fixing_it_takes_it_away(browser, preview):
    browser.get(preview.url + "welcome/")
    wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
    page = preview.site / "content" / "welcome" / "02-record.md"
    good = page.read_text()
    page.write_text(good.replace("title:", "titel:", 1) if "title:" in good else "---\ntitel: Broken\n---\n" + good)
    overlay_text = "return document.querySelector('sitegen-errors')?.shadowRoot.textContent ?? ''"
    wait_for(browser, lambda: "titel" in browser.execute_script(overlay_text))
    text = browser.execute_script(overlay_text)
    assert re.search(r"02-record\.md:\d+:\d+: error: unknown key 'titel'", text)
    assert "^~~~~" in text, "the source line and the caret"
    role = browser.execute_script("return document.querySelector('sitegen-errors').shadowRoot.querySelector('[role=alert]') !== null")
    assert role
    page.write_text(good)
    wait_for(browser, lambda: browser.execute_script("return document.querySelector('sitegen-errors') === null"))


def test_the_error_overlay_fits_a_phone_and_dismiss_stays_in_view(browser, preview):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True})
    browser.get(preview.url + "welcome/")
    wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
    for name in ["02-record.md", "03-transcribe.md", "04-organize.md"]:
        page = preview.site / "content" / "welcome" / name
        page.write_text("---\ntitel: " + "A very long value without a break " * 12 + "\n---\n" + page.read_text())
    overlay = "document.querySelector('sitegen-errors')?.shadowRoot"
    wait_for(browser, lambda: browser.execute_script(f"return ({overlay}?.querySelectorAll('.message').length ?? 0) >= 3"))
    measure = f"""
        const root = {overlay};
        const box = root.querySelector('section').getBoundingClientRect();
        const dismiss = root.querySelector('button').getBoundingClientRect();
        const pre = root.querySelector('pre');
        return [box.left >= 0 && box.right <= innerWidth, dismiss.top >= 0 && dismiss.bottom <= innerHeight && dismiss.right <= innerWidth,
                pre.scrollWidth > pre.clientWidth, document.documentElement.scrollWidth <= innerWidth,
                [...root.querySelectorAll('.message')].every(m => m.scrollWidth <= m.clientWidth)]"""
    assert browser.execute_script(measure) == [True, True, True, True, True], "fits, Dismiss in view, the source line scrolls alone"
    browser.execute_script(f"const host = document.querySelector('sitegen-errors'); host.scrollTop = host.scrollHeight")
    assert browser.execute_script(measure)[1], "Dismiss stays in view when the errors are scrolled"


def test_a_stylesheet_change_is_swapped_without_a_reload(browser, preview):
    browser.get(preview.url + "welcome/")
    wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
    browser.execute_script("window.sitegenMarker = 1")
    templates = preview.site / "templates"
    templates.mkdir(exist_ok=True)
    stylesheet = (ROOT / "templates" / "sitegen.css").read_text()
    (templates / "sitegen.css").write_text(stylesheet + "\nbody { outline: 7px solid rgb(1, 2, 3); }\n")
    wait_for(browser, lambda: browser.execute_script("return getComputedStyle(document.body).outlineWidth") == "7px")
    assert browser.execute_script("return window.sitegenMarker") == 1, "the page was not reloaded"


def test_a_site_that_starts_broken_serves_its_errors_until_fixed(browser, sitegen, tmp_path):
    site = copy_example(tmp_path)
    page = site / "content" / "welcome" / "01-welcome.md"
    good = page.read_text()
    page.write_text("---\nskip: maybe\n---\n# Broken\n")
    running = Preview(sitegen, site)
    try:
        browser.get(running.url + "welcome/")
        assert "01-welcome.md" in browser.find_element(By.TAG_NAME, "main").text
        page.write_text(good)
        wait_for(browser, lambda: browser.execute_script("return document.documentElement.hasAttribute('data-sitegen-error')") is False)
        assert browser.find_element(By.CSS_SELECTOR, ".sg-carousel")
    finally:
        running.stop()


def test_serving_leaves_the_output_folder_alone(preview):
    (preview.site / "content" / "welcome" / "01-welcome.md").write_text("# Changed\n")
    preview.wait_for_line("rebuilt welcome")
    assert not (preview.site / "output").exists() or not any((preview.site / "output").iterdir())


def test_a_busy_port_fails_clearly_and_sigterm_ends_with_status_0(sitegen, tmp_path):
    site = copy_example(tmp_path)
    first = Preview(sitegen, site)
    second = subprocess.run([sitegen, "serve", "--site", site, "--port", str(first.port)],
                            capture_output=True, text=True, timeout=30)
    assert second.returncode == 1
    assert f"port {first.port} on 127.0.0.1 is in use" in second.stderr
    assert first.stop() == 0
    first.wait_for_line("Stopped.")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", first.port))  # the port is free again


def test_many_tabs_share_one_event_stream(browser, preview):
    """A browser opens six connections to a host: a stream per tab would leave the seventh tab
    waiting forever. The tabs share one stream, and every tab still reloads."""
    original = browser.current_window_handle
    tabs = []
    try:
        for _ in range(8):
            browser.switch_to.new_window("tab")
            tabs.append(browser.current_window_handle)
            browser.set_page_load_timeout(8)
            browser.get(preview.url + "welcome/")
            wait_for(browser, lambda: browser.execute_script("return document.readyState") == "complete")
            browser.execute_script("window.sitegenMarker = 1")
        page = preview.site / "content" / "welcome" / "01-welcome.md"
        page.write_text(page.read_text() + "\nOne more line.\n")
        for tab in tabs:
            browser.switch_to.window(tab)
            wait_for(browser, lambda: browser.execute_script("return window.sitegenMarker === undefined"))
    finally:
        for tab in tabs:
            browser.switch_to.window(tab)
            browser.close()
        browser.switch_to.window(original)
        browser.set_page_load_timeout(20)


ELSEWHERE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another site</title>
<script>
  window.outcome = {};
  const note = (name, value) => { window.outcome[name] = value; };
</script>
<script src="PREVIEW/embed.js" onload="note('embed', 'loaded')" onerror="note('embed', 'refused')"></script>
<script src="PREVIEW/welcome/embed.js" onload="note('flow', 'loaded')" onerror="note('flow', 'refused')"></script>
<script src="PREVIEW/_sitegen/live.js" onload="note('live', 'loaded')" onerror="note('live', 'refused')"></script>
<script>
  fetch("PREVIEW/welcome/").then((r) => r.text()).then((t) => note("fetch", "read " + t.length), () => note("fetch", "refused"));
  const events = new EventSource("PREVIEW/_sitegen/events");
  events.onopen = () => note("events", "open");
  events.onerror = () => { note("events", "refused"); events.close(); };
</script>
</head><body><a id="preview" href="PREVIEW/welcome/">the preview</a></body></html>
"""


@pytest.fixture
def another_site(tmp_path):
    """Serves a folder over HTTP on another port of this machine, as another site's pages."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield folder, httpd.server_address[1]
    httpd.shutdown()
    thread.join(timeout=5)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"], ids=["same-site: another port", "cross-site"])
def test_another_sites_page_cannot_run_or_read_the_preview(browser, preview, another_site, host):
    """`<script src>` is not stopped by CORS or by the Host check: before, this page ran the
    preview's embed.js and each flow's, and read every carousel, drafts included. Each load must
    fail (its onerror fires), and the preview's pages still work when navigated to."""
    folder, port = another_site
    (folder / "index.html").write_text(ELSEWHERE.replace("PREVIEW/", preview.url))
    browser.get(f"http://{host}:{port}/index.html")
    outcome = "return window.outcome"
    wait_for(browser, lambda: len(browser.execute_script(outcome) or {}) == 5)
    assert browser.execute_script(outcome) == {
        "embed": "refused", "flow": "refused", "live": "refused", "fetch": "refused", "events": "refused"}
    assert browser.execute_script("return typeof window.sitegen") == "undefined", "no script of the preview ran"

    browser.find_element(By.ID, "preview").click()  # a link followed is a top-level navigation
    wait_for(browser, lambda: browser.current_url == preview.url + "welcome/")
    wait_for(browser, lambda: browser.execute_script(
        "return document.querySelector('.sg-bar-prev')?.hasAttribute('aria-disabled') === true"))

    browser.get(preview.url + "welcome/")
    wait_for(browser, lambda: browser.execute_script(
        "return document.querySelector('.sg-bar-prev')?.hasAttribute('aria-disabled') === true"))
    statuses = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(["/embed.js", "/welcome/embed.js", "/_sitegen/live.js"].map((path) => fetch(path).then((r) => r.status)))
          .then(done, (error) => done(String(error)));
    """)
    assert statuses == [200, 200, 200], "the preview's own requests are answered"

