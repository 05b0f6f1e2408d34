#!/bin/sh
# Writes the link order of the release binary's code (docs/benchmark.md, "Start-up and memory").
#
#   sh scripts/order-file.sh [BINARY] [OUTPUT]
#
# BINARY (default .build/release/tabnav-tui, built by `make release`) is run under
# `valgrind --tool=callgrind` in a 100×30 tmux window, three times: the demo starts, draws, takes a
# few keys (tab switches, the sidebar and its moves, edit mode) and quits; the same with the keys
# sent four times; then the first again, with the search field opened, typed into and pasted into
# before quitting, as tabnav-bench does; then a launch of a 10,000-tab layout file that quits at
# once. Every function of the binary that ran is written to OUTPUT (default
# bench/tabnav-tui.order): first those each key runs (what costs at least one instruction per extra
# key more in the second run than in the first), the most instructions per key first; then the rest
# of the first run's, the most instructions first; then those only the third one ran; then those
# only the layout's launch ran.
# The linker (`--symbol-ordering-file`) puts those functions first in `.text`, so the code a launch
# and a key run sits on a few contiguous pages instead of being spread over the whole binary.
#
# Functions that share one `.text` section with the rest of their object file (most of the Swift
# runtime's own Swift code, ncurses) cannot be moved one by one: the linker places such a section
# where its first listed symbol is. They are listed after all the others, so these big sections
# follow the hot code instead of splitting it.
#
# Needs valgrind, tmux and objdump (binutils). The file only changes which order the code is laid
# out in: a stale or missing entry costs memory, never correctness.
set -eu

bin=${1:-.build/release/tabnav-tui}
out=${2:-bench/tabnav-tui.order}
keys="l h l h s j j k k s e e"

for tool in valgrind tmux objdump; do
	command -v "$tool" >/dev/null 2>&1 || { echo "order-file: $tool is needed" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "order-file: no program at $bin (run make release first)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/tabnav-order.XXXXXX")
socket="tabnav-order-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
bin_path=$(readlink -f "$bin")

# One profile: the program under callgrind in a detached tmux window of the bench's size, HOME in a
# scratch folder; the keys ($3 times, default once), then (when $2 is "search") the search field: a
# few letters, Backspace, a bracketed paste of 100 KB (tabnav-bench pastes 1 MB) and Escape; then q.
# When $2 is "layout", the program opens $work/layout.json instead of the demo.
profile() {
	mkdir -p "$work/home"
	layout=""
	[ "$2" = layout ] && layout="--layout '$work/layout.json'"
	tmux -L "$socket" -f /dev/null new-session -d -x 100 -y 30 \
		"env HOME='$work/home' TERM=xterm-256color LANG=C.UTF-8 valgrind --tool=callgrind --demangle=no \
		--callgrind-out-file='$1' '$bin_path' $layout --no-persist 2>'$work/valgrind.log'"
	waited=0
	until tmux -L "$socket" capture-pane -p 2>/dev/null | grep -q NORMAL; do
		sleep 1; waited=$((waited + 1))
		[ "$waited" -lt 120 ] || { echo "order-file: the program did not draw under valgrind" >&2; exit 1; }
	done
	sleep 1
	round=0
	while [ "$round" -lt "${3:-1}" ]; do
		for key in $keys; do
			tmux -L "$socket" send-keys -l "$key"; sleep 1
		done
		round=$((round + 1))
	done
	if [ "$2" = search ]; then
		tmux -L "$socket" send-keys -l /; sleep 1
		for key in I t e m; do
			tmux -L "$socket" send-keys -l "$key"; sleep 1
		done
		tmux -L "$socket" send-keys BSpace; sleep 1
		awk 'BEGIN { for (i = 0; i < 2000; i++) print "paste the same fifty characters of text again, ok" }' > "$work/paste"
		tmux -L "$socket" load-buffer "$work/paste"
		tmux -L "$socket" paste-buffer -p; sleep 5
		tmux -L "$socket" send-keys Escape; sleep 1
	fi
	tmux -L "$socket" send-keys -l q
	waited=0
	while tmux -L "$socket" has-session 2>/dev/null; do
		sleep 1; waited=$((waited + 1))
		[ "$waited" -lt 60 ] || { echo "order-file: the program did not quit" >&2; exit 1; }
	done
	[ -s "$1" ] || { echo "order-file: valgrind wrote no profile" >&2; exit 1; }
}

