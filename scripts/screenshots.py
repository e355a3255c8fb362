#!/usr/bin/env python3
"""Renders the README's screenshots of the example flow with headless Chromium: the first page, a
middle page, right-to-left, dark, and a phone-sized viewport. Run with `make screenshots`."""

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
SHOTS = [
    # (file, site, path, width, height, colour scheme, phone)
    ("first-page.png", "example", "welcome/?replay", 1200, 760, "light", False),
    ("middle-page.png", "example", "welcome/?replay#organize", 1200, 760, "light", False),
    ("right-to-left.png", "rtl", "jawla/", 1200, 760, "light", False),
    ("dark.png", "example", "welcome/?replay#privacy", 1200, 760, "dark", False),
    ("phone.png", "example", "welcome/?replay#record", 390, 844, "light", True),
]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def main():
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory() as root:
        sites = {"example": ROOT, "rtl": ROOT / "Tests/SitegenCoreTests/Fixtures/rtl/site"}
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
            for name, site, path, width, height, scheme, phone in SHOTS:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get(f"{base}/{site}/{path}")
                time.sleep(1.0)
                driver.save_screenshot(str(OUT / name))
                print(f"wrote {OUT / name}")
        finally:
            driver.quit()
            httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
