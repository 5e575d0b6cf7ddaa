#!/bin/sh
# mbox2tsv's threads (-j): the same bytes on stdout and stderr, and the
# same status, whatever the number of threads making rows: the bundled
# sample, every file of the badmail corpus in one call (mails skipped
# by the parser and by the splitter, their messages among the rows),
# the same archive twice (dupid marks the later copy), an archive cut
# short, a public-inbox epoch and, where shared data is there, the
# three real archives (more mails than the ring of 256 holds); and a
# big plain mboxrd file, read by processes each a range of it.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
S=$top/sample/jailhouse-dev-2019.mbox.xz

# threads NAME ARG...: -j1 against -j$JS (default 2 and 4), stdout,
# stderr, status.
JS="2 4"
threads() {
	name=$1
	shift
	mbox2tsv -j1 "$@" >one.out 2>one.err
	r1=$?
	for j in $JS; do
		mbox2tsv -j$j "$@" >many.out 2>many.err
		rj=$?
		cmp -s one.out many.out && cmp -s one.err many.err && [ "$r1" -eq "$rj" ]
		ok $? "$name: -j$j writes the bytes and status of -j1 ($r1)"
		if ! cmp -s one.err many.err; then
			diff one.err many.err | head -5 | sed 's/^/# /'
		fi
	done
}

threads "sample" "$S"
[ "$(rows one.out)" -ge 500 ]
ok $? "sample: $(rows one.out) rows"

xz -dc "$S" >s.mbox
threads "sample twice (dupid)" s.mbox s.mbox
n=$(grep -c 'dupid' one.out)
[ "$n" -ge "$(rows many.out)" ] || [ "$n" -ge 500 ]
ok $? "sample twice: the second copy's rows are flagged dupid ($n)"
first=$(sed -n 2p one.out | cut -f16)
case ",$first," in *,dupid,*) ok 1 "sample twice: the first row is not dupid ($first)" ;;
*) ok 0 "sample twice: the first row is not dupid" ;; esac

# An xz archive cut short: the same complaint, naming it, and status.
head -c 60000 "$S" >cut.mbox.xz
threads "an xz archive cut short" cut.mbox.xz
[ "$r1" -ne 0 ] && grep -q 'cut.mbox.xz' one.err
ok $? "an xz archive cut short: it fails ($r1), named"

# What the splitter skips (text before the first From_ line) between
# rows the threads make: the messages stay in input order.
xz -dc "$S" | awk '/^From mboxrd@z/ { n++ } n <= 40' >part.mbox
{ printf 'this is no header\n\n'; cat part.mbox; } >junk1.mbox
{ printf 'nor is this\n\n'; cat part.mbox; } >junk2.mbox
threads "skipped text among rows" part.mbox junk1.mbox part.mbox junk2.mbox
[ "$(grep -c 'mail skipped' one.err)" -eq 2 ] &&
    [ "$(grep 'mail skipped' one.err | head -1 | cut -d: -f2 | tr -d ' ')" = junk1.mbox ]
ok $? "skipped text among rows: both named, in input order"

B=$SHARED/badmail
if [ -d "$B" ]; then
	find "$B" -type f ! -name MANIFEST.tsv | LC_ALL=C sort >files
	IFS='
'
	set -- $(cat files)
	unset IFS
	threads "badmail, every file in one call" "$@"
	[ -s one.err ] && grep -q 'mail skipped' one.err
	ok $? "badmail: mails were skipped and named ($(grep -c 'mail skipped' one.err))"
else
	skip "badmail corpus not found in $SHARED"
	skip "badmail corpus not found in $SHARED"
	skip "badmail corpus not found in $SHARED"
fi

if has_shared sparse/linux-sparse-0.bundle; then
	mkdir -p inbox/git
	git clone -q --mirror "$SHARED/sparse/linux-sparse-0.bundle" inbox/git/0.git 2>/dev/null
	threads "public-inbox (sparse)" inbox
else
	skip "no shared sparse epoch"
	skip "no shared sparse epoch"
fi

# The real archives (-j3: more threads than this machine's cores),
# under the sanitizers only the smallest.
JS=3
for a in jailhouse/jailhouse-dev sparse/linux-sparse erofs/linux-erofs; do
	if [ -n "${PT_SAN:-}" ] && [ "$a" != sparse/linux-sparse ]; then
		skip "$a: left to the normal pass (sanitizers)"
		continue
	fi
	if has_shared "$a.mbox.xz"; then
		threads "$a" "$SHARED/$a.mbox.xz"
	else
		skip "no shared $a"
	fi
done

