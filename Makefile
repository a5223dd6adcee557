# sitegen: the README's two commands are `make site` and `make test`.
SWIFT ?= swift
SWIFTFLAGS ?=
SITEGEN := .build/release/sitegen
# How long `make fuzz` runs each fuzz target.
SECONDS ?= 60

.PHONY: deps release site test acceptance fuzz clean

deps:
	@sh scripts/ensure-deps.sh

release: deps
	$(SWIFT) build -c release $(SWIFTFLAGS)

site: release
	$(SITEGEN) build

test: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	$(SWIFT) test $(SWIFTFLAGS)

# Checks public/ with outside tools (HTML validator, link checker, feed
# parser, headless browser); installs them when missing.
acceptance: site
	bash scripts/acceptance/run.sh

fuzz:
	sh fuzz/run.sh $(SECONDS)

clean:
	rm -rf .build public
