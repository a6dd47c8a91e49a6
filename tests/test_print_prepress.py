#!/usr/bin/env python3
"""What a printer needs of rtab's PDFs (the player aid and the errata sheet):

- SOURCE_DATE_EPOCH honoured: two runs give the same bytes, dated then;
- every paper size, in any case, portrait and landscape, of the size it
  names (pdfinfo); an unknown one refused with exit status 2;
- `-o` into missing directories makes them (export and diff);
- text and rules in black: the only colours the pages set other than black
  are the tints of header cells (read from the PDF's content streams);
- `--bleed MM`: every page on a larger sheet whose trim box (pdfinfo -box)
  is the paper and whose bleed box is MM around it, crop marks at the trim
  box (drawn with pdftoppm: dark on each trim line continued outside the
  bleed, at all four corners, and nothing else outside the bleed box), the
  text of the pages as without it; no boxes without it; a bad width or
  another format refused with exit status 2;
- the provisional readings the aid prints unmarked are counted on stderr:
  the count is the one worked out here from the JSON export (rows, end
  columns, natural rolls, rewrites, triggers of the results each table
  gives, the modifiers and column shifts it counts, its die, matrix cells,
  ratio steps), none for a settled ruleset; --strict still refuses;
  --proof prints them marked with a dagger, each reason below its table.

Skipped (exit 77) without pdfinfo or an rtab with PDF, unless
RTAB_REQUIRE_TOOLS=1.

Each paper size is spelled one way here, the ways in turn; with --papers,
only the other spellings of every size are made and measured (the whole
sweep, which the sanitized run of CI leaves to the plain one).

usage: test_print_prepress.py RTAB SOURCE_ROOT [--papers]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdf_tools  # noqa: E402

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
papers = sys.argv[3:] == ['--papers']
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

# Every paper, in any case, each way round; -o makes the directories. The
# k-th size spelled the (k mod 3)-th way here, the others with --papers.
for k, (name, (w, h)) in enumerate(SIZES.items()):
    spellings = ((name, (w, h)), (name.upper(), (w, h)), (name + '-Landscape', (h, w)))
    for i, (spelled, want) in enumerate(spellings):
        if (i == k % 3) == papers:
            continue
        for verb, make in MAKERS.items():
            path = os.path.join(tmp, 'new', spelled, verb, 'out.pdf')
            r = run(make(path, '--paper', spelled))
            if not os.path.exists(path):
                failed.append('%s --paper %s -o %s: no file (%s)' % (verb, spelled, path, r.stderr.decode()[-200:]))
                continue
            got = page_size(path)
            if abs(got[0] - want[0]) > 0.5 or abs(got[1] - want[1]) > 0.5:
                failed.append('%s --paper %s: the page is %s, not %s' % (verb, spelled, got, want))


def finish():
    shutil.rmtree(tmp, ignore_errors=True)
    for f in failed:
        print('FAIL:', f)
    print('%d failures' % len(failed))
    sys.exit(1 if failed else 0)


if papers:
    finish()

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


# Bleed and crop marks.
MM = 72 / 25.4


def page_boxes(path):
    """Every page's boxes, from pdfinfo -box: [{'MediaBox': (x0, y0, x1, y1), 'TrimBox': ...}, ...]."""
    info = subprocess.run(['pdfinfo', '-box', '-f', '1', '-l', '999', path], capture_output=True, text=True,
                          check=True).stdout
    pages = {}
    for n, box, *xy in re.findall(r'^Page\s+(\d+) (\w+Box):\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)', info,
                                  re.M):
        pages.setdefault(int(n), {})[box] = tuple(float(v) for v in xy)
    return [pages[k] for k in sorted(pages)]


