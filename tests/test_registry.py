#!/usr/bin/env python3
"""A new key kind fails to build until every verb that tests a kind handles it.

usage: test_registry.py BUILD_DIR SOURCE_DIR

The key kinds are one list (compiler/front/key_kinds.def) tied to the
runtime's enum (rtab_key_kind in runtime/rtab.h); compiler/README.md says how
a verb tests one. This test holds the sources to it:

1. No source of compiler/ or runtime/ tests a key kind with == or != (a kind
   added later would fall silently into an else), and no switch over a key
   kind has a default (the build's -Werror=switch names the kinds a switch
   without one leaves out).
2. A branch that adds a key kind: rtab.h's enum and key_kinds.def each get a
   line, in a directory put ahead of the sources on the include path. Every
   source that switches over a key kind is compiled again, with the build's
   own command (compile_commands.json) and -fsyntax-only: each must fail, and
   name the new kind. The verbs it names are printed.
3. The tie between the two lists: the kind in rtab.h alone, or in
   key_kinds.def alone, fails to compile front/key_kinds.c.
4. A new way to write a key (an RTAB_KEY_FORM line) fails to compile the
   check that reads the key (compile_key in check/passes/sema_grid.c) until it
   says what the form computes.
5. Statements: a verb that decides something for every kind of statement
   does it in a switch that lists ST_KIND_COUNT_ and has no default. A
   branch that adds a statement (an RTAB_STMT line in constructs.def) fails
   to compile each of them, naming the new kind; at least STATEMENT_VERBS
   are among them.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

PROBE = 'RTAB_KEY_PROBE'
STMT_PROBE = 'ST_PROBE'
# The decisions every kind of statement must make, as README says: how an
# errata layer changes it, whether it names an outcome, what a provisional
# reason on it is written on.
STATEMENT_VERBS = {
    'compiler/check/editions/errata_patch.c': 'merge_of',
    'compiler/check/passes/sema_numeric.c': 'note_body',
    'compiler/check/proofs/post_checks.c': 'provisional_on',
}
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def sources(src):
    for top in ('compiler', 'runtime'):
        for root, _, files in os.walk(os.path.join(src, top)):
            for f in sorted(files):
                if f.endswith(('.c', '.h', '.y')):
                    yield os.path.join(root, f)


TESTED_BY_OPERATOR = re.compile(r'key_kind\s*[!=]=|[!=]=\s*RTAB_KEY_[A-Z]|RTAB_KEY_[A-Z_]+\s*[!=]=')
KEY_SWITCH = re.compile(r'switch\s*\(\s*(?:table_key_kind\s*\(|\(\s*rtab_key_kind\s*\))')


def switch_bodies(text):
    """The text of each switch over a key kind, from its opening brace."""
    for m in KEY_SWITCH.finditer(text):
        at = text.index('{', m.end())
        depth = 0
        for i in range(at, len(text)):
            depth += {'{': 1, '}': -1}.get(text[i], 0)
            if depth == 0:
                yield m.start(), text[at:i + 1]
                break


def lint(src):
    switching = []
    for path in sources(src):
        rel = os.path.relpath(path, src)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for n, line in enumerate(text.splitlines(), 1):
            if TESTED_BY_OPERATOR.search(line):
                fail('%s:%d tests a key kind with == or !=; switch over table_key_kind(t) '
                     'with no default instead: %s' % (rel, n, line.strip()))
        found = False
        for start, body in switch_bodies(text):
            found = True
            # A default at the switch's own level (nested switches are their own).
            inner = re.sub(r'\{[^{}]*\}', '', body[1:-1])
            while re.search(r'\{[^{}]*\}', inner):
                inner = re.sub(r'\{[^{}]*\}', '', inner)
            if re.search(r'\bdefault\s*:', inner):
                fail('%s:%d: a switch over a key kind has a default; name each kind'
                     % (rel, text.count('\n', 0, start) + 1))
        if found and path.endswith('.c'):
            switching.append(rel)
    return switching


STMT_TABLE = re.compile(r'\bswitch\s*\(')


def statement_switches(src):
    """Sources with a switch over every kind of statement (it names
    ST_KIND_COUNT_); such a switch must have no default."""
    found = []
    for path in sources(src):
        rel = os.path.relpath(path, src)
        if rel == 'compiler/front/ast.h' or not path.endswith('.c'):
            continue
        with open(path, encoding='utf-8') as f:
            text = f.read()
        has = False
        for m in STMT_TABLE.finditer(text):
            at = text.find('{', m.end())
            depth = 0
            for i in range(at, len(text)):
                depth += {'{': 1, '}': -1}.get(text[i], 0)
                if depth == 0:
                    break
            body = text[at:i + 1]
            inner = body[1:-1]
            while re.search(r'\{[^{}]*\}', inner):
                inner = re.sub(r'\{[^{}]*\}', '', inner)
            if 'case ST_KIND_COUNT_' not in inner:
                continue
            has = True
            if re.search(r'\bdefault\s*:', inner):
                fail('%s:%d: a switch over every kind of statement has a default; name each kind'
                     % (rel, text.count('\n', 0, m.start()) + 1))
        if has:
            found.append(rel)
    return found


def stmt_overlay(src):
    overlay = tempfile.mkdtemp(prefix='rtab-registry-')
    os.makedirs(os.path.join(overlay, 'front'))
    with open(os.path.join(src, 'compiler', 'front', 'constructs.def'), encoding='utf-8') as f:
        table = f.read()
    at = table.index('\n#undef RTAB_DEF\n')
    table = table[:at] + '\nRTAB_STMT(PROBE, "probe", KEYWORD, NULL, "\'probe\'", "a table", IN(TABLE))\n' + table[at:]
    with open(os.path.join(overlay, 'front', 'constructs.def'), 'w', encoding='utf-8') as f:
        f.write(table)
    return overlay


def check_statements(src, cmds):
    switching = statement_switches(src)
    for rel, fn in STATEMENT_VERBS.items():
        if rel not in switching:
            fail('%s decides for every kind of statement in %s, yet no switch there names '
                 'ST_KIND_COUNT_' % (rel, fn))
    overlay = stmt_overlay(src)
    try:
        todo = [rel for rel in switching if rel in cmds]
        with ThreadPoolExecutor(max_workers=2) as pool:
            done = list(pool.map(lambda rel: (rel, syntax_only(cmds[rel], overlay, src, rel)), todo))
        for rel, (rc, err) in done:
            if rc == 0 or STMT_PROBE not in err or 'not handled in switch' not in err:
                fail('%s switches over every kind of statement, yet a new kind does not stop it '
                     'compiling%s' % (rel, ':\n' + err if err else ''))
                continue
            names = function_of(err, rel)
            print('a new statement: %s: %s' % (rel, ', '.join(names) or '(a switch)'))
            want = STATEMENT_VERBS.get(rel)
            if want and want not in names:
                fail('%s: a new statement does not stop %s compiling' % (rel, want))
        print('a new kind of statement fails to compile in %d files'
              % sum(1 for _, (rc, _) in done if rc))
    finally:
        shutil.rmtree(overlay)


def commands(build, src):
    with open(os.path.join(build, 'compile_commands.json'), encoding='utf-8') as f:
        entries = json.load(f)
    out = {}
    for e in entries:
        path = os.path.normpath(os.path.join(e['directory'], e['file']))
        rel = os.path.relpath(path, src)
        if rel.startswith(('compiler/', 'runtime/')) and rel not in out:
            out[rel] = e
    return out


def syntax_only(entry, overlay, src, rel):
    """Compile rel against the overlay; (returncode, stderr)."""
    args = shlex.split(entry['command']) if 'command' in entry else list(entry['arguments'])
    if os.path.basename(args[0]) == 'ccache':
        args = args[1:]
    cmd = [args[0], '-I' + overlay]
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ('-o', '-MF', '-MQ', '-MT'):
            skip = True
            continue
        if a in ('-c', '-MD', '-MMD'):
            continue
        cmd.append(a)
    # A source beside rtab.h finds its own first: compile a copy in the overlay.
    file = os.path.normpath(os.path.join(entry['directory'], entry['file']))
    if os.path.exists(os.path.join(os.path.dirname(file), 'rtab.h')):
        copy = os.path.join(overlay, os.path.basename(file))
        shutil.copy(file, copy)
        cmd = [copy if os.path.normpath(os.path.join(entry['directory'], a)) == file else a for a in cmd]
    cmd += ['-fsyntax-only', '-Werror=switch', '-fdiagnostics-color=never']
    r = subprocess.run(cmd, cwd=entry['directory'], capture_output=True, text=True)
    return r.returncode, r.stderr


def make_overlay(src, key_in_header, key_in_def, form=False):
    overlay = tempfile.mkdtemp(prefix='rtab-registry-')
    os.makedirs(os.path.join(overlay, 'front'))
    with open(os.path.join(src, 'runtime', 'rtab.h'), encoding='utf-8') as f:
        header = f.read()
    with open(os.path.join(src, 'compiler', 'front', 'key_kinds.def'), encoding='utf-8') as f:
        table = f.read()
    if key_in_header:
        enum = re.search(r'typedef enum rtab_key_kind \{(.*?)\} rtab_key_kind;', header, re.S)
        if not enum:
            sys.exit('rtab.h declares no rtab_key_kind')
        header = header[:enum.end(1)] + '\t%s,\n' % PROBE + header[enum.end(1):]
    if key_in_def:
        at = table.index('\n#undef RTAB_KEY\n')
        table = table[:at] + '\nRTAB_KEY(PROBE, "probe")\n' + table[at:]
    if form:
        at = table.index('\n#undef RTAB_KEY\n')
        table = table[:at] + '\nRTAB_KEY_FORM(PROBE, "probe", VALUE, 1)\n' + table[at:]
    with open(os.path.join(overlay, 'rtab.h'), 'w', encoding='utf-8') as f:
        f.write(header)
    with open(os.path.join(overlay, 'front', 'key_kinds.def'), 'w', encoding='utf-8') as f:
        f.write(table)
    return overlay


def function_of(stderr, rel):
    names = re.findall(r"In function ['‘]([A-Za-z_0-9]+)['’]", stderr)
    return sorted(set(names))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build, src = sys.argv[1], os.path.abspath(sys.argv[2])
    switching = lint(src)
    if not switching:
        fail('no source switches over a key kind: the registry is not tested anywhere')
    cmds = commands(build, src)
    missing = [rel for rel in switching if rel not in cmds]
    if missing:
        fail('not in compile_commands.json: ' + ', '.join(missing))

    overlay = make_overlay(src, True, True)
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            done = list(pool.map(lambda rel: (rel, syntax_only(cmds[rel], overlay, src, rel)),
                                 [rel for rel in switching if rel in cmds]))
        for rel, (rc, err) in done:
            named = PROBE in err and 'not handled in switch' in err
            if rc == 0 or not named:
                fail('%s switches over a key kind, yet a new kind does not stop it compiling%s'
                     % (rel, ':\n' + err if err else ''))
            else:
                print('%s: %s' % (rel, ', '.join(function_of(err, rel)) or '(a switch)'))
        print('a new key kind fails to compile in %d files' % sum(1 for _, (rc, _) in done if rc))
    finally:
        shutil.rmtree(overlay)

    # The registry and the runtime's enum name the same kinds.
    registry = 'compiler/front/key_kinds.c'
    if registry not in cmds:
        fail(registry + ' is not built')
    else:
        for in_header, in_def, why in ((True, False, 'in rtab.h alone'), (False, True, 'in key_kinds.def alone')):
            overlay = make_overlay(src, in_header, in_def)
            try:
                rc, err = syntax_only(cmds[registry], overlay, src, registry)
            finally:
                shutil.rmtree(overlay)
            if rc == 0 or PROBE not in err:
                fail('a key kind %s compiles: %s should refuse it\n%s' % (why, registry, err))
            else:
                print('a key kind %s: %s does not compile' % (why, registry))
    check_statements(src, cmds)
    reader = 'compiler/check/passes/sema_grid.c'
    if reader not in cmds:
        fail(reader + ' is not built')
    else:
        overlay = make_overlay(src, False, False, form=True)
        try:
            rc, err = syntax_only(cmds[reader], overlay, src, reader)
        finally:
            shutil.rmtree(overlay)
        if rc == 0 or 'KEY_FORM_PROBE' not in err:
            fail('a new form of key compiles: %s should say what it computes\n%s' % (reader, err))
        else:
            print('a new form of key: %s does not compile (%s)' % (reader, ', '.join(function_of(err, reader))))
    if failures:
        sys.exit(1)


main()
