#!/bin/sh
# ptcluster: hand-made pairs: PaStA's connected components (--pasta) and the
# default's rules beside them, each with a control that flips it (a mail
# joins its best commit, commits join only as the same change, mails
# join unless two commits or two parts of one posting meet, the fdiff
# veto, what date, title and version evidence need), thresholds, the
# best edge and its ties, the peer/score/via audit columns, PaStA's
# patch-groups in and out, bad input and the command line; then the
# bundled sample run through the real tools: every patch once, --pasta's
# clusters against a union-find in awk and the default's against the
# rules written again in awk, independence of input order, thresholds,
# -w, --groups round trips; PaStA's published patch-groups of jailhouse; and
# the whole erofs data against the commits' own Link: trailers.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

# A pairs table by hand: phdr, then pair LEFT RIGHT MSG DIFF DLR SCORE VIA
# (without fdiff, as another scorer may write it: then nothing is vetoed
# by fdiff); fphdr, then fpair LEFT RIGHT MSG DIFF DLR SCORE FDIFF VIA, as
# patchsim writes them (lib.sh).
phdr() {
	printf 'left\tright\tmsg\tdiff\tdlr\tscore\tvia\n'
}
pair() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@"
}
# A patch table by hand: thdr, then patch ID KIND DATE TITLE; mhdr, then
# mpatch ID KIND DATE TITLE THREAD VERSION PART TOTAL (patchtok's columns
# for the parts of a posting).
thdr() {
	printf 'id\tkind\tdate\tauthor\ttype\tlist\ttitle\n'
}
patch() {
	printf '%s\t%s\t%s\ta@example.com\tpatch\tl\t%s\n' "$@"
}
mhdr() {
	printf 'id\tkind\tdate\tauthor\ttype\tlist\ttitle\tthread\tversion\tpart\ttotal\n'
}
mpatch() {
	printf '%s\t%s\t%s\ta@example.com\tpatch\tl\t%s\t%s\t%s\t%s\t%s\n' "$@"
}
# members FILE and cl ARGS... (lib.sh): the clusters of ptcluster's
# output as "c: id id ...", one a line; of ptcluster -q ARGS, "|" between.
# audit FILE: "id peer score via" of every row, "|" between.
audit() {
	sed 1d "$1" | cut -f2,11-13 | tr '\t\n' ' |' | sed 's/|$//'
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
    "-a bogus" "-a hash,,link" "-a ''" "-a none,hash" "--fdiff 1.1" "--fdiff x" "--title-threshold -1" "-D 2" "-a date,bogus" \
    "-P" "-c" "-g" "-f 0" "-T 0"; do
	eval "run ptcluster $bad empty.tsv"
	is "usage error: $bad exits 2" 2 "$rc"
	[ ! -s "$T/out" ] && grep -q '^usage: ptcluster' "$T/err"
	ok $? "usage error: $bad: nothing on stdout, the usage on stderr"
done
run ptcluster -t 1 -d 0 -w 0 -a files,hash,upstream,link empty.tsv
is "options at their limits are fine" 0 "$rc"
run ptcluster --chain --pasta --fdiff 1 --title-threshold 0 -D 1 -a date,title,version empty.tsv
is "the new options at their limits are fine" 0 "$rc"
ptcluster --help >help.txt
grep -q -- '--pasta' help.txt && grep -q -- '--chain' help.txt && grep -q -- '--fdiff' help.txt
ok $? "--help names --pasta, --chain and --fdiff"
run ptcluster </dev/null
is "quiet on success: nothing on stderr" "" "$(cat "$T/err")"
run ptcluster -v </dev/null
is "empty standard input: exit 0" 0 "$rc"
printf 'cluster\tid\tkind\tdate\tauthor\ttype\tlist\ttitle\tmails\tcommits\tpeer\tscore\tvia\n' >hdr.want
same "empty standard input: the header only" hdr.want "$T/out"
is "empty standard input: the summary line" \
	"ptcluster: 0 patches, 0 pairs read, 0 accepted, 0 clusters (0 with commits)" "$(cat "$T/err")"
run ptcluster -q -H empty.tsv
[ ! -s "$T/out" ] && [ ! -s "$T/err" ]
ok $? "-q -H: no summary, no header"

# --- PaStA's connected components (--pasta) on a chain of mails --------------
# a-b and b-c chain into one cluster, d-e is another (accepted by its
# hash, not its score), f-g scores too low, h-i has too low a dlr.  The
# table has no fdiff (nothing is vetoed); chain.tok names the nine mails.
{
	phdr
	pair a b 0.9 0.9 1 0.900000 files
	pair c b 0.95 0.95 1 0.950000 files
	pair d e 0.1 0.1 1 0.100000 files,hash
	pair f g 0.8 0.8 1 0.800000 files
	pair h i 1 1 0.3 0.000000 files
} >chain.tsv
{ thdr; for x in a b c d e f g h i; do patch "$x" mail '' "title $x"; done; } >chain.tok
run ptcluster -v --pasta chain.tsv chain.tok
is "chain, --pasta (PaStA's components): exit 0" 0 "$rc"
cp "$T/out" chain.out
is "chain, --pasta (PaStA's components): {a b c} {d e}, then f g h i alone" \
	"1: a b c|2: d e|3: f|4: g|5: h|6: i" "$(members chain.out | tr '\n' '|' | sed 's/|$//')"
is "chain, --pasta: the summary" \
	"ptcluster: 9 patches, 5 pairs read, 3 accepted, 6 clusters (0 with commits)" "$(cat "$T/err")"
is "chain, --pasta: each member's best pair (peer score via)" \
	"a b 0.900000 files|b c 0.950000 files|c b 0.950000 files|d e 0.100000 files,hash|e d 0.100000 files,hash|f   |g   |h   |i   " \
	"$(audit chain.out)"
is "chain, --pasta: mails and commits counted per cluster" \
	"3 0 mail|3 0 mail|3 0 mail|2 0 mail|2 0 mail|1 0 mail|1 0 mail|1 0 mail|1 0 mail" \
	"$(sed 1d chain.out | awk -F'\t' '{ print $9, $10, $3 }' | tr '\n' '|' | sed 's/|$//')"
# Mails without commits or parts of a posting: the default joins them as
# --pasta does.  With commits in the chain it does not (below).
ptcluster -v chain.tsv chain.tok >chain-default.out 2>chain-default.err
same "chain of mails only: the default makes --pasta's clusters, byte for byte" chain.out chain-default.out
is "chain of mails only: the default's summary" \
	"ptcluster: 9 patches, 5 pairs read, 3 accepted, 6 clusters (0 with commits)" "$(cat chain-default.err)"
# ptcluster(1): every id named by a pair, accepted or not, is a patch of
# the output (a cluster of its own).
is "--pasta without patch tables: the ids of rejected pairs are clusters of their own (ptcluster(1))" \
	"1: a b c|2: d e|3: f|4: g|5: h|6: i" "$(cl --pasta chain.tsv)"
is "--pasta without patch tables: the summary counts them" \
	"ptcluster: 9 patches, 5 pairs read, 3 accepted, 6 clusters (0 with commits)" \
	"$(ptcluster -v --pasta chain.tsv 2>&1 >/dev/null)"
is "-a none: d-e is accepted by score only, so not" "1: a b c|2: d|3: e|4: f|5: g|6: h|7: i" \
	"$(cl -a none chain.tsv chain.tok)"
is "--pasta -a none: the same (options after --pasta change it)" "1: a b c|2: d|3: e|4: f|5: g|6: h|7: i" \
	"$(cl --pasta -a none chain.tsv chain.tok)"
is "-t 0.8: f-g joins" "1: a b c|2: d e|3: f g|4: h|5: i" "$(cl -t 0.8 chain.tsv chain.tok)"
is "-t 0.91: a-b breaks" "1: a|2: b c|3: d e|4: f|5: g|6: h|7: i" "$(cl -t 0.91 chain.tsv chain.tok)"
is "-t 0 -d 0.3: h-i joins (dlr 0.3, score 0)" "1: a b c|2: d e|3: f g|4: h i" \
	"$(cl -t 0 -d 0.3 chain.tsv chain.tok)"
is "-t 0 -d 0.31: h-i does not" "1: a b c|2: d e|3: f g|4: h|5: i" "$(cl -t 0 -d 0.31 chain.tsv chain.tok)"
is "-t 0.95 -a files: every pair found by files, whatever its score" "1: a b c|2: d e|3: f g|4: h i" \
	"$(cl -t 0.95 -a files chain.tsv chain.tok)"
# -w 1: the score is msg; b's best pair is still c (0.95), f-g at 0.8.
is "-w 1 -t 0.8: scores recomputed from msg" "b c 0.950000|f g 0.800000|h i 1.000000" \
	"$(ptcluster -q -w 1 -t 0.8 -d 0 chain.tsv chain.tok | awk -F'\t' '$2 == "b" || $2 == "f" || $2 == "h" { print $2, $11, $12 }' | tr '\n' '|' | sed 's/|$//')"
cut -f1,2,5-7 chain.tsv >nomsg.tsv
run ptcluster -w 0.5 nomsg.tsv
is "-w without msg and diff columns: exit 2" 2 "$rc"
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

# --- the default's rules written again, in awk ------------------------------
# edges.awk TABLES... PAIRS...: the nodes of the patch tables ("n", id,
# kind, thread, version, part, total) and the pairs the default accepts,
# as ptcluster(1) and its help describe it ("e", strength, score, left,
# right, via as bits: files 1, hash 2, upstream 4, link 8, date 16,
# version 32, title 64, repost 128, retitle 256, credit 512, contained
# 1024; the evidence that did not hold taken out).
cat >edges.awk <<'AWK'
# has(V, B): is bit B (a power of 2) set in V (awk has no and()).
function has(v, b) { return int(v / b) % 2 }
function num(s) { return s ~ /^[0-9]+$/ && s + 0 <= 1000000 ? s + 0 : 0 }
function bits(s,   k, i, a, b, seen) {
	k = split(s, a, ",")
	b = 0
	for (i = 1; i <= k; i++)
		if ((a[i] in VB) && !(a[i] in seen)) { b += VB[a[i]]; seen[a[i]] = 1 }
	return b
}
BEGIN {
	FS = OFS = "\t"
	VB["files"] = 1; VB["hash"] = 2; VB["upstream"] = 4; VB["link"] = 8
	VB["date"] = 16; VB["version"] = 32; VB["title"] = 64
	VB["repost"] = 128; VB["retitle"] = 256; VB["credit"] = 512; VB["contained"] = 1024
	t = 0.82; d = 0.4; f = 0.33; T = 0.6; D = 0.5; w = 0.3
}
FNR == 1 {
	split("", c)
	for (i = 1; i <= NF; i++) c[$i] = i
	pairs = ("left" in c) && ("right" in c) && ("score" in c)
	next
}
!pairs {
	print "n", $c["id"], $c["kind"], ("thread" in c) ? $c["thread"] : "",
	    ("version" in c) ? num($c["version"]) : 0, ("part" in c) ? num($c["part"]) : 0,
	    ("total" in c) ? num($c["total"]) : 0,
	    ("flags" in c) && $c["flags"] ~ /(^|[ ,])side([ ,]|$)/ ? 1 : 0
	next
}
{
	msg = $c["msg"] + 0; diff = $c["diff"] + 0; dlr = $c["dlr"] + 0; score = $c["score"] + 0
	fd = ("fdiff" in c) ? $c["fdiff"] + 0 : 1
	via = ("via" in c) ? bits($c["via"]) : 0
	# dlr, score and fdiff; or evidence with enough likeness.
	content = dlr >= d && score >= t && fd >= f
	if (has(via, 16) && !(msg >= D || diff >= D)) via -= 16
	if (has(via, 64) && !(w * msg + (1 - w) * diff >= T && fd >= f) && !(has(via, 1) && msg >= 0.8))
		via -= 64
	if (has(via, 32) && !(fd >= f || diff >= D)) via -= 32
	if (has(via, 256) && !(fd >= f || diff >= D || msg >= 0.8)) via -= 256
	if (has(via, 512) && !(fd >= f || diff >= 0.5)) via -= 512
	if (!content && via < 2) next
	if ($c["left"] "" == $c["right"] "") next
	# Ranks: the same change or a date 2; a retitle, credit or containing
	# commit alone 0 (weighed by its score whatever the dlr); the rest 1.
	rank = has(via, 2) || has(via, 4) || has(via, 8) || has(via, 16) ? 2 : 1
	sc = $c["score"]
	weak = has(via, 1) + 256 * has(via, 256) + 512 * has(via, 512) + 1024 * has(via, 1024)
	if (!content && via - weak == 0) {
		rank = 0
		sc = sprintf("%.6f", w * msg + (1 - w) * diff)
	}
	print "e", rank, sc, $c["left"], $c["right"], via
}
AWK
# rules.awk NODES EDGES (sorted: strongest, then best score, then ids):
# each id and the smallest id of its cluster, by the three rules: commits
# join as the same change; a mail joins its first (best) commit; mails
# join mails in order unless both clusters hold a commit or the two would
# put two parts of one posting (thread, version, another part, total > 1)
# together.
cat >rules.awk <<'AWK'
function has(v, b) { return int(v / b) % 2 }
function find(x) { while (p[x] != x) x = p[x]; return x }
function node(x) {
	if (!(x in p)) { p[x] = x; kind[x] = x ~ /^[0-9a-f]+$/ && length(x) == 40 ? "commit" : "mail" }
}
function join(a, b,   ra, rb) {
	ra = find(a); rb = find(b)
	if (ra == rb) return
	p[rb] = ra
	hc[ra] = hc[ra] || hc[rb]
	keys[ra] = keys[ra] keys[rb]
	keys[rb] = ""
}
function clash(ra, rb,   na, nb, ka, kb, i, j, x, y) {
	na = split(keys[ra], ka, "\001"); nb = split(keys[rb], kb, "\001")
	for (i = 2; i <= na; i++)
		for (j = 2; j <= nb; j++) {
			split(ka[i], x, "\002"); split(kb[j], y, "\002")
			if (x[1] == y[1] && x[2] == y[2] && x[3] != y[3]) return 1
		}
	return 0
}
BEGIN { FS = "\t" }
FILENAME == ARGV[1] {
	if (!($2 in p)) {
		p[$2] = $2; kind[$2] = $3; side[$2] = $8
		if ($3 == "mail" && $7 > 1 && $4 != "") keys[$2] = "\001" $4 "\002" $5 "\002" $6
	}
	next
}
{ n++; rk[n] = $2; a[n] = $4; b[n] = $5; v[n] = $6; node($4); node($5) }
END {
	for (x in p) if (kind[x] == "commit") hc[x] = 1
	for (i = 1; i <= n; i++)
		if (kind[a[i]] == "commit" && kind[b[i]] == "commit" &&
		    (has(v[i], 2) || has(v[i], 4) || has(v[i], 8)))
			join(a[i], b[i])
	# Each mail's best commit of rank 1 or 2: the main line's, else a side branch's.
	for (sd = 0; sd < 2; sd++)
		for (i = 1; i <= n; i++) {
			if (kind[a[i]] == kind[b[i]] || rk[i] == 0) continue
			m = kind[a[i]] == "mail" ? a[i] : b[i]
			cm = m == a[i] ? b[i] : a[i]
			if (side[cm] + 0 == sd && !(m in best)) best[m] = i
		}
	for (m in best) join(a[best[m]], b[best[m]])
	for (i = 1; i <= n; i++) {
		if (kind[a[i]] != "mail" || kind[b[i]] != "mail") continue
		ra = find(a[i]); rb = find(b[i])
		if (ra == rb || (hc[ra] && hc[rb]) || clash(ra, rb)) continue
		join(ra, rb)
	}
	# A mail whose cluster has no commit: its best credit, retitle or containing commit.
	for (sd = 0; sd < 2; sd++)
		for (i = 1; i <= n; i++) {
			if (kind[a[i]] == kind[b[i]] || rk[i] != 0) continue
			m = kind[a[i]] == "mail" ? a[i] : b[i]
			cm = m == a[i] ? b[i] : a[i]
			if (side[cm] + 0 != sd) continue
			ra = find(m); rb = find(cm)
			if (ra == rb || hc[ra] || clash(ra, rb)) continue
			join(ra, rb)
		}
	for (x in p) { r = find(x); if (!(r in min) || x "" < min[r] "") min[r] = x }
	for (x in p) print x "\t" min[find(x)]
}
AWK
# rules FILES...: the default's partition of the tables and pairs, by
# the awk above: "id<TAB>smallest id of its cluster", sorted.
rules() {
	awk -f edges.awk "$@" >rules.ne
	grep '^n' rules.ne >rules.n
	grep '^e' rules.ne | sort -t'	' -k2,2nr -k3,3gr -k4,4 -k5,5 -k6,6n >rules.e
	awk -f rules.awk rules.n rules.e | sort
}
# partition FILE: the same of ptcluster's output.
partition() {
	awk -F'\t' 'NR > 1 { c[NR] = $1; id[NR] = $2; v = "x" $2; if (!($1 in m) || v < m[$1]) m[$1] = v }
	    END { for (k in c) print id[k] "\t" substr(m[c[k]], 2) }' "$1" | sort
}

# --- the default's rules, each beside PaStA's components ------------------
# co "IDS" ARGS...: ptcluster -q ARGS, the clusters that hold any of IDS,
# in output order, with their members among IDS: "id id|id ...".
co() {
	co_ids=" $1 "
	shift
	ptcluster -q "$@" | awk -F'\t' -v ids="$co_ids" 'NR > 1 && index(ids, " " $2 " ") {
		if ($1 != c) { if (s != "") print s; s = ""; c = $1 }
		s = s (s == "" ? "" : " ") $2 } END { if (s != "") print s }' | tr '\n' '|' | sed 's/|$//'
}
CA=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
CB=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
CC=cccccccccccccccccccccccccccccccccccccccc
CD=dddddddddddddddddddddddddddddddddddddddd
# One patch table for all of them: mails dated before commits (each
# cluster's mails come first, clusters in the order of their mails);
# threads, versions and parts where they matter.
{
	mhdr
	mpatch m mail 2020-01-01T00:00:00Z 'foo' '' '' '' ''
	mpatch m1 mail 2020-01-02T00:00:00Z 'foo one' '' '' '' ''
	mpatch m2 mail 2020-01-03T00:00:00Z 'foo two' '' '' '' ''
	mpatch m3 mail 2020-01-04T00:00:00Z 'foo three' '' '' '' ''
	mpatch s1 mail 2020-01-05T00:00:00Z '[PATCH v2 1/2]' t@x 2 1 2
	mpatch s2 mail 2020-01-05T00:00:01Z '[PATCH v2 2/2]' t@x 2 2 2
	mpatch s3 mail 2020-01-06T00:00:00Z '[PATCH v3 1/2]' t@x 3 1 2
	mpatch s4 mail 2020-01-07T00:00:00Z '[PATCH v3 2/2]' t4@x 3 2 2
	mpatch "$CA" commit 2020-02-01T00:00:00Z 'commit a' '' '' '' ''
	mpatch "$CB" commit 2020-02-02T00:00:00Z 'commit b' '' '' '' ''
	mpatch "$CC" commit 2020-02-03T00:00:00Z 'commit c' '' '' '' ''
	mpatch "$CD" commit 2020-02-04T00:00:00Z 'commit d' '' '' '' ''
} >r.tok
MAB="m $CA $CB"

