"""Shared fixtures: the built sitegen binary; the example, fixture, browser-test and tutorial sites built
with it under one folder; that folder served over HTTP on 127.0.0.1; and headless Chromium."""

import functools
import http.server
import os
import pathlib
import subprocess
import threading

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "SitegenCoreTests" / "Fixtures"
SITES = {
    "example": ROOT,
    "basic": FIXTURES / "basic" / "site",
    "rtl": FIXTURES / "rtl" / "site",
    "translated": FIXTURES / "translated" / "site",
    "browser": ROOT / "Tests" / "Browser" / "sites" / "browser",
    "tutorial": ROOT / "Tests" / "Browser" / "sites" / "tutorial",
    "media": ROOT / "Tests" / "Browser" / "sites" / "media",
}
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


@pytest.fixture(scope="session")
def sitegen() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("SITEGEN", ROOT / ".build" / "debug" / "sitegen"))
    assert binary.is_file(), f"{binary} is missing: run `swift build` first (make test does)"
    return binary


@pytest.fixture(scope="session")
def built_root(sitegen, tmp_path_factory) -> pathlib.Path:
    """Every site built into <root>/<name>/."""
    root = tmp_path_factory.mktemp("sites")
    for name, site in SITES.items():
        subprocess.run([sitegen, "build", "--quiet", "--site", site, "--output", root / name], check=True)
    return root


@pytest.fixture(scope="session")
def built_sites(built_root) -> dict[str, pathlib.Path]:
    return {name: built_root / name for name in SITES}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def server(built_root):
    """The built sites over HTTP on 127.0.0.1 and a free port (storage is unreliable on file://)."""
    handler = functools.partial(QuietHandler, directory=str(built_root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def chromium():
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must not download anything
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1024,768", "--hide-scrollbars"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    yield driver
    driver.quit()


@pytest.fixture
def browser(chromium, server):
    """The session's Chromium, reset: no stored state, default media, scripts on, desktop size."""
    chromium.get(server + "/example/index.html")
    chromium.execute_script("localStorage.clear(); sessionStorage.clear();")
    chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    chromium.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    chromium.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    chromium.set_window_size(1024, 768)
    added = []
    chromium.add_startup_script = lambda source: added.append(
        chromium.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"])
    yield chromium
    for identifier in added:
        chromium.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
