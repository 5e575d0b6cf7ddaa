#!/bin/sh
# patchsim: the method's arithmetic on small tables written here (checked
# against numbers worked out by hand, and against a plain re-computation
# in Python: token sort, dynamic-programming LCS, the whole-file fdiff
# and the metadata evidence), the dlr gate, weight, threshold, window,
# how candidates are found (files, hash, upstream, links, never without
# one), fdiff (the license-header case), the evidence written into via
# (date, title, version, and one person's messages 0.8 alike under
# another title: each with a control that flips it; --window with evidence),
# --self, threads and shards, bad input and the command line; then mails
# against commits of the shared jailhouse data beside PaStA's published
# result.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
export PYTHONIOENCODING=utf-8
have_py=0
command -v python3 >/dev/null 2>&1 && have_py=1

# A patchtok table, by hand: hdr, then one row per call of
#   row ID DATE FILES ADDED REMOVED HASH UPSTREAM LINKS MSG HUNKS
# (fields already escaped: \n and \t as patchtrack-tsv(5) writes them).
# Every row is a mail by an author and under a title of its own (after
# its id), so none are versions of one patch by their
# metadata (via version), and these tests see the content alone.  The
# evidence has its own tables below (ehdr, erow).
hdr() {
	printf 'id\tkind\tdate\tauthor\ttype\tlist\ttitle\tfiles\tadded\tremoved\thash\tupstream\tlinks\tmsg\thunks\n'
}
row() {
	printf '%s\tmail\t%s\tauthor-of-%s@example.com\tpatch\tl\ttitle of %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
	    "$1" "$2" "$1" "$1" "$3" "$4" "$5" "$6" "$7" "$8" "$9" "${10}"
}

# close4 WANT GOT: the same pairs (ids and via) in the same order, and
# msg diff dlr score fdiff equal to four decimals; differences as
# comments.  Columns: left right msg diff dlr score fdiff via.
close4() {
	awk -F'\t' 'FILENAME == ARGV[1] { a[++n] = $0; next }
	{
		m++
		split(a[FNR], x, "\t")
		bad = x[1] != $1 || x[2] != $2 || x[8] != $8 || NF != 8
		for (k = 3; k <= 7; k++) {
			d = x[k] - $k
			if (d < 0) d = -d
			if (d >= 0.00005 || $k !~ /^[0-9.]+$/) bad = 1
		}
		if (bad) { print "# want: " a[FNR]; print "#  got: " $0; nbad++ }
	}
	END {
		if (m != n) { print "# " n + 0 " rows wanted, " m + 0 " got"; nbad++ }
		exit nbad > 0
	}' "$1" "$2" >"$T/close4.txt"
	c4=$?
	head -20 "$T/close4.txt"
	return "$c4"
}

# over50: the rows of patchsim's output written at -F 0.5, from -F 0;
# a score printed as 0.500000 may be a hair below, so those go.  Pairs
# found by more than files (hash, evidence ...) are written at any -m.
over50() {
	awk -F'\t' 'NR == 1 || $8 != "files" || $6 >= 0.5 && $6 != "0.500000"'
}

# pair LEFT RIGHT FILE: the row of that pair in patchsim's output.
pair() {
	awk -F'\t' -v l="$1" -v r="$2" '$1 == l && $2 == r' "$3"
}

# --- command line -------------------------------------------------------
hdr >one.tok
row X 2020-01-01T00:00:00Z 'x.c' 1 0 hx '' '' 'x' 'F x.c\tx.c\n@ \n+x\n' >>one.tok
run patchsim --help
is "--help exits 0" 0 "$rc"
grep -q '^usage: patchsim' "$T/out"
ok $? "--help prints the usage on stdout"
run patchsim --no-such-option one.tok one.tok
is "an unknown option exits 2" 2 "$rc"
grep -q '^usage: patchsim' "$T/err"
ok $? "an unknown option prints the usage on stderr"
run patchsim -V
grep -q '^patchsim (patchtrack) ' "$T/out"
ok $? "--version"
for bad in "-w 1.5" "-w abc" "-w -0.1" "-d 2" "-F x" "--shard 0/3" "--shard 4/3" \
    "--shard 3" "-j 0" "--window -1" "--heading-ratio 1.1" "-m 0.5" "-W 3" "-s 1/2"; do
	run patchsim $bad one.tok one.tok
	is "usage error: $bad exits 2" 2 "$rc"
	[ ! -s "$T/out" ]
	ok $? "usage error: $bad writes nothing on stdout"
done
run patchsim one.tok
is "one table without --self exits 2" 2 "$rc"
grep -q 'two tables are needed' "$T/err"
ok $? "one table without --self: said on stderr"
run patchsim --self one.tok one.tok
is "--self with two tables exits 2" 2 "$rc"
run patchsim one.tok "$T/missing.tok"
is "a missing table exits 2" 2 "$rc"
grep -q 'missing.tok' "$T/err"
ok $? "a missing table is named on stderr"
cut -f1-14 one.tok >nohunks.tok
run patchsim one.tok nohunks.tok
is "a table without hunks exits 2" 2 "$rc"
grep -q "nohunks.tok: missing column 'hunks'" "$T/err"
ok $? "a table without hunks: the column is named"
run patchsim /dev/null /dev/null
is "empty tables: exit 0" 0 "$rc"
printf 'left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n' >hdr.want
same "empty tables: the header only" hdr.want "$T/out"
is "quiet on success: nothing on stderr" "" "$(cat "$T/err")"
run patchsim -v /dev/null /dev/null
grep -q '^patchsim: 0 x 0 patches: 0 candidate pairs' "$T/err"
ok $? "-v: the summary line on stderr"
run patchsim -q -H one.tok one.tok
[ ! -s "$T/out" ] && [ ! -s "$T/err" ]
ok $? "-q -H: no summary, no header (and a row is no pair with itself)"

# Bad hunks: from a plain file they are checked by the loading threads
# and read again when a pair needs them; from a pipe or a compressed
# file they are held.  Either way a row whose hunks are bad is named
# (file:line, the column, what is wrong) and left out, the others
# scored, exit 1; and the two ways give the same bytes.
hdr >hk.tok
row A 2020-01-01T00:00:00Z 'x.c' 2 0 ha '' '' 'alpha' 'F x.c\tx.c\n@ \n+int a;\n+int b;\n' >>hk.tok
row B 2020-01-02T00:00:00Z 'x.c' 2 0 hb '' '' 'alpha' 'F x.c\tx.c\n@ \n+int a;\n+int c;\n' >>hk.tok
row C 2020-01-03T00:00:00Z 'x.c' 2 0 hc '' '' 'alpha' 'F x.c\tx.c\n@ \n+int a;\n+int b;\n' >>hk.tok

# An empty hash is no key: rows without one (a table another stage made)
# are not each other's candidates; each was paired with every other
# "via hash" before.
hdr >nohash.tok
row P 2020-01-01T00:00:00Z 'p.c' 1 0 '' '' '' 'p' 'F p.c\tp.c\n@ \n+p\n' >>nohash.tok
row Q 2020-01-02T00:00:00Z 'q.c' 1 0 '' '' '' 'q' 'F q.c\tq.c\n@ \n+q\n' >>nohash.tok
row R 2020-01-03T00:00:00Z 'r.c' 1 0 '' '' '' 'r' 'F r.c\tr.c\n@ \n+r\n' >>nohash.tok
run patchsim -v --self nohash.tok
is "rows without a hash, sharing no file, --self: no pair" "" "$(sed 1d "$T/out")"
grep -q '^patchsim: 3 x 3 patches: 3 candidate pairs' "$T/err"
ok $? "rows without a hash, --self: each row's own file only"
run patchsim -v nohash.tok nohash.tok
is "rows without a hash, sharing no file, left x right: no pair" "" "$(sed 1d "$T/out")"
grep -q '^patchsim: 3 x 3 patches: 3 candidate pairs' "$T/err"
ok $? "rows without a hash, left x right: each row's own file only"
for k in lone escape latin1 kind; do
	case $k in
	lone) tail='\'; want="column 'hunks': invalid escape '\\'" ;;
	escape) tail='\q'; want="column 'hunks': invalid escape '\\q'" ;;
	latin1) tail=$(printf 'caf\351'); want="column 'hunks': invalid UTF-8" ;;
	kind) tail='\n*x'; want="column 'hunks': a line that is not F, @, - or +" ;;
	esac
	# (through the environment: awk -v would read the backslashes)
	t=$tail awk -F'\t' -v OFS='\t' 'NR == 3 { $15 = $15 ENVIRON["t"] } 1' hk.tok >hk-$k.tok
	sed 3d hk.tok >hk-without.tok
	patchsim -q -F 0 hk-without.tok hk-without.tok >hk.want 2>/dev/null
	run patchsim -q -F 0 hk-$k.tok hk-$k.tok
	is "bad hunks ($k), a plain file: exit 1" 1 "$rc"
	grep -qxF "patchsim: hk-$k.tok:3: $want" "$T/err"
	ok $? "bad hunks ($k), a plain file: file:line and what is wrong"
	same "bad hunks ($k), a plain file: the other rows scored" hk.want "$T/out"
	cp "$T/err" hk.err
	gzip -c hk-$k.tok >hk-$k.tok.gz
	run patchsim -q -F 0 hk-$k.tok.gz hk-$k.tok.gz
	is "bad hunks ($k), compressed: exit 1" 1 "$rc"
	same "bad hunks ($k), compressed: the bytes of the plain file" hk.want "$T/out"
	sed "s/hk-$k.tok/hk-$k.tok.gz/g" hk.err >hk.errgz
	same "bad hunks ($k), compressed: the same messages" hk.errgz "$T/err"
	run sh -c "patchsim -q -F 0 --self - <hk-$k.tok"
	is "bad hunks ($k), --self on a pipe: exit 1" 1 "$rc"
	grep -qxF "patchsim: <stdin>:3: $want" "$T/err"
	ok $? "bad hunks ($k), --self on a pipe: <stdin>:line and what is wrong"
done

# A plain table cut short while patchsim reads its hunks again (pread
# finds its end, through tests/unit/shortread.c): named, exit 2, when it
# is checked as read (one row's hunks read, then none) and when a pair
# needs them (every row's read once, then none).  Under ASan the
# preloaded library comes before its runtime: the order is not checked.
if [ -f "$TBIN/shortread.so" ]; then
	run env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	    LD_PRELOAD="$TBIN/shortread.so" PT_SHORTREAD_AFTER=1 patchsim -q -j1 -F 0 hk.tok hk.tok
	is "a table cut short as its hunks are checked: exit 2" 2 "$rc"
	grep -q "^patchsim: hk.tok:3: column 'hunks': cannot be read again$" "$T/err" &&
	    grep -q "^patchsim: B: its hunks cannot be read again (the file is shorter): was the table changed?$" "$T/err"
	ok $? "a table cut short as its hunks are checked: the row and the file named"
	run env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	    LD_PRELOAD="$TBIN/shortread.so" PT_SHORTREAD_AFTER=3 patchsim -q -j1 -F 0 --self hk.tok
	is "a table cut short when a pair needs its hunks: exit 2" 2 "$rc"
	grep -q "^patchsim: [ABC]: its hunks cannot be read again (the file is shorter): was the table changed?$" "$T/err" &&
	    ! grep -q "column 'hunks'" "$T/err"
	ok $? "a table cut short when a pair needs its hunks: the row named (all three were checked)"
	run env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	    LD_PRELOAD="$TBIN/shortread.so" PT_SHORTREAD_AFTER=1000 patchsim -q -j1 -F 0 hk.tok hk.tok
	is "the stand-in letting every read through: exit 0" 0 "$rc"
	patchsim -q -j1 -F 0 hk.tok hk.tok >hk.all
	same "the stand-in letting every read through: the same pairs" hk.all "$T/out"
