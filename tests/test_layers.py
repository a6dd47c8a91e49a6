#!/usr/bin/env python3
"""The layers of compiler/: no edge from a lower layer to a higher one, no circle.

Usage: test_layers.py [BUILD_DIR [SOURCE_ROOT]]

The graph is made of the compiler's modules (folder/name: name.c and name.h
together; a header without a source is a module of its own). There is an edge
from module A to module B when a file of A includes a header of B, or when an
object of A leaves undefined a symbol that B's object defines (nm on the
objects the build made, found through compile_commands.json). The layers are
read from the table in compiler/README.md: a folder may depend on its own
layer's and lower layers' folders only. The runtime stands apart: no file of
runtime/ may include one of compiler/.

Exits 1, printing every edge up and every circle (the files and the symbols
or includes that make each edge), else 0.
"""

import json
import os
import re
import subprocess
import sys
from collections import defaultdict

# Files the build generates in BUILD_DIR/compiler, and the source each comes from.
GENERATED = {
    "lexer.c": "front/lexer.l",
    "lexer.h": "front/lexer.l",
    "parser.c": "front/parser.y",
    "parser.h": "front/parser.y",
    "rtab_fields.c": "export/gen_fields.py",
    "rtab_fields.h": "export/gen_fields.py",
}
SOURCE_SUFFIXES = (".c", ".h", ".l", ".y")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
LAYER_ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*`([A-Za-z0-9_]+)/`")


# Files that make one module: flex's scanner reads the tokens bison's parser
# defines and the parser calls the scanner, so the two grammars, with the
# context they share, are one unit of the front end.
ONE_MODULE = {
    "front/lexer": "front/parser",
    "front/parse_ctx": "front/parser",
}


def module_of(path):
    """folder/name of a path relative to compiler/ ("codegen/emit_c.c" -> "codegen/emit_c")."""
    name = os.path.splitext(path)[0]
    return ONE_MODULE.get(name, name)


def read_layers(readme):
    layers = {}
    with open(readme, encoding="utf-8") as f:
        for line in f:
            m = LAYER_ROW.match(line)
            if m:
                layers[m.group(2)] = int(m.group(1))
    return layers


def source_files(compiler_dir):
    for folder, _, names in os.walk(compiler_dir):
        for name in sorted(names):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.relpath(os.path.join(folder, name), compiler_dir)


def resolve_include(target, including, compiler_dir):
    """The file under compiler/ that `#include "target"` names, or None (rtab.h, system)."""
    for candidate in (target, os.path.join(os.path.dirname(including), target)):
        candidate = os.path.normpath(candidate)
        if os.path.isfile(os.path.join(compiler_dir, candidate)):
            return candidate
    if os.path.basename(target) in GENERATED and os.path.dirname(target) == "":
        return GENERATED[target]
    return None


def include_edges(compiler_dir, add_edge):
    for path in source_files(compiler_dir):
        with open(os.path.join(compiler_dir, path), encoding="utf-8", errors="replace") as f:
            for line in f:
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = resolve_include(m.group(1), path, compiler_dir)
                if target:
                    add_edge(path, target, "includes " + m.group(1))


def compiler_objects(build_dir, root):
    """(source relative to compiler/, object path) for each compiler source the build compiled."""
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        commands = json.load(f)
    compiler_dir = os.path.join(root, "compiler")
    generated_dir = os.path.realpath(os.path.join(build_dir, "compiler"))
    seen = set()
    for entry in commands:
        directory = entry.get("directory", build_dir)
        source = os.path.realpath(os.path.join(directory, entry["file"]))
        obj = os.path.join(directory, entry["output"])
        if os.path.dirname(source) == generated_dir and os.path.basename(source) in GENERATED:
            rel = GENERATED[os.path.basename(source)]
        elif source.startswith(os.path.realpath(compiler_dir) + os.sep):
            rel = os.path.relpath(source, os.path.realpath(compiler_dir))
        else:
            continue
        if rel in seen or not os.path.isfile(obj):
            continue
        seen.add(rel)
        yield rel, obj


