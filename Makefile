# Mortar Hunt in the browser: build the vendored runtime, serve, test.
#
#   make vendor      npm ci (when needed) + copy Pyodide/PyScript into static/vendor + py/ archives
#   make serve       static dev server on http://127.0.0.1:$(PORT)/
#   make test        deps, then test-pyodide + test-unit + lint + types + pyc-cache two at a time,
#                    then test-e2e
#                    (what CI runs)
#   make dist        the deployable site in dist/ (relative URLs, service worker, .gz/.br copies)
#   make serve-dist  serve dist/ as a production host would (precompressed files) on $(DIST_PORT)
#   make bench-web   start-up, interaction and memory figures in headless Chromium (prints only)
#   make bench-records  record parsing and replay times, CPython and Pyodide (prints only)
#   make duel        Mortar Hunt's computer: the league table (prints only; DUEL_PAIRS=200)
#   make duel-karo   the KARO games' computer league and decision times (prints only; DUEL_PAIRS=200)
#   make duel-marsal Maršál a Špión's computer against its references and levels (prints only; DUEL_PAIRS=200)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules

PYTHON ?= python3
NPM ?= npm
NODE ?= node
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium
DIST_PORT ?= 8001

VENDOR := static/vendor
NODE_STAMP := node_modules/.package-lock.json
VENDOR_STAMP := $(VENDOR)/.stamp

# Exactly the files Pyodide 314 fetches at start (checked with a Playwright network log;
# e2e/test_shell.py fails if the page asks for anything else). No packages are loaded.
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json

MORTAR_SRC := $(shell find mortar -name '*.py' -not -path '*/__pycache__/*' 2>/dev/null)
MORTAR_DIRS := $(shell find mortar -type d -not -name '__pycache__' 2>/dev/null)

.PHONY: help vendor serve dist serve-dist bench-web deps lint types pyc-cache test test-unit test-pyodide test-e2e bench bench-bot bench-records duel duel-karo duel-marsal clean

help:
	@echo "targets: vendor serve dist serve-dist deps lint types test-unit test-pyodide test-e2e test bench bench-bot bench-records bench-web duel duel-karo duel-marsal clean"

# --- runtime --------------------------------------------------------------------------------

vendor: $(VENDOR_STAMP) py/core.zip

# npm ci only when node_modules is missing or older than the lock file.
$(NODE_STAMP): package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	touch $@

