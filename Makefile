# Developer and CI entry points. Everything is installed into a local virtual
# environment, so a fresh clone needs only a Python 3.11 interpreter.

PYTHON ?= python3
VENV = .venv
BIN = $(VENV)/bin

# Stamp files make the installs rerun only when a lock (requirements/) or pyproject.toml
# changes. Every install is of the locked versions, hash-checked, removing what no lock
# names; the project itself goes on top without its dependencies (requirements/lock.py).
LOCK = $(BIN)/python requirements/lock.py
INSTALL_STAMP = $(VENV)/.install.stamp
INSTALL_TEST_STAMP = $(VENV)/.install-test.stamp
INSTALL_BENCH_STAMP = $(VENV)/.install-bench.stamp
INSTALL_DOCS_STAMP = $(VENV)/.install-docs.stamp
# The TypeScript client test's tools, from npm (see $(TS_STAMP) below).
TS_DIR = tests/clients/ts
TS_STAMP = $(TS_DIR)/node_modules/.install.stamp
# The OpenAPI linters of tests/spec (Redocly CLI, Spectral), from npm likewise.
SPEC_DIR = tests/spec
SPEC_STAMP = $(SPEC_DIR)/node_modules/.install.stamp
# axe-core, which the browser tests inject into every page (see $(AXE_STAMP) below).
AXE_DIR = tests/browser/axe
AXE_STAMP = $(AXE_DIR)/node_modules/.install.stamp

.PHONY: venv install install-test run test fuzz spec screenshot clean

venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(INSTALL_STAMP)

$(INSTALL_STAMP): requirements/runtime.txt pyproject.toml | $(BIN)/python
	$(LOCK) sync runtime
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

# The browser test (tests/browser) drives Debian's Chromium: installed here when it is
# missing, as root; anyone else is told how, rather than have the test skipped.
CHROMIUM = /usr/bin/chromium
install-test: $(INSTALL_TEST_STAMP) $(TS_STAMP) $(SPEC_STAMP) $(AXE_STAMP)
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" != 0 ]; then \
			echo "make: the browser test needs $(CHROMIUM): run 'sudo apt-get install -y chromium'" >&2; \
			exit 1; \
		fi; \
		echo "Installing Chromium for the browser test"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# The proxy test (tests/proxy) runs Debian's nginx with deploy/compose/nginx.conf in front
# of the service: installed here when it is missing, as root; anyone else is told how.
NGINX = /usr/sbin/nginx
install-test: nginx
.PHONY: nginx
nginx:
	@if [ ! -x $(NGINX) ]; then \
		if [ "$$(id -u)" != 0 ]; then \
			echo "make: the proxy test needs $(NGINX): run 'sudo apt-get install -y nginx'" >&2; \
			exit 1; \
		fi; \
		echo "Installing nginx for the proxy test"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y nginx || \
			{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx; }; \
	fi

$(INSTALL_TEST_STAMP): requirements/test.txt pyproject.toml | $(BIN)/python
	$(LOCK) sync test
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

# The TypeScript client test (tests/clients) runs openapi-typescript and tsc, the versions
# pinned in $(TS_DIR)/package-lock.json, installed by npm ci into $(TS_DIR)/node_modules
# whenever the lock file changes. Node and npm come from Debian's packages: installed here
# when node is missing, as root; anyone else is told how.
$(TS_STAMP): $(TS_DIR)/package.json $(TS_DIR)/package-lock.json
	@command -v node >/dev/null && command -v npm >/dev/null || { \
		if [ "$$(id -u)" != 0 ]; then \
			echo "make: the TypeScript client test needs Node: run 'sudo apt-get install -y nodejs npm'" >&2; \
			exit 1; \
		fi; \
		echo "Installing Node and npm for the TypeScript client test"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm || \
			{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }; \
	}
	cd $(TS_DIR) && npm ci --no-audit --no-fund
	touch $@

# The linters that check openapi.yaml (tests/spec/test_linters.py), the versions pinned in
# $(SPEC_DIR)/package-lock.json; Node comes with the TypeScript tools' install. No package's
# install script runs: the linters need none.
$(SPEC_STAMP): $(SPEC_DIR)/package.json $(SPEC_DIR)/package-lock.json | $(TS_STAMP)
	cd $(SPEC_DIR) && npm ci --no-audit --no-fund --ignore-scripts
	touch $@

