#!/bin/sh
# The Vim syntax file in Neovim: nvim_syntax.lua's places in tokens.rtab.
# usage: nvim_syntax.sh SOURCE_ROOT
# Exits 77 without nvim, unless RTAB_REQUIRE_TOOLS=1.
set -u
root=$1
if ! command -v nvim >/dev/null 2>&1; then
	echo "nvim not installed: skipped"
	[ "${RTAB_REQUIRE_TOOLS:-0}" = 1 ] && exit 1
	exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$root/tests/editors" || exit 99
RTAB_ROOT=$root RTAB_OUT=$tmp/report HOME=$tmp XDG_CONFIG_HOME=$tmp XDG_DATA_HOME=$tmp XDG_STATE_HOME=$tmp \
	timeout 60 nvim --headless --clean --cmd "set rtp^=$root/editors/vim" --cmd 'filetype on' \
	--cmd 'syntax on' tokens.rtab -c "luafile $root/tests/editors/nvim_syntax.lua" </dev/null >"$tmp/out" 2>&1
status=$?
cat "$tmp/report" 2>/dev/null || { echo "FAIL nvim wrote no report (exit $status)"; cat "$tmp/out"; exit 1; }
exit $status
