#!/usr/bin/env python3
"""The message catalogue: every phrase the sources translate is in po/en.po
(English as it is written) and translated in every other catalogue of po/
(ru, de), each of which the build compiles into rtab; no entry is left
over, and rtab speaks the language --locale or the environment asks for,
falling back to English for one the catalogue lacks; eval, verify and the
proofs with --locale ru and --locale de leave no English heading or fixed
phrase.

usage: test_messages.py RTAB SOURCE_ROOT
"""
import os
import re
import subprocess
import sys
import tempfile

rtab, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)
failures = []

# msg("..."), msg_in(c->words, "...") (a phrase in a language passed along)
# and head(o, "...") are how the sources name a phrase; a phrase of a table
# of phrases is named in a comment: /* msg("Changed") */.
CONV = r'%[-+ #0-9.]*(?:ll|l|h|z)?[a-zA-Z%]'
CALL = re.compile(r'\b(?:msg|msg_in|head)\(\s*(?:[\w.>-]+,\s*)?"((?:[^"\\]|\\.)*)"\)')


def c_unescape(s):
    return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), s)


used = set()
for folder, _, files in os.walk('compiler'):
    for f in files:
        if f.endswith('.c'):
            with open(os.path.join(folder, f), encoding='utf-8') as fh:
                for m in CALL.finditer(fh.read()):
                    used.add(c_unescape(m.group(1)))


# The pages of rtab site (web/site/, and the workbench's script in
# web/workbench/) name their own words as t('...') in their scripts and
# data-rtab-phrase in their HTML; each such phrase is an entry of po/en.po
# marked "#: web/FOLDER/FILE" (export/site.c writes those to the page), and
# each entry so marked is a phrase of the pages.
PAGE_CALL = re.compile(r"\bt\('((?:[^'\\]|\\.)*)'")
PAGE_HTML = re.compile(r'<[a-z0-9]+\b[^>]*\bdata-rtab-phrase\b[^>]*>([^<]+)<')
page_used = {}
for folder in ('web/site', 'web/workbench'):
    for f in sorted(os.listdir(folder)):
        if f.endswith('.js') or f.endswith('.mjs') or f.endswith('.html'):
            with open(os.path.join(folder, f), encoding='utf-8') as fh:
                text = fh.read()
            for m in list(PAGE_CALL.finditer(text)) + list(PAGE_HTML.finditer(text)):
                page_used.setdefault(c_unescape(m.group(1)), set()).add(folder + '/' + f)
used |= set(page_used)


def read_refs(path):
    """msgid -> the files its "#:" comments name."""
    out, refs = {}, []
    for line in open(path, encoding='utf-8').read().split('\n'):
        if line.startswith('#:'):
            refs += line[2:].split()
        elif line.startswith('msgid '):
            out[c_unescape(line[7:-1])] = set(refs)
            refs = []
        elif not line.strip():
            refs = []
    return out


def read_po(path):
    out, field, cur = {}, None, {}
    for line in open(path, encoding='utf-8').read().split('\n') + ['']:
        s = line.strip()
        if not s:
            if cur.get('msgid'):
                out[cur['msgid']] = cur.get('msgstr', '')
            cur, field = {}, None
            continue
        if s.startswith('#'):
            continue
        if s.startswith('msgid ') or s.startswith('msgstr '):
            field, _, s = s.partition(' ')
            cur[field] = ''
        cur[field] += c_unescape(s[1:-1])
    return out


# Every catalogue of po/ is shipped: compiled into rtab by the build
# (compiler/meson.build names each), and every phrase translated in it.
en = read_po('po/en.po')
shipped = sorted(f[:-3] for f in os.listdir('po') if f.endswith('.po') and f != 'en.po')
with open('compiler/meson.build', encoding='utf-8') as fh:
    built = set(re.findall(r"'\.\./po/([a-z]+)\.po'", fh.read()))
catalogues = {'en': en}
for name in shipped:
    catalogues[name] = read_po(f'po/{name}.po')
    if name not in built:
        failures.append(f'po/{name}.po: compiler/meson.build does not compile it into rtab (rtab_po)')
if len(shipped) < 2:
    failures.append(f'po/ holds the catalogues {shipped} beside English: ru and de at least')
for phrase in sorted(used):
    if en.get(phrase) != phrase:
        failures.append(f'po/en.po: no entry (or not the phrase itself) for {phrase!r}')
    for name in shipped:
        cat = catalogues[name]
        if not cat.get(phrase):
            failures.append(f'po/{name}.po: no translation of {phrase!r}')
        elif re.findall(CONV, phrase) != re.findall(CONV, cat[phrase]):
            failures.append(f'po/{name}.po: the translation of {phrase!r} has other conversions')
for name, cat in catalogues.items():
    for phrase in sorted(set(cat) - used):
        failures.append(f'po/{name}.po: {phrase!r} is used nowhere')
if not used:
    failures.append('no msg("...") found in the sources')
if len(page_used) < 30:
    failures.append(f"only {len(page_used)} phrases of the pages found in web/site/")
refs = read_refs('po/en.po')
for phrase, files in sorted(page_used.items()):
    for f in sorted(files - refs.get(phrase, set())):
        failures.append(f'po/en.po: {phrase!r} has no "#: {f}" (rtab site would not write it to the page)')
for phrase, files in sorted(refs.items()):
    for f in sorted(r for r in files if r.startswith('web/') and r not in page_used.get(phrase, set())):
        failures.append(f'po/en.po: {phrase!r} is marked "#: {f}", which does not use it')


def run(args, env_extra=None, want=0):
    env = {k: v for k, v in os.environ.items() if k not in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG')}
    env.update(env_extra or {})
    p = subprocess.run([rtab] + args, capture_output=True, text=True, env=env)
    if p.returncode != want:
        failures.append(f'rtab {" ".join(args)} {env_extra or ""}: exit {p.returncode}, expected {want}\n{p.stderr}')
    return p.stdout + p.stderr


odds = ['odds', 'tables/musket_pike.rtab', 'cavalry_pursuit', '--set', 'game=tacw']
cases = [
    ([], None, 'равновероятных', False),
    (['--locale', 'ru'], None, 'равновероятных', True),
    (['--locale', 'en'], {'LANG': 'ru_RU.UTF-8'}, 'равновероятных', False),
    ([], {'LANG': 'ru_RU.UTF-8'}, 'равновероятных', True),
    ([], {'LC_ALL': 'ru_RU.UTF-8', 'LANG': 'en_US.UTF-8'}, 'равновероятных', True),
    ([], {'LC_MESSAGES': 'ru_RU.UTF-8'}, 'равновероятных', True),
    ([], {'LANGUAGE': 'fr:ru', 'LANG': 'en_US.UTF-8'}, 'равновероятных', True),
    ([], {'LANG': 'C'}, 'равновероятных', False),
    ([], {'LANG': 'fr_FR.UTF-8'}, 'equally likely', True),  # a language the catalogue lacks: English
    ([], {'LANG': 'de_DE.UTF-8'}, 'gleich wahrscheinliche', True),
    ([], {'LANGUAGE': 'de:ru', 'LANG': 'en_US.UTF-8'}, 'gleich wahrscheinliche', True),
]
for extra, env, needle, present in cases:
    out = run(odds + extra, env)
    if (needle in out) != present:
        failures.append(f'rtab {" ".join(odds + extra)} {env}: {"no" if present else "unexpected"} {needle!r}\n{out[:400]}')
# CSV is for programs: its headings stay English in every language.
out = run(odds + ['--format', 'csv', '--locale', 'ru'])
if not out.startswith('outcome,'):
    failures.append(f'odds --format csv --locale ru: the header is translated\n{out[:200]}')
# An unknown locale is a usage error naming the accepted ones.
out = run(odds + ['--locale', 'fr'], want=2)
if "the accepted locales: en, ru" not in out:
    failures.append(f'--locale fr: the accepted locales are not named\n{out}')

# eval (text and --explain), verify (text and HTML) and the proofs (Markdown
# and HTML) with --locale ru: none of the English scaffolding is left. Each
# phrase is first found in the English output, so that its absence in the
# Russian one says something. (The English outputs themselves are held to
# their goldens elsewhere.)
crt, vo, vf = 'tests/aid/crt.rtab', 'tests/verify/original.rtab', 'tests/verify/faulty.rtab'
situation = ['--roll', '4', '--set', 'river=true', '--set', 'ground=woods', '--set', 'leaders=2']
scaffolding = [
    (['eval', crt, 'crt'] + situation, 0,
     ['table:', 'natural roll:', 'modifier:', 'column shift:', 'total DRM:', 'modified roll:', 'outcome:',
      'code:', ', column ', 'odds 3:2 read as', 'shifted']),
    (['eval', crt, 'crt', '--explain'] + situation, 0, ['[group cover capped at', 'counts -1 of -1']),
    (['eval', 'tables/musket_pike.rtab', 'melee', '--roll', '4', '--explain'], 0,
     ['provisional:', 'effect:', 'then resolve:']),
    (['verify', vo, vf], 1,
     ['differs from the original', 'note: in the original', 'original "', 'translation "', 'translation: none',
      'errors, 1 warning']),
    (['verify', vo, vf, '--format', 'html'], 1,
     ['>Results tables<', '>What<', '>Original<', '>Translation<', '>Difference<', 'differs from the original',
      'errors, 1 warning']),
    (['export', '--format', 'markdown', '--proof', crt], 0,
     ['Values marked', '## Tables', '## Modifiers', '## Stacking groups', 'columns by the odds', 'column shifts:',
      'without a roll', 'no result (not allowed)', '| side |', '| stacking |', 'label (', 'worst per side']),
    (['export', '--format', 'html', '--proof', crt], 0,
     ['Values marked', '>Tables<', '>Modifiers<', 'columns by the odds', 'column shifts:', 'without a roll']),
]
# German from the environment (these rulesets have no 'de' labels: the
# headings follow the environment, the labels stay the ruleset's).
for args, status, phrases in scaffolding:
    english = run(args, want=status)  # the environment without a language: English
    russian = run(args + ['--locale', 'ru'], want=status)
    german = run(args, {'LANG': 'de_DE.UTF-8'}, want=status)
    for phrase in phrases:
        if phrase not in english:
            failures.append(f'rtab {" ".join(args)}: {phrase!r} is not in the English output')
            continue
        if phrase in russian:
            failures.append(f'rtab {" ".join(args)} --locale ru: the English {phrase!r} is left\n{russian[:600]}')
        if phrase in german:
            failures.append(f'rtab {" ".join(args)} LANG=de_DE.UTF-8: the English {phrase!r} is left\n{german[:600]}')
# A CSV stays English in every language, the proof's views included.
out = run(['export', '--format', 'csv', crt, '--locale', 'ru'])
if 'notes of table' not in out or 'без броска' in out:
    failures.append(f'export --format csv --locale ru: translated\n{out[:300]}')

# Two locales side by side (--locale L,L2): the headings are the first's
# where the catalogue has it, else the command line's (the environment's),
# never the second's; and so every heading of the run, not some.
with tempfile.TemporaryDirectory() as tmp:
    two = os.path.join(tmp, 'two.rtab')
    with open(two, 'w', encoding='utf-8') as fh:
        fh.write('ruleset two @ "1.0" {\n  locales fr, ru;\n  fr "Deux langues"; ru "Два языка";\n}\n'
                 'dice d6 = 1d6 @ "1.1";\n'
                 'outcome hit @ "1.2" { fr "Touché"; ru "Попадание"; }\n'
                 'outcome miss @ "1.2" { fr "Raté"; ru "Промах"; }\n'
                 'table shot @ "1.3" {\n  fr "Tir"; ru "Выстрел";\n  roll d6;\n'
                 '  rows {\n    miss 1-3;\n    hit 4-6;\n  }\n}\n')
    for fmt in ('markdown', 'html'):
        args = ['export', '--format', fmt, '--proof', two]
        for extra, env, want, wrong in [
                (['--locale', 'fr,ru'], None, ['Values marked', 'Tables', 'Table '], ['Таблиц', 'предварительн']),
                (['--locale', 'fr,ru'], {'LANG': 'de_DE.UTF-8'}, ['Tabellen', 'vorläufig'], ['Таблиц', 'Tables']),
                (['--locale', 'ru,fr'], None, ['Таблицы', 'предварительны'], ['Tables', 'Values marked'])]:
            out = run(args + extra, env)
            for phrase in want:
                if phrase not in out:
                    failures.append(f'rtab {" ".join(args + extra)} {env or ""}: no {phrase!r}\n{out[:600]}')
            for phrase in wrong:
                if phrase in out:
                    failures.append(f'rtab {" ".join(args + extra)} {env or ""}: {phrase!r} (another locale\'s)'
                                    f'\n{out[:600]}')

for f in failures:
    print('FAIL', f)
print(f'{len(used)} phrases; {len(failures)} failures')
sys.exit(1 if failures else 0)
