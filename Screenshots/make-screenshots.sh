#!/usr/bin/env bash
# Makes the screenshots in this folder from the real program: runs infoscope in a private tmux
# server at 120x40, sends keys, and for each shot writes NAME.txt (the plain screen,
# `tmux capture-pane -p`) and NAME.png (the screen with its colours, `capture-pane -e -p`,
# rendered to SVG by render.py, to PNG by rsvg-convert, and cut to 256 colours by render.py).
#
# Usage: Screenshots/make-screenshots.sh [BINARY]   (default .build/debug/infoscope, built with
# `swift build` when absent)
# Needs: tmux, python3, DejaVu Sans Mono (Debian fonts-dejavu-core) and rsvg-convert (Debian
# librsvg2-bin; installed here with apt-get when missing and allowed). CI does not run this.
# The Mastodon and save-diff shots need the corpus at ${INFOSCOPE_CORPUS:-../shared/corpus}
# (copied to a temporary folder, never into the repository); without it they are left as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Screenshots
bin=${1:-.build/debug/infoscope}
corpus=${INFOSCOPE_CORPUS:-../shared/corpus}
cols=120
rows=40

need() { # need COMMAND DEBIAN-PACKAGE: installs the package when the command is missing
  command -v "$1" > /dev/null && return 0
  echo "$1 is missing: it comes with the Debian package $2; installing it"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  local install="$sudo apt-get install -y -qq --no-install-recommends $2"
  if ! { $install > /dev/null 2>&1 || { $sudo apt-get update -qq && $install; }; }; then
    echo "could not install $2; install it (apt-get install $2) and run this again" >&2
    exit 1
  fi
}
need tmux tmux
need python3 python3
need rsvg-convert librsvg2-bin
if ! fc-list 2> /dev/null | grep -q "DejaVu Sans Mono"; then
  echo "warning: DejaVu Sans Mono (Debian fonts-dejavu-core) is missing; PNGs use another font"
fi
if [ ! -x "$bin" ]; then
  echo "building $bin"
  swift build --product infoscope
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

case "${LC_ALL:-${LC_CTYPE:-${LANG:-}}}" in
  *UTF-8* | *utf8* | *UTF8* | *utf-8*) ;;
  *) export LC_ALL=C.UTF-8 ;;
esac
term=screen-256color
infocmp tmux-256color > /dev/null 2>&1 && term=tmux-256color

tmp=$(mktemp -d "${TMPDIR:-/tmp}/infoscope-shots.XXXXXX")
sock="infoscope-shots-$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server > /dev/null 2>&1; rm -rf "$tmp"' EXIT

# start SESSION ARGS...: runs infoscope ARGS in a new 120x40 session (in the folder $start_dir,
# default the package root) and waits for its screen.
start() {
  local s=$1
  shift
  T new-session -d -s "$s" -x $cols -y $rows -c "${start_dir:-$PWD}" \
    "env -u NO_COLOR TERM=$term $(printf '%q ' "$bin" "$@"); sleep 30"
  T set-option -t "$s" status off > /dev/null
  local deadline=$((SECONDS + 30))
  until T capture-pane -p -t "$s" | head -n 1 | grep -q infoscope; do
    if [ $SECONDS -ge $deadline ]; then
      echo "infoscope did not draw its first screen in session $s:" >&2
      T capture-pane -p -t "$s" >&2
      exit 1
    fi
    sleep 0.1
  done
  settle "$s"
}
# settle SESSION: waits until the screen stops changing (two equal captures 0.3 s apart).
settle() {
  local before after
  after=$(T capture-pane -e -p -t "$1")
  for _ in $(seq 50); do
    before=$after
    sleep 0.3
    after=$(T capture-pane -e -p -t "$1")
    [ "$before" = "$after" ] && return 0
  done
}
keys() { # keys SESSION KEY...: one key at a time, so Esc is never read as Alt-KEY
  local s=$1 k
  shift
  for k in "$@"; do
    T send-keys -t "$s" "$k"
    sleep 0.1
  done
  settle "$s"
}
# shot SESSION NAME [--light]: writes NAME.txt and NAME.png from the session's screen.
shot() {
  T capture-pane -p -t "$1" > "$out/$2.txt"
  T capture-pane -e -p -N -t "$1" > "$tmp/$2.ans"
  python3 "$out/render.py" ${3:-} $cols $rows < "$tmp/$2.ans" > "$tmp/$2.svg"
  rsvg-convert --format png --output "$out/$2.png" "$tmp/$2.svg"
  python3 "$out/render.py" --shrink "$out/$2.png"
  echo "wrote $out/$2.png ($(($(wc -c < "$out/$2.png") / 1024)) KB) and $out/$2.txt"
}

# (a) The demo bundle.
start demo --demo
shot demo demo-tree
keys demo f f
shot demo demo-finding
keys demo Tab Tab
shot demo demo-findings-pane
keys demo Tab '?'
shot demo demo-help

