#!/bin/sh
# Screenshots of tabnav-tui in a real terminal emulator (xterm, 256 colours, under a virtual X display) for
# README.md: a light and a dark xterm, the sidebar, edit mode, a grab and a command tab, as PNG
# files in docs/images/. Needs xvfb, xterm, xdotool, imagemagick and fonts-dejavu-core (Debian):
#   sudo apt-get install xvfb xterm xdotool imagemagick fonts-dejavu-core
# Usage: scripts/screenshots.sh [PROGRAM]   (default: the debug build, built if missing)
set -eu
cd "$(dirname "$0")/.."
program=${1:-.build/debug/tabnav-tui}
[ -x "$program" ] || swift build --product tabnav-tui
for tool in Xvfb xterm xdotool import; do
    command -v "$tool" >/dev/null 2>&1 || { echo "screenshots.sh: $tool is missing (see the comment at the top)" >&2; exit 2; }
done
out=docs/images
mkdir -p "$out"
display=:${TABNAV_SCREENSHOT_DISPLAY:-77}
state=$(mktemp -d "${TMPDIR:-/tmp}/tabnav-shots.XXXXXX")

Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$state"' EXIT
# The display is up when a client can talk to it.
tries=0
until DISPLAY=$display xdotool getmouselocation >/dev/null 2>&1; do
    tries=$((tries + 1)); [ $tries -lt 100 ] || { echo "screenshots.sh: Xvfb did not start" >&2; exit 1; }
    sleep 0.1
done

# shot NAME XTERM-OPTIONS KEYS ARGS...: starts the program in a 120x34 xterm, presses KEYS (xdotool
# key names, space-separated), and saves the window as NAME.png.
shot() {
    name=$1 xtermOptions=$2 keys=$3
    shift 3
    DISPLAY=$display xterm $xtermOptions -fa 'DejaVu Sans Mono' -fs 11 -geometry 120x34+0+0 -bw 0 -tn xterm-256color \
        -xrm 'XTerm*allowColorOps: true' -e env LANG=C.UTF-8 TABNAV_STATE_DIR="$state" "$program" --no-persist "$@" &
    terminal=$!
    window=$(DISPLAY=$display xdotool search --sync --pid $terminal | head -n 1)
    # Without a window manager the pointer gives the focus: keys go to the window under it.
    DISPLAY=$display xdotool mousemove --window "$window" 400 300
    sleep 1.5  # the first frame and the background's answer
    for key in $keys; do
        DISPLAY=$display xdotool key "$key"
        sleep 0.3
    done
    sleep 0.7
    DISPLAY=$display import -window "$window" "$out/$name.png"
    kill $terminal 2>/dev/null || true
    wait $terminal 2>/dev/null || true
    echo "$out/$name.png"
}

# xterm's own colours are black on white; -rv turns them to white on black.
shot light-sidebar "" ""
shot dark-sidebar "-rv" ""
shot light-edit "" "s e Right Right"
shot dark-grab "-rv" "s e Right Return Right"
shot dark-command "-rv" "Down Down Return" --layout Demo/layouts/ops.json --trust
