#!/bin/sh
# ptcluster: union-find on hand-made pairs (chains, thresholds, the via
# kinds that accept, the best edge and its ties), PaStA's patch-groups in
# and out, bad input and the command line; then the bundled sample run
# through the real tools: every patch once, the clusters against a
# union-find in awk, independence of input order, thresholds, -w, -g
# round trips; and PaStA's published patch-groups of jailhouse.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
HOME=$T
XDG_CONFIG_HOME=$T/.config
GIT_CONFIG_NOSYSTEM=1
GIT_CONFIG_GLOBAL=/dev/null
export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_CONFIG_GLOBAL

# A pairs table by hand: phdr, then pair LEFT RIGHT MSG DIFF DLR SCORE VIA.
phdr() {
	printf 'left\tright\tmsg\tdiff\tdlr\tscore\tvia\n'
}
pair() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@"
}
# A patch table by hand: thdr, then patch ID KIND DATE TITLE.
thdr() {
	printf 'id\tkind\tdate\tauthor\ttype\tlist\ttitle\n'
}
patch() {
	printf '%s\t%s\t%s\ta@example.com\tpatch\tl\t%s\n' "$@"
}

# members FILE: the clusters of ptcluster's output as "c: id id ...",
# one a line, in output order.
members() {
	awk -F'\t' 'NR > 1 { if ($1 != c) { if (c != "") print s; c = $1; s = c ":" }
		s = s " " $2 } END { if (c != "") print s }' "$1"
}

# --- command line -------------------------------------------------------
run ptcluster --help
is "--help exits 0" 0 "$rc"
grep -q '^usage: ptcluster' "$T/out"
ok $? "--help prints the usage on stdout"
run ptcluster --no-such-option
is "an unknown option exits 2" 2 "$rc"
grep -q '^usage: ptcluster' "$T/err"
ok $? "an unknown option prints the usage on stderr"
run ptcluster -V
grep -q '^ptcluster (patchtrack) ' "$T/out"
ok $? "--version"
phdr >empty.tsv
for bad in "-t 1.5" "-t abc" "-t -0.1" "-t 1e-1" "-t ''" "-d 2" "-w x" "-w 0,5" \
    "-a bogus" "-a hash,,link" "-a ''" "-a none,hash"; do
	eval "run ptcluster $bad empty.tsv"
	is "usage error: $bad exits 2" 2 "$rc"
	[ ! -s "$T/out" ] && grep -q '^usage: ptcluster' "$T/err"
	ok $? "usage error: $bad: nothing on stdout, the usage on stderr"
done
run ptcluster -t 1 -d 0 -w 0 -a files,hash,upstream,link empty.tsv
is "options at their limits are fine" 0 "$rc"
run ptcluster </dev/null
is "empty standard input: exit 0" 0 "$rc"
printf 'cluster\tid\tkind\tdate\tauthor\ttype\tlist\ttitle\tmails\tcommits\tpeer\tscore\tvia\n' >hdr.want
same "empty standard input: the header only" hdr.want "$T/out"
is "empty standard input: the summary line" \
	"ptcluster: 0 patches, 0 pairs read, 0 accepted, 0 clusters (0 with commits)" "$(cat "$T/err")"
run ptcluster -q -H empty.tsv
[ ! -s "$T/out" ] && [ ! -s "$T/err" ]
ok $? "-q -H: no summary, no header"

# --- union-find on a chain -----------------------------------------------
# a-b and b-c chain into one cluster, d-e is another (accepted by its
# hash, not its score), f-g scores too low, h-i has too low a dlr.
{
	phdr
	pair a b 0.9 0.9 1 0.900000 files
	pair c b 0.95 0.95 1 0.950000 files
	pair d e 0.1 0.1 1 0.100000 files,hash
	pair f g 0.8 0.8 1 0.800000 files
	pair h i 1 1 0.3 0.000000 files
} >chain.tsv
run ptcluster chain.tsv
is "chain: exit 0" 0 "$rc"
cp "$T/out" chain.out
is "chain: {a b c} {d e}, then f g h i alone" \
	"1: a b c|2: d e|3: f|4: g|5: h|6: i" "$(members chain.out | tr '\n' '|' | sed 's/|$//')"
