#!/usr/bin/env python3
"""The construct x verb coverage test.

Every construct of the language (each kind of definition and each statement
form the compiler knows, plus the named sub-forms below) has a fixture in
fixtures/; every verb of rtab is run on it and must show the construct.
A pair that does not apply is listed, with its reason, in not_applicable.tsv;
a pair that is known to fail is listed in known_gaps.tsv and must still fail
(the list can only shrink).

Usage: run.py RTAB SOURCE_ROOT [--report] [--sample] [--only=FIXTURE,...]
--report prints every pair's outcome, to write or shrink the two tables.
--only runs the verbs on those fixtures alone (while writing one).
--sample runs every eighth pair (the quick tier): each verb on an eighth of
the fixtures and each fixture through a quarter of the verbs, turning by one
from fixture to fixture; the registry's checks run whole either way.

A fixture starts with header comments:
  # construct: NAME[, NAME...]   the constructs it covers
  # mutate: OLD => NEW           the change of the construct (OLD occurs once
                                 in the body) that diff and verify must report
                                 and at least one example must catch
  # eval: NAME ARGS...           what rtab eval resolves (run with --json)
  # odds: NAME ARGS...           what rtab odds resolves
  # show: TEXT                   what every verb's output must contain
  # show VERB: TEXT              what VERB's output must contain instead
                                 (several lines: all of them; A || B: either)
  # hide [VERB]: TEXT            what the output must not contain
  # once [VERB]: TEXT            what the output must contain exactly once
  # exit VERB: N                 the exit status of check or check-strict
                                 when it is not 0 (check) or 1 (check-strict)
check and check-strict read only 'show check' / 'show check-strict': a clean
file prints nothing but its provisional notes. compile looks in what it
prints and in the C it writes.
"""

import concurrent.futures
import html
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, 'fixtures')

# Forms the issue names that are no kind of definition or statement of their
# own in the syntax tree (below, above, code, like, shifts and round are:
# st_below and so on, read from the registry).
SUB_FORMS = [
    'grid_provisional',    # provisional "why" at the end of a grid line
    'cell_patch',          # cell ROLLS at COLUMN = RESULT; in a variant
    'odds_columns',        # columns by odds(A, B)
    'difference_columns',  # columns by difference(A, B)
    'numeric_outcome',     # an outcome that carries numbers (DR2)
    'trigger_inputs',      # trigger T(INPUT = VALUE) times N
    'trigger_repeat',      # trigger T(INPUT = repeat, INPUT = earlier OUTCOME) times N
    'errata',              # an errata layer
    'number_input',        # number MIN..MAX by STEP
    'list_input',          # list LO..HI of { fields }
    'like_base_error',     # a like variant of a grid with an error, reported once
    'unit_quantity',       # a quantity with its unit: an input, a number, dice, an argument
    'result_dash',         # a printed '-' inside a result: -/1R, 2/-
    'result_marks',        # a mark inside a result (2*/1), results by code in below/above
    'column_as_written',   # a value column's id as the grid prints it: 34..50
    'end_provisional',     # below none provisional "why"; above 7:1 DE provisional "why";
    'grid_values',         # grid woods, town { ... }: one grid for several values of the variant
    'dead_column',         # a column printed — on every line: no result
    'round_ranges',        # round up below 1:1, nearest from 1:1 (a rounding per range of odds)
    'odds_thresholds',     # at least 0.33, 0.5, 1 (the ratio each odds column needs)
    'locale_rule_refs',    # @ en "..." ru "...": a rule reference per locale
    'part_rule_refs',      # a row's @ en "..." ru "...": a part's rule reference per locale
    'open_input',          # int >= 0, int <= 10, int: an input open at an end
    'round_linear',        # round linear, ties up: the nearest column by the ratio itself
    'odds_strict',         # more than 1/2, 1, 3/2: thresholds the odds must pass
    'two_enums',           # columns by (posture, target): a grid per value of one enum, a column per value of another
    'above_strict',        # above more than 3:1 DE: odds past the step only, whatever the rounding
    'band_linear',         # round linear, ties up in a ratio band: the nearest printed odds by the ratio
    'value_names',         # light  medium  heavy over 0-2  3-5  6+: value columns under printed names
    'two_enum_rows',       # rows open { ... }: two enum keys in the row form, a rows block per value of the first
    'result_flags',        # code "{a}/{d}{retreat?*}": a flag a cell prints or leaves out (2/1*, 2/1)
    'rewrite_numbers',     # rewrite loss(a, d) -> loss(a + 1, d): a result's numbers computed
    'value_lines',         # columns by (value(range), value(fire)): grid 1-2 { ... }, a line per range of a value
    'value_rows',          # rows 1-2 { 0-2 3-5 6+ ... }: value x value in the row form, a rows block per range of the first
    'variant_rows',        # rows open { 0-2 3-5 6+ ... }: enum x value in the row form, a rows block per value of the enum
    'value_rows_ends',     # below/above and rows otherwise { ... } in the row form of lines by a value
    'computed_rows',       # rows { 0-2 3-5 6+ ... }: one computed key in the row form, its steps over the columns
    'rewrite_earlier',     # rewrite A -> B when earlier OUTCOME: whether an earlier repeat of the trigger gave OUTCOME
    'rewrite_earlier_logic',  # rewrite A -> B when not earlier OUTCOME, earlier OUTCOME or C
    'rows_when',           # rows NAME when CONDITION { ... }: a line chosen by a condition in the row form
    'stack_each_way',      # stack largest_each_way: per side, the largest bonus and the largest penalty
]

