#!/usr/bin/env bash
# End-to-end test of editing in the inspector: runs the real binary in a private tmux server on
# an app bundle made from a corpus Info.plist, applies two fixes with `x` (the iPad orientations;
# a missing purpose string, whose text is typed into the editor the fix opens), checks that the
# findings and their markers go, reviews the diff with `w`, writes it with `y`, quits, and checks
# the terminal was restored, that `git diff --no-index` between the file before and after shows
# exactly the three expected added lines, that the permissions were kept, and that
# `infoscope lint` no longer reports either rule. Then `q` with unsaved changes (asks, `c`
# cancels, `d` discards and leaves the file alone), and the same fix in an Xcode project.
#
# Usage: Tests/EndToEnd/editing.sh [BINARY]    (default .build/debug/infoscope; builds nothing)
# Needs tmux, python3, git and the corpus at ${INFOSCOPE_CORPUS:-../shared/corpus} (relative to
# the package root); skips with exit status 0 when one is missing. Prints one TAP-like line per
# check (`ok - ...` / `not ok - ...`, with the captured screen on failure; `# TODO` marks a known
# bug, not counted) and exits 1 on any failure. Corpus files are copied into a temporary folder
# only, never into the repository.
set -uo pipefail
cd "$(dirname "$0")/../.."

bin=${1:-.build/debug/infoscope}
corpus=${INFOSCOPE_CORPUS:-../shared/corpus}
source_plist=info-plist/Swiftfin__iOS__Info.plist
source_project=pbxproj/Swiftfin__Swiftfin.xcodeproj__project.pbxproj

for tool in tmux python3 git; do
  if ! command -v $tool > /dev/null; then
    echo "skipped: $tool is not installed (Debian package $tool)"
    exit 0
  fi
done
if [ ! -f "$corpus/$source_plist" ] || [ ! -f "$corpus/$source_project" ]; then
  echo "skipped: the corpus is absent at $corpus (set INFOSCOPE_CORPUS to its folder)"
  exit 0
fi
# T (tmux on the private socket), sessions, keys, views of the screen, checks: see lib.sh.
source Tests/EndToEnd/lib.sh
e2e_prepare edit-e2e

# --- The bundle: Swiftfin's iOS Info.plist as a build would leave it, with two faults ---------
# swiftfin-app.py expands the placeholders and adds UIDeviceFamily, as Xcode's build would, and
# removes UIRequiresFullScreen (so the three iPad orientations are an error) and
# NSLocalNetworkUsageDescription (which NSBonjourServices calls for).
app="$tmp/Swiftfin.app"
mkdir -p "$app" "$tmp/before"
if ! python3 Tests/EndToEnd/swiftfin-app.py "$corpus/$source_plist" "$app/Info.plist"; then
  echo "not ok - the bundle is made from $source_plist"
  exit 1
fi
chmod 644 "$app/Info.plist"
cp -p "$app/Info.plist" "$tmp/before/Info.plist"
purpose="Swiftfin finds your Jellyfin servers on the local network."

# --- More helpers -----------------------------------------------------------------------------
# launch SESSION NAME: runs the inspector on NAME in the temporary folder (so the title shows the
# short name), echoing its exit status after.
launch() {
  type_line "$1" "$(printf 'cd %q && %q %q' "$tmp" "$bin" "$2"); echo \"EXIT=\$?\""
}
# select_finding SESSION TEXT: with the findings list focused, moves its cursor from the top
# down until the status bar (which reads the selected finding) shows TEXT.
select_finding() {
  local s=$1 i
  keys "$s" g
  for i in $(seq 12); do
    sleep 0.2
    status_line "$s" | grep -qF "$2" && break
    keys "$s" j
  done
  check "$s" "$s: the findings list selects '$2'" status_line -F "$2"
}
# The findings list's rows (right of the pane border, starting with a marker).
findings_list() { screen "$1" | awk -F'│' 'NF > 1 { print $2 }' | grep -E '^ [✖▲●] '; }
# The diff lines of the save overlay that add (+) or remove (-) a line, without the margin.
diff_changes() { screen "$1" | grep -E '^ [+-]' | grep -vE '^ (\+\+\+|---) ' | sed 's/^ //'; }

# --- 1. Fix both findings, type the purpose string, review the diff, save, quit --------------
s=edit
start_shell $s 120 40
check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
launch $s Swiftfin.app
check $s "$s: the title names the bundle" \
  title -F 'infoscope · Swiftfin.app · iOS, iPadOS · built'
check $s "$s: the title counts 3 errors, 3 warnings and 2 notes" \
  title -F '✖ 3 errors  ▲ 3 warnings  ● 2 notes'
check $s "$s: the findings pane lists 8 findings" screen -F 'Findings (8)'
check $s "$s: the iPad orientations carry an error marker" \
  screen -E '^✖ +▸ UISupported[A-Za-z]*…[a-z]*~ipad +Array +\(3 items\)'
