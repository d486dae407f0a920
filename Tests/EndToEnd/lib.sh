# Helpers shared by the end-to-end tests (sourced, not run): a private tmux server, keys, views
# of the screen and TAP-like checks. The sourcing script sets `sock` (the tmux socket name),
# `term` (TERM inside the sessions) and the counters `checks=0 failures=0`.
#
# Each run is its own tmux session, a plain `bash --norc` that outlives the program. A check
# polls its view for up to ${wait_s:-15} seconds. With `todo=REASON` set, a failing check
# prints `not ok N - ... # TODO REASON` and does not count as a failure (a known bug).

T() { tmux -L "$sock" -f /dev/null "$@"; }
start_shell() { # start_shell SESSION WIDTH HEIGHT
  T new-session -d -s "$1" -x "$2" -y "$3" \
    "env TERM=$term PS1='e2e\$ ' HISTFILE=/dev/null bash --norc --noprofile"
  T set-option -t "$1" status off > /dev/null
  T resize-window -t "$1" -x "$2" -y "$3" > /dev/null 2>&1
}
type_line() { # type_line SESSION TEXT: types TEXT at the shell and presses Enter
  T send-keys -t "$1" -l "$2"
  T send-keys -t "$1" Enter
}
keys() { # keys SESSION KEY...: one key at a time, so Esc is never read as Alt-KEY
  local s=$1 k
  shift
  for k in "$@"; do
    T send-keys -t "$s" "$k"
    sleep 0.05
  done
}
screen() { T capture-pane -p -t "$1"; }
title() { screen "$1" | sed -n 1p; }
status_line() { screen "$1" | sed -n '$p'; }
# A question and its answers, which wrap onto the rows above the status line when long: the
# bottom rows joined into one line, runs of spaces squeezed.
prompt_text() { screen "$1" | tail -n 6 | tr '\n' ' ' | tr -s ' '; }
detail() { screen "$1" | awk -F'│' 'NF > 1 { print $2 }'; }
last_line() { screen "$1" | grep -v '^[[:space:]]*$' | tail -n 1; }
# The highlighted rows right of the pane border (the findings pane's selection), without SGR.
selected_right() {
  T capture-pane -e -p -t "$1" | awk -F'│' 'NF > 1 { print $2 }' |
    grep -E $'\e\\[([0-9;]*;)?(7|4[0-7]|48;5;[0-9]+)m' | sed -E $'s/\e\\[[0-9;]*m//g'
}

report() { # report PASSED DESCRIPTION SESSION
  checks=$((checks + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $checks - $2${todo:+ # TODO $todo (passes now: drop the TODO)}"
  elif [ -n "${todo:-}" ]; then
    echo "not ok $checks - $2 # TODO $todo"
  else
    failures=$((failures + 1))
    echo "not ok $checks - $2"
    echo "# screen of $3:"
    screen "$3" 2> /dev/null | sed 's/^/#   /'
  fi
}
# check SESSION DESCRIPTION VIEW GREP-ARGS...: polls VIEW (screen, title, status_line, detail or
# last_line) for up to ${wait_s:-15} s until `grep -q GREP-ARGS` matches it.
check() {
  local s=$1 what=$2 view=$3 deadline=$((SECONDS + ${wait_s:-15})) ok=1
  shift 3
  while :; do
    if "$view" "$s" | grep -q "$@"; then
      ok=0
      break
    fi
    [ $SECONDS -ge $deadline ] && break
    sleep 0.1
  done
  report $ok "$what" "$s"
}
check_absent() { # like check, but waits until VIEW no longer matches
  local s=$1 what=$2 view=$3 deadline=$((SECONDS + ${wait_s:-15})) ok=1
  shift 3
  while :; do
    if ! "$view" "$s" | grep -q "$@"; then
      ok=0
      break
    fi
    [ $SECONDS -ge $deadline ] && break
    sleep 0.1
  done
  report $ok "$what" "$s"
}
check_value() { # check_value SESSION DESCRIPTION ACTUAL EXPECTED
  local ok=1
  [ "$3" = "$4" ] && ok=0
  report $ok "$2 (got '$3', expected '$4')" "$1"
}
children_of() { # children_of PID: the process ids whose parent is PID (from /proc, no procps)
  local stat pid comm state ppid rest
  for stat in /proc/[0-9]*/stat; do
    { read -r pid comm state ppid rest < "$stat"; } 2> /dev/null || continue
    [ "$ppid" = "$1" ] && echo "$pid"
  done
}
# checks_restored SESSION EXPECTED-EXIT: the program is gone and the terminal is as before.
checks_restored() {
  local s=$1
  check "$s" "$s: the program exits with status $2" screen -x "EXIT=$2"
  check "$s" "$s: the shell prompt is back" last_line -x 'e2e\$'
  check_value "$s" "$s: the alternate screen is off" \
    "$(T display -p -t "$s" '#{alternate_on}')" 0
  check_value "$s" "$s: the cursor is visible" "$(T display -p -t "$s" '#{cursor_flag}')" 1
  check_value "$s" "$s: mouse reporting is off" \
    "$(T display -p -t "$s" '#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}')" 000
  type_line "$s" 'clear; stty -a; echo "STTY-$((6 * 7))"'
  check "$s" "$s: stty has run" screen -x 'STTY-42'
  check "$s" "$s: stty shows canonical mode (icanon)" screen -Ew 'isig icanon'
  check_absent "$s" "$s: stty does not show -icanon" screen -e '-icanon'
  check "$s" "$s: stty shows echo on" screen -E '(^| )echo( |$)'
  check_absent "$s" "$s: stty does not show -echo" screen -E '(^| )-echo( |$)'
}

# e2e_prepare NAME: the setup every script shares, after its own skip checks: the binary in
# $bin made absolute (exit 1 when it is missing), a UTF-8 locale for tmux's captures, $term,
# a temporary folder $tmp and a private tmux socket $sock (both removed on exit), the counters.
e2e_prepare() {
  if [ ! -x "$bin" ]; then
    echo "not ok - the binary $bin exists (build it first: swift build)"
    exit 1
  fi
  bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
  # tmux must see a UTF-8 locale, or it replaces the box-drawing characters in its captures.
  case "${LC_ALL:-${LC_CTYPE:-${LANG:-}}}" in
    *UTF-8* | *utf8* | *UTF8* | *utf-8*) ;;
    *) export LC_ALL=C.UTF-8 ;;
  esac
  term=screen-256color
  infocmp tmux-256color > /dev/null 2>&1 && term=tmux-256color
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/infoscope-$1.XXXXXX")
  sock="infoscope-$1-$$"
  trap 'T kill-server > /dev/null 2>&1; rm -rf "$tmp"' EXIT
  trap 'exit 1' INT TERM HUP
  failures=0
  checks=0
  started=$SECONDS
}
