"""Many C# modules, each with its conform harness, compiled by one mcs into one
program whose first argument, the module's place in the list, chooses the
harness that runs: mcs starts once rather than once per module. Modules of
one namespace (the generator names every ruleset it writes gen; a module
and its planted mutants) are told apart: the second and later of a
namespace are compiled in it with _K added, K their place in the list, and
nothing else of their text changed."""
import json
import os
import re
import subprocess


def ruleset_id(rtab, path):
    p = subprocess.run([rtab, 'export', '--format', 'json', path], capture_output=True, text=True)
    return json.loads(p.stdout)['id'] if p.returncode == 0 else None


def link(pairs, out, strict=True):
    """(module, harness) pairs of files that rtab compile --target csharp wrote
    (a harness's Main is public), compiled by one mcs (strict: with
    -warnaserror+) into one program in the directory out: a command a pair,
    in their order, None for a pair not of that form; or None when mcs
    refuses the program (what it said printed)."""
    sources, cases, seen = [], [], set()
    for k, (module, harness) in enumerate(pairs):
        with open(harness, encoding='utf-8') as f:
            text = f.read()
        space = re.search(r'^namespace ([\w.]+)$', text, re.M)
        cls = re.search(r'public static class (\w+)', text)
        if not space or not cls or 'public static int Main()' not in text:
            continue
        space = space.group(1)
        if space in seen:
            # The namespace of an earlier module: this one's, renamed in both files.
            renamed = '%s_%d' % (space, k)
            for name in (module, harness):
                with open(name, encoding='utf-8') as src:
                    text = src.read()
                text, n = re.subn(r'^namespace %s$' % re.escape(space), 'namespace ' + renamed, text, flags=re.M)
                if n != 1:
                    break
                with open(name, 'w', encoding='utf-8') as dst:
                    dst.write(text)
            else:
                space = renamed
        if space in seen:
            continue
        seen.add(space)
        sources += [module, harness]
        cases.append((k, '%s.%s' % (space, cls.group(1))))
    if not cases:
        return [None] * len(pairs)
    dispatch = os.path.join(out, 'ConformAll.cs')
    with open(dispatch, 'w', encoding='utf-8') as f:
        f.write('public static class RtabConformAll\n{\n    public static int Main(string[] args)\n    {\n'
                '        switch (args.Length == 1 ? args[0] : "")\n        {\n')
        for k, harness in cases:
            f.write('        case "%d": return %s.Main();\n' % (k, harness))
        f.write('        }\n        return 2;\n    }\n}\n')
    exe = os.path.join(out, 'conform_all.exe')
    p = subprocess.run(['mcs', '-nologo'] + (['-warnaserror+'] if strict else []) +
                       ['-main:RtabConformAll', '-out:' + exe, dispatch] + sources,
                       capture_output=True, text=True)
    if p.returncode != 0:
        print('note: the C# modules do not compile as one program; each is compiled alone: %s' %
              (p.stdout + p.stderr).strip()[:300])
        return None
    commands = [None] * len(pairs)
    for k, _ in cases:
        commands[k] = ['mono', exe, str(k)]
    return commands


def bundle(rtab, paths, out):
    """Every ruleset's C# module and conform harness in one program (link):
    {path: [command]}. A module that mcs refuses leaves this empty, and each
    is then compiled on its own, its error its own."""
    pairs, compiled = [], []
    for k, path in enumerate(paths):
        rid = ruleset_id(rtab, path)
        if rid is None:
            continue
        d = os.path.join(out, str(k))
        if subprocess.run([rtab, 'compile', '--target', 'csharp', path, '-o', d], capture_output=True).returncode:
            continue
        pairs.append((os.path.join(d, rid + '.cs'), os.path.join(d, rid + '_conform.cs')))
        compiled.append(path)
    commands = link(pairs, out) if pairs else None
    if not commands:
        return {}
    return {path: command for path, command in zip(compiled, commands) if command}