# A mail joins the one commit it matches best: 0.83 with A, 0.95 with B.
{ fphdr; fpair m "$CA" 0.83 0.83 1 0.830000 0.9 files; fpair m "$CB" 0.95 0.95 1 0.950000 0.9 files; } >best.tsv
is "best commit: the mail joins B (0.95) only, not A (0.83)" "m $CB|$CA" "$(co "$MAB" best.tsv r.tok)"
is "best commit, --pasta (PaStA's components): the mail chains A and B" "m $CA $CB" "$(co "$MAB" --pasta best.tsv r.tok)"
is "best commit, --chain: every accepted pair joins, as with --pasta" "m $CA $CB" "$(co "$MAB" --chain best.tsv r.tok)"
ptcluster -q best.tsv r.tok >best.out
is "best commit: peer, score and via of m, A and B (A joined by nothing)" \
	"m $CB 0.950000 files|$CB m 0.950000 files|$CA   " \
	"$(awk -F'\t' '$2 == "m" || $3 == "commit" && $2 < "c"' best.out | cut -f2,11-13 | tr '\t\n' ' |' | sed 's/|$//')"
# Evidence before score: the same hash (or a date) with A beats 0.95 with B.
{ fphdr; fpair m "$CA" 0.83 0.83 1 0.830000 0.9 files,hash; fpair m "$CB" 0.95 0.95 1 0.950000 0.9 files; } >best2.tsv
is "best commit, control: the same hash with A (0.83) beats a score of 0.95 with B" "m $CA|$CB" \
	"$(co "$MAB" best2.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.9 0 1 0.270000 0.1 files,date; fpair m "$CB" 0.95 0.95 1 0.950000 0.9 files; } >best3.tsv
