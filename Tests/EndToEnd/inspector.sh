#!/usr/bin/env bash
# End-to-end test of the terminal inspector: runs the real binary in a private tmux server on an
# Xcode project assembled from corpus files, drives it with keys (move, search, findings pane,
# jump, help, quit) and checks the screen and that the terminal was restored afterwards (shell
# prompt back, `stty` canonical mode and echo on, alternate screen off), after `q` and after
# SIGTERM, and at the small sizes 40x10 and 30x8.
#
# Usage: Tests/EndToEnd/inspector.sh [BINARY]    (default .build/debug/infoscope; builds nothing)
# Needs tmux and the corpus at ${INFOSCOPE_CORPUS:-../shared/corpus} (relative to the package
# root); skips with exit status 0 when either is missing. Prints one TAP-like line per check
# (`ok - ...` / `not ok - ...`, with the captured screen on failure) and exits 1 on any failure.
# Corpus files are copied into a temporary folder only, never into the repository.
set -uo pipefail
cd "$(dirname "$0")/../.."

bin=${1:-.build/debug/infoscope}
corpus=${INFOSCOPE_CORPUS:-../shared/corpus}

if ! command -v tmux > /dev/null; then
  echo "skipped: tmux is not installed (Debian package tmux)"
  exit 0
fi
if [ ! -d "$corpus/pbxproj" ] || [ ! -d "$corpus/info-plist" ]; then
  echo "skipped: the corpus is absent at $corpus (set INFOSCOPE_CORPUS to its folder)"
  exit 0
fi
# T (tmux on the private socket), sessions, keys, views of the screen, checks: see lib.sh.
source Tests/EndToEnd/lib.sh
e2e_prepare e2e

# --- The project: Mastodon's Xcode project and Info.plists, laid out as in its repository ----
project="$tmp/Mastodon"
copy() { # copy CORPUS-RELATIVE-PATH PROJECT-RELATIVE-PATH
  mkdir -p "$(dirname "$project/$2")"
  if ! cp "$corpus/$1" "$project/$2"; then
    echo "not ok - corpus file $1 is present"
    exit 1
  fi
}
copy pbxproj/mastodon-ios__Mastodon.xcodeproj__project.pbxproj Mastodon.xcodeproj/project.pbxproj
copy info-plist/mastodon-ios__Mastodon__Info.plist Mastodon/Info.plist
copy info-plist/mastodon-ios__MastodonIntent__Info.plist MastodonIntent/Info.plist
copy info-plist/mastodon-ios__ShareActionExtension__Info.plist ShareActionExtension/Info.plist
copy info-plist/mastodon-ios__Base.lproj__infoPlist.strings Mastodon/Base.lproj/infoPlist.strings
# The project names an entitlements file per target (CODE_SIGN_ENTITLEMENTS); the corpus holds
# none of Mastodon's, and a missing one is an error, so empty ones stand in.
for e in Mastodon/Mastodon MastodonIntent/MastodonIntent NotificationService/NotificationService \
  ShareActionExtension/ShareActionExtension OpenInActionExtension/OpenInActionExtension \
  WidgetExtension/WidgetExtension; do
  mkdir -p "$(dirname "$project/$e")"
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict/>\n</plist>\n' \
    > "$project/$e.entitlements"
done

# Its other targets' INFOPLIST_FILEs are not in the corpus either, and a missing one is an error
# too; an empty dictionary stands in, which leaves each effective Info.plist as its settings say.
for p in MastodonTests MastodonUITests NotificationService OpenInActionExtension WidgetExtension; do
  mkdir -p "$project/$p"
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict/>\n</plist>\n' \
    > "$project/$p/Info.plist"
done

launch() { # launch SESSION: runs the inspector on the project, echoing its exit status after
  type_line "$1" "$(printf '%q %q' "$bin" "$project"); echo \"EXIT=\$?\""
}

# --- 1. A session at 120x40: move, search, findings pane, jump, help, quit -------------------
s=main
start_shell $s 120 40
check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
launch $s
check $s "$s: the first screen shows the title" title -F 'infoscope'
check $s "$s: the title names the project" title -F 'Mastodon'
check $s "$s: the title counts 3 errors" title -F '3 errors'
check $s "$s: the title counts 2 warnings" title -F '2 warnings'
check $s "$s: the title counts 1 note" title -F '1 note'
check $s "$s: the tree shows the project file" screen -F 'Mastodon.xcodeproj/proje'
check $s "$s: the findings pane lists 6 findings" screen -F 'Findings (6)'
check_value $s "$s: the alternate screen is on" "$(T display -p -t $s '#{alternate_on}')" 1

