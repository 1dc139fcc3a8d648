# Wardrobe: `make run` starts the bot, `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
VENV := .build/venv
PYTHON ?= python3

.PHONY: run build release test test-unit test-postgres test-matrix test-anywhere test-unit-files embed-data-files bench bench-scale bench-import deps test-deps bench-deps clean fuzz fuzz-build fuzz-smoke

deps:
	bash deploy/install-deps.sh

test-deps:
	bash deploy/install-deps.sh --test

bench-deps:
	bash deploy/install-deps.sh --bench

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

# Starts the bot on its embedded defaults: Telegram/Matrix when credentials are stored, else the console.
run: build
	$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/wardrobe run

# The whole suite: unit and loopback tests, the binary from an empty folder, the systemd units,
# the PostgreSQL suites, then the Synapse integration tests.
test: test-unit test-anywhere test-unit-files test-postgres test-matrix

# Rebuilds Sources/Defaults/EmbeddedDataFiles.swift from bot-config/ (DefaultsTests fails while it is stale).
embed-data-files:
	bash deploy/embed-data-files.sh

# The systemd units in deploy/ (the wardrobe@.service template as wardrobe@1.service): systemd-analyze
# verify, and a security exposure of at most 2.0 (the `systemd` package comes from install-deps.sh --test).
test-unit-files: test-deps
	$(SWIFT) build $(BUILD_FLAGS) --product wardrobe
	bash Tests/units/check-units.sh "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/wardrobe"

# The debug binary, started from an empty folder: --version and the built-in data files.
test-anywhere: test-deps
	$(SWIFT) build $(BUILD_FLAGS) --product wardrobe
	bash Tests/smoke/run-anywhere.sh "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/wardrobe"

# Unit and loopback tests; the Synapse-backed MatrixIntegration tests run in test-matrix.
test-unit: test-deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test $(BUILD_FLAGS) --no-parallel --skip MatrixIntegration 2>&1 | tee .build/test-unit.log; bash Tests/failures.sh .build/test-unit.log $${PIPESTATUS[0]}

# PostgresTests and ScaleTests against a private PostgreSQL 15 cluster in .build/postgres (initdb, Unix
# socket only, always stopped); `make test-unit` shows them as skipped. See docs/scale-out.md.
test-postgres: test-deps
	SWIFT="$(SWIFT)" BUILD_FLAGS="$(BUILD_FLAGS)" bash Tests/postgres/run.sh

# Synapse for the Matrix integration tests, and matrix-nio with its e2e extra (the encrypting human of
# Tests/matrix/e2e_human.py), in a virtual environment created from PyPI.
SYNAPSE_VERSION := 1.163.2
NIO_VERSION := 0.26.0
$(VENV)/.synapse-$(SYNAPSE_VERSION)-nio-$(NIO_VERSION): | test-deps
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q "matrix-synapse==$(SYNAPSE_VERSION)" "matrix-nio[e2e]==$(NIO_VERSION)"
	touch $@

# Matrix integration tests against a real Synapse on loopback (one homeserver per run, always stopped).
test-matrix: test-deps $(VENV)/.synapse-$(SYNAPSE_VERSION)-nio-$(NIO_VERSION)
	SWIFT="$(SWIFT)" SYNAPSE_VERSION="$(SYNAPSE_VERSION)" NIO_VERSION="$(NIO_VERSION)" bash Tests/matrix/run.sh

# extruct (lxml) in the same virtual environment, so bench import can time it on the same pages.
EXTRUCT_VERSION := 0.18.0
$(VENV)/.extruct-$(EXTRUCT_VERSION): | test-deps
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q "extruct==$(EXTRUCT_VERSION)"
	touch $@

# Every benchmark; `bench scale` runs its workers on a private PostgreSQL cluster in .build/bench-postgres,
# started and always stopped by Tests/bench/run.sh.
bench: bench-deps release $(VENV)/.extruct-$(EXTRUCT_VERSION)
	bash Tests/bench/run.sh "$$($(SWIFT) build -c release $(BUILD_FLAGS) --show-bin-path)/wardrobe" all

# `wardrobe bench scale` alone (SCALE_ARGS="--large" for the bigger burst); it needs postgresql-15 from --test, not ImageMagick.
SCALE_ARGS ?=
bench-scale: test-deps release
	bash Tests/bench/run.sh "$$($(SWIFT) build -c release $(BUILD_FLAGS) --show-bin-path)/wardrobe" scale $(SCALE_ARGS)

# Our extractor and extruct on the same saved real pages (PAGES=DIR for another folder).
PAGES ?= Tests/ProductImportTests/Fixtures/real
bench-import: bench-deps release $(VENV)/.extruct-$(EXTRUCT_VERSION)
	$$($(SWIFT) build -c release $(BUILD_FLAGS) --show-bin-path)/wardrobe bench import --pages $(PAGES)

# libFuzzer targets (fuzz/targets), built apart from the package in .build/fuzz; see docs/hardening.md.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 5

fuzz-build: deps
	SWIFT="$(SWIFT)" bash fuzz/fuzz.sh build

# Each target for FUZZ_SECONDS on its growing corpus; crashes land in .build/fuzz-artifacts.
fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash fuzz/fuzz.sh run

# Each target for FUZZ_SMOKE_SECONDS on its checked-in seeds only.
fuzz-smoke: fuzz-build
	FUZZ_SMOKE_SECONDS=$(FUZZ_SMOKE_SECONDS) bash fuzz/fuzz.sh smoke

clean:
	rm -rf .build
