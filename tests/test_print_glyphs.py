#!/usr/bin/env python3
"""A PDF that prints characters no installed font has a glyph for says so.

pango draws such a character as a box, and the page looks printed; rtab
export, diff and verify --format pdf warn instead (exit 0, the PDF written):
the file, each character and its code point, the font the aid is set in,
and how to get them printed (a font to install, or the HTML aid). The
machine's fonts are fixed for the test: fontconfig sees DejaVu Sans alone
(Latin, Greek, Cyrillic; no CJK), so a Japanese label prints as boxes and
a Russian one does not, whatever else is installed.

usage: test_print_glyphs.py RTAB
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdf_tools  # noqa: E402

rtab = os.path.abspath(sys.argv[1])
tmp = tempfile.mkdtemp()
required = os.environ.get('RTAB_REQUIRE_TOOLS') == '1'

# The fonts fontconfig sees: DejaVu Sans and its bold, nothing else.
fc_list = shutil.which('fc-list')
found = subprocess.run([fc_list, '-f', '%{file}\n', 'DejaVu Sans'], capture_output=True, text=True).stdout.split() \
    if fc_list else []
faces = [f for f in found if os.path.basename(f) in ('DejaVuSans.ttf', 'DejaVuSans-Bold.ttf')]
if len(faces) < 2:
    print('%s: DejaVu Sans is not installed (fonts-dejavu-core)' % ('FAIL' if required else 'SKIP'))
    sys.exit(1 if required else 77)
fonts = os.path.join(tmp, 'fonts')
os.mkdir(fonts)
for f in faces:
    os.symlink(f, os.path.join(fonts, os.path.basename(f)))
conf = os.path.join(tmp, 'fonts.conf')
with open(conf, 'w', encoding='utf-8') as out:
    out.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
              '  <dir>%s</dir>\n  <cachedir>%s</cachedir>\n</fontconfig>\n' % (fonts, os.path.join(tmp, 'cache')))
env = dict(os.environ, FONTCONFIG_FILE=conf)

SOURCE = '''ruleset glyphs { locales en, ru, ja; en "Glyphs"; ru "Глифы"; ja "字形"; }
dice d6 = 1d6;
outcome hit { en "Hit"; ru "Попадание"; ja "命中"; }
outcome miss { en "Miss"; ru "Промах"; ja "命中せず"; }
table shot { en "Shot"; ru "Выстрел"; ja "射撃"; roll d6; rows { hit >=4; miss <=3; } }
'''
path = os.path.join(tmp, 'glyphs.rtab')
with open(path, 'w', encoding='utf-8') as out:
    out.write(SOURCE)
pdf_tools.require({}, [rtab, 'export', '--format', 'pdf', path, '-o', os.path.join(tmp, 'probe.pdf')])

failed = []
# Each Japanese character of the aid once, in the order printed: the title, the heading, the results.
JAPANESE = ['字 (U+5B57)', '形 (U+5F62)', '射 (U+5C04)', '撃 (U+6483)', '命 (U+547D)', '中 (U+4E2D)', 'せ (U+305B)',
            'ず (U+305A)']


def run(name, args, boxes, file=path):
    """rtab args: a PDF, with the warning of boxes on file when boxes (else none)."""
    pdf = os.path.join(tmp, name + '.pdf')
    if '-o' in args:
        r = subprocess.run([rtab] + args, capture_output=True, text=True, env=env)
    else:  # verify writes the PDF on its standard output
        with open(pdf, 'wb') as out:
            r = subprocess.run([rtab] + args, stdout=out, stderr=subprocess.PIPE, env=env)
        r.stderr = r.stderr.decode('utf-8')
    # diff exits 1: the editions differ, which is what its sheet is for.
    if r.returncode != (1 if name == 'diff' else 0) or not os.path.exists(pdf) or not open(pdf, 'rb').read(5) == b'%PDF-':
        failed.append('%s: exit %d and no PDF: %s' % (name, r.returncode, r.stderr))
        return
    said = [ln for ln in r.stderr.splitlines() if 'as boxes' in ln]
    if not boxes:
        if said:
            failed.append('%s: warns of boxes where every character has a glyph: %s' % (name, said[0]))
        return
    if len(said) != 1:
        failed.append('%s: no warning of the characters printed as boxes:\n%s' % (name, r.stderr))
        return
    line = said[0]
    want = [file + ': warning: the PDF prints %d characters as boxes: %s;' % (len(boxes), ', '.join(boxes)),
            'DejaVu Sans', 'install a font that has them', 'fonts-noto-cjk', '--format html']
    for w in want:
        if w not in line:
            failed.append('%s: the warning lacks %r:\n  %s' % (name, w, line))


run('ja', ['export', '--format', 'pdf', '--locale', 'ja', path, '-o', os.path.join(tmp, 'ja.pdf')], JAPANESE)
run('en-ja', ['export', '--format', 'pdf', '--locale', 'en,ja', path, '-o', os.path.join(tmp, 'en-ja.pdf')], JAPANESE)
run('ru', ['export', '--format', 'pdf', '--locale', 'ru', path, '-o', os.path.join(tmp, 'ru.pdf')], [])
run('en', ['export', '--format', 'pdf', '--locale', 'en', path, '-o', os.path.join(tmp, 'en.pdf')], [])
# The errata sheet: the labels of a result changed in Japanese.
newer = os.path.join(tmp, 'glyphs_2.rtab')
with open(newer, 'w', encoding='utf-8') as out:
    out.write(SOURCE.replace('ja "命中"', 'ja "撃破"'))
run('diff', ['diff', '--format', 'pdf', path, newer, '-o', os.path.join(tmp, 'diff.pdf')],
    ['撃 (U+6483)', '破 (U+7834)', '命 (U+547D)', '中 (U+4E2D)'], newer)
# The side-by-side proof of a translation: the Japanese labels it prints (the
# title and the labels of the table and results, not the one phrase changed).
translation = os.path.join(tmp, 'glyphs_t.rtab')
with open(translation, 'w', encoding='utf-8') as out:
    out.write(SOURCE.replace('ja "命中せず"', 'ja "失敗"'))
run('verify', ['verify', '--format', 'pdf', '--locale', 'ja', path, translation],
    ['射 (U+5C04)', '撃 (U+6483)', '命 (U+547D)', '中 (U+4E2D)', '失 (U+5931)', '敗 (U+6557)'], translation)
for f in failed:
    print('FAIL', f)
print('%d PDFs printed with DejaVu Sans alone' % 6)
sys.exit(1 if failed else 0)