# --sample: one pair of fixture and verb in this many.
SAMPLE_STRIDE = 8

VERBS = ['check', 'check-strict', 'compile', 'eval', 'test', 'odds', 'diff', 'verify',
         'export-json', 'export-csv', 'export-markdown', 'export-html', 'export-aid', 'vectors', 'lsp',
         'fmt']


def compiler_constructs(source_root):
    """Every kind of definition and statement form the compiler knows, as
    fixture names (RTAB_DEF(RULESET, ...): def_ruleset; RTAB_STMT(GRID, ...):
    st_grid), read from the registry of constructs. The one place that reads
    them."""
    path = os.path.join(source_root, 'compiler', 'front', 'constructs.def')
    with open(path, encoding='utf-8') as f:
        text = re.sub(r'/\*.*?\*/', '', f.read(), flags=re.S)
    names = []
    for macro, kind in re.findall(r'^(RTAB_DEF|RTAB_STMT)\((\w+)\s*,', text, re.M):
        names.append(('def_' if macro == 'RTAB_DEF' else 'st_') + kind.lower())
    if not names:
        raise SystemExit('constructs: no RTAB_DEF or RTAB_STMT entry in ' + path)
    return names


class Fixture:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-len('.rtab')]
        self.constructs = []
        self.mutate = None
        self.eval_args = None
        self.odds_args = None
        self.show = {}
        self.hide = {}
        self.once = {}
        self.exit = {}
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        header = 0
        for line in lines:
            if not line.startswith('#'):
                break
            header += 1
            m = re.match(r'#\s*([a-z-]+)(?:\s+([a-z-]+))?:\s?(.*)$', line)
            if not m:
                continue
            key, verb, value = m.group(1), m.group(2), m.group(3).strip()
            if key == 'construct':
                self.constructs += [c.strip() for c in value.split(',') if c.strip()]
            elif key == 'mutate':
                old, sep, new = value.partition(' => ')
                self.mutate = (old, new) if sep else None
            elif key == 'eval':
                self.eval_args = shlex.split(value)
            elif key == 'odds':
                self.odds_args = shlex.split(value)
            elif key in ('show', 'hide', 'once'):
                getattr(self, key).setdefault(verb or '*', []).append(value)
            elif key == 'exit' and verb:
                self.exit[verb] = int(value)
        self.header = '\n'.join(lines[:header])
        self.body = '\n'.join(lines[header:])

    def tokens(self, verb, kind='show'):
        table = getattr(self, kind)
        if verb in table:
            return table[verb]
        if verb == 'check-strict':
            return table.get('check', [])
        if verb == 'check':
            return []
        if verb == 'export-aid':  # the aid prints no ids: its own lines only
            return table.get(verb, [])
        if verb.startswith('export-') and 'export' in table:
            return table['export']
        return table.get('*', [])

    def expect(self, verb):
        """What VERB's output must hold: (show, hide, once)."""
        return self.tokens(verb), self.tokens(verb, 'hide'), self.tokens(verb, 'once')