# axe-core, the accessibility checker the browser tests run in every page
# (tests/browser/test_access.py): the version pinned in $(AXE_DIR)/package-lock.json,
# installed by npm ci whenever the lock file changes (Node as for the client test above).
$(AXE_STAMP): $(AXE_DIR)/package.json $(AXE_DIR)/package-lock.json | $(TS_STAMP)
	cd $(AXE_DIR) && npm ci --no-audit --no-fund
	touch $@

.PHONY: install-bench bench bench-memory bench-gunicorn bench-profile bench-serving wrk

install-bench: $(INSTALL_BENCH_STAMP)

$(INSTALL_BENCH_STAMP): requirements/bench.txt pyproject.toml | $(BIN)/python
	$(LOCK) sync bench
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

# wrk, the load generator of the HTTP benchmarks, from Debian's packages (installed when
# missing if make runs as root).
wrk:
	@command -v wrk >/dev/null || { \
		if [ "$$(id -u)" != 0 ]; then \
			echo "make: the HTTP benchmark needs wrk: run 'sudo apt-get install -y wrk'" >&2; \
			exit 1; \
		fi; \
		echo "Installing wrk for the HTTP benchmark"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y wrk || \
			{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y wrk; }; \
	}

# Engine micro-benchmarks (bench/, not part of `make test`): pytest-benchmark's JSON goes
# to bench/results/, the tables and the performance targets to the terminal; where the
# engines compile (make compile, requirements/compiled.py), once more against them, and the
# HTTP benchmark serves them too, both compared with the pure package.
# BENCH_TIME is the timed seconds per benchmark, e.g. `make bench BENCH_TIME=1`.
# Then every endpoint under gunicorn and wrk against the floor, a bare Flask app on the
# same settings (bench/http_load.py, bench/bare_app.py); the CPU time of each stage of a
# request in-process, beside that run's figures (bench/http_profiling.py); the CPU time
# per layer under gunicorn and the instructions per request in-process (valgrind) of the
# bare app, /healthz and a reach request (bench/worker_profile.py, bench/instructions.py);
# and one worker's memory over 100,000 mixed requests or two minutes of load, whichever
# ends first (bench/http_memory.py); and the worst hostile bodies against a valid request
# (bench/hostile.py); the light requests' latency (p50, p99) alone and while six clients
# loop the heaviest suggestions and replay, with heavy requests in helper processes and,
# to compare, in the workers (bench/heavy_load.py, about 1 min). Last, the
# computer players' strength over seeded games at a fixed node budget (bench/strength.py).
# With BENCH_COMMIT (e.g. `make bench BENCH_COMMIT=be269f7`), first the guarded queries'
# throughput in-process against that commit's tree, interleaved (bench/compare.py).
# And the image with the compiled engines against the pure one (make bench-image).
BENCH_TIME ?= 0.2
BENCH_COMMIT ?=
bench: install-bench wrk
	if [ -n "$(BENCH_COMMIT)" ]; then $(BIN)/python -m bench.compare $(BENCH_COMMIT); fi
	mkdir -p bench/results
	rm -f bench/results/engine-compiled.json
	$(COMPILED) build
	$(BIN)/python -m pytest bench -p no:cacheprovider --benchmark-quiet \
		--benchmark-max-time=$(BENCH_TIME) --benchmark-json=bench/results/engine.json
	if [ -d build/compiled/service ]; then ORACLE_COMPILED_BUILD=build/compiled $(BIN)/python -m pytest bench \
		-p no:cacheprovider --benchmark-quiet --benchmark-max-time=$(BENCH_TIME) \
		--benchmark-json=bench/results/engine-compiled.json; fi
	$(BIN)/python bench/report.py bench/results/engine.json --compiled bench/results/engine-compiled.json
	$(BIN)/python -m bench.http_load
	$(BIN)/python -m bench.http_profiling --load bench/results/http.json
	$(BIN)/python -m bench.worker_profile bare healthz reach
	$(BIN)/python -m bench.instructions bare healthz reach
	$(BIN)/python -m bench.instructions healthz reach --compiled
	$(BIN)/python -m bench.http_memory
	$(BIN)/python -m bench.hostile
	$(BIN)/python -m bench.heavy_load --compare --seconds 12
	$(BIN)/python -m bench.strength
	$(BIN)/python -m bench.image