else
	skip "no $TBIN/shortread.so: a table cut short is not tried"
fi

# --- the arithmetic, by hand ----------------------------------------------
# L1 and R1 share x.c and y.c; L1 also touches z.c.
#   msg   "a b c" / "a b d": LCS 4 ("a b "), 2*4/(5+5) = 0.8
#   x.c   removed "abcd" / "abce": LCS 3, 6/8 = 0.75; added "xyz" both: 1;
#         the file: (0.75 + 1) / 2 = 0.875
#   y.c   removed "hello" / "help": LCS 3 ("hel"), 6/9 = 0.6667; added only
#         on the left: not compared; the file: 0.6667
#   z.c   only on the left: costs nothing
#   diff  (0.875 + 0.6667) / 2 = 0.7708
#   dlr   (1 + 2) / (2 + 3) = 0.6
#   score 0.3 * 0.8 + 0.7 * 0.7708 = 0.7796
# With --file-penalty z.c counts as 0: diff 1.5417 / 3 = 0.5139, score
# 0.24 + 0.3597 = 0.5997.  -w 0.5: 0.4 + 0.3854 = 0.7854.
#   fdiff the files both touch, every hunk's removed lines together and
#         every hunk's added lines together, token-sorted, compared word
#         by word (a word in common counts its letters, and one blank
#         between two such words), weighed by their length in letters:
#         x.c removed "abcd" / "abce": no word in common, 0, weight 8;
#             added "xyz" / "xyz": 1, weight 6;
#         y.c removed "hello" / "help": 0, weight 9; added "added left
#             only" (15) / nothing: 0, weight 15;
#         (6 * 1) / (8 + 6 + 9 + 15) = 6 / 38 = 0.1579; z.c is in one only.
#         No option changes it.
{
	hdr
	row L1 2020-01-01T00:00:00Z 'x.c\ny.c\nz.c' 2 3 h-l1 '' '' 'a b c' \
	    'F x.c\tx.c\n@ int f(void)\n-abcd\n+xyz\nF y.c\ty.c\n@ g\n-hello\n+only left added\nF z.c\tz.c\n@ \n-zzz\n'
} >l1.tok
{
	hdr
	row R1 2020-01-02T00:00:00Z 'x.c\ny.c' 1 2 h-r1 '' '' 'a b d' \
	    'F x.c\tx.c\n@ int f(void)\n-abce\n+xyz\nF y.c\ty.c\n@ g\n-help\n'
} >r1.tok
run patchsim -j1 l1.tok r1.tok
is "hand case: exit 0" 0 "$rc"
printf 'L1\tR1\t0.8000\t0.7708\t0.6000\t0.7796\t0.1579\tfiles\n' >want
sed 1d "$T/out" >got
close4 want got
ok $? "hand case: msg 0.8, diff 0.7708, dlr 0.6, score 0.7796, fdiff 0.1579, via files"
patchsim -q -H --file-penalty l1.tok r1.tok >got
printf 'L1\tR1\t0.8000\t0.5139\t0.6000\t0.5997\t0.1579\tfiles\n' >want
close4 want got
ok $? "--file-penalty: a file only on the left counts 0 (diff 0.5139)"
patchsim -q -H -w 0.5 l1.tok r1.tok >got
printf 'L1\tR1\t0.8000\t0.7708\t0.6000\t0.7854\t0.1579\tfiles\n' >want
close4 want got
ok $? "-w 0.5: score 0.5 * msg + 0.5 * diff = 0.7854"
patchsim -q -H -w 0 l1.tok r1.tok >got
printf 'L1\tR1\t0.8000\t0.7708\t0.6000\t0.7708\t0.1579\tfiles\n' >want
close4 want got
ok $? "-w 0: score = diff"
patchsim -q -H -w 1 l1.tok r1.tok >got
printf 'L1\tR1\t0.8000\t0.7708\t0.6000\t0.8000\t0.1579\tfiles\n' >want
close4 want got
ok $? "-w 1: score = msg"
is "-F 0.78: a pair scoring 0.7796 is left out" 0 "$(patchsim -q -H -F 0.78 l1.tok r1.tok | wc -l)"
is "-F 0.77: it is written" 1 "$(patchsim -q -H -F 0.77 l1.tok r1.tok | wc -l)"
for old in "-t" "--threshold" "--min-score"; do
	run patchsim -q -H $old 0.77 l1.tok r1.tok
	is "$old 0.77, the old spelling of -F: it is written" "0 1" "$rc $(wc -l <"$T/out")"
	grep -q "^patchsim: $old is now .*--floor" "$T/err"
	ok $? "$old: a note names --floor"
done
is "-d 0.61: dlr 0.6 is below, the pair scores 0 and goes" 0 \
	"$(patchsim -q -H -d 0.61 -F 0 l1.tok r1.tok | awk -F'\t' '$6 > 0' | wc -l)"
patchsim -q -H -d 0.61 -F 0 l1.tok r1.tok >got
printf 'L1\tR1\t0.0000\t0.0000\t0.6000\t0.0000\t0.1579\tfiles\n' >want
close4 want got
ok $? "-d 0.61 -F 0: a pair below the gate is written with its fdiff all the same"
patchsim -q -H l1.tok r1.tok >lr
patchsim -q -H r1.tok l1.tok >rl
is "left and right swapped: the same msg, dlr, fdiff" "$(cut -f3,5,7 lr)" "$(cut -f3,5,7 rl)"

# Hunk headings: "static int foo_probe(struct device *dev)" against
# "... foo_remove(...)" have a token-sort ratio of 0.9351 (method.md).
# By default they do not pair: diff 0, score 0.3 * 1.  fdiff does not
# look at headings: the file's lines are the same, 1.
{
	hdr
	row H1 2020-01-01T00:00:00Z 'h.c' 1 1 hh1 '' '' 'heading test' \
	    'F h.c\th.c\n@ static int foo_probe(struct device *dev)\n-old line\n+new line\n'
} >h1.tok
{
	hdr
	row H2 2020-01-01T00:00:00Z 'h.c' 1 1 hh2 '' '' 'heading test' \
	    'F h.c\th.c\n@ static int foo_remove(struct device *dev)\n-old line\n+new line\n'
} >h2.tok
patchsim -q -H -F 0 h1.tok h2.tok >got
printf 'H1\tH2\t1.0000\t0.0000\t1.0000\t0.3000\t1.0000\tfiles\n' >want
close4 want got
ok $? "other headings: the hunks do not pair (diff 0, score 0.3), the files are the same (fdiff 1)"
patchsim -q -H -F 0 --heading-ratio 0.93 h1.tok h2.tok >got
printf 'H1\tH2\t1.0000\t1.0000\t1.0000\t1.0000\t1.0000\tfiles\n' >want
close4 want got
ok $? "--heading-ratio 0.93: headings at 0.9351 pair"
patchsim -q -H -F 0 --heading-ratio 0.94 h1.tok h2.tok >got
printf 'H1\tH2\t1.0000\t0.0000\t1.0000\t0.3000\t1.0000\tfiles\n' >want
close4 want got
ok $? "--heading-ratio 0.94: they do not"

# --- the dlr gate, hashes --------------------------------------------------
# A/A2: dlr 2/10 = 0.2; B/B2: dlr 1/4 = 0.25 but the same hash; C/C3: the
# same hash, no file in common.
{
	hdr
	row A 2020-01-01T00:00:00Z 'd.c' 1 1 hA '' '' 'same words here' 'F d.c\td.c\n@ \n-x\n+y\n'
	row B 2020-01-01T00:00:00Z 'e.c' 1 0 hB '' '' 'same words here' 'F e.c\te.c\n@ \n+y\n'
	row C 2020-01-01T00:00:00Z 'f.c' 1 0 hC '' '' 'same words here' 'F f.c\tf.c\n@ \n+y\n'
} >g1.tok
{
	hdr
	row A2 2020-01-04T00:00:00Z 'd.c' 5 5 hA2 '' '' 'same words here' \
	    'F d.c\td.c\n@ \n-x\n-x\n-x\n-x\n-x\n+y\n+y\n+y\n+y\n+y\n'
	row B2 2020-03-01T00:00:00Z 'e.c' 4 0 hB '' '' 'same words here' 'F e.c\te.c\n@ \n+y\n+\n+\n+\n'
	row C3 2020-01-01T00:00:00Z 'h.c' 1 0 hC '' '' 'other' 'F h.c\th.c\n@ \n+y\n'
} >g2.tok
patchsim -q -H g1.tok g2.tok >g
is "below -d: a pair found by files only is not written" "" "$(pair A A2 g)"
is "below -d: a pair found by hash is written, scoring 0" "0.250000 0.000000 files,hash" \
	"$(pair B B2 g | cut -f5,6,8 | tr '\t' ' ')"
is "the same hash and no file in common: via hash, fdiff 0 (no file to compare)" "0.000000 hash" \
	"$(pair C C3 g | cut -f7,8 | tr '\t' ' ')"
# -d 0.2: A/A2 passes the gate; msg 1, diff: "x" against "x x x x x",
# 2*1/(1+9) = 0.2 for removed and added, score 0.3 + 0.14 = 0.44; fdiff
# word by word: one "x" in common, 2*1/(1+9) = 0.2 on each side.
patchsim -q -H -F 0 -d 0.2 g1.tok g2.tok >g
printf 'A\tA2\t1.0000\t0.2000\t0.2000\t0.4400\t0.2000\tfiles\n' >want
pair A A2 g >got
close4 want got
ok $? "-d 0.2: a dlr of exactly 0.2 passes and is scored (0.44)"
is "-d 0.2: B/B2 scores 1 now" "1.000000" "$(pair B B2 g | cut -f6)"
patchsim -q -H -F 0 g1.tok g2.tok >g
is "-F 0: below -d a pair scores 0" "0.200000 0.000000" "$(pair A A2 g | cut -f5,6 | tr '\t' ' ')"

# --- candidates need a shared file (or a hash, or a name) ----------------
{
	hdr
	row E1 2020-01-01T00:00:00Z 'e1.c' 1 1 hE1 '' '' 'identical message' 'F e1.c\te1.c\n@ \n-a\n+b\n'
} >e1.tok
{
	hdr
	row E2 2020-01-01T00:00:00Z 'e2.c' 1 1 hE2 '' '' 'identical message' 'F e2.c\te2.c\n@ \n-a\n+b\n'
} >e2.tok
run patchsim -v -F 0 e1.tok e2.tok
is "no file in common: never a pair, even at -F 0" 0 "$(rows "$T/out")"
grep -q ' 0 candidate pairs' "$T/err"
ok $? "no file in common: not even a candidate"

# --- upstream and links ---------------------------------------------------
U=0123456789abcdef0123456789abcdef01234567
S=cccccccccccccccccccccccccccccccccccccccc
{ hdr; row "$U" 2020-01-01T00:00:00Z 'p.c' 1 0 hp '' '' 'mainline' 'F p.c\tp.c\n@ \n+p\n'; } >main.tok
{ hdr; row "$S" 2020-03-01T00:00:00Z 'q.c' 1 0 hq "$U" '' 'stable' 'F q.c\tq.c\n@ \n+q\n'; } >stable.tok
patchsim -q -H -F 1 stable.tok main.tok >got
is "a commit naming its upstream commit pairs with it" "$S $U upstream" "$(cut -f1,2,8 got | tr '\t' ' ')"
{ cat stable.tok; sed 1d main.tok; } >sm.tok
{ cat main.tok; sed 1d stable.tok; } >ms.tok
is "--self, the backport first: paired via upstream" "$S $U upstream" \
	"$(patchsim -q -H -F 1 --self sm.tok | cut -f1,2,8 | tr '\t' ' ')"
