#!/bin/sh
# mbox2tsv reads a part of an archive: a public-inbox epoch's commits
# after one and up to another (--after, --upto), an mbox's bytes from
# one offset to another (--offset, --end), with the ids of the parts
# read before counted as met (--known).  The parts together are the
# whole, byte for byte; what is not a part is refused, naming the file.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox
MBOX=$top/sample/jailhouse-dev-2019.mbox.xz
EPOCH=$top/bench/make-epoch

# parts DESCRIPTION ARCHIVE WHOLE FIRST-OPTIONS SECOND-OPTIONS: the first
# part and the second (with -k the first's table) together are WHOLE.
parts() {
	mbox2tsv -q $4 "$2" >p1.tsv 2>p1.err
	r1=$?
	mbox2tsv -q -H -k p1.tsv $5 "$2" >p2.tsv 2>p2.err
	r2=$?
	is "$1: both parts exit 0" "0 0" "$r1 $r2"
	[ "$(rows p1.tsv)" -gt 0 ] && [ -s p2.tsv ]
	ok $? "$1: $(rows p1.tsv) + $(wc -l <p2.tsv | tr -d ' ') rows"
	cat p1.tsv p2.tsv >joined.tsv
	same "$1: the parts together are the whole, byte for byte" "$3" joined.tsv
}

# --- a public-inbox epoch -----------------------------------------------------
sh "$EPOCH" ep.git "$MBOX"
is "an epoch of the sample (bench/make-epoch)" 525 "$(git --git-dir=ep.git rev-list --count HEAD)"
mbox2tsv -q ep.git >whole.tsv
xz -dc "$MBOX" | mbox2tsv -q - | cut -f1-21 >mbox.cut
cut -f1-21 whole.tsv | cmp -s mbox.cut -
ok $? "the epoch reads as the mbox it was made of (but src)"
MID=$(git --git-dir=ep.git rev-parse HEAD~100)
parts "--upto, then --after" ep.git whole.tsv "--upto $MID" "--after $MID"
is "--after: the commits after it only" 100 "$(wc -l <p2.tsv | tr -d ' ')"
grep -q "	ep.git:$(git --git-dir=ep.git rev-parse HEAD~99)			\$" p2.tsv
ok $? "--after: src names the epoch and the commit"
mbox2tsv -q --after "$MID" --upto "$(git --git-dir=ep.git rev-parse HEAD~40)" ep.git >mid.tsv
is "--after and --upto: the commits between" 60 "$(rows mid.tsv)"
mbox2tsv -q --after "$(git --git-dir=ep.git rev-parse HEAD)" ep.git >none.tsv
is "--after the head: no row, exit 0" "0 0" "$(rows none.tsv) $?"

# A folder of two epochs: --after in the first, --upto in the second.
mkdir -p inbox/git
sh "$EPOCH" -n 300 inbox/git/0.git "$MBOX"
sh "$EPOCH" -s 300 inbox/git/1.git "$MBOX"
mbox2tsv -q inbox >inbox.tsv
cut -f1-21 inbox.tsv | cmp -s mbox.cut -
ok $? "a folder of two epochs reads as the mbox (but src)"
A=$(git --git-dir=inbox/git/0.git rev-parse HEAD~20)
parts "two epochs, --after in epoch 0" inbox inbox.tsv "--upto $A" "--after $A"
B=$(git --git-dir=inbox/git/1.git rev-parse HEAD~25)
parts "two epochs, --upto in epoch 1" inbox inbox.tsv "--upto $B" "--after $B"
mbox2tsv -q --after "$A" --upto "$B" inbox >ab.tsv
is "two epochs, --after in 0 and --upto in 1: the 20 + 200 mails between" 220 "$(rows ab.tsv)"

# The shared public-inbox epoch of linux-sparse.
if has_shared sparse/linux-sparse-0.bundle; then
	git clone -q --mirror "$SHARED/sparse/linux-sparse-0.bundle" sparse.git
	mbox2tsv -q sparse.git >sw.tsv
	S=$(git --git-dir=sparse.git rev-parse HEAD~100)
	parts "linux-sparse, all but the last 100 commits, then those" sparse.git sw.tsv "--upto $S" "--after $S"
else
	skip "no shared sparse/linux-sparse-0.bundle"
fi