check $s "$s: NSBonjourServices carries a warning marker" \
  screen -E '^▲ +▸ NSBonjourServices +Array +\(2 items\)'

keys $s Tab Tab
select_finding $s 'error: UISupportedInterfaceOrientations~ipad lacks PortraitUpsideDown'
check $s "$s: the tree follows to the iPad orientations" \
  detail -x ' UISupportedInterfaceOrientations~ipad'
check $s "$s: the detail pane names the fix" detail -F 'fix: add the missing orientations'
keys $s x
check $s "$s: x shows the fix's edit and asks" prompt_text -F \
  'add the missing orientations: set UISupportedInterfaceOrientations~ipad to ["UIInterfaceOrientation'
check $s "$s: the answer keys show on the status line" status_line -F 'y apply  n cancel'
keys $s y
check $s "$s: y applies the fix" status_line -F 'add the missing orientations (u undoes)'
check $s "$s: the title counts 2 errors" title -F '✖ 2 errors  ▲ 3 warnings  ● 2 notes'
check $s "$s: the findings pane lists 7 findings" screen -F 'Findings (7)'
check $s "$s: the iPad orientations hold 4 items, without a marker" \
  screen -E '^ +▸ UISupported[A-Za-z]*…[a-z]*~ipad +Array +\(4 items\)'
check_absent $s "$s: the orientation finding is gone from the list" \
  findings_list -F 'UISupportedInterfa'
check_absent $s "$s: the detail pane no longer shows the error" detail -F 'lacks PortraitUpsideDown'

select_finding $s 'warning: NSLocalNetworkUsageDescription is missing, but NSBonjourServices'
keys $s x
check $s "$s: x shows the purpose string's fix and asks" status_line -F \
  'add NSLocalNetworkUsageDescription: set NSLocalNetworkUsageDescription to "". Apply?'
keys $s y
check $s "$s: the fix opens the new purpose string's editor" \
  status_line -F 'NSLocalNetworkUsageDescription (String): why the app needs this access:'
check $s "$s: the added key is selected in the tree" detail -x ' NSLocalNetworkUsageDescription'
check $s "$s: the empty purpose string is an error until written" \
  title -F '✖ 3 errors  ▲ 2 warnings  ● 2 notes'
check $s "$s: the detail pane shows the blank purpose string" detail -F 'blank_purpose_string'
T send-keys -t $s -l "$purpose"
check $s "$s: the editor shows what is typed" status_line -F 'on the local network.'
keys $s Enter
check $s "$s: Enter sets the purpose string" \
  status_line -F 'set NSLocalNetworkUsageDescription (u undoes)'
check $s "$s: the title counts 2 errors and 2 warnings" \
  title -F '✖ 2 errors  ▲ 2 warnings  ● 2 notes'
check $s "$s: the findings pane lists 6 findings" screen -F 'Findings (6)'
check_absent $s "$s: no purpose-string finding is left in the list" \
  findings_list -E 'NSLocalNetwork|purpose string'
check $s "$s: the new key shows its text, without a marker" \
  screen -E '^ +NSLocal[A-Za-z]*…[A-Za-z]*Description +String +"Swiftfin finds your'
check $s "$s: NSBonjourServices has lost its marker" \
  screen -E '^ +▸ NSBonjourServices +Array +\(2 items\)'
check $s "$s: the detail pane shows the value" detail -F 'Swiftfin finds your Jellyfin servers'

keys $s w
check $s "$s: w opens the diff of the file to write" \
  screen -F '─ Save Swiftfin.app/Info.plist as XML ─ y writes'
check $s "$s: the diff names the file" screen -Fx ' +++ b/Info.plist'
check $s "$s: the diff adds the fourth orientation" \
  screen -Fx ' +        <string>UIInterfaceOrientationPortraitUpsideDown</string>'
check $s "$s: the diff adds the purpose key" \
  screen -Fx ' +    <key>NSLocalNetworkUsageDescription</key>'
check $s "$s: the diff adds the purpose string" screen -Fx " +    <string>$purpose</string>"
check_value $s "$s: the diff adds 3 lines and removes none" \
  "$(diff_changes $s | cut -c1 | sort | uniq -c | tr -s ' ' | sed 's/^ //' | paste -sd,)" '3 +'
keys $s y
check $s "$s: y writes the file" status_line -F 'wrote Swiftfin.app/Info.plist'
check_absent $s "$s: the diff overlay closes" screen -F '─ Save Swiftfin.app'
keys $s q
checks_restored $s 0

# --- 2. The file on disk ----------------------------------------------------------------------
saved="$app/Info.plist"
check_value $s "disk: git diff --stat counts 3 insertions and no deletions" \
  "$(git diff --no-index --numstat "$tmp/before/Info.plist" "$saved" | cut -f1,2)" $'3\t0'
expected="+		<string>UIInterfaceOrientationPortraitUpsideDown</string>
+	<key>NSLocalNetworkUsageDescription</key>
+	<string>$purpose</string>"
changed=$(git diff --no-index -U0 "$tmp/before/Info.plist" "$saved" |
  grep -E '^[+-]' | grep -vE '^(\+\+\+|---) ')
