#!/usr/bin/env python3
"""Kills real sitegen builds of a 5,000-page site with SIGKILL in every phase of a build, and checks
that the output folder is each time entirely the previous build or entirely the new one, and that
the next build succeeds, leaves no leftovers and writes exactly what a clean build writes.

    python3 scripts/kill_test.py                          # chosen calls, 4 samples a kind, 12 random kills
    python3 scripts/kill_test.py --tries 100 --samples 20 --seed 7

Four kinds of build are killed: a full build (the settings change, and one flow comes while
another goes, so that folders are made and removed), an incremental one (one page changes), a
no-op one (nothing changed), and an incremental one on a file system that cannot exchange two
folders (strace makes `renameat2(RENAME_EXCHANGE)` fail with EINVAL, as NFS and many FUSE file
systems do, so that the build swaps with two renames). Kills land two ways:

- At a chosen system call, with strace's fault injection (`-e inject=CALL:signal=KILL:when=K`):
  the build dies on entering the K-th such call, before the kernel runs it. One build of each kind
  is first traced whole, to count its calls; the kills then land on its first call, on the first
  and the last call of each name that changes a file or takes a lock on the output, the staging
  folder, the cache or the locks, on every call of the main thread from two before the exchange
  of the folders to `exit_group`, and on calls sampled from the whole count. A call is picked out
  by its path (`-P`) where it has one that is the same in every run, so that it is the same call
  whatever the threads do (strace counts calls per thread). The kind without the exchange is
  killed only around its swap.
- At random instants (no strace): after a random delay between 0 and 1.2 times what a build of
  that kind has taken, with any of the changes above or a page added and one removed.

A kill's phase is read from the output folder itself: before the exchange it is the same folder
(inode) as before the build, after it the staging folder swapped in; without the exchange, the
output folder is missing between the two renames, with the previous build whole beside it (a
window only a file system that cannot exchange has). A kill before the exchange must leave the
previous output, a kill after it the new one. Prints every try, then the kills per kind and
phase; exits 1 if any output was neither build, a next build failed or differed from a clean one,
leftovers stayed, or a phase got no kill at a chosen call.
"""

import argparse
import collections
import dataclasses
import fcntl
import hashlib
import os
import pathlib
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import benchmark  # noqa: E402 - the same seeded site generator and sitegen build

FLOWS = 625  # x 8 pages = 5,000 pages
# The calls a build's phases are told apart by ("?" lets strace skip a name this machine lacks).
CALLS = ("open openat newfstatat fstatat64 statx lstat stat getdents64 read pread64 readlink readlinkat mkdir "
         "mkdirat rmdir unlink unlinkat link linkat rename renameat renameat2 write pwrite64 sendfile "
         "copy_file_range ftruncate fsync fdatasync syncfs close flock exit_group").split()
# Which arguments strace's -P compares with its paths, by call (its pathtrace.c): a descriptor or
# a path each; any other call on a file or a descriptor is matched by its first argument alone.
MATCHED = {
    **{name: (0, 1) for name in ("openat openat2 newfstatat fstatat64 statx mkdirat unlinkat readlinkat "
                                 "faccessat faccessat2 fchmodat fchownat utimensat mknodat link sendfile").split()},
    "linkat": (0, 1, 2, 3), "renameat": (0, 1, 2, 3), "renameat2": (0, 1, 2, 3), "copy_file_range": (0, 2),
    "exit_group": (),
}
# The main thread's calls before the exchange that are killed at one by one, besides all after it.
BEFORE_EXCHANGE = 2
# The calls that change the file system or take a lock: the first and the last of each on the
# output, the staging folder, the cache or the locks are killed at.
CHANGING = set("mkdir mkdirat rmdir unlink unlinkat link linkat rename renameat renameat2 write pwrite64 sendfile "
               "copy_file_range ftruncate fsync fdatasync syncfs flock".split())
PHASES = ("before the exchange", "renamed aside", "after the exchange", "finished")
KINDS = {"full": "full build", "page": "one page (incremental)", "none": "no-op (up to date)",
         "no exchange": "one page, no exchange", "settings": "full build", "one page": "one page (incremental)",
         "add and remove": "page added and removed"}