# --- an mbox ------------------------------------------------------------------------
xz -dc "$MBOX" >all.mbox
mbox2tsv -q all.mbox >mwhole.tsv
n=$(grep -c '^From mboxrd@z' all.mbox)
at=$(grep -n '^From mboxrd@z' all.mbox | sed -n "$((n - 100))p" | cut -d: -f1)
off=$(head -n $((at - 1)) all.mbox | wc -c)
parts "--end, then --offset" all.mbox mwhole.tsv "--end $off" "--offset $off"
is "--offset: the mails from it" 101 "$(wc -l <p2.tsv | tr -d ' ')"
grep -q "			$T/all.mbox:$off			\$" p2.tsv || grep -q "	all.mbox:$off			\$" p2.tsv
ok $? "--offset: src keeps the whole file's offsets"
at2=$(grep -n '^From mboxrd@z' all.mbox | sed -n "$((n - 50))p" | cut -d: -f1)
end=$(head -n $((at2 - 1)) all.mbox | wc -c)
mbox2tsv -q --offset "$off" --end "$end" all.mbox >oe.tsv
is "--offset and --end: the mails between" 50 "$(rows oe.tsv)"

# --known: a mail whose id a part read before holds is flagged dupid.
first=$(grep -n '^From mboxrd@z' all.mbox | sed -n 2p | cut -d: -f1)
head -n $((first - 1)) all.mbox >one.mbox
cat all.mbox one.mbox >dup.mbox
mbox2tsv -q dup.mbox >dwhole.tsv
dup=$(wc -c <all.mbox)
[ "$(tail -1 dwhole.tsv | cut -f16 | grep -c dupid)" = 1 ]
ok $? "an mbox whose last mail repeats its first: the last flagged dupid"
parts "--known: a repeated id across parts" dup.mbox dwhole.tsv "--end $dup" "--offset $dup"
mbox2tsv -q -H --offset "$dup" dup.mbox >nok.tsv
cut -f16 nok.tsv | grep -q dupid
[ $? -eq 1 ]
ok $? "without --known the repeat is not seen"

# --- a maildir: --offset and --end count files (cur/, then new/) ------------------
mkdir -p md/cur md/new
awk '/^From mboxrd@z/ { if (f) close(f); n++
	f = sprintf("md/%s/%06d.h:2,S", n <= 300 ? "cur" : "new", n); next }
	{ sub(/^>From /, "From "); print > f }' all.mbox
mbox2tsv -q md >mdwhole.tsv
parts "a maildir, --end 350, then --offset 350" md mdwhole.tsv "--end 350" "--offset 350"
is "a maildir, --offset 350: the files from the 351st" 175 "$(wc -l <p2.tsv | tr -d ' ')"
parts "a maildir, --end 100, then --offset 100 (within cur/)" md mdwhole.tsv "--end 100" "--offset 100"
run mbox2tsv -q --offset 600 md
is "a maildir, --offset past its files: exit 2" 2 "$rc"
grep -q 'md: --offset 600 is past the end (525 files)' "$T/err"
ok $? "a maildir, --offset past its files: said why"

# --- what is refused ----------------------------------------------------------------
refused() {
	desc=$1 pat=$2
	shift 2
	run mbox2tsv -q "$@"
	is "$desc: exit 2" 2 "$rc"
	grep -q -- "$pat" "$T/err"
	ok $? "$desc: said why"
}
refused "--after a commit the epoch lacks" "ep.git: --after 0123456789012345678901234567890123456789: no such commit" \
	--after 0123456789012345678901234567890123456789 ep.git
refused "--after that is no commit id" "--after xyz: not a commit id" --after xyz ep.git
refused "--upto a commit the epoch lacks" "ep.git: --upto 0123456789012345678901234567890123456789: no such commit" \
	--upto 0123456789012345678901234567890123456789 ep.git
refused "--after on an mbox" "all.mbox: --after and --upto are for a public-inbox archive" --after "$MID" all.mbox
refused "--offset on an epoch" "ep.git: --offset and --end are for an mbox or a maildir" --offset 10 ep.git
refused "--offset inside a line" "all.mbox: --offset 3 is not the start of a line" --offset 3 all.mbox
refused "--offset past the end" "is past the end" --offset 999999999 all.mbox
refused "--end inside a line" "--end 3 is not the start of a line" --end 3 all.mbox
refused "--end before --offset" "--end 5 is before --offset 10" --offset 10 --end 5 all.mbox
refused "--offset that is no number" "--offset x: not a byte offset" --offset x all.mbox
refused "--after with two archives" "take one archive" --after "$MID" ep.git ep.git
refused "--known naming no table" "no-such.tsv" -k no-such.tsv all.mbox
run mbox2tsv -h
grep -q -- '--after COMMIT' "$T/out" && grep -q -- '--upto COMMIT' "$T/out" &&
	grep -q -- '--offset N' "$T/out" && grep -q -- '--end N' "$T/out" && grep -q -- '--known TABLE' "$T/out"
ok $? "-h names --after, --upto, --offset, --end and --known"

done_testing
