# Cropper — build, test and run.
SWIFT_BIN ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SWIFT := $(SWIFT_BIN)
export PATH := $(dir $(SWIFT_BIN)):$(PATH)

.PHONY: all deps build release deb man test test-package run bench bench-check check-pure clean install uninstall fuzz fuzz-build soak damaged-corpus locale pot

all: build

deps:
	@scripts/install-deps

build: deps locale
	$(SWIFT) build

# The translations (po/LANG.po), compiled where a cropper run from the build tree finds them: .build/locale.
LINGUAS := $(shell cat po/LINGUAS)
MO_FILES := $(foreach lang,$(LINGUAS),.build/locale/$(lang)/LC_MESSAGES/cropper.mo)

locale: $(MO_FILES)

.build/locale/%/LC_MESSAGES/cropper.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

# Re-extract po/cropper.pot from the sources and merge it into every catalogue (see po/README.md).
pot:
	po/update-pot
	for lang in $(LINGUAS); do msgmerge --quiet --update --backup=none --no-wrap po/$$lang.po po/cropper.pot; done

VERSION := $(shell tr -d '[:space:]' < VERSION)
ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)

# The Swift runtime is linked in, so an installed cropper does not depend on the toolchain.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker -z -Xlinker now

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product cropper
	$(SWIFT) build $(RELEASE_FLAGS) --product heif-grid

# cropper_VERSION_ARCH.deb in the top folder: the release executable and everything `make install` puts in place
# (only the cropper product: heif-grid is the benchmarks' tool).
deb: deps locale
	$(SWIFT) build $(RELEASE_FLAGS) --product cropper
	CROPPER_BIN=.build/release/cropper packaging/build-deb

# desktop/cropper.1: the command line from the argument parser (its generate-manual plugin), the window's keys
# from desktop/cropper-window.man (packaging/generate-manual). The page is committed; a test checks it is current.
man: build
	packaging/generate-manual

# Cropper against feh, nsxiv, ImageMagick and jpegtran; writes docs/benchmarks.md. BENCH_RUNS=N rounds.
BENCH_RUNS ?= 7

bench: release
	@bench/install-peers
	python3 bench/run.py --runs $(BENCH_RUNS)

# A short bench (3 rounds, nothing written) that fails when a ratio against a peer is more than 20 % worse than
# in the committed docs/benchmarks.json, and again when its section is measured once more: run it before a change
# lands.
bench-check: release
	@bench/install-peers
	python3 bench/run.py --runs 3 --doc - --json - --check docs/benchmarks.json

check-pure:
	@scripts/check-editorstate-pure
	@scripts/check-platform-pure

# `make test` runs three builds side by side, each in a scratch folder of its own (SwiftPM locks one per build):
# - the release executable and its .deb: the package test installs it, and every test that runs cropper runs it;
# - the debug build with the tests;
# - at a lower priority, the fuzz targets, built from Package.swift's module graph and each run for 2 seconds, so
#   a module change that breaks the fuzz build fails here, not weeks later.
# The test classes start as soon as the tests are built, in parallel workers, each with an Xvfb of its own
# (scripts/run-tests; TEST_WORKERS). Until the release build has ended (its exit status lands in SHIPPED_STATUS)
# only the classes that used neither the release executable nor the package in their last run start, so the
# release build's last modules, which compile one after another, never leave a core idle.
# The package test (Tests/InstallTests/PackageTests.swift) installs the .deb with apt-get, so it runs as root
# only; elsewhere it says why it skipped.
TEST_WORKERS ?= 4
TEST_RELEASE_SCRATCH := .build/test-release
SHIPPED_STATUS := $(TEST_RELEASE_SCRATCH)/shipped-status
SHIPPED_BUILD = $(SWIFT) build $(RELEASE_FLAGS) --product cropper --scratch-path $(TEST_RELEASE_SCRATCH) && \
	CROPPER_BIN=$(TEST_RELEASE_SCRATCH)/release/cropper DEB_XZ_LEVEL=1 packaging/build-deb

