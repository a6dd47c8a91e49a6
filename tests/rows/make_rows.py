#!/usr/bin/env python3
"""Write a ruleset whose tables take every form of rows the C emitter has
(runtime/rtab.h, rtab_table.row_outcome8...): usage make_rows.py OUT.rtab

  far     outcomes past 255 (two bytes each), three (rule, reason) pairs, one
          row provisional: a note index per row
  shared  one pair for every row: no index
  bare    no rule, no reason: no notes at all
  many    300 distinct rules, a few rows provisional: more pairs than a byte
          numbers, the wide records
"""
import sys

NOUTCOMES = 300
NMANY = 300

out = ['ruleset rows_forms {', '  locales en;', '  en "Row forms";', '}', '',
       'dice d6 = 1d6;', '',
       'input x: int 0..%d = 0 { en "X"; }' % (NMANY - 6),
       'modifier m { en "M"; value x; }', '']
out += ['outcome o%d { en "O%d"; }' % (k, k) for k in range(NOUTCOMES)]
out += ['', 'table far {', '  en "Far outcomes";', '  roll d6;', '  rows {',
        '    o0   1 @ "1.1";',
        '    o299 2 @ "1.1";',
        '    o257 3 @ "1.2" provisional "the third row is ours";',
        '    o1   4 @ "1.1";',
        '    o256 5 @ "1.3";',
        '    o298 6 @ "1.2" provisional "the third row is ours";',
        '  }', '}', '',
        'table shared @ "2" {', '  en "Shared";', '  roll d6;', '  rows {',
        '    o2 1-2;', '    o3 3-4;', '    o4 5-6;', '  }', '}', '',
        'table bare {', '  en "Bare";', '  roll d6;', '  rows {',
        '    o5 <=3;', '    o6 >=4;', '  }', '}', '',
        'table many {', '  en "Many rules";', '  roll d6;', '  modifiers m;', '  rows {']
out += ['    o%d %d @ "3.%d"%s;' % ((r * 7) % NOUTCOMES, r, r, ' provisional "row %d is ours"' % r if r % 50 == 0 else '')
        for r in range(1, NMANY + 1)]
out += ['  }', '}', '']
with open(sys.argv[1], 'w', encoding='utf-8') as f:
    f.write('\n'.join(out))
