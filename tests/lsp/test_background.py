#!/usr/bin/env python3
"""rtab lsp proves in the background: while the proof of a requirement runs
(one that takes days: the budget raised to its most), hover and completion
are answered; an edit stops the proof of the text before it, whose
diagnostics are never published, and the new text is proved and published.

Asserted on the order and the count of the messages the server sends, never
on times: the proof of the first text cannot end within this test (10^12
situations), so its diagnostics can only come if the server proves before
it answers (it would never answer) or publishes a stale proof.

usage: test_background.py RTAB
"""
import os
import queue
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import Session, read_frame  # noqa: E402
import json  # noqa: E402

RTAB = os.path.abspath(sys.argv[1])
# Met only where the six inputs are 97: a walk of every situation, from 0.
SLOW = ('ruleset slow { locales en; en "Slow"; }\n'
        'dice d6 = 1d6;\n'
        'outcome ok { en "OK"; }\n'
        'outcome no { en "No"; }\n'
        + ''.join('input v%d: int 0..99 = 0 { en "Value %d"; }\n' % (i, i) for i in range(6))
        + 'require hidden: v0 + v1 + v2 + v3 + v4 + v5 == 582 and v0 == v1 and v1 == v2 and v2 == v3'
          ' and v3 == v4 and v4 == v5 { en "Hidden"; }\n'
        'table t { en "T"; roll d6; rows { no <=3; ok >=4; } }\n')
QUICK = ('ruleset slow { locales en; en "Slow"; }\n'
         'dice d6 = 1d6;\n'
         'outcome ok { en "OK"; }\n'
         'outcome no { en "No"; }\n'
         'table t { en "T"; roll d6; rows { no <=3; ok >=4; } }\n')
URI = 'file:///tmp/rtab-lsp-background/slow.rtab'
HOVER_LINE = SLOW.count('\n', 0, SLOW.index('input v2'))  # on the input v2
TIMEOUT = 60  # seconds: only so that a server that never answers fails rather than hangs


class Server(Session):
    def __init__(self):
        # The budget at its most: the proof of SLOW runs for days.
        self.proc = None
        import subprocess
        self.proc = subprocess.Popen([RTAB, 'lsp', '--max-work', '1000000000000000'],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        self.diagnostics = {}
        self.messages = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        try:
            while True:
                self.messages.put(json.loads(read_frame(self.proc.stdout)))
        except (EOFError, ValueError, OSError):
            self.messages.put(None)

    def next(self):
        try:
            m = self.messages.get(timeout=TIMEOUT)
        except queue.Empty:
            m = None
        if m is None:
            self.proc.kill()
            print('FAIL rtab lsp sent nothing more within %d s (or ended): a request waits for a proof' % TIMEOUT)
            sys.exit(1)
        return m

    def send(self, method, params, id=None):
        m = {'jsonrpc': '2.0', 'method': method, 'params': params}
        if id is not None:
            m['id'] = id
        return self.frame(m)


def shown(m):
    if not isinstance(m, dict):
        return m
    if 'id' in m:
        return 'answer %s' % m['id']
    return '%s v%s' % (m['method'].split('/')[-1], m['params'].get('version'))


s = Server()
s.write(s.send('initialize', {'processId': None, 'rootUri': None, 'capabilities': {}}, 1))
problems = []
first = s.next()
if shown(first) != 'answer 1':
    problems.append('initialize: %r' % (first,))
s.write(s.send('initialized', {}) + s.send('textDocument/didOpen', {'textDocument': {
    'uri': URI, 'languageId': 'rtab', 'version': 1, 'text': SLOW}}))
# The server starts the proof once no message waits; whenever these come,
# they are answered while it runs.
pos = {'line': HOVER_LINE, 'character': 8}
s.write(s.send('textDocument/hover', {'textDocument': {'uri': URI}, 'position': pos}, 2))
hover = s.next()
s.write(s.send('textDocument/completion', {'textDocument': {'uri': URI},
                                           'position': {'line': HOVER_LINE, 'character': 0}}, 3))
completion = s.next()
# An edit: the text without the requirement (whole), and a hover in the same write.
s.write(s.send('textDocument/didChange', {'textDocument': {'uri': URI, 'version': 2},
                                          'contentChanges': [{'text': QUICK}]})
        + s.send('textDocument/hover', {'textDocument': {'uri': URI},
                                        'position': {'line': 4, 'character': 7}}, 4))
after_edit = [s.next(), s.next()]
s.write(s.send('shutdown', None, 5))
end = s.next()
s.write(s.send('exit', None))
rc = s.proc.wait(timeout=TIMEOUT)

seen = [shown(m) for m in [hover, completion] + after_edit + [end]]
want = ['answer 2', 'answer 3', 'answer 4', 'publishDiagnostics v2', 'answer 5']
if seen != want:
    problems.append('the server sent %s; expected %s (the hover and the completion answered during the '
                    'proof of version 1, whose diagnostics are never sent; then the hover after the edit '
                    'and the diagnostics of version 2)' % (seen, want))
if isinstance(hover, dict) and 'Value 2' not in json.dumps(hover.get('result')):
    problems.append('the hover during the proof does not show the input: %r' % (hover,))
if isinstance(completion, dict) and not (completion.get('result') or {}).get('items'):
    problems.append('the completion during the proof is empty: %r' % (completion,))
if isinstance(after_edit[1], dict) and after_edit[1].get('params', {}).get('diagnostics') not in ([], None):
    problems.append('the diagnostics of the text without the requirement: %r' % (after_edit[1],))
if rc != 0:
    problems.append('rtab lsp exited %d after shutdown and exit' % rc)
if problems:
    for p in problems:
        print('FAIL ' + p)
    sys.exit(1)
print('ok: hover and completion answered during a proof of days; the edit stopped it, unpublished')
