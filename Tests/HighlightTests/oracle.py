#!/usr/bin/python3
"""GtkSourceView 5 itself, headless, as the oracle for sitegen's highlighting engine.

Usage: oracle.py LANGUAGE-SPECS-DIR (LANG-ID FILE)...
       oracle.py --benchmark RUNS LANGUAGE-SPECS-DIR (LANG-ID FILE)...
       oracle.py --search-path DIR LANGUAGE-SPECS-DIR (LANG-ID FILE)...   (DIR's .lang files first)
Prints one JSON object: {"files": [{"path", "language", "runs": [[length, style], ...]}]},
lengths in characters (code points), style the def: style id without its prefix ("" for none).

Each def: style of def.lang gets its own foreground colour in a scheme written for the run, so
the colour of the highest-priority coloured tag over a character names its style.
"""
import json
import os
import re
import sys
import tempfile
import time

import gi

gi.require_version("GtkSource", "5")
from gi.repository import GtkSource  # noqa: E402


def def_styles(specs):
    with open(os.path.join(specs, "def.lang"), encoding="utf-8") as handle:
        return re.findall(r'<style id="([^"]+)"', handle.read())


def write_scheme(folder, styles):
    colours = {}
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<style-scheme id="sitegen-oracle" name="sitegen oracle" version="1.0">']
    for number, style in enumerate(styles, start=1):
        colour = "#%02x%02x%02x" % (number, 0x40, 0x80)
        colours[(number, 0x40, 0x80)] = style
        lines.append('  <style name="def:%s" foreground="%s"/>' % (style, colour))
    lines.append("</style-scheme>")
    with open(os.path.join(folder, "sitegen-oracle.xml"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return colours


def highlight(buffer, text, colours):
    buffer.set_text(text, -1)
    start, end = buffer.get_bounds()
    buffer.ensure_highlight(start, end)
    length = buffer.get_char_count()
    styles = [""] * length
    tags = []
    buffer.get_tag_table().foreach(lambda tag: tags.append(tag))
    coloured = []
    for tag in tags:
        if not tag.props.foreground_set:
            continue
        rgba = tag.props.foreground_rgba
        key = (round(rgba.red * 255), round(rgba.green * 255), round(rgba.blue * 255))
        if key in colours:
            coloured.append((tag.get_priority(), tag, colours[key]))
    coloured.sort(key=lambda item: item[0])
    for _, tag, style in coloured:
        iterator = buffer.get_start_iter()
        while True:
            if not iterator.starts_tag(tag):
                if not iterator.forward_to_tag_toggle(tag):
                    break
                if not iterator.starts_tag(tag):
                    continue
            begin = iterator.get_offset()
            iterator.forward_to_tag_toggle(tag)
            for offset in range(begin, iterator.get_offset()):
                styles[offset] = style
            if iterator.is_end():
                break
    runs = []
    for style in styles:
        if runs and runs[-1][1] == style:
            runs[-1][0] += 1
        else:
            runs.append([1, style])
    return runs


def benchmark(runs, specs, pairs):
    """Prints the seconds of each run of highlighting every file (set_text and ensure_highlight)."""
    GtkSource.init()
    languages = GtkSource.LanguageManager.get_default()
    files = []
    for index in range(0, len(pairs), 2):
        with open(pairs[index + 1], encoding="utf-8", newline="") as handle:
            files.append((languages.get_language(pairs[index]), handle.read()))
    seconds = []
    for run in range(runs + 1):
        began = time.perf_counter()
        for language, text in files:
            buffer = GtkSource.Buffer.new_with_language(language)
            buffer.set_text(text, -1)
            start, end = buffer.get_bounds()
            buffer.ensure_highlight(start, end)
        if run > 0:
            seconds.append(time.perf_counter() - began)
    json.dump({"seconds": seconds}, sys.stdout)


def main():
    if sys.argv[1] == "--benchmark":
        benchmark(int(sys.argv[2]), sys.argv[3], sys.argv[4:])
        return
    arguments = sys.argv[1:]
    search_path = None
    if arguments[0] == "--search-path":
        search_path, arguments = arguments[1], arguments[2:]
    specs = arguments[0]
    pairs = arguments[1:]
    GtkSource.init()
    with tempfile.TemporaryDirectory(prefix="sitegen-oracle-") as folder:
        colours = write_scheme(folder, def_styles(specs))
        manager = GtkSource.StyleSchemeManager.get_default()
        manager.append_search_path(folder)
        scheme = manager.get_scheme("sitegen-oracle")
        languages = GtkSource.LanguageManager.get_default()
        if search_path is not None:
            languages.set_search_path([search_path] + list(languages.get_search_path()))
        results = []
        seconds = 0.0
        for index in range(0, len(pairs), 2):
            language_id, path = pairs[index], pairs[index + 1]
            language = languages.get_language(language_id)
            if language is None:
                raise SystemExit("oracle: GtkSourceView has no language %r" % language_id)
            with open(path, encoding="utf-8", newline="") as handle:
                text = handle.read()
            buffer = GtkSource.Buffer.new_with_language(language)
            buffer.set_style_scheme(scheme)
            buffer.set_highlight_matching_brackets(False)
            began = time.perf_counter()
            runs = highlight(buffer, text, colours)
            seconds += time.perf_counter() - began
            results.append({"path": path, "language": language_id, "runs": runs})
        json.dump({"files": results, "seconds": seconds}, sys.stdout)


if __name__ == "__main__":
    main()
