#!/usr/bin/env bash
# Builds and runs infoscope's libFuzzer targets: Tests/Fuzz/run.sh [--seconds N] [TARGET...]
#
# Every Tests/Fuzz/Targets/<Name>.swift is a target (a new file is picked up with no change
# here). Its header says what it needs:
#   // fuzz-modules: PlistCore PlistBundle    modules linked, in dependency order
#   // fuzz-seeds: info-plist/* binary/*      globs in the shared corpus used as seeds
#   // fuzz-sources: Sources/PlistUI/Theme     folders compiled into the target itself
#   // fuzz-builtin: xml binary               kinds of built-in seeds (make-seeds.py)
# The modules are compiled once (sanitizers on) into static libraries and each target is
# linked against them; builds are cached by a hash of their sources. Seeds are copied into a
# temporary corpus, never into the repository; built-in seeds stand in when the corpus
# (../shared/corpus, or $INFOSCOPE_CORPUS) is absent.
#
# Options: --seconds N (per target, default 60), --max-len BYTES (default 131072),
# --work DIR (builds, corpora and crashes; default ${TMPDIR:-/tmp}/infoscope-fuzz),
# --build-only. Each run uses -timeout=10 -rss_limit_mb=2048. Crashing inputs are saved to
# WORK/crashes/<Target>/ and listed; the exit status is 1 when any target crashed.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
here="$repo/Tests/Fuzz"
seconds=60
max_len=131072
work="${TMPDIR:-/tmp}/infoscope-fuzz"
build_only=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --seconds=*) seconds="${1#*=}"; shift ;;
    --max-len) max_len="$2"; shift 2 ;;
    --max-len=*) max_len="${1#*=}"; shift ;;
    --work) work="$2"; shift 2 ;;
    --work=*) work="${1#*=}"; shift ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  for f in "$here"/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for t in "${targets[@]}"; do
  [ -f "$here/Targets/$t.swift" ] || { echo "run.sh: no target $t in Tests/Fuzz/Targets" >&2; exit 2; }
done
corpus="${INFOSCOPE_CORPUS:-$repo/../shared/corpus}"
[ -f "$corpus/MANIFEST.tsv" ] || corpus=""
export SWIFT_BACKTRACE=enable=no   # the crash reporter would wait instead of letting libFuzzer save
flags=(-parse-as-library -sanitize=fuzzer,address -O -package-name infoscope
  -I "$repo/Sources/CZip" -I "$repo/Sources/COpenSSL")
build="$work/build"
mkdir -p "$build" "$work/crashes"

header() { sed -n "s|^// fuzz-$2: *||p" "$here/Targets/$1.swift" | head -1; }
hash_of() { cat "$@" | sha256sum | cut -c1-16; }

# One static library per module, rebuilt when its sources (or a module below it) change.
built_modules=""
build_module() {
  local module="$1"
  local sources
  mapfile -t sources < <(find "$repo/Sources/$module" -name '*.swift' | sort)
  local stamp
  stamp="$( (hash_of "${sources[@]}"; echo "${flags[*]} $built_modules") | sha256sum | cut -c1-16)"
  if [ "$(cat "$build/$module.stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "== compiling $module (${#sources[@]} files)"
    swiftc "${flags[@]}" -wmo -I "$build" -module-name "$module" -emit-library -static \
      -emit-module -emit-module-path "$build/$module.swiftmodule" \
      -o "$build/lib$module.a" "${sources[@]}"
    echo "$stamp" > "$build/$module.stamp"
  fi
  built_modules="$built_modules $module:$stamp"
}
start=$SECONDS
needed=""
for t in "${targets[@]}"; do needed="$needed $(header "$t" modules)"; done
for module in PlistCore PlistBundle; do
  case " $needed " in *" $module "*) build_module "$module" ;; esac
done

build_target() {
  local t="$1"
  local modules libs=()
  read -r -a modules <<< "$(header "$t" modules)"
  for ((i = ${#modules[@]} - 1; i >= 0; i--)); do libs+=("$build/lib${modules[$i]}.a"); done
  # Folders of sources compiled into the target itself (code outside PlistCore/PlistBundle).
  local folders extra=()
  read -r -a folders <<< "$(header "$t" sources)"
  for folder in "${folders[@]}"; do
    mapfile -t -O "${#extra[@]}" extra < <(find "$repo/$folder" -name '*.swift' | sort)
  done
  local stamp
  stamp="$( (hash_of "$here/Targets/$t.swift" "${extra[@]}"; echo "$built_modules") \
    | sha256sum | cut -c1-16)"
  if [ "$(cat "$build/$t.stamp" 2>/dev/null)" != "$stamp" ] || [ ! -x "$build/$t" ]; then
    echo "== linking $t"
    swiftc "${flags[@]}" -I "$build" -module-name "Fuzz$t" "$here/Targets/$t.swift" \
      "${extra[@]}" "${libs[@]}" -use-ld=lld -lzip -lcrypto -o "$build/$t"
    echo "$stamp" > "$build/$t.stamp"
  fi
}
for t in "${targets[@]}"; do build_target "$t"; done
echo "== build took $((SECONDS - start)) s"
[ "$build_only" -eq 1 ] && exit 0

status=0
summary=()
for t in "${targets[@]}"; do
  seeds="$work/seeds/$t"
  rm -rf "$seeds"
  mkdir -p "$seeds" "$work/corpus/$t" "$work/crashes/$t"
  if [ -n "$corpus" ]; then
    for pattern in $(header "$t" seeds); do
      for f in "$corpus"/$pattern; do [ -f "$f" ] && cp "$f" "$seeds/$(basename "$f")"; done
    done
  fi
  for kind in $(header "$t" builtin); do python3 "$here/make-seeds.py" "$kind" "$seeds"; done
  log="$work/$t.log"
  echo "== fuzzing $t for $seconds s ($(ls "$seeds" | wc -l) seeds; log $log)"
  set +e
  "$build/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
    -print_final_stats=1 -artifact_prefix="$work/crashes/$t/" \
    "$work/corpus/$t" "$seeds" > "$log" 2>&1
  rc=$?
  set -e
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  found="$(ls "$work/crashes/$t" | wc -l)"
  if [ "$rc" -ne 0 ]; then
    status=1
    grep -E "^==[0-9]+==ERROR|^SUMMARY|Fatal error|Test unit written|ALARM|out-of-memory" "$log" \
      | head -8 | sed 's/^/   /'
    summary+=("$(printf '%-12s %12s runs  FAILED (exit %s); inputs in %s' "$t" "${runs:-?}" "$rc" \
      "$work/crashes/$t")")
  else
    summary+=("$(printf '%-12s %12s runs  ok (%s saved inputs from earlier runs)' "$t" \
      "${runs:-?}" "$found")")
  fi
done
echo "== summary (${seconds} s each)"
printf '%s\n' "${summary[@]}"
exit $status