# Instructions per function of the binary itself, as "count name" lines. callgrind names each object and
# function in full once, as `ob=(n) name` / `fn=(n) name`, then by number alone; a cost line after
# `calls=` is the call's inclusive cost, which belongs to the callee. Code without a symbol shows
# as an address (0x…): the linker cannot order it by name (bench/tabnav-tui.ld gathers it instead).
costs() {
	awk -v want="$bin_path" '
	function named(s, table,   id, rest) {
		if (match(s, /^\([0-9]+\)/)) {
			id = substr(s, 2, RLENGTH - 2); rest = substr(s, RLENGTH + 2)
			if (rest != "") table[id] = rest
			return table[id]
		}
		return s
	}
	/^ob=/     { object = named(substr($0, 4), objects); next }
	/^cob=/    { named(substr($0, 5), objects); next }
	/^fn=/     { fn = named(substr($0, 4), functions); owner[fn] = object; next }
	/^cfn=/    { named(substr($0, 5), functions); next }
	/^calls=/  { inclusive = 1; next }
	/^[0-9+*-]/ { if (inclusive) { inclusive = 0; next } cost[fn] += $2; next }
	END { for (f in cost) if (owner[f] == want && f !~ /^0x[0-9a-f]+$/) { c = cost[f]; sub(/'\''[0-9]+$/, "", f); print c, f } }
	' "$1" | awk '{ sum[$2] += $1 } END { for (f in sum) print sum[f], f }'
}

# The functions of a profile, the most instructions first.
functions() {
	costs "$1" | sort -k1,1nr -k2,2 | awk '{ print $2 }'
}

# What every key runs comes first, so a keystroke's code shares as few pages as it can (after a
# few milliseconds asleep each of them is a cold miss: docs/benchmark.md, "Where a keystroke's CPU
# goes"); then the rest of what a launch and the keys run; what only the search field runs, after
# it: so the first frame maps little, and a search or a paste adds pages next to it.
profile "$work/keys.out" keys
profile "$work/repeat.out" keys 4
profile "$work/search.out" search
# A layout of 10,000 tabs shaped as tabnav-bench's (LayoutGenerator: four tabs, the search tab,
# sections of 100 text tabs), launched and quit at once: the loader's code, which the demo never
# runs, goes after everything above instead of being spread over the rest of `.text`.
awk 'BEGIN {
	printf "{\"id\":\"order-10000\",\"title\":\"Order 10000\",\"tabs\":["
	printf "{\"id\":\"home\",\"title\":\"Home\",\"icon\":\"house\",\"placement\":\"fixed\",\"content\":{\"text\":\"Home\"}},"
	printf "{\"id\":\"inbox\",\"title\":\"Inbox\",\"icon\":\"tray\",\"badge\":12,\"content\":{\"text\":\"Inbox\"}},"
	printf "{\"id\":\"notes\",\"title\":\"Notes\",\"icon\":\"note.text\",\"content\":{\"text\":\"Notes\"}},"
	printf "{\"id\":\"archive\",\"title\":\"Archive\",\"icon\":\"archivebox\",\"placement\":\"optional\",\"allowsHiding\":true,\"content\":{\"text\":\"Archive\"}},"
	printf "{\"id\":\"search\",\"role\":\"search\"}"
	for (s = 0; s < 100; s++) {
		printf ",{\"section\":\"s%d\",\"title\":\"Section %d\",\"icon\":\"folder\",\"allowsReordering\":true,", s, s
		printf "\"allowsHiding\":true,\"tabBarVisibility\":\"hidden\","
		printf "\"actions\":[{\"id\":\"refresh\",\"title\":\"Refresh\",\"icon\":\"arrow.clockwise\"}],\"tabs\":["
		for (t = 0; t < 100; t++) {
			printf "%s{\"id\":\"s%d-t%d\",\"title\":\"Item %d.%d\",\"icon\":\"doc.text\",\"allowsHiding\":true,", (t ? "," : ""), s, t, s, t
			printf "\"content\":{\"text\":\"Tab %d of section %d\"}%s}", t, s, (t % 7 == 3 ? ",\"badge\":" (t % 10) : "")
		}
		printf "]}"
	}
	printf "]}\n"
}' > "$work/layout.json"
profile "$work/layout.out" layout 0
costs "$work/keys.out" > "$work/once"
# Three more rounds of the keys: a function that gained fewer instructions than keys were sent ran
# for something else (a timer, the timing of a read).
# (Each awk below reads a list from a file, then another list; `FILENAME == ARGV[1]` tells them
# apart where `NR == FNR` would take the whole second list for the first when the first is empty.)
costs "$work/repeat.out" | awk -v keys="$(echo $keys | wc -w)" \
	'FILENAME == ARGV[1] { once[$2] = $1; next } $1 - once[$2] >= 3 * keys { print $1 - once[$2], $2 }' "$work/once" - |
	sort -k1,1nr -k2,2 | awk '{ print $2 }' > "$work/hot"
