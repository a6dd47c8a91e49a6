#!/bin/sh
# rtab as its users get it, three ways, each from a clean directory:
#  1. installed: `meson install` of this build into a staging directory,
#     then examples/downstream configured against it (pkg-config finds
#     rtab.pc, the installed rtab is on PATH, no fallback allowed);
#  2. as a Meson subproject: examples/downstream with this source tree
#     under subprojects/rtab and the wrap file of docs/embedding.md,
#     forced to use it;
#  3. a program outside any build system: the installed rtab compiles the
#     ruleset, cc links it with `pkg-config --cflags --libs rtab` (the
#     shared library) and again with librtab.a; and a C++ program (g++)
#     resolves a roll through the generated tables.
# Each build runs the downstream program, which checks its own answers.
#
# usage: test_downstream.sh MESON BUILD_DIR SOURCE_ROOT SANITIZE LUNDEF CC...
# SANITIZE and LUNDEF are this build's b_sanitize and b_lundef: a sanitized
# librtab needs its sanitizer runtime, so the downstream builds with the
# same sanitizers.
set -u
meson=$1 build=$2 src=$3 sanitize=$4 lundef=$5
shift 5
cc="$*"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log

fail() {
	echo "FAIL: $*"
	[ -s "$log" ] && tail -40 "$log"
	exit 1
}
copy_downstream() { # DIR: the example's files only (not a build directory in it)
	mkdir -p "$1" || exit 99
	for f in "$src"/examples/downstream/*; do
		[ -f "$f" ] && cp "$f" "$1/"
	done
}
step() { # WHAT COMMAND...: run, keep the output in $log
	what=$1
	shift
	echo "== $what"
	"$@" >"$log" 2>&1 || fail "$what"
}

command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config not installed: skipped"; exit 77; }
command -v ninja >/dev/null 2>&1 || { echo "ninja not installed: skipped"; exit 77; }

downstream_opts="-Dbuildtype=plain -Dwerror=true -Db_sanitize=$sanitize -Db_lundef=$lundef"
sanitize_flags=
[ "$sanitize" != none ] && sanitize_flags="-fsanitize=$sanitize -fno-omit-frame-pointer"

# 1. Installed. Staged with --destdir; rtab.pc's prefix is then pointed at
# the stage, which is exactly what `meson install` with --prefix=STAGE/PREFIX
# would have written (every other path in it is relative to ${prefix}).
stage=$tmp/stage
step "meson install --destdir" "$meson" install -C "$build" --no-rebuild --destdir "$stage"
pc=$(find "$stage" -name rtab.pc | head -1)
[ -n "$pc" ] || fail "no rtab.pc installed"
sed "s|^prefix=|prefix=$stage|" "$pc" >"$tmp/rtab.pc.new" && mv "$tmp/rtab.pc.new" "$pc"
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
prefix=$(pkg-config --variable=prefix rtab)
libdir=$(pkg-config --variable=libdir rtab)
includedir=$(pkg-config --variable=includedir rtab)
rtab=$(pkg-config --variable=rtab rtab)
for f in "$rtab" "$includedir/rtab.h" "$libdir/librtab.a" "$libdir/librtab.so" \
	"$libdir/librtab.so.0" "$libdir/librtab.so.$(pkg-config --modversion rtab)" \
	"$prefix/share/man/man1/rtab.1" "$(pkg-config --variable=exportschema rtab)"; do
	[ -e "$f" ] || fail "not installed: $f"
done
if command -v readelf >/dev/null 2>&1; then
	readelf -d "$libdir/librtab.so" | grep -q 'SONAME.*\[librtab\.so\.0\]' ||
		fail "librtab.so has no soname librtab.so.0"
fi
"$rtab" --version | grep -q "^rtab " || fail "the installed rtab does not run"

copy_downstream "$tmp/installed"
# shellcheck disable=SC2086
step "configure against the installed rtab" env CC="$cc" PATH="$prefix/bin:$PATH" \
	"$meson" setup "$tmp/installed-build" "$tmp/installed" --wrap-mode=nofallback $downstream_opts
grep -q "Program rtab found: YES ($rtab)" "$log" || fail "find_program('rtab') did not find $rtab"
grep -q "Run-time dependency rtab found: YES" "$log" || fail "dependency('rtab') not found by pkg-config"
step "build against the installed rtab" ninja -C "$tmp/installed-build"
step "run against the installed rtab" env LD_LIBRARY_PATH="$libdir" \
	"$meson" test -C "$tmp/installed-build" --print-errorlogs --no-rebuild
if command -v ldd >/dev/null 2>&1; then
	LD_LIBRARY_PATH=$libdir ldd "$tmp/installed-build/skirmish" | grep -q "librtab.so.0 => $libdir/" ||
		fail "the downstream program does not load the installed librtab.so.0"
fi

# 2. Subproject: the source tree itself, as subprojects/rtab.
# Beside it, the wrap file docs/embedding.md gives (Meson reads its
# [provide] section; the directory is there, so nothing is fetched).
copy_downstream "$tmp/sub"
mkdir "$tmp/sub/subprojects"
ln -s "$src" "$tmp/sub/subprojects/rtab"
awk '/^```ini$/ { on = 1; next } on && /^```$/ { exit } on' "$src/docs/embedding.md" \
	>"$tmp/sub/subprojects/rtab.wrap"
grep -q "^program_names = rtab" "$tmp/sub/subprojects/rtab.wrap" || fail "no wrap file in docs/embedding.md"
# shellcheck disable=SC2086
step "configure with rtab as a subproject" env CC="$cc" \
	"$meson" setup "$tmp/sub-build" "$tmp/sub" --force-fallback-for=rtab $downstream_opts
grep -q "Dependency rtab found: YES .*(overridden)" "$log" || fail "dependency('rtab') did not use the subproject"
grep -q "Program rtab found: YES (overridden)" "$log" || fail "find_program('rtab') did not use the subproject"
step "build with rtab as a subproject" ninja -C "$tmp/sub-build"
step "run with rtab as a subproject" "$meson" test -C "$tmp/sub-build" --print-errorlogs --no-rebuild
# rtab's own tests, tables, benchmarks and examples stay out of the parent.
step "list the parent's tests" "$meson" test -C "$tmp/sub-build" --list --no-rebuild
grep -q "^rtab:" "$log" && fail "rtab's tests run in the parent project: $(grep '^rtab:' "$log" | head -3)"
[ -e "$tmp/sub-build/subprojects/rtab/tables" ] && fail "the subproject compiled its bundled tables"
[ -e "$tmp/sub-build/subprojects/rtab/web/rtab.wasm" ] && fail "the subproject built rtab in WebAssembly"

# 3. Outside any build system, with pkg-config only.
mkdir "$tmp/plain"
cp "$src/examples/downstream/main.c" "$src/examples/downstream/skirmish.rtab" "$tmp/plain/" || exit 99
cd "$tmp/plain" || exit 99
step "installed rtab compile" "$rtab" compile skirmish.rtab -o gen
# shellcheck disable=SC2086,SC2046
step "cc with pkg-config (shared)" $cc -std=c11 -Wall -Wextra -Werror $sanitize_flags -Igen \
	main.c gen/skirmish.c $(pkg-config --cflags --libs rtab) -o fire-shared
step "run, shared" env LD_LIBRARY_PATH="$libdir" ./fire-shared
grep -q "0 failed" "$log" || fail "the shared program did not report its results"
# shellcheck disable=SC2086,SC2046
step "cc with librtab.a" $cc -std=c11 -Wall -Wextra -Werror $sanitize_flags -Igen \
	main.c gen/skirmish.c $(pkg-config --cflags rtab) "$libdir/librtab.a" -o fire-static
step "run, static" ./fire-static

# The Makefile of docs/embedding.md under make -j: one run of rtab.
if command -v make >/dev/null 2>&1; then
	mkdir "$tmp/make"
	cp "$src/examples/downstream/main.c" "$src/examples/downstream/skirmish.rtab" "$tmp/make/" || exit 99
	awk '/^A Makefile, or a shell:/ { s = 1; next } s && /^```/ { if (b) exit; b = 1; next } b' \
		"$src/docs/embedding.md" >"$tmp/make/Makefile"
	printf '#!/bin/sh\necho run >>"%s/make/rtab-runs"\nexec "%s" "$@"\n' "$tmp" "$rtab" >"$tmp/make/count-rtab"
	chmod +x "$tmp/make/count-rtab"
	mkdir "$tmp/make/gen"
	step "make -j8 with the documented Makefile" make -C "$tmp/make" -j8 fire \
		RTAB="$tmp/make/count-rtab" CC="$cc $sanitize_flags"
	[ "$(wc -l <"$tmp/make/rtab-runs")" -eq 1 ] ||
		fail "the documented Makefile ran rtab $(wc -l <"$tmp/make/rtab-runs") times under make -j8"
	step "run, Makefile" env LD_LIBRARY_PATH="$libdir" "$tmp/make/fire"
fi

# A C++ program: the generated header and rtab.h declare everything
# extern "C", so C++ calls into the C tables and librtab link and run.
if command -v g++ >/dev/null 2>&1; then
	cat >fire.cpp <<'CPP'
#include "skirmish.h"
#include <cstdio>
int main()
{
	int32_t inputs[SKIRMISH_INPUT_RANGE + 1];
	rtab_inputs_default(&skirmish_ruleset, inputs, skirmish_ruleset.ninputs);
	inputs[SKIRMISH_INPUT_COVER] = SKIRMISH_COVER_LIGHT;
	const int32_t face = 5;
	rtab_result r;
	int rc = rtab_resolve(&skirmish_ruleset, SKIRMISH_TABLE_FIRE, inputs, skirmish_ruleset.ninputs,
			      &face, 1, 0, &r);
	std::printf("light cover, die 5: %s, modified roll %d\n",
		    rc == RTAB_OK ? skirmish_ruleset.outcomes[r.outcome].id : rtab_status_message(rc),
		    (int)r.modified_roll);
	return rc == RTAB_OK && r.outcome == SKIRMISH_OUTCOME_PIN && r.modified_roll == 4 ? 0 : 1;
}
CPP
	# shellcheck disable=SC2086
	step "cc the generated C for C++" $cc -std=c11 $sanitize_flags -Igen $(pkg-config --cflags rtab) \
		-c gen/skirmish.c -o skirmish.o
	# shellcheck disable=SC2086,SC2046
	step "g++ with pkg-config" g++ -std=c++11 -Wall -Wextra -Werror $sanitize_flags -Igen \
		fire.cpp skirmish.o $(pkg-config --cflags --libs rtab) -o fire-cxx
	step "run, C++" env LD_LIBRARY_PATH="$libdir" ./fire-cxx
else
	echo "== g++ not installed: no C++ program"
fi

# 4. CMake: find_package(rtab CONFIG) against the installed tree, the
# generated C made by the installed rtab through add_custom_command.
if command -v cmake >/dev/null 2>&1; then
	mkdir "$tmp/cmake"
	cp "$src/examples/downstream/main.c" "$src/examples/downstream/skirmish.rtab" "$tmp/cmake/" || exit 99
	cat >"$tmp/cmake/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(fire C)
find_package(rtab 0.1 CONFIG REQUIRED)
add_custom_command(OUTPUT gen/skirmish.c gen/skirmish.h
  COMMAND ${RTAB_EXECUTABLE} compile ${CMAKE_CURRENT_SOURCE_DIR}/skirmish.rtab -o gen
  DEPENDS skirmish.rtab)
add_executable(fire main.c ${CMAKE_CURRENT_BINARY_DIR}/gen/skirmish.c)
target_include_directories(fire PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/gen)
target_link_libraries(fire PRIVATE rtab::rtab_static)
CMAKE
	# CMake takes the compiler alone: a launcher that leads the build's
	# command (ccache, sccache) is left out.
	cmake_cc=${cc%% *}
	case "${cmake_cc##*/}" in
	ccache | sccache) cmake_cc=${cc#* } cmake_cc=${cmake_cc%% *} ;;
	esac
	# shellcheck disable=SC2086
	step "cmake against the installed rtab" cmake -S "$tmp/cmake" -B "$tmp/cmake-build" \
		-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cmake_cc" \
		-DCMAKE_C_FLAGS="$sanitize_flags" -DCMAKE_EXE_LINKER_FLAGS="$sanitize_flags"
	grep -q "cmake/rtab" "$tmp/cmake-build/CMakeCache.txt" || fail "CMake did not find rtab's package"
	step "cmake --build" cmake --build "$tmp/cmake-build"
	step "run, CMake" "$tmp/cmake-build/fire"
	grep -q "0 failed" "$log" || fail "the CMake program did not report its results"
else
	echo "== cmake not installed: no CMake project"
fi
echo "ok: installed, subproject, pkg-config and CMake builds of the downstream example"
