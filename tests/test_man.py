#!/usr/bin/env python3
"""The man page and the --help texts list the same verbs and options.

usage: test_man.py RTAB MANPAGE

- The verbs of `rtab --help` are exactly the .SS sections under COMMANDS.
- Every option `rtab VERB --help` mentions appears in that verb's section,
  and every option the section defines (a .TP tag) is in the verb's help.
- Every option `rtab --help` mentions is in OPTIONS, and back.
- SYNOPSIS has one .SY/.YS block per verb.
- The .TH line names the version `rtab --version` prints.
A new verb or option therefore fails here until man/rtab.1 documents it.
"""
import re
import subprocess
import sys

OPTION = re.compile(r'(?<![\w-])(--?[A-Za-z][A-Za-z0-9-]*)')


def run(rtab, *args):
    p = subprocess.run([rtab, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, check=False)
    if p.returncode != 0:
        sys.exit('rtab %s: exit %d\n%s' % (' '.join(args), p.returncode, p.stderr))
    return p.stdout


def plain(line):
    """A roff line as text: escapes and fonts removed, the arguments of the
    alternating font macros (.BI, .BR ...) joined as they print."""
    line = re.sub(r'\\f(\[[^]]*\]|\(..|.)', '', line)
    line = line.replace('\\-', '-').replace('\\&', '').replace('\\%', '')
    line = line.replace('\\c', '').replace('\\e', '\\')
    m = re.match(r'^\.(B|I|SM|BI|IB|BR|RB|IR|RI)(\s+|$)', line)
    if m:
        args = re.findall(r'"([^"]*)"|(\S+)', line[m.end():])
        args = [a or b for a, b in args]
        return (' ' if len(m.group(1)) == 1 or m.group(1) == 'SM' else '').join(args)
    return line


def man_sections(path):
    """{'SH name': [lines]}, {'SS name': [lines]} under COMMANDS, .TP tags per section."""
    sh, ss, tags = {}, {}, {}
    cur_sh = cur_ss = None
    next_is_tag = False
    with open(path, encoding='utf-8') as f:
        for raw in f:
            raw = raw.rstrip('\n')
            if raw.startswith('.\\"'):
                continue
            m = re.match(r'^\.SH\s+"?([^"]*)"?', raw)
            if m:
                cur_sh, cur_ss = m.group(1).strip(), None
                sh[cur_sh] = []
                continue
            m = re.match(r'^\.SS\s+"?([^"]*)"?', raw)
            if m and cur_sh == 'COMMANDS':
                cur_ss = m.group(1).strip()
                ss[cur_ss] = []
                continue
            key = ('SS', cur_ss) if cur_ss else ('SH', cur_sh)
            text = plain(raw)
            if next_is_tag:
                tags.setdefault(key, set()).update(OPTION.findall(text))
                next_is_tag = False
            if raw.startswith('.TP'):
                next_is_tag = True
            (ss[cur_ss] if cur_ss else sh.setdefault(cur_sh, [])).append(text)
    return sh, ss, tags


def main():
    rtab, manpage = sys.argv[1], sys.argv[2]
    sh, ss, tags = man_sections(manpage)
    problems = []

    top = run(rtab, '--help')
    verbs, verb_lines, other_lines = [], {}, []
    in_verbs = False
    for line in top.splitlines():
        if line.strip() == 'Verbs:':
            in_verbs = True
        elif in_verbs and not line.strip():
            in_verbs = False
        elif in_verbs:
            m = re.match(r'^\s+([a-z][a-z0-9-]*)\b', line)
            if m:
                verbs.append(m.group(1))
                verb_lines[m.group(1)] = line
        else:
            other_lines.append(line)
    if not verbs:
        problems.append("no 'Verbs:' list found in rtab --help")
    for v in verbs:
        if v not in ss:
            problems.append("verb '%s' is in rtab --help but has no '.SS %s' under COMMANDS in %s"
                            % (v, v, manpage))
    for v in ss:
        if v not in verbs:
            problems.append("man page documents verb '%s' (.SS %s) that rtab --help does not list"
                            % (v, v))

    def compare(what, help_text, section_text, section_tags):
        said = set(OPTION.findall(help_text))
        body = '\n'.join(section_text)
        documented = set(OPTION.findall(body))
        for opt in sorted(said - documented):
            problems.append('%s mentions %s, which its man page section does not' % (what, opt))
        for opt in sorted(section_tags - said):
            problems.append('the man page defines %s for %s, which its help does not mention'
                            % (opt, what))
        return len(said)

    checked = compare('rtab --help', '\n'.join(other_lines), sh.get('OPTIONS', []),
                      tags.get(('SH', 'OPTIONS'), set()))
    for v in verbs:
        if v in ss:
            # The verb's line in `rtab --help` and its own help, against its section.
            checked += compare('rtab %s --help' % v, verb_lines[v] + '\n' + run(rtab, v, '--help'),
                               ss[v], tags.get(('SS', v), set()))

    # SYNOPSIS: one .SY ... .YS block per verb, the verb its first word.
    synopsis, block = [], None
    in_synopsis = False
    with open(manpage, encoding='utf-8') as f:
        for raw in f:
            raw = raw.rstrip('\n')
            if raw.startswith('.SH'):
                in_synopsis = 'SYNOPSIS' in raw
            elif in_synopsis and raw.startswith('.SY'):
                if block is not None:
                    problems.append('SYNOPSIS: .SY before the .YS that closes %r' % ' '.join(block))
                block = []
            elif in_synopsis and raw.startswith('.YS'):
                synopsis.append(block or [])
                block = None
            elif block is not None:
                block.append(plain(raw))
    if block is not None:
        problems.append('SYNOPSIS: a .SY block is not closed by .YS')
    firsts = [b[0].split()[0] for b in synopsis if b and b[0].split()]
    for v in verbs:
        if firsts.count(v) != 1:
            problems.append("SYNOPSIS: verb '%s' should begin exactly one .SY block (found %d)"
                            % (v, firsts.count(v)))
    for b in synopsis:
        others = [w for w in b[1:] if w in verbs]
        if others:
            problems.append('SYNOPSIS: the block of %r names another verb %r: a .YS/.SY missing?'
                            % (b[0], others[0]))

    version = run(rtab, '--version').split()[-1]
    th = [l for l in open(manpage, encoding='utf-8') if l.startswith('.TH ')]
    if not th or ('rtab ' + version) not in th[0]:
        problems.append('the .TH line should name "rtab %s" (rtab --version)' % version)

    for p in problems:
        print('FAIL: ' + p)
    if problems:
        print('Edit man/rtab.1 (or the help text) so that both say the same.')
        return 1
    print('%d verbs, %d options: the man page and the help agree' % (len(verbs), checked))
    return 0


if __name__ == '__main__':
    sys.exit(main())
