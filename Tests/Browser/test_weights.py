"""Weight budgets, measured gzipped as a server would send them: the theme's CSS at most 4 KB,
the runtime at most 3 KB, and the whole first view of the example flow (HTML, CSS and JS, no
images) under 12 KB; embed.js's loader, all a returning visitor downloads, at most 2 KB, and what
opening a flow loads besides (runtime, styles, flow) under 12 KB. No web fonts are fetched."""

import gzip
import re

import pytest

from conftest import ROOT

CSS_BUDGET = 4 * 1024
JS_BUDGET = 3 * 1024
FIRST_VIEW_BUDGET = 12 * 1024
LOADER_BUDGET = 2 * 1024
EMBED_OPEN_BUDGET = 12 * 1024


def gzipped(path):
    return len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))


@pytest.mark.parametrize("site", ["example", "basic", "rtl"])
def test_the_stylesheet_fits_its_budget(built_sites, site):
    size = gzipped(built_sites[site] / "assets" / "sitegen.css")
    assert size <= CSS_BUDGET, f"sitegen.css is {size} bytes gzipped; the budget is {CSS_BUDGET}"


def test_the_runtime_fits_its_budget(built_sites):
    size = gzipped(built_sites["example"] / "assets" / "sitegen.js")
    assert size <= JS_BUDGET, f"sitegen.js is {size} bytes gzipped; the budget is {JS_BUDGET}"


def test_the_first_view_fits_its_budget(built_sites):
    example = built_sites["example"]
    parts = [example / "welcome" / "index.html", example / "assets" / "sitegen.css", example / "assets" / "sitegen.js"]
    total = sum(gzipped(path) for path in parts)
    assert total < FIRST_VIEW_BUDGET, f"the first view is {total} bytes gzipped; the budget is {FIRST_VIEW_BUDGET}"


@pytest.mark.parametrize("site", ["example", "basic", "rtl"])
def test_the_embed_loader_fits_its_budget(built_sites, site):
    size = gzipped(built_sites[site] / "embed.js")
    assert size <= LOADER_BUDGET, f"embed.js is {size} bytes gzipped; the budget is {LOADER_BUDGET}"


def test_opening_an_embedded_flow_fits_its_budget(built_sites):
    example = built_sites["example"]
    parts = [example / "assets" / name for name in ["embed-dialog.js", "sitegen.js", "embed-styles.js"]] + [example / "welcome" / "embed.js"]
    total = sum(gzipped(path) for path in parts)
    assert total < EMBED_OPEN_BUDGET, f"opening the flow loads {total} bytes gzipped; the budget is {EMBED_OPEN_BUDGET}"


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


# The weights the docs state, each found by a pattern in a docs file, and the files it is of.
DOCUMENTED_WEIGHTS = [
    ("carousel.md", r"`assets/sitegen.js` \((\d+\.\d) KB gzipped", ["assets/sitegen.js"]),
    ("carousel.md", r"JavaScript, gzipped \| (\d+\.\d) KB", ["assets/sitegen.js"]),
    ("carousel.md", r"CSS, gzipped \| (\d+\.\d) KB", ["assets/sitegen.css"]),
    ("themes.md", r"the stylesheet \((\d+\.\d) KB gzipped", ["assets/sitegen.css"]),
    ("carousel.md", r"first view \(HTML \+ CSS \+ JS\), gzipped \| (\d+\.\d) KB", ["welcome/index.html", "assets/sitegen.css", "assets/sitegen.js"]),
    ("embedding.md", r"only `embed.js`: (\d+\.\d) KB gzipped", ["embed.js"]),
    ("embedding.md", r"`assets/embed-dialog.js`,\s+(\d+\.\d) KB", ["assets/embed-dialog.js"]),
    ("embedding.md", r"runtime \(`assets/sitegen.js`, (\d+\.\d) KB", ["assets/sitegen.js"]),
    ("embedding.md", r"`assets/embed-styles.js`,\s+(\d+\.\d) KB", ["assets/embed-styles.js"]),
    ("embedding.md", r"`<flow>/embed.js`, (\d+\.\d) KB", ["welcome/embed.js"]),
]


@pytest.mark.parametrize("document, pattern, files", DOCUMENTED_WEIGHTS)
def test_the_docs_state_the_weights_the_build_has(built_sites, document, pattern, files):
    """The docs' figures (in KB of 1,024 bytes, to a tenth) are the example site's, measured."""
    found = re.search(pattern, (ROOT / "docs" / document).read_text(encoding="utf-8"))
    assert found, f"{document} no longer states this weight: {pattern}"
    measured = sum(gzipped(built_sites["example"] / name) for name in files) / 1024
    assert abs(float(found.group(1)) - measured) <= 0.06, f"{document} says {found.group(1)} KB; the build makes {measured:.2f} KB"