is "chain: the summary" \
	"ptcluster: 9 patches, 5 pairs read, 3 accepted, 6 clusters (0 with commits)" "$(cat "$T/err")"
is "chain: each member's best pair (peer score via)" \
	"a b 0.900000 files|b c 0.950000 files|c b 0.950000 files|d e 0.100000 files,hash|e d 0.100000 files,hash|f   |g   |h   |i   " \
	"$(sed 1d chain.out | cut -f2,11-13 | tr '\t\n' ' |' | sed 's/|$//')"
is "chain: mails and commits counted per cluster, ids guessed as mails" \
	"3 0 mail|3 0 mail|3 0 mail|2 0 mail|2 0 mail|1 0 mail|1 0 mail|1 0 mail|1 0 mail" \
	"$(sed 1d chain.out | awk -F'\t' '{ print $9, $10, $3 }' | tr '\n' '|' | sed 's/|$//')"
is "-a none: d-e is accepted by score only, so not" "1: a b c|2: d|3: e|4: f|5: g|6: h|7: i" \
	"$(ptcluster -q -a none chain.tsv | members /dev/stdin | tr '\n' '|' | sed 's/|$//')"
is "-t 0.8: f-g joins" "1: a b c|2: d e|3: f g|4: h|5: i" \
	"$(ptcluster -q -t 0.8 chain.tsv | members /dev/stdin | tr '\n' '|' | sed 's/|$//')"
is "-t 0.91: a-b breaks" "1: a|2: b c|3: d e|4: f|5: g|6: h|7: i" \
	"$(ptcluster -q -t 0.91 chain.tsv | members /dev/stdin | tr '\n' '|' | sed 's/|$//')"
is "-t 0 -d 0.3: h-i joins (dlr 0.3, score 0)" "1: a b c|2: d e|3: f g|4: h i" \
	"$(ptcluster -q -t 0 -d 0.3 chain.tsv | members /dev/stdin | tr '\n' '|' | sed 's/|$//')"
is "-t 0 -d 0.31: h-i does not" "1: a b c|2: d e|3: f g|4: h|5: i" \
	"$(ptcluster -q -t 0 -d 0.31 chain.tsv | members /dev/stdin | tr '\n' '|' | sed 's/|$//')"
is "-t 0.95 -a files: every pair found by files, whatever its score" "1: a b c|2: d e|3: f g|4: h i" \
	"$(ptcluster -q -t 0.95 -a files chain.tsv | members /dev/stdin | tr '\n' '|' | sed 's/|$//')"
# -w 1: the score is msg; b's best pair is still c (0.95), f-g at 0.8.
is "-w 1 -t 0.8: scores recomputed from msg" "b c 0.950000|f g 0.800000|h i 1.000000" \
	"$(ptcluster -q -w 1 -t 0.8 -d 0 chain.tsv | awk -F'\t' '$2 == "b" || $2 == "f" || $2 == "h" { print $2, $11, $12 }' | tr '\n' '|' | sed 's/|$//')"
cut -f1,2,5-7 chain.tsv >nomsg.tsv
run ptcluster -w 0.5 nomsg.tsv
is "-w without msg and diff columns: exit 1" 1 "$rc"
grep -q "nomsg.tsv: missing column 'msg'" "$T/err"
ok $? "-w without a msg column: the column is named"
run ptcluster nomsg.tsv
is "without -w msg and diff are not needed" 0 "$rc"

# The best pair: ties go to the smaller peer id, whatever the row order.
{
	phdr
	pair x z 0.9 0.9 1 0.900000 files
	pair x y 0.9 0.9 1 0.900000 files
	pair w x 0.85 0.85 1 0.850000 files,hash
} >tie1.tsv
{ phdr; sed 1d tie1.tsv | sort -r; } >tie2.tsv
is "a tie: the smaller peer" "y 0.900000 files" \
	"$(ptcluster -q tie1.tsv | awk -F'\t' '$2 == "x" { print $11, $12, $13 }')"
