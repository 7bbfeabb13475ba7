# Cropper — build, test and run.
SWIFT_BIN ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SWIFT := $(SWIFT_BIN)
export PATH := $(dir $(SWIFT_BIN)):$(PATH)

.PHONY: all deps build release test run bench check-pure clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

check-pure:
	@scripts/check-editorstate-pure

test: deps check-pure
	$(SWIFT) build --build-tests
	scripts/with-display $(SWIFT) test --skip-build

run: build
	$(SWIFT) run cropper assets/sample.jpg

clean:
	rm -rf .build
