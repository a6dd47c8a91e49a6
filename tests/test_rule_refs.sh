#!/bin/sh
# Rule references per locale (@ en "..." ru "..."): every verb shows the
# reference of the locale it prints in, the first locale's without one;
# the C data, the JSON export and the target modules carry every locale's.
# usage: test_rule_refs.sh RTAB SOURCE_ROOT
set -u
. "${0%/*}/setup.sh"
src=tests/export/rule_refs.rtab

# eval: the table's and the row's (which takes the table's) in the locale.
expect eval-ru 0 'результат:     hit "Попал" (правило Таблица 3)' "$rtab" eval $src t --roll 5 --locale ru --explain
expect eval-en 0 'outcome:       hit "Hit" (rule Table 3)' "$rtab" eval $src t --roll 5 --explain
expect eval-table-ru 0 't "Т" (правило Таблица 3)' "$rtab" eval $src t --roll 5 --locale ru --explain
expect eval-json-ru 0 '"rule": "Таблица 3"' "$rtab" eval $src t --roll 5 --locale ru --json
lacks eval-json-ru-only 'Table 3' "$rtab" eval $src t --roll 5 --locale ru --json
# odds, the exports' pages and the proof sheet.
expect odds-ru 0 'Таблица 3' "$rtab" odds $src t --locale ru
expect markdown-ru 0 '| 4-6 | hit | Попал | Таблица 3 |' "$rtab" export --format markdown --proof --locale ru $src
expect markdown-en 0 '| 4-6 | hit | Hit | Table 3 |' "$rtab" export --format markdown --proof --locale en $src
expect csv-ru 0 'Таблица 3' "$rtab" export --format csv --locale ru $src
expect html-ru 0 'Таблица 3' "$rtab" export --format html --locale ru $src
expect proof-ru 0 'с. 14' "$rtab" export --format html --proof --locale ru $src
lacks proof-ru-only 'p. 12' "$rtab" export --format html --proof --locale ru $src
# The JSON export: the first locale's as rule, every locale's as rules.
expect json-rules 0 '"rule": "Table 3", "rules": {"en": "Table 3", "ru": "Таблица 3"}' "$rtab" export --format json $src
lacks json-plain 'rules": {"en": "1.1"' "$rtab" export --format json $src
# diff: a reference changed in one locale, shown in that locale.
sed 's/ru "с\. 14"/ru "с. 15"/' $src >"$tmp/new.rtab"
# (diff exits 1: the rulesets differ.)
"$rtab" diff $src "$tmp/new.rtab" --locale ru >"$tmp/diff" 2>&1
expect diff-ru 0 'rule ru: с. 14 -> с. 15' cat "$tmp/diff"
# The C data and a target module carry every locale's.
mkdir "$tmp/c" "$tmp/py"
"$rtab" compile $src -o "$tmp/c" 2>/dev/null
expect c-rules 0 'static const char *const table0_rules[] = {"Table 3", "Таблица 3"};' cat "$tmp/c/r.c"
expect c-plain 0 '.rule = "1.1", .rules = NULL' cat "$tmp/c/r.c"
"$rtab" compile --target python $src -o "$tmp/py" 2>/dev/null
expect python-rules 0 '"rules": {"en": "Table 3", "ru": "Таблица 3"}' cat "$tmp/py/r.py"
# The language server's hover: the client's locale.
hover() { # LOCALE: the hover of table t
	python3 - "$rtab" "$1" <<'EOP'
import sys
sys.path.insert(0, 'tests/lsp')
from session import Session
s = Session(sys.argv[1], locale=sys.argv[2])
uri = 'file:///rule_refs.rtab'
text = open('tests/export/rule_refs.rtab', encoding='utf-8').read()
s.open(uri, text)
line = text.split('\n').index(next(l for l in text.split('\n') if l.startswith('table t ')))
print(s.request('textDocument/hover', {'textDocument': {'uri': uri},
                                       'position': {'line': line, 'character': 6}})['contents']['value'])
s.proc.stdin.close()
s.proc.wait()
EOP
}
expect hover-ru 0 'Rule Таблица 3' hover ru
expect hover-en 0 'Rule Table 3' hover en

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
