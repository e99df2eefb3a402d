# Set-up and everyday commands. Each creates or reuses the virtual environment in .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
AXE := $(VENV)/npm/node_modules/axe-core/axe.min.js
SCREENSHOTS := test-artifacts/screenshots

.PHONY: run test lint bench bench-instructions bench-service bench-web bench-scoresheets bench-recorder bench-look report-diff soak openapi \
	clean browser golden mutation translations

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## Start Redis, one worker and the API; submit a sample log and print its report.
## SIGTERM to make stops them all (make does not forward it; the processes watch make).
run: export REFEREE_STOP_WITH_PARENT = 1
run: $(STAMP)
	$(BIN)/referee run $(ARGS)

## Debian's Chromium and its driver, for the browser test of the HTML report. Where they
## cannot be installed (not root, no apt), the browser tests are skipped, saying why (CI fails).
## A Chinese font too, so that the screenshots of the Chinese pages show their characters.
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  { apt-get update -q && apt-get install -y -q --no-install-recommends chromium chromium-driver; } || \
	  { echo "chromium could not be installed: the browser tests will be skipped" >&2; \
	    test -z "$$CI"; }
	@fc-list :lang=zh 2>/dev/null | grep -q . || \
	  { apt-get install -y -q --no-install-recommends fonts-wqy-microhei 2>/dev/null || \
	    { apt-get update -q && apt-get install -y -q --no-install-recommends fonts-wqy-microhei; }; } || \
	  echo "no Chinese font: the screenshots of Chinese pages show boxes for its characters" >&2

## axe-core from the npm registry: the browser tests check every page's accessibility.
$(AXE):
	@command -v npm >/dev/null || \
	  { apt-get update -q && apt-get install -y -q --no-install-recommends npm; }
	npm install --prefix $(VENV)/npm --no-save --no-audit --no-fund --loglevel=error axe-core@4

## The whole test suite (starts its own Redis server and worker processes).
test: $(STAMP) browser $(AXE)
	$(BIN)/ruff check .
	@echo "Screenshots of the web pages go to $(CURDIR)/$(SCREENSHOTS)"
	$(BIN)/pytest $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .

## Extract every text a person reads into languages/*.pot and bring each language's PO files
## in step (new entries empty); languages.catalogs check says what is left to translate.
translations: $(STAMP)
	$(BIN)/python -m languages.catalogs update
	$(BIN)/python -m languages.catalogs check || true

## Rewrite the golden report renderings of the fixtures (review the diff before committing).
golden: $(STAMP)
	$(BIN)/python -m tests.golden

## Mutation testing of the rules and scoring modules against the engine-only tests (no Redis);
## prints the kill rate, per module, and the surviving mutants. Modules and tests: pyproject.toml.
## GAME=coimbra or GAME=viscounts runs one game. Without GAME a second run re-tests only the
## mutants whose code or covering tests changed; with it, mutmut re-tests every named mutant.
mutation: $(STAMP)
	@mkdir -p mutants; start=$$(date +%s); \
	$(BIN)/mutmut run --max-children 2 $(if $(GAME),'replay.$(GAME).*') >mutants/run.log 2>&1 \
	  || { tail -c 4000 mutants/run.log; exit 1; }; \
	$(BIN)/python -m tests.mutation_score $(GAME); \
	echo "wall time: $$(( $$(date +%s) - start )) s"

## Replay generated games in-process and print games/s and microseconds per event.
bench: $(STAMP)
	$(BIN)/python -m bench.replay_speed $(ARGS)

## The recorder's look at the table after a tap (state and legal moves at the last event).
bench-look: $(STAMP)
	$(BIN)/python -m bench.step_look $(ARGS)

## Where this tree's reports differ from another revision's on generated and damaged logs.
report-diff: $(STAMP)
	$(BIN)/python -m bench.report_diff $(ARGS)

## Machine instructions per replayed game, counted by valgrind's cachegrind (load-independent).
bench-instructions: $(STAMP)
	$(BIN)/python -m bench.replay_instructions $(ARGS)

## Post generated games over HTTP to the API with two workers; print replays/s and latency.
bench-service: $(STAMP)
	$(BIN)/python -m bench.service_speed $(ARGS)

## Server time and weight of a four-player game's report and step pages.
bench-web: $(STAMP)
	$(BIN)/python -m bench.web_pages $(ARGS)

## Scoring a sheet, the scoresheet page's running totals and weight, a desk of many tables.
bench-scoresheets: $(STAMP)
	$(BIN)/python -m bench.scoresheets $(ARGS)

## Server time per tap of a recording at the last move of a 4-player game, beside a replay.
bench-recorder: $(STAMP)
	$(BIN)/python -m bench.recorder_speed $(ARGS)

## Submissions while workers are killed -9 every 2 s and Redis once; ARGS=--bombs adds
## archive bombs and half-open connections; prints lost, duplicated, 5xx, replays/s.
soak: $(STAMP)
	$(BIN)/python -m bench.soak $(ARGS)

## Rewrite openapi.yaml from the app's schemas.
openapi: $(STAMP)
	$(BIN)/referee openapi > openapi.yaml

clean:
	rm -rf $(VENV) .data mutants test-artifacts