def run(cmd, cwd=None, stderr=True):
    """The exit status and the output (without the standard error when stderr is False)."""
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    err = p.stderr.decode('utf-8', 'replace') if stderr else ''
    return p.returncode, p.stdout.decode('utf-8', 'replace') + err


def shown(cmd):
    """CMD as a reader can follow it: files by name, the changed copy of a
    fixture as changed/NAME.rtab."""
    words = []
    for word in cmd:
        if os.path.isabs(word):
            folder = os.path.basename(os.path.dirname(word))
            word = (folder + '/' if folder == 'changed' else '') + os.path.basename(word)
        words.append(word)
    return ' '.join(words)


def wrong(expected, text):
    """What TEXT gets wrong of what EXPECTED (show, hide, once) asks."""
    show, hide, once = expected
    faults = ['lacks %r' % t for t in show
              if not any(alt in text for alt in t.split(' || '))]
    faults += ['holds %r' % t for t in hide if t in text]
    faults += ['holds %r %d times, not once' % (t, text.count(t)) for t in once
               if text.count(t) != 1]
    return faults


def verdict(cmd, rc, want_rc, out, expected, need_tokens=True):
    """None when the verb showed the construct, else why not."""
    if need_tokens and not any(expected):
        return 'the fixture declares nothing to look for'
    if want_rc is not None and rc != want_rc:
        return '%s: exit %d, not %d\n%s' % (shown(cmd), rc, want_rc, out.strip()[:600])
    faults = wrong(expected, out)
    if faults:
        return '%s: output %s\n%s' % (shown(cmd), ', '.join(faults), out.strip()[:600])
    return None


