#!/bin/sh
# A grid cell prints a negative number of a numeric outcome (-1/-2, 0/-1),
# as the outcome's code writes it (issue 24).
# usage: test_grid_cells.sh RTAB SOURCE_ROOT
set -u
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
f=tests/grid/negative_cells.rtab
out=$("$rtab" test "$f" 2>&1) || { echo "FAIL $f: $out"; exit 1; }
out=$("$rtab" eval "$f" t --roll 1 2>&1)
case $out in
*'shift_m1_m2 "Shift -1/-2"'*) echo ok ;;
*) echo "FAIL eval of the cell -1/-2: $out"; exit 1 ;;
esac
