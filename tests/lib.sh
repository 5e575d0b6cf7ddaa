# lib.sh - TAP helpers for the end-to-end tests (sourced by tests/*.t).
#
# Tests run from any directory; paths are made absolute here.
#   PT_BUILD   build folder holding bin/ and tests/ (default: build)
#   PT_SHARED  the shared data folder (default: ../shared/data beside the
#              project); tests that need it skip, saying so, without it.
#   PT_SAN     set when the tools are built with sanitizers (slower).

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${PT_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$top/$BUILD ;; esac
BIN=$BUILD/bin
TBIN=$BUILD/tests
SHARED=${PT_SHARED:-$top/../shared/data}
DATA=$top/tests/data
PATH=$BIN:$TBIN:$PATH
export PATH LC_ALL=C TZ=UTC

T=$(mktemp -d "${TMPDIR:-/tmp}/pt-test.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM

tap_n=0
tap_fail=0

# ok STATUS DESCRIPTION: pass when STATUS is 0.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_fail=$((tap_fail + 1))
	fi
}

# skip DESCRIPTION: a test that cannot run here, and why.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # skip $1"
}

diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

# same DESCRIPTION EXPECTED ACTUAL: files equal (shows a diff if not).
same() {
	if cmp -s "$2" "$3"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diff -u "$2" "$3" | head -40 | cut -c1-240 | sed 's/^/# /'
	fi
}

# is DESCRIPTION EXPECTED ACTUAL: strings equal.
is() {
	if [ "$2" = "$3" ]; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "expected: $2" "     got: $3"
	fi
}

# run CMD...: run, keeping stdout in $T/out, stderr in $T/err, status in $rc.
run() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# has_shared PATH: is this shared data file there?
has_shared() {
	[ -e "$SHARED/$1" ]
}

# rows FILE: number of data rows of a TSV file.
rows() {
	echo $(($(wc -l <"$1") - 1))
}

# Under sanitizers a crash or report exits with a code above 1.
crashed() {
	[ "$1" -gt 2 ]
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_fail" -eq 0 ]
	exit $?
}
