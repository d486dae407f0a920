#!/usr/bin/env bash
# End-to-end robustness test of the terminal inspector in a private tmux server, on bundles of
# its own (no corpus): a 3.7 MB Info.plist with a 1 MB string, a value full of escape sequences
# (colours, clear screen, OSC 52, a title change, C1 CSI), bidi and zero-width controls,
# replacement characters, CJK and emoji in values and keys, and a 100,000-item array.
#
#   1. Sizes 1x1 to 500x200: the program stays up and draws the title (at 40x10 and more) or the
#      "too small" line cut to the width (below), with nothing else on the screen; after q at
#      80x24, nothing of it is left on the shell's screen.
#   2. A storm of 200 resizes between 1x1 and 300x100, then 120x40: the screen is exactly what it
#      was before the storm.
#   3. 5,000 random bytes (cut CSI and SS3 sequences, lone Esc, invalid UTF-8, C1 bytes, NUL,
#      X10 and SGR mouse reports, bracketed pastes without their end): the program stays up and
#      still answers keys.
#   4. SIGINT (Ctrl-C), SIGTERM and SIGHUP restore the terminal (exit 130, 143, 129); a closed
#      terminal (tmux kill-session, SIGHUP ignored) ends the program instead of leaving it spinning.
#   5. A failed save: the status bar says "not saved" with the reason, the file on disk is
#      byte-identical, the edit stays, and q, d quits with the terminal restored.
#
# Usage: Tests/EndToEnd/robustness.sh [BINARY]   (default .build/debug/infoscope; builds nothing)
# Needs tmux (skips with exit status 0 without it). The random sizes and bytes come from
# INFOSCOPE_E2E_SEED (default 7; printed), so a failure is reproduced with the same seed. Prints
# one TAP-like line per check (the screen on failure) and exits 1 on any failure.
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
seed=${INFOSCOPE_E2E_SEED:-7}
echo "# seed $seed (INFOSCOPE_E2E_SEED=$seed reproduces the random sizes and bytes)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/robust.XXXXXX") # no "infoscope" in the title
sock="infoscope-robust-$$"
immutable=""
T() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
  T kill-server > /dev/null 2>&1
  [ -n "$immutable" ] && chattr -i "$immutable" > /dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

failures=0
checks=0
started=$SECONDS

# --- The bundles ------------------------------------------------------------------------------
big="$tmp/Hostile.app"
mkdir -p "$big"
{
  printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">' \
    '<plist version="1.0">' '<dict>'
  printf '\t<key>CFBundleIdentifier</key>\n\t<string>org.example.hostile</string>\n'
  printf '\t<key>CFBundleName</key>\n\t<string>Hostile</string>\n'
  printf '\t<key>Escapes</key>\n\t<string>%s</string>\n' \
    'red&#x1B;[31mRED&#x1B;[0m clear&#x1B;[2J&#x1B;[H osc52&#x1B;]52;c;aGVsbG8=&#x7; title&#x1B;]0;pwned&#x1B;\ c1csi&#x9B;31m bell&#x7; bs&#x8;&#x8; cr&#xD;lf&#xA;tab&#x9;del&#x7F;'
  printf '\t<key>Bidi</key>\n\t<string>abc\u202Edef\u2066ghi\u200Fjkl\u200Bzwsp \uFFFD\uFFFD after invalid bytes</string>\n'
  printf '\t<key>Wide</key>\n\t<string>日本語の表示 한국어 中文 😀👨‍👩‍👧‍👦🇯🇵 e\u0301\u0301\u0301 ｆｕｌｌ</string>\n'
  printf '\t<key>日本語のキー😀</key>\n\t<string>wide key</string>\n'
  printf '\t<key>Long</key>\n\t<string>'
  head -c 1048576 /dev/zero | tr '\0' 'L'
  printf '</string>\n\t<key>Many</key>\n\t<array>\n'
  seq 1 100000 | sed 's/.*/\t\t<integer>&<\/integer>/'
  printf '\t</array>\n</dict>\n</plist>\n'
} > "$big/Info.plist"