keys $s j j
check $s "$s: j j moves to the third row" detail -x ' classes'
keys $s G
check_absent $s "$s: G leaves the first rows" detail -x ' classes'
keys $s g
check $s "$s: g returns to the project file" status_line -F 'Mastodon.xcodeproj/project.pbxproj'

keys $s /
check $s "$s: / opens the search line" status_line -x '/'
T send-keys -t $s -l NSExceptionAllowsInsecureHTTPLoads
check $s "$s: the search line shows what is typed" \
  status_line -F '/NSExceptionAllowsInsecureHTTPLoads'
keys $s Enter
check $s "$s: search selects the key" detail -x ' NSExceptionAllowsInsecureHTTPLoads'
check $s "$s: the detail pane gives its Xcode name" detail -F 'Allow Insecure HTTP Loads'
# The source Info.plist comes first, with the finding; the next match is in the Info.plist the
# build generates from it, which shows the same finding and where its value comes from.
check $s "$s: the first match is in the source Info.plist" detail -F 'File       Mastodon/Info.plist:'
check $s "$s: the detail pane shows the finding" detail -F '▲ warning:'
check $s "$s: the detail pane shows the finding's text" \
  detail -F 'NSExceptionAllowsInsecureHTTPLoads allows'
check $s "$s: the detail pane shows the finding's rule" detail -F 'insecure_http_exception'
keys $s n
check $s "$s: n goes to the generated Info.plist" detail -F '(generated by the build)'
check $s "$s: the generated key shows the finding too" detail -F '▲ warning:'
check $s "$s: the generated key says where its value comes from" \
  detail -F 'From       Mastodon/Info.plist:55'

# Sorted by severity: the AppVersion.xcconfig every configuration takes as its base is not in
# the corpus (an error, on the project file's line that names it), the two translated purpose
# strings the Info.plist lacks are errors (ITMS-90683), then the file name and the HTTP
# exception, then the note.
keys $s Tab Tab g
check $s "$s: Tab Tab and g select the first finding" selected_right -F 'project.pbxproj:4200'
check $s "$s: the status bar reads the selected finding" \
  status_line -F '1/6 error: the configuration file AppVersion.xcconfig is missing'
check $s "$s: the tree follows the findings list" detail -F 'baseConfigurationReference'
keys $s j
check $s "$s: j selects the second finding" \
  status_line -F '2/6 error: NSCameraUsageDescription is translated here'
check $s "$s: the tree follows the second finding" detail -x ' NSCameraUsageDescription'
keys $s j
check $s "$s: j selects the third finding" \
  status_line -F '3/6 error: NSPhotoLibraryAddUsageDescription'
keys $s j j j
check $s "$s: j j j select the note" selected_right -F 'Mastodon/Info.plist:120'
check $s "$s: the status bar reads the note" status_line -F '6/6 note: UIRequiredDeviceCapabilities'
keys $s Enter
check $s "$s: the status bar counts the jump" status_line -F '6/6 note:'
check $s "$s: Enter jumps to the finding's key" detail -F 'UIRequiredDeviceCapabilities[0]'
check $s "$s: the detail pane shows the note" detail -F 'note: UIRequiredDeviceCapabilities'
check $s "$s: the detail pane shows the value" detail -x ' armv7'

keys $s '?'
check $s "$s: ? opens the help" screen -F 'Keys ─ j/k scroll · Esc closes'
check $s "$s: the help lists f" screen -E ' f +jump to the next finding'
sleep 0.2
keys $s Escape
sleep 0.3
check_absent $s "$s: Esc closes the help" screen -F 'Keys ─ j/k scroll'
check $s "$s: the tree is back after the help" screen -F 'Findings (6)'
keys $s q
checks_restored $s 0

# --- 2. SIGTERM restores the terminal ---------------------------------------------------------
s=sigterm
start_shell $s 120 40
check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
launch $s
check $s "$s: the first screen shows the title" title -F '2 warnings'
shell_pid=$(T display -p -t $s '#{pane_pid}')
pid=$(children_of "$shell_pid" | head -n 1)
check_value $s "$s: the inspector runs under the shell" \
  "$(cat "/proc/${pid:-0}/comm" 2> /dev/null)" infoscope
[ -n "$pid" ] && kill -TERM "$pid"
checks_restored $s 143

# --- 3. The smallest supported size, 40x10 --------------------------------------------------
s=small
start_shell $s 40 10
check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
launch $s
check $s "$s: the title shows at 40x10" title -F 'infoscope'
check $s "$s: the status bar shows at 40x10" status_line -F 'Mastodon.xcodeproj'
check_absent $s "$s: 40x10 is not too small" screen -F 'too small'
keys $s j
check $s "$s: j moves at 40x10" screen -x ' archiveVersion'
keys $s q
checks_restored $s 0