ptcluster -q tie1.tsv >t1
ptcluster -q tie2.tsv >t2
same "a tie: the same bytes with the rows reversed" t1 t2

# Patch tables: attributes, kinds, the order of clusters and members.
C1=1111111111111111111111111111111111111111
C2=2222222222222222222222222222222222222222
C3=3333333333333333333333333333333333333333
{
	thdr
	patch m1 mail 2020-01-05T00:00:00Z 'first posting'
	patch m2 mail 2020-01-09T00:00:00Z 'second posting'
	patch m3 mail '' 'undated'
	patch "$C1" commit 2020-01-02T00:00:00Z 'the commit'
	patch lone mail 2020-01-03T00:00:00Z 'nobody answers'
} >t.tok
{
	phdr
	pair m1 "$C1" 0.9 0.9 1 0.900000 files
	pair m2 m1 1 1 1 1.000000 files
	pair m3 m2 1 1 1 1.000000 files
	pair u1 "$C2" 0.5 0.5 1 0.500000 files
} >t.tsv
run ptcluster t.tsv t.tok
is "tables: exit 0" 0 "$rc"
cut -f1-4,8-10 "$T/out" >got
{
	printf 'cluster\tid\tkind\tdate\ttitle\tmails\tcommits\n'
	printf '1\tm1\tmail\t2020-01-05T00:00:00Z\tfirst posting\t3\t1\n'
	printf '1\tm2\tmail\t2020-01-09T00:00:00Z\tsecond posting\t3\t1\n'
	printf '1\tm3\tmail\t\tundated\t3\t1\n'
	printf '1\t%s\tcommit\t2020-01-02T00:00:00Z\tthe commit\t3\t1\n' "$C1"
	printf '2\tlone\tmail\t2020-01-03T00:00:00Z\tnobody answers\t1\t0\n'
	printf '3\t%s\tcommit\t\t\t0\t1\n' "$C2"
	printf '4\tu1\tmail\t\t\t1\t0\n'
} >want
same "tables: clusters by earliest date, undated last; mails first, by date, undated last" want got
run ptcluster t.tok t.tsv
cut -f1-4,8-10 "$T/out" >got
same "tables: the operand order does not matter" want got
is "tables: the summary counts clusters with commits" \
	"ptcluster: 7 patches, 4 pairs read, 3 accepted, 4 clusters (2 with commits)" "$(cat "$T/err")"
{ cat t.tok; patch m1 mail 2021-01-01T00:00:00Z 'a later copy'; } >t2.tok
run ptcluster t.tsv t2.tok t.tok
is "an id repeated in the tables: exit 0" 0 "$rc"
cut -f1-4,8-10 "$T/out" >got
same "an id repeated in the tables: the first row wins" want got
grep -qx 'ptcluster: 5 ids repeated in patch tables (first kept)' "$T/err"
ok $? "ids repeated in the tables are counted on stderr"
run ptcluster -q t.tsv t2.tok
[ ! -s "$T/err" ]
ok $? "-q: the count of repeated ids is left out too"

# --- patch-groups ------------------------------------------------------
{
	echo "<m2> <m1> => $C1"
	echo "<g1>"
	echo "=> $C2 1234"
	echo "<$C3> => feed"
	echo
} >pg
run ptcluster -G pg -g
is "-G -g: exit 0 (and standard input is not read)" 0 "$rc"
{
	echo "<m1> <m2> => $C1"
	echo "=> 1234 $C2"
	echo "<$C3> => feed"
	echo "<g1>"
} >want
same "-G -g: lines sorted inside, clusters by smallest id" want "$T/out"
is "-G: the summary" "ptcluster: 8 patches, 0 pairs read, 0 accepted, 4 clusters (3 with commits)" \
	"$(cat "$T/err")"
