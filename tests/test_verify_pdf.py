#!/usr/bin/env python3
"""rtab verify --format pdf: the side-by-side proof of a translation as pages.

On the close-combat pair (the original in inches, the translation metric)
and its faulty copy, read page by page with `pdftotext -layout`: every page
has its number ("Page 2 of 5") and the findings' count; the findings come
first, each as the text report says it; both results tables are there with
the original's and the translation's labels in one row; every definition
is there under its heading, its facets side by side, and no page ends in a
heading (a block is never split from it); the wrong unit is said with both
figures and what the conversion gives; `--paper letter` gives letter pages
and `--paper a4` A4. Its first page is drawn by `pdftoppm` into LOGDIR.

Skipped (exit 77) without pdftotext, pdfinfo or pdftoppm, or when this rtab
has no PDF, unless RTAB_REQUIRE_TOOLS=1.

usage: test_verify_pdf.py RTAB SOURCE_ROOT LOGDIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

rtab, root, logdir = os.path.abspath(sys.argv[1]), sys.argv[2], os.path.abspath(sys.argv[3])
os.chdir(root)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdf_tools  # noqa: E402
en, ru, bad = ('tests/verify/close_combat_%s.rtab' % n for n in ('en', 'ru', 'faulty'))
pdf_tools.require(pdf_tools.poppler(), [rtab, 'verify', en, ru, '--format', 'pdf'])

failed = []
tmp = tempfile.mkdtemp()


def check(ok, what):
    if not ok:
        failed.append(what)


def verify_pdf(name, *args):
    path = os.path.join(tmp, name)
    with open(path, 'wb') as out:
        run = subprocess.run([rtab, 'verify', *args, '--format', 'pdf'], stdout=out, stderr=subprocess.PIPE)
    return path, run.returncode


def pages(path):
    info = subprocess.run(['pdfinfo', path], capture_output=True, text=True, check=True).stdout
    n = int(re.search(r'^Pages:\s+(\d+)', info, re.M).group(1))
    size = re.search(r'^Page size:\s+([\d.]+) x ([\d.]+)', info, re.M).groups()
    texts = [subprocess.run(['pdftotext', '-layout', '-f', str(p), '-l', str(p), path, '-'],
                            capture_output=True, text=True, check=True).stdout for p in range(1, n + 1)]
    return texts, tuple(round(float(x)) for x in size)


def definitions(original, translation):
    """The headings the proof must show: every definition of either side."""
    heads = set()
    for path in (original, translation):
        for line in open(path, encoding='utf-8'):
            m = re.match(r'(dice|enum|input|effect|outcome|modifier|group|table|reactions|distance) (\w+)', line)
            if m:
                heads.add("%s '%s'" % m.groups())
    return heads


for name, translation, status, count in (('faithful.pdf', ru, 0, '0 errors, 0 warnings'),
                                         ('faulty.pdf', bad, 1, '7 errors, 1 warning')):
    path, rc = verify_pdf(name, en, translation)
    check(rc == status, '%s: exit %d, expected %d' % (name, rc, status))
    texts, size = pages(path)
    check(size == (595, 842), '%s: pages of %s, expected A4' % (name, size))
    check(len(texts) > 1, '%s: one page only' % name)
    whole = '\n'.join(texts)
    flat = re.sub(r'\s+', ' ', whole)
    for p, text in enumerate(texts, 1):
        check('Page %d of %d' % (p, len(texts)) in text, '%s: page %d lacks its number' % (name, p))
        check(count in text, '%s: page %d lacks the count %r' % (name, p, count))
        body = [l for l in text.splitlines() if l.strip() and not l.strip().startswith('Page ')]
        last = body[-1].strip() if body else ''
        check(not re.match(r"^(dice|enum|input|effect|outcome|modifier|group|table|reactions|distance) '", last),
              '%s: page %d ends in the heading %r' % (name, p, last))
    check(whole.index('Findings: ' + count) < whole.index('Melee / Рукопашная'),
          '%s: the findings are not first' % name)
    check('Pursuit / Преследование' in whole, '%s: the results table pursuit is missing' % name)
    check(re.search(r'Attacker wins\s+>=8\s+Атакующий победил\s+>=8', whole),
          '%s: a results row is not side by side' % name)
    for head in definitions(en, translation):
        check(head in flat, '%s: the definition %s is missing' % (name, head))
    # each value beside its line on its own side
    check(re.search(r'fall_back\(2 inches\)\s+(33|36)\s+fall_back\(5 cm\)', whole) and
          re.search(r'effect 1\s+33\s+fall_back', whole),
          '%s: the effect in two units is not side by side with its lines' % name)
    # the table as each grid prints it, rolls alike one row, each side's line
    check(re.search(r'Roll\s+Original\s+Line\s+Translation\s+Line', whole),
          '%s: the table as printed is missing' % name)
    check(re.search(r'6\.\.7\s+draw\s+54\s+draw\s+(56|59)', whole),
          '%s: the printed rolls 6..7 are not side by side with their lines' % name)

texts, _ = pages(os.path.join(tmp, 'faulty.pdf'))
flat = re.sub(r'\s+', ' ', '\n'.join(texts))
for finding in ("error: input 'move' differs from the original",
                "close_combat_en.rtab:27:7: note: in the original",
                "the translation's 6 cm for the original's 6 inches: 6 inches is 15.24 cm",
                "the translation lacks 'flank'",
                "warning: modifier 'rabble': the 'ru' label \"Militia\" is the original's 'en' text"):
    check(finding in flat, 'faulty.pdf lacks %r' % finding)
texts, _ = pages(os.path.join(tmp, 'faithful.pdf'))
flat = re.sub(r'\s+', ' ', '\n'.join(texts))
check('the same, by the declared conversion, 1 inches = 2.54 cm within 5%' in flat,
      'faithful.pdf does not say how the units were proved the same')

path, rc = verify_pdf('letter.pdf', en, ru, '--paper', 'letter')
check(rc == 0 and pages(path)[1] == (612, 792), '--paper letter: not letter pages')
run = subprocess.run([rtab, 'verify', en, ru, '--paper', 'letter'], capture_output=True, text=True)
check(run.returncode == 2 and '--paper applies to --format pdf' in run.stderr, '--paper without pdf is not refused')

os.makedirs(logdir, exist_ok=True)
subprocess.run(['pdftoppm', '-png', '-r', '60', '-f', '1', '-l', '1', os.path.join(tmp, 'faulty.pdf'),
                os.path.join(logdir, 'verify-pdf')], check=True)
shutil.rmtree(tmp)
for f in failed:
    print('FAIL', f)
print('%d failed' % len(failed))
sys.exit(1 if failed else 0)