# The phases a kind's kills at chosen calls must all reach.
REQUIRED = {"full": (PHASES[0], PHASES[2]), "page": (PHASES[0], PHASES[2]), "none": (PHASES[0],), "no exchange": PHASES[:3]}
# What a site holds after a build besides its inputs; anything else is a leftover.
SITE_ENTRIES = {"content", "sitegen.yml", "output", ".output.sitegen-staging", ".output.sitegen-lock", ".sitegen-cache"}
CACHE_ENTRIES = {"build-state", "lock"}
MAXIMUM_COUNT = 65535  # the largest `when=` strace takes


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


def built_sitegen(given):
    """`given`, or sitegen built in release mode, one Swift build at a time on a machine shared by
    several checkouts (the lock that `flock /tmp/sitegen-build.lock swift build` takes)."""
    if given is not None:
        return given
    with open("/tmp/sitegen-build.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return benchmark.built_sitegen(None)


# --- strace ------------------------------------------------------------------------------------

@dataclasses.dataclass
class Call:
    """One system call of a trace: its thread, its name, and its arguments as strace printed them."""
    thread: str
    name: str
    text: str

    def arguments(self):
        """Its arguments, split at the commas between them, up to the parenthesis that closes them."""
        arguments, current, depth, i, text = [], [], 0, 0, self.text
        while i < len(text):
            character = text[i]
            if character == '"':
                end = i + 1
                while end < len(text) and text[end] != '"':
                    end += 2 if text[end] == "\\" else 1
                current.append(text[i:end + 1])
                i = end + 1
                continue
            if character in "{[(":
                depth += 1
            elif character in "}])":
                if depth == 0:
                    break
                depth -= 1
            elif character == "," and depth == 0:
                arguments.append("".join(current).strip())
                current = []
                i += 1
                continue
            current.append(character)
            i += 1
        arguments.append("".join(current).strip())
        return arguments

    def paths(self):
        """The paths that strace's -P compares for this call: of a string argument, or of a
        descriptor as `-y` shows it."""
        arguments = self.arguments()
        paths = []
        for index in MATCHED.get(self.name, (0,)):
            argument = arguments[index] if index < len(arguments) else ""
            if m := re.fullmatch(r'"(.*)"', argument):
                paths.append(m[1])
            elif m := re.fullmatch(r"\d+<(.*)>", argument):
                paths.append(m[1])
        return paths


def traced_calls(log):
    """The calls of a `strace -f` log in the order they were entered (an unfinished call joined to
    its resumption)."""
    calls, unfinished = [], {}
    for line in log.read_text(errors="replace").splitlines():
        if m := re.match(r"^(\d+) +<\.\.\. (\w+) resumed>(.*)$", line):
            if m[1] in unfinished:
                unfinished.pop(m[1]).text += m[3]
        elif m := re.match(r"^(\d+) +(\w+)\((.*)$", line):
            call = Call(m[1], m[2], m[3])
            if call.text.endswith("<unfinished ...>"):
                call.text = call.text[: -len("<unfinished ...>")]
                unfinished[call.thread] = call
            calls.append(call)
    return calls


@dataclasses.dataclass(frozen=True)
class Target:
    """Kill on entering a thread's `count`-th call `name` (of those on one of `paths`, if any)."""
    name: str
    count: int
    paths: tuple
    why: str

    def describe(self, site):
        where = f" on {os.path.relpath(self.paths[0], site)}" if self.paths else ""
        return f"{self.name} #{self.count}{where} ({self.why})"


def targets(calls, rng, samples, watched, swapped, also=(), whole=True):
    """Where to kill a build whose trace is `calls`: every call of the main thread from
    `BEFORE_EXCHANGE` before the exchange to its end; and, when `whole`, its first call, the first
    and the last call of each name in `CHANGING` on a path in `watched` (the output, the staging
    folder, the cache, the locks: "there"), and `samples` calls drawn from the whole count.
    `swapped` are the output and the staging folder; `also` are paths every kill's -P must hold
    besides the call's own."""
    main = calls[0].thread  # the thread that starts the process, and ends it
    position = {id(call): index for index, call in enumerate(calls)}

    def aimed_at(call, why):
        # By a path where the call has one that names the same file in every run: not one of
        # /proc's, nor a file inside the output or the staging folder (which files a build
        # writes there, and which it links, depends on what the folders held before), unless a
        # temporary name (they are numbered in the order files are written). Else by the count
        # of the name in the call's thread.
        stable = [p for p in call.paths() if not p.startswith("/proc/")
                  and (".sitegen-temporary-" in p or not any(p.startswith(w + "/") for w in swapped))]
        paths = (stable[0], *[p for p in also if p != stable[0]]) if stable else ()
        count = sum(1 for c in calls[: position[id(call)] + 1]
                    if c.thread == call.thread and c.name == call.name and (not paths or set(paths) & set(c.paths())))
        return Target(call.name, min(count, MAXIMUM_COUNT), paths, why)

    def touches(call):
        return any(p == w or p.startswith(w + "/") for p in call.paths() for w in watched)

    chosen = []
    names = list(dict.fromkeys(c.name for c in calls))
    if whole:
        chosen.append(Target(calls[0].name, 1, (), "the first call"))
        for name in names:
            if on_watched := [c for c in calls if c.name == name and name in CHANGING and touches(c)]:
                chosen += [aimed_at(on_watched[0], f"the first {name} there"), aimed_at(on_watched[-1], f"the last {name} there")]
    mains = [i for i, c in enumerate(calls) if c.thread == main]
    exchange = next((n for n, i in enumerate(mains) if "RENAME_EXCHANGE" in calls[i].text), None)
    if calls[mains[-1]].name != "exit_group":  # strace does not always print it
        chosen.append(Target("exit_group", 1, (), "the last call"))
    if exchange is None:
        chosen.append(aimed_at(calls[mains[-1]], "the last call"))
    else:
        which = "the failed exchange" if "(INJECTED)" in calls[mains[exchange]].text else "the exchange"
        for n in range(max(0, exchange - BEFORE_EXCHANGE), len(mains)):
            offset = n - exchange
            why = which if offset == 0 else f"{abs(offset)} {'before' if offset < 0 else 'after'} {which}"
            chosen.append(aimed_at(calls[mains[n]], why))
    per_thread = collections.Counter((c.thread, c.name) for c in calls)
    busiest = {name: max(n for (_, other), n in per_thread.items() if other == name) for name in names}
    sampled = [n for n in names if busiest[n] > 2]
    for _ in range(samples if whole and sampled else 0):
        name = rng.choice(sampled)
        chosen.append(Target(name, rng.randint(2, min(busiest[name], MAXIMUM_COUNT)), (), "sampled"))
    unique = {}
    for target in chosen:
        unique.setdefault((target.name, target.count, target.paths), target)
    return list(unique.values())


def strace_works():
    """Why strace cannot kill a process at a call here, or None when it can."""
    if shutil.which("strace") is None:
        return "strace is not installed (make kill-test installs it)"
    probe = subprocess.run(["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=exit_group",
                            "-e", "inject=exit_group:signal=KILL:when=1", "true"], capture_output=True, text=True)
    if probe.returncode != -signal.SIGKILL:
        return f"strace could not kill a process at a call (exit {probe.returncode}: {probe.stderr.strip()[-300:]})"
    return None


# Makes the exchange fail as on a file system that cannot exchange (it must be traced to be).
NO_EXCHANGE = ["-e", "inject=renameat2:error=EINVAL"]


def strace_command(target, log, no_exchange):
    """strace that kills at `target` (and, with `no_exchange`, fails the exchange first)."""
    command = ["strace", "-f", "-qq", "-o", log]
    for path in target.paths:
        command += ["-P", path]
    traced = {target.name, "renameat2"} if no_exchange else {target.name}
    command += ["-e", "trace=" + ",".join(sorted(traced))]
    if no_exchange and target.name != "renameat2":
        command += NO_EXCHANGE
    return command + ["-e", f"inject={target.name}:signal=KILL:when={target.count}"]


# --- the site and its changes ------------------------------------------------------------------

class Site:
    def __init__(self, folder, sitegen, rng):
        self.folder = folder
        self.sitegen = sitegen
        self.rng = rng
        self.pages = benchmark.generate(folder, FLOWS)
        self.output = folder / "output"
        self.aside = folder / ".output.sitegen-staging.previous"
        self.config = folder / "sitegen.yml"
        self.references = {}
        # Each input file: (size, modification time) and the digest of its bytes; and the digest of
        # each file copied into the copy of the site that clean builds are made in.
        self.digests = {}
        self.mirrored = {}
        self.edited = rng.choice(self.pages)
        self.original = self.edited.read_text()
        self.steps = collections.Counter()

    def change(self, kind, attempt):
        """Changes the inputs for a build of `kind`. The chosen-call kinds cycle through three
        states each, so that each state's clean build is made once; the random ones are new."""
        step = self.steps[kind] % 3
        self.steps[kind] += 1
        if kind == "full":
            self.config.write_text(f"title: Kill test {step}\nlocale: en\n")
            for other in range(3):
                flow = self.folder / "content" / f"flow-9999{other}"
                if other != step:
                    shutil.rmtree(flow, ignore_errors=True)
                elif not flow.exists():
                    flow.mkdir()
                    (flow / "_index.md").write_text(f"---\ntitle: Extra flow {other}\n---\nAn extra flow.\n")
                    for page in range(2):
                        (flow / f"0{page + 1}-extra.md").write_text(f"# Extra page {page + 1} of flow {other}\n")
        elif kind in ("page", "no exchange"):
            edit = (self.steps["page"] + self.steps["no exchange"]) % 3
            self.edited.write_text(self.original + (f"\nEdit {edit}.\n" if edit else ""))
        elif kind == "settings":
            self.config.write_text(f"title: Kill test, random try {attempt}\nlocale: en\n")
        elif kind == "one page":
            page = self.rng.choice([p for p in self.pages if p.exists()])
            page.write_text(page.read_text() + f"\nEdit {attempt}.\n")
        elif kind == "add and remove":
            removed = self.rng.choice([p for p in self.pages if p.exists() and p != self.edited])
            removed.unlink()
            added = removed.with_name(f"99-added-{attempt}.md")
            added.write_text(f"# Added in try {attempt}\n")
            self.pages[self.pages.index(removed)] = added

    def reference(self, temporary):
        """What a clean build of the inputs as they are writes (a copy of the site without its
        cache or output, built once per state of the inputs); None if it fails."""
        digest = hashlib.sha1()
        for path in sorted((self.folder / "content").rglob("*")) + [self.config]:
            if path.is_file():
                status = path.stat()
                known = self.digests.get(path)
                if known is None or known[0] != (status.st_size, status.st_mtime_ns):
                    known = self.digests[path] = ((status.st_size, status.st_mtime_ns), hashlib.sha1(path.read_bytes()).digest())
                digest.update(str(path).encode() + b"\0" + known[1])
        key = digest.hexdigest()
        if key not in self.references:
            # The clean copy's inputs are brought up to date, and its cache and output removed.
            copy = pathlib.Path(temporary) / "clean"
            for path, (_, content) in self.digests.items():
                if path.exists() and self.mirrored.get(path) != content:
                    target = copy / path.relative_to(self.folder)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)
                    self.mirrored[path] = content
            for path in [p for p in self.mirrored if not p.exists()]:
                (copy / path.relative_to(self.folder)).unlink()
                del self.mirrored[path]
            for folder in (copy / "content").iterdir():
                if not (self.folder / "content" / folder.name).exists():
                    shutil.rmtree(folder)
            for name in os.listdir(copy):
                if name not in ("content", "sitegen.yml"):
                    shutil.rmtree(copy / name) if (copy / name).is_dir() else (copy / name).unlink()
            clean = build(self.sitegen, copy)
            self.references[key] = snapshot(copy / "output") if clean.returncode == 0 else None
        return self.references[key]

    def leftovers(self):
        found = sorted(set(os.listdir(self.folder)) - SITE_ENTRIES)
        cache = self.folder / ".sitegen-cache"
        found += sorted(f".sitegen-cache/{n}" for n in set(os.listdir(cache)) - CACHE_ENTRIES) if cache.exists() else []
        for folder in (self.output, self.folder / ".output.sitegen-staging"):
            if folder.exists():
                found += sorted(str(p.relative_to(self.folder)) for p in folder.rglob(".sitegen-temporary-*"))
        return found