def check_verb(rtab, cc, source_root, fx, mutated, verb, work):
    """None when VERB shows the fixture's construct, else what went wrong."""
    tokens = fx.expect(verb)
    f = fx.path
    if verb == 'check':
        # check sums provisional readings up in one line; -Wprovisional lists them
        cmd = [rtab, 'check', '-Wprovisional', f]
        return verdict(cmd, *_rc_out(cmd, fx.exit.get(verb, 0)), tokens)
    if verb == 'check-strict':
        cmd = [rtab, 'check', '--strict', f]
        return verdict(cmd, *_rc_out(cmd, fx.exit.get(verb, 1)), tokens)
    if verb == 'compile':
        out_dir = os.path.join(work, 'c')
        os.makedirs(out_dir, exist_ok=True)
        cmd = [rtab, 'compile', f, '-o', out_dir]
        rc, out = run(cmd)
        if rc != 0:
            return verdict(cmd, rc, 0, out, tokens)
        sources = sorted(os.path.join(out_dir, n) for n in os.listdir(out_dir) if n.endswith('.c'))
        generated = ''
        for n in sorted(os.listdir(out_dir)):
            with open(os.path.join(out_dir, n), encoding='utf-8') as g:
                generated += g.read()
        cc_cmd = cc + ['-std=c11', '-c', '-I', os.path.join(source_root, 'runtime'),
                       '-o', os.devnull] + sources
        rc, cc_out = run(cc_cmd)
        if rc != 0:
            return verdict(cc_cmd, rc, 0, cc_out, tokens)
        return verdict(cmd, 0, 0, out + generated, tokens)
    if verb == 'eval':
        if fx.eval_args is None:
            return 'the fixture names nothing to eval'
        cmd = [rtab, 'eval', f] + fx.eval_args + ['--json']
        return verdict(cmd, *_rc_out(cmd, 0), tokens)
    if verb == 'test':
        cmd = [rtab, 'test', '-v', f]
        rc, out = run(cmd)
        if rc != 0:
            return verdict(cmd, rc, 0, out, tokens, need_tokens=False)
        if mutated is None:
            return 'the fixture declares no mutation'
        cmd = [rtab, 'test', mutated]
        rc, out = run(cmd)
        if rc == 0:
            return '%s: the examples pass on the changed copy: none exercises the construct' % (
                shown(cmd))
        return verdict(cmd, rc, None, out, tokens, need_tokens=False)
    if verb == 'odds':
        if fx.odds_args is None:
            return 'the fixture names nothing for odds'
        cmd = [rtab, 'odds', f] + fx.odds_args
        return verdict(cmd, *_rc_out(cmd, 0), tokens)
    if verb == 'diff':
        if mutated is None:
            return 'the fixture declares no mutation'
        cmd = [rtab, 'diff', f, mutated]
        return verdict(cmd, *_rc_out(cmd, 1), tokens)
    if verb == 'verify':
        cmd = [rtab, 'verify', f, f]
        rc, out = run(cmd)
        if rc != 0:
            return verdict(cmd, rc, 0, out, tokens, need_tokens=False)
        if mutated is None:
            return 'the fixture declares no mutation'
        cmd = [rtab, 'verify', f, mutated]
        return verdict(cmd, *_rc_out(cmd, 1), tokens)
    if verb == 'export-aid':  # the player aid (HTML and Markdown without --proof), read as text
        cmd = [rtab, 'export', '--format', 'html', f]
        rc, out = run(cmd)
        text = re.sub(r'<style>.*?</style>|<[^>]+>', ' ', out, flags=re.S)
        fault = verdict(cmd, rc, 0, re.sub(r'\s+', ' ', html.unescape(text)), tokens)
        if fault:
            return fault
        cmd = [rtab, 'export', '--format', 'markdown', f]
        rc, out = run(cmd)
        text = re.sub(r'\\(.)', r'\1', re.sub(r'^\|? *-+:? *\|.*$|\|', ' ', out, flags=re.M))
        return verdict(cmd, rc, 0, re.sub(r'\s+', ' ', html.unescape(text)), tokens)
    if verb.startswith('export-'):
        cmd = [rtab, 'export', '--format', verb[len('export-'):], f] + (['--proof'] if verb in ('export-html', 'export-markdown') else [])
        return verdict(cmd, *_rc_out(cmd, 0), tokens)
    if verb == 'vectors':
        cmd = [rtab, 'vectors', f]
        return verdict(cmd, *_rc_out(cmd, 0), tokens)
    if verb == 'lsp':
        return verdict([rtab, 'lsp', f], *lsp_outline(rtab, f), tokens)
    if verb == 'fmt':
        return check_fmt(rtab, fx, work, tokens)
    raise AssertionError(verb)


