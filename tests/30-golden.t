#!/bin/sh
# Golden tests: each folder tests/golden/TOOL/CASE holds
#   cmd      one shell command line, run inside the folder
#   in       its standard input (optional; else /dev/null)
#   out err  the expected standard output and standard error
#   status   the expected exit status
# The tools are on PATH.  Goldens change only on purpose: regenerate
# with scripts/golden-update and review the diff.
. "$(dirname "$0")/lib.sh"

for dir in "$top"/tests/golden/*/*/; do
	[ -f "$dir/cmd" ] || continue
	name=${dir%/}
	name=${name#"$top"/tests/golden/}
	input=/dev/null
	[ -f "$dir/in" ] && input=$dir/in
	(cd "$dir" && sh ./cmd <"$input" >"$T/out" 2>"$T/err")
	echo $? >"$T/status"
	same "$name: stdout" "$dir/out" "$T/out"
	same "$name: stderr" "$dir/err" "$T/err"
	same "$name: exit status" "$dir/status" "$T/status"
done

done_testing