# --- one try -----------------------------------------------------------------------------------

@dataclasses.dataclass
class Outcome:
    kind: str
    way: str  # "call" or "random"
    phase: str | None = None
    left: str | None = None  # "previous" or "new": what the kill left
    failure: str | None = None


def judge(site, temporary, kind, way, previous, run):
    """Runs `run` (a build killed some way, which returns its exit status and what it says about
    the kill), checks the output it left, then runs the next build and checks it. Returns the
    outcome, the detail, and the output as the next build left it."""
    before = site.output.stat().st_ino
    reference = site.reference(temporary)
    returncode, detail = run()
    left = snapshot(site.output)
    outcome = Outcome(kind, way)
    if returncode not in (0, -signal.SIGKILL):
        outcome.failure = f"the build failed on its own (exit {returncode})"
    elif reference is None:
        outcome.failure = "a clean build of these inputs fails"
    elif not site.output.is_dir():
        outcome.phase = "renamed aside"
        if kind != "no exchange":
            outcome.failure = "the output folder is missing"
        elif snapshot(site.aside) != previous:
            outcome.failure = "the output folder is missing and the previous build beside it is not whole"
        else:
            outcome.left = "previous"
    else:
        swapped = site.output.stat().st_ino != before
        outcome.phase = "finished" if returncode == 0 else "after the exchange" if swapped else "before the exchange"
        expected = previous if outcome.phase == "before the exchange" else reference
        if left == expected:
            outcome.left = "previous" if left == previous else "new"
        elif left in (previous, reference):
            outcome.failure = f"killed {outcome.phase}, yet the output is the {'previous' if left == previous else 'new'} build"
        else:
            outcome.failure = f"a mixed output: {len(set(left.items()) ^ set(previous.items()))} files differ from the previous build"

    after = build(site.sitegen, site.folder)
    new = snapshot(site.output)
    leftovers = site.leftovers()
    if outcome.failure:
        pass
    elif after.returncode != 0:
        outcome.failure = f"the next build failed: {after.stderr[-500:]}"
    elif new != reference:
        outcome.failure = f"the next build differs from a clean one: {sorted(set(new.items()) ^ set(reference.items()))[:5]}"
    elif leftovers:
        outcome.failure = f"leftovers after the next build: {leftovers[:5]}"
    return outcome, detail, new