# (b) Mastodon's Xcode project from the corpus, after a search.
if [ -d "$corpus/pbxproj" ] && [ -d "$corpus/info-plist" ]; then
  project="$tmp/Mastodon"
  mkdir -p "$project/Mastodon.xcodeproj" "$project/Mastodon/Base.lproj" \
    "$project/MastodonIntent" "$project/ShareActionExtension"
  cp "$corpus/pbxproj/mastodon-ios__Mastodon.xcodeproj__project.pbxproj" \
    "$project/Mastodon.xcodeproj/project.pbxproj"
  cp "$corpus/info-plist/mastodon-ios__Mastodon__Info.plist" "$project/Mastodon/Info.plist"
  cp "$corpus/info-plist/mastodon-ios__MastodonIntent__Info.plist" \
    "$project/MastodonIntent/Info.plist"
  cp "$corpus/info-plist/mastodon-ios__ShareActionExtension__Info.plist" \
    "$project/ShareActionExtension/Info.plist"
  cp "$corpus/info-plist/mastodon-ios__Base.lproj__infoPlist.strings" \
    "$project/Mastodon/Base.lproj/infoPlist.strings"
  # The entitlements files the project names are not in the corpus: empty ones stand in.
  for e in Mastodon/Mastodon MastodonIntent/MastodonIntent NotificationService/NotificationService \
    ShareActionExtension/ShareActionExtension OpenInActionExtension/OpenInActionExtension \
    WidgetExtension/WidgetExtension; do
    mkdir -p "$(dirname "$project/$e")"
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict/>\n</plist>\n' \
      > "$project/$e.entitlements"
  done
  # Nor are the other targets' INFOPLIST_FILEs (a missing one is an error): empty ones stand in.
  for p in MastodonTests MastodonUITests NotificationService OpenInActionExtension WidgetExtension; do
    mkdir -p "$project/$p"
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict/>\n</plist>\n' \
      > "$project/$p/Info.plist"
  done
  # Run from the temporary folder so the title shows a short relative path.
  start_dir=$tmp start mastodon Mastodon
  keys mastodon /
  T send-keys -t mastodon -l NSExceptionAllowsInsecureHTTPLoads
  keys mastodon Enter n
  shot mastodon mastodon-search
else
  echo "skipped mastodon-search: the corpus is absent at $corpus"
fi

# (c) A theme: the light theme, drawn on a white terminal.
start light --demo --theme light
keys light f
shot light demo-light --light

# (d) Editing the demo in memory: a value in its inline editor, then a key added to the widget
# extension's Info.plist (the second MinimumOSVersion), completed from its Xcode display name.
start edit --demo
keys edit j j j j e End
T send-keys -t edit -l " Maps"
settle edit
shot edit edit-inline
keys edit Escape
keys edit /
T send-keys -t edit -l MinimumOSVersion
keys edit Enter n a
T send-keys -t edit -l "Privacy - Cam"
settle edit
shot edit edit-autocomplete

# (e) The review before a save: the Swiftfin bundle of the editing test (a corpus Info.plist as a
# build leaves it, two faults added), both fixes applied and the purpose string typed, then w.
if [ -f "$corpus/info-plist/Swiftfin__iOS__Info.plist" ]; then
  mkdir -p "$tmp/Swiftfin.app"
  python3 Tests/EndToEnd/swiftfin-app.py "$corpus/info-plist/Swiftfin__iOS__Info.plist" \
    "$tmp/Swiftfin.app/Info.plist"
  start_dir=$tmp start save Swiftfin.app
  keys save /
  T send-keys -t save -l 'UISupportedInterfaceOrientations~ipad'
  keys save Enter x y /
  T send-keys -t save -l NSBonjourServices
  keys save Enter x y
  T send-keys -t save -l "Swiftfin finds your Jellyfin servers on the local network."
  keys save Enter w
  shot save save-diff
else
  echo "skipped save-diff: the corpus is absent at $corpus"
fi

# (f) A comparison: the corpus's built wdiodemoapp.app as OLD, and a copy with a camera purpose
# string and a font removed, DTXcode changed and a location purpose string added as NEW
# (`infoscope diff OLD NEW` on a terminal), after ]c ]c.
if [ -d "$corpus/bundles/wdiodemoapp.app" ]; then
  cp -R "$corpus/bundles/wdiodemoapp.app" "$tmp/old.app"
  cp -R "$corpus/bundles/wdiodemoapp.app" "$tmp/new.app"
  python3 - "$tmp/old.app/Info.plist" "$tmp/new.app/Info.plist" << 'PY'
import plistlib, sys
old, new = sys.argv[1], sys.argv[2]
with open(old, "rb") as f:
    info = plistlib.load(f)
info["NSCameraUsageDescription"] = "Scans tickets."
info["UIAppFonts"].insert(2, "Old.ttf")
info["DTXcode"] = "0930"
with open(old, "wb") as f:
    plistlib.dump(info, f)
with open(new, "rb") as f:
    info = plistlib.load(f)
info["NSLocationWhenInUseUsageDescription"] = "Shows the nearest tests."
with open(new, "wb") as f:
    plistlib.dump(info, f)
PY
  start_dir=$tmp start compare diff old.app new.app
  keys compare ']' c ']' c
  shot compare diff-view
else
  echo "skipped diff-view: the corpus is absent at $corpus"
fi