# The image as it ships, the engines compiled, against the same image built pure: reach
# and validate through podman, in interleaved rounds (bench/image.py, ~2 min once built;
# podman as for make test-image).
.PHONY: bench-image
bench-image: install-bench wrk
	$(BIN)/python -m bench.image

# The memory benchmark alone (~2 min).
bench-memory: install wrk
	$(BIN)/python -m bench.http_memory

# gunicorn settings compared on a mixed load (~5 min; bench/http_load.py --compare).
bench-gunicorn: install wrk
	$(BIN)/python -m bench.http_load --compare

# Where gunicorn's CPU time goes, layer by layer, for the floor and the POSTs with the
# most work (~1 min; bench/worker_profile.py).
bench-profile: install wrk
	$(BIN)/python -m bench.worker_profile

# The serving models compared (sync, gthread, gevent workers) and one pod's capacity
# (bench/serving.py; the figures are in docs/performance.md, "Serving").
bench-serving: install wrk
	$(BIN)/python -m bench.serving
	$(BIN)/python -m bench.serving --capacity

# Serves on HOST:PORT (default 127.0.0.1:8080), e.g. `make run PORT=9000`.
run: install
	exec $(BIN)/python -m service

# Branch coverage of the three engines, failing under 95 %; set here rather than in
# pytest's addopts so that a plain `pytest tests/x.py` stays fast.
COVERAGE = --cov=service/terra_turrium --cov=service/spiel_der_tuerme --cov=service/turm_und_leute \
	--cov-branch --cov-report=term-missing:skip-covered --cov-fail-under=95
# The tests on two processes (pytest-xdist): the machines this runs on have two cores. A
# process that runs out of tests takes some from the other (worksteal), so the browser and
# proxy tests, long and late in the order, do not leave one process working alone.
PARALLEL ?= -n 2 --dist worksteal

# Each run prints its slowest tests: how long the suite takes is measured, never asserted
# (docs/performance.md, "make test").
DURATIONS ?= --durations=10

# The audit (below) runs while the other Pythons' tests do; a vulnerability that fails it
# fails make test at the end, after the tests.
# The audit and the other Pythons' tests run beside the main suite, whose browser, proxy
# and serving tests leave the cores idle while they wait; their reports follow its own.
# The image is built, run and played (make test-image, below) beside them too.
test: install-test
	@rm -f $(VENV)/.audit-failed $(VENV)/.pythons-failed $(VENV)/.image-failed; \
	{ $(LOCK) audit || touch $(VENV)/.audit-failed; } > $(VENV)/audit.log 2>&1 & \
	{ $(LOCK) pythons $(OTHER_PYTHONS) || touch $(VENV)/.pythons-failed; } > $(VENV)/pythons.log 2>&1 & \
	{ $(COMPILED) test -n 0 || touch $(VENV)/.pythons-failed; } > $(VENV)/compiled.log 2>&1 & \
	{ $(TEST_IMAGE) || touch $(VENV)/.image-failed; } > $(VENV)/image.log 2>&1 & \
	$(BIN)/ruff check && $(BIN)/python -m mypy service tools && $(BIN)/python -m pytest $(PARALLEL) $(COVERAGE) $(DURATIONS); status=$$?; \
	wait; cat $(VENV)/pythons.log $(VENV)/compiled.log $(VENV)/image.log $(VENV)/audit.log; \
	if [ -e $(VENV)/.pythons-failed ]; then echo "make test: FAILED under another Python or compiled (above)" >&2; status=1; fi; \
	if [ -e $(VENV)/.image-failed ]; then echo "make test: FAILED by the image (make test-image: above)" >&2; status=1; fi; \
	if [ -e $(VENV)/.audit-failed ]; then echo "make test: FAILED by the audit (make audit: above)" >&2; status=1; fi; \
	exit $$status

# The lint of every Python file, by ruff (the version pinned in the test lock), with the
# rules chosen in pyproject.toml ([tool.ruff]).
.PHONY: lint
lint: $(INSTALL_TEST_STAMP)
	$(BIN)/ruff check