small="$tmp/Save.app"
mkdir -p "$small"
{
  printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">' \
    '<plist version="1.0">' '<dict>'
  printf '\t<key>CFBundleDisplayName</key>\n\t<string>Old</string>\n'
  printf '\t<key>CFBundleIdentifier</key>\n\t<string>org.example.save</string>\n'
  # Padding past 1 KiB, for the file size limit below.
  printf '\t<key>Padding</key>\n\t<string>%s</string>\n' "$(head -c 2048 /dev/zero | tr '\0' 'p')"
  printf '</dict>\n</plist>\n'
} > "$small/Info.plist"
cp "$small/Info.plist" "$tmp/Save-original.plist"

source Tests/EndToEnd/lib.sh   # tmux helpers, views and checks shared by the end-to-end tests
second_line() { screen "$1" | sed -n 2p; }
running() { # running PID: the process exists and is not a zombie
  local pid comm state rest
  { read -r pid comm state rest < "/proc/$1/stat"; } 2> /dev/null || return 1
  [ "$state" != Z ]
}
launch() { # launch SESSION BUNDLE [SETUP]: runs the inspector (after the shell commands SETUP,
  # in a subshell the inspector replaces), echoing its exit status after
  local command
  command=$(printf '%q %q' "$bin" "$2")
  [ -n "${3:-}" ] && command="($3 exec $command)"
  type_line "$1" "$command; echo \"EXIT=\$?\""
}
inspector_pid() { # inspector_pid SESSION: the inspector under the session's shell (waits 10 s)
  local deadline=$((SECONDS + 10)) pid
  while :; do
    for pid in $(children_of "$(T display -p -t "$1" '#{pane_pid}')"); do
      if [ "$(cat "/proc/$pid/comm" 2> /dev/null)" = infoscope ]; then
        echo "$pid"
        return
      fi
    done
    [ $SECONDS -ge $deadline ] && return
    sleep 0.1
  done
}
cpu_ticks() { # cpu_ticks PID: the process's user and system time so far, in clock ticks
  awk '{ print $14 + $15 }' "/proc/$1/stat" 2> /dev/null
}
check_alive() { # check_alive SESSION PID WHEN
  running "${2:-0}"
  report $? "$1: the inspector is alive $3" "$1"
}
# checks_restored SESSION EXPECTED-EXIT: the program is gone and the terminal is as before.
checks_restored() {
  local s=$1
  # At the line's end only: after a resize tmux may put the shell's cursor back after the
  # command line rather than under it.
  check "$s" "$s: the program exits with status $2" screen -E "EXIT=$2\$"
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
# too_small_screen WIDTH HEIGHT: the screen the inspector draws below 40x10 (as tmux captures
# it: trailing blanks dropped): the "too small" line centred on row HEIGHT/2, cut to the width
# with an ellipsis.
too_small_screen() {
  local w=$1 h=$2 text="too small: needs 40x10" x y
  [ "$w" -ge 36 ] && text="terminal too small: ${w}x${h}, needs 40x10"
  x=$(((w - ${#text}) / 2))
  [ $x -lt 0 ] && x=0
  [ ${#text} -gt $((w - x)) ] && text="${text:0:w-x-1}…"
  for ((y = 0; y < h; y++)); do
    if [ $y -eq $((h / 2)) ]; then
      printf '%*s%s\n' $x '' "$text"
    else
      echo
    fi
  done
}
# check_sane SESSION WIDTH HEIGHT: at 40x10 or more, the title line names infoscope at most once
# (narrow title bars give the room to the counts of findings), the tree pane's header follows
# it, and the status bar is on the last line; below, only the "too small" line shows.
check_sane() {
  local s=$1 w=$2 h=$3 deadline=$((SECONDS + 15)) ok=1 expected
  if [ "$w" -ge 40 ] && [ "$h" -ge 10 ]; then
    check "$s" "$s: the title bar shows at ${w}x${h}" title -E '^ (infoscope · |✖ [0-9]+ error)'
    check_value "$s" "$s: 'infoscope' appears at most once on the title line at ${w}x${h}" \
      "$(title "$s" | grep -o infoscope | wc -l | awk '{ print ($1 <= 1) }')" 1
    check "$s" "$s: the tree pane follows the title at ${w}x${h}" second_line -E '^─ Tree ─'
    check "$s" "$s: the status bar is on the last line at ${w}x${h}" status_line -E '^ [^ ]'
  else
    expected=$(too_small_screen "$w" "$h")
    while :; do
      [ "$(screen "$s")" = "$expected" ] && ok=0 && break
      # ncurses cannot draw the bottom-right cell, the only one at 1x1.
      [ "$w$h" = 11 ] && [ -z "$(screen "$s" | tr -d '[:space:]')" ] && ok=0 && break
      [ $SECONDS -ge $deadline ] && break
      sleep 0.1
    done
    report $ok "$s: only the 'too small' line shows at ${w}x${h}" "$s"
  fi
}

# --- 1. Sizes from 1x1 to 500x200 -------------------------------------------------------------
# Each size is a session started at that size; the keys move through every row (the 1 MB value
# in the detail pane), open the 100,000 items and go to the last one.
for size in 1x1 2x2 10x3 39x9 40x10 80x24 500x200; do
  w=${size%x*}
  h=${size#*x}
  s="size-$size"
  start_shell "$s" "$w" "$h"
  sleep 0.2
  launch "$s" "$big"
  pid=$(inspector_pid "$s")
  check_sane "$s" "$w" "$h"
  keys "$s" j j j j j j j j j l G
  sleep 0.3
  check_alive "$s" "$pid" "after moving to the last of 100,000 items"
  check_sane "$s" "$w" "$h"
  T resize-window -t "$s" -x 80 -y 24
  check "$s" "$s: the last item is selected at 80x24" status_line -F 'Many[99999]'
  keys "$s" q
  check "$s" "$s: the program exits" screen -E 'EXIT=0$'
  check_absent "$s" "$s: nothing of the inspector is left on the shell's screen" \
    screen -E 'infoscope ·|\? help|too small|Identifier|Many\['
  checks_restored "$s" 0
done

# --- 2. A storm of resizes --------------------------------------------------------------------
s=storm
start_shell $s 120 40
launch $s "$big"
pid=$(inspector_pid $s)
check_sane $s 120 40
keys $s j j j j
check $s "$s: j j j j selects the escapes" status_line -F 'Escapes'
sleep 0.3
before=$(screen $s)
RANDOM=$seed
sizes=""
for ((batch = 0; batch < 20; batch++)); do
  args=()
  for ((i = 0; i < 10; i++)); do
    w=$((RANDOM % 300 + 1))
    h=$((RANDOM % 100 + 1))
    sizes+=" ${w}x$h"
    args+=(resize-window -t $s -x $w -y $h \;)
  done
  T "${args[@]}" > /dev/null
done
echo "# resize storm (seed $seed):$(echo "$sizes" | cut -c1-300)..."
T resize-window -t $s -x 120 -y 40
check_alive $s "$pid" "after 200 resizes"
deadline=$((SECONDS + 15))
until [ "$(screen $s)" = "$before" ] || [ $SECONDS -ge $deadline ]; do sleep 0.1; done
check_value $s "$s: the screen at 120x40 after the storm is the screen before it" \
  "$(diff <(echo "$before") <(screen $s) | wc -l) lines differ" "0 lines differ"
check_sane $s 120 40

# --- 3. Random bytes --------------------------------------------------------------------------
# Left out of the random bytes, so that the session stays as it is and running: the keys that
# quit, save or change the file (q w x d r t a e u, Enter as CR and LF, Ctrl-R), the bytes the
# terminal turns into signals or flow control (Ctrl-C, Ctrl-Z, Ctrl-\, Ctrl-S, Ctrl-Q), and `~`,
# which could complete a cut `Esc [ 3` into the Delete key.
excluded=" 71 77 78 64 72 74 61 65 75 0d 0a 12 03 1a 1c 13 11 7e "
# The generator appends to `bytes` and never runs in a subshell: bash seeds RANDOM afresh in
# each one, and the bytes would not follow from the seed.
bytes=()
add_random_byte() { # a byte that is not excluded
  local b
  while :; do
    printf -v b '%02x' $((RANDOM % 256))
    [[ $excluded == *" $b "* ]] || break
  done
  bytes+=("$b")
}
add_in_range() { # add_in_range LOW COUNT: one byte from LOW to LOW + COUNT - 1
  local b
  printf -v b '%02x' $(($1 + RANDOM % $2))
  bytes+=("$b")
}
add_parameters() { # up to 3 digits or semicolons, as the parameters of a cut sequence
  local n
  for ((n = RANDOM % 4; n > 0; n--)); do
    if ((RANDOM % 4 == 0)); then bytes+=(3b); else add_in_range 0x30 10; fi
  done
}
RANDOM=$((seed + 1))
while [ ${#bytes[@]} -lt 5000 ]; do
  r=$((RANDOM % 100))
  if ((r < 40)); then add_random_byte
  elif ((r < 50)); then bytes+=(1b 5b) && add_parameters # CSI cut after its parameters
  elif ((r < 54)); then bytes+=(1b 4f)                    # SS3 alone
  elif ((r < 56)); then bytes+=(1b 4f) && add_in_range 0x50 4 # SS3 P..S: F1 to F4
  elif ((r < 60)); then bytes+=(1b)                       # lone Esc
  elif ((r < 66)); then
    case $((RANDOM % 7)) in
      0) bytes+=(c3) ;;          # a lead byte alone
      1) bytes+=(ff) ;;          # never valid
      2) bytes+=(c0 af) ;;       # overlong '/'
      3) bytes+=(e2 82) ;;       # three-byte sequence cut
      4) bytes+=(ed a0 80) ;;    # a UTF-16 surrogate
      5) bytes+=(f4 90 80 80) ;; # above U+10FFFF
      *) bytes+=(fe fe ff) ;;
    esac
  elif ((r < 70)); then add_in_range 0x80 32 # C1
  elif ((r < 72)); then bytes+=(00)
  elif ((r < 78)); then # X10 mouse report, sometimes cut
    bytes+=(1b 5b 4d)
    for ((i = RANDOM % 4; i > 0; i--)); do add_in_range 0x20 224; done
  elif ((r < 82)); then # SGR mouse report, sometimes without its final byte
    bytes+=(1b 5b 3c) && add_parameters && bytes+=(3b) && add_parameters && bytes+=(3b)
    add_parameters
    case $((RANDOM % 3)) in 0) bytes+=(4d) ;; 1) bytes+=(6d) ;; esac
  elif ((r < 88)); then # valid UTF-8: é, 日, 😀
    case $((RANDOM % 3)) in
      0) bytes+=(c3 a9) ;;
      1) bytes+=(e6 97 a5) ;;
      *) bytes+=(f0 9f 98 80) ;;
    esac
  elif ((r < 95)); then # whole keys: arrows, Home, End, Page Up and Down
    case $((RANDOM % 8)) in
      0) bytes+=(1b 5b 41) ;; 1) bytes+=(1b 5b 42) ;; 2) bytes+=(1b 5b 43) ;; 3) bytes+=(1b 5b 44) ;;
      4) bytes+=(1b 5b 48) ;; 5) bytes+=(1b 5b 46) ;; 6) bytes+=(1b 5b 35 7e) ;; *) bytes+=(1b 5b 36 7e) ;;
    esac
  else # a bracketed paste, its end marker sometimes missing
    bytes+=(1b 5b 32 30 30 7e) && add_random_byte && add_random_byte
    ((RANDOM % 2 == 0)) && bytes+=(1b 5b 32 30 31 7e)
  fi