run ptcluster -q -G pg
is "-G: a member joined only by its line has via groups, no peer, no score" \
	"m1 mail   groups|m2 mail   groups|$C1 commit   groups|1234 commit   groups|$C2 commit   groups|$C3 mail   groups|feed commit   groups|g1 mail   " \
	"$(sed 1d "$T/out" | cut -f2,3,11-13 | tr '\t\n' ' |' | sed 's/|$//')"
run ptcluster -q -G pg t.tsv t.tok
is "-G with pairs: the union of both" "1: m1 m2 m3 $C1|2: lone|3: 1234 $C2|4: $C3 feed|5: g1|6: u1" \
	"$(members "$T/out" | tr '\n' '|' | sed 's/|$//')"
is "-G with pairs: a member with an accepted pair shows it" "m1 m2 1.000000 files" \
	"$(awk -F'\t' '$2 == "m1" { print $2, $11, $12, $13 }' "$T/out")"
run ptcluster -q -g t.tsv t.tok
printf '<m1> <m2> <m3> => %s\n<lone>\n=> %s\n<u1>\n' "$C1" "$C2" >want
same "-g from pairs and tables: patch-groups in cluster order" want "$T/out"
ptcluster -q -g -G pg -G pg >g1
ptcluster -q -g -G g1 >g2
same "-g is a fixed point, and a file given twice changes nothing" g1 g2
{
	echo "<ok1> <ok2>"
	echo "bad1 <x1> => $C1"
	echo "<x2> => $C1 => $C2"
	echo "<x3> => <x4>"
	echo "<>"
	echo "<ok3> => $C1"
} >badpg
run ptcluster -G badpg -g
is "bad patch-groups lines: exit 1" 1 "$rc"
is "bad patch-groups lines: each named with its line" \
	"badpg:2: a mail id not in angle brackets|badpg:3: a second '=>'|badpg:4: a mail id in angle brackets right of '=>'|badpg:5: a mail id not in angle brackets" \
	"$(grep -v 'patches,' "$T/err" | sed 's/^ptcluster: //' | tr '\n' '|' | sed 's/|$//')"
printf '<ok3> => %s\n<ok1> <ok2>\n' "$C1" >want
same "bad patch-groups lines join nothing, the good ones are written" want "$T/out"
run ptcluster -G "$T/missing" -g
is "a missing groups file: exit 1" 1 "$rc"
grep -q "missing" "$T/err"
ok $? "a missing groups file is named"

# Ids with white space: TSV escapes them, patch-groups cannot hold them.
{ phdr; pair 'a b' 'c\tt' 1 1 1 1 files; pair e f 1 1 1 1 files; } >blank.tsv
run ptcluster -q blank.tsv
is "an id with a TAB is escaped in the TSV output" 'a b|c\tt' \
	"$(sed -n '2,3p' "$T/out" | cut -f2 | tr '\n' '|' | sed 's/|$//')"
run ptcluster -q -g blank.tsv
is "-g and ids with white space: exit 1" 1 "$rc"
is "-g and ids with white space: left out, counted" \
	"<e> <f>|ptcluster: 2 ids with white space left out of the patch-groups output" \
	"$(cat "$T/out" "$T/err" | tr '\n' '|' | sed 's/|$//')"

# --- bad input ------------------------------------------------------------
{
	phdr
	pair a b 0.9 0.9 1 0.900000 files
	pair c d 0.9 0.9 1 x files
	pair e f 0.9 0.9 1.5 0.900000 files
	pair g h 0.9 0.9 1 '' files
	pair '' h 0.9 0.9 1 0.900000 files
	pair i j 0.9 0.9 1 ' 0.9' files
	printf 'k\tl\t1\t1\t1\n'
	pair m n 0.9 0.9 1 0.900000 files
} >bad.tsv
run ptcluster bad.tsv
is "bad numbers: exit 1" 1 "$rc"
is "bad rows: each named with file and line" \
	"bad.tsv:3: column 'score': not a number from 0 to 1|bad.tsv:4: column 'dlr': not a number from 0 to 1|bad.tsv:5: column 'score': not a number from 0 to 1|bad.tsv:6: column 'left': empty id|bad.tsv:7: column 'score': not a number from 0 to 1|bad.tsv:8: 5 fields, the header has 7" \
	"$(grep -v 'patches,' "$T/err" | sed 's/^ptcluster: //' | tr '\n' '|' | sed 's/|$//')"
