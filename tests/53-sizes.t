#!/bin/sh
# 53-sizes.t - the house's limits: no C file outside tests/ over 1,000
# lines and no function over 150 (scripts/sizes), so that each file
# holds one job and each function can be read at once.  Then the check
# itself: a file and a function made too long are both named.
. "$(dirname "$0")/lib.sh"

out=$(sh "$top/scripts/sizes" 2>&1)
rc=$?
is "scripts/sizes: every C file and function within the limits" "0|" "$rc|$out"

# The checker can fail: a copy of the tree with one file grown past
# both limits.
cd "$T" || exit 1
git init -q house && cd house || exit 1
mkdir -p scripts tool
cp "$top/scripts/sizes" scripts/
{
	echo 'static int'
	echo 'long_one(void)'
	echo '{'
	i=0
	while [ $i -lt 160 ]; do echo '	(void)0;'; i=$((i + 1)); done
	echo '	return 0;'
	echo '}'
	i=0
	while [ $i -lt 900 ]; do echo "int v$i;"; i=$((i + 1)); done
} >tool/big.c
git add -A
out=$(sh scripts/sizes)
is "a grown file: exit 1" 1 "$?"
echo "$out" | grep -qx 'tool/big.c 1065'
ok $? "the file over 1,000 lines is named with its length ($out)"
echo "$out" | grep -qx 'tool/big.c:2 long_one 163'
ok $? "the function over 150 lines is named with its line and length"
done_testing