done
echo "# random input (seed $seed): ${#bytes[@]} bytes, the last: ${bytes[*]: -24}"
s=storm
failed_before=$failures
sent=$SECONDS
for ((i = 0; i < ${#bytes[@]}; i += 50)); do
  T send-keys -t $s -H "${bytes[@]:i:50}"
  sleep 0.01
done
check_alive $s "$pid" "after ${#bytes[@]} random bytes"
# The keys among the bytes (expanding 100,000 items, searching them) take the inspector a few
# seconds to catch up with; keys sent before then could land in a paste left without its end.
idle=1
for ((i = 0; i < 150; i++)); do
  ticks=$(cpu_ticks "${pid:-0}")
  sleep 0.2
  if [ "$ticks" = "$(cpu_ticks "${pid:-0}")" ]; then
    idle=0
    break
  fi
done
report $idle "$s: the inspector catches up with the input ($((SECONDS - sent)) s after it began)" $s
sleep 0.6 # a paste without its end marker ends after 500 ms
keys $s Escape
sleep 0.2
keys $s Escape
sleep 0.2
keys $s g '?'
check $s "$s: ? opens the help after the random bytes" screen -F 'Keys ─ j/k scroll · Esc closes'
sleep 0.2
keys $s Escape
check_absent $s "$s: Esc closes the help" screen -F 'Keys ─ j/k scroll'
check_sane $s 120 40
check_alive $s "$pid" "after the keys"
keys $s q
checks_restored $s 0
if [ $failures -gt "$failed_before" ]; then
  echo "# the random input (seed $seed), in hex:"
  printf '%s\n' "${bytes[@]}" | paste -d ' ' - - - - - - - - - - - - - - - - - - - - - - - - | sed 's/^/#   /'
fi

# --- 4. Signals -------------------------------------------------------------------------------
for sig in INT TERM HUP; do
  s="sig$sig"
  start_shell "$s" 100 30
  launch "$s" "$big"
  pid=$(inspector_pid "$s")
  check_sane "$s" 100 30
  keys "$s" j j j j j j j l # the 100,000 items open, the 1 MB value in the detail pane
  case $sig in
    INT)
      keys "$s" C-c
      # Bash drops the rest of a command line whose program died of SIGINT: ask for its status.
      check "$s" "$s: the shell prompt is back after Ctrl-C" last_line -x 'e2e\$'
      type_line "$s" 'echo "EXIT=$?"'
      checks_restored "$s" 130
      ;;
    TERM)
      kill -TERM "${pid:-0}"
      checks_restored "$s" 143
      ;;
    HUP)
      kill -HUP "${pid:-0}"
      checks_restored "$s" 129
      ;;
  esac
