#!/usr/bin/env python3
"""Fails when a source line is longer than 120 characters.

Text inside a raw string literal (R"(...)") is data kept verbatim (msprobe's
JSON and messages, regular expressions) and is not counted.
"""
import pathlib
import re
import sys

LIMIT = 120
RAW_OPEN = re.compile(r'R"([^(\s]{0,16})\(')


def long_lines(path):
    raw_end = None  # the closing delimiter of the raw string a line starts inside
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        in_raw = raw_end is not None
        rest = line
        while True:
            if raw_end is not None:
                at = rest.find(raw_end)
                if at < 0:
                    break
                rest = rest[at + len(raw_end):]
                raw_end = None
                continue
            match = RAW_OPEN.search(rest)
            if not match:
                break
            in_raw = True
            raw_end = ")" + match.group(1) + '"'
            rest = rest[match.end():]
        if len(line) > LIMIT and not in_raw:
            yield number, len(line)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    found = 0
    for folder in ("lib", "apps", "test", "bench"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".hpp"):
                continue
            for number, length in long_lines(path):
                print(f"{path.relative_to(root)}:{number}: {length} characters (at most {LIMIT})")
                found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
