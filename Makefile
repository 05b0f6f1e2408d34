# tabnav-tui — build, run, test and measure.
PREFIX ?= /usr/local
SWIFT ?= swift
SWIFT_FLAGS ?=
RELEASE_BIN = .build/release/tabnav-tui

.PHONY: all setup build release run test bench fuzz install clean

all: build

# Installs the system packages the build and the end-to-end tests need, only where missing.
setup:
	@missing=""; \
	[ -f /usr/include/ncursesw/ncurses.h ] || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: setup
	$(SWIFT) build $(SWIFT_FLAGS)

# The Swift runtime is linked statically: less memory at run time, and an installed binary that
# does not depend on the toolchain's folder (docs/benchmark.md).
RELEASE_FLAGS = -c release --static-swift-stdlib

release: setup
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS)

run: release
	$(RELEASE_BIN) $(ARGS)

test: setup
	$(SWIFT) build $(SWIFT_FLAGS)
	LANG=C.UTF-8 $(SWIFT) test $(SWIFT_FLAGS)

bench: release
	$(SWIFT) build $(RELEASE_FLAGS) --product tabnav-bench $(SWIFT_FLAGS)
	.build/release/tabnav-bench

fuzz: setup
	TABNAV_FUZZ_STEPS=1000000 LANG=C.UTF-8 $(SWIFT) test -c release --filter Fuzz $(SWIFT_FLAGS)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/tabnav-tui

clean:
	rm -rf .build
