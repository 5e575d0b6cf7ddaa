#!/bin/sh
# 11-ratio.t - unit tests of patchsim's similarity measure: runs the TAP
# program test-ratio (tests/unit/test-ratio.c, built by make) and exits
# with its status.
#
#   PT_BUILD   build folder holding tests/ (default: build), relative to
#              the project root unless absolute
top=$(cd "$(dirname "$0")/.." && pwd) || exit 1
BUILD=${PT_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$top/$BUILD ;; esac

if [ ! -x "$BUILD/tests/test-ratio" ]; then
	echo "Bail out! $BUILD/tests/test-ratio is not built (run make)"
	exit 1
fi
cd "$top" || exit 1
exec "$BUILD/tests/test-ratio"