is "--self, the upstream commit first: paired via upstream" "$U $S upstream" \
	"$(patchsim -q -H -F 1 --self ms.tok | cut -f1,2,8 | tr '\t' ' ')"

MID=20200102.1234-1-author@example.com
{ hdr; row "$MID" 2020-01-02T00:00:00Z 'm.c' 1 0 hm '' '' 'the mail' 'F m.c\tm.c\n@ \n+m\n'; } >lm.tok
{ hdr; row "$S" 2020-01-05T00:00:00Z 'n.c' 1 0 hn '' "$MID" 'the commit' 'F n.c\tn.c\n@ \n+n\n'; } >lc.tok
is "links: not a candidate without --links" 0 "$(patchsim -q -H -F 0 lm.tok lc.tok | wc -l)"
is "--links: a commit whose links name a mail pairs with it" "$MID $S link" \
	"$(patchsim -q -H -F 1 --links lm.tok lc.tok | cut -f1,2,8 | tr '\t' ' ')"
is "--links: the same with the commits on the left" "$S $MID link" \
	"$(patchsim -q -H -F 1 --links lc.tok lm.tok | cut -f1,2,8 | tr '\t' ' ')"

# The same from real tables: the fixture repository through git2tsv and
# patchtok, beside rows written for the commit and the mail it names.
if command -v git >/dev/null 2>&1 && sh "$DATA/repo/mkrepo.sh" repo.git 2>/dev/null; then
	git2tsv -q repo.git | patchtok -q >fx.tok
	logo=$(awk -F'\t' '$7 == "Add a logo" { print $1 }' fx.tok)
	calc=$(awk -F'\t' '$7 == "calc: name the difference" { print $1 }' fx.tok)
	is "fixture: the backport pairs with the upstream commit it names" "$logo $U upstream" \
		"$(patchsim -q -H -F 1 fx.tok main.tok | cut -f1,2,8 | tr '\t' ' ')"
	is "fixture: --links pairs the commit with the mail its Link: names" "$MID $calc link" \
		"$(patchsim -q -H -F 1 --links lm.tok fx.tok | cut -f1,2,8 | tr '\t' ' ')"
else
	skip "git or the fixture repository is not available"
fi

# --- --self and the window -----------------------------------------------
{
	hdr
	for k in 1 2 3 4; do
		row "S$k" "2020-01-0${k}T00:00:00Z" 's.c' 1 1 "hs$k" '' '' "self test $k" \
		    "F s.c\\ts.c\\n@ \\n-line $k\\n+line $k b\\n"
	done
} >self.tok
patchsim -q -H -F 0 --self self.tok >got
is "--self: each unordered pair of 4 once" "S1 S2,S1 S3,S1 S4,S2 S3,S2 S4,S3 S4" \
	"$(cut -f1,2 got | tr '\t\n' ' ,' | sed 's/,$//')"
# A mail twice (mbox2tsv keeps both copies, with one id): no pair.
{ cat self.tok; sed -n 2p self.tok; } >dup.tok
patchsim -q -H -F 0 --self dup.tok >got
is "--self: never a row with left = right" 0 "$(awk -F'\t' '$1 == $2' got | wc -l)"
patchsim -q -H -F 0 dup.tok dup.tok >got
is "a table against itself: never a row with left = right" 0 "$(awk -F'\t' '$1 == $2' got | wc -l)"

# W1 (Jan 1) against W2 (4 days later), W3 (60 days), W4 (60 days, the
# same hash, another file).
{ hdr; row W1 2020-01-01T00:00:00Z 'w.c' 1 1 hw1 '' '' 'window' 'F w.c\tw.c\n@ \n-a\n+b\n'; } >w1.tok
{
	hdr
	row W2 2020-01-05T00:00:00Z 'w.c' 1 1 hw2 '' '' 'window' 'F w.c\tw.c\n@ \n-a\n+b\n'
	row W3 2020-03-01T00:00:00Z 'w.c' 1 1 hw3 '' '' 'window' 'F w.c\tw.c\n@ \n-a\n+b\n'
	row W4 2020-03-01T00:00:00Z 'v.c' 1 1 hw1 '' '' 'window' 'F v.c\tv.c\n@ \n-a\n+b\n'
} >w2.tok
is "no window: all three" "W2 W3 W4" "$(patchsim -q -H w1.tok w2.tok | cut -f2 | tr '\n' ' ' | sed 's/ $//')"
is "--window 10: the pair 60 days apart goes, the hash pair stays" "W2 W4" \
	"$(patchsim -q -H --window 10 w1.tok w2.tok | cut -f2 | tr '\n' ' ' | sed 's/ $//')"
is "--window 3: 4 days is too far" "W4" "$(patchsim -q -H --window 3 w1.tok w2.tok | cut -f2 | tr '\n' ' ' | sed 's/ $//')"
is "--window 60: 60 days is near enough" "W2 W3 W4" \
	"$(patchsim -q -H --window 60 w1.tok w2.tok | cut -f2 | tr '\n' ' ' | sed 's/ $//')"

# --- fdiff: the whole files, word by word ---------------------------------
# The license-header case: F1 and F2 both turn the same license line
# into an SPDX line (one hunk, heading "", ratio 1) and otherwise change
# other lines of f.c under other headings.  PaStA's diff averages the
# hunks whose headings match: the license hunk alone, diff 1.0, so the
# two pass 0.82 on their diffs whatever their messages.  fdiff takes all
# of f.c's removed lines together and all its added lines together:
#   removed "gpl" + "alpha beta gamma delta" -> "alpha beta delta gamma gpl"
#           (26 letters and blanks) against "four gpl one three two" (22):
#           "gpl" in common, 2 * 3 / 48
#   added   "spdx gpl" + "epsilon zeta eta theta" -> "epsilon eta gpl spdx
#           theta zeta" (31) against "eight five gpl seven six spdx" (29):
#           "gpl" and "spdx" and a blank, 2 * 8 / 60
#   fdiff   (6 + 16) / (48 + 60) = 22 / 108 = 0.2037
# dlr 1 (4 lines each); msg: the same message but one word.
{
	hdr
	row F1 2020-01-01T00:00:00Z 'f.c' 2 2 hf1 '' '' 'f: SPDX header and rework alpha' \
	    'F f.c\tf.c\n@ \n-gpl\n+spdx gpl\n@ int f(void)\n-alpha beta gamma delta\n+epsilon zeta eta theta\n'
} >f1.tok
{
	hdr
	row F2 2020-01-02T00:00:00Z 'f.c' 2 2 hf2 '' '' 'f: SPDX header and rework one' \
	    'F f.c\tf.c\n@ \n-gpl\n+spdx gpl\n@ int g(void)\n-one two three four\n+five six seven eight\n'
	# The control: the same body change as F1 under another heading.
	row F3 2020-01-02T00:00:00Z 'f.c' 2 2 hf3 '' '' 'f: SPDX header and rework one' \
	    'F f.c\tf.c\n@ \n-gpl\n+spdx gpl\n@ int g(void)\n-alpha beta gamma delta\n+epsilon zeta eta theta\n'
} >f2.tok
patchsim -q -H f1.tok f2.tok >fl
pair F1 F2 fl | cut -f1-2,4-5,7,8 >got
printf 'F1\tF2\t1.000000\t1.000000\t0.203704\tfiles\n' >want
same "license header: diff 1.0 from the one matching hunk, fdiff 22/108 = 0.2037" want got
is "license header: the pair scores at least 0.82 (PaStA accepts it)" 1 \
	"$(pair F1 F2 fl | awk -F'\t' '{ print ($6 >= 0.82) }')"
is "license header, control: the same body under another heading: diff 1.0, fdiff 1.0" \
	"1.000000 1.000000" "$(pair F1 F3 fl | cut -f4,7 | tr '\t' ' ')"
# Words in common, not letters: "foo bar baz" against "foo bar qux"
# share "bar" and "foo" and a blank, 2 * 7 / 22 = 0.6364 for removed,
# and the added lines are the same (1); weights 22 and 6.
{ hdr; row G1 2020-01-01T00:00:00Z 'g.c' 1 1 hg1 '' '' 'g one' 'F g.c\tg.c\n@ \n-foo bar baz\n+abc\n'; } >g1f.tok
{ hdr; row G2 2020-01-01T00:00:00Z 'g.c' 1 1 hg2 '' '' 'g two' 'F g.c\tg.c\n@ x\n-foo bar qux\n+abc\n'; } >g2f.tok
is "fdiff: words in common weighed by length, (22 * 14/22 + 6 * 1) / 28 = 0.7143" "0.714286" \
	"$(patchsim -q -H -F 0 g1f.tok g2f.tok | cut -f7)"

# --- evidence: date, title, version ---------------------------------------
# Tables with patchtok's metadata columns: ehdr, then
#   erow ID KIND DATE AUTHOR NAME TITLE VERSION PART TOTAL THREAD AUTHOR_DATE MSG
# one change of e.c: $EH, by default one line removed and one added (the
# same content: every pair scores 1 and is written, and via tells the
# evidence).
ehdr() {
	printf 'id\tkind\tdate\tauthor\tname\ttitle\tversion\tpart\ttotal\tthread\tauthor_date\tfiles\tadded\tremoved\thash\tupstream\tlinks\tmsg\thunks\n'
}
EH0='F e.c\te.c\n@ \n-old line\n+new line\n'
EH=$EH0
erow() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\te.c\t1\t1\th-%s\t\t\t%s\t%s\n' \
	    "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" "${10}" "${11}" "$1" "${12}" "$EH"
}
# vias FILE COL: "id:via" of each row, the id from column COL.
vias() {
	awk -F'\t' -v c="$2" '{ printf "%s%s:%s", (NR > 1 ? " " : ""), $c, $8 }' "$1"
}

# date: the commit's author date is the mail's date to the second (git am
# keeps it), and the two are by one person (address or name, any case)
# or have the same title (the same words, whatever case, order and
# punctuation).  title: one person and the same title.  A commit under
# another title has a message of its own ("other words entirely\n...",
# msg 0.6377 against the mail's, below 0.8): one person's alike messages
# are evidence too (tested below), and these pairs test the date alone.
AD=2020-03-01T10:00:00Z
BODY='foo: fix the bar\nThe bar is fixed.'
OB='other words entirely\nThe bar is fixed.'
{ ehdr; erow m@x mail $AD ann@example.com 'Ann Example' 'foo: fix the bar' '' '' '' m@x $AD "$BODY"; } >dm.tok
{
	ehdr
	C='commit 2020-03-05T00:00:00Z'
	erow c-date $C ann@example.com 'Ann Example' 'other words entirely' '' '' '' '' $AD "$OB"
	erow c-second $C ann@example.com 'Ann Example' 'other words entirely' '' '' '' '' 2020-03-01T10:00:01Z "$OB"
	erow c-other $C bob@example.com Bob 'other words entirely' '' '' '' '' $AD "$OB"
	erow c-other-title $C bob@example.com Bob 'Foo: fix the bar.' '' '' '' '' $AD "$BODY"
	erow c-both $C ann@example.com 'Ann Example' 'bar the fix FOO' '' '' '' '' $AD "$BODY"
	erow c-title $C ann@example.com 'Ann Example' 'foo: fix the bar' '' '' '' '' 2020-02-20T08:00:00Z "$BODY"
	erow c-title-other $C bob@example.com Bob 'foo: fix the bar' '' '' '' '' 2020-02-20T08:00:00Z "$BODY"
	erow c-name $C ann@elsewhere.org 'ANN EXAMPLE' 'other words entirely' '' '' '' '' $AD "$OB"
	erow c-no-date $C ann@example.com 'Ann Example' 'other words entirely' '' '' '' '' '' "$OB"
} >dc.tok
patchsim -q -H dm.tok dc.tok >d.pairs
is "date: the same author date and author: via date" "c-date:files,date" "$(pair m@x c-date d.pairs | vias - 2)"
is "date, control: one second apart: no date" "c-second:files" "$(pair m@x c-second d.pairs | vias - 2)"
is "date, control: another person, another title: no date" "c-other:files" \
	"$(pair m@x c-other d.pairs | vias - 2)"
