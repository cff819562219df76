# crosswire: two commands from a fresh clone.
#   make demo   set up .venv, ingest the bundled example reports, write a situation report to out/
#   make test   set up .venv with dev tools, then lint, type-check and run the whole test suite
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
CW     := $(VENV)/bin/crosswire
OUT    := out
DB     := $(OUT)/crosswire.db

.PHONY: demo test lint typecheck unit clean setup setup-dev browser postgres java

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Runtime install, pinned by requirements.lock (exact versions of every package).
$(VENV)/.runtime: $(VENV)/bin/python pyproject.toml requirements.lock
	$(PY) -m pip install --quiet -c requirements.lock -e .
	touch $@

$(VENV)/.dev: $(VENV)/.runtime
	$(PY) -m pip install --quiet -c requirements.lock -e '.[dev,postgres,web,spark,parquet]'
	touch $@

setup: $(VENV)/.runtime
setup-dev: $(VENV)/.dev

demo: setup
	@mkdir -p $(OUT)
	$(CW) --db $(DB) ingest examples/mariupol
	$(CW) --db $(DB) report --format md -o $(OUT)/sitrep.md
	$(CW) --db $(DB) report --format html -o $(OUT)/sitrep.html
	$(CW) --db $(DB) export --format json -o $(OUT)/crosswire.json
	@echo "Situation report written to $(OUT)/sitrep.md, $(OUT)/sitrep.html and $(OUT)/crosswire.json (store: $(DB))"

lint: setup-dev
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench

typecheck: setup-dev
	$(VENV)/bin/mypy

# The HTML report is tested in a real browser: Debian's chromium, installed when we can (root + apt).
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ; } || \
	  echo "chromium not installed: browser tests will be skipped"

# The PostgreSQL store is tested against a real server: Debian's postgresql (initdb, pg_ctl),
# installed when we can (root + apt). The tests start a throwaway cluster and stop it.
postgres:
	@ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) ; } || \
	  echo "postgresql not installed: PostgreSQL store tests will be skipped"

# The Spark batch runner is tested on real Spark in local mode, which needs Java 17+:
# Debian's openjdk-17-jre-headless, installed when we can (root + apt).
java:
	@command -v java >/dev/null 2>&1 || [ -x "$$JAVA_HOME/bin/java" ] || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless >/dev/null) ; } || \
	  echo "java not installed: Spark batch tests will be skipped"

unit: setup-dev browser postgres java
	$(VENV)/bin/pytest -q

test: lint typecheck unit

clean:
	rm -rf $(VENV) $(OUT) .mypy_cache .ruff_cache .pytest_cache
