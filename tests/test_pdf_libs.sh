#!/bin/sh
# cairo and pango are opened when a PDF is written, never linked: rtab's
# other commands start without them, and a machine where the library cannot
# be opened gets a refusal that names it, with nothing written.
# Usage: test_pdf_libs.sh RTAB SOURCE_ROOT
rtab=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$2" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=1; }

if ! "$rtab" export --format pdf tables/classic_odds.rtab -o "$tmp/ok.pdf" 2>"$tmp/ok.err"; then
	if ! grep -q 'needs cairo and pango when rtab is built' "$tmp/ok.err"; then
		echo "FAIL no PDF and no reason: $(cat "$tmp/ok.err")"
		exit 1
	fi
	echo "SKIP rtab is built without cairo and pango"
	[ "${RTAB_REQUIRE_TOOLS:-}" = 1 ] && exit 1
	exit 77
fi
head -c 5 "$tmp/ok.pdf" | grep -q '%PDF-' || fail "export --format pdf wrote no PDF"

# Not one of the PDF's libraries is among those the loader maps at start.
needed=$(readelf -d "$rtab" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
case $needed in
*cairo* | *pango* | *glib* | *gobject* | *fontconfig* | *harfbuzz*)
	fail "rtab links the PDF's libraries at start: $needed" ;;
esac

# A library that cannot be opened: each PDF verb refuses, names it, writes nothing.
mkdir "$tmp/broken"
: >"$tmp/broken/libpangocairo-1.0.so.0"
for verb in "export --format pdf tables/classic_odds.rtab -o $tmp/out.pdf" \
	"verify --format pdf tables/classic_odds.rtab" \
	"diff --format pdf -o $tmp/out.pdf tables/classic_odds.rtab tables/classic_odds.rtab"; do
	# shellcheck disable=SC2086
	LD_LIBRARY_PATH="$tmp/broken" "$rtab" $verb >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" = 2 ] || fail "rtab $verb with a broken library: exit $rc, not 2"
	grep -q 'cannot be written: .*libpangocairo-1.0.so.0.*install the pango and cairo libraries' "$tmp/err" ||
		fail "rtab $verb: the refusal does not name the library: $(cat "$tmp/err")"
	[ ! -e "$tmp/out.pdf" ] || fail "rtab $verb wrote $tmp/out.pdf although it refused"
	[ ! -s "$tmp/out" ] || fail "rtab $verb printed on stdout although it refused"
done
# The commands that print no PDF do not open it.
LD_LIBRARY_PATH="$tmp/broken" "$rtab" check tables/classic_odds.rtab >/dev/null 2>"$tmp/err" ||
	fail "check needs the PDF's library: $(cat "$tmp/err")"
LD_LIBRARY_PATH="$tmp/broken" "$rtab" export --format html tables/classic_odds.rtab -o "$tmp/aid.html" ||
	fail "export --format html needs the PDF's library"

[ "$failed" = 0 ] && echo "pdf-libs: opened only for PDF; a broken library refused by export, verify, diff"
exit $failed
