#!/usr/bin/env bash
# Fails when a module imports one it may not (the table in STYLE.md, "Sources and modules").
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A allowed=(
  [PlistCore]="Foundation Glibc"
  [PlistBundle]="PlistCore Foundation Glibc CZip COpenSSL"
  [PlistRules]="PlistCore PlistBundle Foundation Glibc"
  [PlistEditing]="PlistCore Foundation Glibc"
  [PlistUI]="PlistCore PlistBundle PlistRules PlistEditing Foundation Glibc"
  [PlistCurses]="PlistUI CNcurses Foundation Glibc"
  [PlistCLI]="PlistCore PlistBundle PlistRules PlistEditing Foundation Glibc"
  [infoscope]="PlistCLI PlistUI PlistCurses Foundation Glibc"
  [infoscope-bench]="PlistCore PlistBundle PlistRules PlistUI PlistCLI Foundation Glibc"
)
status=0
for dir in Sources/*/; do
  module=$(basename "$dir")
  [ -n "${allowed[$module]+x}" ] || continue
  while IFS=: read -r file _ line; do
    imported=$(echo "$line" | sed -E 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+(class |struct |enum |func )?([A-Za-z_]+).*/\3/')
    case " ${allowed[$module]} " in
      *" $imported "*) ;;
      *) echo "$file: $module may not import $imported"; status=1 ;;
    esac
  done < <(grep -rnE '^(@[A-Za-z_]+[[:space:]]+)*import ' "$dir" --include='*.swift' | sed -E 's/^([^:]+):([0-9]+):/\1:\2:/')
done
exit $status
