#!/usr/bin/env bash
# End-to-end test of the recovery file: edits a bundle's Info.plist in the real inspector (in a
# private tmux server), waits until the recovery file is written, kills the process with SIGKILL
# (nothing can be saved then), opens the same bundle again, restores the edits from the offer,
# saves them, quits, and checks the file on disk and that the recovery file is gone.
#
# Usage: Tests/EndToEnd/recovery.sh [BINARY]   (default .build/debug/infoscope; builds nothing)
# Needs tmux (skips with exit status 0 without it); uses only a file of its own. Prints one
# TAP-like line per check and exits 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."

bin=${1:-.build/debug/infoscope}
if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed (Debian package tmux)"
  exit 0
fi
if [ ! -x "$bin" ]; then
  echo "not ok - the binary $bin exists (build it first: swift build)"
  exit 1
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
case "${LC_ALL:-${LC_CTYPE:-${LANG:-}}}" in
  *UTF-8* | *utf8* | *UTF8* | *utf-8*) ;;
  *) export LC_ALL=C.UTF-8 ;;
esac
term=screen-256color
infocmp tmux-256color > /dev/null 2>&1 && term=tmux-256color

tmp=$(mktemp -d "${TMPDIR:-/tmp}/infoscope-recovery.XXXXXX")
sock="infoscope-recovery-$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
  T kill-server > /dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

app="$tmp/Keep.app"
mkdir -p "$app"
cat > "$app/Info.plist" << 'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDisplayName</key>
	<string>Old</string>
	<key>CFBundleIdentifier</key>
	<string>org.example.keep</string>
</dict>
</plist>
PLIST
state="$tmp/state"

failures=0
checks=0
started=$SECONDS
source Tests/EndToEnd/lib.sh   # tmux helpers, views and checks shared by the end-to-end tests
launch() {
  T send-keys -t "$1" -l "$(printf '%q %q' "$bin" "$app"); echo \"EXIT=\$?\""
  T send-keys -t "$1" Enter
}

s=keep
T new-session -d -s "$s" -x 100 -y 30 \
  "env TERM=$term XDG_STATE_HOME=$state PS1='e2e\$ ' HISTFILE=/dev/null bash --norc --noprofile"
T set-option -t "$s" status off > /dev/null
launch $s
check $s "the inspector opens" screen -F 'infoscope'
keys $s j j e C-u K e p t Enter
check $s "the value is set" status_line -F 'set CFBundleDisplayName'
# The recovery file is written within a few seconds of the edit.
deadline=$((SECONDS + 15))
while [ -z "$(ls "$state/infoscope/recovery" 2> /dev/null)" ] && [ $SECONDS -lt $deadline ]; do
  sleep 0.2
done
found=1
[ -n "$(ls "$state/infoscope/recovery" 2> /dev/null)" ] && found=0
report $found "a recovery file is written while the edit is unsaved" $s
pid=$(children_of "$(T display -p -t $s '#{pane_pid}')" | head -n 1)
kill -KILL "$pid"
check $s "the process is killed" screen -F 'EXIT=137'
T send-keys -t "$s" -l "stty sane; tput rmcup; clear"
T send-keys -t "$s" Enter
sleep 0.3
grep -q '<string>Old</string>' "$app/Info.plist"
report $? "the file on disk is untouched" $s

launch $s
check $s "the next open offers the edits" prompt_text -F 'unsaved edits to'
keys $s r
check $s "r restores them" status_line -F 'restored the unsaved edits'
check $s "the tree shows the restored value" screen -F '"Kept"'
keys $s w
check $s "w shows the diff of the restored edits" screen -F '+    <string>Kept</string>'
keys $s y
check $s "y writes the file" status_line -F "wrote $app/Info.plist"
keys $s q
check $s "the inspector quits" screen -F 'EXIT=0'
grep -q '<string>Kept</string>' "$app/Info.plist"
report $? "the saved file holds the restored edit" $s
left=$(ls "$state/infoscope/recovery" 2> /dev/null | wc -l)
[ "$left" -eq 0 ]
report $? "the recovery file is removed after the save ($left left)" $s

echo "# $checks checks, $failures failed, $((SECONDS - started)) s"
[ "$failures" -eq 0 ]
