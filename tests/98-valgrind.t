#!/bin/sh
# Every stage of the chain under valgrind's memcheck, on the bundled
# sample: no invalid access, no uninitialized value, no leak.  (The same
# script on the shared linux-sparse data: sh bench/valgrind.)  Not under
# the sanitizer build: valgrind and ASan do not mix.
. "$(dirname "$0")/lib.sh"

if [ -n "${PT_SAN:-}" ]; then
	skip "valgrind does not run the sanitizer build"
elif ! command -v valgrind >/dev/null 2>&1; then
	skip "valgrind is not installed"
else
	PT_SHARED=$T/none sh "$top/bench/valgrind" "$BUILD" >"$T/out" 2>&1
	rc=$?
	is "every stage is clean under memcheck" 0 "$rc"
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/out" | head -40
	n=$(grep -c ': clean, exit [01],' "$T/out")
	is "all 19 stages ran (ptmaint twice, ptreport maintainers among them)" 19 "$n"
fi
done_testing