def dark_pixels(path, page, dpi):
    """The dark pixels of a page drawn in grey, as (x, y) in points from the top left."""
    base = os.path.join(tmp, 'marks')
    subprocess.run(['pdftoppm', '-gray', '-r', str(dpi), '-f', str(page), '-l', str(page), '-singlefile', path,
                    base], check=True)
    with open(base + '.pgm', 'rb') as f:
        data = f.read()
    magic, w, h, maxval, pixels = re.match(rb'(P5)\s+(\d+)\s+(\d+)\s+(\d+)\s(.*)', data, re.S).groups()
    w, h = int(w), int(h)
    return {((i % w + 0.5) * 72 / dpi, (i // w + 0.5) * 72 / dpi) for i, v in enumerate(pixels[:w * h]) if v < 160}


def check_marks(what, path, paper, bleed_mm):
    boxes = page_boxes(path)
    if not boxes:
        failed.append('%s: pdfinfo -box reads no page' % what)
    want_w, want_h = paper
    bleed = bleed_mm * MM
    for n, b in enumerate(boxes, 1):
        media, trim, bbox = b.get('MediaBox'), b.get('TrimBox'), b.get('BleedBox')
        if not (media and trim and bbox):
            failed.append('%s page %d: boxes missing: %s' % (what, n, b))
            return
        if abs(trim[2] - trim[0] - want_w) > 0.02 or abs(trim[3] - trim[1] - want_h) > 0.02:
            failed.append('%s page %d: the trim box %s is not the paper %s' % (what, n, trim, paper))
        if any(abs(bbox[k] - (trim[k] + (bleed if k >= 2 else -bleed))) > 0.02 for k in range(4)):
            failed.append('%s page %d: the bleed box %s is not %g mm around the trim box %s'
                          % (what, n, bbox, bleed_mm, trim))
        if not (media[0] < bbox[0] and media[1] < bbox[1] and media[2] > bbox[2] and media[3] > bbox[3]):
            failed.append('%s page %d: no room for crop marks between the bleed box %s and the sheet %s'
                          % (what, n, bbox, media))
    # The marks, page 1 and the last: from the top left, as pdftoppm draws.
    for n in sorted({1, len(boxes)}):
        media, trim, bbox = boxes[n - 1]['MediaBox'], boxes[n - 1]['TrimBox'], boxes[n - 1]['BleedBox']
        top = media[3]
        left, right = trim[0], trim[2]
        up, down = top - trim[3], top - trim[1]  # the trim's top and foot, measured down the page
        b_left, b_right, b_up, b_down = bbox[0], bbox[2], top - bbox[3], top - bbox[1]
        dark = dark_pixels(path, n, 144)
        near = 1.0
        outside = [(x, y) for x, y in dark if x < b_left or x > b_right or y < b_up or y > b_down]
        stray = [(x, y) for x, y in outside
                 if min(abs(x - left), abs(x - right), abs(y - up), abs(y - down)) > near]
        if stray:
            failed.append('%s page %d: %d dark pixels outside the bleed box off the trim lines, like %s'
                          % (what, n, len(stray), sorted(stray)[:3]))
        for cx, cy in ((left, up), (right, up), (left, down), (right, down)):
            across = [p for p in outside if abs(p[1] - cy) <= near and (p[0] < b_left if cx == left else p[0] > b_right)]
            along = [p for p in outside if abs(p[0] - cx) <= near and (p[1] < b_up if cy == up else p[1] > b_down)]
            if len(across) < 10 or len(along) < 10:
                failed.append('%s page %d: no crop mark at the trim corner (%.1f, %.1f): %d and %d dark pixels '
                              'on its lines outside the bleed' % (what, n, cx, cy, len(across), len(along)))
        inside = [(x, y) for x, y in dark if left <= x <= right and up <= y <= down]
        if not inside:
            failed.append('%s page %d: nothing printed inside the trim box' % (what, n))


for verb, make in MAKERS.items():
    for paper, bleed_mm in (('a4', '3'), ('card-landscape', '3.175'), ('letter', '0')):
        want = SIZES[paper.split('-')[0]]
        want = (want[1], want[0]) if paper.endswith('landscape') else want
        plain, marked = (os.path.join(tmp, 'bleed-%s-%s-%s.pdf' % (verb, paper, k)) for k in ('no', 'yes'))
        run(make(plain, '--paper', paper))
        r = run(make(marked, '--paper', paper, '--bleed', bleed_mm))
        if not os.path.exists(marked):
            failed.append('%s --bleed %s: no file (exit %d, %r)' % (verb, bleed_mm, r.returncode,
                                                                   r.stderr.decode()[-200:]))
            continue
        what = '%s --paper %s --bleed %s' % (verb, paper, bleed_mm)
        check_marks(what, marked, want, float(bleed_mm))
        # The page itself as without marks.
        texts = [subprocess.run(['pdftotext', '-layout', f, '-'], capture_output=True, text=True).stdout
                 for f in (plain, marked)]
        if texts[0] != texts[1] or not texts[0].strip():
            failed.append('%s: the text of the pages differs from the same PDF without --bleed' % what)
        # Without --bleed: the sheet is the paper, no boxes of its own.
        for n, b in enumerate(page_boxes(plain), 1):
            if b.get('TrimBox') != b.get('MediaBox') or b.get('BleedBox') != b.get('MediaBox'):
                failed.append('%s --paper %s without --bleed page %d: boxes %s' % (verb, paper, n, b))
    for bad in ('21', '-1', 'x', '3.', '3.1234', ''):
        r = run(make(os.path.join(tmp, 'bad-bleed.pdf'), '--bleed', bad))
        if r.returncode != 2 or b'--bleed' not in r.stderr:
            failed.append('%s --bleed %r: exit %d, %r' % (verb, bad, r.returncode, r.stderr.decode()[-200:]))
for args in (['export', '--format', 'html', 'tables/classic_odds.rtab', '--bleed', '3'],
             ['diff', layer + '@original', layer, '--format', 'markdown', '--bleed', '3']):
    r = run(args)
    if r.returncode != 2 or b'--bleed' not in r.stderr:
        failed.append('%s: exit %d, %r; --bleed belongs to --format pdf' % (' '.join(args), r.returncode,
                                                                           r.stderr.decode()[-200:]))


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

finish()