is "bad rows: the good rows are still clustered" "1: a b|2: m n" \
	"$(members "$T/out" | tr '\n' '|' | sed 's/|$//')"
run ptcluster -w 0.5 bad.tsv
grep -q "bad.tsv:3: column 'score'" "$T/err"
is "-w: a bad score column does not matter" "1" "$?"
cut -f1,2,3,4,6,7 chain.tsv >nodlr.tsv
run ptcluster nodlr.tsv
is "a pairs table without dlr: exit 1" 1 "$rc"
grep -q "nodlr.tsv: missing column 'dlr'" "$T/err"
ok $? "a pairs table without dlr: the column is named"
printf 'id\tdate\n' >neither.tsv
run ptcluster neither.tsv chain.tsv
is "an unknown table: exit 1" 1 "$rc"
grep -qx "ptcluster: neither.tsv: neither a pairs table (left, right, score) nor a patch table (id, kind)" "$T/err"
ok $? "an unknown table is named"
members "$T/out" | head -1 >got
is "an unknown table: the others are still clustered" "1: a b c" "$(cat got)"
{ thdr; patch t1 tag 2020-01-01T00:00:00Z x; patch '' mail 2020-01-01T00:00:00Z y; patch t2 mail '' z; } >badkind.tok
run ptcluster badkind.tok
is "a bad kind in a table: exit 1" 1 "$rc"
grep -q "badkind.tok:2: column 'kind': neither mail nor commit" "$T/err" &&
    grep -q "badkind.tok:3: column 'id': empty id" "$T/err"
ok $? "a bad kind and an empty id are named with their lines"
is "a bad kind in a table: the good row is written" "1: t2" "$(members "$T/out")"
run ptcluster "$T/missing.tsv" chain.tsv
is "a missing file: exit 1" 1 "$rc"
grep -q "missing.tsv" "$T/err"
ok $? "a missing file is named"
: >zero.tsv
run ptcluster zero.tsv chain.tsv
is "a 0-byte file is an empty table" 0 "$rc"
printf 'left\tright\tscore\n' | gzip >nodlr.gz
run ptcluster nodlr.gz
is "compressed input is read (and then lacks dlr)" 1 "$rc"

