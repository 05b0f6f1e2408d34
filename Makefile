# tabnav-tui — build, run, test and measure.
PREFIX ?= /usr/local
SWIFT ?= swift
SWIFT_FLAGS ?=
RELEASE_BIN = .build/release/tabnav-tui

.PHONY: all setup build release static-libs run test bench bench-follow bench-terminal fuzz install clean

all: build

# The font whose coverage GlyphCoverageTests checks every default glyph against (fontconfig's
# fc-query reads it; docs/themes.md, "Glyphs").
DEJAVU_MONO = /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf

# Installs the system packages the build and the end-to-end tests need, only where missing (the
# terminal tabs' tests run vi, less and top).
setup:
	@missing=""; \
	[ -f /usr/include/ncursesw/ncurses.h ] || missing="$$missing libncurses-dev"; \
	[ -f /usr/include/vterm.h ] || missing="$$missing libvterm-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v fc-query >/dev/null 2>&1 || missing="$$missing fontconfig"; \
	[ -f $(DEJAVU_MONO) ] || missing="$$missing fonts-dejavu-core"; \
	command -v vi >/dev/null 2>&1 || missing="$$missing vim-tiny"; \
	command -v less >/dev/null 2>&1 || missing="$$missing less"; \
	command -v top >/dev/null 2>&1 || missing="$$missing procps"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: setup
	$(SWIFT) build $(SWIFT_FLAGS)

# The release link (docs/benchmark.md, "Start-up and memory"). The Swift runtime is linked
# statically: less memory at run time, and an installed binary that does not depend on the
# toolchain's folder.
# - lld links: it packs relative relocations (`-z pack-relative-relocs`: 24,700 of them, a table of
#   590 KB that the loader reads at every launch, become 5 KB; glibc 2.36 or later runs them), and
#   no symbol is exported (`--no-export-dynamic`; nothing loads this program's symbols, and its
#   3,300 of them made 260 KB of symbol tables).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
	-Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs
# - libstdc++ (which the runtime needs), ncursesw, tinfo and vterm come from their static archives:
#   the loader then binds ~100 symbols instead of ~2,300 and maps four libraries fewer.
STATIC_LIBS = .build/static-libs
RELEASE_FLAGS += -Xswiftc -L -Xswiftc $(CURDIR)/$(STATIC_LIBS) -Xlinker -ltinfo
# - Each function gets a section of its own, and $(ORDER_FILE) (written by scripts/order-file.sh
#   from a profile of a launch and a few keys) puts the code that runs first in .text, so it
#   shares a few pages instead of being spread over all of them.
#   Functions the compiler leaves without a symbol, which the order file cannot name, are gathered
#   ahead of .text by bench/tabnav-tui.ld.
ORDER_FILE = bench/tabnav-tui.order
RELEASE_FLAGS += -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(ORDER_FILE) -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(CURDIR)/bench/tabnav-tui.ld
# The driver does not recompile a module when only these flags change (seen with
# `-function-sections`), so a change of flags empties the release objects first.
RELEASE_STAMP = .build/release-flags
CLANG ?= clang

release: setup static-libs
	@if [ "$$(cat $(RELEASE_STAMP) 2>/dev/null)" != "$(RELEASE_FLAGS) $(SWIFT_FLAGS)" ]; then \
		rm -rf .build/*/release/*.build; mkdir -p .build; \
		echo "$(RELEASE_FLAGS) $(SWIFT_FLAGS)" > $(RELEASE_STAMP); \
	fi
	@# A new order file or linker script changes no source: the link must be redone by hand.
	@if [ -f $(RELEASE_BIN) ] && { [ $(ORDER_FILE) -nt $(RELEASE_BIN) ] || [ bench/tabnav-tui.ld -nt $(RELEASE_BIN) ]; }; then \
		rm -f .build/*/release/tabnav-tui .build/*/release/tabnav-bench; \
	fi
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS)

# Links to the static archives the release links instead of the shared libraries: in a folder of
# their own, searched first, because `-lstdc++` (added by the Swift driver) and `-lncursesw`
# otherwise find the shared library first. libstdc++.a comes with libstdc++-12-dev, which the Swift
# toolchain needs; libncursesw.a and libtinfo.a with libncurses-dev, libvterm.a with libvterm-dev.
static-libs:
	@mkdir -p $(STATIC_LIBS); \
	for lib in libstdc++.a libncursesw.a libtinfo.a libvterm.a; do \
		path=$$($(CLANG) -print-file-name=$$lib); \
		case "$$path" in /*) ln -sf "$$path" $(STATIC_LIBS)/$$lib ;; \
		*) echo "$$lib not found (libstdc++-12-dev, libncurses-dev, libvterm-dev)"; exit 1 ;; esac; \
	done

run: release
	$(RELEASE_BIN) $(ARGS)

test: setup
	$(SWIFT) build $(SWIFT_FLAGS)
	LANG=C.UTF-8 SWIFT=$(SWIFT) sh scripts/test-count.sh $(SWIFT_FLAGS)

bench: release
	$(SWIFT) build $(RELEASE_FLAGS) --product tabnav-bench $(SWIFT_FLAGS)
	.build/release/tabnav-bench

# Only the followed-output rows (a 64 MB burst into a followed file, a newline-free stream).
bench-follow: release
	$(SWIFT) build $(RELEASE_FLAGS) --product tabnav-bench $(SWIFT_FLAGS)
	.build/release/tabnav-bench --follow-only

# Only the terminal tabs' rows, beside tmux in the same run (docs/benchmark.md, "Terminal tabs").
bench-terminal: release
	$(SWIFT) build $(RELEASE_FLAGS) --product tabnav-bench $(SWIFT_FLAGS)
	.build/release/tabnav-bench --terminal-tabs-only

# It builds release objects without RELEASE_FLAGS: the next `make release` compiles them again.
fuzz: setup
	rm -f $(RELEASE_STAMP)
	TABNAV_FUZZ_STEPS=1000000 LANG=C.UTF-8 $(SWIFT) test -c release --filter Fuzz $(SWIFT_FLAGS)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/tabnav-tui
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 docs/tabnav-tui.1 $(DESTDIR)$(PREFIX)/share/man/man1/tabnav-tui.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(RELEASE_BIN) completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tabnav-tui
	$(RELEASE_BIN) completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tabnav-tui
	$(RELEASE_BIN) completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tabnav-tui.fish

clean:
	rm -rf .build
