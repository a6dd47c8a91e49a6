#!/usr/bin/env python3
"""The player aid of every bundled ruleset, in each of its locales:

- HTML, rendered by headless Chromium: every table and matrix is there under
  its label, and the text holds no id of a definition and no expression as
  the source writes it; printed by Chromium to PDF, its pages carry the
  ruleset's title and page numbers;
- PDF (rtab's own, through cairo and pango), read page by page with
  `pdftotext -layout`: every page has its number ("Page 2 of 3") and the
  edition stamp, no page ends in a table's heading, every table's heading is
  on some page, every page but the last is filled at least halfway down; the first page of each is drawn by `pdftoppm` into LOGDIR
  to be looked at;
- the PDF of two locales (`--locale en,ru`, A4 and Letter): numbered and
  stamped pages, every heading of both, no word past the margins, and a
  table side by side in both languages (its two headings on one line).

Skipped (exit 77) without chromium, pdftotext or pdftoppm, or when this rtab
has no PDF, unless RTAB_REQUIRE_TOOLS=1.

usage: test_aid.py RTAB SOURCE_ROOT LOGDIR
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

rtab, root, logdir = os.path.abspath(sys.argv[1]), sys.argv[2], os.path.abspath(sys.argv[3])
os.chdir(root)
chromium = shutil.which('chromium') or shutil.which('chromium-browser')
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdf_tools  # noqa: E402
import headless  # noqa: E402
pdf_tools.require(dict(chromium=chromium, **pdf_tools.poppler()),
                  [rtab, 'export', '--format', 'pdf', 'tables/classic_odds.rtab'])

PAGE = {'en': 'Page %d of %d', 'ru': 'Страница %d из %d'}
EDITION = {'en': 'Edition:', 'ru': 'Издание:'}
failed = []
os.makedirs(logdir, exist_ok=True)
tmp = tempfile.mkdtemp()


def label(labels, locale, fallback):
    return (labels or {}).get(locale) or fallback


def forbidden(doc):
    """The ids of definitions and the source expressions the aid must not print."""
    words = set()
    for key in ('tables', 'modifiers', 'outcomes', 'inputs', 'enums', 'matrices', 'groups', 'dice'):
        for d in doc[key]:
            if '_' in d['id']:
                words.add(d['id'])
    for m in doc['modifiers']:
        for field in ('condition', 'value'):
            text = (m.get(field) or {}).get('text') or ''
            if re.search(r'[-+*/=<>]|\band\b|\bor\b', text):
                words.add(text)
    return words


def headings(doc, locale):
    return [label(t['labels'], locale, None) or '' for t in doc['tables']] + \
           [label(m['labels'], locale, None) or '' for m in doc['matrices']]


def plain(markup):
    text = re.sub(r'<style>.*?</style>|<title>.*?</title>', ' ', markup, flags=re.S)
    text = re.sub(r'<[^>]+>', ' ', text)
    import html
    return re.sub(r'\s+', ' ', html.unescape(text))


# One browser renders and prints every page (tests/headless.py).
browser = headless.Browser(chromium)


def pdf_pages(path):
    info = subprocess.run(['pdfinfo', path], capture_output=True, text=True, check=True).stdout
    n = int(re.search(r'^Pages:\s+(\d+)', info, re.M).group(1))
    return [subprocess.run(['pdftotext', '-layout', '-f', str(p), '-l', str(p), path, '-'],
                           capture_output=True, text=True, check=True).stdout for p in range(1, n + 1)]


def page_fill(path):
    """Per page, how far down its body's lowest word reaches (the footer left out), as a fraction."""
    boxes = subprocess.run(['pdftotext', '-bbox', path, '-'], capture_output=True, text=True, check=True).stdout
    fills = []
    for _, height, words in re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', boxes, re.S):
        h = float(height)
        body = [float(y) for y in re.findall(r'yMax="([\d.]+)"', words) if float(y) < h - 60]
        fills.append(max(body) / h if body else 0)
    return fills


for path in sorted(glob.glob('tables/*.rtab')):
    name = os.path.basename(path)[:-5]
    doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', path],
                                    capture_output=True, text=True, check=True).stdout)
    bad = forbidden(doc)
    for locale in doc['locales']:
        want = [h for h in headings(doc, locale) if h]
        # The HTML, as Chromium renders it.
        page = os.path.join(tmp, '%s.%s.html' % (name, locale))
        subprocess.run([rtab, 'export', '--format', 'html', '--locale', locale, path, '-o', page], check=True)
        dom = browser.rendered('file://' + page)
        if '<table' not in dom:
            failed.append('%s %s: chromium rendered nothing: %s' % (path, locale, dom[-300:]))
            continue
        text = plain(dom)
        for h in want:
            if h not in text:
                failed.append('%s %s: the HTML aid lacks the heading %r' % (path, locale, h))
        for w in sorted(bad):
            if re.search(r'(?<![\w.])%s(?![\w])' % re.escape(w), text):
                failed.append('%s %s: the HTML aid prints %r' % (path, locale, w))
        # The PDF, page by page.
        pdf = os.path.join(tmp, '%s.%s.pdf' % (name, locale))
        subprocess.run([rtab, 'export', '--format', 'pdf', '--locale', locale, path, '-o', pdf], check=True)
        pages = pdf_pages(pdf)
        whole = '\n'.join(pages)
        for i, p in enumerate(pages):
            if PAGE[locale] % (i + 1, len(pages)) not in p:
                failed.append('%s %s: page %d lacks %r' % (path, locale, i + 1, PAGE[locale] % (i + 1, len(pages))))
            if EDITION[locale] not in p:
                failed.append('%s %s: page %d lacks the edition stamp' % (path, locale, i + 1))
            lines = [ln.strip() for ln in p.splitlines() if ln.strip()]
            body = [ln for ln in lines if not ln.startswith(PAGE[locale].split(' %d')[0])]
            if body and any(body[-1].startswith(h) for h in want):
                failed.append('%s %s: page %d ends in the heading %r' % (path, locale, i + 1, body[-1]))
        # No near-empty page: each but the last is filled at least 40% down. A
        # table that fits on a page is kept whole on the next one rather than
        # split (only a table taller than a page continues), so the page
        # before it may end a little short of halfway.
        for i, fill in enumerate(page_fill(pdf)[:-1]):
            if fill < 0.4:
                failed.append('%s %s: page %d is filled only %d%% down' % (path, locale, i + 1, fill * 100))
        flat = re.sub(r'\s+', ' ', whole)
        for h in want:
            if re.sub(r'\s+', ' ', h) not in flat:
                failed.append('%s %s: the PDF lacks the heading %r' % (path, locale, h))
        subprocess.run(['pdftoppm', '-f', '1', '-l', '1', '-r', '50', '-png', pdf,
                        os.path.join(logdir, '%s.%s' % (name, locale))], check=True)

