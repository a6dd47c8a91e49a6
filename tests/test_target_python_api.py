#!/usr/bin/env python3
"""The Python module of `rtab compile --target python` refuses a loose input
with one RtabError (the runtime's status, a message naming the input and what
was given), never a silent wrong answer; refuses data of another data model
when the ruleset loads; and reads labels and rule references per locale as
the data holds them.

usage: test_target_python_api.py RTAB SOURCE_ROOT
"""
import decimal
import importlib
import os
import subprocess
import sys
import tempfile

rtab, root = (os.path.abspath(a) for a in sys.argv[1:3])
failures = []


def refused(what, call, status, *words):
    """call() must raise the module's RtabError with status, its message naming each word."""
    try:
        got = call()
    except mod.RtabError as e:
        text = str(e)
        if e.status != status:
            failures.append('%s: status %d, not %d (%s)' % (what, e.status, status, text))
        elif e.message != mod.MESSAGES[status]:
            failures.append('%s: message %r is not the runtime\'s' % (what, e.message))
        missing = [w for w in words if w not in text]
        if missing:
            failures.append('%s: the message %r does not name %s' % (what, text, ', '.join(missing)))
        return
    except Exception as e:  # noqa: BLE001 (what else it raises is the failure)
        failures.append('%s: raises %s (%s), not RtabError' % (what, type(e).__name__, e))
        return
    failures.append('%s: answers %r, not an error' % (what, got if not isinstance(got, dict) else got.get('outcome')))


with tempfile.TemporaryDirectory() as out:
    subprocess.run([rtab, 'compile', '--target', 'python', os.path.join(root, 'tables', 'musket_pike.rtab'),
                    '-o', out], check=True)
    sys.path.insert(0, out)
    mod = importlib.import_module('musket_pike')

    inputs = {i['type_name']: i for i in reversed(mod.DATA['inputs'])}
    an_int, a_bool, an_enum = inputs['int']['id'], inputs['bool']['id'], inputs['enum']['id']
    nan = decimal.Decimal('NaN')
    refused('a string for an int', lambda: mod.resolve('melee', {an_int: '3'}, [4]), -3, an_int, "'3'")
    refused('1.7 for an int', lambda: mod.resolve('melee', {an_int: 1.7}, [4]), -3, an_int, '1.7')
    refused('a decimal 2 for an int', lambda: mod.resolve('melee', {an_int: decimal.Decimal(2)}, [4]), -3, an_int)
    refused('NaN for an int', lambda: mod.resolve('melee', {an_int: nan}, [4]), -3, an_int, 'NaN')
    refused('True for an int', lambda: mod.resolve('melee', {an_int: True}, [4]), -3, an_int)
    refused('"yes" for a bool', lambda: mod.resolve('melee', {a_bool: 'yes'}, [4]), -3, a_bool, "'yes'")
    refused('1 for a bool', lambda: mod.resolve('melee', {a_bool: 1}, [4]), -3, a_bool)
    refused('an unknown enum value', lambda: mod.resolve('melee', {an_enum: 'dragoons'}, [4]), -3, an_enum,
            'dragoons')
    refused('an int outside its domain', lambda: mod.resolve('melee', {an_int: 10 ** 6}, [4]), -3, an_int)
    refused('an unknown input', lambda: mod.resolve('melee', {'atacker_morale': 7}, [4]), -3, 'atacker_morale')
    refused('an unknown table', lambda: mod.resolve('meele', {}, [4]), -2, 'meele')
    refused('a string face', lambda: mod.resolve('melee', {}, ['3']), -4, "'3'")
    refused('a drm of 1.5', lambda: mod.resolve('melee', {}, [4], 1.5), -3, 'drm')
    refused('an unknown procedure', lambda: mod.procedure('leader_los_check', {}), -10, 'leader_los_check')
    refused('a situation that is no mapping', lambda: mod.resolve('melee', [7], [4]), -3, 'mapping')
    refused('data of another data model', lambda: mod.Ruleset(dict(mod.DATA, data_version=mod.DATA_MODEL + 1),
                                                              mod.LOWERED, mod.STAMP), -16, 'data model')
    refused('data of another compile', lambda: mod.Ruleset(dict(mod.DATA, source_hash='fnv1a64:0000000000000000'),
                                                           mod.LOWERED, mod.STAMP), -16, 'one run of rtab compile')

    # What the same situation gives when it is given as the module asks.
    r = mod.resolve('melee', {an_int: inputs['int']['default_value'], a_bool: True}, [4])
    if r['outcome'] is None:
        failures.append('a valid situation gives no outcome: %r' % r)

    # Labels and rule references, per locale, as the data holds them.
    for kind in ('tables', 'outcomes', 'inputs'):
        for item in mod.DATA[kind]:
            for locale in mod.DATA['locales']:
                want = (item.get('labels') or {}).get(locale)
                got = mod.label(kind, item['id'], locale)
                if got != want:
                    failures.append('label(%r, %r, %r) is %r, not %r' % (kind, item['id'], locale, got, want))
            if mod.rule(kind, item['id']) != item.get('rule'):
                failures.append('rule(%r, %r) is %r, not %r' % (kind, item['id'], mod.rule(kind, item['id']),
                                                                item.get('rule')))
    if mod.label('tables', 'melee') != mod.label('tables', 'melee', mod.DATA['locales'][0]):
        failures.append('label() without a locale is not the first locale\'s')
    refused('an unknown locale', lambda: mod.label('tables', 'melee', 'xx'), -10, "'xx'")

for f in failures:
    print('FAIL ' + f)
print('%d checks of the Python module\'s API failed' % len(failures) if failures else
      'ok: the Python module refuses every loose input, reads labels and rules per locale')
sys.exit(1 if failures else 0)