# --- the sample, through the real tools -----------------------------------
if command -v git >/dev/null 2>&1 &&
    git clone -q --bare "$top/sample/jailhouse-2019.bundle" jh.git 2>/dev/null; then
	mbox2tsv -q "$top/sample/jailhouse-dev-2019.mbox.xz" >mails.tsv
	git2tsv -q --since 2019-04-28 jh.git >commits.tsv
	patchtok -q mails.tsv >mails.tok
	patchtok -q commits.tsv >commits.tok
	patchsim -q mails.tok commits.tok >pairs.tsv
	patchsim -q --self mails.tok >self.tsv
	[ "$(rows mails.tok)" -ge 100 ] && [ "$(rows commits.tok)" -ge 30 ] &&
	    [ "$(rows pairs.tsv)" -ge 50 ] && [ "$(rows self.tsv)" -ge 50 ]
	ok $? "sample: $(rows mails.tok) mail patches, $(rows commits.tok) commits, $(rows pairs.tsv) + $(rows self.tsv) pairs"

	run ptcluster mails.tok commits.tok pairs.tsv self.tsv
	is "sample: exit 0" 0 "$rc"
	cp "$T/out" cl.tsv
	cp "$T/err" cl.err
	head -1 cl.tsv >hdr
	same "sample: the documented columns" hdr.want hdr
	{ cut -f1 mails.tok commits.tok; cut -f1,2 pairs.tsv self.tsv | tr '\t' '\n'; } |
	    grep -v '^id$\|^left$\|^right$' | sort -u >ids.want
	cut -f2 cl.tsv | sed 1d | sort >ids
	same "sample: every id once, none other" ids.want ids
	is "sample: rows = distinct ids" "$(wc -l <ids.want)" "$(rows cl.tsv)"
	set -- $(sed -n 's/^ptcluster: \([0-9]*\) patches, \([0-9]*\) pairs read, \([0-9]*\) accepted, \([0-9]*\) clusters (\([0-9]*\) with commits)$/\1 \2 \3 \4 \5/p' cl.err)
	is "sample: the summary's patches" "$(wc -l <ids.want)" "$1"
	is "sample: the summary's pairs" "$(($(rows pairs.tsv) + $(rows self.tsv)))" "$2"
	is "sample: the summary's clusters" "$(cut -f1 cl.tsv | sed 1d | sort -u | wc -l)" "$4"
	is "sample: the summary's clusters with commits" \
		"$(awk -F'\t' 'NR > 1 && $10 > 0 { print $1 }' cl.tsv | sort -u | wc -l)" "$5"
	is "sample: kinds from the tables" \
		"$(sed 1d commits.tok | wc -l) commit $(sed 1d mails.tok | cut -f1 | sort -u | wc -l) mail" \
		"$(cut -f3 cl.tsv | sed 1d | sort | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? " " : ""), $1, $2 }')"

	# The same partition from a union-find in awk: accepted edges, the
	# smaller id the root, every id named by the minimum of its component.
	awk -F'\t' '
	function find(x) { while (p[x] != x) x = p[x]; return x }
	function node(x) { if (!(x in p)) p[x] = x }
	FNR == 1 { next }
	FILENAME ~ /tok$/ { node("x" $1); next }
	{
		l = "x" $1; r = "x" $2
		node(l); node(r)
		if (($5 >= 0.4 && $6 >= 0.82) || $7 ~ /hash|upstream|link/) {
			a = find(l); b = find(r)
			if (a < b) p[b] = a; else if (b < a) p[a] = b
		}
	}
	END { for (x in p) print substr(x, 2) "\t" substr(find(x), 2) }' \
	    mails.tok commits.tok pairs.tsv self.tsv | sort >part.want
	awk -F'\t' 'NR > 1 { c[NR] = $1; id[NR] = $2; v = "x" $2; if (!($1 in m) || v < m[$1]) m[$1] = v }
	    END { for (k in c) print id[k] "\t" substr(m[c[k]], 2) }' cl.tsv | sort >part
	same "sample: the clusters are the components of a union-find in awk" part.want part
	[ "$(awk -F'\t' '$1 != $2' part | cut -f2 | sort -u | wc -l)" -ge 20 ]
	ok $? "sample: $(awk -F'\t' '$1 != $2' part | cut -f2 | sort -u | wc -l) clusters of more than one patch"

	awk -F'\t' '
	NR == 1 { next }
	$1 != c {
		if (c != "" && $1 != c + 1) bad = bad " numbering at " $1
		c = $1; seen_commit = 0
		if (first[c] != "") bad = bad " cluster " c " twice"
		first[c] = 1
	}
	{ n[c]++; k[c, $3]++ }
	$3 == "commit" { seen_commit = 1 }
	$3 == "mail" && seen_commit { bad = bad " mail after commit in " c }
	{ mails[c] = $9; commits[c] = $10 }
	END {
		for (x in n)
			if (k[x, "mail"] + 0 != mails[x] || k[x, "commit"] + 0 != commits[x])
				bad = bad " counts of " x
		print bad
	}' cl.tsv >check
	is "sample: clusters numbered 1.. in one run each, mails first, counts right" "" "$(cat check)"
	awk -F'\t' 'NR > 1 && $4 != "" && (!($1 in m) || $4 < m[$1]) { m[$1] = $4 }
	    NR > 1 { last = $1 }
	    END { for (c = 1; c <= last; c++) print c "\t" (c in m ? m[c] : "~") }' cl.tsv >dates
	sort -t'	' -k2,2 -k1,1n dates >dates.sorted
	same "sample: clusters in the order of their earliest date" dates dates.sorted

	# Every accepted pair inside one cluster; mails found by hash beside
	# their commit.
	awk -F'\t' 'FNR == 1 { next } FILENAME == "cl.tsv" { c[$2] = $1; next }
	    $7 ~ /hash/ { n++; if (c[$1] != c[$2]) bad++ } END { print n + 0, bad + 0 }' \
	    cl.tsv pairs.tsv >hash
	set -- $(cat hash)
	[ "$1" -ge 10 ]
	ok $? "sample: $1 mail-commit pairs found by hash"
	is "sample: each mail found by hash is in its commit's cluster" 0 "$2"

	# The best pair: the highest score among the member's accepted pairs.
	awk -F'\t' 'FNR == 1 { next }
	    FILENAME != "cl.tsv" {
		if (!(($5 >= 0.4 && $6 >= 0.82) || $7 ~ /hash|upstream|link/)) next
		for (s = 1; s <= 2; s++) {
			x = s == 1 ? $1 : $2; y = "" (s == 1 ? $2 : $1)
			if (!(x in best) || $6 + 0 > best[x] + 0 || ($6 + 0 == best[x] + 0 && y < peer[x]))
				{ best[x] = $6; peer[x] = y }
		}
		next
	    }
	    { got = $11 " " $12; want = (($2 in best) ? peer[$2] " " best[$2] : " ")
	      if (got != want) { bad++; if (bad < 5) print "# " $2 ": " got " want " want } }
	    END { print bad + 0 }' pairs.tsv self.tsv cl.tsv >best
	grep '^#' best
	is "sample: each member's peer and score are its best accepted pair" 0 "$(grep -v '^#' best)"

	# Order of the input: pairs shuffled, files reversed, through a pipe.
	{ phdr; sed 1d self.tsv pairs.tsv | shuf; } >shuf.tsv
	run ptcluster - commits.tok mails.tok <shuf.tsv
	same "sample: pairs shuffled and files reversed give the same bytes" cl.tsv "$T/out"
	same "sample: ... and the same summary" cl.err "$T/err"
	cat pairs.tsv self.tsv | ptcluster -q mails.tok commits.tok - >got
	same "sample: two pair tables through one pipe (a header inside)" cl.tsv got

	# Thresholds move the number of clusters one way.
	nc() { ptcluster -q -H "$@" | cut -f1 | sort -u | wc -l; }
	n0=$(nc mails.tok commits.tok pairs.tsv self.tsv)
	n99=$(nc -t 0.99 mails.tok commits.tok pairs.tsv self.tsv)
	nall=$(nc -t 0 -d 0 mails.tok commits.tok pairs.tsv self.tsv)
	nnone=$(nc -t 1 -a none mails.tok commits.tok pairs.tsv self.tsv)
	[ "$n99" -ge "$n0" ] && [ "$nall" -le "$n0" ] && [ "$nnone" -ge "$n99" ]
	ok $? "sample: clusters at -t 0 -d 0: $nall, default: $n0, -t 0.99: $n99, -t 1 -a none: $nnone"
	[ "$nall" -lt "$n0" ] && [ "$n0" -lt "$nnone" ]
	ok $? "sample: the thresholds make a difference"

	# -w: the score of each member's pair recomputed as awk computes it.
	ptcluster -q -w 0.6 -t 0 -d 0 -a none mails.tok commits.tok pairs.tsv self.tsv >w6
	awk -F'\t' 'FNR == 1 { next }
	    FILENAME != "w6" { s[$1 "\t" $2] = s[$2 "\t" $1] = 0.6 * $3 + 0.4 * $4; next }
	    $11 != "" { n++; d = $12 - s[$2 "\t" $11]; if (d < 0) d = -d; if (d > 0.0000006) bad++ }
	    END { print n + 0, bad + 0 }' pairs.tsv self.tsv w6 >wchk
	set -- $(cat wchk)
	[ "$1" -ge 100 ]
	ok $? "-w 0.6: $1 members with a pair"
	is "-w 0.6: every score is 0.6 msg + 0.4 diff of its pair" 0 "$2"

	# patch-groups out and in.
	ptcluster -q -g mails.tok commits.tok pairs.tsv self.tsv >x.groups
	is "-g: one line per cluster" "$n0" "$(wc -l <x.groups)"
	awk -F'\t' 'NR > 1 { k = $1; if ($3 == "mail") m[k] = m[k] " <" $2 ">"; else c[k] = c[k] " " $2 }
	    NR > 1 { last = $1 }
	    END { for (k = 1; k <= last; k++) { s = substr(m[k], 2); if (c[k] != "") s = s (s == "" ? "=>" : " =>") c[k]; print s } }' \
	    cl.tsv >want.groups
	# The TSV sorts members by date, -g by id: compare line by line sorted.
	norm() {
		awk '{ side = 0; for (i = 1; i <= NF; i++) { if ($i == "=>") { side = 1; continue }
			print NR "\t" side "\t" $i } }' "$1" | sort -t'	' -k1,1n -k2,2n -k3,3 |
		awk -F'\t' '$1 != l { if (NR > 1) print s; s = ""; l = $1; sd = -1 }
			{ if ($2 == 1 && sd != 1) s = s (s == "" ? "=> " : " => "); else if (s != "") s = s " "
			  s = s $3; sd = $2 }
			END { if (NR) print s }'
	}
	norm want.groups >a
	norm x.groups >b
	same "-g: the clusters of the TSV output, line by line" a b
	ptcluster -q -g -G x.groups >y.groups
	ptcluster -q -g -G y.groups >z.groups
	same "-g then -G -g: a fixed point" y.groups z.groups
	sort x.groups >xs
	sort y.groups >ys
	same "-G -g: the same lines as -g wrote (in the order of ids without dates)" xs ys
	ptcluster -q -g -G x.groups mails.tok commits.tok >xx.groups
	same "-G with the tables: the order of -g again" x.groups xx.groups
