#!/usr/bin/env python3
"""A deliberately naive port of the notification body, for trying
`notification-body diff --against` (see docs/against-protocol.md).

It knows only part of docs/contract.md: it reads a lone surrogate as U+FFFD
(json.loads keeps one as a lone code point), drops every ** and ~~ (code and
URLs included), collapses runs of spaces, trims spaces and line breaks, and
cuts a long body at limit - 1 UTF-16 units with "…" between any two code
points, splitting characters. It agrees on many plain messages, not on all.
"""
import json
import sys


def body(text, limit):
    text = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
    text = text.replace("**", "").replace("~~", "")
    while "  " in text:
        text = text.replace("  ", " ")
    text = text.strip(" \n")
    if len(text.encode("utf-16-le")) // 2 <= limit:
        return text
    kept, units = "", 0
    for char in text:
        units += 2 if ord(char) > 0xFFFF else 1
        if units > limit - 1:
            break
        kept += char
    return kept + "\u2026"


for line in sys.stdin.buffer:  # one request a line, UTF-8
    request = json.loads(line)
    answer = {"body": body(request["input"], request.get("limit", 256))}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()  # answer now: the next request waits for this line
