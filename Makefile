# sitegen: the two commands a user needs are `make site` and `make test` (README.md).
SWIFT ?= swift
SWIFTFLAGS ?=
SITEGEN := .build/release/sitegen
# How long `make fuzz` runs each fuzz target.
SECONDS ?= 60
POSTS ?= 10000
RUNS ?= 5
# Rounds of the comparison with the version before the post page's features:
# more than RUNS, as it looks for a ratio of a few percent on a noisy machine.
PREVIOUS_RUNS ?= 15
BENCH_DIR ?= .build/bench

.PHONY: deps release site test acceptance fuzz bench clean

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

# Not a test: generates a site of $(POSTS) posts under .build/bench/ and times
# full, no-op and one-post-edit builds (against Hugo too when installed),
# then how soon `sitegen serve` serves an edit (against `hugo server`),
# then full builds against the version before tags, search and highlighting.
bench: release
	@sh scripts/bench/ensure-deps.sh
	python3 scripts/bench/run.py --posts $(POSTS) --runs $(RUNS) --sitegen $(SITEGEN) --root $(BENCH_DIR)
	for posts in $(POSTS); do python3 scripts/bench/search.py --posts $$posts --runs $(RUNS) --sitegen $(SITEGEN) --root $(BENCH_DIR) || exit 1; done
	python3 scripts/bench/serve.py --posts $(firstword $(POSTS)) --sitegen $(SITEGEN) --root $(BENCH_DIR)
	python3 scripts/bench/previous.py --posts $(firstword $(POSTS)) --runs $(PREVIOUS_RUNS) --sitegen $(SITEGEN) --root $(BENCH_DIR)

clean:
	rm -rf .build public .sitegen .public.sitegen-*
