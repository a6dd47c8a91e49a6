#!/bin/sh
# The pages docs/export.md shows, drawn from rtab's own PDFs at a readable
# size (120 dpi: the aid's 8 pt cells are 13 pixels high):
#   docs/aid.png           the Musket & Pike aid, English, first page (A4)
#   docs/aid-ru.png        the same in Russian, the page of the Melee Table's modifiers
#   docs/aid-pair.png      English and Russian side by side, first page
#   docs/errata-sheet.png  the errata sheet of tests/errata/print_layer.rtab
#                          (a results cell, a pursuit column, a modifier made more
#                          negative on each side, a per-hex modifier), first page
# usage: tests/render_doc_pages.sh RTAB   (from the source root; needs pdftoppm)
set -eu
rtab=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=0
page() { # PDF PAGE OUT.png
	pdftoppm -r 120 -png -f "$2" -l "$2" -singlefile "$1" "$tmp/page"
	mv "$tmp/page.png" "$3"
}
"$rtab" export --format pdf --locale en tables/musket_pike.rtab -o "$tmp/en.pdf" 2>/dev/null
page "$tmp/en.pdf" 1 docs/aid.png
"$rtab" export --format pdf --locale ru tables/musket_pike.rtab -o "$tmp/ru.pdf" 2>/dev/null
page "$tmp/ru.pdf" 3 docs/aid-ru.png
"$rtab" export --format pdf --locale en,ru tables/musket_pike.rtab -o "$tmp/pair.pdf" 2>/dev/null
page "$tmp/pair.pdf" 1 docs/aid-pair.png
cat tables/musket_pike.rtab tests/errata/print_layer.rtab > "$tmp/reprint.rtab"
# rtab diff exits 1 when the editions differ, as they do here.
"$rtab" diff "$tmp/reprint.rtab@original" "$tmp/reprint.rtab" --format pdf --locale en -o "$tmp/sheet.pdf" || [ $? -eq 1 ]
page "$tmp/sheet.pdf" 1 docs/errata-sheet.png