# The test build: the index store only for the test targets (Package.swift's testIndex; SwiftPM reads the XCTest
# classes from it), and each module compiled in as many batches as there are cores rather than 25 files a batch,
# each of which parses and imports the whole module again. Flags of its own, so after `make test` a plain
# `swift build` builds everything again.
TEST_BUILD = env CROPPER_TEST_INDEX="$$($(SWIFT) build --show-bin-path)/index/store" \
	$(SWIFT) build --build-tests --disable-index-store -Xswiftc -driver-batch-size-limit -Xswiftc 100000

test: deps check-pure locale
	@mkdir -p $(TEST_RELEASE_SCRATCH) && rm -f $(SHIPPED_STATUS)
	scripts/fuzz smoke > .build/fuzz-smoke.log 2>&1 & fuzz=$$!; \
	{ $(SHIPPED_BUILD); echo $$? > $(SHIPPED_STATUS).new; mv $(SHIPPED_STATUS).new $(SHIPPED_STATUS); } \
	  > .build/shipped-build.log 2>&1 & shipped=$$!; \
	if $(TEST_BUILD) > .build/test-build.log 2>&1; then tail -n 1 .build/test-build.log; \
	  CROPPER_DEB=$(CURDIR)/cropper_$(VERSION)_$(ARCH).deb \
	  CROPPER_RELEASE_BIN=$(CURDIR)/$(TEST_RELEASE_SCRATCH)/release/cropper \
	  CROPPER_SHIPPED_BUILD_STATUS=$(CURDIR)/$(SHIPPED_STATUS) \
	  scripts/run-tests --workers $(TEST_WORKERS) --shipped-build-status $(SHIPPED_STATUS); tests=$$?; \
	else cat .build/test-build.log; tests=1; fi; \
	wait $$shipped; \
	if [ "$$(cat $(SHIPPED_STATUS))" = 0 ]; then grep -E "complete!|\.deb$$" .build/shipped-build.log; \
	else cat .build/shipped-build.log; tests=1; fi; \
	if wait $$fuzz; then grep ": Done" .build/fuzz-smoke.log; else cat .build/fuzz-smoke.log; echo "fuzz smoke failed" >&2; exit 1; fi; \
	exit $$tests

# Only the package test, after `make deb`.
test-package: deb
	$(TEST_BUILD)
	CROPPER_DEB=$(CURDIR)/cropper_$(VERSION)_$(ARCH).deb scripts/with-display $(SWIFT) test --skip-build --filter PackageTests

# libFuzzer on every file parser, FUZZ_SECONDS each (scripts/fuzz; findings in .build/fuzz/artifacts).
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz run

fuzz-build: deps
	scripts/fuzz build

# 20,000 random input events against the real window (`make test` runs 1,500); SOAK_SEED replays a run.
SOAK_EVENTS ?= 20000
soak: deps
	SOAK_EVENTS=$(SOAK_EVENTS) scripts/soak

# Broken JPEGs and PNGs made from the project's photos: does ImageMagick open each, does Cropper; writes
# docs/damaged-corpus.md and fails on a file ImageMagick opens and Cropper refuses, a crash, hang or partial output.
damaged-corpus: build
	scripts/damaged-corpus > docs/damaged-corpus.md.new && mv docs/damaged-corpus.md.new docs/damaged-corpus.md

run: build
	$(SWIFT) run cropper assets/sample.jpg

clean:
	rm -rf .build

# `make install [PREFIX=...] [DESTDIR=...]`: PREFIX is ~/.local for a user, /usr/local for root.
# CROPPER_BIN=path installs that executable instead of building the release one.
PREFIX ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
CROPPER_BIN ?=

install: $(if $(CROPPER_BIN),,release)
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" CROPPER_BIN="$(or $(CROPPER_BIN),.build/release/cropper)" scripts/install

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/uninstall
