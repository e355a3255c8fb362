#!/usr/bin/env python3
"""Renders the README's screenshots with headless Chromium: the example flow's first page, a middle
page, right-to-left, dark and a phone-sized viewport; and, from the tutorial fixture, a long page
and a flow of a hundred pages, on a desktop and a phone; highlighted Swift and a diff, light and
dark; embed.js's dialog and sheet over a sample app; and a Lottie animation drawn at build time, and
a photo in the version made for a phone. Run with `make screenshots`."""

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
    ("code-light.png", "tutorial", "code-tour/#data-source", 1200, 760, "light", False, None),
    ("code-dark.png", "tutorial", "code-tour/#the-fix", 1200, 760, "dark", False, None),
    ("code-phone.png", "tutorial", "code-tour/#data-source", 390, 844, "dark", True, None),
    ("embed-dialog.png", "app", "dialog.html", 1200, 760, "light", False, None),
    ("embed-sheet.png", "app", "sheet.html", 390, 844, "light", True, None),
    ("animation.png", "media", "motion/?replay#hero", 1200, 760, "light", False, None),
    ("animation-phone.png", "media", "motion/?replay#photo", 390, 844, "dark", True, None),
]

# A sample app that embeds the example's first flow with embed.js, as a dialog and as a sheet.
APP = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Murmur</title>
<style>
body {{ margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f6f7f9; color: #1b1f27; }}
header {{ display: flex; align-items: center; gap: 1rem; padding: .75rem 1.25rem; background: #1f5fbf; color: #fff; }}
header h1 {{ font-size: 1.25rem; margin: 0; flex: 1; }}
main {{ max-width: 48rem; margin: 1.5rem auto; padding: 0 1.25rem; }}
.note {{ background: #fff; border-radius: 10px; padding: 1rem 1.25rem; margin-bottom: .75rem; box-shadow: 0 1px 3px rgb(0 0 0 / 10%); }}
.note h2 {{ font-size: 1.05rem; margin: 0 0 .25rem; }}
.note p {{ margin: 0; color: #4a5263; }}
</style>
</head>
<body>
<header><h1>Murmur</h1><button type="button">Take the tour again</button></header>
<main>
<div class="note"><h2>Groceries for the weekend</h2><p>Oat milk, lemons, the good bread from the corner.</p></div>
<div class="note"><h2>Idea: a podcast about walking</h2><p>Every episode a different city, recorded on foot.</p></div>
<div class="note"><h2>Call the landlord</h2><p>About the heating, before Thursday.</p></div>
<div class="note"><h2>Book notes</h2><p>Chapter 4: attention is the rarest form of generosity.</p></div>
</main>
<script src="../example/embed.js" data-flow="welcome" data-presentation="{presentation}" async></script>
</body>
</html>
"""


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
            "media": ROOT / "Tests/Browser/sites/media",
        }
        for name, site in sites.items():
            subprocess.run([SITEGEN, "build", "--quiet", "--site", site, "--output", f"{root}/{name}"], check=True)
        app = pathlib.Path(root) / "app"
        app.mkdir()
        for presentation in ["dialog", "sheet"]:
            (app / f"{presentation}.html").write_text(APP.format(presentation=presentation))
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
