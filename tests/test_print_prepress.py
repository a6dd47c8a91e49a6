#!/usr/bin/env python3
"""What a printer needs of rtab's PDFs (the player aid and the errata sheet):

- SOURCE_DATE_EPOCH honoured: two runs give the same bytes, dated then;
- every paper size, in any case, portrait and landscape, of the size it
  names (pdfinfo); an unknown one refused with exit status 2;
- `-o` into missing directories makes them (export and diff);
- text and rules in black: the only colours the pages set other than black
  are the tints of header cells (read from the PDF's content streams);
- the provisional readings the aid prints unmarked are counted on stderr:
  the count is the one worked out here from the JSON export (rows, end
  columns, natural rolls, rewrites, triggers of the results each table
  gives, the modifiers and column shifts it counts, its die, matrix cells,
  ratio steps), none for a settled ruleset; --strict still refuses;
  --proof prints them marked with a dagger, each reason below its table.

Skipped (exit 77) without pdfinfo or an rtab with PDF, unless
RTAB_REQUIRE_TOOLS=1.

usage: test_print_prepress.py RTAB SOURCE_ROOT
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdf_tools  # noqa: E402

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
pdf_tools.require(pdf_tools.poppler(), [rtab, 'export', '--format', 'pdf', 'tables/classic_odds.rtab'])
tmp = tempfile.mkdtemp()
failed = []
SIZES = {'a4': (595.276, 841.89), 'a5': (419.528, 595.276), 'letter': (612, 792), 'legal': (612, 1008),
         'half-letter': (396, 612), 'card': (360, 576)}
# The tints of a header cell and of a marked cell; everything else is black.
TINTS = {(0.91, 0.89, 0.85), (1.0, 0.82, 0.82)}


def run(args, env=None):
    return subprocess.run([rtab, *args], capture_output=True, env=env)


def page_size(path):
    info = subprocess.run(['pdfinfo', path], capture_output=True, text=True, check=True).stdout
    w, h = re.search(r'Page size:\s+([\d.]+) x ([\d.]+) pts', info).groups()
    return float(w), float(h)


layer = os.path.join(tmp, 'reprint.rtab')
with open(layer, 'w', encoding='utf-8') as out:
    for part in ('tables/musket_pike.rtab', 'tests/errata/print_layer.rtab'):
        with open(part, encoding='utf-8') as f:
            out.write(f.read())
MAKERS = {'export': lambda o, *extra: ['export', '--format', 'pdf', 'tables/musket_pike.rtab', '-o', o, *extra],
          'diff': lambda o, *extra: ['diff', layer + '@original', layer, '--format', 'pdf', '-o', o, *extra]}

# The same bytes twice, dated by SOURCE_DATE_EPOCH.
env = dict(os.environ, SOURCE_DATE_EPOCH='1700000000')
for verb, make in MAKERS.items():
    outs = []
    for k in range(2):
        path = os.path.join(tmp, '%s%d.pdf' % (verb, k))
        run(make(path), env)
        with open(path, 'rb') as f:
            outs.append(f.read())
    if outs[0] != outs[1]:
        failed.append('%s: two runs with SOURCE_DATE_EPOCH give different bytes' % verb)
    info = subprocess.run(['pdfinfo', path], capture_output=True, text=True).stdout
    if not re.search(r'^CreationDate:.*Nov 14 22:13:20 2023', info, re.M):
        failed.append('%s: the PDF is not dated SOURCE_DATE_EPOCH (2023-11-14 22:13:20): %s' % (verb, info))

# Every paper, in any case, each way round; -o makes the directories.
for name, (w, h) in SIZES.items():
    for spelled, want in ((name, (w, h)), (name.upper(), (w, h)), (name + '-Landscape', (h, w))):
        for verb, make in MAKERS.items():
            path = os.path.join(tmp, 'new', spelled, verb, 'out.pdf')
            r = run(make(path, '--paper', spelled))
            if not os.path.exists(path):
                failed.append('%s --paper %s -o %s: no file (%s)' % (verb, spelled, path, r.stderr.decode()[-200:]))
                continue
            got = page_size(path)
            if abs(got[0] - want[0]) > 0.5 or abs(got[1] - want[1]) > 0.5:
                failed.append('%s --paper %s: the page is %s, not %s' % (verb, spelled, got, want))
for verb, make in MAKERS.items():
    r = run(make(os.path.join(tmp, 'b5.pdf'), '--paper', 'b5'))
    if r.returncode != 2 or b'no paper' not in r.stderr:
        failed.append('%s --paper b5: exit %d, %r' % (verb, r.returncode, r.stderr.decode()[-200:]))

# Black text and rules: the colours the content streams set.
for verb, make in MAKERS.items():
    path = os.path.join(tmp, 'colour-%s.pdf' % verb)
    run(make(path))
    with open(path, 'rb') as f:
        data = f.read()
    colours = set()
    for stream in re.findall(rb'stream\r?\n(.*?)\r?\nendstream', data, re.S):
        try:
            text = zlib.decompress(stream).decode('latin-1')
        except zlib.error:
            continue
        for r_, g, b, op in re.findall(r'([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)\b', text):
            colours.add((round(float(r_), 2), round(float(g), 2), round(float(b), 2)))
    other = colours - TINTS - {(0.0, 0.0, 0.0)}
    if other:
        failed.append('%s: colours other than black and the header tint: %s' % (verb, sorted(other)))
    if (0.0, 0.0, 0.0) not in colours:
        failed.append('%s: no black set in the content streams (read %d colours)' % (verb, len(colours)))



def provisional_printed(path):
    """The provisional readings a ruleset's aid prints, from its JSON export: how many, and their
    reasons."""
    doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', path], capture_output=True,
                                    check=True).stdout)
    why = []
    mods = {m['id']: m for m in doc['modifiers']}
    for t in doc['tables']:
        if t.get('dice_id') is not None:
            why.append(doc['dice'][t['dice']].get('provisional'))
        why += [r.get('provisional') for r in t['rows']]
        why += [c.get('provisional') for c in t['columns'] if c['kind'] != 0]
        why += [x.get('provisional') for x in t.get('natural', []) + t.get('rewrites', [])]
        for mid in t.get('modifiers_ids', []) + t.get('shifts_ids', []):
            m = mods[mid]
            if t['step'] < 0 or m['steps'] >> t['step'] & 1:
                why.append(m.get('provisional'))
        outs = []
        for o in [r['outcome'] for r in t['rows']] + [c['automatic'] for c in t['columns'] if c['kind'] == 1] + \
                [x['outcome'] for x in t.get('natural', [])] + [x['to'] for x in t.get('rewrites', [])]:
            if o not in outs:
                outs.append(o)
        why += [tr.get('provisional') for o in outs for tr in doc['outcomes'][o]['triggers']]
    for mx in doc['matrices']:
        if len(mx['dims']) >= 2:
            why += [cell.get('provisional') for cell in mx['by_keys']]
    for b in doc.get('bands', []):
        why += [b.get('provisional'), b.get('otherwise_provisional')] + list(b.get('step_provisional') or [])
    why = [w for w in why if w]
    return len(why), set(why)


for path in ('tables/musket_pike.rtab', 'tables/classic_odds.rtab', 'tables/mass_battle.rtab'):
    want, reasons = provisional_printed(path)
    r = run(['export', '--format', 'pdf', path, '-o', os.path.join(tmp, 'count.pdf')])
    said = re.search(rb'prints (\d+) provisional reading', r.stderr)
    got = int(said.group(1)) if said else 0
    if r.returncode or got != want:
        failed.append('export %s: stderr counts %d provisional readings printed unmarked, the export holds %d '
                      '(exit %d, %r)' % (path, got, want, r.returncode, r.stderr.decode()[-200:]))
    if want:
        r = run(['export', '--format', 'pdf', '--strict', path, '-o', os.path.join(tmp, 'strict.pdf')])
        if r.returncode != 1:
            failed.append('export --strict %s: exit %d, not the refusal (1)' % (path, r.returncode))

    # The proof in PDF: every one of those readings marked with a dagger, each reason printed, no count.
    proof = os.path.join(tmp, 'proof.pdf')
    r = run(['export', '--format', 'pdf', '--proof', path, '-o', proof])
    if r.returncode or b'provisional reading' in r.stderr:
        failed.append('export --format pdf --proof %s: exit %d, %r' % (path, r.returncode, r.stderr.decode()[-200:]))
        continue
    text = subprocess.run(['pdftotext', proof, '-'], capture_output=True, text=True, check=True).stdout
    # A reason broken at a hyphen at the end of a line: pdftotext may join it without the hyphen.
    flat = re.sub(r'[\s-]+', '', text)
    marks = text.count('\u2020') - text.count('marked \u2020')  # less the stamp on every page
    if (marks > 0) != (want > 0):
        failed.append('export --format pdf --proof %s: %d marks for %d provisional readings' % (path, marks, want))
    for reason in sorted(reasons):
        if re.sub(r'[\s-]+', '', reason) not in flat:
            failed.append('export --format pdf --proof %s: the reason %r is not printed' % (path, reason[:80]))

for f in failed:
    print('FAIL:', f)
print('%d failures' % len(failed))
sys.exit(1 if failed else 0)
