#!/bin/sh
# Measures the CPU time of the whole `tick ui` process per keystroke (state machine,
# SQLite, layout, ncurses drawing and terminal output) on 100,000 reminders in one list,
# by running it in a private tmux server, sending keys, and reading its CPU time from
# /proc before and after. Needs tmux and a release build:
#
#   swift build -c release && sh bench/tui-terminal.sh [count]
set -eu
cd "$(dirname "$0")/.."
count=${1:-100000}
work=$(mktemp -d)
socket="tick-tui-bench-$$"
cleanup() {
  path=$(tmux -L "$socket" display-message -p '#{socket_path}' 2>/dev/null || true)
  tmux -L "$socket" kill-server 2>/dev/null || true
  case "$path" in */"$socket") rm -f "$path" ;; esac
  rm -rf "$work"
}
trap cleanup EXIT
.build/release/tick-tui-bench "$count" --keep "$work/tick.sqlite3" >/dev/null
tmux -u -L "$socket" -f /dev/null new-session -d -x 80 -y 24 -s main \
  -e TICK_DB="$work/tick.sqlite3" -e TICK_NOW=2026-11-29T12:00:00Z -e TZ=UTC -e LANG=C.UTF-8 \
  "echo \$\$ > '$work/pid'; exec .build/release/tick ui"
# Wait until the UI shows its footer.
i=0; until tmux -L "$socket" capture-pane -p -t main | grep -q "q quit"; do i=$((i+1)); [ $i -lt 500 ] || exit 1; sleep 0.01; done
pid=$(cat "$work/pid")
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
measure() { # name, key, presses
  before=$(ticks)
  n=0; while [ $n -lt "$3" ]; do tmux -L "$socket" send-keys -t main "$2"; n=$((n+1)); done
  # Let the UI drain its input: wait until its CPU time stops growing.
  last=-1; now=$(ticks); while [ "$now" != "$last" ]; do last=$now; sleep 0.3; now=$(ticks); done
  after=$(ticks)
  awk -v name="$1" -v t=$((after - before)) -v hz="$hz" -v n="$3" \
    'BEGIN { printf "%-34s %8.3f ms CPU per key (%d keys)\n", name, t * 1000 / hz / n, n }'
}
echo "tick ui at $count reminders in one list, 80x24, whole process:"
measure "j (move down, paging by key)" j 2000
measure "k (move up)" k 1000
measure "Page Down" NPage 300
measure "Space (toggle: write + redraw)" Space 300
measure "J (move: write + redraw)" J 300
tmux -L "$socket" send-keys -t main q
