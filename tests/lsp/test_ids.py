#!/usr/bin/env python3
"""rtab lsp echoes each request's id exactly as it came (JSON-RPC 2.0: "the
same as the value of the id member"), and every answer is valid JSON: an
integer of any size, a fraction, an exponent past a double's range (once
answered `"id": inf`), a string holding a NUL or non-ASCII text. A number
JSON does not allow (a leading zero, a '+') makes the message no JSON: a
parse error whose id is null.

Usage: test_ids.py RTAB
"""
import decimal
import json
import subprocess
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import read_frame  # noqa: E402

rtab = sys.argv[1]
failures = []


def strict(body):
    """The message parsed as JSON allows: no NaN nor Infinity, numbers exact."""
    def refuse(name):
        raise ValueError('%s is not JSON' % name)
    return json.loads(body, parse_float=decimal.Decimal, parse_constant=refuse)


proc = subprocess.Popen([rtab, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def send(raw):
    body = raw.encode('utf-8')
    proc.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)
    proc.stdin.flush()


def receive():
    """The raw body: the test reads it as strict JSON itself."""
    return read_frame(proc.stdout)


send('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}')
receive()
send('{"jsonrpc":"2.0","method":"initialized","params":{}}')

ids = ['7', '-3', '-0', '123456789012345678901234567890', '1.5', '2.50E+3', '1e400', '-1e-400',
       '"request 1"', '"nul\\u0000inside"', '"\u00e9t\u00e9 \u2603"', '""']
for raw in ids:
    send('{"jsonrpc":"2.0","id":%s,"method":"textDocument/hover","params":{"textDocument":'
         '{"uri":"file:///none.rtab"},"position":{"line":0,"character":0}}}' % raw)
    body = receive()
    try:
        answer = strict(body)
    except ValueError as e:
        failures.append('id %s: the answer is not JSON (%s): %s' % (raw, e, body[:200]))
        continue
    if answer.get('id') != strict(raw) or type(answer.get('id')) is not type(strict(raw)):
        failures.append('id %s: echoed as %r: %s' % (raw, answer.get('id'), body[:200]))
    elif 'result' not in answer:
        failures.append('id %s: no result: %s' % (raw, body[:200]))

# Numbers JSON does not allow: the message is no JSON, answered with id null.
for raw in ('01', '+1', '1.', '.5', '1e'):
    send('{"jsonrpc":"2.0","id":%s,"method":"textDocument/hover","params":{}}' % raw)
    body = receive()
    try:
        answer = strict(body)
    except ValueError as e:
        failures.append('id %s: the answer is not JSON (%s): %s' % (raw, e, body[:200]))
        continue
    if answer.get('id', 'missing') is not None or answer.get('error', {}).get('code') != -32700:
        failures.append('id %s (no JSON): not a parse error with id null: %s' % (raw, body[:200]))

send('{"jsonrpc":"2.0","id":99,"method":"shutdown"}')
receive()
send('{"jsonrpc":"2.0","method":"exit"}')
proc.stdin.close()
status = proc.wait(timeout=30)
if status != 0:
    failures.append('rtab lsp exited %d after shutdown and exit' % status)

for f in failures:
    print('FAIL ' + f)
if failures:
    sys.exit(1)
print('ids: %d echoed exactly, %d numbers JSON does not allow refused' % (len(ids), 5))