# --- 4. Below the smallest size, 30x8 ---------------------------------------------------------
s=tiny
start_shell $s 30 8
check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
launch $s
check $s "$s: 30x8 says the terminal is too small" screen -F 'too small: needs 40x10'
keys $s q
checks_restored $s 0

# --- 5. A comparison: infoscope diff OLD NEW on a terminal (a built corpus app) --------------
built="$corpus/bundles/wdiodemoapp.app"
if [ -d "$built" ] && command -v python3 > /dev/null; then
  cp -R "$built" "$tmp/new.app"
  cp -R "$built" "$tmp/old.app"
  # OLD had a camera purpose string and one more font, and an older Xcode; NEW has them not.
  python3 - "$tmp/old.app/Info.plist" << 'PY'
import plistlib, sys
path = sys.argv[1]
with open(path, "rb") as f:
    info = plistlib.load(f)
info["NSCameraUsageDescription"] = "Scan tickets"
info["UIAppFonts"].insert(2, "Old.ttf")
info["DTXcode"] = "0930"
with open(path, "wb") as f:
    plistlib.dump(info, f)
PY
  s=compare
  start_shell $s 120 40
  check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
  type_line $s "$(printf '%q diff %q %q' "$bin" "$tmp/old.app" "$tmp/new.app"); echo \"EXIT=\$?\""
  check $s "$s: the title names OLD and NEW" title -F 'old.app → '
  check $s "$s: the status line counts the changes" status_line -F '3 changes since'
  check $s "$s: the changed row is marked ~" screen -E '^  ~ +DTXcode +String +"0941"'
  check $s "$s: the removed key is put back, marked -" screen -E '^  - +NSCameraUsageDescription'
  check $s "$s: the findings list is split" screen -F 'Findings +1 new =18 unchanged ✓1 resolved'
  keys $s ']' c
  check $s "$s: ]c goes to the first change" status_line -F 'change 1/3: DTXcode changed'
  check $s "$s: the detail pane gives the old value" detail -F 'Was        String "0930"'
  keys $s ']' c
  check $s "$s: ]c goes on to the removed key" status_line -F 'change 2/3: NSCameraUsageDescription removed'
  check $s "$s: the detail pane names OLD's line" detail -F 'File       '
  keys $s e
  check $s "$s: a comparison is read-only" status_line -F 'a comparison is shown read-only'
  keys $s '[' c
  check $s "$s: [c goes back" status_line -F 'change 1/3'
  keys $s q
  checks_restored $s 0
else
  echo "# skipped the comparison: $built or python3 is missing"
fi

# --- 6. OSC 8 links: sent when asked for, and the screen the same as without them ------------
# tmux before 3.4 drops OSC 8, so the screen shows what the terminal would; what was sent is
# read from the pane's output.
links_screen() { # links_screen SESSION 0|1: the detail pane of a key with a finding
  start_shell "$1" 120 40
  check "$1" "$1: the shell prompt is up" last_line -x 'e2e\$'
  T pipe-pane -O -t "$1" "cat > $tmp/$1.out"
  type_line "$1" "$(printf 'INFOSCOPE_HYPERLINKS=%s %q %q' "$2" "$bin" "$project"); echo \"EXIT=\$?\""
  check "$1" "$1: the first screen shows the title" title -F 'infoscope'
  keys "$1" /
  T send-keys -t "$1" -l NSExceptionAllowsInsecureHTTPLoads
  keys "$1" Enter
  check "$1" "$1: the detail pane shows the finding" detail -F '▲ warning:'
  # The finding's Apple page, wrapped after a separator.
  check "$1" "$1: the Apple page wraps at a separator" \
    detail -E '^   https://developer\.apple\.com/([a-z0-9-]+/)*[a-z0-9-]*[/-]$'
  check_absent "$1" "$1: no link sequence shows on the screen" screen -E ']8;|id=is'
}
links_screen links 1
with_links=$(screen links)
keys links q
checks_restored links 0
check_value links "links: OSC 8 links were sent" \
  "$(grep -q $'\e]8;id=is[0-9a-f]*;https://developer\.apple\.com/' "$tmp/links.out" && echo yes)" yes
links_screen nolinks 0
check_value nolinks "nolinks: the screen is the same with links off" "$(screen nolinks)" \
  "$with_links"
keys nolinks q
checks_restored nolinks 0
check_value nolinks "nolinks: no link was sent" \
  "$(grep -q $'\e]8;' "$tmp/nolinks.out" && echo sent)" ""

echo "# $checks checks, $failures failed, $((SECONDS - started)) s"
[ $failures -eq 0 ]
