# Two commands on a fresh Debian machine with the Swift toolchain:
#   make        builds sitegen and the example site into output/
#   make test   runs every test
# Both install the Debian packages they need first, and only when they are missing.

SWIFT ?= swift
# libpcre2-dev and libgtksourceview-5-common: the highlighting engine's regex library and the
# language definitions it reads. libvips-dev and librlottie-dev: image work and Lottie animations.
# libmimalloc-dev: the binary's memory allocator (see Package.swift).
APT_PACKAGES := pkg-config libcmark-dev libyaml-dev libmicrohttpd-dev cmark libpcre2-dev libgtksourceview-5-common libvips-dev librlottie-dev libmimalloc-dev
# The benchmarks compare sitegen's builds with Hugo's, and sitegen serve under wrk with Python's
# and Hugo's servers.
BENCHMARK_APT_PACKAGES := wrk hugo
# The browser tests: Chromium and its driver, a Java runtime for the Nu HTML Checker, and a CJK
# font, so that pages in Chinese, Japanese and Korean are measured and shown with real glyphs.
# The oracles, never dependencies of the build: cmark-gfm, GitHub's Markdown renderer, for the
# Markdown tests, and GtkSourceView itself through python3-gi for the highlighting engine
# (Tests/HighlightTests); Pygments is a benchmark's third engine.
# Node runs the web runtime's locale resolver against the shared vectors (Tests/Node).
TEST_APT_PACKAGES := nodejs chromium chromium-driver default-jre-headless fonts-noto-cjk cmark-gfm python3-gi gir1.2-gtksource-5 python3-pygments
VENV := .venv
PYTHON := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all site test deps test-deps apt-install venv screenshots benchmark bench benchmark-media benchmark-serve benchmark-highlight install fuzz sanitize kill-test clean

all: site

deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES) $(TEST_APT_PACKAGES)"

# Installs the Debian packages in PACKAGES that are missing, and python3-venv if venv is.
apt-install:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# The Python test tools, reinstalled only when Tests/Browser/requirements.txt changes.
venv: $(VENV)/.installed
$(VENV)/.installed: Tests/Browser/requirements.txt | test-deps
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --disable-pip-version-check -r Tests/Browser/requirements.txt
	$(PYTHON) -m pip install -q --disable-pip-version-check --no-deps axe-playwright-python==0.1.8
	touch $@

# Release builds link the Swift runtime and Foundation statically: one binary that needs only the
# Debian libraries above, which also starts in about 1 ms instead of 10 (no dynamic linking of the
# runtime), and a rebuild with nothing to do is mostly start-up.
RELEASE_FLAGS := -c release --static-swift-stdlib

site: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product sitegen
	.build/release/sitegen build

test: test-deps venv
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	node --test Tests/Node
	$(PYTHON) -m pytest -q Tests/Browser

# The performance benchmark (release build, a seeded 8,000-page site, beside cmark and Hugo);
# SIZE=large for 80,000 pages. `make bench` is the same.
benchmark: deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(BENCHMARK_APT_PACKAGES)"
	python3 scripts/benchmark.py --size $(or $(SIZE),small)

bench: benchmark

# Media work: 1,000 photos and 50 Lottie animations, the first build and a no-op rebuild, beside
# libvips' own `vips thumbnail` (libvips-tools) on the same photos.
MEDIA_BENCHMARK_APT_PACKAGES := libvips-tools
benchmark-media: deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(MEDIA_BENCHMARK_APT_PACKAGES)"
	python3 scripts/benchmark_media.py

# The preview server's figures: save-to-reload in Chromium, and throughput beside Python and Hugo.
benchmark-serve: test-deps venv
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(BENCHMARK_APT_PACKAGES)"
	$(PYTHON) scripts/benchmark_serve.py

# Highlighting throughput on the differential corpus: the engine, GtkSourceView and Pygments.
benchmark-highlight: test-deps
	/usr/bin/python3 scripts/benchmark_highlight.py

# Puts the release binary on the PATH: PREFIX/bin/sitegen (PREFIX defaults to /usr/local).
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product sitegen
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/sitegen $(DESTDIR)$(PREFIX)/bin/sitegen

# Fuzzes each parser with libFuzzer and AddressSanitizer for FUZZ_SECONDS (default 180) each,
# from the committed seed corpus (and Tests/Fuzz/dictionaries/<target>.dict, the tokens of its
# format, where there is one); inputs found go to .fuzz/ (not committed), and any crash or
# hang to Tests/Fuzz/regressions/<target>/, which make test replays from then on: commit it.
FUZZ_SECONDS ?= 180
FUZZ_TARGETS := front-matter mustache image-size video-header page markdown highlight lottie
FUZZER_LIBRARY = $(firstword $(wildcard $(dir $(realpath $(shell which $(SWIFT))))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))
fuzz: deps
	SITEGEN_FUZZER_LIBRARY=$(FUZZER_LIBRARY) $(SWIFT) build --product sitegen-fuzz --scratch-path .build/fuzz
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p .fuzz/$$target Tests/Fuzz/regressions/$$target; \
	  echo "Fuzzing $$target for $(FUZZ_SECONDS) s"; \
	  SITEGEN_FUZZ_TARGET=$$target .build/fuzz/debug/sitegen-fuzz -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	    -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=Tests/Fuzz/regressions/$$target/ \
	    $$(test -f Tests/Fuzz/dictionaries/$$target.dict && echo -dict=Tests/Fuzz/dictionaries/$$target.dict) \
	    .fuzz/$$target Tests/Fuzz/corpus/$$target || exit 1; \
	done

# The Swift tests under AddressSanitizer, then ThreadSanitizer, each in a build folder of its own.
# (The build-tool plugin's executable is sanitized too, and Foundation leaks a buffer in it: leak
# checking is off while building.) Tests/Sanitizers holds the suppressions and why each is there;
# SITEGEN_SANITIZED tells the tests which sanitizer runs (a few checks cannot hold under one).
sanitize: deps
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	SITEGEN_SANITIZED=address LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/leaks.supp $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	SITEGEN_SANITIZED=thread TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/races.supp $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

# Kills real builds of a 5,000-page site in every phase and checks every output: at chosen system
# calls with strace's fault injection (SAMPLES=4 more calls sampled per kind of build), and at
# random instants (TRIES=12).
KILL_TEST_APT_PACKAGES := strace
kill-test: deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(KILL_TEST_APT_PACKAGES)"
	python3 scripts/kill_test.py --tries $(or $(TRIES),12) --samples $(or $(SAMPLES),4)

# Renders the README's screenshots of the example flow with headless Chromium.
screenshots: test-deps venv
	$(SWIFT) build --product sitegen
	$(PYTHON) scripts/screenshots.py

clean:
	rm -rf .build $(VENV) .fuzz
	find output -mindepth 1 -maxdepth 1 ! -name .gitkeep -exec rm -rf {} +
