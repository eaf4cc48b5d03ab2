# bridgedesk: the two commands a new user needs are `make demo` and `make test`.
# Both create .venv with the Python found on PATH (3.11 or newer) and install the
# project from its own files; nothing has to be installed by hand.

PYTHON ?= python3
# apt waits for another installer's dpkg lock (up to 10 minutes) instead of failing
APT    := DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck unit install browser clean fonts postgres catalogs

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -c 'import sys; sys.exit("bridgedesk needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The words people read: extract every message of the code and templates (babel.cfg) into
# the catalogs of src/bridgedesk/locale (new ones empty, gone ones dropped) and compile
# them.  tests/test_catalogs.py (make test) fails while a Japanese or Swedish one is empty.
catalogs: $(STAMP)
	mkdir -p build
	$(BIN)/pybabel -q extract -F babel.cfg -k lazy_gettext -k lazy_pgettext:1c,2 -k phrase \
	  --add-location=file --sort-by-file --width=100 --project=bridgedesk -o build/bridgedesk.pot .
	for lang in en ja sv; do \
	  $(BIN)/pybabel -q update -i build/bridgedesk.pot -d src/bridgedesk/locale -D bridgedesk \
	    -l $$lang --no-fuzzy-matching --ignore-obsolete --width=100 || exit 1; \
	done
	$(BIN)/pybabel -q compile -d src/bridgedesk/locale -D bridgedesk

demo: $(STAMP)
	$(BIN)/bridgedesk demo

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

# Browser tests use Debian's chromium; install it when we can (root with apt-get).
browser:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's chromium for the browser tests (apt-get install chromium)"; \
	    $(APT) update -qq && $(APT) install -y -qq chromium >/dev/null; \
	  else \
	    echo "chromium not found and cannot install it here: browser tests will be skipped"; \
	  fi; \
	fi

unit: $(STAMP) browser fonts postgres
	$(BIN)/python -m pytest -n 2 --dist worksteal -q --durations=15

test: lint typecheck unit

# Japanese hand-record sheets (bridgedesk deals print --lang ja) need a CJK font in Chromium.
# The store's tests also run on a private PostgreSQL server they start themselves.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's postgresql for the store tests (apt-get install postgresql)"; \
	    $(APT) install -y -qq postgresql >/dev/null \
	      || { $(APT) update -qq && $(APT) install -y -qq postgresql >/dev/null; }; \
	  else \
	    echo "PostgreSQL not found and cannot install it here: its store tests will be skipped"; \
	  fi; \
	fi

# Japanese hand records and reports need a CJK font in the browser.
fonts:
	@if ! fc-list 2>/dev/null | grep -qi 'IPAGothic\|Noto Sans CJK'; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing a Japanese font for the pages' tests (apt-get install fonts-ipafont-gothic)"; \
	    $(APT) install -y -qq fonts-ipafont-gothic >/dev/null \
	      || { $(APT) update -qq && $(APT) install -y -qq fonts-ipafont-gothic >/dev/null; }; \
	  else \
	    echo "no CJK font and cannot install one here: Japanese pages will show boxes"; \
	  fi; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache
