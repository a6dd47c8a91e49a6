#!/usr/bin/env python3
"""Two locales in one player aid (`rtab export --locale en,ru`, and ru,en):
each locale's part is word for word what the aid of that locale alone
prints. The headings, fixed phrases and plural forms of a unit follow its
own locale, not the first one named nor the environment's; the header
carries each locale's title and edition stamp. HTML (each unit a
<section lang=...>) and Markdown (each unit a '## ' heading, the locales
taking turns), for a ruleset whose aid has notes, modifiers and triggers
(tables/musket_pike.rtab) and one with an odds table and column shifts
(tests/aid/crt.rtab). The environment asks for German, which neither
part may show. The PDF of both on A5, read with pdftotext: a unit cut over
pages is "(continued)" in English and "(продолжение)" in Russian, each in
its own part, and the page numbers speak the first locale (that part is
skipped without pdftotext or a PDF-capable rtab, unless
RTAB_REQUIRE_TOOLS=1).

usage: test_aid_pair.py RTAB SOURCE_ROOT
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
failures = []
ENV = {k: v for k, v in os.environ.items() if k not in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG')}
ENV['LANG'] = 'de_DE.UTF-8'


def export(fmt, locales, path):
    p = subprocess.run([rtab, 'export', '--format', fmt, '--locale', locales, path], capture_output=True,
                       text=True, env=ENV)
    if p.returncode:
        failures.append(f'rtab export --format {fmt} --locale {locales} {path}: exit {p.returncode}\n{p.stderr}')
    return p.stdout


def html_units(doc):
    """The units of an HTML aid: (lang, the section as written)."""
    return [(m.group(1), m.group(0)) for m in re.finditer(r'<section lang="([^"]+)">.*?</section>', doc, re.S)]


def html_header(doc):
    """The header's lines: (lang, text) of each title and stamp."""
    head = re.search(r'<header>(.*?)</header>', doc, re.S)
    return re.findall(r'<(?:h1|p) lang="([^"]+)">(.*?)</', head.group(1) if head else '')


def md_units(doc):
    """The units of a Markdown aid: each from its '## ' heading to the next (the
    blank lines after the last one aside)."""
    return [u.rstrip('\n') for u in re.split(r'\n(?=## )', doc)[1:]]


def md_header(doc):
    return re.split(r'\n(?=## )', doc)[0]


checked = 0
for path in ('tables/musket_pike.rtab', 'tests/aid/crt.rtab'):
    for pair in (('en', 'ru'), ('ru', 'en')):
        spec = ','.join(pair)
        # HTML: every section of the pair is the same section of its locale's aid.
        alone = {loc: html_units(export('html', loc, path)) for loc in pair}
        both = html_units(export('html', spec, path))
        for loc in pair:
            mine = [u for lang, u in both if lang == loc]
            want = [u for _, u in alone[loc]]
            if not want:
                failures.append(f'{path} --locale {loc}: the HTML aid has no units')
            elif mine != want:
                bad = next((i for i, (a, b) in enumerate(zip(mine, want)) if a != b), min(len(mine), len(want)))
                failures.append(f'{path} --locale {spec} (HTML): unit {bad + 1} in {loc} is not what '
                                f'--locale {loc} prints\n  pair:  {mine[bad][:300] if bad < len(mine) else None!r}\n'
                                f'  alone: {want[bad][:300] if bad < len(want) else None!r}')
            checked += len(want)
        if [u for _, u in alone[pair[0]]] == [u for _, u in alone[pair[1]]]:
            failures.append(f'{path}: the aids of {pair[0]} and {pair[1]} are the same; nothing is proved')
        header = html_header(export('html', spec, path))
        for loc in pair:
            want = html_header(export('html', loc, path))
            if [h for h in header if h[0] == loc] != want:
                failures.append(f'{path} --locale {spec} (HTML): the header of {loc} is {header}, '
                                f'alone it is {want}')
        # Markdown: the locales take turns, unit by unit.
        alone_md = {loc: md_units(export('markdown', loc, path)) for loc in pair}
        doc = export('markdown', spec, path)
        both_md = md_units(doc)
        for k, loc in enumerate(pair):
            mine = both_md[k::2]
            if mine != alone_md[loc]:
                bad = next((i for i, (a, b) in enumerate(zip(mine, alone_md[loc])) if a != b), 0)
                failures.append(f'{path} --locale {spec} (Markdown): unit {bad + 1} in {loc} is not what '
                                f'--locale {loc} prints\n  pair:  {mine[bad][:300] if mine else None!r}')
            checked += len(mine)
        for loc in pair:
            stamp = md_header(export('markdown', loc, path)).split('\n')[2]
            if stamp not in md_header(doc):
                failures.append(f'{path} --locale {spec} (Markdown): no {loc} stamp {stamp!r} in the header')

# The PDF: what cutting a unit over pages adds to its heading, in the unit's language.
CONTINUED = {'en': '(continued)', 'ru': '(продолжение)'}
PAGE = {'en': 'Page 1 of', 'ru': 'Страница 1 из'}
probe = subprocess.run([rtab, 'export', '--format', 'pdf', 'tests/aid/crt.rtab'], capture_output=True)
pdf_missing = 'pdftotext' if not shutil.which('pdftotext') else \
    'PDF in this rtab' if probe.returncode == 2 and b'not built' in probe.stderr else None
if pdf_missing and os.environ.get('RTAB_REQUIRE_TOOLS') == '1':
    failures.append(f'{pdf_missing} is not there (RTAB_REQUIRE_TOOLS=1)')
elif pdf_missing:
    print(f'SKIP the PDF part: no {pdf_missing}')
else:
    with tempfile.TemporaryDirectory() as tmp:
        for pair in (('en', 'ru'), ('ru', 'en')):
            spec, pdf = ','.join(pair), os.path.join(tmp, 'pair.pdf')
            p = subprocess.run([rtab, 'export', '--format', 'pdf', '--paper', 'a5', '--locale', spec,
                                'tables/musket_pike.rtab', '-o', pdf], capture_output=True, text=True, env=ENV)
            if p.returncode:
                failures.append(f'PDF --locale {spec}: exit {p.returncode}\n{p.stderr}')
                continue
            text = subprocess.run(['pdftotext', '-layout', pdf, '-'], capture_output=True, text=True).stdout
            for loc in pair:
                if CONTINUED[loc] not in text:
                    failures.append(f'PDF --locale {spec}: no unit of {loc} cut over pages says {CONTINUED[loc]!r}')
            if '(Fortsetzung)' in text:
                failures.append(f'PDF --locale {spec}: "(Fortsetzung)", the environment\'s German')
            if PAGE[pair[0]] not in text or PAGE[pair[1]] in text:
                failures.append(f'PDF --locale {spec}: the pages are not numbered in {pair[0]}')
            checked += 1

for f in failures:
    print('FAIL', f)
print(f'{checked} units and PDFs of two-locale aids held to the aid of their locale; {len(failures)} failures')
sys.exit(1 if failures else 0)
