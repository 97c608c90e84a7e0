# Tick: build, demo, test and benchmark. Every target installs the Debian packages it
# needs first (with sudo when not root).

SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_DEPS := libsqlite3-dev libical-dev libncurses-dev libdbus-1-dev libcurl4-openssl-dev libxml2-dev libmicrohttpd-dev libpq-dev libargon2-dev pkg-config
TEST_DEPS  := postgresql tmux zsh fish groff-base dbus dbus-daemon dbus-bin libnotify-bin python3-dbus python3-gi python3-pip radicale xandikos python3-caldav vdirsyncer chromium chromium-driver python3-selenium
BENCH_DEPS := hyperfine time taskwarrior todotxt-cli
SYNC_BENCH_DEPS := radicale xandikos vdirsyncer curl git time
DEMO_DB    := demo/tick.sqlite3
TICK       := .build/release/tick

PREFIX     ?= /usr/local

.PHONY: all deps test-deps bench-deps build release install demo test bench clean

all: build

# Installs the packages in $(1) that are missing.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_DEPS))

test-deps: deps
	$(call apt_install,$(TEST_DEPS))
	@python3 -c 'import icalendar' 2>/dev/null || python3 -m pip install -q icalendar 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages icalendar 2>/dev/null \
	  || { $(SUDO) apt-get install -y -qq python3-icalendar >/dev/null; }
	@# The browser tests run Debian's python3 (it has python3-selenium), so axe goes there too.
	@/usr/bin/python3 -c 'import axe_selenium_python' 2>/dev/null || /usr/bin/python3 -m pip install -q axe-selenium-python 2>/dev/null \
	  || /usr/bin/python3 -m pip install -q --break-system-packages axe-selenium-python

bench-deps: deps
	$(call apt_install,$(BENCH_DEPS))

build: deps
	$(SWIFT) build

# The release binary links Swift's runtime and Foundation in (--static-swift-stdlib), and
# libstdc++ too when its static archive is installed (g++'s libstdc++-12-dev, which the
# Swift toolchain needs): linked to libstdc++.so, Foundation's ICU binds 768 C++ ABI symbols
# at every start, 40 % of what `tick --version` executes. The archive is found through a
# folder that holds only it, searched before the compiler's own (where libstdc++.so is).
# No `$ORIGIN` run path (--disable-local-rpath): tick needs no library beside it, and with one
# the loader looked for libsqlite3 and libresolv in 25 subfolders of the binary's folder first.
STATIC_CXX := .build/static-libstdc++
release: deps
	@rm -rf $(STATIC_CXX); archive=$$(gcc -print-file-name=libstdc++.a 2>/dev/null); \
	  if [ -f "$$archive" ]; then mkdir -p $(STATIC_CXX) && ln -s "$$archive" $(STATIC_CXX)/libstdc++.a; \
	  else echo "libstdc++.a not found (g++ is not installed): linking libstdc++.so"; fi
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --product tick -Xlinker -L$(abspath $(STATIC_CXX))

# Installs the release binary in $(PREFIX)/bin, the web app of `tick serve` in
# $(PREFIX)/share/tick/WebApp (where the binary looks for it), the manual page tick(1),
# the bash, zsh and fish completions where each shell looks, and the systemd user units
# of `tick agent` and `tick serve` in $(PREFIX)/lib/systemd/user (enable them with
# `systemctl --user enable --now tick-agent.service`). DESTDIR stages the files for a
# package: the units name $(PREFIX)/bin/tick, not the staging folder.
STAGE := $(abspath $(DESTDIR))
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/tick $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d $(DESTDIR)$(PREFIX)/lib/systemd/user
	install -m 0755 $(TICK) $(DESTDIR)$(PREFIX)/bin/tick
	rm -rf $(DESTDIR)$(PREFIX)/share/tick/WebApp
	cp -R Sources/TickServer/WebApp $(DESTDIR)$(PREFIX)/share/tick/WebApp
	$(TICK) help --man --readme README.md > $(DESTDIR)$(PREFIX)/share/man/man1/tick.1
	$(TICK) completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tick
	$(TICK) completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tick
	$(TICK) completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tick.fish
	for command in agent serve; do \
	  XDG_CONFIG_HOME=$(abspath $(DESTDIR)$(PREFIX)/lib) $(DESTDIR)$(PREFIX)/bin/tick $$command --install-systemd >/dev/null || exit 1; \
	  sed -i 's|^ExecStart=$(STAGE)/|ExecStart=/|' $(DESTDIR)$(PREFIX)/lib/systemd/user/tick-$$command.service; \
	done
	@echo "Installed tick in $(DESTDIR)$(PREFIX): bin/tick, share/man/man1/tick.1, shell completions, lib/systemd/user units"

# Builds Tick, fills a fresh demo database in ./demo with a few lists and reminders,
# and shows them.
demo: release
	@TICK=$(TICK) DB=$(DEMO_DB) sh Scripts/demo.sh

test: test-deps
	$(SWIFT) test

bench: bench-deps release
	sh bench/run.sh

clean:
	rm -rf .build demo

# The interactive UI's cost per keystroke at 100,000 reminders: the work alone, then the
# whole `tick ui` process in tmux (see bench/TUIBenchmark/main.swift, bench/tui-terminal.sh).
.PHONY: bench-tui
bench-tui: release
	$(SWIFT) build -c release --product tick-tui-bench
	.build/release/tick-tui-bench
	sh bench/tui-terminal.sh

# libFuzzer targets for Tick's parsers (fuzz/run.sh): FUZZ_SECONDS each (default 60); ends
# with "fuzz: T targets, E executions, C crashes" and fails when C > 0.
.PHONY: fuzz
fuzz: deps
	sh fuzz/run.sh

# `tick sync` against vdirsyncer on 10,000 VTODOs in one Radicale collection, then in one
# Xandikos collection: first sync, nothing changed, one changed reminder (see bench/sync.sh).
# Replaces the "CalDAV sync with Radicale" and "with Xandikos" sections of bench/RESULTS.md.
.PHONY: bench-sync
bench-sync: release
	$(call apt_install,$(SYNC_BENCH_DEPS))
	SERVER=radicale bash bench/sync.sh
	SERVER=xandikos bash bench/sync.sh

# `tick serve` with wrk at 100,000 reminders: a page of 50 of one list, complete/reopen, and
# the idle server's CPU and memory (see bench/serve.sh). Replaces the "tick serve" section
# of bench/RESULTS.md.
.PHONY: bench-serve
bench-serve: release
	$(call apt_install,wrk curl)
	bash bench/serve.sh

# The web app's first useful paint (sidebar and first 50 rows) at 100,000 reminders in
# headless Chromium (bench/webapp-paint.py). Replaces "## The web app's first paint" in
# bench/RESULTS.md.
.PHONY: bench-webapp
bench-webapp: release
	$(call apt_install,chromium chromium-driver python3-selenium)
	python3 bench/webapp-paint.py

# The bounded commands (add, done, edit, show, move, snooze, lists, list/search --limit 50)
# at 1,000,000 reminders against `tick --version` (bench/bounded.sh; BEFORE=/path/to/tick
# compares an older build). Replaces "## Bounded commands" in bench/RESULTS.md.
.PHONY: bench-bounded
bench-bounded: bench-deps release
	sh bench/bounded.sh

# Start-up: `tick --version` against a Swift program that only prints, with the shared
# libraries each maps (bench/startup.sh; BEFORE=/path/to/tick compares an older build).
# Replaces "## Start-up" in bench/RESULTS.md.
.PHONY: bench-startup
bench-startup: bench-deps release
	sh bench/startup.sh