is "best commit: a date pair with A (score 0.27) beats 0.95 with B" "m $CA|$CB" "$(co "$MAB" best3.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.65 0.65 1 0.650000 0.9 files,title; fpair m "$CB" 0.95 0.95 1 0.950000 0.9 files; } >best5.tsv
is "best commit: a title pair is no stronger than a score (0.65 < 0.95)" "m $CB|$CA" "$(co "$MAB" best5.tsv r.tok)"
{ fphdr; fpair m "$CB" 0.9 0.9 1 0.900000 0.9 files; fpair m "$CA" 0.9 0.9 1 0.900000 0.9 files; } >best4.tsv
is "best commit: a tie goes to the smaller commit id" "m $CA|$CB" "$(co "$MAB" best4.tsv r.tok)"

# Two commits join only as the same change (hash, upstream, link).
AB="$CA $CB"
{ fphdr; fpair "$CA" "$CB" 0.9 0.9 1 0.900000 0.9 files; } >cc.tsv
is "two commits scoring 0.9, no hash or upstream: apart" "$CA|$CB" "$(co "$AB" cc.tsv r.tok)"
is "two commits scoring 0.9, --pasta: together" "$CA $CB" "$(co "$AB" --pasta cc.tsv r.tok)"
for v in hash upstream link; do
	{ fphdr; fpair "$CA" "$CB" 0.9 0.9 1 0.900000 0.9 "files,$v"; } >"cc-$v.tsv"
	is "two commits, control: via $v: together" "$CA $CB" "$(co "$AB" "cc-$v.tsv" r.tok)"