def word_boxes(path):
    """Per page: its width and its words as (xMin, yMin, xMax, text)."""
    boxes = subprocess.run(['pdftotext', '-bbox', path, '-'], capture_output=True, text=True, check=True).stdout
    pages = []
    for width, _, words in re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', boxes, re.S):
        pages.append((float(width), [(float(a), float(b), float(c), t) for a, b, c, t in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">(.*?)</word>', words)]))
    return pages


# Two locales in one PDF: every page numbered and stamped, every heading of
# both there, no word past the page's margins (a pair too wide shrinks, or
# stacks), and the pair of a table that fits half a page side by side: its
# two headings on one line of the same page.
for path in sorted(glob.glob('tables/*.rtab')):
    name = os.path.basename(path)[:-5]
    doc = json.loads(subprocess.run([rtab, 'export', '--format', 'json', path],
                                    capture_output=True, text=True, check=True).stdout)
    if len(doc['locales']) < 2:
        continue
    pair = doc['locales'][:2]
    for paper in ('a4', 'letter'):
        pdf = os.path.join(tmp, '%s.pair.%s.pdf' % (name, paper))
        subprocess.run([rtab, 'export', '--format', 'pdf', '--locale', ','.join(pair), '--paper', paper, path,
                        '-o', pdf], check=True)
        pages = pdf_pages(pdf)
        for i, p in enumerate(pages):
            if PAGE[pair[0]] % (i + 1, len(pages)) not in p or EDITION[pair[0]] not in p:
                failed.append('%s %s %s: page %d lacks its number or the edition stamp' % (path, pair, paper, i + 1))
        # In the order drawn: a pair's columns side by side interleave in the layout.
        flat = re.sub(r'\s+', ' ', subprocess.run(['pdftotext', '-raw', pdf, '-'], capture_output=True, text=True,
                                                  check=True).stdout)
        for locale in pair:
            for h in headings(doc, locale):
                if h and re.sub(r'\s+', ' ', h) not in flat:
                    failed.append('%s %s %s: the PDF lacks the heading %r' % (path, pair, paper, h))
        for i, (width, words) in enumerate(word_boxes(pdf)):
            for x0, _, x1, text in words:
                if x0 < 30 or x1 > width - 30:
                    failed.append('%s %s %s: page %d: %r runs past the margin (x %.0f-%.0f of %.0f)' %
                                  (path, pair, paper, i + 1, text, x0, x1, width))
        side_by_side = 0
        for t in doc['tables'] + doc['matrices']:
            a, b = label(t['labels'], pair[0], ''), label(t['labels'], pair[1], '')
            if a and b and any(a.split()[0] in line and line.find(b.split()[0], line.find(a.split()[0]) + 1) > 0
                               for p in pages for line in p.splitlines()):
                side_by_side += 1
        if not side_by_side:
            failed.append('%s %s %s: no table printed side by side in both locales' % (path, pair, paper))
        if paper == 'a4':
            subprocess.run(['pdftoppm', '-f', '1', '-l', '2', '-r', '50', '-png', pdf,
                            os.path.join(logdir, '%s.%s' % (name, '-'.join(pair)))], check=True)

# Chromium prints the HTML aid with the title at the head and numbers at the foot of every page.
page = os.path.join(tmp, 'mp.html')
subprocess.run([rtab, 'export', '--format', 'html', '--paper', 'letter', 'tables/musket_pike.rtab', '--locale', 'en',
                '-o', page], check=True)
printed = os.path.join(tmp, 'mp-chromium.pdf')
try:
    browser.print_to_pdf('file://' + page, printed)
except headless.Error as e:
    failed.append('chromium printed no PDF of the HTML aid: %s' % e)
browser.close()
if os.path.exists(printed):
    pages = pdf_pages(printed)
    title = json.loads(subprocess.run([rtab, 'export', '--format', 'json', 'tables/musket_pike.rtab'],
                                      capture_output=True, text=True, check=True).stdout)['title']['en']
    for i, p in enumerate(pages):
        if not re.search(r'\b%d\s*/\s*%d\b' % (i + 1, len(pages)), p) or title not in p:
            failed.append('the HTML aid printed by Chromium: page %d lacks its number or the title' % (i + 1))

shutil.rmtree(tmp, ignore_errors=True)
for f in failed:
    print('FAIL:', f)
print('%d failures; first pages drawn in %s' % (len(failed), logdir))
sys.exit(1 if failed else 0)
