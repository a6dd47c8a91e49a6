#!/usr/bin/env python3
"""Latency of rtab lsp on the bundled tables: bench/lsp_latency.py RTAB

For each table of tables/, one server session (tests/lsp/session.py): the
time from a didChange of the whole text to its publishDiagnostics (the
front end and every check on the buffer), 11 runs; then hover and
definition at the first use of every name of the file. Wall-clock times of
the round trip seen by the client, in ms, medians: a request is answered
before the next is sent, so the time is the server's work plus the pipe.
bench/run prints the figures lsp_diagnostics_ms (the slowest table's
median), lsp_hover_ms and lsp_definition_ms (medians over every request of
every table)."""
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "lsp"))
from session import Session  # noqa: E402

RUNS = 11
NAME = re.compile(r'"(?:\\.|[^"\\])*"|#.*|[A-Za-z_]\w*')


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def first_uses(text):
    """The position of the first occurrence of every name, in UTF-16 units."""
    seen = set()
    for line_no, line in enumerate(text.split("\n")):
        for m in NAME.finditer(line):
            word = m.group(0)
            if word[0] in '"#' or word in seen:
                continue
            seen.add(word)
            yield {"line": line_no, "character": len(line[:m.start()].encode("utf-16-le")) // 2}


def table_latency(rtab, path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    uri = "file://" + path
    s = Session(rtab)
    s.open(uri, text)
    diag = []
    for version in range(2, 2 + RUNS):
        t = time.perf_counter()
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                            "contentChanges": [{"text": text}]})
        s.wait_diagnostics(uri, version)
        diag.append((time.perf_counter() - t) * 1000.0)
    hover, definition = [], []
    for pos in first_uses(text):
        for method, times in (("textDocument/hover", hover), ("textDocument/definition", definition)):
            t = time.perf_counter()
            s.request(method, {"textDocument": {"uri": uri}, "position": pos})
            times.append((time.perf_counter() - t) * 1000.0)
    if s.close() != 0:
        sys.exit("bench: rtab lsp did not exit with 0 after shutdown")
    return median(diag), hover, definition, len(text.encode("utf-8"))


def lsp_figures(rtab, say=print):
    tables = sorted(f for f in os.listdir(os.path.join(ROOT, "tables")) if f.endswith(".rtab"))
    worst, hovers, definitions = 0.0, [], []
    for name in tables:
        d, h, g, size = table_latency(rtab, os.path.join(ROOT, "tables", name))
        say("lsp: %-26s %7d bytes: diagnostics %.1f ms, hover %.2f ms, definition %.2f ms (medians)"
            % (name, size, d, median(h), median(g)))
        worst = max(worst, d)
        hovers += h
        definitions += g
    return worst, median(hovers), median(definitions)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: bench/lsp_latency.py RTAB")
    d, h, g = lsp_figures(os.path.abspath(sys.argv[1]))
    print("lsp_diagnostics_ms: %.1f\nlsp_hover_ms: %.2f\nlsp_definition_ms: %.2f" % (d, h, g))
