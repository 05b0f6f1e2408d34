#!/bin/bash
# How long the last command of many outlives a crash of the program (docs/behaviour.md,
# "Children"): starts tabnav-tui in a private tmux server on a layout whose command ignores
# SIGTERM, presses r RUNS times (each press starts a new run and ends the one before), crashes the
# program with SIGSEGV once RUNS - 70 runs have started (1,030 of 1,100, as the end-to-end test
# does), and prints how many shells were alive then and how many milliseconds passed from the
# program's death to the last one's. LOADERS `yes >/dev/null` processes keep the machine busy.
# Set TABNAV_CRASH_TRACE=1 to see the count every 20 ms (and the survivors after 4 s).
# Usage: scripts/crash-children.sh [PROGRAM [RUNS [LOADERS]]]   (default: debug build, 1100, 0)
set -eu
cd "$(dirname "$0")/.."
program=$(realpath "${1:-.build/debug/tabnav-tui}")
runs=${2:-1100}
loaders=${3:-0}
command -v tmux >/dev/null 2>&1 || { echo "crash-children.sh: tmux is missing" >&2; exit 2; }
folder=$(mktemp -d "${TMPDIR:-/tmp}/tabnav-crash.XXXXXX")
server=tabnav-crash-$$
busy=""
cleanup() {
    tmux -L "$server" kill-server 2>/dev/null || true
    for pid in $busy; do kill "$pid" 2>/dev/null || true; done
    [ -s "$folder/all.pid" ] && xargs kill -9 < "$folder/all.pid" 2>/dev/null || true
    rm -rf "$folder"
}
trap cleanup EXIT
cat > "$folder/ops.json" <<'EOF'
{"id": "ops", "title": "Ops", "tabs": [{"id": "s", "title": "Stubborn",
 "content": {"command": "echo $$ >> all.pid; trap '' TERM; sleep 4441", "timeout": 600}}]}
EOF
# Time and short waits without starting a process.
now() { local t=${EPOCHREALTIME/[.,]/}; ms=$(( t / 1000 )); }
mkfifo "$folder/tick"
exec 9<>"$folder/tick"
pause() { read -r -t 0.02 -u 9 || true; }
# The shells of all.pid that are still processes (not zombies), read without starting any process
# (a busy machine may be slow to start one).
alive() {
    count=0
    while read -r shell; do
        state=""
        { read -r stat < "/proc/$shell/stat"; } 2>/dev/null && state=${stat##*) } && state=${state%% *}
        case $state in "" | Z | X) ;; *) count=$((count + 1)) ;; esac
    done < "$folder/all.pid"
}

i=0
while [ "$i" -lt "$loaders" ]; do yes >/dev/null & busy="$busy $!"; i=$((i + 1)); done
tmux -L "$server" new -d -s t -x 100 -y 30 \
    "echo \$\$ > '$folder/program.pid'; cd '$folder'; exec env XDG_STATE_HOME='$folder/state' '$program' --layout ops.json --trust"
until [ -s "$folder/all.pid" ]; do sleep 0.05; done
pid=$(cat "$folder/program.pid")
left=$runs
while [ "$left" -gt 0 ]; do
    n=$(( left > 100 ? 100 : left ))
    tmux -L "$server" send-keys -t t -l "$(printf 'r%.0s' $(seq "$n"))"
    left=$((left - n))
done
want=$(( runs > 140 ? runs - 70 : runs / 2 ))
until [ "$(wc -l < "$folder/all.pid")" -ge "$want" ]; do sleep 0.02; done
alive; before=$count
kill -SEGV "$pid"
while [ -e "/proc/$pid" ] && ! grep -q '^[^)]*) [ZX]' "/proc/$pid/stat" 2>/dev/null; do sleep 0.005; done
now; died=$ms
remaining=$before
while [ "$remaining" -gt 0 ] && [ $(( ms - died )) -lt 60000 ]; do
    pause
    alive; remaining=$count
    now
    if [ -n "${TABNAV_CRASH_TRACE:-}" ] && [ $(( ms - died )) -gt 4000 ] && [ -z "${dumped:-}" ]; then
        dumped=1; ps -o pid=,ppid=,stat=,wchan:24=,args= -p "$(paste -sd, "$folder/all.pid")" | grep -v " Z" | head -5 >&2
    fi
    [ -n "${TABNAV_CRASH_TRACE:-}" ] && echo "$(( ms - died )) ms: $remaining" >&2
done
echo "runs started $(wc -l < "$folder/all.pid"), shells alive at the crash $before, last gone after $(( ms - died )) ms, left $remaining (loaders $loaders)"
[ "$remaining" -eq 0 ]
