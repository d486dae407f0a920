#!/usr/bin/env bash
# End-to-end fault test of the one writer (AtomicFile), through the real binary, in a folder of
# its own (special files are made there, never taken from /dev):
#
#   1. SIGKILL during `set`, ${INFOSCOPE_E2E_KILLS:-200} times at random moments: the file is
#      always the old bytes or the new, whole; temporary files left by the kills are removed by
#      the next save.
#   2. A full disk as `ulimit -f` (RLIMIT_FSIZE) makes it: `convert` exits 73 saying "File too
#      large", with no temporary file left and the old file whole (SIGXFSZ does not kill it).
#   3. A folder no one may write (chattr +i, which stops root too; skipped where chattr cannot):
#      `set` exits 73 and the file is whole.
#   4. Another program replacing the file (write a copy, rename it) while `set` runs,
#      ${INFOSCOPE_E2E_RACES:-60} times: the other program's write is never lost; `set` either
#      wins cleanly or reports the race.
#   5. Special files as `-o`: a FIFO gets the bytes, a device node (root only) and a symbolic
#      link to it stay what they are, a folder is refused.
#
# Usage: Tests/EndToEnd/saves.sh [BINARY]   (default .build/debug/infoscope; builds nothing)
# Random moments come from INFOSCOPE_E2E_SEED (default 7; printed). Prints one TAP-like line
# per check and exits 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."

