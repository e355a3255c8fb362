#!/usr/bin/env python3
"""Renders the README's screenshots with headless Chromium: the example flow's first page, a middle
page, right-to-left, dark and a phone-sized viewport; and, from the tutorial fixture, a long page
and a flow of a hundred pages, on a desktop and a phone. Run with `make screenshots`."""

import functools
import http.server
import os
import pathlib
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SITEGEN = pathlib.Path(os.environ.get("SITEGEN", ROOT / ".build" / "debug" / "sitegen"))
# Scrolls a long page part of the way down, to show the controls staying in reach.
SCROLL = "window.scrollTo(0, 900)"
# Opens the list of pages of a long flow.
OPEN_LIST = "document.querySelector('.sg-count').click()"
SHOTS = [
    # (file, site, path, width, height, colour scheme, phone, script run before the shot)
    ("first-page.png", "example", "welcome/?replay", 1200, 760, "light", False, None),
    ("middle-page.png", "example", "welcome/?replay#organize", 1200, 760, "light", False, None),
    ("right-to-left.png", "rtl", "jawla/", 1200, 760, "light", False, None),
    ("dark.png", "example", "welcome/?replay#privacy", 1200, 760, "dark", False, None),
    ("phone.png", "example", "welcome/?replay#record", 390, 844, "light", True, None),
    ("long-page.png", "tutorial", "swiftui-ko/#tabview", 1200, 760, "light", False, SCROLL),
    ("long-page-phone.png", "tutorial", "wide-content/#build-log", 390, 844, "light", True, SCROLL),
    ("many-pages.png", "tutorial", "steps-100/#step-37", 1200, 760, "light", False, OPEN_LIST),
    ("many-pages-phone.png", "tutorial", "combine-ja/#page-control", 390, 844, "light", True, None),
]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def main():
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory() as root:
        sites = {
            "example": ROOT, "rtl": ROOT / "Tests/SitegenCoreTests/Fixtures/rtl/site", "tutorial": ROOT / "Tests/Browser/sites/tutorial",
        }
        for name, site in sites.items():
            subprocess.run([SITEGEN, "build", "--quiet", "--site", site, "--output", f"{root}/{name}"], check=True)
        handler = functools.partial(QuietHandler, directory=root)
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}"

        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
        OUT.mkdir(parents=True, exist_ok=True)
        try:
            for name, site, path, width, height, scheme, phone, script in SHOTS:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get(f"{base}/{site}/{path}")
                time.sleep(1.0)
                if script:
                    driver.execute_script(script)
                    time.sleep(0.5)
                driver.save_screenshot(str(OUT / name))
                print(f"wrote {OUT / name}")
        finally:
            driver.quit()
            httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
