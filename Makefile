# `make play` and `make test` each create .venv when it is missing, install the project into it
# (again only when pyproject.toml changed) and then start the game or run the tests: `make play`
# installs only what the game needs, the other targets the test tools as well.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.play-installed

DIST_STAMP := $(VENV)/.dist-installed

.PHONY: play check test test-slow test-tours lint bench simulate dist dist-host dist-windows clean catalogs

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	touch $(STAMP) $(PLAY_STAMP)

$(PLAY_STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --disable-pip-version-check -e .
	touch $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(PY) -m urland $(ARGS)

# The test loops (README, "The test loops"; the markers are given in tests/loops.py).
# They keep Python's compiled files (__pycache__, git-ignored), even where the environment sets
# PYTHONDONTWRITEBYTECODE: otherwise every worker of every run compiles the project and the
# 100-odd test modules again, with pytest's rewriting of their asserts (about 7 s of CPU each).
check test test-slow test-tours: export PYTHONDONTWRITEBYTECODE :=

# After each change: the linter, the package's structure rules (urland/tools/structure_check.py)
# and the quick tests (no window, server, program or whole game of the strong bots).
check: $(STAMP)
	$(PY) -m ruff check urland tests benchmarks packaging
	$(PY) -m urland.tools.structure_check .
	$(PY) -m pytest -n auto -m "not tour and not slow and not integration"

# Before a commit: the linter, the structure rules and every test but the slow ones and the tours.
test: $(STAMP)
	$(PY) -m ruff check urland tests benchmarks packaging
	$(PY) -m urland.tools.structure_check .
	$(PY) -m pytest -n auto -m "not tour and not slow"

# Whole games of the strong bots, the fuzz corpus of user files, the full searches (CI).
test-slow: $(STAMP)
	$(PY) -m pytest -n auto -m "slow and not tour"

# The whole games and tutorial played through the real screens, in every language and size (CI).
test-tours: $(STAMP)
	$(PY) -m pytest -n auto -m tour

lint: $(STAMP)
	$(PY) -m ruff check urland tests benchmarks packaging

bench: $(STAMP)
	$(PY) benchmarks/engine_bench.py
	$(PY) benchmarks/ui_bench.py

$(DIST_STAMP): $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test,dist]"
	touch $(DIST_STAMP)

# dist/urland/urland: the double-clickable Linux program, for glibc 2.31 and newer, with its
# THIRD-PARTY-LICENSES.txt (packaging/licenses.py), and dist/urland-<version>-linux.tar.gz (the
# folder, the .desktop file, the icon, install.sh, a short README). Built as root in a Debian 11
# base with its own CPython, both made once and kept in ${XDG_CACHE_HOME:-~/.cache}/urland-build
# (packaging/build_linux.py).
dist: $(STAMP)
	$(PY) packaging/build_linux.py

# The same from this system's Python, without root: it runs only where this glibc or a newer
# one is (and on Windows or macOS, the program for that system).
dist-host: $(DIST_STAMP)
	$(PY) -m PyInstaller packaging/pyinstaller.spec --noconfirm --clean \
		--distpath dist --workpath build --log-level WARN
	$(PY) packaging/licenses.py bundle dist/urland
	$(PY) packaging/archives.py linux

# The Windows program, built on Linux with Wine and NSIS (packaging/build_windows.py):
# dist/windows/urland/urland.exe, dist/urland-<version>-windows.zip and
# dist/urland-<version>-windows-setup.exe. Downloads go to .cache/windows/ (packaging/windows-requirements.txt).
dist-windows: $(DIST_STAMP)
	$(PY) packaging/build_windows.py

# The translations: extract every marked text of the code and the texts kept as data (babel.cfg)
# into assets/locale/urland.pot, bring each language's .po up to date with it, and compile the
# .mo files the game reads (committed with the .po, so the game needs no Babel to run).
LOCALE := assets/locale
# The languages are the folders found there; `make catalogs ADD=pl` begins a new one.
LANGUAGES := $(sort $(ADD) $(patsubst $(LOCALE)/%/LC_MESSAGES/urland.po,%,\
	$(wildcard $(LOCALE)/*/LC_MESSAGES/urland.po)))
catalogs: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg -k L_ -k LP_:1c,2 -k fmt -k refuse -k Refusal --no-location --sort-output \
		--project Urland --copyright-holder Urland -o $(LOCALE)/urland.pot . > /dev/null
	for lang in $(LANGUAGES); do \
		test -f $(LOCALE)/$$lang/LC_MESSAGES/urland.po || \
			$(VENV)/bin/pybabel init -i $(LOCALE)/urland.pot -d $(LOCALE) -D urland -l $$lang; \
	done
	$(VENV)/bin/pybabel update -i $(LOCALE)/urland.pot -d $(LOCALE) -D urland \
		--no-fuzzy-matching --ignore-obsolete --no-wrap > /dev/null
	$(VENV)/bin/pybabel compile -d $(LOCALE) -D urland --statistics

simulate: $(STAMP)
	$(PY) -m urland simulate --players 4 --games 40 --seed 11

clean:
	rm -rf $(VENV) build dist .cache *.egg-info .pytest_cache .ruff_cache .hypothesis
