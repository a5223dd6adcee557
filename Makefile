# sitegen: the README's two commands are `make site` and `make test`.
SWIFT ?= swift
SWIFTFLAGS ?=
SITEGEN := .build/release/sitegen

.PHONY: deps release site test clean

deps:
	@sh scripts/ensure-deps.sh

release: deps
	$(SWIFT) build -c release $(SWIFTFLAGS)

site: release
	$(SITEGEN) build

test: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	$(SWIFT) test $(SWIFTFLAGS)

clean:
	rm -rf .build public
