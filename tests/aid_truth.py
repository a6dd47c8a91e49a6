"""What a player aid must print, from rtab itself rather than from the aid:
for every results table of a ruleset, every column and every modified roll
that can occur (the dice moved by the bounds of the total modifier that
`rtab odds --all` sees), the outcome `rtab eval` resolves there (the row's
outcome: before a rewrite, never a natural-roll rule's), and each modifier's
value as `rtab eval --drm MODIFIER` applies it.

The aid's grids are read back elsewhere (aid_read.py) and compared cell by
cell with what this gives.
"""
import itertools
import json
import subprocess

MINUS = '\u2212'


def run_json(rtab, args):
    r = subprocess.run([rtab, *args], capture_output=True, text=True)
    if not r.stdout.strip():
        return None
    return json.loads(r.stdout)


def signed(v):
    return '+%d' % v if v > 0 else MINUS + '%d' % -v if v < 0 else '0'


def situations(rtab, path, edition):
    """Per table and column: the inputs of a situation that reads that column
    with no column shift; per table and modifier (or column shift): the
    values it applied with. From `rtab vectors`, which crosses every column
    with every modifier on and off."""
    args = ['vectors', path] + (['--edition', edition] if edition else [])
    out = subprocess.run([rtab, *args], capture_output=True, text=True).stdout
    found, applied = {}, {}
    for line in out.splitlines():
        v = json.loads(line)
        if 'table' not in v or v.get('error'):
            continue
        for a in v.get('applied', []):
            applied.setdefault((v['table'], a['modifier']), set()).add(a['signed_value'])
        if v.get('column_shift', 0) != 0 or any(isinstance(x, (list, dict)) for x in v['inputs'].values()):
            continue
        # A key that reaches no column (odds 0:0) names the column it would sit in but reads
        # none: the table gives no result there, whatever that column prints.
        if 'key' in v and v.get('key_column') is None:
            continue
        found.setdefault((v['table'], v['column']), v['inputs'])
    return found, applied


def face_choices(doc, table):
    """Every natural roll the table reads, as (natural, faces): a sum of the
    dice's faces, or for two compared rolls the first less the second."""
    dice = doc['dice'][table['dice']]
    faces = []
    for g in dice['groups']:
        faces += [range(g['face_min'], g['face_max'] + 1)] * g['count']
    if len(faces) > 6:  # many dice: the sums from a few spreads are enough
        lo = [f[0] for f in faces]
        out = {}
        for k in range(len(faces) + 1):
            for top in range(faces[0][0], faces[0][-1] + 1):
                fs = [top] * k + lo[k:]
                out.setdefault(sum(fs), fs)
        return [(n, fs) for n, fs in out.items()]
    split = table['rolls'][0]['nfaces'] if table.get('nrolls') == 2 else None
    out = []
    for fs in itertools.product(*faces):
        n = sum(fs[:split]) - sum(fs[split:]) if split else sum(fs)
        out.append((n, list(fs)))
    return out


def natural_decides(table, fs):
    for nr in table.get('natural', []):
        if sorted(nr['faces']) == sorted(fs) or nr['faces'] == fs:
            return True
    return False