else
	skip "git is not available: no sample repository"
fi

# --- PaStA's own result -----------------------------------------------------
PG=jailhouse/pasta/patch-groups
if has_shared "$PG"; then
	run ptcluster -G "$SHARED/$PG" -g
	is "PaStA's patch-groups: exit 0" 0 "$rc"
	cp "$T/out" pasta.groups
	is "PaStA's patch-groups: 2945 clusters" 2945 "$(wc -l <pasta.groups)"
	# PaStA's lines with the ids of each side sorted (mail ids without
	# their brackets, as ptcluster sorts them).
	awk '{ side = 0; for (i = 1; i <= NF; i++) { if ($i == "=>") { side = 1; continue }
		t = $i; if (!side) t = substr(t, 2, length(t) - 2); print NR "\t" side "\t" t } }' \
	    "$SHARED/$PG" | sort -t'	' -k1,1n -k2,2n -k3,3 |
	awk -F'\t' '$1 != l { if (NR > 1) print s; s = ""; l = $1; sd = -1 }
		{ if ($2 == 1 && sd != 1) s = s (s == "" ? "=> " : " => "); else if (s != "") s = s " "
		  s = s ($2 == 0 ? "<" $3 ">" : $3); sd = $2 }
		END { if (NR) print s }' | sort >pasta.want
	sort pasta.groups >pasta.got
	same "PaStA's patch-groups: the same lines, each sorted" pasta.want pasta.got
	is "PaStA's patch-groups: 2166 with commits, 66 without mails" "2166 66" \
		"$(grep -c '=>' pasta.groups) $(grep -c '^=> ' pasta.groups)"
	ptcluster -q -g -G pasta.groups >again
	same "PaStA's patch-groups: normalized once is normalized" pasta.groups again
else
	skip "the shared PaStA result is not there: $SHARED/$PG"
fi

done_testing