is "date: another person, the same title (other case, punctuation): date" "c-other-title:files,date" \
	"$(pair m@x c-other-title d.pairs | vias - 2)"
is "date and title: one person, the same words in another order and case" "c-both:files,date,title" \
	"$(pair m@x c-both d.pairs | vias - 2)"
is "title: one person, the same title, another date" "c-title:files,title" \
	"$(pair m@x c-title d.pairs | vias - 2)"
is "title, control: another person with the same title: no title" "c-title-other:files" \
	"$(pair m@x c-title-other d.pairs | vias - 2)"
is "one person: another address, the same name in other case: date" "c-name:files,date" \
	"$(pair m@x c-name d.pairs | vias - 2)"
is "date, control: a commit without an author date: no date" "c-no-date:files" \
	"$(pair m@x c-no-date d.pairs | vias - 2)"
patchsim -q -H dc.tok dm.tok >dr.pairs
is "date and title: the same with the commits on the left" "$(vias d.pairs 2)" "$(vias dr.pairs 1)"
{ ehdr; sed 1d dc.tok | sed 's/	commit	/	mail	/'; } >dcm.tok
is "date and title are between a mail and a commit: two mails get version only" \
	"c-date:files c-second:files c-other:files c-other-title:files c-both:files,version,repost c-title:files,version,repost c-title-other:files c-name:files c-no-date:files" \
	"$(patchsim -q -H dm.tok dcm.tok | vias - 2)"

# version: two mails by one person, the same title, at most
# --version-window days (365) apart, not two parts of one posting.
VT='foo: add the bar option'
VB='foo: add the bar option\nThe bar option lets one pick a bar.'
{ ehdr; erow v1@x mail 2020-01-01T00:00:00Z ann@example.com 'Ann Example' "$VT" 1 '' '' v1@x 2020-01-01T00:00:00Z "$VB"; } >v1.tok
{
	ehdr
	erow v2@x mail 2020-01-31T00:00:00Z ann@example.com 'Ann Example' "$VT" 2 '' '' v2@x 2020-01-31T00:00:00Z "$VB"
	erow v-bob@x mail 2020-01-31T00:00:00Z bob@example.com Bob "$VT" 2 '' '' v-bob@x 2020-01-31T00:00:00Z "$VB"
	erow v-far@x mail 2021-02-04T00:00:00Z ann@example.com 'Ann Example' "$VT" 2 '' '' v-far@x 2021-02-04T00:00:00Z "$VB"
	erow v-name@x mail 2020-01-31T00:00:00Z ann@elsewhere.org 'ann example' "$VT" 2 '' '' v-name@x 2020-01-31T00:00:00Z "$VB"
} >v2.tok
patchsim -q -H v1.tok v2.tok >v.pairs
is "version: one person, the same title, 30 days apart" "v2@x:files,version,repost" "$(pair v1@x v2@x v.pairs | vias - 2)"
is "version, control: another person" "v-bob@x:files" "$(pair v1@x v-bob@x v.pairs | vias - 2)"
is "version, control: 400 days apart is beyond --version-window 365" "v-far@x:files" \
	"$(pair v1@x v-far@x v.pairs | vias - 2)"
is "version: --version-window 500 takes 400 days" "v-far@x:files,version,repost" \
	"$(patchsim -q -H --version-window 500 v1.tok v2.tok | pair v1@x v-far@x - | vias - 2)"
is "version: --version-window 400 takes 400 days (at most)" "v-far@x:files,version,repost" \
	"$(patchsim -q -H --version-window 400 v1.tok v2.tok | pair v1@x v-far@x - | vias - 2)"
is "version: --version-window 399 does not" "v-far@x:files" \
	"$(patchsim -q -H --version-window 399 v1.tok v2.tok | pair v1@x v-far@x - | vias - 2)"
is "version: one person by name (another address)" "v-name@x:files,version,repost" \
	"$(pair v1@x v-name@x v.pairs | vias - 2)"
run patchsim --version-window -1 v1.tok v2.tok
is "usage error: --version-window -1 exits 2" 2 "$rc"
# --window does not apply to pairs with evidence (as to those found by hash):
# a version 30 days apart stays at --window 10, the other person's pair goes.
is "--window 10: the version 30 days apart stays, the pair without evidence goes" "v2@x:files,version,repost v-name@x:files,version,repost" \
	"$(patchsim -q -H --window 10 v1.tok v2.tok | vias - 2)"

# Two parts of one posting ([PATCH v2 1/2] and [PATCH v2 2/2]: one thread,
# one version, two parts) are two patches, whatever their titles.
{ ehdr; erow p1@x mail 2020-01-01T00:00:00Z ann@example.com Ann "$VT" 2 1 2 cover@x '' "$VB"; } >p1.tok
{
	ehdr
	erow p2@x mail 2020-01-01T00:00:00Z ann@example.com Ann "$VT" 2 2 2 cover@x '' "$VB"
	erow p3@x mail 2020-01-09T00:00:00Z ann@example.com Ann "$VT" 3 2 2 cover@x '' "$VB"
	erow p4@x mail 2020-01-09T00:00:00Z ann@example.com Ann "$VT" 2 2 2 cover3@x '' "$VB"
} >p2.tok
patchsim -q -H p1.tok p2.tok >pp.pairs
is "version, control: two parts of one posting (one thread, v2, parts 1 and 2): none" "p2@x:files" \
	"$(pair p1@x p2@x pp.pairs | vias - 2)"
is "version: the same thread and parts, another version number (v3 2/2): version" "p3@x:files,version,repost" \
	"$(pair p1@x p3@x pp.pairs | vias - 2)"
is "version: v2 2/2 of another thread: version" "p4@x:files,version,repost" "$(pair p1@x p4@x pp.pairs | vias - 2)"

