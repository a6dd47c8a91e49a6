# Sourced by the shell tests that run rtab from the source root:
#   . "${0%/*}/setup.sh"   (with RTAB SOURCE_ROOT as $1 $2)
# rtab becomes an absolute path, the working directory the source root, and
# $tmp a scratch directory removed on exit; passed and failed count checks;
# $golden_diff compares an output with its golden file (golden_diff.sh).
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
root=$(pwd)
tmp=$(mktemp -d) || exit 99
# A test may leave a directory it made unwritable: give it back first.
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
passed=0 failed=0
golden_diff=$root/tests/golden_diff.sh

# fail WHAT...: one failed check, said.
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# golden NAME EXPECTED_STATUS GOLDEN COMMAND...: the command's standard output
# byte for byte against GOLDEN, and its exit status.
golden() {
	name=$1 want=$2 gold=$3
	shift 3
	"$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" -ne "$want" ]; then
		echo "FAIL $name: exit $status, expected $want"; head -20 "$tmp/err"
		failed=$((failed + 1))
	elif ! sh "$golden_diff" "$gold" "$tmp/out"; then
		echo "FAIL $name: output differs from $gold (above: - expected, + actual)"
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
}

# expect NAME EXPECTED_STATUS EXPECTED_SUBSTRING COMMAND...: the exit status,
# and the substring in the output (standard output and error together).
expect() { # NAME EXPECTED_STATUS EXPECTED_SUBSTRING COMMAND...
	name=$1 want=$2 needle=$3
	shift 3
	out=$("$@" 2>&1)
	status=$?
	if [ "$status" -ne "$want" ]; then
		echo "FAIL $name: exit $status, expected $want"; echo "$out" | head -20
		failed=$((failed + 1)); return
	fi
	case $out in
	*"$needle"*) passed=$((passed + 1)) ;;
	*) echo "FAIL $name: output lacks '$needle'"; echo "$out" | head -20; failed=$((failed + 1)) ;;
	esac
}

# lacks NAME UNWANTED_SUBSTRING COMMAND...: the output does not hold it.
lacks() { # NAME UNWANTED_SUBSTRING COMMAND...
	name=$1 needle=$2
	shift 2
	out=$("$@" 2>&1)
	case $out in
	*"$needle"*) echo "FAIL $name: output has '$needle'"; echo "$out" | head -20; failed=$((failed + 1)) ;;
	*) passed=$((passed + 1)) ;;
	esac
}
