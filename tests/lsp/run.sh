#!/bin/sh
# rtab lsp with real clients: run.sh client|nvim RTAB SOURCE_ROOT
#   client: tests/lsp/client.js through vscode-jsonrpc (tests/npm)
#   nvim:   tests/lsp/nvim_session.lua in Neovim's built-in client
# Skipped (exit 77) without node or nvim, unless RTAB_REQUIRE_TOOLS=1.
mode=$1 rtab=$2 root=$3
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
root=$(pwd)

missing() {
	if [ "${RTAB_REQUIRE_TOOLS:-}" = 1 ]; then
		echo "$1, and RTAB_REQUIRE_TOOLS=1: install it (.ci/tools)"
		exit 1
	fi
	echo "$1: skipped"
	exit 77
}

case $mode in
client)
	command -v node >/dev/null 2>&1 || missing "node is not installed"
	[ -f tests/npm/node_modules/vscode-jsonrpc/package.json ] ||
		missing "vscode-jsonrpc is not installed (npm ci --prefix tests/npm)"
	exec node tests/lsp/client.js "$rtab" "$root" tests/npm/node_modules
	;;
nvim)
	command -v nvim >/dev/null 2>&1 || missing "nvim is not installed"
	RTAB=$rtab RTAB_ROOT=$root exec nvim --headless --clean -n -i NONE \
		-c 'luafile tests/lsp/nvim_session.lua' </dev/null
	;;
esac
echo "usage: run.sh client|nvim RTAB SOURCE_ROOT" >&2
exit 99
