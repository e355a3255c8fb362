"""The default theme's weight budget: its CSS at most 4 KB gzipped, and no web fonts fetched."""

import gzip
import re

import pytest

CSS_BUDGET = 4 * 1024


@pytest.mark.parametrize("site", ["example", "basic", "rtl"])
def test_the_stylesheet_fits_the_budget(built_sites, site):
    css = (built_sites[site] / "assets" / "sitegen.css").read_bytes()
    size = len(gzip.compress(css, compresslevel=9, mtime=0))
    assert size <= CSS_BUDGET, f"sitegen.css is {size} bytes gzipped; the budget is {CSS_BUDGET}"


@pytest.mark.parametrize("site", ["example", "basic", "rtl"])
def test_nothing_is_fetched_for_fonts(built_sites, site):
    css = (built_sites[site] / "assets" / "sitegen.css").read_text(encoding="utf-8")
    assert "@font-face" not in css
    assert "@import" not in css
    assert not re.search(r"url\(", css), "the theme loads nothing from its stylesheet"
    for page in built_sites[site].rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        stylesheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        assert stylesheets and all(not href.startswith(("http:", "https:", "//")) for href in stylesheets), page