[ -s "$work/hot" ] || echo "order-file: no function ran per key (did the keys reach the program?)" >&2
functions "$work/keys.out" | awk 'FILENAME == ARGV[1] { seen[$1] = 1; next } !($1 in seen)' "$work/hot" - >> "$work/hot"
functions "$work/search.out" | awk 'FILENAME == ARGV[1] { seen[$1] = 1; next } !($1 in seen)' "$work/hot" - >> "$work/hot"
functions "$work/layout.out" | awk 'FILENAME == ARGV[1] { seen[$1] = 1; next } !($1 in seen)' "$work/hot" - >> "$work/hot"

# Functions that live in a whole-file `.text` section of the static archives the binary links.
swift_lib=$(dirname "$(dirname "$(command -v swiftc || command -v swift)")")/lib/swift_static/linux
archives=""
for a in "$swift_lib"/libswiftCore.a "$swift_lib"/libswift_Concurrency.a "$swift_lib"/libswiftSynchronization.a \
	"$swift_lib"/libdispatch.a "$swift_lib"/libBlocksRuntime.a \
	"$(clang -print-file-name=libstdc++.a 2>/dev/null || echo none)" \
	"$(clang -print-file-name=libncursesw.a 2>/dev/null || echo none)" \
	"$(clang -print-file-name=libtinfo.a 2>/dev/null || echo none)"; do
	[ -f "$a" ] && archives="$archives $a"
done
# objdump -t: "address flags section<TAB>size [.hidden] name"
# shellcheck disable=SC2086
objdump -t $archives 2>/dev/null | awk -F '\t' 'NF >= 2 {
	n = split($1, a, " "); if (a[n] == ".text" && a[n - 1] == "F") { m = split($2, b, " "); print b[m] }
}' | sort -u > "$work/whole-section"

{
	echo "# Link order of tabnav-tui's code: written by scripts/order-file.sh; see docs/benchmark.md."
	awk 'FILENAME == ARGV[1] { whole[$1] = 1; next } !($1 in whole)' "$work/whole-section" "$work/hot"
	awk 'FILENAME == ARGV[1] { whole[$1] = 1; next } ($1 in whole)' "$work/whole-section" "$work/hot"
} > "$out"
echo "order-file: $(($(wc -l < "$out") - 1)) functions written to $out"
