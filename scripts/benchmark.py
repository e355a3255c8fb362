#!/usr/bin/env python3
"""sitegen's benchmark: builds a seeded synthetic site and measures, median of several runs after
a warm-up, a full build, Debian's cmark over the same Markdown, a no-op rebuild, a rebuild after one
page changed and one after sitegen.yml changed: wall time, CPU time and peak memory, with ratios.
Every page has a Swift code block: a full build with highlighting off, and one whose blocks an
earlier build highlighted, say what highlighting costs. The same site with one image per flow is
built by sitegen and, when it is installed (Debian packages it), by Hugo with bare layouts, in turn.

    python3 scripts/benchmark.py                 # 1,000 flows x 8 pages (8,000 pages)
    python3 scripts/benchmark.py --size large    # 10,000 flows x 8 pages (80,000 pages)
    python3 scripts/benchmark.py --languages     # the 8,000 pages in 4 locales, half translated
    python3 scripts/benchmark.py --large-pages   # single pages of 1.5-2.5 MB, beside cmark-gfm
"""

import argparse
import os
import struct
import zlib
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIZES = {"small": 1_000, "large": 10_000}
PAGES_PER_FLOW = 8
WORDS = ("onboarding screen record voice note search share tag sync offline privacy device cloud "
         "transcript widget shortcut reminder folder export import team invite account setting theme "
         "gesture tap swipe listen pause resume archive star pin filter sort backup restore").split()