done
{ fphdr; fpair "$CB" "$CA" 0.2 0.1 0.1 0.000000 0.1 upstream; } >cc-up0.tsv
is "two commits via upstream: together whatever the score" "$CA $CB" "$(co "$AB" cc-up0.tsv r.tok)"
is "two commits via hash, -a none: apart" "$CA|$CB" "$(co "$AB" -a none cc-hash.tsv r.tok)"

# Mails join mails unless both clusters hold a commit: m1 is A's, m2 is
# B's, m1 and m2 are alike (0.9).  PaStA chains A and B through them.
M12="m1 m2 $CA $CB"
{
	fphdr
	fpair m1 "$CA" 0.95 0.95 1 0.950000 0.9 files
	fpair m2 "$CB" 0.95 0.95 1 0.950000 0.9 files
	fpair m1 m2 0.9 0.9 1 0.900000 0.9 files
} >mm.tsv
is "two commits' clusters: the mail-mail pair between them is refused" "m1 $CA|m2 $CB" "$(co "$M12" mm.tsv r.tok)"
is "two commits' clusters, --pasta: one cluster of both commits" "m1 m2 $CA $CB" "$(co "$M12" --pasta mm.tsv r.tok)"
is "two commits' clusters, --chain: one cluster" "m1 m2 $CA $CB" "$(co "$M12" --chain mm.tsv r.tok)"
{
	fphdr
	fpair m1 "$CA" 0.95 0.95 1 0.950000 0.9 files
	fpair m1 m3 0.9 0.9 1 0.900000 0.9 files
} >mm2.tsv
is "mail-mail, control: a mail without a commit joins the commit's cluster" "m1 m3 $CA" "$(co "m1 m3 $CA" mm2.tsv r.tok)"
ptcluster -q mm.tsv r.tok >mm.out
is "two commits' clusters: the refused pair is no one's peer" \
	"m1 $CA 0.950000 files|$CA m1 0.950000 files|m2 $CB 0.950000 files|$CB m2 0.950000 files" \
	"$(awk -F'\t' '$2 == "m1" || $2 == "m2" || $3 == "commit" && $2 < "c"' mm.out | cut -f2,11-13 | tr '\t\n' ' |' | sed 's/|$//')"
# Mails go to their commits before mails join mails: a mail-mail pair
# scoring 0.99 still does not outrank m2's 0.83 with B.
{
	fphdr
	fpair m1 "$CA" 0.95 0.95 1 0.950000 0.9 files
	fpair m2 "$CB" 0.83 0.83 1 0.830000 0.9 files
	fpair m1 m2 0.99 0.99 1 0.990000 0.9 files
} >mm3.tsv
is "mail-mail at 0.99: mails join their commits first" "m1 $CA|m2 $CB" "$(co "$M12" mm3.tsv r.tok)"
# m3 (no commit) is like m1 (A's, 0.9) and m2 (B's, 0.95): it joins the
# better one, and the other pair is refused.
{
	fphdr
	fpair m1 "$CA" 0.95 0.95 1 0.950000 0.9 files
	fpair m2 "$CB" 0.95 0.95 1 0.950000 0.9 files
	fpair m1 m3 0.9 0.9 1 0.900000 0.9 files
	fpair m2 m3 0.95 0.95 1 0.950000 0.9 files
} >mm4.tsv
is "a mail between two commits' clusters joins the better pair" "m1 $CA|m2 m3 $CB" "$(co "m3 $M12" mm4.tsv r.tok)"
sed 's/^m2	m3	0.95	0.95	1	0.950000/m2	m3	0.85	0.85	1	0.850000/' mm4.tsv >mm5.tsv
is "... control: with m2-m3 at 0.85 it joins m1's" "m1 m3 $CA|m2 $CB" "$(co "m3 $M12" mm5.tsv r.tok)"

# Two parts of one posting ([PATCH v2 1/2] and [PATCH v2 2/2] of thread
# t@x) are two patches, however alike.
S="s1 s2 s3 s4 $CC"
{ fphdr; fpair s1 s2 0.9 0.9 1 0.900000 0.9 files; } >sib.tsv
is "siblings v2 1/2 and v2 2/2 at 0.9: apart" "s1|s2|s3|s4|$CC" "$(co "$S" sib.tsv r.tok)"
is "siblings, --pasta: together" "s1 s2|s3|s4|$CC" "$(co "$S" --pasta sib.tsv r.tok)"
{ fphdr; fpair s1 s3 0.9 0.9 1 0.900000 0.9 files; } >sib2.tsv
is "siblings, control: v2 1/2 and v3 1/2 (the same part, another version): together" "s1 s3|s2|s4|$CC" \
	"$(co "$S" sib2.tsv r.tok)"
{ fphdr; fpair s2 s4 0.9 0.9 1 0.900000 0.9 files; } >sib3.tsv
is "siblings, control: v2 2/2 and v3 2/2 of another thread: together" "s1|s2 s4|s3|$CC" "$(co "$S" sib3.tsv r.tok)"
# The clusters' parts, not the pair's: s1 and s3 join (v2 1/2, v3 1/2);
# then s3-s2 (v3 1/2 and v2 2/2: no clash by itself) would bring v2 2/2
# beside v2 1/2.
{ fphdr; fpair s1 s3 0.95 0.95 1 0.950000 0.9 files; fpair s3 s2 0.9 0.9 1 0.900000 0.9 files; } >sib4.tsv
is "siblings: a pair that would bring a second part of v2 into the cluster is refused" "s1 s3|s2|s4|$CC" \
	"$(co "$S" sib4.tsv r.tok)"
{ fphdr; fpair s3 s2 0.9 0.9 1 0.900000 0.9 files; } >sib5.tsv
is "siblings, control: the pair s3-s2 alone joins" "s1|s2 s3|s4|$CC" "$(co "$S" sib5.tsv r.tok)"
# A mail joins its best commit whatever its parts: two parts of a posting
# whose best commit is one (a commit that squashed the series) both join it.
{ fphdr; fpair s1 "$CC" 0.9 0.9 1 0.900000 0.9 files; fpair s2 "$CC" 0.85 0.85 1 0.850000 0.9 files; } >sq.tsv
is "two parts with one best commit: both join it" "s1 s2 $CC|s3|s4" "$(co "$S" sq.tsv r.tok)"

# fdiff: a pair scoring 0.9 whose whole files have little in common (a
# license-header hunk, fdiff 0.2) is vetoed at --fdiff 0.33.
MA="m $CA"
{ fphdr; fpair m "$CA" 0.9 0.9 1 0.900000 0.2 files; } >fd.tsv
is "fdiff 0.2 < --fdiff 0.33 vetoes a 0.9 pair" "m|$CA" "$(co "$MA" fd.tsv r.tok)"
is "fdiff, control: --fdiff 0 accepts it" "m $CA" "$(co "$MA" --fdiff 0 fd.tsv r.tok)"
is "fdiff: --fdiff 0.2 accepts fdiff 0.2 (at least)" "m $CA" "$(co "$MA" --fdiff 0.2 fd.tsv r.tok)"
is "fdiff: --fdiff 0.21 does not" "m|$CA" "$(co "$MA" --fdiff 0.21 fd.tsv r.tok)"
is "fdiff, --pasta (--fdiff 0): accepted" "m $CA" "$(co "$MA" --pasta fd.tsv r.tok)"
is "fdiff: --pasta --fdiff 0.33 (an option after --pasta changes it): vetoed" "m|$CA" "$(co "$MA" --pasta --fdiff 0.33 fd.tsv r.tok)"
cut -f1-6,8 fd.tsv >fd-nofdiff.tsv
is "fdiff: a pairs table without it vetoes nothing" "m $CA" "$(co "$MA" fd-nofdiff.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.9 0.9 1 0.900000 0.2 files,hash; } >fd-hash.tsv
is "fdiff does not veto a pair via hash" "m $CA" "$(co "$MA" fd-hash.tsv r.tok)"

