#!/usr/bin/env python3
"""check_doc_code.py DOC [ROOT]: the code a guide shows is the code the project builds.

A fenced code block right after a marker line is checked against the tree:
  <!-- file: lite/operators/shuffle_channel_op.h -->     the block is the whole file
  <!-- excerpt: lite/operators/op_params.h -->          the block's lines stand in the file,
                                                         one after another
Exits 1 naming each block that drifted, 2 on a malformed guide; prints help without DOC.
"""
import os
import re
import sys

MARKER = re.compile(r"^<!-- (file|excerpt): (\S+) -->$")


def blocks(lines):
    """Yields (kind, path, marker line number, code lines) for each marked block."""
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        i += 1
        if not m:
            continue
        if i >= len(lines) or not lines[i].startswith("```"):
            raise ValueError(f"line {i}: marker not followed by a code block")
        start = i + 1
        end = start
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        if end == len(lines):
            raise ValueError(f"line {i + 1}: code block never closed")
        yield m.group(1), m.group(2), i, lines[start:end]
        i = end + 1


def contains(haystack, needle):
    n = len(needle)
    return any(haystack[k:k + n] == needle for k in range(len(haystack) - n + 1))


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    doc = argv[1]
    root = argv[2] if len(argv) > 2 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(doc, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        found = list(blocks(lines))
    except ValueError as e:
        print(f"{doc}: {e}")
        return 2
    if not found:
        print(f"{doc}: no marked code blocks")
        return 2
    drifted = 0
    for kind, path, line, code in found:
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            print(f"{doc}:{line}: {path} does not exist")
            drifted += 1
            continue
        with open(full, encoding="utf-8") as f:
            text = f.read().split("\n")
        if text and text[-1] == "":
            text = text[:-1]
        ok = code == text if kind == "file" else contains(text, code)
        if not ok:
            print(f"{doc}:{line}: the block differs from {path} ({kind})")
            drifted += 1
    print(f"{doc}: {len(found) - drifted} of {len(found)} code blocks match the tree")
    return 1 if drifted else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
