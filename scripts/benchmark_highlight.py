#!/usr/bin/python3
"""Highlighting throughput on the differential test's corpus (about 1 MB in 30 languages), side by
side in one run: sitegen's engine (release build, one process), GtkSourceView 5 through
python3-gi, and Pygments (python3-pygments), each highlighting the whole corpus RUNS times in
one process after a warm-up run. Prints the median seconds and MB/s of each.

Usage: scripts/benchmark_highlight.py [--runs 5] [--no-build]   (make test-deps installs what it needs)

On 2 shared cores (December 2026): engine 0.51 s (2.1 MB/s), GtkSourceView 4.66 s (0.23 MB/s),
Pygments 0.66 s (1.6 MB/s).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "Tests", "HighlightTests")
CORPUS = os.path.join(TESTS, "Corpus")
SPECS = "/usr/share/gtksourceview-5/language-specs"
BUILD = True
PYGMENTS_NAMES = {
    "python3": "python", "chdr": "c", "sh": "bash", "js": "javascript", "markdown": "markdown",
    "makefile": "make", "desktop": "ini", "pkgconfig": "ini", "m4": "text", "xslt": "xslt",
}


def corpus():
    with open(os.path.join(CORPUS, "MANIFEST.tsv"), encoding="utf-8") as handle:
        rows = [line.rstrip("\n").split("\t") for line in handle if line.strip()]
    return [(row[0], os.path.join(CORPUS, row[1])) for row in rows]


def engine(files, runs):
    if BUILD:
        subprocess.run(["swift", "build", "-c", "release", "--product", "highlight-bench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "highlight-bench")
    arguments = [binary, str(runs)] + [part for pair in files for part in pair]
    return json.loads(subprocess.run(arguments, check=True, capture_output=True, text=True).stdout)["seconds"]


def gtksourceview(files, runs):
    arguments = ["/usr/bin/python3", os.path.join(TESTS, "oracle.py"), "--benchmark", str(runs), SPECS]
    arguments += [part for pair in files for part in pair]
    return json.loads(subprocess.run(arguments, check=True, capture_output=True, text=True).stdout)["seconds"]


def pygments(files, runs):
    sys.path.insert(0, "/usr/lib/python3/dist-packages")
    from pygments import lex
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    lexed = []
    for language, path in files:
        try:
            lexer = get_lexer_by_name(PYGMENTS_NAMES.get(language, language))
        except ClassNotFound:
            lexer = get_lexer_by_name("text")
        with open(path, encoding="utf-8", newline="") as handle:
            lexed.append((lexer, handle.read()))
    seconds = []
    for run in range(runs + 1):
        began = time.perf_counter()
        for lexer, text in lexed:
            for _ in lex(text, lexer):
                pass
        if run > 0:
            seconds.append(time.perf_counter() - began)
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use the release highlight-bench already built")
    options = parser.parse_args()
    runs = options.runs
    global BUILD
    BUILD = not options.no_build
    files = corpus()
    size = sum(os.path.getsize(path) for _, path in files)
    print("Corpus: %d files, %d languages, %.2f MB; median of %d runs each" % (
        len(files), len({language for language, _ in files}), size / 1e6, runs))
    for name, measure in [("sitegen engine", engine), ("GtkSourceView 5 (python3-gi)", gtksourceview),
                          ("Pygments", pygments)]:
        median = statistics.median(measure(files, runs))
        print("  %-30s %7.3f s  %6.2f MB/s" % (name, median, size / 1e6 / median))


if __name__ == "__main__":
    main()