def lsp_outline(rtab, path):
    """What rtab lsp shows of a file opened in an editor: its diagnostics,
    its outline, the hover of every definition in it and of the first use
    of every other name; the exit status after shutdown, and that text."""
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'lsp'))
    from session import Session
    with open(path, encoding='utf-8') as f:
        text = f.read()
    uri = 'file://' + path
    s = Session(rtab)
    shown_text = [d['message'] for d in s.open(uri, text)]

    def walk(symbols):
        for sym in symbols:
            shown_text.append('%s %s' % (sym['name'], sym.get('detail', '')))
            hover = s.request('textDocument/hover', {'textDocument': {'uri': uri},
                                                     'position': sym['selectionRange']['start']})
            if hover:
                shown_text.append(hover['contents']['value'])
            walk(sym.get('children', []))
    walk(s.request('textDocument/documentSymbol', {'textDocument': {'uri': uri}}))
    seen = set()
    for line_no, line in enumerate(text.split('\n')):
        for m in re.finditer(r'"(?:\\.|[^"\\])*"|#.*|[A-Za-z_]\w*', line):
            word = m.group(0)
            if word[0] in '"#' or word in seen:
                continue
            seen.add(word)
            character = len(line[:m.start()].encode('utf-16-le')) // 2
            hover = s.request('textDocument/hover', {'textDocument': {'uri': uri},
                                                     'position': {'line': line_no, 'character': character}})
            if hover:
                shown_text.append(hover['contents']['value'])
    return s.close(), 0, '\n'.join(shown_text)


def check_fmt(rtab, fx, work, tokens):
    """fmt lays the construct out: its text (what of the show tokens the
    source writes) is in the layout, the layout is its own layout, and the
    ruleset exported from it is the one exported from the source."""
    with open(fx.path, encoding='utf-8') as f:
        source = f.read()
    show, hide, once = tokens
    written = ([t for t in show if any(alt in source for alt in t.split(' || '))], [], [])
    cmd = [rtab, 'fmt', fx.path]
    rc, out = run(cmd, stderr=False)
    if rc != 0:
        return verdict(cmd, rc, 0, out, written, need_tokens=False)
    os.makedirs(os.path.join(work, 'fmt'), exist_ok=True)
    laid_out = os.path.join(work, 'fmt', os.path.basename(fx.path))
    with open(laid_out, 'w', encoding='utf-8') as f:
        f.write(out)
    rc, again = run([rtab, 'fmt', laid_out], stderr=False)
    if rc != 0 or again != out:
        return '%s: the layout is not its own layout' % shown(cmd)
    before = run([rtab, 'export', '--format', 'json', fx.path], stderr=False)
    after = run([rtab, 'export', '--format', 'json', laid_out], stderr=False)
    if before != after:
        return '%s: the ruleset exported from the layout differs from the source\'s' % shown(cmd)
    return verdict(cmd, 0, 0, out, written, need_tokens=False)


def _rc_out(cmd, want_rc):
    rc, out = run(cmd)
    return rc, want_rc, out


def read_tsv(name):
    """(construct, verb) -> text, from a table with a header line."""
    rows = {}
    errors = []
    with open(os.path.join(HERE, name), encoding='utf-8') as f:
        for n, line in enumerate(f.read().split('\n')[1:], 2):
            if not line.strip() or line.startswith('#'):
                continue
            cells = line.split('\t')
            if len(cells) != 3 or not cells[2].strip():
                errors.append('%s:%d: want construct<TAB>verb<TAB>why' % (name, n))
                continue
            key = (cells[0], cells[1])
            if key in rows:
                errors.append('%s:%d: %s %s listed twice' % (name, n, key[0], key[1]))
            rows[key] = cells[2]
    return rows, errors