# A new version sent into the old one's thread, retitled: a version when
# it is the same part and the messages are still alike (msg >= 0.6).
# Same hunks, so each pair scores at least 0.7 and is written.  The
# messages token-sorted: "a add bar bar bar foo lets one option option
# pick the the" (57) against "a an bar bar bar foo lets make one option
# option pick the" (57), LCS 51: msg 102/114 = 0.8947; against
# "allocator here is it like mm nothing rework the" (47), LCS 23: msg
# 46/104 = 0.4423.  The part numbers are told apart at a msg below 0.8
# (one person's messages 0.8 alike are a version wherever sent): "an
# bar bar can foo make now one option pick the" (47) against the first,
# LCS 38: msg 76/104 = 0.7308.
{ ehdr; erow t1@x mail 2020-01-01T00:00:00Z ann@example.com Ann "$VT" 1 1 1 t1@x '' "$VB"; } >t1.tok
NB='foo: make bar an option\nThe bar option lets one pick a bar.'
MB='foo: make bar an option\nNow one can pick the bar.'
{
	ehdr
	erow t2@x mail 2020-01-20T00:00:00Z ann@example.com Ann 'foo: make bar an option' 2 1 1 t1@x '' "$NB"
	erow t2-unlike@x mail 2020-01-20T00:00:00Z ann@example.com Ann 'mm: rework the allocator' 2 1 1 t1@x '' \
	    'mm: rework the allocator\nNothing here is like it.'
	erow t2-mid@x mail 2020-01-20T00:00:00Z ann@example.com Ann 'foo: make bar an option' 2 1 1 t1@x '' "$MB"
	erow t2-part@x mail 2020-01-20T00:00:00Z ann@example.com Ann 'foo: make bar an option' 2 2 2 t1@x '' "$MB"
	erow t2-part-alike@x mail 2020-01-20T00:00:00Z ann@example.com Ann 'foo: make bar an option' 2 2 2 t1@x '' "$NB"
	erow t2-resend@x mail 2020-01-20T00:00:00Z ann@example.com Ann 'foo: make bar an option' 1 1 1 t1@x '' "$NB"
	erow t2-bob@x mail 2020-01-20T00:00:00Z bob@example.com Bob 'foo: make bar an option' 2 1 1 t1@x '' "$NB"
} >t2.tok
patchsim -q -H t1.tok t2.tok >tt.pairs
is "thread: v2 in v1's thread, retitled, same part, msg 0.8947: version" "t2@x 0.894737 files,version" \
	"$(pair t1@x t2@x tt.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "thread, control: messages unlike (msg 0.4423 < 0.6): none" "t2-unlike@x 0.442308 files" \
	"$(pair t1@x t2-unlike@x tt.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "thread: msg 0.7308 (at least 0.6, below 0.8), the same part: version" "t2-mid@x 0.730769 files,version" \
	"$(pair t1@x t2-mid@x tt.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "thread, control: another part (2/2 answering 1/1), msg 0.7308: none" "t2-part@x 0.730769 files" \
	"$(pair t1@x t2-part@x tt.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "another part, but one person's messages 0.8947 alike: version" "t2-part-alike@x:files,version" \
	"$(pair t1@x t2-part-alike@x tt.pairs | vias - 2)"
is "thread: the same version number sent again into the thread: version" "t2-resend@x:files,version" \
	"$(pair t1@x t2-resend@x tt.pairs | vias - 2)"
is "thread, control: another person in the thread: none" "t2-bob@x:files" \
	"$(pair t1@x t2-bob@x tt.pairs | vias - 2)"
is "thread: the same with the new version on the left" "t2@x:files,version" \
	"$(patchsim -q -H t2.tok t1.tok | pair t2@x t1@x - | vias - 1)"
# --window spares pairs with evidence.  A pair in the thread whose messages
# turn out unlike has none, and goes at --window 10 (19 days apart) as the
# same pair by another person does.
is "--window 10, control: another person's pair 19 days apart goes" "" \
	"$(patchsim -q -H --window 10 t1.tok t2.tok | pair t1@x t2-bob@x -)"
is "--window 10: the thread pair with alike messages (msg 0.8947) 19 days apart is kept" "t2@x:files,version" \
	"$(patchsim -q -H --window 10 t1.tok t2.tok | pair t1@x t2@x - | vias - 2)"
is "--window 10: the thread pair with unlike messages (no evidence) goes too" "" \
	"$(patchsim -q -H --window 10 t1.tok t2.tok | pair t1@x t2-unlike@x - | cut -f1,2,8 | tr '\t' ' ')"

# One person's messages at least 0.8 alike (SAME_MSG) are one patch's
# whatever the titles: a mail and a commit via title, two mails via
# version (not two parts of one posting, within --version-window, as
# the other version rules).  Token-sorted against the first message
# "a add bar bar bar foo lets one option option pick the the" (57):
#   SB "a bar bar bar foo lets make one option pick selectable the" (58),
#      LCS 46: msg 92/115 = 0.8 exactly, alike;
#   UB "a bar bar bar foo lets make one option pick the variable" (56),
#      LCS 45: msg 90/113 = 0.7965, just under.
# Same hunks: every pair scores at least 0.7 and is written, and via
# tells the evidence.
SB='foo: make bar selectable\nThe bar option lets one pick a bar.'
UB='foo: make bar variable\nThe bar option lets one pick a bar.'
{ ehdr; erow s1@x mail 2020-01-01T00:00:00Z ann@example.com Ann "$VT" 1 '' '' s1@x 2020-01-01T00:00:00Z "$VB"; } >s1.tok
{
	ehdr
	C='commit 2020-01-15T00:00:00Z'
	erow sc-alike $C ann@example.com Ann 'foo: make bar selectable' '' '' '' '' 2020-01-10T00:00:00Z "$SB"
	erow sc-under $C ann@example.com Ann 'foo: make bar variable' '' '' '' '' 2020-01-10T00:00:00Z "$UB"
	erow sc-bob $C bob@example.com Bob 'foo: make bar selectable' '' '' '' '' 2020-01-10T00:00:00Z "$SB"
} >sc.tok
patchsim -q -H s1.tok sc.tok >sc.pairs
is "same person: a mail and a commit retitled, msg 0.8 (at least 0.8): title" "sc-alike 0.800000 files,title" \
	"$(pair s1@x sc-alike sc.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "same person, control: messages just under 0.8 (0.7965): none" "sc-under 0.796460 files" \
	"$(pair s1@x sc-under sc.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "same person, control: another person, messages 0.8 alike: none" "sc-bob 0.800000 files" \
	"$(pair s1@x sc-bob sc.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "same person: the same with the commits on the left" "sc-alike:files,title sc-under:files sc-bob:files" \
	"$(patchsim -q -H sc.tok s1.tok | vias - 1)"
is "same person, -F 1: the mail and commit with alike messages are written whatever their score" \
	"sc-alike:files,title" "$(patchsim -q -H -F 1 s1.tok sc.tok | vias - 2)"
is "--window 10: the commit 14 days from the mail stays (evidence), the one under 0.8 goes" \
	"sc-alike:files,title" "$(patchsim -q -H --window 10 s1.tok sc.tok | vias - 2)"
{
	ehdr
	erow s2@x mail 2020-01-31T00:00:00Z ann@example.com Ann 'foo: make bar selectable' 2 '' '' s2@x '' "$SB"
	erow s2-under@x mail 2020-01-31T00:00:00Z ann@example.com Ann 'foo: make bar variable' 2 '' '' s2-under@x '' "$UB"
	erow s2-bob@x mail 2020-01-31T00:00:00Z bob@example.com Bob 'foo: make bar selectable' 2 '' '' s2-bob@x '' "$SB"
	erow s2-far@x mail 2021-02-04T00:00:00Z ann@example.com Ann 'foo: make bar selectable' 2 '' '' s2-far@x '' "$SB"
} >s2.tok
patchsim -q -H s1.tok s2.tok >s2.pairs
is "same person: two mails retitled, 30 days apart, msg 0.8: version" "s2@x 0.800000 files,version" \
	"$(pair s1@x s2@x s2.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "same person, control: two mails, messages just under 0.8: none" "s2-under@x 0.796460 files" \
	"$(pair s1@x s2-under@x s2.pairs | cut -f2,3,8 | tr '\t' ' ')"
is "same person, control: two mails by two people: none" "s2-bob@x:files" "$(pair s1@x s2-bob@x s2.pairs | vias - 2)"
is "same person, control: 400 days apart is beyond --version-window 365: none" "s2-far@x:files" \
	"$(pair s1@x s2-far@x s2.pairs | vias - 2)"
is "same person: --version-window 400 takes the mail 400 days on: version" "s2-far@x:files,version" \
	"$(patchsim -q -H --version-window 400 s1.tok s2.tok | pair s1@x s2-far@x - | vias - 2)"
# --window spares the pair whose evidence holds once its messages are compared,
# and drops it when it does not.
is "--window 10: one person's retitled mail 30 days apart, messages alike: kept" "s2@x:files,version" \
	"$(patchsim -q -H --window 10 s1.tok s2.tok | pair s1@x s2@x - | vias - 2)"
is "--window 10, control: one person's mail 30 days apart, messages under 0.8: goes" "" \
	"$(patchsim -q -H --window 10 s1.tok s2.tok | pair s1@x s2-under@x -)"
# Two parts of one posting (v2 1/2 and v2 2/2 of one thread) stay two
# patches, however alike their messages; v3 2/2 in that thread is not of
# the posting (and another part: not the thread rule), the messages tell.
{ ehdr; erow sp1@x mail 2020-01-01T00:00:00Z ann@example.com Ann "$VT" 2 1 2 scover@x '' "$VB"; } >sp1.tok
{
	ehdr
	erow sp2@x mail 2020-01-01T00:00:00Z ann@example.com Ann 'foo: make bar selectable' 2 2 2 scover@x '' "$SB"
	erow sp3@x mail 2020-01-09T00:00:00Z ann@example.com Ann 'foo: make bar selectable' 3 2 2 scover@x '' "$SB"
} >sp2.tok
patchsim -q -H sp1.tok sp2.tok >sp.pairs
is "same person, control: two parts of one posting, messages 0.8 alike: none" "sp2@x:files" \
	"$(pair sp1@x sp2@x sp.pairs | vias - 2)"
is "same person: v3 2/2 in that thread, messages 0.8 alike: version" "sp3@x:files,version" \
	"$(pair sp1@x sp3@x sp.pairs | vias - 2)"
# The bound first: the messages are compared only when their cheap bound
# (the shorter length; for texts of 256 bytes or more also the bytes of
# each kind both hold) reaches 0.8.  Below the dlr gate (2 lines against
# 10: 0.2) a pair is scored only for its evidence: "foo" and 60 words
# "aaaa" against "foo" and 60 words "bbbb" (303 code points each) have a
# bound of 2 * 63 / 606 = 0.2079 (the blanks and "foo"), and are not
# scored; the short "foo: aaaa aaaa" and "foo: bbbb bbbb" have a bound of
# 1, and are (msg 10/26 = 0.3846: no evidence, nothing written).
LA="foo:$(printf ' aaaa%.0s' $(seq 60))"
LB="foo:$(printf ' bbbb%.0s' $(seq 60))"
# ten lines: 5 added, 5 removed (columns 13 and 14)
ten() {
	awk 'BEGIN { FS = OFS = "\t" } NR > 1 { $13 = 5; $14 = 5 } 1'
}
{ ehdr; erow b2@x mail 2020-01-31T00:00:00Z ann@example.com Ann 'foo: other' 2 '' '' b2@x '' "$LB"; } | ten >bl2.tok
{ ehdr; erow b2@x mail 2020-01-31T00:00:00Z ann@example.com Ann 'foo: other' 2 '' '' b2@x '' 'foo: bbbb bbbb'; } | ten >bs2.tok
{ ehdr; erow b1@x mail 2020-01-01T00:00:00Z ann@example.com Ann "$VT" 1 '' '' b1@x '' "$LA"; } >bl1.tok
{ ehdr; erow b1@x mail 2020-01-01T00:00:00Z ann@example.com Ann "$VT" 1 '' '' b1@x '' 'foo: aaaa aaaa'; } >bs1.tok
run patchsim -v -H bl1.tok bl2.tok
is "the bound: long messages unlike byte by byte (bound 0.2079): not scored, not written" \
	"1 candidate pairs, 0 scored, 0 written" \
	"$(sed -n 's/.*: \([0-9]* candidate pairs\).*%[^,]*, \(.*\)/\1, \2/p' "$T/err")$(cat "$T/out")"
run patchsim -v -H bs1.tok bs2.tok
is "the bound, control: short messages (bound 1): scored, and not written (msg 0.3846)" \
	"1 candidate pairs, 1 scored, 0 written" \
	"$(sed -n 's/.*: \([0-9]* candidate pairs\).*%[^,]*, \(.*\)/\1, \2/p' "$T/err")$(cat "$T/out")"

# contained: one person's mail and commit (or a commit crediting him),
# the commit from a day before the mail to 365 days after, when 60 % of
# the smaller's runs of four added words (at least 16 of them) are in
# the other's, whatever their files: a squash, a file renamed or
# mistyped, prose moved into another document.  A candidate by its
# person alone; comment lines (a license header) are no patch's words.
khdr() {
	printf 'id\tkind\tdate\tauthor\tname\ttitle\tfiles\tadded\tremoved\thash\tmsg\thunks\tcredits\n'
}
# krow ID KIND DATE ADDR NAME FILE ADDED-LINES(\n-joined) [CREDITS]
krow() {
	printf '%s\t%s\t%s\t%s\t%s\tt %s\t%s\t3\t0\th-%s\tt %s\\nbody %s\tF %s\\t%s\\n@ \\n%s\t%s\n' \
	    "$1" "$2" "$3" "$4" "$5" "$1" "$6" "$1" "$1" "$1" "$6" "$6" "$7" "${8:-}"
}
P1='+Sparse extends the type system with extra qualifiers that restrict\n+what you can do on objects annotated with them, for example\n+the bitwise attribute defines new unique integer types that cannot\n+be mixed with other types, and the integer zero is special.\n'
P2='+Sparse extends the type system with extra qualifiers that\n+restrict what you can do on objects annotated with them, for\n+example the bitwise attribute defines new unique integer types\n+that cannot be mixed with other types, and the integer zero is\n+special.\n+Since this qualifier defines new types it makes sense in typedefs.\n'
LIC='+/*\n+ * Permission is hereby granted, free of charge, to any person obtaining\n+ * a copy of this software and associated documentation files, to deal\n+ * in the Software without restriction, including without limitation the\n+ * rights to use, copy, modify, merge, publish and distribute it.\n+ */\n'
{
	khdr
	krow km@x mail 2020-05-01T00:00:00Z ann@example.com Ann sparse.1 "$P1"
	krow km-lic@x mail 2020-05-01T00:00:00Z ann@example.com Ann mmio.h "$LIC+static int mmio_read(void);\n"
} >km.tok
{
	khdr
	krow k-moved commit 2020-06-01T00:00:00Z ann@example.com Ann Documentation/annotations.rst "$P2"
	krow k-bob commit 2020-06-01T00:00:00Z bob@example.com Bob Documentation/other.rst "$P2"
	krow k-credit commit 2020-06-01T00:00:00Z bob@example.com Bob Documentation/cred.rst "$P2" 'Ann <ann@example.com>'
	krow k-late commit 2021-05-05T00:00:00Z ann@example.com Ann Documentation/late.rst "$P2"
	krow k-before commit 2020-04-28T00:00:00Z ann@example.com Ann Documentation/early.rst "$P2"
	krow k-lic commit 2020-06-01T00:00:00Z ann@example.com Ann lpuart.c "$LIC+static void lpuart_init(int port);\n"
} >kc.tok
patchsim -q -H km.tok kc.tok >k.pairs
is "contained: one person's prose moved into another file, rewrapped: a pair" "k-moved:contained" \
	"$(pair km@x k-moved k.pairs | vias - 2)"
is "contained: a commit crediting the mail's author: a pair" "k-credit:contained" \
	"$(pair km@x k-credit k.pairs | vias - 2)"
is "contained: the commits on the left find the mail too" "km@x:contained" \
	"$(patchsim -q -H kc.tok km.tok | pair k-moved km@x - | vias - 2)"
is "contained, control: another person's commit of the same words: no pair" "" \
	"$(pair km@x k-bob k.pairs)"
is "contained, control: the commit 369 days after the mail: no pair" "" "$(pair km@x k-late k.pairs)"
is "contained, control: the commit 3 days before the mail: no pair" "" "$(pair km@x k-before k.pairs)"
is "contained, control: a license header (comment lines) and one line besides: no pair" "" \
	"$(pair km-lic@x k-lic k.pairs)"
is "contained, control: --contain 0 finds none" "" \
	"$(patchsim -q -H --contain 0 km.tok kc.tok | grep contained)"
is "contained, control: --contain 1 wants every run: the rewrapped prose (one line more) holds" \
	"k-moved:contained" "$(patchsim -q -H --contain 1 km.tok kc.tok | pair km@x k-moved - | vias - 2)"

# Pairs with evidence are written whatever their score: a version whose
# content changed scores below -m.  msg "baz first qux rework try"
# against "baz qux rework second try": LCS 18, 36/49 = 0.7347; diff:
# removed "line old" / "alpha" 2/13, added "line new" / "beta" 2/12,
# (0.1538 + 0.1667) / 2 = 0.1603; score 0.2204 + 0.1122 = 0.3326; no
# word in common: fdiff 0.
{ ehdr; erow w0@x mail 2020-01-01T00:00:00Z ann@example.com Ann 'baz: rework qux' '' '' '' w0@x '' 'baz: rework qux\nFirst try.'; } >w0.tok
EH='F e.c\te.c\n@ \n-alpha\n+beta\n'
{
	ehdr
	erow w1@x mail 2020-02-01T00:00:00Z ann@example.com Ann 'baz: rework qux' '' '' '' w1@x '' 'baz: rework qux\nSecond try.'
	erow w1-bob@x mail 2020-02-01T00:00:00Z bob@example.com Bob 'baz: rework qux' '' '' '' w1-bob@x '' 'baz: rework qux\nSecond try.'
} >w1e.tok
EH=$EH0
is "evidence below -F: the version scoring 0.3326 is written at -F 0.5" "w1@x 0.734694 0.160256 0.332588 0.000000 files,version" \
	"$(patchsim -q -H w0.tok w1e.tok | cut -f2,3,4,6,7,8 | tr '\t' ' ')"
is "evidence below -F: and at -F 1" "w1@x:files,version" "$(patchsim -q -H -F 1 w0.tok w1e.tok | vias - 2)"
is "evidence below -m, control: the same pair by another person is not written" "" \
	"$(patchsim -q -H w0.tok w1e.tok | pair w0@x w1-bob@x -)"

# --- made-up tables: threads, shards, bounds, and a plain re-computation --
if [ "$have_py" = 1 ]; then
	cat >gen.py <<'EOF'
# gen.py N SEED - a patchtok table of N made-up patches in families
# (a patch and its revisions), so that some pairs score high, some low;
# mails and commits by a few people (one name with two addresses, one
# address in two cases), titles that repeat within a family (sometimes
# in other case and word order), threads, versions and parts, commits
# whose author date is a mail's date, messages long and short, kept,
# retouched and rewritten: every kind of evidence, and its near misses.
import datetime, hashlib, random, sys

n, seed = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(seed)
words = ('dev ret err buf len size foo bar baz frob kfree kmalloc GFP_KERNEL '
         'lock unlock irq spin_lock NULL return if else for while struct int '
         'static void unsigned long u32 u64 ptr node list head next prev '
         'Grüße München').split()
names = ['drivers/a.c', 'drivers/b.c', 'include/c.h', 'mm/d.c', 'fs/e.c',
         'Documentation/f.txt', 'kernel/g.c']
heads = ['', 'static int foo_probe(struct device *dev)',
         'static int foo_remove(struct device *dev)', 'void bar(void)']

def line(k):
    return '\t' + ' '.join(rnd.choice(words) for _ in range(k)) + ';'

def mutate(lines):
    out = []
    for ln in lines:
        r = rnd.random()
        if r < 0.15:
            continue
        if r < 0.35:
            w = ln.split(' ')
            w[rnd.randrange(len(w))] = rnd.choice(words)
            ln = ' '.join(w)
        out.append(ln)
    if rnd.random() < 0.3:
        out.append(line(rnd.randint(1, 6)))
    return out or [line(2)]

def base():
    p = {'files': [], 'msg': [' '.join(rnd.choice(words) for _ in range(rnd.randint(2, 12)))
                              for _ in range(rnd.randint(1, 3))]}
    for name in rnd.sample(names, rnd.randint(1, 2)):
        hs = []
        for h in rnd.sample(heads, rnd.randint(1, 3)):
            long_ = rnd.random() < 0.1
            rem = [line(rnd.randint(8, 14) if long_ else rnd.randint(1, 5))
                   for _ in range(rnd.randint(0, 6 if long_ else 3))]
            add = [line(rnd.randint(8, 14) if long_ else rnd.randint(1, 5))
                   for _ in range(rnd.randint(1, 6 if long_ else 3))]
            hs.append([h, rem, add])
        p['files'].append([name, hs])
    return p

# A quarter of the families have a long message besides (a paragraph of
# 256 bytes and more: the bound on two such messages counts the bytes of
# each kind), of words or of numbers, drawn from a random source of its
# own, so that the rest of the table is as it was without it.
rnd2 = random.Random(seed + 1000)
numbers = '0 1 7 42 255 1024 4096 65535 0x1f 0xff 0x8000 0xdeadbeef 2020 3.14'.split()

def para():
    vocab = rnd2.choice([words, numbers])
    return [' '.join(rnd2.choice(vocab) for _ in range(rnd2.randint(8, 14)))
            for _ in range(rnd2.randint(4, 7))]

def retouch(lines):
    out = []
    for ln in lines:
        r = rnd2.random()
        if r < 0.05:
            continue
        if r < 0.25:
            w = ln.split(' ')
            w[rnd2.randrange(len(w))] = rnd2.choice(words + numbers)
            ln = ' '.join(w)
        out.append(ln)
    return out

def revise(p):
    q = {'msg': mutate(p['msg']), 'files': [], 'tail': retouch(p['tail'])}
    if rnd2.random() < 0.15:
        # Rewritten: a message of other words (a thread pair whose
        # messages are not alike).
        q['msg'] = [' '.join(rnd2.choice(words) for _ in range(rnd2.randint(4, 12)))]
    for name, hs in p['files']:
        q['files'].append([name, [[h, mutate(r) if r else [], mutate(a)] for h, r, a in hs]])
    return q

def esc(s):
    return s.replace('\\', '\\\\').replace('\t', '\\t').replace('\n', '\\n')

people = [('ann@example.com', 'Ann Example'), ('ANN@example.com', ''),
          ('ann@work.example.org', 'ann example'), ('bob@example.com', 'Bob'),
          ('cid@example.com', 'Cid')]
t0 = datetime.datetime(2020, 1, 1, 10, 0, 0)

def iso(t):
    return t.strftime('%Y-%m-%dT%H:%M:%SZ')

print('id\tkind\tdate\tauthor\ttype\tlist\ttitle\tfiles\tadded\tremoved\thash\tupstream\tlinks\tmsg\thunks'
      '\tname\tversion\tpart\ttotal\tthread\tauthor_date')
fam = None
for i in range(n):
    if fam is None or rnd.random() < 0.4:
        fam = p = base()
        p['tail'] = para() if rnd2.random() < 0.25 else []
        fam['who'] = rnd.randrange(len(people))
        fam['title'] = p['msg'][0]
        fam['first'] = 's%04d' % i
        fam['when'] = t0 + datetime.timedelta(days=rnd.randrange(90), seconds=rnd.randrange(3) * 3600)
        fam['v'] = 0
    elif rnd.random() < 0.1:
        p = fam     # an exact copy: the same hash
    else:
        p = revise(fam)
    fam['v'] += 1
    kind = 'commit' if rnd.random() < 0.25 else 'mail'
    who = fam['who'] if rnd.random() < 0.7 else rnd.randrange(len(people))
    author, pname = people[who]
    r = rnd.random()
    title = fam['title'] if r < 0.5 else p['msg'][0] if r < 0.75 else \
        'retitled ' + ' '.join(rnd.sample(words, 2))
    if rnd.random() < 0.2:
        title = ' '.join(reversed(title.upper().split(' '))) + '.'
    when = fam['when'] + datetime.timedelta(days=rnd.choice([0, 0, 3, 20, 400]))
    adate = when
    if kind == 'commit':
        when += datetime.timedelta(days=rnd.randrange(30))
        if rnd.random() < 0.5:
            adate = fam['when'] + datetime.timedelta(seconds=rnd.choice([0, 0, 1]))
    version = part = total = thread = ''
    if kind == 'mail':
        thread = rnd.choice([fam['first'], fam['first'], 's%04d' % i, ''])
        version = rnd.choice(['', str(fam['v']), str(fam['v']), '1'])
        part = rnd.choice(['', '1', '1', '2'])
        total = '2' if part else ''
    hunks, added, removed = [], 0, 0
    for name, hs in p['files']:
        hunks.append('F %s\t%s' % (name, name))
        for h, rem, add in hs:
            hunks.append('@ ' + h)
            hunks += ['-' + x for x in rem] + ['+' + x for x in add]
            removed += len(rem)
            added += len(add)
    hsh = hashlib.md5(repr((p['msg'] + p['tail'], p['files'])).encode()).hexdigest()
    print('\t'.join(['s%04d' % i, kind, iso(when), author, 'patch', 'l',
                     esc(title), esc('\n'.join(f[0] for f in p['files'])),
                     str(added), str(removed), hsh, '', '', esc('\n'.join(p['msg'] + p['tail'])),
                     esc('\n'.join(hunks) + '\n'), pname, version, part, total, thread,
                     iso(adate)]))
EOF
	cat >ref.py <<'EOF'
# ref.py - patchsim's scores recomputed the plain way (method.md,
# section 3): token sort, dynamic-programming LCS over code points; the
# whole-file fdiff as words in common; the metadata evidence as
# patchsim(1) and its help describe it.
#   ref.py [--self] [-w W] [-d D] [-F M] [--window DAYS] [--links]
#          [--file-penalty] [--version-window DAYS] left [right]
# prints left right msg diff dlr score fdiff via, like patchsim -H, for
# every candidate (a shared file name, the same hash, a named upstream
# commit, links); with --pairs FILE [--sample N] [--cells C] only for a
# sample of the rows of patchsim's output FILE.
import sys, unicodedata, datetime
from collections import Counter

def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == '\\':
            out.append({'\\': '\\', 't': '\t', 'n': '\n', 'r': '\r'}[s[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)

def read(path):
    with open(path, encoding='utf-8', newline='\n') as f:
        lines = f.read().split('\n')
    cols = lines[0].split('\t')
    rows = []
    for ln in lines[1:]:
        if ln:
            rows.append(dict(zip(cols, [unescape(x) for x in ln.split('\t')])))
    return rows

def alnum(c):
    return unicodedata.category(c)[0] == 'L' or unicodedata.category(c) == 'Nd'

def lower(c):
    l = c.lower()
    return l[0] if l else c

def tsort(s):
    t = ''.join(lower(c) if alnum(c) else ' ' for c in s)
    return ' '.join(sorted(t.split()))

def lcs(a, b):
    prev = [0] * (len(b) + 1)
    for x in a:
        row = [0]
        for j, y in enumerate(b):
            row.append(prev[j] + 1 if x == y else max(row[j], prev[j + 1]))
        prev = row
    return prev[-1]

def ratio(a, b):
    a, b = tsort(a), tsort(b)
    if not a and not b:
        return 1.0
    return 2.0 * lcs(a, b) / (len(a) + len(b))

def bucket(c):
    # The kind of a byte: each letter, each digit, a blank, any other.
    if 97 <= c <= 122:
        return c - 97
    if 48 <= c <= 57:
        return 26 + c - 48
    return 36 if c == 32 else 37

def kept(s):
    # A text as the bound sees it: its token-sorted length in code
    # points, and for 256 bytes or more the bytes of each kind.
    t = tsort(s)
    b = t.encode('utf-8')
    hist = None
    if len(b) >= 256:
        hist = [0] * 38
        for c in b:
            hist[bucket(c)] += 1
    return len(t), hist

def ratio_bound(a, b):
    # The most two texts can score: the shorter length, and for two long
    # texts the bytes of each kind both hold.
    (la, ha), (lb, hb) = a, b
    if not la and not lb:
        return 1.0
    m = min(la, lb)
    if ha is not None and hb is not None:
        m = min(m, sum(min(x, y) for x, y in zip(ha, hb)))
    return 2.0 * m / (la + lb)

def word_ratio(a, b):
    # a, b token-sorted: the words both hold (with repeats), their
    # letters and a blank between each two, against both lengths.
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    common = Counter(a.split(' ')) & Counter(b.split(' '))
    k = sum(common.values())
    c = sum(len(w) * n for w, n in common.items()) + max(k - 1, 0)
    return 2.0 * c / (len(a) + len(b))

def hunks(text):
    files = []   # [key, [[heading, removed, added], ...]]
    for ln in text.split('\n'):
        if ln.startswith('F '):
            files.append([ln[2:], []])
        elif ln.startswith('@'):
            files[-1][1].append([ln[2:], [], []])
        elif ln[:1] == '-':
            files[-1][1][-1][1].append(ln[1:])
        elif ln[:1] == '+':
            files[-1][1][-1][2].append(ln[1:])
    return files

def diff_score(l, r, penalty):
    total, nfiles, unmatched = 0.0, 0, 0
    for key, lh in l:
        rf = next((h for k, h in r if k == key), None)
        if rf is None:
            unmatched += 1
            continue
        fsum, fn = 0.0, 0
        for head, rem, add in lh:
            rh = next((h for h in rf if h[0] == head), None)
            if rh is None:
                continue
            if rem and rh[1]:
                fsum += ratio('\n'.join(rem) + '\n', '\n'.join(rh[1]) + '\n')
                fn += 1
            if add and rh[2]:
                fsum += ratio('\n'.join(add) + '\n', '\n'.join(rh[2]) + '\n')
                fn += 1
        if fn:
            total += fsum / fn
            nfiles += 1
        elif penalty:
            unmatched += 1
    if penalty:
        nfiles += unmatched
    return total / nfiles if nfiles else 0.0

def fdiff(l, r):
    # Files paired by name; each file's removed lines (every hunk) with
    # the other's, added with added, word by word, weighed by length.
    q = w = 0.0
    for key, lh in l:
        rf = next((h for k, h in r if k == key), None)
        if rf is None:
            continue
        for side in (1, 2):
            a = tsort(''.join(x + '\n' for h in lh for x in h[side]))
            b = tsort(''.join(x + '\n' for h in rf for x in h[side]))
            if len(a) + len(b):
                q += (len(a) + len(b)) * word_ratio(a, b)
                w += len(a) + len(b)
    return q / w if w else 0.0

def when(s):
    try:
        return datetime.datetime.strptime(s, '%Y-%m-%dT%H:%M:%SZ').timestamp()
    except ValueError:
        return None

def asciilower(s):
    return ''.join(chr(ord(c) + 32) if 'A' <= c <= 'Z' else c for c in s)

def number(s):
    return int(s) if s.isdigit() and int(s) <= 1000000 else 0

def summary(t):
    # The title less its leading "prefix: " parts, each a word without
    # blanks before ": " ("erofs-utils: lib: ", "arm64: smmu: ").
    at = 0
    while True:
        k = at
        while k < len(t) and t[k] not in ' :':
            k += 1
        if k == at or k + 1 >= len(t) or t[k] != ':' or t[k + 1] != ' ':
            return t[at:]
        at = k + 2

def credited(c):
    # The credits column: each line's address and name, lower-cased.
    out = set()
    for ln in c.split('\n'):
        if not ln:
            continue
        if '<' in ln and '>' in ln.split('<', 1)[1] and ln.split('<', 1)[1].index('>') > 0:
            out.add(asciilower(ln.split('<', 1)[1].split('>', 1)[0]))
            nm = ln.split('<', 1)[0].rstrip(' ')
            if nm:
                out.add(asciilower(nm))
        elif '@' in ln:
            out.add(asciilower(ln))
        else:
            out.add(asciilower(ln))
    return out

def alike(a, b):
    # Summaries alike: of the distinct words of the one with more (at
    # least 3), 70 % in the other.
    wa, wb = set(a.split()), set(b.split())
    m = max(len(wa), len(wb))
    return m >= 3 and len(wa & wb) >= 0.7 * m

M64 = (1 << 64) - 1

def mix(x):
    x ^= x >> 30
    x = (x * 0xbf58476d1ce4e5b9) & M64
    x ^= x >> 27
    x = (x * 0x94d049bb133111eb) & M64
    return x ^ (x >> 31)

def comment_line(ln):
    t = ln.lstrip(' \t')
    return t != '' and (t[0] == '*' or t[:2] in ('/*', '//') or
                        (t[0] == '#' and (len(t) == 1 or t[1] in ' \t')))

def shingles(h, lines):
    # The runs of 4 words (3 bytes at least, letters, digits, _ or
    # non-ASCII) the hunks add, comment lines left out: (the 256 smallest
    # distinct hashes, their bound, how many runs, repeats counted).
    if lines > 4000:
        return ([], 0, lines)
    last, words, out, runs = [0, 0, 0, 0], 0, set(), 0
    for key, hs in h:
        for head, rem, add in hs:
            for ln in add:
                if comment_line(ln):
                    continue
                b = ln.encode('utf-8')
                i = 0
                while i < len(b):
                    k = i
                    x = 14695981039346656037
                    while k < len(b) and (chr(b[k]).isascii() and (chr(b[k]).isalnum() or b[k] == 95) or b[k] >= 0x80):
                        c = b[k] + 32 if 65 <= b[k] <= 90 else b[k]
                        x = ((x ^ c) * 1099511628211) & M64
                        k += 1
                    if k - i >= 3:
                        last = last[1:] + [mix(x)]
                        words += 1
                        if words >= 4:
                            y = 0
                            for w in range(4):
                                y = (mix(y ^ last[w]) + w) & M64
                            out.add(y)
                            runs += 1
                    i = k if k > i else i + 1
    v = sorted(out)
    return (v[:256], v[255] if len(v) > 256 else M64, runs)

def holds(a, b, share=0.6):
    s, t = (a, b) if a[2] <= b[2] else (b, a)
    bound = min(a[1], b[1])
    tv = set(t[0])
    n = [x for x in s[0] if x <= bound]
    return len(n) >= 16 and sum(1 for x in n if x in tv) >= share * len(n)

def contained(l, r):
    # One person's (or a crediting commit's) mail and commit, the commit
    # from a day before the mail to 365 after, the smaller's runs of
    # words 60 % in the other's.
    if l['_c'] == r['_c']:
        return False
    m, c = (r, l) if l['_c'] else (l, r)
    if m['_re'] or m['_t'] is None or c['_t'] is None:
        return False
    if c['_t'] < m['_t'] - 86400 or c['_t'] - m['_t'] > 365 * 86400:
        return False
    person = (m['_a'] and m['_a'] == c['_a']) or (m['_nm'] and m['_nm'] == c['_nm'])
    cred = (m['_a'] and m['_a'] in c['_cr']) or (m['_nm'] and m['_nm'] in c['_cr'])
    return (person or cred) and holds(m['_sh'], c['_sh'])

args = sys.argv[1:]
o = {'w': 0.3, 'd': 0.4, 'F': 0.5, 'W': None, 'self': False, 'links': False, 'pen': False,
     'vw': 365}
files = []
pairs = None
sample, cells = 40, 200000
while args:
    a = args.pop(0)
    if a in ('-w', '-d', '-F'):
        o[a[1]] = float(args.pop(0))
    elif a == '--window':
        o['W'] = int(args.pop(0))
    elif a == '--self':
        o['self'] = True
    elif a == '--links':
        o['links'] = True
    elif a == '--file-penalty':
        o['pen'] = True
    elif a == '--version-window':
        o['vw'] = int(args.pop(0))
    elif a == '--pairs':
        pairs = args.pop(0)
    elif a == '--sample':
        sample = int(args.pop(0))
    elif a == '--cells':
        cells = int(args.pop(0))
    else:
        files.append(a)
L = read(files[0])
R = L if o['self'] else read(files[1])
for t in (L, R):
    for r in t:
        r['_h'] = hunks(r['hunks'])
        r['_f'] = set(x for x in r['files'].split('\n') if x)
        r['_n'] = int(r['added']) + int(r['removed'])
        r['_t'] = when(r['date'])
        r['_at'] = when(r.get('author_date', ''))
        r['_c'] = r.get('kind') == 'commit'
        r['_a'] = asciilower(r.get('author', ''))
        r['_nm'] = asciilower(r.get('name', ''))
        r['_ti'] = tsort(r.get('title', ''))
        r['_su'] = tsort(summary(r.get('title', '')))
        r['_cr'] = credited(r.get('credits', ''))
        r['_re'] = not r['_c'] and r.get('type', '') == 'reply'
        r['_v'] = number(r.get('version', ''))
        r['_p'] = number(r.get('part', ''))
        r['_th'] = r.get('thread', '')
        r['_mk'] = kept(r['msg'])
        r['_sh'] = shingles(r['_h'], r['_n'])
out = sys.stdout

def evidence(l, r):
    # date, title (a mail and a commit), version (two mails), or what
    # the messages decide: thread, a version if they are alike (msg >=
    # 0.6); samemsg, one person's (a title or a version) if msg >= 0.8,
    # looked at only when their bound reaches 0.8.
    person = (l['_a'] and l['_a'] == r['_a']) or (l['_nm'] and l['_nm'] == r['_nm'])
    title = l['_ti'] and l['_ti'] == r['_ti']
    if l['_c'] != r['_c']:
        ev = []
        m, c = (r, l) if l['_c'] else (l, r)
        if (l['_at'] is not None and l['_at'] == r['_at'] and (person or title)):
            ev.append('date')
        if (not person and c['_cr'] and ((m['_a'] and m['_a'] in c['_cr']) or
                (m['_nm'] and m['_nm'] in c['_cr'])) and m['_t'] is not None and
                c['_t'] is not None and 0 <= c['_t'] - m['_t'] <= 365 * 86400):
            ev.append('credit')
        if person and title:
            ev.append('title')
        elif person and ratio_bound(l['_mk'], r['_mk']) >= 0.8:
            ev.append('samemsg')
        if person and not title and alike(l['_su'], r['_su']):
            ev.append('retitle')
        return ev
    if l['_c'] or not person:
        return []
    if l['_th'] and l['_th'] == r['_th'] and l['_v'] == r['_v'] and l['_p'] != r['_p']:
        return []
    if l['_t'] is None or r['_t'] is None or abs(l['_t'] - r['_t']) > o['vw'] * 86400:
        return []
    if title:
        return ['version'] + (['repost'] if len(set(l['_ti'].split())) >= 4 else [])
    ev = ['retitle'] if alike(l['_su'], r['_su']) else []
    if (((l['_th'] and l['_th'] == r['_th'] and l['_v'] != r['_v']) or
         (r['_th'] and r['_th'] == l['id']) or (l['_th'] and l['_th'] == r['id'])) and
            l['_p'] == r['_p']):
        return ev + ['thread']
    if ratio_bound(l['_mk'], r['_mk']) >= 0.8:
        return ev + ['samemsg']
    return ev

ORDER = ['files', 'hash', 'upstream', 'link', 'date', 'version', 'title', 'repost',
         'retitle', 'credit', 'contained']

def write(l, r, msg, diff, dlr, score, via):
    out.write('%s\t%s\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\t%s\n' %
              (l['id'], r['id'], msg, diff, dlr, score, fdiff(l['_h'], r['_h']),
               ','.join(v for v in ORDER if v in via)))

def score(l, r, via):
    must = via != ['files']
    mn, mx = sorted((l['_n'], r['_n']))
    dlr = mn / mx if mx else 1.0
    msg = diff = score = 0.0
    if dlr >= o['d'] or must:
        msg = ratio(l['msg'], r['msg'])
        diff = diff_score(l['_h'], r['_h'], o['pen'])
    if dlr >= o['d']:
        w = 0.0 if l['_re'] or r['_re'] else o['w']
        score = w * msg + (1 - w) * diff
    write(l, r, msg, diff, dlr, score, via)

if pairs:
    # Recompute a sample of patchsim's rows (pairs small enough for a
    # plain LCS, spread over the file): the rows chosen go to stderr, as
    # patchsim wrote them, and their scores recomputed to stdout.
    byid_l = {r['id']: r for r in L}
    byid_r = {r['id']: r for r in R}
    rows = [ln.rstrip('\n').split('\t') for ln in open(pairs, encoding='utf-8')]
    rows = [x for x in rows if x[0] != 'left']
    small = [x for x in rows
             if len(byid_l[x[0]]['msg']) * len(byid_r[x[1]]['msg']) +
                len(byid_l[x[0]]['hunks']) * len(byid_r[x[1]]['hunks']) < cells]
    step = max(1, len(small) // sample)
    for x in small[::step][:sample]:
        sys.stderr.write('\t'.join(x) + '\n')
        score(byid_l[x[0]], byid_r[x[1]], x[7].split(','))
    sys.exit(0)

for i, l in enumerate(L):
    for j, r in enumerate(R):
        if o['self'] and j <= i:
            continue
        if l['id'] == r['id']:
            continue
        via = []
        if l['_f'] & r['_f']:
            via.append('files')
        if l['hash'] == r['hash']:
            via.append('hash')
        ups = l.get('upstream', '').split()
        rups = r.get('upstream', '').split()
        if r['id'] in ups or (o['self'] and l['id'] in rups):
            via.append('upstream')
        if o['links'] and (r['id'] in l.get('links', '').split() or
                           l['id'] in r.get('links', '').split()):
            via.append('link')
        if not via:
            # Found by its person alone: a pair only if contained.
            if not contained(l, r):
                continue
            via = ['contained']
        else:
            via += evidence(l, r)
            if contained(l, r):
                via.append('contained')
        must = via != ['files']
        # -W: a pair out of the window goes unless it has evidence; the
        # evidence that waits on the messages is judged first.
        outside = (o['W'] is not None and l['_t'] is not None and
                   r['_t'] is not None and abs(l['_t'] - r['_t']) > o['W'] * 86400)
        if outside and not must:
            continue
        mn, mx = sorted((l['_n'], r['_n']))
        dlr = mn / mx if mx else 1.0
        msg = diff = score = 0.0
        if dlr >= o['d'] or must:
            msg = ratio(l['msg'], r['msg'])
            diff = diff_score(l['_h'], r['_h'], o['pen'])
        if dlr >= o['d']:
            # A diff in a reply has no commit message: its score is its diff's.
            w = 0.0 if l['_re'] or r['_re'] else o['w']
            score = w * msg + (1 - w) * diff
        if 'thread' in via:
            via.remove('thread')
            if msg >= 0.6:
                via.append('version')
        if 'samemsg' in via:
            via.remove('samemsg')
            if msg >= 0.8:
                via.append('title' if l['_c'] != r['_c'] else 'version')
        if outside and via == ['files']:
            continue
        if score < o['F'] and via == ['files']:
            continue
        write(l, r, msg, diff, dlr, score, via)
EOF
	python3 gen.py 700 1 >big.tok
	python3 gen.py 60 2 >a.tok
	python3 gen.py 50 3 >b.tok

	# Threads: the same bytes; 700 rows are three blocks of work.
	for mode in "--self big.tok" "a.tok big.tok"; do
		patchsim -q -j1 $mode >j1
		patchsim -q -j2 $mode >j2
		patchsim -q -j4 $mode >j4
		[ "$(rows j1)" -ge 100 ]
		ok $? "$mode: $(rows j1) pairs"
		cmp -s j1 j2 && cmp -s j1 j4
		ok $? "$mode: -j1, -j2 and -j4 give the same bytes"
		# Shards: their sorted union is the sorted whole.
		for k in 1 2 3; do
			patchsim -q -H -j2 --shard "$k/3" $mode >"shard.$k"
		done
		sort shard.1 shard.2 shard.3 >shards
		sed 1d j1 | sort >whole
		same "$mode: the sorted union of --shard 1/3 2/3 3/3 is the sorted output" whole shards
		[ -s shard.1 ] && [ -s shard.2 ] && [ -s shard.3 ]
		ok $? "$mode: every shard has rows"
		# The bounds that skip LCSs change nothing: -F 0 then filtered
		# (but for scores a hair's breadth below 0.5 printed as 0.500000).
		patchsim -q -F 0 $mode | over50 >m0
		over50 <j1 >m5
		same "$mode: -F 0.5 is -F 0 filtered (bounds skip nothing)" m5 m0
	done

	# -F: nothing below it but what a hash or a name found.
	patchsim -q -H -F 0.6 --self big.tok >m6
	[ "$(wc -l <m6)" -ge 20 ]
	ok $? "-F 0.6: $(wc -l <m6) pairs"
	is "-F 0.6: no pair found by files below it" 0 \
		"$(awk -F'\t' '$6 < 0.6 && $8 == "files"' m6 | wc -l)"
	# -w: score = w * msg + (1 - w) * diff on every row past the gate.
	patchsim -q -H -w 0.65 -F 0 a.tok big.tok >w65
	[ "$(wc -l <w65)" -ge 100 ]
	ok $? "-w 0.65: $(wc -l <w65) pairs"
	is "-w 0.65: every score is 0.65 msg + 0.35 diff" 0 "$(awk -F'\t' '
		$5 >= 0.4 { d = $6 - (0.65 * $3 + 0.35 * $4); if (d < 0) d = -d; if (d > 0.000002) n++ }
		END { print n + 0 }' w65)"

	# Every score against the plain computation, with several options.
	# a.tok --self holds pairs of every via kind: date, title, version
	# (by title, by thread when the messages are alike, and by one
	# person's messages 0.8 alike, short and long), and near misses (a
	# second apart, another person, 400 days apart, two parts, messages
	# under 0.8); --window 2 drops pairs whose evidence did not hold, thread
	# and one person's, after their messages are compared.
	for opts in "--self" "-w 0.5 -d 0.2 -F 0.3 --file-penalty" "--window 20 -F 0.2" "-w 0 -F 0.4" \
	    "--self --window 2 --version-window 2 -F 0.3" "--self --version-window 500 -F 0.7" \
	    "--self --window 2 -F 0.3"; do
		case $opts in
		--self*) set -- a.tok ;;
		*) set -- a.tok b.tok ;;
		esac
		patchsim -q -H $opts "$@" >c.out
		python3 ref.py $opts "$@" >py.out
		[ -s py.out ]
		ok $? "made-up tables, $opts: $(wc -l <py.out) pairs to compare"
		close4 py.out c.out
		ok $? "made-up tables, $opts: the same pairs, scores, fdiff and via as a plain re-computation"
	done
	patchsim -q -H --self a.tok | cut -f8 | tr ',' '\n' | sort -u | tr '\n' ' ' >kinds
	is "made-up tables: a.tok --self has pairs of every kind of via" \
		"contained date files hash repost retitle title version " "$(cat kinds)"
	# The hand case once more, as a check of the checker.
	python3 ref.py l1.tok r1.tok >py.out
	printf 'L1\tR1\t0.8000\t0.7708\t0.6000\t0.7796\t0.1579\tfiles\n' >want
	close4 want py.out
	ok $? "the plain computation agrees with the hand case"
else
	skip "python3 is not installed: no made-up tables"
fi

# --- the shared jailhouse data beside PaStA ------------------------------
J=$SHARED/jailhouse
if [ -f "$J/jailhouse-dev.mbox.xz" ] && [ -f "$J/jailhouse.bundle" ] &&
    [ -f "$J/groundtruth-pasta.tsv" ] && command -v git >/dev/null 2>&1; then
	git_sandbox
	# The mail and commit patch tables (mbox2tsv -q | patchtok -q, git2tsv
	# -q | patchtok -q): made once for the tests that use them (a fixture).
	shared_tables JT "$J/jailhouse-dev.mbox.xz" "$J/jailhouse.bundle"
	ln -s "$JT/mails.tok" jm.tok
	ln -s "$JT/commits.tok" jc.tok
	run patchsim -j4 jm.tok jc.tok
	is "jailhouse: exit 0" 0 "$rc"
	cp "$T/out" jh.pairs
	[ "$(rows jm.tok)" -ge 1500 ] && [ "$(rows jc.tok)" -ge 3000 ] && [ "$(rows jh.pairs)" -ge 1000 ]
	ok $? "jailhouse: $(rows jm.tok) mail patches, $(rows jc.tok) commits, $(rows jh.pairs) pairs"

	# The mails PaStA typed "patch" in the window its result shares with
	# the archive: linked at 0.82 to a commit of their PaStA group, and
	# never to a commit outside it (bench/compare-pasta tells the rest).
	awk -F'\t' -v ta=0.82 '
	FILENAME ~ /groundtruth/ {
		if (FNR == 1) next
		id = $2; gsub(/^<|>$/, "", id)
		group[id] = $1
		if ($5 != "") pc[$1] = $5
		if ($3 == "1" && $6 == "patch") win[id] = 1
		next
	}
	FNR > 1 && $6 + 0 >= ta { ours[$1] = ours[$1] " " $2 }
	END {
		for (id in win) {
			n++
			p = " " pc[group[id]] " "
			k = split(ours[id], oc, " ")
			agree = 0
			for (i = 1; i <= k; i++)
				if (index(p, " " oc[i] " ")) agree = 1
				else if (pc[group[id]] != "") { other++; print "# " id " -> " oc[i] ", PaStA: " pc[group[id]] }
			same += agree
		}
		print n + 0, same + 0, other + 0
	}' "$J/groundtruth-pasta.tsv" jh.pairs >pasta.txt
	grep '^#' pasta.txt | head -10
	set -- $(grep -v '^#' pasta.txt)
	is "jailhouse: PaStA's patches in the window" 423 "$1"
	[ "$2" -ge 350 ]
	ok $? "jailhouse: at least 350 of them linked to PaStA's commit ($2)"
	is "jailhouse: none linked to a commit outside PaStA's group" 0 "$3"

	patchsim -q -j1 jm.tok jc.tok >j1
	same "jailhouse: -j1 gives the bytes of -j4" jh.pairs j1
	# Hunks read again from the plain files, or held (a pipe, gzip).
	gzip -c jm.tok >jm.tok.gz
	cat jc.tok | patchsim -q jm.tok.gz - >jz
	same "jailhouse: the pairs of a compressed table and a pipe are those of the files" jh.pairs jz
	patchsim -q --self jm.tok >js1
	patchsim -q --self - <jm.tok >js2
	same "jailhouse: --self on a pipe gives the bytes of --self on the file" js1 js2
	[ "$(rows js1)" -ge 100 ]
	ok $? "jailhouse: --self: $(rows js1) pairs"
	patchsim -q -F 0 jm.tok jc.tok | over50 >m0
	over50 <jh.pairs >m5
	same "jailhouse: -F 0.5 is -F 0 filtered" m5 m0
	if [ "$have_py" = 1 ]; then
		python3 ref.py --pairs jh.pairs --sample 40 jm.tok jc.tok >py.out 2>c.out
		[ "$(wc -l <py.out)" -ge 30 ]
		ok $? "jailhouse: $(wc -l <py.out) pairs small enough for a plain LCS"
		close4 py.out c.out
		ok $? "jailhouse: their scores from a plain LCS are patchsim's"
	else
		skip "python3 is not installed: no plain re-computation"
	fi
else
	skip "the shared jailhouse data (or git) is not there: $J"
fi

done_testing