# The image (tools/image.py): the Dockerfile built with podman (Debian's, installed when
# missing, as root), on the real base where it can be pulled, else on a stand-in made from
# Debian's Python, from the archive apt is configured with, kept in a cache outside the clone; then run and checked (/healthz
# with the compiled engines, a query of each game, uid, SBOM, HEALTHCHECK, SIGTERM under
# load) and played by `podman kube play` from deploy/kubernetes. It prints the build time
# and the image's size, and says NOT TESTED, and why, where podman cannot be had. Bounded:
# IMAGE_TIMEOUT seconds (a first run makes the stand-in base and every layer).
IMAGE_TIMEOUT ?= 1200
TEST_IMAGE = timeout $(IMAGE_TIMEOUT) $(BIN)/python -m tools.image test
.PHONY: test-image
test-image: $(INSTALL_TEST_STAMP)
	$(TEST_IMAGE)

# The engines compiled by mypyc (setup.py), an option beside the pure package: `make compile`
# builds them into build/compiled/ (when a source changed), `make test-compiled` runs the
# engine's tests against them; make test does that too, beside the main suite. Without a C
# compiler or Python's headers both say so and succeed (requirements/compiled.py).
COMPILED = $(BIN)/python requirements/compiled.py
.PHONY: compile test-compiled
compile: $(INSTALL_TEST_STAMP)
	$(COMPILED) build

test-compiled: $(INSTALL_TEST_STAMP)
	$(COMPILED) test $(PARALLEL)

