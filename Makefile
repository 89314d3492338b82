# Ruckus: `make demo` and `make test` bootstrap .venv (and the Node SDK) on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NODE_STAMP := sdk/node/node_modules/.installed
# The example packages (a third game, a game whose seats move at once, a tournament format),
# each installed as a user would install a package from an index (a regular install; an
# editable one works as well), behind a stamp of its own.
GAME_EXAMPLE := examples/games/liars_dice
GAME_STAMP := $(VENV)/.game-example-installed
RACE_EXAMPLE := examples/games/grid_race
RACE_STAMP := $(VENV)/.race-example-installed
FORMAT_EXAMPLE := examples/formats/king_of_the_hill
FORMAT_STAMP := $(VENV)/.format-example-installed
sources_of = $(shell find $(1) -name '*.py' -o -name '*.js' -o -name '*.json' -o -name '*.md' -o -name pyproject.toml | grep -v '/build/')
install_example = $(BIN)/pip install --quiet --disable-pip-version-check --no-deps --force-reinstall ./$(1) && touch $@
# The chart library the web pages serve, from npm (package.json pins it), copied into the package.
WEB_ASSETS := tournaments/web/assets
WEB_STATIC := tournaments/web/static
CHART_JS := $(WEB_STATIC)/chart.umd.js

# Two pytest workers, a test file each at a time: most tests wait on bot processes, so two
# files side by side finish in about two thirds of the time; a worker that crashes fails the
# run rather than being replaced (a replaced one has left the run waiting, never ending).
# `make test PYTEST_WORKERS=` runs them one by one.
PYTEST_WORKERS ?= -n 2 --dist loadfile --max-worker-restart 0

.PHONY: demo test lint proto bench screenshots clean

# The SDK is its own distribution (`pip install ./sdk/python` works without the referee);
# the harness imports it, so it goes in first. Nothing is byte-compiled at install: Python
# compiles a module when it is first imported, and most of Ray's thousands never are (compiling
# them all took a fifth of the install, 12-20 s).
$(STAMP): pyproject.toml sdk/python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check --no-compile -e sdk/python
	$(BIN)/pip install --quiet --disable-pip-version-check --no-compile -e '.[dev,ray]'
	touch $(STAMP)

$(GAME_STAMP): $(STAMP) $(call sources_of,$(GAME_EXAMPLE))
	$(call install_example,$(GAME_EXAMPLE))

$(RACE_STAMP): $(STAMP) $(call sources_of,$(RACE_EXAMPLE))
	$(call install_example,$(RACE_EXAMPLE))

$(FORMAT_STAMP): $(STAMP) $(call sources_of,$(FORMAT_EXAMPLE))
	$(call install_example,$(FORMAT_EXAMPLE))

$(NODE_STAMP): sdk/node/package.json sdk/node/package-lock.json
	npm ci --prefix sdk/node --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

$(CHART_JS): $(WEB_ASSETS)/package.json $(WEB_ASSETS)/package-lock.json
	npm ci --prefix $(WEB_ASSETS) --no-audit --no-fund --loglevel=error
	cp $(WEB_ASSETS)/node_modules/chart.js/dist/chart.umd.min.js $(CHART_JS)
	cp $(WEB_ASSETS)/node_modules/chart.js/LICENSE.md $(WEB_STATIC)/chart.LICENSE.md

demo: $(STAMP) $(NODE_STAMP) $(CHART_JS)
	$(BIN)/ruckus games
	$(BIN)/ruckus tournament run tournaments/defs/demo-pilfer.toml
	$(BIN)/ruckus tournament run tournaments/defs/demo-wabbit.toml

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint $(NODE_STAMP) $(GAME_STAMP) $(RACE_STAMP) $(FORMAT_STAMP) $(CHART_JS)
	@test -x /usr/bin/chromium || echo "note: chromium not installed: the browser test will be skipped (apt-get install chromium)"
	@$(BIN)/ruckus doctor | grep unavailable | sed 's/^/note: sandbox level /;s/$$/ (its tests will be skipped)/' || true
	$(BIN)/pytest -q $(PYTEST_WORKERS)

# The web pages' screenshots in docs/web/, taken by the browser tests (a plain test run keeps
# its screenshots in its own temporary folders).
screenshots: $(STAMP) $(NODE_STAMP) $(CHART_JS)
	RUCKUS_SCREENSHOTS=1 $(BIN)/pytest -q tests/web/test_web_browser.py tests/arena/test_arena_browser.py

# Regenerate the committed Python stubs and the compliance kit's scripted matches.
proto: $(STAMP)
	$(BIN)/python proto/generate.py
	$(BIN)/python -m referee.transport.scripts

# Every benchmark at full size (a module whose name starts with "_" is a helper they share);
# each takes `--quick` for a run of seconds, which tests/benchmarks makes of every one.
bench: $(STAMP) $(NODE_STAMP) $(CHART_JS)
	@for b in benchmarks/[!_]*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) sdk/node/node_modules $(WEB_ASSETS)/node_modules $(CHART_JS) $(WEB_STATIC)/chart.LICENSE.md .mypy_cache .ruff_cache .pytest_cache .hypothesis