$(VENDOR_STAMP): $(NODE_STAMP) Makefile
	rm -rf $(VENDOR)
	mkdir -p $(VENDOR)/pyodide $(VENDOR)/pyscript
	cp $(addprefix node_modules/pyodide/,$(PYODIDE_FILES)) $(VENDOR)/pyodide/
	# PyScript: core.js, core.css and every chunk core.js can import (no source maps).
	cp node_modules/@pyscript/core/dist/*.js node_modules/@pyscript/core/dist/*.css \
	   node_modules/@pyscript/core/LICENSE $(VENDOR)/pyscript/
	# jsQR: reads a QR code from the camera where the browser has no BarcodeDetector (loaded
	# only when the camera is opened: mortar/web/links.py)
	mkdir -p $(VENDOR)/jsqr
	cp node_modules/jsqr/dist/jsQR.js node_modules/jsqr/LICENSE $(VENDOR)/jsqr/
	touch $@

# The box's archive and one per game (tools/serve.py builds them all, each only when stale).
py/core.zip: $(MORTAR_SRC) $(MORTAR_DIRS) tools/serve.py
	$(PYTHON) tools/serve.py --build-zip

serve: vendor
	$(PYTHON) tools/serve.py --port $(PORT)

# --- deploy ---------------------------------------------------------------------------------

# Always rebuilt (a second or two: brotli results are cached in build/precompressed/).
dist: vendor
	$(PYTHON) tools/dist.py --out dist

serve-dist: dist
	$(PYTHON) tools/dist.py serve dist --port $(DIST_PORT)

# A benchmark, not a test: prints medians (BENCH_ARGS="--runs 11" for more loads).
bench-web: dist
	$(PYTHON) tools/bench_web.py --no-build --dist dist $(BENCH_ARGS)

# --- tests ----------------------------------------------------------------------------------

# Installs the pinned [test] extra of pyproject.toml (not the project itself: the tests import
# mortar from the repo root). Chromium comes from apt when missing and we are root.
deps:
	if [ "$${CI:-}" = "true" ]; then export PIP_BREAK_SYSTEM_PACKAGES=1; fi; \
	  $(PYTHON) -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["test"]))' \
	  | $(PYTHON) -m pip install -q -r /dev/stdin
	if [ ! -x "$(CHROMIUM)" ] && [ -z "$${CHROMIUM_PATH:-}" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "chromium not found at $(CHROMIUM): install it or set CHROMIUM_PATH" >&2; \
	  fi; \
	fi

lint:
	$(PYTHON) -m ruff check .

types:
	$(PYTHON) -m mypy

test-unit:
	$(PYTHON) -m pytest tests

# The same unit tests inside real Pyodide (CPython 3.14 on WebAssembly) under Node, with
# pytest's pure-Python wheels from PyPI (pinned in tools/fetch_wheels.py).
test-pyodide: vendor
	$(PYTHON) tools/fetch_wheels.py
	$(NODE) tools/pyodide_pytest.mjs

# E2E_JOBS browsers side by side (pytest-xdist), each running whole files (their shared pages).
# Three on two cores: a browser waits on its page often enough (571 s against 626 s with two).
E2E_JOBS ?= 3
test-e2e: vendor
	$(PYTHON) -m pytest e2e --durations=25 $(if $(filter-out 1,$(E2E_JOBS)),-n $(E2E_JOBS) --dist loadfile)

# Every archive's bytecode, compiled by the vendored Pyodide into build/pyc/ (by content): the e2e
# sites are then built from it in a second or two, where each browser would compile it again.
pyc-cache: vendor
	$(PYTHON) tools/dist.py --out build/dist-pyc --no-compress
	rm -rf build/dist-pyc

# The checks that need one core each run two at a time, the longest first (Pyodide's unit tests
# beside the CPython ones, then the lint, the types and the bytecode), then the browsers'.
test: deps
	$(MAKE) --no-print-directory -j2 --output-sync=target test-pyodide test-unit lint types pyc-cache
	$(MAKE) --no-print-directory test-e2e

# Engine speed on this machine (prints figures; see tools/bench.py).
bench:
	$(PYTHON) tools/bench.py

# Record parsing and replay: hostile inputs and a 22,000-action record, CPython and Pyodide
# (prints CPU times; see tools/bench_records.py). BENCH_ARGS="--limit 300" to wait longer.
bench-records: $(NODE_STAMP)
	$(PYTHON) tools/bench_records.py --pyodide $(BENCH_ARGS)

# The computer opponent's decision times (prints figures; see tools/bench_bot.py).
bench-bot: $(NODE_STAMP)
	$(PYTHON) tools/bench_bot.py
	$(NODE) tools/pyodide_run.mjs bench_bot --no-before --clock js-cpu

# The computer opponent's league (issue 10): every level against the others, the reference
# players (tools/reference.py) and the old hard, in paired games with the 28-turn limit, over the
# table variants; prints each match as it ends, then the whole table with 95 % intervals. Long
# at the default 200 pairs (an hour or more per table on two cores: DUEL_PAIRS=20 for a quick
# look, DUEL_TABLES=classic for one table); prints figures, asserts nothing.
DUEL_PAIRS ?= 200
DUEL_TABLES ?= classic,craters,secret,LH
duel:
	mkdir -p build
	rm -f build/league.jsonl
	$(PYTHON) tools/league.py --pairs $(DUEL_PAIRS) --tables $(DUEL_TABLES) --out build/league.jsonl
	$(PYTHON) tools/league.py --table build/league.jsonl

# The KARO games' computer (Hopper and Sneaker, Enlightenment, Four Circles): a league per game,
# easy against random, medium against easy, hard against medium and against the reference players
# at equal time (tools/karo_reference.py) and against ab at 150 ms a decision, DUEL_PAIRS pairs each with the sides swapped, with 95 %
# intervals, how the games ended and how long they were (see tools/duel_karo.py); then each
# level's decision times in CPython and in Pyodide. Hours at 200 pairs: DUEL_JOBS=2 on two cores.
DUEL_JOBS ?= 1
duel-karo: $(NODE_STAMP)
	$(PYTHON) tools/duel_karo.py --pairs $(DUEL_PAIRS) --jobs $(DUEL_JOBS)
	$(PYTHON) tools/bench_karo_ai.py times
	$(NODE) tools/pyodide_run.mjs bench_karo_ai times --clock js-cpu

# Maršál a Špión's computer (issue 34): hard against the reference players (tools/marsal_reference.py:
# reader, reader+) and the computer before issue 34 (tools/legacy.py, from git: old-hard), the ladder
# (hard, medium, easy, random), paired games (the sides swapped) to the end of each game (R12),
# DUEL_PAIRS pairs a match, the same games as `python -m mortar duel`. Prints figures, asserts
# nothing. Long: an hour or more a match at 200 pairs (DUEL_JOBS=2 on two cores). The before
# figures: MARSAL_MATCHES="old-hard:reader+ old-hard:reader".
MARSAL_MATCHES ?= hard:reader+ hard:reader hard:old-hard hard:medium medium:easy easy:random hard:random
duel-marsal:
	for match in $(MARSAL_MATCHES); do \
		$(PYTHON) tools/marsal_duel.py $${match%%:*} $${match#*:} --games $(DUEL_PAIRS) --jobs $(DUEL_JOBS) || exit 1; \
	done

clean:
	rm -rf $(VENDOR) py dist