# A big plain mboxrd file is read by -j processes, each a range of it
# cut at a mail boundary (processes.c): the same bytes, messages and status
# as one process; dupid across the ranges (the sample's first mails
# again at the end), the counts of -v, --offset/--end and --known
# inside the file, no scratch file left in $TMPDIR, and the threads
# when $TMPDIR cannot take one.
if has_shared sparse/linux-sparse.mbox.xz; then
	xz -dc "$SHARED/sparse/linux-sparse.mbox.xz" >big.mbox
	{ cat big.mbox; awk '/^From mboxrd@z/ { n++ } n <= 30' big.mbox; } >again.mbox
	mkdir -p scratch
	JS="2 3"
	[ -n "${PT_SAN:-}" ] && JS=3
	TMPDIR=$PWD/scratch threads "a plain mboxrd file in ranges" big.mbox
	[ -z "$(ls scratch)" ]
	ok $? "ranges: no scratch file left in \$TMPDIR"
	TMPDIR=$PWD/scratch threads "ranges, its first mails again at the end (dupid)" again.mbox
	[ "$(grep -c dupid many.out)" -ge 30 ] && [ "$(grep -c dupid many.out)" -eq "$(grep -c dupid one.out)" ] &&
	    [ "$(grep -c dupid many.out)" -gt "$(mbox2tsv -q big.mbox | grep -c dupid)" ]
	ok $? "ranges: the mails again in the last range are dupid ($(grep -c dupid many.out))"
	mbox2tsv -v -j1 again.mbox 2>one.err >/dev/null
	TMPDIR=$PWD/scratch mbox2tsv -v -j3 again.mbox 2>many.err >/dev/null
	# More chunks than processes (each takes the next when done), at
	# least 2 MB each: the sparse archive's 28 MB in 12.
	is "ranges: -v says so, then counts every chunk's mails" \
	    "mbox2tsv: again.mbox: read in 12 chunks by 3 processes
$(cat one.err)" "$(cat many.err)"
	# Under the sanitizers, the code of ranges ran above; the rest is
	# the same code on other bytes, left to the normal pass.
	if [ -n "${PT_SAN:-}" ]; then
		skip "ranges inside --offset/--end, after --known, without scratch files: left to the normal pass (sanitizers)"
	else
		size=$(wc -c <big.mbox)
		off=$(grep -b '^From mboxrd@z' big.mbox | awk -F: -v s="$size" '$1 > s / 5 { print $1; exit }')
		end=$(grep -b '^From mboxrd@z' big.mbox | awk -F: -v s="$size" '$1 > s * 4 / 5 { print $1; exit }')
		threads "ranges inside --offset $off --end $end" -O "$off" -E "$end" big.mbox
		mbox2tsv -q -E "$off" big.mbox >head.tsv
		threads "ranges after --known" -k head.tsv again.mbox
		JS=2
		TMPDIR=/nonexistent/scratch threads "no scratch file: threads" big.mbox
		TMPDIR=/nonexistent/scratch mbox2tsv -v -j2 big.mbox 2>many.err >/dev/null
		! grep -q 'read in .* chunks' many.err
		ok $? "no scratch file: not in ranges"
	fi
	# A process reading chunks dies (SIGKILL, through
	# tests/unit/killchild.c, as the kernel kills one for memory): in
	# the middle of a chunk, the rows it wrote are written, the chunk's
	# bytes named, the rest read; after a chunk's rows but before it
	# said so, every row is there.  Either way exit 2: the table is not
	# to be used.  Under ASan the preloaded library comes before its
	# runtime: the order is not checked.
	if [ -f "$TBIN/killchild.so" ]; then
		mbox2tsv -q -j1 big.mbox | cut -f1 >all.ids
		TMPDIR=$PWD/scratch run env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		    LD_PRELOAD="$TBIN/killchild.so" PT_KILLCHILD_READ=5 mbox2tsv -q -j2 big.mbox
		is "a reading process killed in a chunk: exit 2" 2 "$rc"
		grep -q "^mbox2tsv: big.mbox: bytes [0-9]* to [0-9]*: the process reading them failed after [0-9]* mails (their rows are written; the rest of those bytes is not read)\$" "$T/err" &&
		    grep -q "^mbox2tsv: big.mbox: a process reading it failed (signal 9)\$" "$T/err"
		ok $? "a reading process killed in a chunk: its bytes named, and the signal"
		n=$(rows "$T/out")
		grep -q "^mbox2tsv: $n mails, $n rows, 0 skipped\$" "$T/err"
		ok $? "a reading process killed in a chunk: the mails counted are the rows written ($n)"
		cut -f1 "$T/out" | sed 1d >some.ids
		[ "$n" -lt "$(wc -l <all.ids)" ] && [ "$n" -gt 0 ] &&
		    [ -z "$(sort some.ids | comm -23 - "$(sort all.ids >all.sorted; echo all.sorted)")" ]
		ok $? "a reading process killed in a chunk: the rows written are rows of the file, some missing"
		TMPDIR=$PWD/scratch run env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		    LD_PRELOAD="$TBIN/killchild.so" PT_KILLCHILD_AT=1 mbox2tsv -q -j2 big.mbox
		is "a reading process killed before it said a chunk done: exit 2" 2 "$rc"
		grep -q "^mbox2tsv: big.mbox: a process reading it failed (signal 9)\$" "$T/err"
		ok $? "a reading process killed before it said a chunk done: the signal named"
		mbox2tsv -q -j1 big.mbox >all.tsv
		same "a reading process killed before it said a chunk done: every row written" all.tsv "$T/out"
		[ -z "$(ls scratch)" ]
		ok $? "a reading process killed: no scratch file left in \$TMPDIR"
	else
		for k in 1 2 3 4 5 6 7 8; do
			skip "no $TBIN/killchild.so: a reading process that dies is not tried"
		done
	fi
else
	for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21; do
		skip "no shared sparse mbox: the ranges of a big file"
	done
fi

# -j is a number of threads.
run mbox2tsv -j0 "$S"
[ "$rc" -eq 2 ] && grep -q -- '--jobs 0' "$T/err"
ok $? "-j0: a usage error, named"

done_testing