check_value $s "disk: exactly the three expected lines were added" "$changed" "$expected"
hunks=$(git diff --no-index -U0 "$tmp/before/Info.plist" "$saved" | grep -c '^@@')
check_value $s "disk: the additions are in 2 places (the iPad list, the end)" "$hunks" 2
check_value $s "disk: the file's permissions are kept" "$(stat -c %a "$saved")" 644
lint=$("$bin" lint "$app" 2>&1)
for rule in ipad_multitasking_orientations missing_purpose_string blank_purpose_string; do
  check_value $s "disk: infoscope lint no longer reports $rule" \
    "$(grep -c "\[$rule\]" <<< "$lint")" 0
done
check_value $s "disk: infoscope lint counts what is left" "$(tail -n 1 <<< "$lint")" \
  '2 errors, 2 warnings, 2 notes'

# --- 3. Quitting with unsaved changes asks; c cancels, d discards -----------------------------
cp -p "$saved" "$tmp/before/saved.plist"
s=discard
start_shell $s 120 40
check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
launch $s Swiftfin.app
check $s "$s: the saved bundle opens with 6 findings" screen -F 'Findings (6)'
keys $s /
T send-keys -t $s -l NSLocalNetworkUsageDescription
keys $s Enter
check $s "$s: search selects the purpose string" detail -x ' NSLocalNetworkUsageDescription'
keys $s d
check $s "$s: d deletes it" status_line -F 'deleted NSLocalNetworkUsageDescription (u undoes)'
check $s "$s: its finding is back" title -F '▲ 3 warnings'
keys $s q
check $s "$s: q asks about the unsaved change" \
  status_line -F '1 file has unsaved changes  s save and quit  d discard and quit  c cancel'
keys $s c
check_absent $s "$s: c cancels the question" status_line -F 'unsaved changes'
check $s "$s: c keeps the inspector open" title -F 'infoscope · Swiftfin.app'
keys $s q
check $s "$s: q asks again" status_line -F 'd discard and quit'
keys $s d
checks_restored $s 0
if cmp -s "$saved" "$tmp/before/saved.plist"; then ok=0; else ok=1; fi
report $ok "$s: discarding leaves the file as saved" $s

# --- 4. The same fix in an Xcode project ------------------------------------------------------
# Swiftfin's project with its Info.plist as INFOPLIST_FILE, without UIRequiresFullScreen: the
# finding is on the effective Info.plist (the file merged with the build settings), placed on
# the source file, where the fix edits.
project="$tmp/Swiftfin"
mkdir -p "$project/Swiftfin.xcodeproj" "$project/Swiftfin/Resources"
cp "$corpus/$source_project" "$project/Swiftfin.xcodeproj/project.pbxproj"
# CODE_SIGN_ENTITLEMENTS names Swiftfin/Resources/Swiftfin.entitlements: a missing one is an error.
cp "$corpus/entitlements/Swiftfin__Swiftfin.entitlements" \
  "$project/Swiftfin/Resources/Swiftfin.entitlements"
# Its tvOS target's INFOPLIST_FILE is not in the corpus, and a missing one is an error too: an
# empty dictionary stands in, which leaves that effective Info.plist as its settings say.
mkdir -p "$project/Swiftfin tvOS/Resources"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict/>\n</plist>\n' \
  > "$project/Swiftfin tvOS/Resources/Info.plist"
python3 - "$corpus/$source_plist" "$project/Swiftfin/Resources/Info.plist" << 'EOF'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
cut = "\t<key>UIRequiresFullScreen</key>\n\t<true/>\n"
assert cut in text
open(sys.argv[2], "w", encoding="utf-8").write(text.replace(cut, ""))
EOF
s=project
start_shell $s 120 40
check $s "$s: the shell prompt is up" last_line -x 'e2e\$'
launch $s Swiftfin
# Two errors: the orientations, and the XcodeConfig/Shared.xcconfig the project takes as its
# base, which the corpus does not hold.
check $s "$s: the title counts the orientation error" title -F '✖ 2 errors '
keys $s Tab Tab
select_finding $s 'error: UISupportedInterfaceOrientations~ipad lacks PortraitUpsideDown'
keys $s x
check $s "$s: x asks" prompt_text -F 'add the missing orientations: set'
keys $s y
check $s "$s: y applies the fix to the source Info.plist" \
  status_line -F 'add the missing orientations (u undoes)'
# The target's merged Info.plist is built again from the edited INFOPLIST_FILE, so the finding
# about the merged list goes at once.
check $s "$s: the orientation finding goes" title -F '✖ 1 error '
keys $s q
check $s "$s: q asks about the unsaved change" status_line -F 'd discard and quit'
keys $s d
checks_restored $s 0

echo "# $checks checks, $failures failed, $((SECONDS - started)) s"
[ $failures -eq 0 ]
