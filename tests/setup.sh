# Sourced by the shell tests that run rtab from the source root:
#   . "${0%/*}/setup.sh"   (with RTAB SOURCE_ROOT as $1 $2)
# rtab becomes an absolute path, the working directory the source root, and
# $tmp a scratch directory removed on exit; passed and failed count checks;
# $golden_diff compares an output with its golden file (golden_diff.sh).
rtab=$1 root=$2
case $rtab in /*) ;; *) rtab=$(pwd)/$rtab ;; esac
cd "$root" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
golden_diff=$root/tests/golden_diff.sh
