# The front door: `make help` lists the targets.
VENV := .venv
PYTHON := $(VENV)/bin/python
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
# Python caches compiled modules, as it does by default: where the environment turns that off, each of the 140 or
# so Python processes of `make test` compiles the grader again (0.2 CPU-s; a pytest process, the tests too: 1.1 to 1.4)
unexport PYTHONDONTWRITEBYTECODE
SOURCES := $(wildcard autograder/source/[0-9][0-9]_*.py)
# the release's folder: build/, or the one AUTOGRADER_BUILD names (as the grader reads it: autograder/__init__.py)
BUILD := $(or $(AUTOGRADER_BUILD),build)

SUBMISSIONS ?=
OUT ?= graded
WORKERS ?= $(shell nproc)
DB ?=
SCHEDULER ?=
PORT ?=
MOODLE_WORKSHEET ?=
MOODLE_TEAMS ?=
MOODLE_URL ?=
LESSONS ?=
YES ?=
OVERWRITE ?=
WORKFLOW_STATE ?=
FRESH ?=
STUDENTS ?= 50
SIZES ?=
RUNS ?= 20
BENCHMARK_OUT ?= benchmark
# make test's workers: four keep two cores busy while some tests sleep on purpose (clusters, worker loss, Ctrl-C);
# make test-all keeps the three CI has run it on
TEST_WORKERS ?= 4
TEST_ALL_WORKERS ?= 3
VERBOSE ?=
# the command line; VERBOSE=1: the libraries' log records and warnings on the terminal too
CLI := $(PYTHON) -m autograder.cli$(if $(VERBOSE), --verbose)

.DEFAULT_GOAL := help
.PHONY: help venv release screenshots docs-figures test test-all soak pull autograde check-sandbox formgrade export push similarity benchmark similarity-benchmark similarity-compare mutants mutants-all self-check-kills clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  make %-20s %s\n", $$1, $$2}'
	@echo "  VERBOSE=1 (with any command): Dask's and the other libraries' log lines and warnings on the terminal too;"
	@echo "            they always go to OUT/.autograde/autograde.log (build/.autograde/autograde.log for release)"

venv: $(VENV)/.installed ## create .venv: the pinned dependencies of requirements.txt and this package (editable)

$(VENV)/.installed: requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --requirement requirements.txt
	$(PYTHON) -m pip install --quiet --no-deps --no-build-isolation --editable .
	touch $@

release: venv ## regenerate lessons/ and solutions/ (and the gradebook in build/) from autograder/source/
	$(CLI) release

screenshots: venv ## docs/lessons/NN_name.<lang>.png: each lesson's first screen (nbconvert HTML in Debian's chromium)
	$(PYTHON) -m autograder.release.screenshots

docs-figures: venv ## docs/architecture.png: the course's life, drawn with matplotlib (a test holds it to a fresh draw)
	$(PYTHON) -m autograder.release.architecture

$(BUILD)/en/gradebook.db: $(SOURCES) | venv
	$(CLI) release

test: venv ## the maintainers' loop: each kind of proof once, every exercise graded right and wrong [TEST_WORKERS=4] (docs/testing.md)
	$(PYTHON) -m pytest -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder

test-all: venv ## every proof, as CI runs it: make test, every lesson case, the class graded twice, every attack on both kinds of kernel, the tests marked repeats
	AUTOGRADER_TEST_ALL=1 $(PYTHON) -m pytest -n $(TEST_ALL_WORKERS) --dist loadscope --no-loadscope-reorder

soak: venv ## kill Dask workers at random moments in RUNS=20 runs (`make test` runs 1): no hang, no lost point
	AUTOGRADER_SOAK_RUNS=$(RUNS) AUTOGRADER_SOAK_LOG=soak.log $(PYTHON) -m pytest tests/grading/test_engine_worker_loss.py

pull: venv ## each lesson's submissions from Moodle MOODLE_URL=https://... into OUT=<dir>/pulled through its web services: prints the plan; YES=1 does it [LESSONS="01_tensors ..."] (docs/pull.md)
	$(CLI) pull "$(OUT)" $(if $(MOODLE_URL),--url "$(MOODLE_URL)") $(if $(LESSONS),--lessons $(LESSONS)) $(if $(YES),--yes)