def mutate(fx, work):
    if fx.mutate is None:
        return None, None
    old, new = fx.mutate
    count = fx.body.count(old)
    if count != 1:
        return None, '%s: the mutation\'s text occurs %d times in the body, not once' % (
            fx.name, count)
    os.makedirs(os.path.join(work, 'changed'))
    path = os.path.join(work, 'changed', fx.name + '.rtab')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(fx.header + '\n' + fx.body.replace(old, new))
    return path, None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    report = '--report' in sys.argv[1:]
    stride = SAMPLE_STRIDE if '--sample' in sys.argv[1:] else 1
    only = [a[len('--only='):].split(',') for a in sys.argv[1:] if a.startswith('--only=')]
    if len(args) != 2:
        raise SystemExit('usage: run.py RTAB SOURCE_ROOT [--report]')
    rtab, source_root = os.path.abspath(args[0]), os.path.abspath(args[1])
    cc = shlex.split(os.environ.get('CC', 'cc'))
    start = time.monotonic()
    failures = []

    constructs = compiler_constructs(source_root) + SUB_FORMS
    fixtures = [Fixture(os.path.join(FIXTURES, n)) for n in sorted(os.listdir(FIXTURES))
                if n.endswith('.rtab')]
    covered = {}
    for fx in fixtures:
        if not fx.constructs:
            failures.append('%s: names no construct' % fx.name)
        for c in fx.constructs:
            if c not in constructs:
                failures.append('%s: construct %s is no construct of the language' % (fx.name, c))
            if c in covered:
                failures.append('%s: construct %s already covered by %s' % (fx.name, c, covered[c].name))
            covered[c] = fx
    for c in constructs:
        if c not in covered:
            failures.append('construct %s has no fixture in tests/constructs/fixtures' % c)

    not_applicable, errors = read_tsv('not_applicable.tsv')
    failures += errors
    known_gaps, errors = read_tsv('known_gaps.tsv')
    failures += errors
    for table, rows in (('not_applicable.tsv', not_applicable), ('known_gaps.tsv', known_gaps)):
        for (c, v) in rows:
            if c not in constructs or c not in covered:
                failures.append('%s: %s is no construct with a fixture any more' % (table, c))
            if v not in VERBS:
                failures.append('%s: %s is no verb the test runs' % (table, v))
    for key in set(not_applicable) & set(known_gaps):
        failures.append('%s %s is both not applicable and a known gap' % key)

    work_root = tempfile.mkdtemp(prefix='rtab-constructs-')
    try:
        jobs = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            for i, fx in enumerate(fixtures):
                if only and fx.name not in only[0]:
                    continue
                work = os.path.join(work_root, fx.name)
                os.makedirs(work)
                mutated, error = mutate(fx, work)
                if error:
                    failures.append(error)
                for j, verb in enumerate(VERBS):
                    wanted = [c for c in fx.constructs if (c, verb) not in not_applicable]
                    if not wanted or (i + j) % stride:
                        continue
                    verb_work = os.path.join(work, verb)
                    os.makedirs(verb_work)
                    jobs[pool.submit(check_verb, rtab, cc, source_root, fx, mutated, verb,
                                     verb_work)] = (fx, verb, wanted)
            results = []
            for fut, (fx, verb, wanted) in jobs.items():
                results.append((fx, verb, wanted, fut.result()))
    finally:
        shutil.rmtree(work_root, ignore_errors=True)

    shown = gaps = 0
    for fx, verb, wanted, problem in sorted(results, key=lambda r: (r[0].name, VERBS.index(r[1]))):
        for c in wanted:
            gap = known_gaps.get((c, verb))
            if report:
                print('%-20s %-16s %s' % (c, verb, 'shows' if problem is None else
                                          'FAILS: ' + problem.split('\n')[0]))
            if problem is None:
                shown += 1
                if gap is not None:
                    failures.append('%s %s now shows the construct: remove it from known_gaps.tsv'
                                    ' (%s)' % (c, verb, gap))
            elif gap is not None:
                gaps += 1
            else:
                failures.append('%s %s (fixture %s) does not show the construct: %s' % (
                    c, verb, fx.name, problem))

    elapsed = time.monotonic() - start
    print('constructs: %d constructs, %d fixtures, %d verbs%s: %d pairs shown, %d not applicable,'
          ' %d known gaps, %d failures (%.1f s)' % (len(constructs), len(fixtures), len(VERBS),
                                                    ', one pair in %d' % stride if stride > 1 else '',
                                                    shown, len(not_applicable), gaps,
                                                    len(failures), elapsed))
    for f in failures:
        print('FAIL: ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
