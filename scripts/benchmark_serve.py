#!/usr/bin/env python3
"""The preview server's benchmark (make benchmark-serve).

1. Save to reload: with the flow open in headless Chromium, a page of the flow is saved, and the
   time from the write to the reloaded page's `load` event is measured; median of several saves,
   on the example site and on the benchmark's 8,000-page site.
2. Throughput: wrk (2 threads, 64 connections, 10 s) on the example's flow page, served by
   `sitegen serve`, by `python3 -m http.server` and by `hugo server` from the same built files,
   one after another in one run; and sitegen's resident memory after the first 1,000 requests
   and after the whole run.
"""

import argparse
import os
import pathlib
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import benchmark  # noqa: E402


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def start_serve(sitegen, site):
    port = free_port()
    process = subprocess.Popen([sitegen, "serve", "--site", site, "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    while not process.stdout.readline().startswith("Serving "):
        if process.poll() is not None:
            raise RuntimeError("sitegen serve did not start")
    return process, port


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def chromium():
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1024,768"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def save_to_reload(browser, sitegen, site, flow, page, saves):
    """Median seconds from writing `page` to the `load` event of the reloaded flow page."""
    process, port = start_serve(sitegen, site)
    try:
        browser.get(f"http://127.0.0.1:{port}/{flow}/")
        original = page.read_text()
        times = []
        for save in range(saves + 1):
            browser.execute_script("window.benchmarkMarker = 1")
            started = time.time()
            page.write_text(original + f"\nSaved {save}.\n")
            deadline = time.time() + 20
            while time.time() < deadline:
                loaded = browser.execute_script(
                    "return window.benchmarkMarker === undefined && document.readyState === 'complete'"
                    " ? performance.timeOrigin + performance.getEntriesByType('navigation')[0].loadEventEnd : null")
                if loaded:
                    break
                time.sleep(0.005)
            else:
                raise RuntimeError("the page did not reload")
            if save > 0:  # the first save warms up
                times.append(loaded / 1000 - started)
            time.sleep(0.3)
        page.write_text(original)
        return statistics.median(times), times
    finally:
        stop(process)


def wrk(url, seconds=10, connections=64, threads=2):
    run = subprocess.run(["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--latency", url],
                         capture_output=True, text=True, check=True)
    text = run.stdout
    requests = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    total = int(re.search(r"(\d+) requests in", text).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
    scale = {"us": 1e-3, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return {
        "requests/s": requests, "requests": total, "p99 ms": float(p99.group(1)) * scale,
        "errors": sum(int(x) for x in errors.groups()[:3]) if errors else 0,
        "timeouts": int(errors.group(4)) if errors else 0, "non-2xx": int(non2xx.group(1)) if non2xx else 0,
    }


def requests_over(url, connections, total):
    """`total` GET requests spread over `connections` keep-alive connections at once."""
    import http.client
    import threading
    import urllib.parse

    parsed = urllib.parse.urlsplit(url)

    def client(count):
        connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
        for _ in range(count):
            connection.request("GET", parsed.path)
            connection.getresponse().read()
        connection.close()

    threads = [threading.Thread(target=client, args=(total // connections,)) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return total // connections * connections


def resident_kib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def throughput(sitegen, scratch, seconds):
    site = scratch / "example"
    site.mkdir()
    shutil.copytree(ROOT / "content", site / "content")
    shutil.copy(ROOT / "sitegen.yml", site / "sitegen.yml")
    built = scratch / "built"
    subprocess.run([sitegen, "build", "--quiet", "--site", site, "--output", built], check=True)
    results = {}

    process, port = start_serve(sitegen, site)
    try:
        url = f"http://127.0.0.1:{port}/welcome/"
        # The first thousand requests come over as many connections as wrk opens, so that the
        # two figures compare the same number of connection buffers.
        requests_over(url, 64, 1024)
        memory_early = resident_kib(process.pid)
        results["sitegen serve"] = wrk(url, seconds)
        memory_late = resident_kib(process.pid)
    finally:
        stop(process)

    port = free_port()
    python = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", built],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        results["python3 -m http.server"] = wrk(f"http://127.0.0.1:{port}/welcome/", seconds)
    finally:
        stop(python)

    if shutil.which("hugo"):
        hugo_site = scratch / "hugo"
        shutil.copytree(built, hugo_site / "static")
        (hugo_site / "hugo.toml").write_text(
            'baseURL = "http://127.0.0.1/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "404", "section", "page"]\n')
        port = free_port()
        hugo = subprocess.Popen(["hugo", "server", "--source", hugo_site, "--port", str(port), "--bind", "127.0.0.1",
                                 "--disableLiveReload", "--watch=false", "--quiet"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for_port(port)
            results["hugo server"] = wrk(f"http://127.0.0.1:{port}/welcome/", seconds)
        finally:
            stop(hugo)
    return results, memory_early, memory_late


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sitegen", type=pathlib.Path, help="a built sitegen (default: build it in release mode)")
    parser.add_argument("--saves", type=int, default=7, help="measured saves per site (after one warm-up)")
    parser.add_argument("--seconds", type=int, default=10, help="seconds of wrk per server")
    arguments = parser.parse_args()
    sitegen = benchmark.built_sitegen(arguments.sitegen).resolve()

    with tempfile.TemporaryDirectory(prefix="sitegen-serve-bench-") as scratch:
        scratch = pathlib.Path(scratch)
        print("save to reloaded page (write → load event in Chromium), median of", arguments.saves, "saves")
        browser = chromium()
        try:
            example = scratch / "reload-example"
            example.mkdir()
            shutil.copytree(ROOT / "content", example / "content")
            shutil.copy(ROOT / "sitegen.yml", example / "sitegen.yml")
            median, runs = save_to_reload(browser, sitegen, example, "welcome",
                                          example / "content" / "welcome" / "03-transcribe.md", arguments.saves)
            print(f"  example site (8 pages)        {median * 1000:6.0f} ms   runs: {', '.join(f'{t * 1000:.0f}' for t in runs)}")
            large = scratch / "reload-large"
            pages = benchmark.generate(large, benchmark.SIZES["small"])
            page = pages[len(pages) // 2]
            median, runs = save_to_reload(browser, sitegen, large, page.parent.name, page, arguments.saves)
            print(f"  benchmark site ({len(pages)} pages)  {median * 1000:6.0f} ms   runs: {', '.join(f'{t * 1000:.0f}' for t in runs)}")
        finally:
            browser.quit()

        print(f"\nthroughput on the example's flow page: wrk, 2 threads, 64 connections, {arguments.seconds} s")
        results, early, late = throughput(sitegen, scratch, arguments.seconds)
        print(f"  {'server':24} {'requests/s':>11} {'p99':>10} {'errors':>7} {'time-outs':>10}")
        for name, result in results.items():
            print(f"  {name:24} {result['requests/s']:11,.0f} {result['p99 ms']:8.1f} ms {result['errors'] + result['non-2xx']:7d} {result['timeouts']:10d}")
        served = results["sitegen serve"]["requests"]
        print(f"\nsitegen serve resident memory: {early / 1024:.1f} MiB after the first 1,024 requests (64 connections), "
              f"{late / 1024:.1f} MiB after {served:,} more ({(late - early) / early * 100:+.1f}%)")


if __name__ == "__main__":
    main()