# A longer schemathesis run than make test's (tests/api/test_fuzz.py, same checks):
# FUZZ_EXAMPLES generated requests per operation, randomized with a seed that is printed;
# `make fuzz FUZZ_SEED=N` repeats a run.
FUZZ_EXAMPLES ?= 500
fuzz: install-test
	@seed=$(or $(FUZZ_SEED),$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')); \
	echo "make fuzz: $(FUZZ_EXAMPLES) examples per operation, seed $$seed (make fuzz FUZZ_SEED=$$seed repeats it)"; \
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_SEED=$$seed $(BIN)/python -m pytest tests/api/test_fuzz.py \
		-p no:cacheprovider || { echo "make fuzz: failed with seed $$seed" >&2; exit 1; }

# Regenerate the committed OpenAPI document, the README's example bodies, the rules
# pages the service serves (GET /rules) from their Markdown documents and the Spiel der
# Türme example picture; the tests fail while any of them is out of date.
# The writers are tools/ (not part of the installed package).
spec: install $(INSTALL_DOCS_STAMP)
	$(BIN)/python -m tools.spec

# The Markdown renderer of the rules pages, which only `make spec` and the tests need.
$(INSTALL_DOCS_STAMP): requirements/docs.txt pyproject.toml | $(BIN)/python
	$(LOCK) sync docs
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

# The README's pictures of the playground, docs/playground.png: the browser test that plays
# two turns by clicks saves the page in the middle of the second one; and of its Spiel der
# Türme game, docs/playground-spiel-der-tuerme.png: the test that plays a fresh deal by
# clicks saves it at the start of the third turn, a stack picked.
screenshot: install-test
	PLAYGROUND_SCREENSHOT=docs/playground.png $(BIN)/python -m pytest tests/browser/test_playground.py \
		-k two_turns -p no:cacheprovider -q
	PLAYGROUND_SDT_SCREENSHOT=docs/playground-spiel-der-tuerme.png $(BIN)/python -m pytest \
		tests/browser/test_playground_sdt.py -k fresh_deal -p no:cacheprovider -q
	ACCESS_SCREENSHOTS=docs $(BIN)/python -m pytest tests/browser/test_access.py -k axe -p no:cacheprovider -q
	PLAYGROUND_SCREENSHOTS=docs $(BIN)/python -m pytest tests/browser/test_revisits.py \
		tests/browser/test_opponent.py tests/browser/test_move_list.py tests/browser/test_phone.py \
		tests/browser/test_history.py tests/browser/test_computer_turn.py tests/browser/test_review.py \
		tests/browser/test_log_access.py tests/browser/test_ledger_words.py \
		-p no:cacheprovider -q

clean:
	rm -rf $(VENV) $(VENV)-* build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache \
		.hypothesis .coverage htmlcov $(TS_DIR)/node_modules $(SPEC_DIR)/node_modules $(AXE_DIR)/node_modules
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

# --- The locks (requirements/, see the README's "Libraries") -------------------------------
.PHONY: lock lock-upgrade audit sbom

# The other Pythons the package declares: make test runs the engines' tests and doctests
# under each, in a venv of its own (.venv-3.13 …) from the same lock, side by side, and says
# so when an interpreter is missing (requirements/lock.py, `pythons`). By default the newest
# beside the main suite's oldest (3.11), the ends of the declared range; the one between
# when asked: `make test OTHER_PYTHONS="3.12 3.13"`.
OTHER_PYTHONS ?= 3.13

# Resolves the locks again from pyproject.toml with uv, for every Python and platform, with
# hashes; run it after any change to the declared dependencies (a test fails until then).
# `make lock` keeps every pin pyproject.toml still allows; `make lock-upgrade` takes the
# newest versions it allows. Both ask the package index.
lock: $(INSTALL_TEST_STAMP)
	$(LOCK) compile

lock-upgrade: $(INSTALL_TEST_STAMP)
	$(LOCK) compile --upgrade

# Known vulnerabilities of every locked package, by pip-audit against the package index's
# advisory data, and of the npm tools' package-lock.json files by npm audit. It fails only
# for a vulnerability with a fix in the locked major; it says so, and does not fail, when
# the advisory data cannot be had (offline).
audit: $(INSTALL_TEST_STAMP)
	$(LOCK) audit

# A CycloneDX SBOM (JSON) of the runtime lock, as the image's build writes one into the
# image: generated, not committed (the lock is the record; this is its inventory).
SBOM ?= build/sbom.cdx.json
sbom: $(INSTALL_TEST_STAMP)
	$(LOCK) sbom $(SBOM)

# --- The message catalogs (service/locale, README "Languages") ---------------------------
.PHONY: messages messages-api

# The words of the engines and the JSON API (gettext domain `messages`): extracted from the
# code into the template, every language's catalog updated from it (a new language's
# created), and compiled. The compiled .mo files are committed, like openapi.yaml: a fresh
# clone, the installed package and the image serve them without a build step, and a test
# fails while any of them (or the template) is out of date.
LOCALE = service/locale
TRANSLATED = de nl fr
BABEL_EXTRACT = --mapping-file babel.cfg --keyword N_ --keyword Nn_:1,2 --add-location file \
	--sort-output --project terra-turrium-oracle --copyright-holder "" --no-wrap
messages: messages-api

messages-api: install
	$(BIN)/pybabel extract $(BABEL_EXTRACT) --output-file $(LOCALE)/messages.pot.new service
	@# Only a template whose messages changed is written: its date alone is no change.
	if diff -q -I '^"POT-Creation-Date:' $(LOCALE)/messages.pot $(LOCALE)/messages.pot.new >/dev/null 2>&1; \
	then rm $(LOCALE)/messages.pot.new; else mv $(LOCALE)/messages.pot.new $(LOCALE)/messages.pot; fi
	for lang in $(TRANSLATED); do \
		if [ -e $(LOCALE)/$$lang/LC_MESSAGES/messages.po ]; then \
			$(BIN)/pybabel update --domain messages --input-file $(LOCALE)/messages.pot \
				--output-dir $(LOCALE) --locale $$lang --ignore-obsolete --no-wrap || exit 1; \
		else \
			$(BIN)/pybabel init --domain messages --input-file $(LOCALE)/messages.pot \
				--output-dir $(LOCALE) --locale $$lang --no-wrap || exit 1; \
		fi; \
	done
	$(BIN)/pybabel compile --domain messages --directory $(LOCALE) --statistics
	@# The values' grammatical forms (docs/translations.md): each language's own, no template.
	$(BIN)/pybabel compile --domain forms --directory $(LOCALE) --statistics

# --- The pages' words (service/api/localized.py) -------------------------------------------
# The catalog template of every page's messages, service/locale/pages.pot, extracted with
# Babel from the templates, the pages' scripts and the Python that writes the pages
# (tools/pages_catalog.py), then each language's pages.po (once written) compiled.
# The translations are updated from the template with `pybabel update -D pages`. A test
# fails while the template is stale.
.PHONY: messages-pages pages-messages
messages: messages-pages
pages-messages: messages-pages
messages-pages: install
	$(BIN)/python -m tools.pages_catalog
	for lang in $(TRANSLATED); do \
		if [ -e $(LOCALE)/$$lang/LC_MESSAGES/pages.po ]; then \
			$(BIN)/pybabel compile --domain pages --directory $(LOCALE) --locale $$lang --statistics || exit 1; \
		fi; \
	done
