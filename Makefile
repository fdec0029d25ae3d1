# The front door: `make help` lists the targets.
VENV := .venv
PYTHON := $(VENV)/bin/python
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
SOURCES := $(wildcard autograder/source/[0-9][0-9]_*.py)

SUBMISSIONS ?= submissions
OUT ?= graded
WORKERS ?= $(shell nproc)
DB ?=
SCHEDULER ?=
PORT ?=
STUDENTS ?= 50
BENCHMARK_OUT ?= benchmark

.DEFAULT_GOAL := help
.PHONY: help venv release test autograde formgrade export benchmark mutants mutants-all clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  make %-10s %s\n", $$1, $$2}'

venv: $(VENV)/.installed ## create .venv with the pinned dependencies of requirements.txt

$(VENV)/.installed: requirements.txt
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --requirement requirements.txt
	touch $@

release: venv ## regenerate lessons/ and solutions/ (and the gradebook in build/) from autograder/source/
	$(PYTHON) -m autograder.cli release

build/en/gradebook.db: $(SOURCES) | venv
	$(PYTHON) -m autograder.cli release

test: venv ## prove every exercise gradable, and test the tooling
	$(PYTHON) -m pytest

autograde: build/en/gradebook.db ## grade SUBMISSIONS=<dir or LMS .zip> into OUT=<dir> [WORKERS=n] [SCHEDULER=tcp://host:8786] [DB=postgresql://...]
	$(PYTHON) -m autograder.cli autograde "$(SUBMISSIONS)" "$(OUT)" --workers $(WORKERS) $(if $(SCHEDULER),--scheduler "$(SCHEDULER)") $(if $(DB),--db "$(DB)")

formgrade: ## grade answers by hand in nbgrader's formgrader on OUT=<dir> (prints the URL) [PORT=n]
	$(PYTHON) -m autograder.cli formgrade "$(OUT)" $(if $(PORT),--port $(PORT))

export: ## final_grades.csv, Moodle worksheets and feedback zips from OUT=<dir>'s gradebook into OUT/export
	$(PYTHON) -m autograder.cli export "$(OUT)" $(if $(DB),--db "$(DB)")

benchmark: build/en/gradebook.db ## time STUDENTS=50 x every lesson: pure execution, plain nbgrader, ours serial and with 2 workers; print the ratios
	$(PYTHON) -m autograder.cli benchmark --students $(STUDENTS) --out "$(BENCHMARK_OUT)"

mutants: venv ## mutation-test the lessons' checks (not part of `make test`): [LESSONS="01_tensors ..."] [LIMIT=40, 0 for all] [NOTEBOOK_TIMEOUT=s]
	$(PYTHON) -m tests.lessons.mutants $(LESSONS) --limit $(or $(LIMIT),40) $(if $(NOTEBOOK_TIMEOUT),--notebook-timeout $(NOTEBOOK_TIMEOUT))

mutants-all: venv ## every mutant of every lesson (or of LESSONS="..."): make mutants LIMIT=0
	$(PYTHON) -m tests.lessons.mutants $(LESSONS) --limit 0 $(if $(NOTEBOOK_TIMEOUT),--notebook-timeout $(NOTEBOOK_TIMEOUT))

clean: ## remove build artifacts (the gradebook included) and the virtual environment
	rm -rf build $(VENV)