bin=$(realpath "${1:-.build/debug/infoscope}")
seed=${INFOSCOPE_E2E_SEED:-7}
RANDOM=$seed
echo "# seed $seed"
dir=$(mktemp -d /tmp/infoscope-saves-XXXXXX)
trap 'chattr -i "$dir/locked" 2> /dev/null; rm -rf "$dir"' EXIT
checks=0 failures=0
ok() { # ok STATUS DESCRIPTION [DETAIL]
  checks=$((checks + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $checks - $2"
  else
    failures=$((failures + 1))
    echo "not ok $checks - $2${3:+ ($3)}"
  fi
}
temporaries() { find "$1" -maxdepth 1 -name '.*.infoscope-*' | wc -l; }

# A property list of about 300 KB whose Target value is 64 A's or 64 B's.
make_plist() { # make_plist PATH LETTER
  {
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
    for i in $(seq 1 2500); do printf '\t<key>K%05d</key>\n\t<string>%0100d</string>\n' "$i" 0; done
    printf '\t<key>Target</key>\n\t<string>%s</string>\n</dict>\n</plist>\n' "$(printf "$2%.0s" $(seq 64))"
  } > "$1"
}
as=$(printf 'A%.0s' $(seq 64))
bs=$(printf 'B%.0s' $(seq 64))

# 1. SIGKILL during saves.
file=$dir/kill/Info.plist
mkdir -p "$dir/kill"
make_plist "$file" A
sum_a=$(sha256sum < "$file")
"$bin" set "$file" Target "$bs" && sum_b=$(sha256sum < "$file")
"$bin" set "$file" Target "$as"
start=$(date +%s%N)
"$bin" set "$file" Target "$bs" > /dev/null
took_ms=$((($(date +%s%N) - start) / 1000000))
kills=${INFOSCOPE_E2E_KILLS:-200} partial=0 killed=0 most_left=0
for i in $(seq 1 "$kills"); do
  if [ $((i % 2)) -eq 0 ]; then value=$bs; else value=$as; fi
  "$bin" set "$file" Target "$value" 2> /dev/null &
  pid=$!
  sleep "0.$(printf '%03d' $((RANDOM % (took_ms + 1))))"
  kill -KILL "$pid" 2> /dev/null && killed=$((killed + 1))
  wait "$pid" 2> /dev/null
  now=$(sha256sum < "$file")
  [ "$now" = "$sum_a" ] || [ "$now" = "$sum_b" ] || partial=$((partial + 1))
  left=$(temporaries "$dir/kill")
  [ "$left" -gt "$most_left" ] && most_left=$left
done
echo "# $kills saves of $(wc -c < "$file") bytes (one takes ${took_ms} ms), $killed killed midway;" \
  "at most $most_left temporary files left between saves"
ok $((partial != 0)) "after $kills SIGKILLs the file is always the old bytes or the new" "$partial partial"
touch "$dir/kill/.Info.plist.infoscope-Stale1" # as a kill before the rename leaves one
"$bin" set "$file" Target "$as"
ok "$(temporaries "$dir/kill")" "the next save removes the temporary files the kills left"
touch "$dir/kill/.Info.plist.infoscope-Stale2"
"$bin" set "$file" Target "$as" # the same value: nothing is written, but the file was opened
ok "$(temporaries "$dir/kill")" "so does the next open for an edit that writes nothing"

# 2. The file-size limit.
mkdir -p "$dir/full"
make_plist "$dir/full/in.plist" A
echo old > "$dir/full/out.plist"
(
  ulimit -f 64
  "$bin" convert "$dir/full/in.plist" --to xml -o "$dir/full/out.plist" 2> "$dir/full/err"
  echo $? > "$dir/full/status"
)
ok $(($(cat "$dir/full/status") != 73)) "past ulimit -f, convert exits 73 (not killed by SIGXFSZ)" \
  "status $(cat "$dir/full/status")"
grep -q 'File too large' "$dir/full/err"
ok $? "and says File too large" "$(cat "$dir/full/err")"
[ "$(cat "$dir/full/out.plist")" = old ] && [ "$(temporaries "$dir/full")" -eq 0 ]
ok $? "and leaves the old file whole with no temporary file"

# 3. A folder nobody may write.
mkdir -p "$dir/locked"
make_plist "$dir/locked/Info.plist" A
if chattr +i "$dir/locked" 2> /dev/null; then
  "$bin" set "$dir/locked/Info.plist" Target "$bs" 2> "$dir/locked.err"
  status=$?
  chattr -i "$dir/locked"
  ok $((status != 73)) "set in a folder nobody may write exits 73" "status $status"
  [ "$(sha256sum < "$dir/locked/Info.plist")" = "$sum_a" ]
  ok $? "and leaves the file whole: $(cat "$dir/locked.err")"
else
  echo "# skipped the read-only folder: chattr +i is not available here"
fi

# 4. Another program replaces the file while set runs.
mkdir -p "$dir/race"
file=$dir/race/Info.plist
races=${INFOSCOPE_E2E_RACES:-60} lost=0 refused=0 won=0
for i in $(seq 1 "$races"); do
  make_plist "$file" A
  make_plist "$dir/race/theirs" B
  "$bin" set "$file" Marker ours 2> /dev/null &
  pid=$!
  sleep "0.$(printf '%03d' $((RANDOM % (took_ms + 1))))"
  cp "$dir/race/theirs" "$dir/race/.theirs.tmp" && mv "$dir/race/.theirs.tmp" "$file"
  wait "$pid"
  status=$?
  if ! grep -q "$bs" "$file"; then
    lost=$((lost + 1)) # their B's are gone: their write was lost
  elif [ "$status" -eq 0 ]; then
    won=$((won + 1))
  else
    refused=$((refused + 1))
  fi
done
echo "# $races races: set finished first or after $won times, reported the race $refused times"
ok $((lost != 0)) "another program's write is never lost" "$lost lost"

# 5. Special files as -o.
mkdir -p "$dir/special"
make_plist "$dir/special/in.plist" A
mkfifo "$dir/special/out.fifo"
cat "$dir/special/out.fifo" > "$dir/special/received" &
reader=$!
"$bin" convert "$dir/special/in.plist" --to xml -o "$dir/special/out.fifo"
wait "$reader"
"$bin" convert "$dir/special/in.plist" --to xml > "$dir/special/expected"
cmp -s "$dir/special/expected" "$dir/special/received" && [ -p "$dir/special/out.fifo" ]
ok $? "-o FIFO: the reader gets the bytes and the FIFO stays a FIFO"
if [ "$(id -u)" -eq 0 ] && mknod "$dir/special/null" c 1 3 2> /dev/null; then
  ln -s "$dir/special/null" "$dir/special/stdout-like"
  "$bin" convert "$dir/special/in.plist" --to xml -o "$dir/special/null" &&
    "$bin" convert "$dir/special/in.plist" --to xml -o "$dir/special/stdout-like"
  [ -c "$dir/special/null" ] && [ -L "$dir/special/stdout-like" ]
  ok $? "-o a device node (and a link to it) writes through and leaves both as they were"
fi
mkdir "$dir/special/folder"
"$bin" convert "$dir/special/in.plist" --to xml -o "$dir/special/folder" 2> "$dir/special/err"
ok $(($? != 73)) "-o a folder is refused: $(cat "$dir/special/err")"

echo "# $checks checks, $failures failed"
[ "$failures" -eq 0 ]
