#!/bin/sh
# What fuzzing found (make fuzz, fuzz/): every input in tests/data/fuzz/
# that made a harness crash, leak, hang or stop on undefined behaviour,
# replayed through the real tools, so the fix holds here and under
# ASan+UBSan (make test-asan):
#   mail/   a maildir holding the file, and the file itself, to mbox2tsv
#   mbox/   the file to mbox2tsv
#   tsv/    the file to patchtok and to ptcluster
#   patch/  the bytes made the diff of a one-row table, to patchtok
#   maint/  up to the first NUL a MAINTAINERS file, after it the paths
#           of a one-row patch table (and its changed lines), to ptmaint
# Each must end with status 0 or 1, never a signal, a hang or a
# sanitizer report, and a status of 1 comes with a message naming the
# tool.  Cases whose right output is known are checked after that.
# When the harnesses are built (build-fuzz/bin), they replay the files
# too, with their own checks.
. "$(dirname "$0")/lib.sh"

F=$DATA/fuzz
limit=20
[ -n "${PT_SAN:-}" ] && limit=120
cd "$T" || exit 1

# survive NAME TOOL ARGS...: the tool ends well on the input (see above).
survive() {
	name=$1
	shift
	timeout "$limit" "$@" >out 2>err
	rc=$?
	if [ "$rc" -eq 124 ]; then
		ok 1 "$name: no hang"
		return
	fi
	# 1: input named and skipped; 2: failed (a stream cut short ...).
	if [ "$rc" -gt 2 ] || grep -q 'Sanitizer\|runtime error' err; then
		ok 1 "$name: no crash (exit $rc)"
		sed -n '1,8p' err | cut -c1-200 | sed 's/^/#   /'
		return
	fi
	if [ "$rc" -ge 1 ] && ! grep -q "^$1: ." err; then
		ok 1 "$name: exit $rc says why on stderr"
		sed -n '1,4p' err | sed 's/^/#   /'
		return
	fi
	ok 0 "$name: exit $rc, no crash"
}

# table FILE: a table of one row whose diff is FILE's bytes, escaped as
# mbox2tsv writes a field (NUL, which no field may hold, as U+FFFD).
table() {
	printf 'id\tdate\tfrom_addr\ttype\ttitle\tmessage\tdiff\n'
	printf 'fuzz@example.org\t2020-01-01T00:00:00Z\ta@example.org\tpatch\tfuzz\t\t'
	perl -0777 -pe 's/\\/\\\\/g; s/\t/\\t/g; s/\n/\\n/g; s/\r/\\r/g; s/\0/\xef\xbf\xbd/g' "$1"
	printf '\n'
}

n=0
for f in "$F"/mail/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	b=${f##*/}
	rm -rf md
	mkdir -p md/cur md/new md/tmp
	cp "$f" md/cur/1
	survive "mail/$b as a maildir" mbox2tsv md
	survive "mail/$b as a file" mbox2tsv "$f"
done
for f in "$F"/mbox/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	survive "mbox/${f##*/}" mbox2tsv "$f"
done
for f in "$F"/tsv/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	survive "tsv/${f##*/} to patchtok" patchtok "$f"
	survive "tsv/${f##*/} to ptcluster" ptcluster "$f"
done
for f in "$F"/patch/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	table "$f" >p.tsv
	survive "patch/${f##*/}" patchtok p.tsv
done
for f in "$F"/maint/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	perl -0777 -ne '($m) = /^([^\0]*)/; print $m' "$f" >MAINTAINERS
	{
		printf 'id\tdate\tfiles\thunks\n'
		printf 'fuzz@example.org\t2020-01-01T00:00:00Z\t'
		perl -0777 -ne 'if (/\0(.*)$/s) { $p = $1; $p =~ s/\0//g;
		    $h = join "", map { "+$_\n" } split /\n/, $p;
		    for ($p, $h) { s/\\/\\\\/g; s/\t/\\t/g; s/\n/\\n/g; s/\r/\\r/g }
		    print "$p\t$h" } else { print "\t" }' "$f"
		printf '\n'
	} >p.tsv
	survive "maint/${f##*/}" ptmaint -f MAINTAINERS p.tsv
done
[ "$n" -gt 0 ]
ok $? "tests/data/fuzz holds inputs ($n)"

# Known answers.
# A mail without From or Message-ID: empty fields, a synthetic id
# (empty fields came as NULL + 0, which clang's UBSan stops on).
mbox2tsv -q "$F/mbox/no-from-no-id" >out 2>err
is "no From, no id: exit 0" 0 $?
is "no From, no id: one row" 1 "$(rows out)"
sed -n 2p out | cut -f1 | grep -q '^synthetic-[0-9a-f]*@mbox2tsv.invalid$'
ok $? "no From, no id: a synthetic id"
is "no From, no id: empty author, the subject" "||(a)" \
    "$(sed -n 2p out | cut -f3-5 | tr '\t' '|')"
# A hunk that only adds: the removed side is empty, the row is made.
table "$F/patch/add-only-hunk" >p.tsv
patchtok -q p.tsv >out 2>err
is "add-only hunk: exit 0" 0 $?
is "add-only hunk: files, added, removed" 'ERS\nS|2|0' \
    "$(sed -n 2p out | cut -f8-10 | tr '\t' '|')"

# A patch in no section: no rows to sort (qsort of NULL, 0 before).
perl -0777 -ne '($m) = /^([^\0]*)/; print $m' "$F/maint/no-match" >MAINTAINERS
printf 'id\tdate\tfiles\na\t2020-01-01T00:00:00Z\ty/z.c\n' >p.tsv
ptmaint -q -f MAINTAINERS p.tsv >out 2>err
is "maint no-match: exit 0" 0 $?
is "maint no-match: one row, no section" 'a|MAINTAINERS|' "$(sed -n 2p out | cut -f1-3 | tr '\t' '|')"

# The harnesses themselves, when built, replay their findings.
FB=${PT_FUZZ_BUILD:-$top/build-fuzz}
for h in mail mbox tsv patch maint; do
	bin=$FB/bin/fuzz-$h
	if [ ! -x "$bin" ]; then
		skip "fuzz-$h not built (make fuzz)"
		continue
	fi
	set -- "$F/$h"/*
	if [ ! -f "$1" ]; then
		skip "no findings of fuzz-$h to replay"
		continue
	fi
	"$bin" -timeout=60 -rss_limit_mb=2048 -malloc_limit_mb=2048 "$@" >hout 2>&1
	rc=$?
	ok "$rc" "fuzz-$h replays its $# findings"
	[ "$rc" -eq 0 ] || grep -E '^==|ERROR|SUMMARY|runtime error' hout | head -5 | sed 's/^/#   /'
done

done_testing
