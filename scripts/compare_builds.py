#!/usr/bin/env python3
"""Builds the same sites with two sitegen binaries and reports every output file that differs:
the check that a refactor changed no output. Sites: the example (the repository itself), the browser-test sites, the golden
fixtures and the benchmark's synthetic site (with and without a base URL).

    python3 scripts/compare_builds.py OLD_SITEGEN NEW_SITEGEN [--ignore manifest.schema.json]
"""

import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import benchmark  # noqa: E402

ROOT = benchmark.ROOT


def sites(scratch):
    yield ROOT
    yield from sorted(p for p in (ROOT / "Tests/Browser/sites").iterdir() if (p / "content").is_dir())
    yield from sorted(p / "site" for p in (ROOT / "Tests/SitegenCoreTests/Fixtures").iterdir())
    synthetic = scratch / "benchmark"
    benchmark.generate(synthetic, 200)
    yield synthetic
    based = scratch / "benchmark-base-url"
    shutil.copytree(synthetic, based)
    (based / "sitegen.yml").write_text("title: Benchmark\nlocale: en\nbase_url: https://example.test/on/\n")
    for index, flow in enumerate(sorted((based / "content").iterdir())[:20]):
        (flow / "a.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"></svg>')
        first = sorted(flow.glob("01-*.md"))[0]
        first.write_text(first.read_text().replace("---\n", f"---\nimage: a.svg\n", 1))
    yield based


def build(sitegen, site, copy):
    """Builds a copy of `site`, so that neither build sees the other's cache; returns the output."""
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns(".build", ".git", ".venv", ".fuzz", "output", ".*sitegen*", "Sources", "Tests", "docs"))
    subprocess.run([str(sitegen), "build", "--site", str(copy), "--output", str(copy / "output")], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return copy / "output"


def differences(left, right, ignore):
    """Paths present in one output only, or whose bytes differ, except those in `ignore`."""
    def files(root):
        return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}

    left_files, right_files = files(left), files(right)
    found = [f"{path}: only in one build" for path in sorted(left_files ^ right_files)]
    for path in sorted(left_files & right_files - set(ignore)):
        if (left / path).read_bytes() != (right / path).read_bytes():
            found.append(f"{path}: differs")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=pathlib.Path)
    parser.add_argument("new", type=pathlib.Path)
    parser.add_argument("--ignore", action="append", default=[], help="an output path allowed to differ")
    arguments = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        for number, site in enumerate(sites(scratch)):
            old = build(arguments.old.resolve(), site, scratch / f"old-{number}")
            new = build(arguments.new.resolve(), site, scratch / f"new-{number}")
            found = differences(old, new, set(arguments.ignore))
            files = sum(1 for p in new.rglob("*") if p.is_file())
            print(f"{'same' if not found else 'DIFFERENT'}: {site.relative_to(ROOT) if site.is_relative_to(ROOT) else site.name} ({files} files)")
            for line in found:
                print("   ", line)
            failures += bool(found)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