# date: a mail and a commit of one author date need msg or diff >= -D (0.5).
{ fphdr; fpair m "$CA" 0.9 0 1 0.270000 0.1 files,date; } >date.tsv
is "date: msg 0.9, diff 0 (score 0.27, fdiff 0.1): accepted" "m $CA" "$(co "$MA" date.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.3 0.2 1 0.230000 0.1 files,date; } >date2.tsv
is "date, control: msg 0.3, diff 0.2: not" "m|$CA" "$(co "$MA" date2.tsv r.tok)"
{ fphdr; fpair m "$CA" 0 0.5 1 0.350000 0.1 files,date; } >date3.tsv
is "date: diff 0.5 is enough" "m $CA" "$(co "$MA" date3.tsv r.tok)"
is "date: -D 0.6 wants more" "m|$CA" "$(co "$MA" -D 0.6 date3.tsv r.tok)"
is "date: -a without date: not" "m|$CA" "$(co "$MA" -a hash,upstream,link,title,version date.tsv r.tok)"
is "date, --pasta: not (PaStA has no date evidence)" "m|$CA" "$(co "$MA" --pasta date.tsv r.tok)"

# version: two mails need fdiff >= --fdiff or diff >= -D.
M2="m1 m2"
{ fphdr; fpair m1 m2 0.6 0.2 1 0.320000 0.1 files,version; } >ver.tsv
is "version: fdiff 0.1 and diff 0.2: refused" "m1|m2" "$(co "$M2" ver.tsv r.tok)"
{ fphdr; fpair m1 m2 0.6 0.2 1 0.320000 0.5 files,version; } >ver2.tsv
is "version, control: fdiff 0.5: accepted" "m1 m2" "$(co "$M2" ver2.tsv r.tok)"
{ fphdr; fpair m1 m2 0.6 0.5 1 0.530000 0.1 files,version; } >ver3.tsv
is "version: diff 0.5 with fdiff 0.1: accepted" "m1 m2" "$(co "$M2" ver3.tsv r.tok)"
is "version, --pasta: not" "m1|m2" "$(co "$M2" --pasta ver2.tsv r.tok)"

# title: a mail and a commit need 0.3 msg + 0.7 diff >= --title-threshold (0.6), whatever
# the dlr and the score column, and fdiff >= -f.
{ fphdr; fpair m "$CA" 0.65 0.65 1 0.650000 0.5 files,title; } >title.tsv
is "title: score 0.65: accepted" "m $CA" "$(co "$MA" title.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.55 0.55 1 0.550000 0.5 files,title; } >title2.tsv
is "title, control: score 0.55: not" "m|$CA" "$(co "$MA" title2.tsv r.tok)"
is "title: --title-threshold 0.7 wants more than 0.65" "m|$CA" "$(co "$MA" --title-threshold 0.7 title.tsv r.tok)"
{ fphdr; fpair m "$CA" 1 0.5 0.2 0.000000 0.5 files,title; } >title3.tsv
is "title: msg 1, diff 0.5 (0.3 + 0.35 = 0.65) below the dlr gate (score 0): accepted" "m $CA" \
	"$(co "$MA" title3.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.5 0.55 1 0.535000 0.5 files,title; } >title4.tsv
is "title, control: msg 0.5, diff 0.55 (0.535): not" "m|$CA" "$(co "$MA" title4.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.65 0.65 1 0.650000 0.2 files,title; } >title5.tsv
is "title, control: fdiff 0.2 below --fdiff: not" "m|$CA" "$(co "$MA" title5.tsv r.tok)"
is "title: the member's via says what accepted it" "m $CA 0.650000 files,title" \
	"$(ptcluster -q title.tsv r.tok | awk -F'\t' '$2 == "m" { print $2, $11, $12, $13 }')"
# A patch cut down when applied: on a file of both, one person's title
# and a message still 0.8 alike, whatever the diff and fdiff.
{ fphdr; fpair m "$CA" 0.8 0.3 0.3 0.000000 0.2 files,title; } >title7.tsv
is "title: msg 0.8 on a file of both, diff 0.3, fdiff 0.2, dlr 0.3 (cut down): accepted" "m $CA" \
	"$(co "$MA" title7.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.79 0.3 0.3 0.000000 0.2 files,title; } >title8.tsv
is "title, control: msg 0.79, diff 0.3: not" "m|$CA" "$(co "$MA" title8.tsv r.tok)"
{ fphdr; fpair m "$CA" 0.8 0.3 0.3 0.000000 0.2 title; } >title9.tsv
is "title, control: msg 0.8 but no file of both: not" "m|$CA" "$(co "$MA" title9.tsv r.tok)"
# contained: patchsim's judgement (one person's words found again, any
# files) is enough; accepted by default, ranked with retitle and credit.
{ fphdr; fpair m "$CA" 0.1 0 0.2 0.000000 0 contained; } >cont.tsv
is "contained: accepted whatever its scores" "m $CA" "$(co "$MA" cont.tsv r.tok)"
is "contained, control: -a without it: not" "m|$CA" "$(co "$MA" -a hash,link cont.tsv r.tok)"
is "contained: the member's via says it" "m $CA contained" \
	"$(ptcluster -q cont.tsv r.tok | awk -F'\t' '$2 == "m" { print $2, $11, $13 }')"
{ fphdr; fpair m "$CA" 0.7 0.9 1 0.900000 0.2 files,title; } >title6.tsv
is "via: evidence that did not hold is not shown (a title pair accepted by its score)" "m $CA 0.900000 files" \
	"$(ptcluster -q --fdiff 0.2 --title-threshold 1 title6.tsv r.tok | awk -F'\t' '$2 == "m" { print $2, $11, $12, $13 }')"

# All of the above at once (but for the upstream pair and the squashed
# series, which would join A with B and the parts with C): the rules
# written again in awk agree; --pasta makes fewer, larger clusters; the order
# of rows and operands changes no byte.
#   default: m-A by its date (evidence before score), m1-A and m2-B at
#   0.95; s1-s3 and m2-m3 join (no commit on one side); s3-s2 would put
#   v2 2/2 beside v2 1/2, m1-m3 and m1-m2 two commits together: refused.
#   --pasta: every pair at 0.82 joins, fdiff 0.2 too; date, title and version
#   pairs scoring below 0.82 do not.
{
	fphdr
	for f in best.tsv cc.tsv mm4.tsv sib4.tsv fd.tsv date.tsv ver2.tsv title.tsv; do
		sed 1d "$f"
	done
} >all.tsv
ptcluster all.tsv r.tok >all.out 2>all.err
is "all hand cases at once: the clusters" "m m1 $CA|m2 m3 $CB|s1 s3|s2|s4|$CC|$CD" \
	"$(members all.out | sed 's/^[0-9]*: //' | tr '\n' '|' | sed 's/|$//')"
partition all.out >all.part
rules r.tok all.tsv >all.want
same "all hand cases at once: the clusters of the rules written again in awk" all.want all.part
ptcluster --pasta all.tsv r.tok >allP.out 2>allP.err
is "all hand cases at once, --pasta: fewer, larger clusters" "m m1 m2 m3 $CA $CB|s1 s2 s3|s4|$CC|$CD" \
	"$(members allP.out | sed 's/^[0-9]*: //' | tr '\n' '|' | sed 's/|$//')"
