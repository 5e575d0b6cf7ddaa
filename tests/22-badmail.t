#!/bin/sh
# mbox2tsv survives every file of the shared corpus of odd and broken
# mail (../shared/data/badmail): no crash, no hang, no sanitizer report,
# and every mail is a row or a line on stderr, in any order.
. "$(dirname "$0")/lib.sh"

B=$SHARED/badmail
if [ ! -d "$B" ]; then
	skip "badmail corpus not found in $SHARED"
	done_testing
fi
cd "$T" || exit 1

limit=20
[ -n "${PT_SAN:-}" ] && limit=120
find "$B" -type f ! -name MANIFEST.tsv | LC_ALL=C sort >files
nfiles=$(wc -l <files)

# Under the sanitizers the files go 40 to a call (the normal pass reads
# each alone): a sanitized start of gmime is most of what a file costs
# there, and every file is still read, checked and counted.
if [ -n "${PT_SAN:-}" ]; then
	split -l 40 files batch.
	ls batch.* >units
	limit=$((limit * 4))
else
	cp files units
fi

crashes=0 hangs=0 unbalanced=0
while read -r f; do
	if [ -n "${PT_SAN:-}" ]; then
		set -- $(cat "$f")
	else
		set -- "$f"
	fi
	timeout "$limit" mbox2tsv -v "$@" >o.tsv 2>e.txt
	rc=$?
	if [ "$rc" -eq 124 ]; then
		hangs=$((hangs + 1))
		diag "hang: $f"
		continue
	fi
	if [ "$rc" -gt 1 ] || grep -q 'Sanitizer\|runtime error' e.txt; then
		crashes=$((crashes + 1))
		diag "crash ($rc): $f"
		sed -n '1,5p' e.txt | sed 's/^/#   /'
		continue
	fi
	# "N mails, R rows, S skipped": R is what we wrote, N = R + S.
	set -- $(sed -n 's/^mbox2tsv: \([0-9]*\) mails, \([0-9]*\) rows, \([0-9]*\) skipped$/\1 \2 \3/p' e.txt)
	skipped=$(grep -c 'mail skipped' e.txt)
	if [ $# -ne 3 ] || [ "$1" -ne $(($2 + $3)) ] || [ "$2" -ne "$(rows o.tsv)" ] ||
	    [ "$3" -ne "$skipped" ]; then
		unbalanced=$((unbalanced + 1))
		diag "counts do not add up: $f"
	fi
done <units
is "no crash on any of the $nfiles files, one by one (sanitizers: 40 a call)" 0 "$crashes"
is "no hang on any file" 0 "$hangs"
is "mails = rows + named skips, for every file" 0 "$unbalanced"

# All at once, in two orders: the same rows (but src, and the flags:
# dupid marks the later copy).
IFS='
'
mbox2tsv $(cat files) >all.tsv 2>all.err
rc=$?
crashed "$rc"
ok $((! $?)) "all files in one call: no crash (exit $rc)"
mbox2tsv $(LC_ALL=C sort -r files) >rev.tsv 2>rev.err
norm() {
	sed 1d "$1" | cut -f1-15,17-20,22 | LC_ALL=C sort
}
norm all.tsv >a
norm rev.tsv >b
same "reversed file order: the same rows" a b
is "reversed file order: the same summary" "$(tail -1 all.err)" "$(tail -1 rev.err)"

# Each mail of the real-archive samples is exactly one row.
ls "$B"/real/*/*.eml >eml
n=$(wc -l <eml)
mbox2tsv -q $(cat eml) >real.tsv
is "real/: $n mails, $n rows" "$n" "$(rows real.tsv)"

done_testing
