#!/usr/bin/env python3
"""sitegen's media benchmark: a site of 1,000 photos (2000 x 1500 JPEG, one a page) and 50 Lottie
animations, built from nothing and then again with nothing changed; and the same photos shrunk
by `vips thumbnail` (the libvips command line), to state what one image costs sitegen against it.

    python3 scripts/benchmark_media.py             # 1,000 photos, 50 animations
    python3 scripts/benchmark_media.py --photos 200 --animations 10

Each photo is a different file (a JPEG comment carries its number), so that no two share a cached
result; each gets four versions (576 and 1,152 pixels wide, JPEG and WebP). Each animation is the
test fixture's square with its own colour, drawn at 1x and 2x with a poster of each.
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "Tests" / "SitegenCoreTests" / "Fixtures" / "media" / "square.json"


def run(command, **options):
    subprocess.run([str(part) for part in command], check=True, stdout=subprocess.DEVNULL, **options)


def photo(directory):
    """A 2000 x 1500 JPEG with the look of a photo (smooth light, fine noise), made with vips."""
    base = directory / "base"
    base.mkdir()
    run(["vips", "xyz", base / "xyz.v", 2000, 1500])
    run(["vips", "extract_band", base / "xyz.v", base / "x.v", 0])
    run(["vips", "linear", base / "x.v", base / "light.v", 0.1, 20])
    run(["vips", "gaussnoise", base / "noise.v", 2000, 1500, "--sigma", 18, "--mean", 0])
    run(["vips", "add", base / "light.v", base / "noise.v", base / "grey.v"])
    run(["vips", "bandjoin", f"{base / 'grey.v'} {base / 'light.v'} {base / 'grey.v'}", base / "rgb.v"])
    run(["vips", "cast", base / "rgb.v", str(base / "photo.jpg") + "[Q=85]", "uchar"])
    return (base / "photo.jpg").read_bytes()


def with_comment(jpeg, number):
    """`jpeg` with a comment segment saying `number` after its start marker: another file, the same picture."""
    text = f"photo {number}".encode()
    return jpeg[:2] + b"\xff\xfe" + (len(text) + 2).to_bytes(2, "big") + text + jpeg[2:]


def animation(number):
    square = json.loads(FIXTURE.read_text())
    square["nm"] = f"square {number}"
    fill = square["layers"][0]["shapes"][0]["it"][1]
    fill["c"]["k"][1]["s"] = [number / 60, 0.2, 1 - number / 60, 1]
    return json.dumps(square)


def generate(site, photos, animations):
    jpeg = photo(site.parent)
    for index in range(photos):
        flow = site / "content" / f"photos-{index // 10:03d}"
        flow.mkdir(parents=True, exist_ok=True)
        (flow / f"photo-{index}.jpg").write_bytes(with_comment(jpeg, index))
        (flow / f"{index % 10 + 1:02d}-photo.md").write_text(f"# Photo {index}\n\n![Photo {index}](photo-{index}.jpg)\n")
    for index in range(animations):
        flow = site / "content" / f"motion-{index // 10:03d}"
        flow.mkdir(parents=True, exist_ok=True)
        (flow / f"square-{index}.json").write_text(animation(index))
        (flow / f"{index % 10 + 1:02d}-motion.md").write_text(f"# Motion {index}\n\n![Square {index}](square-{index}.json)\n")
    (site / "sitegen.yml").write_text("title: Media benchmark\n")


def measure(command):
    start = time.perf_counter()
    process = subprocess.Popen([str(part) for part in command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{command[:3]} failed: {process.stderr.read().decode(errors='replace')[-2000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=1000)
    parser.add_argument("--animations", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3, help="no-op rebuilds measured (median)")
    parser.add_argument("--sample", type=int, default=50, help="photos `vips thumbnail` shrinks, for its cost per image")
    parser.add_argument("--sitegen", type=pathlib.Path, help="a built sitegen (default: build it in release mode)")
    arguments = parser.parse_args()
    sitegen = arguments.sitegen
    if sitegen is None:
        run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "sitegen"], cwd=ROOT)
        sitegen = ROOT / ".build" / "release" / "sitegen"

    with tempfile.TemporaryDirectory(prefix="sitegen-media-") as temporary:
        site = pathlib.Path(temporary) / "site"
        generate(site, arguments.photos, arguments.animations)
        print(f"site: {arguments.photos} photos (2000 x 1500 JPEG), {arguments.animations} Lottie animations")
        build = [sitegen, "build", "--quiet", "--site", site]
        first = measure(build)
        noop = [measure(build) for _ in range(arguments.runs)]
        noop_median = tuple(statistics.median(sample[i] for sample in noop) for i in range(3))
        made = sum(1 for _ in (site / "output").rglob("*.webp")) + sum(1 for _ in (site / "output").rglob("*.576w.jpg")) \
            + sum(1 for _ in (site / "output").rglob("*.1152w.jpg"))

        # libvips' own command line on the same photos: the four versions sitegen makes of each.
        sample = sorted((site / "content").rglob("photo-*.jpg"))[: arguments.sample]
        out = pathlib.Path(temporary) / "vips"
        out.mkdir()
        start = time.perf_counter()
        cpu = 0.0
        for index, source in enumerate(sample):
            for width in (576, 1152):
                for suffix in (".jpg[Q=80,strip,optimize_coding,interlace]", ".webp[Q=80,strip,effort=4]"):
                    _, seconds, _ = measure(["vips", "thumbnail", source, str(out / f"{index}-{width}") + suffix, width, "--height", 10000000, "--size", "down"])
                    cpu += seconds
        vips_wall = time.perf_counter() - start

    photos = arguments.photos
    print(f"\n{'':28}{'wall':>9}{'CPU':>9}{'peak':>11}")
    print(f"{'first build':28}{first[0]:8.2f}s{first[1]:8.2f}s{first[2]:8.1f} MiB  {made} files made")
    print(f"{'no-op rebuild':28}{noop_median[0]:8.3f}s{noop_median[1]:8.3f}s{noop_median[2]:8.1f} MiB  "
          f"{noop_median[0] / first[0] * 100:.1f}% of the first build")
    per_photo = first[1] / photos if photos else 0
    per_vips = cpu / len(sample) if sample else 0
    print(f"\nsitegen: {first[1] / max(photos, 1) * 1000:.0f} ms of CPU per photo in the first build (animations and pages included)")
    print(f"vips thumbnail: {per_vips * 1000:.0f} ms of CPU per photo for the same four versions "
          f"({len(sample)} photos, one process a version, {vips_wall:.1f} s)")
    if per_vips:
        print(f"sitegen / vips thumbnail: {per_photo / per_vips:.2f}x")
    met = noop_median[0] <= 0.05 * first[0]
    print(f"{'met ' if met else 'MISSED'}  no-op rebuild at most 5% of the first build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