# peer in cluster CL: members whose peer is in another cluster.
peer_out() {
	awk -F'\t' 'NR > 1 { c[$2] = $1; if ($11 != "") pe[$2] = $11 }
	    END { for (x in pe) if (c[x] != c[pe[x]]) n++; print n + 0 }' "$1"
}
is "all hand cases: every member's peer is in its own cluster" 0 "$(peer_out all.out)"
is "all hand cases, --pasta: every member's peer is in its own cluster" 0 "$(peer_out allP.out)"
is "all hand cases: members with a peer (all but s2, s4, C, D)" 8 \
	"$(awk -F'\t' 'NR > 1 && $11 != ""' all.out | wc -l)"
# Fixed sources of randomness for shuf: the same shuffles every run.
for k in 1 2 3; do
	awk -v k="$k" 'BEGIN { for (i = 0; i < 20000; i++) print (i * (7919 + k) + k) % 10007 }' >rand.$k
	{ fphdr; sed 1d all.tsv | shuf --random-source=rand.$k; } >all.shuf.$k
	ptcluster - r.tok <all.shuf.$k >shuf.out 2>shuf.err
	cmp -s all.out shuf.out && cmp -s all.err shuf.err && echo "default $k"
	ptcluster r.tok --pasta all.shuf.$k >shuf.out 2>shuf.err
	cmp -s allP.out shuf.out && cmp -s allP.err shuf.err && echo "pasta $k"
done >shuf.same
is "all hand cases: the pairs shuffled three ways, operands swapped: the same bytes (default and --pasta)" 6 \
	"$(wc -l <shuf.same)"
is "all hand cases: the shuffles differ from the original order" 3 \
	"$(for k in 1 2 3; do cmp -s all.tsv all.shuf.$k || echo x; done | wc -l)"

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
	pair u1 "$C2" 0.5 0.5 1 0.500000 files,hash
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
	printf '3\tu1\tmail\t\t\t1\t1\n'
	printf '3\t%s\tcommit\t\t\t1\t1\n' "$C2"
} >want
same "tables: clusters by earliest date, undated last; mails first, by date, undated last; ids in no table a commit when 40 hex digits" want got
run ptcluster -v t.tok t.tsv
cut -f1-4,8-10 "$T/out" >got
same "tables: the operand order does not matter" want got
is "tables: the summary counts clusters with commits" \
	"ptcluster: 7 patches, 4 pairs read, 4 accepted, 3 clusters (2 with commits)" "$(cat "$T/err")"
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
run ptcluster -v -G pg --groups
is "-G --groups: exit 0 (and standard input is not read)" 0 "$rc"
{
	echo "<m1> <m2> => $C1"
	echo "=> 1234 $C2"
	echo "<$C3> => feed"
	echo "<g1>"
} >want
same "-G --groups: lines sorted inside, clusters by smallest id" want "$T/out"
is "-G: the summary" "ptcluster: 8 patches, 0 pairs read, 0 accepted, 4 clusters (3 with commits)" \
	"$(cat "$T/err")"
run ptcluster -q -G pg
is "-G: a member joined only by its line has via groups, no peer, no score" \
	"m1 mail   groups|m2 mail   groups|$C1 commit   groups|1234 commit   groups|$C2 commit   groups|$C3 mail   groups|feed commit   groups|g1 mail   " \
	"$(sed 1d "$T/out" | cut -f2,3,11-13 | tr '\t\n' ' |' | sed 's/|$//')"
run ptcluster -q -G pg t.tsv t.tok
is "-G with pairs: the union of both" "1: m1 m2 m3 $C1|2: lone|3: u1 1234 $C2|4: $C3 feed|5: g1" \
	"$(members "$T/out" | tr '\n' '|' | sed 's/|$//')"
is "-G with pairs: a member with an accepted pair shows it" "m1 m2 1.000000 files" \
	"$(awk -F'\t' '$2 == "m1" { print $2, $11, $12, $13 }' "$T/out")"
run ptcluster -q --groups t.tsv t.tok
printf '<m1> <m2> <m3> => %s\n<lone>\n<u1> => %s\n' "$C1" "$C2" >want
same "--groups from pairs and tables: patch-groups in cluster order" want "$T/out"
ptcluster -q --groups -G pg -G pg >g1
ptcluster -q --groups -G g1 >g2
same "--groups is a fixed point, and a file given twice changes nothing" g1 g2
{
	echo "<ok1> <ok2>"
	echo "bad1 <x1> => $C1"
	echo "<x2> => $C1 => $C2"
	echo "<x3> => <x4>"
	echo "<>"
	echo "<ok3> => $C1"
} >badpg
run ptcluster -G badpg --groups
is "bad patch-groups lines: exit 1" 1 "$rc"
is "bad patch-groups lines: each named with its line" \
	"badpg:2: a mail id not in angle brackets|badpg:3: a second '=>'|badpg:4: a mail id in angle brackets right of '=>'|badpg:5: a mail id not in angle brackets" \
	"$(grep -v 'patches,' "$T/err" | sed 's/^ptcluster: //' | tr '\n' '|' | sed 's/|$//')"
printf '<ok3> => %s\n<ok1> <ok2>\n' "$C1" >want
same "bad patch-groups lines join nothing, the good ones are written" want "$T/out"
run ptcluster -G "$T/missing" --groups
is "a missing groups file: exit 2" 2 "$rc"
grep -q "missing" "$T/err"
ok $? "a missing groups file is named"

# Ids with white space: TSV escapes them, patch-groups cannot hold them.
{ phdr; pair 'a b' 'c\tt' 1 1 1 1 files; pair e f 1 1 1 1 files; } >blank.tsv
run ptcluster -q blank.tsv
is "an id with a TAB is escaped in the TSV output" 'a b|c\tt' \
	"$(sed -n '2,3p' "$T/out" | cut -f2 | tr '\n' '|' | sed 's/|$//')"
run ptcluster -q --groups blank.tsv
is "--groups and ids with white space: exit 1" 1 "$rc"
is "--groups and ids with white space: left out, counted (and the summary, even with -q)" \
	"<e> <f>|ptcluster: 2 ids with white space left out of the patch-groups output|ptcluster: 4 patches, 2 pairs read, 2 accepted, 2 clusters (0 with commits)" \
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
is "a pairs table without dlr: exit 2" 2 "$rc"
grep -q "nodlr.tsv: missing column 'dlr'" "$T/err"
ok $? "a pairs table without dlr: the column is named"
printf 'id\tdate\n' >neither.tsv
run ptcluster neither.tsv chain.tsv
is "an unknown table: exit 2" 2 "$rc"
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
is "a missing file: exit 2" 2 "$rc"
grep -q "missing.tsv" "$T/err"
ok $? "a missing file is named"
: >zero.tsv
run ptcluster zero.tsv chain.tsv
is "a 0-byte file is an empty table" 0 "$rc"
printf 'left\tright\tscore\n' | gzip >nodlr.gz
run ptcluster nodlr.gz
is "compressed input is read (and then lacks dlr: exit 2)" 2 "$rc"

