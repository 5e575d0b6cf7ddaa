#!/bin/sh
# 10-common.t - unit tests of common/: runs the TAP programs built by
# make from tests/unit/test-MODULE.c (the Makefile's UNIT_COMMON), one
# after the other, as one TAP stream: their tests numbered on, each
# program's plan checked and its exit status a test of its own.
#
#   PT_BUILD   build folder holding tests/ (default: build), relative to
#              the project root unless absolute
top=$(cd "$(dirname "$0")/.." && pwd) || exit 1
BUILD=${PT_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$top/$BUILD ;; esac

units=$(sed -n '/^UNIT_COMMON :=/,/[^\\]$/p' "$top/Makefile" | sed 's/^UNIT_COMMON :=//; s/\\$//' | tr -s ' \n' '  ')
[ -n "$units" ] || { echo "Bail out! no UNIT_COMMON list in $top/Makefile"; exit 1; }
for u in $units; do
	if [ ! -x "$BUILD/tests/$u" ]; then
		echo "Bail out! $BUILD/tests/$u is not built (run make)"
		exit 1
	fi
done
cd "$top" || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/pt-test.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT INT TERM

n=0
fail=0
for u in $units; do
	"$BUILD/tests/$u" >"$T/out"
	st=$?
	# Renumbered on from n; the plan line checked against the count.
	awk -v base="$n" -v name="$u" -v st="$st" '
		/^(not )?ok [0-9]+/ {
			k++
			sub(/ok [0-9]+/, "ok " (base + k))
			print
			next
		}
		/^1\.\.[0-9]+$/ { plan = substr($0, 4); next }
		{ print }
		END {
			k++
			good = st == 0 && plan != "" && plan == k - 1
			printf "%sok %d - %s: exit 0, %d tests as planned (%s)\n", good ? "" : "not ",
			    base + k, name, k - 1, plan == "" ? "no plan" : plan
			print base + k >"'"$T"'/n"
			if (!good) print 1 >"'"$T"'/fail"
		}' "$T/out"
	n=$(cat "$T/n")
	[ ! -f "$T/fail" ] || fail=1
done
echo "1..$n"
exit "$fail"
