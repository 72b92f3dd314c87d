# Set-up, build and checks. Everything a fresh clone needs is installed from here.
PYTHON ?= python3
PORT ?= 8000
# the address make play listens on: HOST=0.0.0.0 lets other devices in (README.md, "Phones")
HOST ?= 127.0.0.1
VENV := .venv
PY := $(VENV)/bin/python
# make play and make site install only what building the site needs (the "site" extra); the
# tests' tools (the "dev" and "e2e" extras) come on top with make test.
SITE_STAMP := $(VENV)/.site-installed
STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.installed
CHROMIUM := /usr/bin/chromium

PYBABEL := $(VENV)/bin/pybabel
CATALOGS := $(patsubst %.po,%.mo,$(wildcard web/locale/*/LC_MESSAGES/messages.po))
# The marked texts, extracted (from the project root: babel.cfg maps web/**.py and the content
# data engine/**/data/*.json); add -o and the file to write.
EXTRACT := PYTHONPATH=tools $(PYBABEL) extract -F babel.cfg --no-location --sort-output \
	--project "Thieves' table"
PSEUDO := build/pseudo

.PHONY: setup catalogs catalog-update site pseudo-site play test test-engine test-e2e lint \
	simulate report bench bench-phone chromium clean

setup: $(STAMP)

$(SITE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[site]'
	touch $(SITE_STAMP)

$(STAMP): $(SITE_STAMP)
	$(PY) -m pip install --quiet -e '.[site,dev,e2e,report]'
	touch $(STAMP)

# The browser runtime (Pyodide) from the npm registry, pinned by package-lock.json, with the
# benchmarks' stock PyScript page and Lighthouse.
$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

# The translations (web/base/i18n.py): each language's .po compiled to the .mo the app reads.
catalogs: $(SITE_STAMP) $(CATALOGS)

%.mo: %.po $(SITE_STAMP)
	$(PYBABEL) compile -i $< -o $@

# After changing texts: extract them anew and merge them into every language's catalog.
catalog-update: $(SITE_STAMP)
	$(EXTRACT) -o web/locale/messages.pot .
	$(PYBABEL) update -i web/locale/messages.pot -d web/locale -D messages --no-fuzzy-matching \
	  --ignore-obsolete

site: $(SITE_STAMP) $(NPM_STAMP) catalogs
	$(PY) tools/build_site.py

# The site with the pseudo-locale "qps" built in, for e2e/test_pseudo_locale.py only
# (docs/i18n.md): build/site-pseudo/, never build/site/.
pseudo-site: site
	mkdir -p $(PSEUDO)
	$(EXTRACT) -o $(PSEUDO)/messages.pot .
	$(PY) tools/pseudo_locale.py catalog $(PSEUDO)/messages.pot $(PSEUDO)/messages.mo
	$(PY) tools/pseudo_locale.py site $(PSEUDO)/messages.mo

# tools/serve.py sends the precompressed .br/.gz files, as a static host should (docs/delivery.md).
play: site
	$(PY) tools/serve.py --port $(PORT) --bind $(HOST) build/site

# Debian's Chromium for the end-to-end tests (Playwright cannot download browsers here).
chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: lint site pseudo-site chromium
	$(PY) -m pytest -n auto tests
	$(PY) -m pytest e2e --durations=20

test-engine: setup catalogs
	$(PY) -m pytest -n auto tests

test-e2e: setup site pseudo-site chromium
	$(PY) -m pytest e2e

# ruff, then the import contracts of pyproject.toml (docs/testing.md, "Import contracts")
lint: setup
	$(PY) -m ruff check engine web tests e2e bench tools
	$(VENV)/bin/lint-imports --no-logo

simulate: setup
	$(PY) -m engine simulate --game age_of_thieves --players 4 --games 200 --seed 1 --bot heuristic --json

# The balance report (docs/balance.md): 1,000 Normal-bot games a table size (2-4 players) of
# each game on a local Dask cluster, kept in build/report-runs/ (a run goes on from there);
# the pages in build/report/, the aggregates the app shows in web/data/balance-GAME.json.
report: setup
	$(PY) -m engine report --game all --games 1000

bench: setup
	$(PY) bench/engine_speed.py

# A cold first visit on a phone under Lighthouse (npm), the table beside a stock PyScript page:
# the median of 5 interleaved runs of each (bench/README.md; 5-6 minutes).
bench-phone: setup site chromium
	$(PY) bench/phone_start.py

clean:
	rm -rf $(VENV) build node_modules .pytest_cache .ruff_cache .import_linter_cache $(CATALOGS)