# --- the sample, through the real tools -----------------------------------
if command -v git >/dev/null 2>&1 &&
    bare_clone "$top/sample/jailhouse-2019.bundle" jh.git 2>/dev/null; then
	mbox2tsv -q "$top/sample/jailhouse-dev-2019.mbox.xz" >mails.tsv
	git2tsv -q --since 2019-04-28 jh.git >commits.tsv
	patchtok -q mails.tsv >mails.tok
	patchtok -q commits.tsv >commits.tok
	patchsim -q mails.tok commits.tok >pairs.tsv
	patchsim -q --self mails.tok >self.tsv
	[ "$(rows mails.tok)" -ge 100 ] && [ "$(rows commits.tok)" -ge 30 ] &&
	    [ "$(rows pairs.tsv)" -ge 50 ] && [ "$(rows self.tsv)" -ge 50 ]
	ok $? "sample: $(rows mails.tok) mail patches, $(rows commits.tok) commits, $(rows pairs.tsv) + $(rows self.tsv) pairs"

	run ptcluster -v mails.tok commits.tok pairs.tsv self.tsv
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

	# --pasta: PaStA's connected components, the same partition as a
	# union-find in awk: accepted edges (dlr and score, or via hash,
	# upstream or link), the smaller id the root, every id named by the
	# minimum of its component.
	ptcluster -q --pasta mails.tok commits.tok pairs.tsv self.tsv >clP.tsv
	awk -F'\t' '
	function find(x) { while (p[x] != x) x = p[x]; return x }
	function node(x) { if (!(x in p)) p[x] = x }
	FNR == 1 { next }
	FILENAME ~ /tok$/ { node("x" $1); next }
	{
		l = "x" $1; r = "x" $2
		node(l); node(r)
		if (($5 >= 0.4 && $6 >= 0.82) || $8 ~ /hash|upstream|link/) {
			a = find(l); b = find(r)
			if (a < b) p[b] = a; else if (b < a) p[a] = b
		}
	}
	END { for (x in p) print substr(x, 2) "\t" substr(find(x), 2) }' \
	    mails.tok commits.tok pairs.tsv self.tsv | sort >partP.want
	partition clP.tsv >partP
	same "sample, --pasta: the clusters are the components of a union-find in awk (PaStA's)" partP.want partP
	# The default: the rules written again in awk (above).
	partition cl.tsv >part
	rules mails.tok commits.tok pairs.tsv self.tsv >part.want
	same "sample, default: the clusters are those of the rules written again in awk" part.want part
	[ "$(awk -F'\t' '$1 != $2' part | cut -f2 | sort -u | wc -l)" -ge 20 ]
	ok $? "sample: $(awk -F'\t' '$1 != $2' part | cut -f2 | sort -u | wc -l) clusters of more than one patch"
	# The default joins more (versions by their metadata) and chains no
	# commits: no cluster of either holds two commits here.
	nP=$(cut -f1 clP.tsv | sed 1d | sort -u | wc -l)
	nD=$(cut -f1 cl.tsv | sed 1d | sort -u | wc -l)
	[ "$nD" -lt "$nP" ]
	ok $? "sample: fewer clusters by default ($nD) than with --pasta ($nP): versions joined by their metadata"
	is "sample: no cluster with two commits, default and --pasta" "0 0" \
		"$(awk -F'\t' 'NR > 1 && $10 > 1' cl.tsv | wc -l) $(awk -F'\t' 'NR > 1 && $10 > 1' clP.tsv | wc -l)"
	# Every default cluster lies inside one cluster of --chain (the same pairs
	# accepted, every one joined): the rules only leave pairs out.
	ptcluster -q --chain mails.tok commits.tok pairs.tsv self.tsv >clC.tsv
	partition clC.tsv >partC
	is "sample: each default cluster is inside one --chain cluster" 0 \
		"$(join -t'	' part partC | awk -F'\t' '{ if ($2 in c && c[$2] != $3) n++; c[$2] = $3 } END { print n + 0 }')"

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

	# Mails found by hash beside their commit (via is column 8).
	awk -F'\t' 'FNR == 1 { next } FILENAME == "cl.tsv" { c[$2] = $1; next }
	    $8 ~ /hash/ { n++; if (c[$1] != c[$2]) bad++ } END { print n + 0, bad + 0 }' \
	    cl.tsv pairs.tsv >hash
	set -- $(cat hash)
	[ "$1" -ge 10 ]
	ok $? "sample: $1 mail-commit pairs found by hash"
	is "sample: each mail found by hash is in its commit's cluster" 0 "$2"

	# --pasta: each member's peer is its best accepted pair: the highest score,
	# then the smallest peer id (PaStA's accepted pairs all join).
	awk -F'\t' 'FNR == 1 { next }
	    FILENAME != "clP.tsv" {
		if (!(($5 >= 0.4 && $6 >= 0.82) || $8 ~ /hash|upstream|link/)) next
		for (s = 1; s <= 2; s++) {
			x = s == 1 ? $1 : $2; y = "" (s == 1 ? $2 : $1)
			if (!(x in best) || $6 + 0 > best[x] + 0 || ($6 + 0 == best[x] + 0 && y < peer[x]))
				{ best[x] = $6; peer[x] = y }
		}
		next
	    }
	    { got = $11 " " $12; want = (($2 in best) ? peer[$2] " " best[$2] : " ")
	      if (got != want) { bad++; if (bad < 5) print "# " $2 ": " got " want " want } }
	    END { print bad + 0 }' pairs.tsv self.tsv clP.tsv >best
	grep '^#' best
	is "sample, --pasta: each member's peer and score are its best accepted pair" 0 "$(grep -v '^#' best)"
	# The default: a peer is a pair that joined (or met inside) the
	# cluster: in the member's cluster, a pair of the tables with that
	# score, its via among the pair's via; a member of a cluster of two
	# or more has one.
	awk -F'\t' 'FNR == 1 { next }
	    FILENAME != "cl.tsv" { s[$1 "\t" $2] = s[$2 "\t" $1] = $6; v[$1 "\t" $2] = v[$2 "\t" $1] = "," $8 ","; next }
	    { c[$2] = $1; n[$1]++; pe[$2] = $11; sc[$2] = $12; vi[$2] = $13 }
	    END {
		for (x in c) {
			k = x "\t" pe[x]
			if (pe[x] == "") { if (n[c[x]] > 1) { bad++; print "# " x ": no peer" }; continue }
			m = split(vi[x], a, ",")
			for (i = 1; i <= m; i++) if (!index(v[k], "," a[i] ",")) { bad++; print "# " x ": via " vi[x] }
			if (!(k in s) || s[k] != sc[x] || c[pe[x]] != c[x]) { bad++; print "# " x ": " pe[x] " " sc[x] }
			else good++
		}
		print good + 0, bad + 0
	    }' pairs.tsv self.tsv cl.tsv >audit
	grep '^#' audit | head -5
	set -- $(grep -v '^#' audit)
	[ "$1" -ge 100 ]
	ok $? "sample: $1 members with a peer"
	is "sample: each peer is a pair of the tables, in the member's cluster, with its score and via" 0 "$2"

	# Order of the input: pairs shuffled (fixed sources of randomness),
	# files reversed, through a pipe.
	for k in 1 2; do
		awk -v k="$k" 'BEGIN { for (i = 0; i < 40000; i++) print (i * (7919 + k) + k) % 10007 }' >srand.$k
		{ head -1 pairs.tsv; sed 1d self.tsv pairs.tsv | shuf --random-source=srand.$k; } >shuf.$k.tsv
	done
	run ptcluster -v - commits.tok mails.tok <shuf.1.tsv
	same "sample: pairs shuffled and files reversed give the same bytes" cl.tsv "$T/out"
	same "sample: ... and the same summary" cl.err "$T/err"
	ptcluster -q --pasta commits.tok shuf.2.tsv mails.tok >got
	same "sample, --pasta: pairs shuffled and files reversed give the same bytes" clP.tsv got
	cat pairs.tsv self.tsv | ptcluster -q mails.tok commits.tok - >got
	same "sample: two pair tables through one pipe (a header inside)" cl.tsv got

	# --pasta: thresholds move the number of components one way.
	nc() { ptcluster -q -H "$@" | cut -f1 | sort -u | wc -l; }
	n0=$(nc --pasta mails.tok commits.tok pairs.tsv self.tsv)
	n99=$(nc --pasta -t 0.99 mails.tok commits.tok pairs.tsv self.tsv)
	nall=$(nc --pasta -t 0 -d 0 mails.tok commits.tok pairs.tsv self.tsv)
	nnone=$(nc --pasta -t 1 -a none mails.tok commits.tok pairs.tsv self.tsv)
	[ "$n99" -ge "$n0" ] && [ "$nall" -le "$n0" ] && [ "$nnone" -ge "$n99" ]
	ok $? "sample, --pasta: clusters at -t 0 -d 0: $nall, default: $n0, -t 0.99: $n99, -t 1 -a none: $nnone"
	[ "$nall" -lt "$n0" ] && [ "$n0" -lt "$nnone" ]
	ok $? "sample, --pasta: the thresholds make a difference"
	# The default: all accepted joins more than none; no evidence, more
	# clusters.
	d0=$(nc mails.tok commits.tok pairs.tsv self.tsv)
	dall=$(nc -t 0 -d 0 --fdiff 0 mails.tok commits.tok pairs.tsv self.tsv)
	dnone=$(nc -t 1 -a none mails.tok commits.tok pairs.tsv self.tsv)
	dnoev=$(nc -a hash,upstream,link mails.tok commits.tok pairs.tsv self.tsv)
	[ "$dall" -lt "$d0" ] && [ "$d0" -lt "$dnoev" ] && [ "$dnoev" -le "$dnone" ]
	ok $? "sample: clusters at -t 0 -d 0 --fdiff 0: $dall, default: $d0, without date, title, version: $dnoev, none: $dnone"

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
	ptcluster -q --groups mails.tok commits.tok pairs.tsv self.tsv >x.groups
	is "--groups: one line per cluster" "$d0" "$(wc -l <x.groups)"
	awk -F'\t' 'NR > 1 { k = $1; if ($3 == "mail") m[k] = m[k] " <" $2 ">"; else c[k] = c[k] " " $2 }
	    NR > 1 { last = $1 }
	    END { for (k = 1; k <= last; k++) { s = substr(m[k], 2); if (c[k] != "") s = s (s == "" ? "=>" : " =>") c[k]; print s } }' \
	    cl.tsv >want.groups
	# The TSV sorts members by date, --groups by id: compare line by line sorted.
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
	same "--groups: the clusters of the TSV output, line by line" a b
	ptcluster -q --groups -G x.groups >y.groups
	ptcluster -q --groups -G y.groups >z.groups
	same "--groups then -G --groups: a fixed point" y.groups z.groups
	sort x.groups >xs
	sort y.groups >ys
	same "-G --groups: the same lines as --groups wrote (in the order of ids without dates)" xs ys
	ptcluster -q --groups -G x.groups mails.tok commits.tok >xx.groups
	same "-G with the tables: the order of --groups again" x.groups xx.groups