def words(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def page(rng, flow, index):
    """One page of about 550 bytes: front matter, heading, paragraph, list, quote, code, link."""
    title = words(rng, 3).capitalize()
    # Drawn and not written, so that the rest of every page stays as earlier rounds measured it:
    # pages had an `image_alt` with no image until sitegen began to warn about it (issue 20).
    words(rng, 5)
    return (
        f"---\ntitle: {title}\n---\n"
        f"# {title}\n\n"
        f"{words(rng, 40).capitalize()}.\n\n"
        f"- *{words(rng, 2)}* with `{rng.choice(WORDS)}()`\n"
        f"- **{words(rng, 3)}**\n"
        f"- {words(rng, 4)} `{rng.choice(WORDS)}`\n\n"
        f"> {words(rng, 12).capitalize()}.\n\n"
        f"```swift\nlet {rng.choice(WORDS)} = \"{words(rng, 2)}\"\nprint({rng.choice(WORDS)})\n```\n\n"
        f"Read [the {rng.choice(WORDS)} guide](https://example.com/{flow}/{index}).\n"
    )


def generate(directory, flows, seed=2026):
    rng = random.Random(seed)
    content = directory / "content"
    for flow_index in range(flows):
        flow = directory / "content" / f"flow-{flow_index:05d}"
        flow.mkdir(parents=True)
        (flow / "_index.md").write_text(f"---\ntitle: Flow {flow_index}\n---\n{words(rng, 12).capitalize()}.\n")
        for index in range(PAGES_PER_FLOW):
            (flow / f"{index + 1:02d}-{rng.choice(WORDS)}-{index}.md").write_text(page(rng, flow_index, index))
    (directory / "sitegen.yml").write_text("title: Benchmark\nlocale: en\n")
    return sorted(content.rglob("[0-9]*.md"))


def png(width, height, seed):
    """A valid PNG of one colour: what a flow's hero image costs to find, measure and copy."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + bytes((seed * 37 + x) % 256 for x in range(width * 3))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def add_images(site, flows):
    """Gives each flow's first page a hero image of its own, in the flow's folder."""
    for flow_index in range(flows):
        flow = site / "content" / f"flow-{flow_index:05d}"
        (flow / "hero.png").write_bytes(png(320, 200, flow_index))
        first = sorted(flow.glob("01-*.md"))[0]
        text = first.read_text()
        first.write_text(text.replace("---\ntitle:", f"---\nimage: hero.png\nimage_alt: Hero of flow {flow_index}\ntitle:", 1))


def hugo_site(site, directory):
    """The same flows and pages as a Hugo site with bare layouts: each page's Markdown and its
    front matter's title, each flow a section, the images as static files."""
    for source in (site / "content").rglob("*.md"):
        target = directory / "content" / source.relative_to(site / "content")
        target.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text()
        if text.startswith("---\n"):
            front, body = text[4:].split("\n---\n", 1)
            title = next((line[7:] for line in front.splitlines() if line.startswith("title: ")), source.stem)
            text = f"---\ntitle: \"{title}\"\n---\n{body}"
        target.write_text(text)
    for image in (site / "content").rglob("*.png"):
        target = directory / "static" / image.relative_to(site / "content")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(image, target)
    layouts = directory / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (layouts / "single.html").write_text("<!DOCTYPE html><title>{{ .Title }}</title>{{ .Content }}\n")
    (layouts / "list.html").write_text("<!DOCTYPE html><title>{{ .Title }}</title><ul>{{ range .Pages }}"
                                       "<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>\n")
    (directory / "hugo.toml").write_text('baseURL = "https://example.com/"\ntitle = "Benchmark"\n'
                                         'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n')


def measure(command, cwd=None):
    """Runs `command`; returns (wall s, CPU s, peak MiB). Wall time from a monotonic clock and CPU
    time and peak memory from wait4 (what GNU time reports, but to the microsecond rather than to
    10 ms, which matters for rebuilds of a few tens of milliseconds). What earlier commands wrote
    is flushed to disk first, outside the clock: otherwise the kernel's writing back of one run's
    output (Hugo's, say) lands in the next run, whichever variant that is."""
    os.sync()
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen([str(part) for part in command], cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            sys.exit(f"{' '.join(map(str, command[:3]))} … failed:\n{errors.read().decode(errors='replace')[-2000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def median_of(runs, prepare, command, cwd=None):
    """`command` is a list, or a function of the run number that returns one."""
    samples = []
    for run in range(runs + 1):
        prepare(run)
        sample = measure(command(run) if callable(command) else command, cwd)
        if run > 0:  # the first run warms caches and is not counted
            samples.append(sample)
    return tuple(statistics.median(s[i] for s in samples) for i in range(3))


def interleaved(runs, variants, walls=None):
    """Medians of several (prepare, command) variants run in turn, one of each per round, so that a
    machine's slow minutes weigh on every variant alike: for ratios between them. `walls`, when
    given, is filled with each variant's wall times, round by round, for `in_turn`."""
    samples = {name: [] for name in variants}
    for run in range(runs + 1):
        for name, (prepare, command) in variants.items():
            prepare(run)
            sample = measure(command(run) if callable(command) else command)
            if run > 0:
                samples[name].append(sample)
    if walls is not None:
        walls.update({name: [sample[0] for sample in taken] for name, taken in samples.items()})
    return {name: tuple(statistics.median(s[i] for s in taken) for i in range(3)) for name, taken in samples.items()}


def in_turn(walls, name, other):
    """The median, over the rounds, of `name`'s wall time over `other`'s in the same round: a ratio
    of two medians moves by tens of points when a slow minute falls on one variant's runs, a
    median of the rounds' own ratios much less."""
    return statistics.median(mine / theirs for mine, theirs in zip(walls[name], walls[other]))


class Aside:
    """Moves folders out of the way by renaming them into one folder, deleted at the end: on
    ext4 without a journal (this machine's), the kernel skips inodes freed in the last few minutes
    when it creates files, so deleting a cache of a few thousand files just before a build would
    slow the build's own file creation and measure the harness."""

    def __init__(self, directory):
        self.directory = directory
        self.count = 0

    def __call__(self, path):
        if path.exists():
            self.directory.mkdir(exist_ok=True)
            self.count += 1
            path.rename(self.directory / str(self.count))


def built_sitegen(given):
    """`given`, or sitegen built as `make` builds it: release, the Swift runtime linked statically."""
    if given is not None:
        return given
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "sitegen"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    return ROOT / ".build" / "release" / "sitegen"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=SIZES, default="small")
    parser.add_argument("--runs", type=int, default=5, help="measured runs per figure (after one warm-up)")
    parser.add_argument("--sitegen", type=pathlib.Path, help="a built sitegen (default: build it in release mode)")
    parser.add_argument("--scaling", action="store_true",
                        help="full builds of both sizes in turn, in one run, for the large/small ratio")
    parser.add_argument("--languages", action="store_true",
                        help="the site in 4 locales, half of each translated, against the source locale alone")
    parser.add_argument("--large-pages", action="store_true",
                        help="one page of each large shape (a long table, task list, footnotes...), beside cmark-gfm")
    arguments = parser.parse_args()

    sitegen = built_sitegen(arguments.sitegen)

    if arguments.scaling:
        return scaling(sitegen, arguments.runs)
    if arguments.languages:
        return languages(sitegen, arguments.runs, SIZES[arguments.size])
    if arguments.large_pages:
        return large_pages(sitegen, arguments.runs)

    with tempfile.TemporaryDirectory(prefix="sitegen-bench-") as temporary:
        site = pathlib.Path(temporary) / "site"
        pages = generate(site, SIZES[arguments.size])
        megabytes = sum(p.stat().st_size for p in pages) / 1e6
        print(f"site: {SIZES[arguments.size]} flows, {len(pages)} pages, {megabytes:.1f} MB of Markdown; "
              f"median of {arguments.runs} runs after a warm-up")
        build = [sitegen, "build", "--quiet", "--site", site]

        aside = Aside(pathlib.Path(temporary) / "aside")

        def clean(_):
            shutil.rmtree(site / "output", ignore_errors=True)
            shutil.rmtree(site / ".sitegen-cache", ignore_errors=True)

        # A full build from scratch writes into a folder of its own each run: deleting thousands
        # of files just before a build makes creating files slower on some file systems (ext4
        # without a journal skips recently freed inodes), which would measure the harness.
        fresh = pathlib.Path(temporary) / "fresh"

        def fresh_output(run):
            return build + ["--output", fresh / str(run)]

        def no_cache(_):
            aside(site / ".sitegen-cache")

        changed_page = pages[len(pages) // 2]
        original_page = changed_page.read_text()
        config = site / "sitegen.yml"
        original_config = config.read_text()

        def change_page(run):
            changed_page.write_text(original_page + f"\nEdit {run}.\n")

        def change_config(run):
            config.write_text(original_config + f"# edit {run}\n")

        def keep_cache(_):
            # The cache stays, with the code blocks the last build kept; a new output folder makes
            # the build a full one.
            pass

        # The same site with highlighting off, built in turn with it, for what highlighting costs.
        plain = pathlib.Path(temporary) / "plain"
        shutil.copytree(site, plain)
        (plain / "sitegen.yml").write_text(original_config + "markdown:\n  highlight: false\n")

        def plain_no_cache(_):
            aside(plain / ".sitegen-cache")

        def plain_output(run):
            return [sitegen, "build", "--quiet", "--site", plain, "--output", fresh / f"plain-{run}"]

        def kept_output(run):
            return build + ["--output", fresh / f"kept-{run}"]

        # The same site with one image per flow, and as a Hugo site when Hugo is installed.
        imaged = pathlib.Path(temporary) / "imaged"
        shutil.copytree(site, imaged)
        add_images(imaged, SIZES[arguments.size])

        def imaged_no_cache(_):
            aside(imaged / ".sitegen-cache")

        def imaged_output(run):
            return [sitegen, "build", "--quiet", "--site", imaged, "--output", fresh / f"imaged-{run}"]

        variants = {
            "full build": (no_cache, fresh_output),
            "full, blocks kept": (keep_cache, kept_output),
            "full, no highlighting": (plain_no_cache, plain_output),
            "full, one image per flow": (imaged_no_cache, imaged_output),
        }
        hugo = shutil.which("hugo")
        if hugo:
            hugo_source = pathlib.Path(temporary) / "hugo"
            hugo_site(imaged, hugo_source)
            variants["Hugo, same site"] = (
                lambda _: None, lambda run: [hugo, "--quiet", "--source", hugo_source, "--destination", fresh / f"hugo-{run}"])
        walls = {}
        figures = interleaved(arguments.runs, variants, walls)
        shutil.rmtree(fresh)
        figures["full, after rm -rf output"] = median_of(arguments.runs, clean, build)
        listing = pathlib.Path(temporary) / "files.txt"
        listing.write_text("\n".join(map(str, pages)))
        figures["cmark, same pages"] = median_of(
            arguments.runs, lambda _: None, ["sh", "-c", f"xargs cmark < {listing} > /dev/null"])
        subprocess.run(build, check=True)
        figures["no-op rebuild"] = median_of(arguments.runs, lambda _: None, build)
        figures["one page changed"] = median_of(arguments.runs, change_page, build)
        figures["sitegen.yml changed"] = median_of(arguments.runs, change_config, build)
        output_mb = sum(f.stat().st_size for f in (site / "output").rglob("*") if f.is_file()) / 1e6
        # What this machine takes for work no build can skip, one thread each, for the ratios
        # above: looking at every input and output file (what a no-op rebuild must at least do to
        # see that nothing changed), and writing a copy of the output.
        figures["floor: stat every file"] = median_of(
            arguments.runs, lambda _: None, ["find", site / "content", site / "output", "-printf", "%s %T@ %i\n"])
        floor_copies = pathlib.Path(temporary) / "copies"
        floor_copies.mkdir()
        figures["floor: copy the output"] = median_of(
            arguments.runs, lambda _: None, lambda run: ["cp", "-r", site / "output", floor_copies / str(run)])

    full, cmark = figures["full build"][0], figures["cmark, same pages"][0]
    full_cpu, cmark_cpu = figures["full build"][1], figures["cmark, same pages"][1]
    imaged = figures["full, one image per flow"][0]
    print(f"\n{'':24}{'wall':>9}{'CPU':>9}{'peak':>11}{'ratio':>22}")
    for name, (wall, cpu, peak) in figures.items():
        ratio = "" if name == "full build" else f"{wall / full * 100:.1f}% of a full build"
        if name == "full, blocks kept":
            ratio = f"{in_turn(walls, name, 'full build') * 100:.1f}% of a full build (in turn)"
        if name.startswith("full, after"):
            ratio = f"{wall / cmark:.2f}x cmark"
        if name == "cmark, same pages":
            ratio = f"full build = {full / cmark:.2f}x wall, {full_cpu / cmark_cpu:.2f}x CPU"
        if name == "full, no highlighting":
            ratio = f"highlighting +{(in_turn(walls, 'full build', name) - 1) * 100:.1f}% (in turn)"
        if name == "full, one image per flow":
            ratio = f"{wall / cmark:.2f}x cmark"
        if name.startswith("floor:"):
            ratio = f"{wall / full * 100:.1f}% of a full build, one thread"
        if name == "Hugo, same site":
            ratio = f"{in_turn(walls, name, 'full, one image per flow'):.1f}x sitegen's time (one image per flow, in turn)"
        print(f"{name:26}{wall:8.3f}s{cpu:8.3f}s{peak:8.1f} MiB  {ratio}")
    print(f"\noutput: {output_mb:.1f} MB")
    # Memory must not grow with the output: 64 MiB at 8,000 pages, 150 MiB at 80,000.
    memory_budget = 64 if arguments.size == "small" else 150
    targets = [
        ("full build at most 2.5x cmark (wall)", full <= 2.5 * cmark),
        ("full build at most 5x cmark (CPU)", full_cpu <= 5 * cmark_cpu),
        ("one image per flow: at most 3x cmark (wall)", imaged <= 3 * cmark),
        (f"peak memory at most {memory_budget} MiB", figures["full build"][2] <= memory_budget),
        ("no-op rebuild at most 5% of a full build", figures["no-op rebuild"][0] <= 0.05 * full),
        ("one page changed at most 10% of a full build", figures["one page changed"][0] <= 0.10 * full),
        ("highlighting adds at most 25% to a full build", in_turn(walls, "full build", "full, no highlighting") <= 1.25),
    ]
    if "Hugo, same site" in figures:
        targets.append(("at least 10x faster than Hugo on the same site", in_turn(walls, "Hugo, same site", "full, one image per flow") >= 10))
    else:
        print("Hugo is not installed: make benchmark installs it")
    for name, met in targets:
        print(f"{'met ' if met else 'MISSED'}  {name}")
    return 0


LOCALES = ["en", "ko", "ja", "ar"]


def translate(site):
    """Makes `site` a site in LOCALES: every other page of each flow translated into each locale
    (its words reversed, with the locale's name), and each flow's _index; returns the translations."""
    (site / "sitegen.yml").write_text("title: Benchmark\nlocales: [" + ", ".join(LOCALES) + "]\n")
    translations = []
    for flow in sorted((site / "content").iterdir()):
        pages = sorted(flow.glob("[0-9]*.md"))
        for locale in LOCALES[1:]:
            index = flow / f"_index.{locale}.md"
            index.write_text(f"---\ntitle: {flow.name} ({locale})\n---\n")
            for source in pages[::2]:
                text = source.read_text()
                body = text.split("---\n", 2)[2]
                target = source.with_name(source.stem + f".{locale}.md")
                target.write_text(f"---\ntitle: {locale} {source.stem}\n---\n" + body.replace("onboarding", f"onboarding-{locale}"))
                translations.append(target)
    return translations


def languages(sitegen, runs, flows):
    """Full builds of the site in its source locale alone and in four locales (half of each
    translated) in turn; then the four-locale site's no-op rebuild and one translation changed."""
    with tempfile.TemporaryDirectory(prefix="sitegen-bench-") as temporary:
        source = pathlib.Path(temporary) / "source"
        pages = generate(source, flows)
        translated = pathlib.Path(temporary) / "translated"
        shutil.copytree(source, translated)
        translations = translate(translated)
        fresh = pathlib.Path(temporary) / "fresh"
        print(f"site: {len(pages)} source pages; in {len(LOCALES)} locales ({', '.join(LOCALES)}), "
              f"{len(translations)} translations (half of each locale's pages); median of {runs} runs after a warm-up")

        def no_cache(site):
            return lambda _: shutil.rmtree(site / ".sitegen-cache", ignore_errors=True)

        def build(site, name):
            return lambda run: [sitegen, "build", "--quiet", "--site", site, "--output", fresh / f"{name}-{run}"]

        figures = interleaved(runs, {
            "source locale only": (no_cache(source), build(source, "source")),
            f"{len(LOCALES)} locales": (no_cache(translated), build(translated, "translated")),
        })
        shutil.rmtree(fresh)
        command = [sitegen, "build", "--quiet", "--site", translated]
        subprocess.run(command, check=True)
        figures["no-op rebuild"] = median_of(runs, lambda _: None, command)
        changed = translations[len(translations) // 2]
        original = changed.read_text()
        figures["one translation changed"] = median_of(runs, lambda run: changed.write_text(original + f"\nEdit {run}.\n"), command)
        output_mb = sum(f.stat().st_size for f in (translated / "output").rglob("*") if f.is_file()) / 1e6

    base, full = figures["source locale only"][0], figures[f"{len(LOCALES)} locales"][0]
    print(f"\n{'':26}{'wall':>9}{'CPU':>9}{'peak':>11}")
    for name, (wall, cpu, peak) in figures.items():
        ratio = {"source locale only": "", f"{len(LOCALES)} locales": f"{wall / base:.2f}x the source locale alone"}.get(
            name, f"{wall / full * 100:.1f}% of the full {len(LOCALES)}-locale build")
        print(f"{name:26}{wall:8.3f}s{cpu:8.3f}s{peak:8.1f} MiB  {ratio}")
    print(f"\noutput: {output_mb:.1f} MB")
    for name, met in [
        (f"{len(LOCALES)} locales at most 4x the source locale alone", full <= 4 * base),
        ("no-op rebuild at most 5% of a full build", figures["no-op rebuild"][0] <= 0.05 * full),
    ]:
        print(f"{'met ' if met else 'MISSED'}  {name}")
    return 0


def large_page(shape, rng):
    """The Markdown of one page of `shape`, 1.5 to 2.5 MB: where the work of a page's extensions
    grows with its blocks, as real tutorials' reference tables and long checklists do."""
    if shape == "table":
        rows = ["| Name | Value | Note | Link |", "|---|:-:|--:|---|"] + [
            f"| item {i} | **{i * 7 % 1000}** | {words(rng, 3)} `code` _em_ ~~old~~ | https://example.com/{i} |" for i in range(24_000)]
        return "\n".join(rows)
    if shape == "task list":
        return "\n".join("    " * rng.randint(0, 3) + f"- [{'x' if i % 3 == 0 else ' '}] {words(rng, 6)} *{words(rng, 1)}*"
                         for i in range(30_000))
    if shape == "footnotes":
        body = "\n\n".join(f"{words(rng, 12)}[^n{i}] and [link {i}][r{i % 50}]." for i in range(8_000))
        references = "\n".join(f"[r{i}]: https://example.net/{i}" for i in range(50))
        notes = "\n\n".join(f"[^n{i}]: {words(rng, 8)} https://example.org/{i}" for i in range(8_000))
        return f"{body}\n\n{references}\n\n{notes}"
    if shape == "inline":
        pieces = [rng.choice([f"[{words(rng, 2)}](https://e.com/{i})", f"**{words(rng, 2)}**", f"_{words(rng, 1)}_",
                              f"`{words(rng, 1)}()`", f"~~{words(rng, 1)}~~", f"https://site{i}.example", words(rng, 3)])
                  for i in range(150_000)]
        lines = [" ".join(pieces[i:i + 8]) for i in range(0, len(pieces), 8)]
        # Paragraphs of four lines: cmark-gfm takes a minute over one paragraph of all of them.
        return "\n\n".join("\n".join(lines[i:i + 4]) for i in range(0, len(lines), 4))
    if shape == "alerts":
        kinds = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"]
        return "\n\n".join(f"> [!{kinds[i % 5]}]\n> {words(rng, 10)}\n> {words(rng, 6)} **{words(rng, 2)}**" for i in range(12_000))
    if shape == "code blocks":
        # sitegen highlights each block, which cmark-gfm does not do.
        return "\n\n".join(f"```swift\nlet v{i} = \"{words(rng, 3)}\"\nfunc f{i}(x: Int) -> Int {{ x * {i} }} // {words(rng, 4)}\n```"
                            for i in range(12_000))
    raise ValueError(shape)


LARGE_SHAPES = ["table", "task list", "footnotes", "inline", "alerts", "code blocks"]


def large_pages(sitegen, runs):
    """Full builds of one-page sites, each page of one shape, against cmark-gfm with its
    extensions over the same page (cmark-gfm only parses and renders: no template, no
    highlighting, no files but its output), with peak memory."""
    cmark_gfm = shutil.which("cmark-gfm")
    if cmark_gfm is None:
        sys.exit("cmark-gfm is not installed: make test-deps installs it")
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory(prefix="sitegen-large-") as temporary:
        print(f"one page per site; median of {runs} runs after a warm-up\n")
        print(f"{'':14}{'size':>9}{'sitegen':>10}{'peak':>10}{'cmark-gfm':>11}{'peak':>10}")
        for shape in LARGE_SHAPES:
            site = pathlib.Path(temporary) / shape.replace(" ", "-")
            flow = site / "content" / "large"
            flow.mkdir(parents=True)
            (site / "sitegen.yml").write_text("title: Large pages\n")
            (flow / "_index.md").write_text(f"---\ntitle: {shape}\n---\n")
            text = f"# {shape.capitalize()}\n\n{large_page(shape, rng)}\n"
            page = flow / "01-page.md"
            page.write_text(f"---\ntitle: {shape.capitalize()}\n---\n{text}")
            built = median_of(runs, lambda run: shutil.rmtree(site / ".sitegen-cache", ignore_errors=True),
                              lambda run: [sitegen, "build", "--quiet", "--site", site, "--output", site / f"out-{run}"])
            oracle = median_of(runs, lambda _: None, [cmark_gfm, "--unsafe", "-e", "table", "-e", "autolink", "-e", "strikethrough",
                                                      "-e", "tasklist", "-e", "footnotes", page])
            print(f"{shape:14}{len(text.encode()) / 1e6:7.1f}MB{built[0]:9.2f}s{built[2]:6.0f} MiB{oracle[0]:10.2f}s"
                  f"{oracle[2]:6.0f} MiB  {built[0] / oracle[0]:.1f}x")
    return 0


def scaling(sitegen, runs):
    """Full builds (and cmark) of the small and the large site taken in turn, so that both sizes
    meet the same machine: the ratio of their medians is the scaling the issue bounds (11x)."""
    with tempfile.TemporaryDirectory(prefix="sitegen-scaling-") as temporary:
        sites = {size: pathlib.Path(temporary) / size for size in SIZES}
        listings = {}
        for size, site in sites.items():
            pages = generate(site, SIZES[size])
            listings[size] = pathlib.Path(temporary) / f"{size}.txt"
            listings[size].write_text("\n".join(map(str, pages)))
        samples = {(size, tool): [] for size in SIZES for tool in ("sitegen", "cmark")}
        for run in range(runs + 1):
            for size, site in sites.items():
                shutil.rmtree(site / ".sitegen-cache", ignore_errors=True)
                build = measure([sitegen, "build", "--quiet", "--site", site, "--output", site / f"out-{run}"])
                mark = measure(["sh", "-c", f"xargs cmark < {listings[size]} > /dev/null"])
                if run > 0:
                    samples[(size, "sitegen")].append(build[0])
                    samples[(size, "cmark")].append(mark[0])
    medians = {key: statistics.median(values) for key, values in samples.items()}
    for size in SIZES:
        print(f"{size:6} full build {medians[(size, 'sitegen')]:7.3f}s   cmark {medians[(size, 'cmark')]:7.3f}s")
    ratio = medians[("large", "sitegen")] / medians[("small", "sitegen")]
    cmark_ratio = medians[("large", "cmark")] / medians[("small", "cmark")]
    print(f"\nlarge / small: sitegen {ratio:.2f}x, cmark {cmark_ratio:.2f}x")
    print(f"{'met ' if ratio <= 11 else 'MISSED'}  the 80,000-page site within 11x the 8,000-page time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
