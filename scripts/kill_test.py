#!/usr/bin/env python3
"""Kills real sitegen builds of a 5,000-page site with SIGKILL at random instants and checks that
the output folder is each time entirely the previous build or entirely the new one, and that the
next build succeeds, leaves no leftovers and writes exactly what a clean build writes.

    python3 scripts/kill_test.py                 # 40 tries
    python3 scripts/kill_test.py --tries 200 --seed 7

Each try changes the site one of three ways (sitegen.yml, which rebuilds everything; one page, which
rebuilds one flow; a page added and one removed), starts a build, kills it after a random delay
between 0 and 1.2 times what a build of that kind has taken (learnt from the builds that finished
first), then compares. Prints a table of outcomes and
exits 1 if any try left a mixed output or a build that failed afterwards.
"""

import argparse
import collections
import hashlib
import os
import pathlib
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import benchmark  # noqa: E402 - the same seeded site generator and sitegen build

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLOWS = 625  # x 8 pages = 5,000 pages


def snapshot(folder):
    """Every file below `folder` (hidden ones included): relative path -> digest of its bytes."""
    files = {}
    if not folder.exists():
        return files
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            files[str(path.relative_to(folder))] = "symlink"
        elif path.is_file():
            files[str(path.relative_to(folder))] = hashlib.sha1(path.read_bytes()).hexdigest()
    return files


def build(sitegen, site, *extra):
    return subprocess.run([sitegen, "build", "--quiet", "--site", site, *extra], capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sitegen", type=pathlib.Path, help="a built sitegen (default: build it in release mode)")
    arguments = parser.parse_args()
    sitegen = benchmark.built_sitegen(arguments.sitegen)
    rng = random.Random(arguments.seed)
    outcomes = collections.Counter()
    failures = []
    with tempfile.TemporaryDirectory(prefix="sitegen-kill-") as temporary:
        site = pathlib.Path(temporary) / "site"
        pages = benchmark.generate(site, FLOWS)
        output = site / "output"
        started = time.perf_counter()
        first = build(sitegen, site)
        full_build = time.perf_counter() - started
        assert first.returncode == 0, first.stderr
        print(f"site: {len(pages)} pages; a full build takes {full_build:.2f} s; {arguments.tries} tries")
        config = site / "sitegen.yml"
        # How long each kind of build takes, learnt from builds that end before their kill.
        duration = {"settings": full_build, "page": full_build, "add and remove": full_build}
        for attempt in range(1, arguments.tries + 1):
            previous = snapshot(output)
            change = rng.choice(["settings", "page", "add and remove"])
            if change == "settings":
                config.write_text(f"title: Kill test {attempt}\nlocale: en\n")
            elif change == "page":
                page = rng.choice(pages)
                page.write_text(page.read_text() + f"\nEdit {attempt}.\n")
            else:
                removed = rng.choice([p for p in pages if p.exists()])
                removed.unlink()
                added = removed.with_name(f"99-added-{attempt}.md")
                added.write_text(f"# Added in try {attempt}\n")
                pages[pages.index(removed)] = added
            delay = rng.uniform(0, 1.2 * duration[change])
            started = time.perf_counter()
            process = subprocess.Popen([sitegen, "build", "--quiet", "--site", site],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                process.wait(timeout=delay)
                finished = True
                duration[change] = min(duration[change], time.perf_counter() - started)
            except subprocess.TimeoutExpired:
                finished = False
                process.send_signal(signal.SIGKILL)
                process.wait()
            left = snapshot(output)

            after = build(sitegen, site)
            new = snapshot(output)
            leftovers = sorted(p.name for p in site.iterdir() if "sitegen-new" in p.name)
            # A clean build of the same inputs, in a copy of the site without its cache or output.
            copy = pathlib.Path(temporary) / f"clean-{attempt}"
            shutil.copytree(site, copy, ignore=lambda folder, names: [
                n for n in names if folder == str(site) and (n.startswith(".") or n == "output")])
            clean = build(sitegen, copy)
            reference = snapshot(copy / "output")
            shutil.rmtree(copy)

            if after.returncode != 0 or clean.returncode != 0:
                outcome = "FAILED: the next build failed"
                failures.append((attempt, change, after.stderr[-500:] + clean.stderr[-500:]))
            elif new != reference:
                outcome = "FAILED: the next build differs from a clean one"
                failures.append((attempt, change, sorted(set(new.items()) ^ set(reference.items()))[:5]))
            elif leftovers:
                outcome = "FAILED: leftovers after the next build"
                failures.append((attempt, change, leftovers))
            elif finished:
                outcome = "finished before the kill"
            elif left == previous:
                outcome = "killed: previous output intact"
            elif left == new:
                outcome = "killed: new output complete"
            else:
                outcome = "FAILED: a mixed output"
                failures.append((attempt, change, f"{len(set(left.items()) ^ set(previous.items()))} files differ"))
            outcomes[outcome] += 1
            print(f"try {attempt:3}: {change:15} kill after {delay:5.2f} s: {outcome}", flush=True)
    print("\noutcomes:")
    for outcome, count in sorted(outcomes.items()):
        print(f"  {count:4}  {outcome}")
    for failure in failures:
        print("failure:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
