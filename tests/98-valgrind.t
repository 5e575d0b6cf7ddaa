#!/bin/sh
# Every stage of the chain under valgrind's memcheck, on the bundled
# sample: no invalid access, no uninitialized value, no leak.  (The same
# script on the shared linux-sparse data: sh bench/valgrind.)  Not under
# the sanitizer build: valgrind and ASan do not mix.  The commits are
# those since 2018-07-01 (about 300 of the sample's 2,551, from half a
# year before its mails on): memcheck's point is the tools' code, not the
# volume (git2tsv meets every commit of the shared histories under the
# sanitizers in 40-git2tsv).
. "$(dirname "$0")/lib.sh"

if [ -n "${PT_SAN:-}" ]; then
	skip "valgrind does not run the sanitizer build"
elif ! command -v valgrind >/dev/null 2>&1; then
	skip "valgrind is not installed"
else
	PT_SHARED=$T/none PT_VALGRIND_SINCE=2018-07-01 sh "$top/bench/valgrind" "$BUILD" >"$T/out" 2>&1
	rc=$?
	is "every stage is clean under memcheck" 0 "$rc"
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/out" | head -40
	n=$(grep -c ': clean, exit [01],' "$T/out")
	is "all 19 stages ran (ptmaint twice, ptreport maintainers among them)" 19 "$n"
fi
done_testing