# --- the whole test ----------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=12, help="kills at random instants (default 12)")
    parser.add_argument("--samples", type=int, default=4,
                        help="kills at calls sampled from the whole count, per kind of build (default 4)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sitegen", type=pathlib.Path, help="a built sitegen (default: build it in release mode)")
    parser.add_argument("--random-only", action="store_true", help="only the kills at random instants (where strace cannot work)")
    arguments = parser.parse_args()
    if not arguments.random_only and (problem := strace_works()):
        sys.exit(f"{problem}: the kills at chosen calls cannot run (--random-only runs the random ones alone)")
    sitegen = built_sitegen(arguments.sitegen)
    rng = random.Random(arguments.seed)
    outcomes, failures = [], []
    started_test = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="sitegen-kill-") as temporary:
        # Absolute and resolved, as the paths that strace matches and prints are.
        temporary = os.path.realpath(temporary)
        site = Site(pathlib.Path(temporary) / "site", sitegen, rng)
        started = time.perf_counter()
        first = build(sitegen, site.folder)
        full_build = time.perf_counter() - started
        assert first.returncode == 0, first.stderr
        previous = snapshot(site.output)
        print(f"site: {len(site.pages)} pages; a full build takes {full_build:.2f} s")

        def record(attempt, kind, way, what, run):
            nonlocal previous
            began = time.perf_counter()
            outcome, detail, previous = judge(site, temporary, kind, way, previous, run)
            outcomes.append(outcome)
            if outcome.failure:
                failures.append((attempt, KINDS[kind], what, detail, outcome.failure))
                said = f"FAILED: {outcome.failure}"
            elif outcome.phase == "finished":
                said = f"finished first, {outcome.left} output"
            elif outcome.phase == "renamed aside":
                said = "killed between the renames, output folder missing, previous build whole beside it"
            else:
                said = f"killed {outcome.phase}, {outcome.left} output"
            print(f"try {attempt:3} ({time.perf_counter() - began:4.1f} s): {KINDS[kind]:22}  {what}: {said}{detail and ' - ' + detail}",
                  flush=True)

        attempt = 0
        watched = [str(site.folder / name) for name in SITE_ENTRIES - {"content", "sitegen.yml"}]
        staging = str(site.folder / ".output.sitegen-staging")
        for kind in () if arguments.random_only else ("full", "page", "none", "no exchange"):
            no_exchange = kind == "no exchange"
            # Two builds of this kind first, so that the staging folder is as it is from then
            # on; then one traced whole: how many calls of each name, and in what order.
            for _ in range(2):
                site.change(kind, 0)
                assert build(sitegen, site.folder).returncode == 0
            site.change(kind, 0)
            log = pathlib.Path(temporary) / "trace.log"
            traced = subprocess.run(["strace", "-f", "-qq", "-y", "-o", log, "-e", "trace=" + ",".join("?" + c for c in CALLS),
                                     *(NO_EXCHANGE if no_exchange else []), sitegen, "build", "--quiet", "--site", site.folder],
                                    capture_output=True, text=True)
            assert traced.returncode == 0, traced.stderr
            calls = traced_calls(log)
            previous = snapshot(site.output)
            assert previous == site.reference(temporary), "a traced build differs from a clean one"
            counts = collections.Counter(c.name for c in calls)
            plan = targets(calls, rng, arguments.samples, watched, (staging, str(site.output)),
                           also=(staging,) if no_exchange else (), whole=not no_exchange)
            print(f"\n{KINDS[kind]}: {sum(counts.values()):,} calls in {len({c.thread for c in calls})} threads "
                  f"({', '.join(f'{n:,} {name}' for name, n in counts.most_common())}); {len(plan)} kills at chosen calls")
            for target in plan:
                attempt += 1
                site.change(kind, attempt)
                trace = pathlib.Path(temporary) / "kill.log"

                def run(target=target, trace=trace):
                    done = subprocess.run(strace_command(target, trace, no_exchange) + [sitegen, "build", "--quiet", "--site", site.folder],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                    # The call the kill landed on: the last one of its name that never returned.
                    killed = next((c for c in reversed(traced_calls(trace))
                                   if c.name == target.name and re.search(r"= \?\s*$", c.text)), None)
                    if done.returncode != -signal.SIGKILL or killed is None:
                        return done.returncode, done.stderr.strip()[-300:]
                    text = re.sub(r"\s+", " ", re.sub(r"\)?\s*= \?\s*$", "", killed.text)).replace(str(site.folder) + "/", "")
                    return done.returncode, f"{target.name}({text[:80]}{'…' if len(text) > 80 else ''})"

                record(attempt, kind, "call", f"kill at {target.describe(site.folder)}", run)

        # Kills at random instants, after a delay learnt from the builds that ended before theirs.
        duration = {kind: full_build for kind in ("settings", "one page", "add and remove", "none")}
        if arguments.tries:
            print(f"\n{arguments.tries} kills at random instants")
        for _ in range(arguments.tries):
            attempt += 1
            kind = rng.choice(list(duration))
            site.change(kind, attempt)
            delay = rng.uniform(0, 1.2 * duration[kind])

            def run(kind=kind, delay=delay):
                started = time.perf_counter()
                process = subprocess.Popen([sitegen, "build", "--quiet", "--site", site.folder],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                try:
                    process.wait(timeout=delay)
                    duration[kind] = min(duration[kind], time.perf_counter() - started)
                except subprocess.TimeoutExpired:
                    process.send_signal(signal.SIGKILL)
                    process.wait()
                return process.returncode, (process.stderr.read() or "").strip()[-300:]

            record(attempt, kind, "random", f"kill after {delay:4.2f} s", run)

    missing = [] if arguments.random_only else [
        f"{KINDS[kind]}: no kill at a chosen call landed {phase}" for kind, phases in REQUIRED.items() for phase in phases
        if not any(o.kind == kind and o.way == "call" and o.phase == phase for o in outcomes)]
    print(summary(outcomes, failures, missing, time.perf_counter() - started_test))
    return 1 if failures or missing else 0


def summary(outcomes, failures, missing, seconds):
    lines = ["", f"{len(outcomes)} tries in {seconds:.0f} s. Kills per phase, at a chosen call + at a random instant "
                 "(for the build without the exchange, 'the exchange' is its two renames):"]
    lines.append(f"  {'':24}" + "".join(f"{phase:>21}" for phase in PHASES) + f"{'failed':>8}")
    for label in dict.fromkeys(KINDS.values()):
        row = [o for o in outcomes if KINDS[o.kind] == label]
        if row:
            cells = [f"{sum(o.phase == p and o.way == 'call' for o in row)} + {sum(o.phase == p and o.way == 'random' for o in row)}"
                     for p in PHASES]
            lines.append(f"  {label:24}" + "".join(f"{cell:>21}" for cell in cells) + f"{sum(bool(o.failure) for o in row):>8}")
    killed = [o for o in outcomes if o.phase != "finished" and not o.failure]
    lines.append(f"Of {len(killed)} kills, {sum(o.left == 'previous' for o in killed)} left the previous build "
                 f"({sum(o.left == 'previous' and o.kind == 'none' for o in killed)} of them no-op builds, whose new build is "
                 f"the same), {sum(o.left == 'new' for o in killed)} the new one; {len(failures)} failures.")
    lines += ["failure: try %d (%s, %s; %s): %s" % failure for failure in failures]
    lines += [f"FAILED: {problem}" for problem in missing]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