def symbols(objects):
    """{object: (defined, undefined)} global symbols, read by one call of nm for all."""
    out = subprocess.run(["nm", "-P", "-A"] + objects, check=True, capture_output=True,
                         text=True).stdout
    table = {obj: (set(), set()) for obj in objects}
    for line in out.splitlines():
        obj, sep, rest = line.partition(": ")
        parts = rest.split()
        if not sep or obj not in table or len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        defined, undefined = table[obj]
        if kind == "U":
            undefined.add(name)
        elif kind.isupper() or kind in ("w", "v"):
            defined.add(name)
    return table


def call_edges(build_dir, root, add_edge):
    defined_by, needs = {}, {}
    objects = list(compiler_objects(build_dir, root))
    table = symbols([obj for _, obj in objects])
    for rel, obj in objects:
        defined, undefined = table[obj]
        for name in defined:
            defined_by.setdefault(name, rel)
        needs[rel] = undefined
    for rel, undefined in needs.items():
        for name in sorted(undefined):
            if name in defined_by and defined_by[name] != rel:
                add_edge(rel, defined_by[name], "calls " + name)
    return len(objects)


def circles(nodes, succ):
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(succ[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(succ[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def describe(reasons, limit=6):
    """ "a.c -> b.h: includes b.h; a.c -> b.c: calls f, g" """
    by_files = defaultdict(list)
    for src, dst, why in sorted(reasons):
        by_files[(src, dst)].append(why)
    parts = []
    for (src, dst), whys in sorted(by_files.items()):
        shown = ", ".join(whys[:limit]) + (", ..." if len(whys) > limit else "")
        parts.append("%s -> %s: %s" % (src, dst, shown))
    return "; ".join(parts)


def runtime_includes(root):
    """Files of runtime/ that include one of compiler/."""
    runtime_dir = os.path.join(root, "runtime")
    compiler_dir = os.path.join(root, "compiler")
    bad = []
    for folder, _, names in os.walk(runtime_dir):
        for name in sorted(names):
            if not name.endswith(SOURCE_SUFFIXES):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    m = INCLUDE.match(line)
                    if m and not os.path.isfile(os.path.join(folder, m.group(1))) and \
                            os.path.isfile(os.path.join(compiler_dir, m.group(1))):
                        bad.append("%s includes %s" % (os.path.relpath(path, root), m.group(1)))
    return bad


def main(argv):
    build_dir = os.path.abspath(argv[1] if len(argv) > 1 else "build")
    root = os.path.abspath(argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(__file__), ".."))
    compiler_dir = os.path.join(root, "compiler")
    layers = read_layers(os.path.join(compiler_dir, "README.md"))
    if not layers:
        print("test_layers: no layer table in compiler/README.md")
        return 1

    edges = defaultdict(set)  # (module, module) -> {(file, file, why)}
    nodes = set(module_of(p) for p in source_files(compiler_dir))

    def add_edge(src, dst, why):
        a, b = module_of(src), module_of(dst)
        if a != b:
            nodes.update((a, b))
            edges[(a, b)].add((src, dst, why))

    include_edges(compiler_dir, add_edge)
    nobjects = call_edges(build_dir, root, add_edge)
    if nobjects == 0:
        print("test_layers: no compiler objects found through %s/compile_commands.json" % build_dir)
        return 1

    problems = 0
    folders = sorted(set(n.split("/")[0] for n in nodes if "/" in n))
    for folder in folders:
        if folder not in layers:
            print("folder %s/ is not in the layer table of compiler/README.md" % folder)
            problems += 1

    def layer(module):
        return layers.get(module.split("/")[0], 0)

    for (a, b), reasons in sorted(edges.items()):
        if layer(a) < layer(b):
            print("edge up: %s (layer %d) -> %s (layer %d): %s" %
                  (a, layer(a), b, layer(b), describe(reasons)))
            problems += 1

    succ = defaultdict(set)
    for a, b in edges:
        succ[a].add(b)
    for component in circles(nodes, succ):
        members = set(component)
        print("circle of %d files: %s" % (len(component), ", ".join(component)))
        for (a, b), reasons in sorted(edges.items()):
            if a in members and b in members:
                print("  %s" % describe(reasons))
        problems += 1

    for line in runtime_includes(root):
        print("runtime depends on compiler: %s" % line)
        problems += 1

    if problems:
        print("test_layers: %d problem(s) in %d modules, %d edges" % (problems, len(nodes), len(edges)))
        return 1
    print("test_layers: %d modules, %d edges, %d objects: no edge up, no circle" %
          (len(nodes), len(edges), nobjects))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