else
	skip "git is not available: no sample repository"
fi

# --- PaStA's own result -----------------------------------------------------
PG=jailhouse/pasta/patch-groups
if has_shared "$PG"; then
	run ptcluster -G "$SHARED/$PG" --groups
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
	ptcluster -q --groups -G pasta.groups >again
	same "PaStA's patch-groups: normalized once is normalized" pasta.groups again
else
	skip "the shared PaStA result is not there: $SHARED/$PG"
fi

# --- the whole erofs data against the commits' own Link: trailers ---------
# The maintainer wrote a Link: to the mail into nearly every commit: the
# truth is each (mail, commit) whose commit's links name a mail of the
# archive of type patch.  recall: the share of truth pairs whose mail and
# commit share a cluster; precision: those pairs over, for every truth
# pair, the number of commits in the mail's cluster.  patchsim does not
# read the links (no --links).  The whole chain takes about 15 s.
E=$SHARED/erofs
if [ -f "$E/linux-erofs.mbox.xz" ] && [ -f "$E/erofs-utils.bundle" ] &&
    command -v git >/dev/null 2>&1 && command -v xz >/dev/null 2>&1; then
	# The mail table and the patch tables (mbox2tsv -q, patchtok -q; the
	# commits of master, the bundle's HEAD): made once for the tests that
	# use them (a fixture).
	shared_tables ET "$E/linux-erofs.mbox.xz" "$E/erofs-utils.bundle"
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { print $c["id"] "\t" $c["type"] }' "$ET/mails.tsv" >em.types
	ln -s "$ET/mails.tok" em.tok
	ln -s "$ET/commits.tok" ec.tok
	patchsim -q em.tok ec.tok >emc.pairs
	patchsim -q --self em.tok >emm.pairs
	run ptcluster em.tok ec.tok emc.pairs emm.pairs
	is "erofs: exit 0" 0 "$rc"
	cp "$T/out" ecl.tsv
	ptcluster -q --pasta em.tok ec.tok emc.pairs emm.pairs >eclP.tsv
	# accuracy CLUSTERS: truth pairs, hits, commits counted, recall, precision.
	accuracy() {
		awk -F'\t' '
		FILENAME == ARGV[1] { if ($2 == "patch") patch[$1] = 1; next }
		FILENAME == ARGV[2] {
			if (FNR == 1) { for (i = 1; i <= NF; i++) k[$i] = i; next }
			if ($k["links"] != "") links[$k["id"]] = $k["links"]
			next
		}
		FNR == 1 { next }
		{ cl[$2] = $1; if ($3 == "commit") nc[$1]++ }
		END {
			for (c in links) {
				m = split(links[c], L, " ")
				for (i = 1; i <= m; i++) {
					if (!(L[i] in patch) || ((c, L[i]) in seen)) continue
					seen[c, L[i]] = 1
					n++
					if ((L[i] in cl) && (c in cl) && cl[L[i]] == cl[c]) hit++
					if (L[i] in cl) commits += nc[cl[L[i]]]
				}
			}
			printf "%d %d %d %.4f %.4f\n", n, hit, commits, n ? hit / n : 0, commits ? hit / commits : 0
		}' em.types ec.tok "$1"
	}
	set -- $(accuracy ecl.tsv)
	[ "$1" -ge 900 ]
	ok $? "erofs: $1 truth pairs (a commit's Link: to a patch mail of the archive)"
	awk -v r="$4" 'BEGIN { exit !(r >= 0.99) }'
	ok $? "erofs: recall $4 >= 0.99 ($2 of $1 truth pairs in one cluster)"
	awk -v p="$5" 'BEGIN { exit !(p >= 0.995) }'
	ok $? "erofs: precision $5 >= 0.995 ($2 of $3 commits in the truth mails' clusters)"
	dprec=$5
	set -- $(accuracy eclP.tsv)
	awk -v p="$5" -v d="$dprec" 'BEGIN { exit !(p < d) }'
	ok $? "erofs, --pasta (PaStA's components): precision $5 below the default's $dprec (recall $4)"
	is "erofs: no cluster holds two commits (commits were not paired with each other)" 0 \
		"$(awk -F'\t' 'NR > 1 && $10 > 1' ecl.tsv | wc -l)"
	n=$(awk -F'\t' 'NR > 1 && $10 > 1 { print $1 }' eclP.tsv | sort -u | wc -l)
	[ "$n" -ge 3 ]
	ok $? "erofs, --pasta: $n clusters chain two commits or more through their mails"
	partition ecl.tsv >epart
	rules em.tok ec.tok emc.pairs emm.pairs >epart.want
	same "erofs: the clusters are those of the rules written again in awk" epart.want epart
else
	skip "the shared erofs data (or git, xz) is not there: $E"
fi

done_testing