done
# The terminal closes under the program, which ignores SIGHUP (as under nohup): its input ends,
# and it must exit rather than wait or spin for ever.
s=closed
start_shell $s 100 30
launch $s "$big" "trap '' HUP; "
pid=$(inspector_pid $s)
check_sane $s 100 30
T kill-session -t $s
deadline=$((SECONDS + 10))
while running "${pid:-0}" && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
! running "${pid:-0}"
report $? "$s: the inspector ends when its terminal closes" $s

# --- 5. A failed save -------------------------------------------------------------------------
# Root ignores file permissions, so the folder is made immutable (chattr +i: no file can be
# created in it, the original stays readable) where that is allowed; elsewhere the shell limits
# the size of files it may write to 1 KiB (ulimit -f 1, SIGXFSZ ignored: write fails with EFBIG).
s=save
start_shell $s 200 30
prefix=""
if chattr +i "$small" 2> /dev/null; then
  chattr -i "$small"
  method="the bundle folder made immutable (chattr +i)"
else
  prefix="trap '' XFSZ; ulimit -f 1; "
  method="a 1 KiB file size limit (ulimit -f 1)"
fi
echo "# the save fails by $method"
launch $s "$small" "$prefix"
check_sane $s 200 30
keys $s j j e C-u F a i l e d Enter
# (Under the size limit the status bar says the recovery file cannot be kept, not "set ...".)
check $s "$s: the tree shows the new value" screen -F '"Failed"'
if [ -z "$prefix" ]; then
  chattr +i "$small" && immutable=$small
fi
keys $s w
check $s "$s: w shows the diff" screen -F '+    <string>Failed</string>'
keys $s y
check $s "$s: the status bar says the file is not saved" status_line -F 'not saved'
check $s "$s: the status bar gives the reason" status_line -E 'not saved.*(Operation not permitted|File too large)'
cmp -s "$small/Info.plist" "$tmp/Save-original.plist"
report $? "$s: the file on disk is byte-identical" $s
left=$(find "$small" -mindepth 1 ! -name Info.plist | wc -l)
check_value $s "$s: no temporary file is left in the folder" "$left" 0
check $s "$s: the tree keeps the edited value" screen -F '"Failed"'
check_sane $s 200 30
keys $s q
check $s "$s: q asks about the unsaved changes" screen -F '1 file has unsaved changes'
keys $s d
checks_restored $s 0
if [ -n "$immutable" ]; then
  chattr -i "$immutable"
  immutable=""
fi

echo "# $checks checks, $failures failed, $((SECONDS - started)) s"
[ "$failures" -eq 0 ]
