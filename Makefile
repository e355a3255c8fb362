# Two commands on a fresh Debian machine with the Swift toolchain:
#   make        builds sitegen and the example site into output/
#   make test   runs every test
# Both install the Debian packages they need first, and only when they are missing.

SWIFT ?= swift
APT_PACKAGES := pkg-config libcmark-dev libyaml-dev cmark
VENV := .venv
PYTHON := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all site test deps venv clean

all: site

deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# The Python test tools, reinstalled only when tests/requirements.txt changes.
venv: $(VENV)/.installed
$(VENV)/.installed: tests/requirements.txt | deps
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --disable-pip-version-check -r tests/requirements.txt
	touch $@

site: deps
	$(SWIFT) build -c release --product sitegen
	.build/release/sitegen build

test: deps venv
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(PYTHON) -m pytest -q tests

clean:
	rm -rf .build $(VENV)
	find output -mindepth 1 -maxdepth 1 ! -name .gitkeep -exec rm -rf {} +
