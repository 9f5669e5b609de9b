# Safehouse — run `make help` for the targets.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
.DEFAULT_GOAL := help

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-15s %s\n", $$1, $$2}'

install: ## Create .venv and install the project with its test extra (plus chromium for the browser tests, see make browser, and the optional compiled engine where a C compiler is present, see make compiled)
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	@# setuptools warns on every editable install of a flat layout (a caveat about folders named like
	@# the packages, which is how this repo is meant to be used): silenced, nothing else is.
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install -q -e '.[test]'
	@$(MAKE) --no-print-directory browser
	@$(MAKE) --no-print-directory ts-client
	@$(MAKE) --no-print-directory compiled

compiled: ## Build the optional compiled engine (Cython, into build/compiled; about 3 minutes on two cores) for the benches' --compiled flag and tests/test_compiled_engine.py; the pure-Python engine stays the one everything imports
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install -q -e '.[compiled]'
	$(BIN)/python bench/build_engine.py --if-available

ts-client: ## Install the TypeScript client's tools (openapi-typescript, tsc) from clients/ts/package-lock.json with npm (skipped with a note when npm is missing)
	@if command -v npm > /dev/null; then cd clients/ts && npm ci --no-audit --no-fund --loglevel=error; \
	else echo "npm not found: the TypeScript client test (tests/service/test_ts_client.py) will be skipped"; fi

browser: ## Install Debian's chromium and chromium-driver for the browser tests with apt when missing (as root; else says how)
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then \
	  echo "browser tests: chromium and chromium-driver are installed"; \
	elif command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver; \
	else \
	  echo "browser tests: run 'sudo apt-get install chromium chromium-driver' (tests/web is skipped without them)"; \
	fi

run: ## Serve the API (gunicorn, 2 workers) on SAFEHOUSE_BIND (default 127.0.0.1:8000) plus two RQ workers (one only for bot turns), restarted if they die, on an embedded password-protected Redis (an external one only if SAFEHOUSE_REDIS_URL names it); Ctrl-C stops all
	$(BIN)/python -m service.process.run

worker: ## Run one more RQ worker (SimpleWorker) on the service's Redis
	$(BIN)/python -m worker

test: ## Run the whole test suite (Redis database 15 on 127.0.0.1:6379, or SAFEHOUSE_TEST_REDIS_URL)
	$(BIN)/python -m pytest

test-web: ## Run only the browser tests (headless chromium; screenshots kept in SAFEHOUSE_SCREENSHOTS if set)
	$(BIN)/python -m pytest tests/web

soak: ## Long runs (an hour or more): the secret-ledger sweep at 10,000 bot matches per game, the fault suite 20 times over, recovery times, 5,000 live streams, the memory soak (2,000 matches over HTTP, 50 streams; fails if any process's RSS or Redis's memory keeps growing) and Redis master failovers under 30 s of load each
	SAFEHOUSE_LEDGER_MATCHES=10000 $(BIN)/python -m pytest tests/test_secret_ledger.py
	$(BIN)/python bench/soak_memory.py --matches 2000 --players 8 --streams 50 --darkagent-options '{"max_rounds": 10}' --finished-ttl 120 --cache-mb 4
	@for i in $$(seq 20); do $(BIN)/python -m pytest tests/service/test_recovery.py tests/service/test_redis_faults.py tests/service/test_crafted_inputs.py tests/service/test_trust_http.py tests/service/test_many_streams.py tests/service/test_listing_flood.py || exit 1; done
	$(BIN)/python bench/bench_recovery.py --runs 10
	SAFEHOUSE_FAILOVER_SETTLE_S=30 $(BIN)/python -m pytest -s tests/service/test_failover.py
	$(BIN)/python bench/bench_streams.py --streams 5000

openapi: ## Regenerate openapi.yaml from the schemas
	$(BIN)/python -m service.api.openapi openapi.yaml

openapi-check: ## Fail when openapi.yaml differs from what the code generates
	$(BIN)/python -m service.api.openapi /tmp/safehouse-openapi.yaml
	diff -u openapi.yaml /tmp/safehouse-openapi.yaml > /dev/null || { echo "openapi.yaml is stale: run make openapi"; exit 1; }

# Sizes for `make bench`'s bot table; override on the command line, e.g. `make bench BENCH_MATCHES=50`.
BENCH_MATCHES ?= 200
BENCH_BUDGET_MS ?= 50
# Dark Agent is played at BGA's 10 rounds: without a cap an ISMCTS seat makes ~170 decisions a
# match (~34 CPU-seconds at 200 ms each).
BENCH_OPTIONS ?= {"darkagent": {"max_rounds": 10}}
# bench/bench_strength.py's size in `make bench` (a full run: STRENGTH_DEALS=500 STRENGTH_BUDGET_MS=200, CPU-hours)
STRENGTH_DEALS ?= 20
STRENGTH_BUDGET_MS ?= 100

bench: ## Print engine speed, bot-turn latency through the API and a quick bot win-rate table (minutes)
	@for g in classified insidejob ifthen darkagent; do echo "== engine: $$g"; $(BIN)/python bench/bench_$$g.py || exit 1; \
	  if ls build/compiled/engine/core.*.so >/dev/null 2>&1; then echo "== engine: $$g, compiled"; $(BIN)/python bench/bench_$$g.py --compiled || exit 1; fi; done
	@echo "== service: bot-turn latency through the API"; $(BIN)/python bench/bench_bot_latency.py --turns 100
	@echo "== service: 5,000 idle live streams on one API process"; $(BIN)/python bench/bench_streams.py --streams 5000
	@echo "== tournaments: runner vs raw playouts, 1 and 2 processes, and over RQ"; $(BIN)/python bench/bench_tournament.py --matches 200 --rq
	@echo "== bots: win rates ($(BENCH_MATCHES) matches, ismcts $(BENCH_BUDGET_MS) ms/move)"
	@$(BIN)/python bench/bench_bots.py --matches $(BENCH_MATCHES) --budget-ms $(BENCH_BUDGET_MS) --options '$(BENCH_OPTIONS)'
	@echo "== bots: ismcts vs heuristic head to head ($(STRENGTH_DEALS) deals per game, seats rotated, $(STRENGTH_BUDGET_MS) ms/move)"
	@$(BIN)/python bench/bench_strength.py --deals $(STRENGTH_DEALS) --budget-ms $(STRENGTH_BUDGET_MS)
	@echo "== bots: ismcts iterations per CPU-second, pure and compiled engine"; $(BIN)/python bench/bench_search_rate.py

# `make bench-service BENCH_SERVICE_ARGS="--seconds 10 --clients 16"` to change the rounds.
BENCH_SERVICE_ARGS ?=

bench-service: ## Our API against a minimal Flask+Redis reference in one run (scratch Redis; 1/4/16 clients; throughput, p50/p99, server CPU per request, ratios)
	$(BIN)/python bench/bench_service.py $(BENCH_SERVICE_ARGS)

bench-full: ## The bot win-rate table at 1,000 matches, ISMCTS at 200 ms per move (hours; each match appended to bench-full.jsonl)
	$(BIN)/python bench/bench_bots.py --matches 1000 --budget-ms 200 --options '$(BENCH_OPTIONS)' --jsonl bench-full.jsonl

.PHONY: help install compiled browser ts-client run worker test test-web soak openapi openapi-check bench bench-service bench-full
