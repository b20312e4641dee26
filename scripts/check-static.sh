#!/usr/bin/env bash
# The static x86_64 binary against the dynamic build: scripts/package.sh makes it; both compare the two example
# pairs in both command lines and must write byte-identical files (timestamps in names and in workbook members
# aside); and the command-line tests run against it (MSPROBE_TEST_BINARY), but those that need libtorch or MPI,
# which a static build leaves out. Run after scripts/test.sh (it needs build/).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scripts/package.sh x86_64
static="$root/build-static/x86_64/apps/msprobe/msprobe"
dynamic="$root/build/apps/msprobe/msprobe"
file "$static" | grep -q "statically linked" || { echo "check-static: $static is not statically linked" >&2; exit 1; }

out="$root/build-static/examples"
rm -rf "$out"
for binary in static dynamic; do
  exe=$static
  if [ "$binary" = dynamic ]; then exe=$dynamic; fi
  (cd examples/statistics_pair && "$exe" -f pytorch compare -i compare.json -o "$out/$binary/april_statistics" >/dev/null)
  (cd examples/tensor_pair && "$exe" -f pytorch compare -i compare.json -o "$out/$binary/april_tensor" -hl >/dev/null)
  (cd examples/statistics_pair && "$exe" compare -tp npu/step0 -gp bench/step0 -o "$out/$binary/august" >/dev/null)
done
# The same files, named alike once the timestamps are taken out.
keyed() { (cd "$1" && find . -type f | sort | while read -r f; do echo "$(echo "$f" | sed -E 's/_[0-9]{14}//') $f"; done); }
diff <(keyed "$out/static" | cut -d' ' -f1) <(keyed "$out/dynamic" | cut -d' ' -f1)
# A workbook is a zip whose members carry the time they were written: its members are compared instead, all but
# docProps/core.xml (the creation time).
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
paste -d' ' <(keyed "$out/static") <(keyed "$out/dynamic") | while read -r _ mine _ theirs; do
  case "$mine" in
    *.xlsx) same_workbook "$out/static/$mine" "$out/dynamic/$theirs" ;;
    *) cmp "$out/static/$mine" "$out/dynamic/$theirs" ;;
  esac
done
echo "check-static: the static binary writes the dynamic build's files on both example pairs"

MSPROBE_TEST_BINARY="$static" ctest --test-dir build --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" \
  -R '^cli:' -E 'run_ut|acc_check|ms checker|--version|command-line runs of cnn_tensor|same-second run_ut'
echo "check-static: the command-line tests pass against the static binary"
