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

bench: ## Print engine, service and bot benchmark figures
	@for f in bench/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

.PHONY: help install run worker test openapi openapi-check bench
