# Safehouse — run `make help` for the targets.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
.DEFAULT_GOAL := help

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-15s %s\n", $$1, $$2}'

install: ## Create .venv and install the project with its test extra
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'

run: ## Serve the API on http://127.0.0.1:8000 plus one RQ worker (Ctrl-C stops both)
	$(BIN)/python -m service.run

worker: ## Run one RQ worker (SimpleWorker) on the service's Redis
	$(BIN)/python -m worker

test: ## Run the whole test suite (needs Redis on 127.0.0.1:6379 or SAFEHOUSE_TEST_REDIS_URL)
	$(BIN)/python -m pytest

openapi: ## Regenerate openapi.yaml from the schemas
	$(BIN)/python -m service.openapi openapi.yaml

openapi-check: ## Fail when openapi.yaml differs from what the code generates
	$(BIN)/python -m service.openapi /tmp/safehouse-openapi.yaml
	diff -u openapi.yaml /tmp/safehouse-openapi.yaml > /dev/null || { echo "openapi.yaml is stale: run make openapi"; exit 1; }

BENCH_MATCHES ?= 200
BENCH_BUDGET_MS ?= 50
# Dark Agent's bot table at BGA's 10 rounds: at the default (no cap; 30-round safety cap) an ISMCTS
# seat makes ~170 decisions a match, ~34 CPU-seconds at 200 ms each
BENCH_OPTIONS ?= {"darkagent": {"max_rounds": 10}}

bench: ## Print engine, service and bot figures (quick sizes; make bench-full for the issue's sizes)
	@for g in classified insidejob ifthen darkagent; do echo "== engine: $$g"; $(BIN)/python bench/bench_$$g.py || exit 1; done
	@echo "== service: bot-turn latency through the API"; $(BIN)/python bench/bench_service.py --turns 100
	@echo "== bots: win rates ($(BENCH_MATCHES) matches, ismcts $(BENCH_BUDGET_MS) ms/move)"
	@$(BIN)/python bench/bench_bots.py --matches $(BENCH_MATCHES) --budget-ms $(BENCH_BUDGET_MS) --options '$(BENCH_OPTIONS)'

bench-full: ## The bot table at the issue's sizes: 1,000 matches, ismcts at 200 ms per move (hours; each match kept in bench-full.jsonl)
	$(BIN)/python bench/bench_bots.py --matches 1000 --budget-ms 200 --options '$(BENCH_OPTIONS)' --jsonl bench-full.jsonl

.PHONY: help install run worker test openapi openapi-check bench bench-full
