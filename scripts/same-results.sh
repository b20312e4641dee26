#!/usr/bin/env bash
# Exits 0 when two output folders hold the same result files: the same names once the timestamps are taken out,
# byte-identical contents, and for a workbook (a zip whose members carry the time they were written) the same
# members but docProps/core.xml (its creation time).
#   scripts/same-results.sh DIR_A DIR_B
set -euo pipefail
a=$1
b=$2
keyed() { (cd "$1" && find . -type f | sort | while read -r f; do echo "$(echo "$f" | sed -E 's/_[0-9]{14}//') $f"; done); }
diff <(keyed "$a" | cut -d' ' -f1) <(keyed "$b" | cut -d' ' -f1)
same_workbook() {
  python3 - "$1" "$2" <<'PY'
import sys, zipfile
a, b = (zipfile.ZipFile(p) for p in sys.argv[1:3])
names = [n for n in a.namelist() if n != "docProps/core.xml"]
if names != [n for n in b.namelist() if n != "docProps/core.xml"]:
    sys.exit(f"{sys.argv[1]}: members differ")
for n in names:
    if a.read(n) != b.read(n):
        sys.exit(f"{sys.argv[1]}: member {n} differs")
PY
}
paste -d' ' <(keyed "$a") <(keyed "$b") | while read -r _ mine _ theirs; do
  case "$mine" in
    *.xlsx) same_workbook "$a/$mine" "$b/$theirs" ;;
    *) cmp "$a/$mine" "$b/$theirs" ;;
  esac
done