class Truth:
    """Per table id: 'reach' (lo, hi), 'die' (lo, hi) or None, 'cells' {(column id, roll): outcome id or None},
    'modifiers' {modifier id: signed value text, when the evaluator applied it with one value only};
    results {(table id, outcome id): a result of eval that gave the outcome, its effects and triggers}."""

    def __init__(self, rtab, path, edition=None):
        self.rtab, self.path, self.edition = rtab, path, edition
        ed = ['--edition', edition] if edition else []
        self.doc = run_json(rtab, ['export', '--format', 'json', path] + ed)
        self.sit, self.applied = situations(rtab, path, edition)
        self.tables = {}
        self.results = {}  # (table id, outcome id): one result eval gave with that outcome, not rewritten
        self.evals = 0
        self.cache = {}
        jobs = []
        for t in self.doc['tables']:
            jobs += self.table_jobs(t, ed)
        # Every request goes to one `rtab eval --batch` of the file, which checks it once
        # and answers each line as it reads it.
        self.batch = subprocess.Popen([rtab, 'eval', path, '--batch'] + ed, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        try:
            for job in jobs:
                (tid, kind, k), value = job()
                self.tables[tid][kind][k] = value
        finally:
            self.batch.stdin.close()
            self.batch.wait()

    def table_jobs(self, t, ed):
        odds = run_json(self.rtab, ['odds', self.path, t['id'], '--all', '--format', 'json'] + ed)
        # The totals odds --all sees; a table with a step, which odds --all refuses, the
        # bounds of the modifiers its step counts (each may apply or not, within the cap).
        bounds = (odds or {}).get('modifiers') or self.step_bounds(t)
        info = {'cells': {}, 'modifiers': {}, 'die': None}
        self.tables[t['id']] = info
        nodice = t.get('dice_id') is None
        if nodice:
            info['reach'] = (bounds[0], bounds[1])
            choices = [(0, None)]
        else:
            choices = face_choices(self.doc, t)
            ns = [n for n, _ in choices]
            info['die'] = (min(ns), max(ns))
            info['reach'] = (min(ns) + bounds[0], max(ns) + bounds[1])
        lo, hi = info['reach']
        if nodice and hi - lo > 64:  # a total of hundreds: its ends and a few lines past the rows
            rolls = sorted({r for r in range(lo, lo + 32)} | {r for r in range(hi - 31, hi + 1)} |
                           {r for r in range(t['roll_min'] - 2, t['roll_max'] + 3) if lo <= r <= hi})
        else:
            rolls = range(lo, hi + 1)
        jobs = []
        for col in t['columns']:
            inputs = self.sit.get((t['id'], col['id']))
            if inputs is None:
                continue
            sets = []
            for k, v in inputs.items():
                sets += ['--set', '%s=%s' % (k, 'true' if v is True else 'false' if v is False else v)]
            base = ['eval', self.path, t['id'], '--json'] + ed + sets
            for r in rolls:
                jobs.append(self.cell_job(t, col['id'], r, base, choices, bounds))
        for mid in t.get('modifiers_ids', []) + t.get('shifts_ids', []):
            values = self.applied.get((t['id'], mid), set())
            info['modifiers'][mid] = signed(values.pop()) if len(values) == 1 else None
        return jobs

    def step_bounds(self, t):
        if t['capped']:
            return t['cap_min'], t['cap_max']
        lo = hi = 0
        for m in self.doc['modifiers']:
            if m['id'] in t.get('modifiers_ids', []) and (t['step'] < 0 or m['steps'] >> t['step'] & 1):
                a, b = sorted((m['sign'] * m['min'], m['sign'] * m['max']))
                lo, hi = lo + min(a, 0), hi + max(b, 0)
        return lo, hi

    def cell_job(self, t, column, roll, base, choices, bounds):
        """The row's outcome eval gives at this modified roll in this column: from a natural
        roll and a modifier from outside (--drm N), or where the table's step refuses one,
        a modifier of the table by name; 'natural' where every roll that reaches it is
        decided by a natural-roll rule, '?' where none was found."""
        key = (t['id'], 'cells', (column, roll))
        if t.get('dice_id') is None:
            bounds = (-1 << 40, 1 << 40)
        mid = sum(n for n, _ in choices) / len(choices)
        free = [(n, fs) for n, fs in sorted(choices, key=lambda c: abs(c[0] - mid))
                if fs is None or not natural_decides(t, fs)]

        def faces(fs):
            return ['--roll', ','.join(map(str, fs))] if fs is not None else []

        def outcome(got):
            if got is None:
                return None
            if got.get('error') or got.get('no_result'):
                return ('none',) if got.get('modified_roll', roll) == roll else None
            if got.get('automatic'):
                self.results.setdefault((t['id'], got['outcome']), got)
                return (got['outcome'],)
            if got.get('modified_roll') != roll or got.get('natural_rule') or got.get('column') != column:
                return None
            if not got.get('rewritten_from'):
                self.results.setdefault((t['id'], got['outcome']), got)
            return (got.get('rewritten_from') or got['outcome'],)

        def job():
            refused = False
            for n, fs in free:
                probe = self.eval(base + faces(fs))
                if probe is None or 'modifier_raw' not in probe:
                    if probe is not None and (probe.get('no_result') or probe.get('automatic')):
                        found = outcome(probe)
                        return key, None if found == ('none',) else found[0]
                    continue
                drm = roll - n - probe['modifier_raw']
                got = self.eval(base + faces(fs) + (['--drm', str(drm)] if drm else []))
                refused |= got is not None and got.get('refused', False)
                found = outcome(got)
                if found:
                    return key, None if found == ('none',) else found[0]
            for name in t.get('modifiers_ids', []) if refused or not free else []:
                if not free:
                    break
                probe = self.eval(base + faces(free[0][1]) + ['--drm', name])
                if not probe or 'modifier' not in probe:
                    continue
                for n, fs in free:
                    if n + probe['modifier'] == roll:
                        found = outcome(self.eval(base + faces(fs) + ['--drm', name]))
                        if found:
                            return key, None if found == ('none',) else found[0]
            # A modifier whose value is an input's: that input set to what the roll needs.
            for m in self.doc['modifiers']:
                instrs = m['value'].get('instrs', [])
                if m['id'] not in t.get('modifiers_ids', []) or len(instrs) != 1 or instrs[0]['op_name'] != 'input':
                    continue
                name = instrs[0]['ref']
                kept, i = [], 0
                while i < len(base):
                    if base[i] == '--set' and base[i + 1].startswith(name + '='):
                        i += 2
                        continue
                    kept.append(base[i])
                    i += 1
                for n, fs in free:
                    found = outcome(self.eval(kept + ['--set', '%s=%d' % (name, (roll - n) * m['sign'])] + faces(fs)))
                    if found:
                        return key, None if found == ('none',) else found[0]
            # Reached only from natural rolls a natural-roll rule decides: the rule speaks there.
            reachable = any(bounds[0] <= roll - n <= bounds[1] for n, _ in free)
            return key, '?' if reachable else 'natural'
        return job

    def eval(self, args):
        key = tuple(args)
        if key not in self.cache:
            self.cache[key] = self.eval_once(args)
        return self.cache[key]

    def eval_once(self, args):
        """args as for `rtab eval` (eval FILE NAME --json [--edition E] ...), asked of the batch."""
        self.evals += 1
        ed = ['--edition', self.edition] if self.edition else []
        assert args[:2] == ['eval', self.path] and args[3:4] == ['--json'] and args[4:4 + len(ed)] == ed
        request = [args[2]] + args[4 + len(ed):]
        self.batch.stdin.write(' '.join(request) + '\n')
        got = json.loads(self.batch.stdout.readline())
        if 'error' not in got:
            return got
        if 'matches no row' in got['error'] or 'no result' in got['error']:
            return {'error': got['error']}
        if 'cannot count' in got['error']:  # a table with a step takes no modifier from outside
            return {'refused': True}
        return None