autograde: $(BUILD)/en/gradebook.db ## grade what make pull brought into OUT=<dir>, or SUBMISSIONS=<dir or LMS .zip> [WORKERS=n] [SCHEDULER=tcp://host:8786] [DB=postgresql://...] [MOODLE_TEAMS=1] [FRESH=1: ignore OUT's cache]
	$(CLI) autograde "$(or $(SUBMISSIONS),$(OUT)/pulled)" "$(OUT)" --workers $(WORKERS) $(if $(SCHEDULER),--scheduler "$(SCHEDULER)") $(if $(DB),--db "$(DB)") $(if $(MOODLE_TEAMS),--moodle-teams) $(if $(FRESH),--fresh)

check-sandbox: venv ## prove that the jail starts on this machine (grading refuses to start without one)
	$(CLI) check-sandbox

formgrade: ## grade answers by hand in nbgrader's formgrader on OUT=<dir> (prints the URL) [PORT=n]
	$(CLI) formgrade "$(OUT)" $(if $(PORT),--port $(PORT))

export: ## final_grades.csv, Moodle worksheets and feedback zips from OUT=<dir>'s gradebook into OUT/export [MOODLE_WORKSHEET=<the site's worksheet>]
	$(CLI) export "$(OUT)" $(if $(DB),--db "$(DB)") $(if $(MOODLE_WORKSHEET),--moodle-worksheet "$(MOODLE_WORKSHEET)")

push: ## grades, comments and feedback pages of OUT=<dir> into Moodle MOODLE_URL=https://... through its web services: prints the plan; YES=1 does it [LESSONS="01_tensors ..."] [OVERWRITE=1] [WORKFLOW_STATE=released] (docs/push.md)
	$(CLI) push "$(OUT)" $(if $(MOODLE_URL),--url "$(MOODLE_URL)") $(if $(LESSONS),--lessons $(LESSONS)) $(if $(YES),--yes) $(if $(OVERWRITE),--overwrite) $(if $(WORKFLOW_STATE),--workflow-state "$(WORKFLOW_STATE)") $(if $(DB),--db "$(DB)")

similarity: venv ## copy detection in OUT=<dir> (after autograde): similarity.csv and similarity.html, every pair of students
	$(CLI) similarity "$(OUT)"

benchmark: $(BUILD)/en/gradebook.db ## time 1 notebook, 8 students and STUDENTS=50 (x every lesson) in one run: plain nbgrader and ours, the ratios [SIZES="one 8"]
	$(CLI) benchmark --students $(STUDENTS) --out "$(BENCHMARK_OUT)" $(if $(SIZES),--sizes "$(SIZES)")

similarity-benchmark: venv ## time `make similarity` on a class made from the variants: STUDENTS=500 x every lesson
	$(PYTHON) -m tests.similarity.similar_class --students $(STUDENTS)

# Dolos (npm) into a git-ignored folder; npm runs no install scripts here, so its parsers are built by hand
DOLOS := .cache/dolos/node_modules/@dodona

similarity-compare: venv ## ours, copydetect and Dolos on the same pairs of classes a, b, c and the lazy-copy held-out seeds: copies ranked, top K, MAP (Dolos where node is: apt-get install nodejs npm)
	@if command -v node >/dev/null && [ ! -d $(DOLOS)/dolos-parsers/build/Release ]; then \
	  npm install --prefix .cache/dolos --no-audit --no-fund --save-exact @dodona/dolos-lib@3.5.1 && \
	  cd $(DOLOS)/dolos-parsers && npx node-gyp rebuild --nodedir=/usr; fi
	$(PYTHON) -m tests.similarity.compare

mutants: venv ## mutation-test the lessons' checks (not part of `make test`): [LESSONS="01_tensors ..."] [LIMIT=40, 0 for all] [NOTEBOOK_TIMEOUT=s]
	$(PYTHON) -m tests.lessons.mutants $(LESSONS) --limit $(or $(LIMIT),40) $(if $(NOTEBOOK_TIMEOUT),--notebook-timeout $(NOTEBOOK_TIMEOUT))

mutants-all: venv ## every mutant of every lesson (or of LESSONS="..."): make mutants LIMIT=0
	$(PYTHON) -m tests.lessons.mutants $(LESSONS) --limit 0 $(if $(NOTEBOOK_TIMEOUT),--notebook-timeout $(NOTEBOOK_TIMEOUT))

self-check-kills: venv ## of the mutants the hidden checks kill, how many the visible and optional checks catch: [LESSONS=...] [LIMIT=40] [NOTEBOOK_TIMEOUT=s]
	$(PYTHON) -m tests.lessons.self_check_kills $(LESSONS) --limit $(or $(LIMIT),40) $(if $(NOTEBOOK_TIMEOUT),--notebook-timeout $(NOTEBOOK_TIMEOUT))

clean: ## remove build artifacts (the gradebook included) and the virtual environment
	rm -rf build $(VENV)
