#!/bin/sh
# ptreport's verdicts beyond the thread (ptreport(1): committer and
# contributor, too new at the history's end, coverage by the archives
# together and a mail's archive, superseded, answered together, cites,
# applied on a side branch, the off-list reasons (whose branch a merge
# took, imports from another tree, a Link: to another repository's
# patch, a follow-up of its author's reviewed posting) and split commits, a
# prefix's patches voting for a patch that changes only COPYING), each
# on small tables written here row by row, with a control that flips the
# verdict when the rule's condition goes; then ptreport why on a mail of
# each verdict and a commit of each off-list reason, its ids (prefixes,
# angle brackets, unknown, ambiguous), pairs tables, and a patchtrack
# output folder; and the same bytes again, operands and rows reordered.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

. "$top/tests/tables.sh"

# --- 1. committer or contributor ----------------------------------------------
# Ann committed C1 on 2020-02-11T09:00 and posts p@x 365 days later; Bob,
# who never committed, posts q@x; Max's C9 (June) takes the history past
# the patches (else they would be too new: section 2).
{
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	mail p@x 2021-02-10T09:00:00Z Ann ann@a.org patch '' ''
	mail q@x 2021-02-10T09:00:00Z Bob bob@b.org patch '' ''
	mail rfc@x 2021-02-10T09:00:00Z Ann ann@a.org patch '' '' rfc
} >role.tsv
{
	chdr
	crow $C1 2020-02-01T00:00:00Z Ann ann@a.org 's: one' Ann ann@a.org 2020-02-11T09:00:00Z
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-role.tsv
set -- role.tsv none.tsv c-role.tsv
is "role: a patch 365 days after its author committed: committer; another's: contributor; one not counted: none" \
	"committer|contributor|" \
	"$(pcol p@x role "$@")|$(pcol q@x role "$@")|$(pcol rfc@x role "$@")"
is "role: the committer's ignored patch says so in its detail" \
	"ignored the committer's own: its author commits to the repository|ignored" \
	"$(verdict p@x "$@")|$(verdict q@x "$@")"
ptreport ignored -q "$@" >ign.tsv
is "role: ignored's last column" "role|p@x committer|q@x contributor" \
	"$(awk -F'\t' 'NR == 1 { print $NF; next } { print $1 " " $NF }' ign.tsv | paste -sd'|')"
is "role: the summary counts contributions and committers' own apart" "2|1|1" \
	"$(sval ignored "$@")|$(sval '  contributions' "$@")|$(sval "  committers' own" "$@")"
sed '/^p@x/s/T09:00:00Z/T09:00:01Z/' role.tsv >role-late.tsv
set -- role-late.tsv none.tsv c-role.tsv
is "control: posted 365 days and a second after her commit: contributor, counted so" \
	"contributor|ignored|2|0" \
	"$(pcol p@x role "$@")|$(verdict p@x "$@")|$(sval '  contributions' "$@")|$(sval "  committers' own" "$@")"
{
	chdr
	crow $C1 2022-02-10T09:00:00Z Ann ann@a.org 's: one' Ann ann@a.org 2022-02-10T09:00:00Z
	commit $C9 2021-06-01T00:00:00Z 2022-06-01T00:00:00Z
} >c-role-after.tsv
is "role: committing 365 days after the patch makes a committer too" "committer" \
	"$(pcol p@x role role.tsv none.tsv c-role-after.tsv)"
sed "/^$C1/s/\\tAnn\\tann@a.org\\t2020-02-11/\\tANN\\tann@work.example\\t2020-02-11/" c-role.tsv >c-role-name.tsv
grep -q '	ANN	ann@work.example	2020-02-11T09:00:00Z' c-role-name.tsv
ok $? "control table: C1 committed by ANN at another address"
is "role: the same name (case aside) at another address is the same committer" "committer" \
	"$(pcol p@x role role.tsv none.tsv c-role-name.tsv)"
sed 's/\tANN\tann@work.example/\tAnna\tann@work.example/' c-role-name.tsv >c-role-anna.tsv
is "control: another name at another address: contributor" "contributor" \
	"$(pcol p@x role role.tsv none.tsv c-role-anna.tsv)"
sed "/^$C1/s/\\t\\tcommit\\t\\t/\\t\\tcommit\\tside\\t/" c-role.tsv >c-role-side.tsv
grep -q '	commit	side	' c-role-side.tsv
ok $? "control table: C1 on a side branch"
is "role: a side branch's committer commits to the repository too" "committer" \
	"$(pcol p@x role role.tsv none.tsv c-role-side.tsv)"
# GitHub's web committer is nobody: a GitHub mail bridge's patch sent
# from noreply@github.com is no committer's.
{
	cat role.tsv
	mail g@x 2021-02-10T09:00:00Z 'Zed Web' noreply@github.com patch '' ''
} >gh.tsv
{
	chdr
	crow $C1 2021-02-01T00:00:00Z Zed zed@z.org 's: one' 'Web Flow' noreply@github.com 2021-02-02T00:00:00Z
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-gh.tsv
is "role: committed by noreply@github.com: its patches' authors are no committers" "contributor" \
	"$(pcol g@x role gh.tsv none.tsv c-gh.tsv)"
sed 's/noreply@github.com/noreply@github.example/' gh.tsv >gh2.tsv
sed 's/noreply@github.com/noreply@github.example/' c-gh.tsv >c-gh2.tsv
is "control: the same at another address: committer" "committer" \
	"$(pcol g@x role gh2.tsv none.tsv c-gh2.tsv)"

# Whose commits make a committer: Max commits Cid's C2, so this history
# has committers of others' work; Ann committed only her own C1 (her
# branch taken whole, fast-forwarded): a contributor.  Control: she
# commits Cid's C2.
C2=$(hexid c2)
{
	chdr
	crow $C1 2020-12-01T00:00:00Z Ann ann@a.org 's: one' Ann ann@a.org 2020-12-11T09:00:00Z
	crow $C2 2020-12-02T00:00:00Z Cid cid@c.org 's: two' Max maint@m.org 2020-12-12T09:00:00Z
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-role-ff.tsv
is "role: her own commits alone, where others commit others' work: contributor" "contributor" \
	"$(pcol p@x role role.tsv none.tsv c-role-ff.tsv)"
sed "/^$C2/s/\tMax\tmaint@m.org\t/\tAnn\tann@a.org\t/" c-role-ff.tsv >c-role-ff2.tsv
grep -q "^$C2.*	Ann	ann@a.org	2020-12-12" c-role-ff2.tsv
ok $? "control table: C2 committed by Ann"
is "control: she commits Cid's C2: committer" "committer" \
	"$(pcol p@x role role.tsv none.tsv c-role-ff2.tsv)"

# --- 2. the history's end ------------------------------------------------------
# The archive covers 2021; the main line ends 2021-06-01 (C9); the one
# merged cluster took 10 days from posting (m1@x, 02-01) to commit (C1,
# 02-11): a patch posted after 05-22 could not have been merged in it.
# C2, on a side branch, goes on to 09-01.
{
	mhdr
	for m in 01 02 03 04 05 06 07 08 09 10 11 12; do fill dev 2021-$m 30; done
	mail m1@x 2021-02-01T00:00:00Z Ann ann@a.org patch '' ''
	mail early@x 2021-05-22T00:00:00Z Ann ann@a.org patch '' ''
	mail edge@x 2021-05-22T00:00:01Z Ann ann@a.org patch '' ''
	mail near@x 2021-05-25T00:00:00Z Ann ann@a.org patch '' ''
	mail after@x 2021-06-10T00:00:00Z Ann ann@a.org patch '' ''
} >hist.tsv
{
	khdr
	member 1 m1@x mail
	member 1 $C1 commit
} >k-hist.tsv
{
	chdr
	commit $C1 2021-02-05T00:00:00Z 2021-02-11T00:00:00Z
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
	commit $C2 2021-08-01T00:00:00Z 2021-09-01T00:00:00Z side
} >c-hist.tsv
set -- hist.tsv k-hist.tsv c-hist.tsv
is "history: posted 7 days before its end, less than the 10 days merging takes: too-new, saying so" \
	"too-new posted 7.0 days before the history given ends (2021-06-01), less than the 90th percentile time to merge there (10.0 days)" \
	"$(verdict near@x "$@")"
is "history: posted after its end: too-new, saying so" \
	"too-new posted after the history given ends (2021-06-01): it could not be merged there" \
	"$(verdict after@x "$@")"
is "history: exactly 10 days before its end: ignored; a second later: too-new" "ignored|too-new" \
	"$(verdict early@x "$@")|$(verdict edge@x "$@" | cut -d' ' -f1)"
is "history: the summary counts them apart from the archives' end" \
	"3|0|3|posted after the history given ends (2021-06-01) less its 90th percentile time from first posting to commit (10.0 days, of 1 merged clusters): it could not have been merged in it" \
	"$(sval 'too new' "$@")|$(sval '  archives end' "$@")|$(srow '  history ends' "$@")"
sed 's/\tside\t/\t\t/' c-hist.tsv >c-hist-main.tsv
grep -q "^$C2.*	commit		" c-hist-main.tsv
ok $? "control table: C2 on the main line"
is "control: C2 on the main line ends the history on 09-01: both ignored" "ignored|ignored" \
	"$(verdict near@x hist.tsv k-hist.tsv c-hist-main.tsv)|$(verdict after@x hist.tsv k-hist.tsv c-hist-main.tsv)"
is "control: without a commits table, no history: ignored, and the summary says so" \
	"ignored|ignored|0|no history given" \
	"$(verdict near@x hist.tsv k-hist.tsv)|$(verdict after@x hist.tsv k-hist.tsv)|$(srow '  history ends' hist.tsv k-hist.tsv)"
# The 90th percentile, not the longest: nine more clusters merged a day
# after their posting; the 9th of the ten times is a day.
{
	cat hist.tsv
	for k in 1 2 3 4 5 6 7 8 9; do mail h$k@x 2021-03-0${k}T00:00:00Z Ann ann@a.org patch '' ''; done
} >hist10.tsv
{
	cat k-hist.tsv
	for k in 1 2 3 4 5 6 7 8 9; do member h$k h$k@x mail; member h$k "$(hexid da$k)" commit; done
} >k-hist10.tsv
{
	cat c-hist.tsv
	for k in 1 2 3 4 5 6 7 8 9; do
		commit "$(hexid da$k)" 2021-03-0${k}T00:00:00Z "$(printf '2021-03-%02dT00:00:00Z' $((k + 1)))"
	done
} >c-hist10.tsv
is "history: of ten merged clusters (nine in a day, one in 10 days) the 90th percentile is a day: 7 days before is ignored, after is too new" \
	"ignored|too-new" \
	"$(verdict near@x hist10.tsv k-hist10.tsv c-hist10.tsv)|$(verdict after@x hist10.tsv k-hist10.tsv c-hist10.tsv | cut -d' ' -f1)"
is "... and the summary says so" \
	"posted after the history given ends (2021-06-01) less its 90th percentile time from first posting to commit (1.0 days, of 10 merged clusters): it could not have been merged in it" \
	"$(srow '  history ends' hist10.tsv k-hist10.tsv c-hist10.tsv | cut -d'|' -f2)"

# --- 3. coverage by the archives together; a mail's archive's list -----------
# Three lists, each taking over from the last: a (January, February), b
# (February, March), c (March to June).  pa@x, on a, is posted on 03-20,
# after a ended: the archives together go on to June.
{
	mhdr
	fill a 2021-01 30
	fill a 2021-02 30
	fill b 2021-02 30
	fill b 2021-03 30
	for m in 03 04 05 06; do fill c 2021-$m 30; done
	mrow pa@x 2021-03-20T12:00:00Z Ann ann@a.org '[PATCH] pa@x' a '' '' patch '' '' '' '' '' ''
} >three.tsv
is "coverage: list a ended, b then c went on (a chain of three lists): pa@x is judged" "ignored" \
	"$(verdict pa@x three.tsv none.tsv)"
grep -v '^f\.c\.2021-0[34]' three.tsv >gap.tsv
is "control: c starts in May, after a month of no list: the archives end with b, 8 days after pa@x" \
	"too-new posted 8.0 days before the archives' coverage ends (2021-03-28; grace 14.0 days)" \
	"$(verdict pa@x gap.tsv none.tsv)"
# A mail that names no list takes the list of most mails of its archive
# (its src less ":offset", or a maildir's folder less cur/ or new/):
# lists/a.mbox holds list a (January, February) and a few of x; the
# maildir md holds list b (April to June).
{
	mhdr
	fill a 2021-01 30 lists/a.mbox
	fill a 2021-02 30 lists/a.mbox
	fill x 2021-02 10 lists/a.mbox
	for m in 04 05 06; do fill b 2021-$m 30 md; done
	mrow u@x 2021-02-20T12:00:00Z Ann ann@a.org '[PATCH] u@x' '' '' '' patch '' '' '' '' '' lists/a.mbox:1f00
	mrow v@x 2021-02-20T12:00:00Z Ann ann@a.org '[PATCH] v@x' '' '' '' patch '' '' '' '' '' md/new/1613.M5P7.h:2,S
	mrow w@x 2021-02-20T12:00:00Z Ann ann@a.org '[PATCH] w@x' '' '' '' patch '' '' '' '' '' ''
} >arch.tsv
is "archive: no list, from lists/a.mbox: list a; from the maildir md: list b; from no archive: none" \
	"a|b|" \
	"$(pcol u@x list arch.tsv none.tsv)|$(pcol v@x list arch.tsv none.tsv)|$(pcol w@x list arch.tsv none.tsv)"
is "archive: judged by its list's coverage: a's ends 8 days after u@x (too new); b's begins after v@x (judged)" \
	"too-new posted 8.0 days before the archives' coverage ends (2021-02-28; grace 14.0 days)|ignored" \
	"$(verdict u@x arch.tsv none.tsv)|$(verdict v@x arch.tsv none.tsv)"
ptreport why u@x arch.tsv none.tsv >why.out
is "archive: why names the list taken and the archive" \
	"  date: 2021-02-20T12:00:00Z, list: a, archive: lists/a.mbox" "$(grep '^  date:' why.out)"
{
	cat arch.tsv
	fill x 2021-01 51 lists/a.mbox
} >arch-x.tsv
is "control: more of lists/a.mbox's mails on x (61 to 60): u@x takes x" "x" \
	"$(pcol u@x list arch-x.tsv none.tsv)"
{
	cat arch.tsv
	fill x 2021-01 50 lists/a.mbox
} >arch-tie.tsv
is "control: as many on x as on a (60): the first by name, a" "a" \
	"$(pcol u@x list arch-tie.tsv none.tsv)"

# --- 4. superseded -------------------------------------------------------------
# Ann's posting 0/3 (c1@x, p1..p3@x) on 03-01; her v2 0/2 (c2@x, q1@x,
# q2@x) in another thread on DAY, by WHO; the clusters join p1 to q1, p2
# to q2 (versions); Bob answers v2's cover letter when ANSWER is yes.
# sup DAY NAME ADDR ANSWER [COVER-TITLE]
sup() {
	mhdr
	smail c1@x 2021-03-01T09:00:00Z Ann ann@a.org '[PATCH 0/3] foo: the series' cover '' '' 0 3
	smail p1@x 2021-03-01T09:01:00Z Ann ann@a.org '[PATCH 1/3] foo: one' patch c1@x '' 1 3
	smail p2@x 2021-03-01T09:02:00Z Ann ann@a.org '[PATCH 2/3] foo: two' patch c1@x '' 2 3
	smail p3@x 2021-03-01T09:03:00Z Ann ann@a.org '[PATCH 3/3] foo: three' patch c1@x '' 3 3
	smail c2@x "$1T09:00:00Z" "$2" "$3" "[PATCH v2 0/2] foo: ${5:-the series, again}" cover '' 2 0 2
	smail q1@x "$1T09:01:00Z" "$2" "$3" '[PATCH v2 1/2] foo: one' patch c2@x 2 1 2
	smail q2@x "$1T09:02:00Z" "$2" "$3" '[PATCH v2 2/2] foo: two' patch c2@x 2 2 2
	if [ "$4" = yes ]; then
		tmail r@x "$1T10:00:00Z" Bob bob@b.org 'Re: [PATCH v2 0/2] foo' reply c2@x
	fi
}
{
	khdr
	member 1 p1@x mail
	member 1 q1@x mail
	member 2 p2@x mail
	member 2 q2@x mail
} >k-sup.tsv
sup 2021-04-01 Ann ann@a.org yes >sup.tsv
set -- --grace 0 sup.tsv k-sup.tsv
is "superseded: 3/3, left out of her answered v2 (which holds 1/3 and 2/3): superseded, naming v2's first mail" \
	"superseded c2@x" "$(verdict p3@x "$@")"
is "... 1/3 and 2/3, answered in v2: answered-version" "answered-version q1@x|answered-version q2@x" \
	"$(verdict p1@x "$@")|$(verdict p2@x "$@")"
is "... neither ignored nor too new in the summary: superseded 1" "0|1" \
	"$(sval ignored "$@")|$(sval superseded "$@")"
sup 2021-04-01 Ann ann@a.org no >sup-unans.tsv
is "superseded: v2 neither answered nor merged, but a whole next version (a cover letter, v2) without 3/3: she dropped it" \
	"superseded c2@x" "$(verdict p3@x --grace 0 sup-unans.tsv k-sup.tsv)"
# Only v2 1/2 and 2/2, resent without a cover letter (the changed parts,
# each in a thread of its own), nobody answering: no whole next version.
grep -v '^c2@x' sup-unans.tsv | sed 's/\tc2@x\tc2@x\t/\t\t\t/' >sup-part.tsv
grep -q '^q1@x.*		patch' sup-part.tsv
ok $? "control table: v2's parts without their cover letter"
is "control: v2's parts alone, neither answered nor merged: 3/3 ignored" "ignored" \
	"$(verdict p3@x --grace 0 sup-part.tsv k-sup.tsv)"
{
	cat k-sup.tsv
	member 1 $C1 commit
} >k-sup-merged.tsv
is "... but v2 merged (1/3's cluster holds a commit): superseded" "superseded c2@x" \
	"$(verdict p3@x --grace 0 sup-unans.tsv k-sup-merged.tsv)"
sup 2021-04-01 Cid cid@c.org yes >sup-cid.tsv
is "control: the later posting by another person: ignored" "ignored" \
	"$(verdict p3@x --grace 0 sup-cid.tsv k-sup.tsv)"
sup 2021-04-01 Ann ann@home.example yes >sup-home.tsv
is "... by her name at another address, it is hers: superseded" "superseded c2@x" \
	"$(verdict p3@x --grace 0 sup-home.tsv k-sup.tsv)"
sup 2022-03-01 Ann ann@a.org yes >sup-365.tsv
is "superseded: v2 365 days after v1 (their first mails)" "superseded c2@x" \
	"$(verdict p3@x --grace 0 sup-365.tsv k-sup.tsv)"
sed 's/2022-03-01T09:00:00Z/2022-03-01T09:00:01Z/' sup-365.tsv >sup-366.tsv
is "control: 365 days and a second later: ignored" "ignored" \
	"$(verdict p3@x --grace 0 sup-366.tsv k-sup.tsv)"
{
	khdr
	member 1 p1@x mail
	member 1 q1@x mail
	member 2 p2@x mail
	member 3 p3@x mail
	member 3 q2@x mail
} >k-sup-v3.tsv
is "control: v2 holds a version of 3/3 (its cluster): that judges it, answered-version" \
	"answered-version q2@x" "$(verdict p3@x --grace 0 sup.tsv k-sup-v3.tsv)"
# The same title of the cover letters, no cluster between them.
sup 2021-04-01 Ann ann@a.org yes 'the series' >sup-title.tsv
is "superseded: v2's cover letter has v1's title (no cluster joins them): superseded" \
	"superseded c2@x" "$(verdict p3@x --grace 0 sup-title.tsv none.tsv)"
is "control: cover letters of other titles, no cluster: ignored" "ignored" \
	"$(verdict p3@x --grace 0 sup.tsv none.tsv)"
# A higher version in the same thread (v2 1/2 and 2/2 answering v1's
# cover letter), 1/2 merged.
{
	mhdr
	sup 2021-04-01 Ann ann@a.org no | sed 1d | grep -v -e '^c2@x' -e '^q'
	smail q1@x 2021-03-05T09:01:00Z Ann ann@a.org '[PATCH v2 1/2] foo: one more' patch c1@x 2 1 2
	smail q2@x 2021-03-05T09:02:00Z Ann ann@a.org '[PATCH v2 2/2] foo: two more' patch c1@x 2 2 2
} >sup-thr.tsv
{
	khdr
	member 1 q1@x mail
	member 1 $C1 commit
} >k-sup-thr.tsv
is "superseded: v2 in v1's thread, merged, lacking 3/3: superseded by v2's first mail" "superseded q1@x" \
	"$(verdict p3@x --grace 0 sup-thr.tsv k-sup-thr.tsv)"
sed '/^q[12]@x/s/\tpatch\t2\t/\tpatch\t\t/' sup-thr.tsv >sup-thr1.tsv
grep -q '^q1@x.*	patch		1	2' sup-thr1.tsv
ok $? "control table: the later posting in the thread of no higher version"
is "control: not a higher version: ignored" "ignored" \
	"$(verdict p3@x --grace 0 sup-thr1.tsv k-sup-thr.tsv)"

# --- 5. answered together ------------------------------------------------------
# Ann's p@x (foo01: fix the leak, drivers/foo01.c) at 09:00; q@x, in a
# thread of its own, at DATE by NAME ADDR, titled TITLE, changing FILE;
# Bob answers q@x when ANSWER is yes, speaking of both ("these patches":
# the flag series) unless ANSWER is one.  An answer to q@x alone is no
# answer to p@x: a doubt (unsure).
# tw DATE NAME ADDR TITLE FILE ANSWER: the verdict of p@x.
tw() {
	{
		mhdr
		tmail p@x 2021-03-01T09:00:00Z Ann ann@a.org '[PATCH] foo01: fix the leak'
		tmail q@x "$1" "$2" "$3" "[PATCH] $4"
		if [ "$6" = yes ]; then
			mrow r@x 2021-03-01T12:00:00Z Bob bob@b.org "Re: [PATCH] $4" dev q@x q@x \
			    reply '' '' '' series '' ''
		elif [ "$6" = one ]; then
			tmail r@x 2021-03-01T12:00:00Z Bob bob@b.org "Re: [PATCH] $4" reply q@x
		fi
	} >tw.tsv
	{
		thdr
		tok mail p@x 2021-03-01T09:00:00Z M:drivers/foo01.c
		tok mail q@x "$1" "M:$5"
	} >tw.tok
	verdict p@x --grace 0 tw.tsv tw.tok none.tsv
}
is "together: her patch an hour later, another file, a title alike (foo02: fix the leak), answered" \
	"answered-together q@x" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'foo02: fix the leak' drivers/foo02.c yes)"
cp tw.tsv tw-case.tsv
cp tw.tok tw-case.tok
is "together: ... the same file, a title unlike" "answered-together q@x" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'bar: add a knob' drivers/foo01.c yes)"
is "control: another file, a title unlike: ignored" "ignored" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'bar: add a knob' drivers/bar.c yes)"
is "together: a title alike (the same change in two places): any answer to q@x answers both" \
	"answered-together q@x" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'foo02: fix the leak' drivers/foo02.c one)"
is "control: the same file, a title unlike, Bob answers q@x alone (no word of both): ignored, the detail names q@x" \
	"ignored q@x was answered, not it (r@x)" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'bar: add a knob' drivers/foo01.c one)"
is "together: an hour before it" "answered-together q@x" \
	"$(tw 2021-03-01T08:00:00Z Ann ann@a.org 'foo02: fix the leak' drivers/foo01.c yes)"
is "together: 3601 seconds after it, a title alike: a batch of the day, answered together" \
	"answered-together q@x" \
	"$(tw 2021-03-01T10:00:01Z Ann ann@a.org 'foo01: fix the big leak' drivers/bar.c yes)"
is "control: 25 hours after it, a title alike: ignored" "ignored" \
	"$(tw 2021-03-02T10:00:00Z Ann ann@a.org 'foo01: fix the big leak' drivers/bar.c yes)"
is "together: 3601 seconds after it, another file, a title alike: a batch of the day" \
	"answered-together q@x" \
	"$(tw 2021-03-01T10:00:01Z Ann ann@a.org 'foo02: fix the leak' drivers/foo02.c yes)"
is "control: 3601 seconds after it, the same file, a title unlike: ignored" "ignored" \
	"$(tw 2021-03-01T10:00:01Z Ann ann@a.org 'bar: add a knob' drivers/foo01.c yes)"
is "control: 3601 seconds before it, the same file, a title unlike: ignored" "ignored" \
	"$(tw 2021-03-01T07:59:59Z Ann ann@a.org 'bar: add a knob' drivers/foo01.c yes)"
is "control: 24 hours and a second before it, a title alike: ignored" "ignored" \
	"$(tw 2021-02-28T08:59:59Z Ann ann@a.org 'foo02: fix the leak' drivers/foo02.c yes)"
is "control: q@x by another person: ignored" "ignored" \
	"$(tw 2021-03-01T10:00:00Z Cid cid@c.org 'foo02: fix the leak' drivers/foo01.c yes)"
is "together: q@x by her name at another address" "answered-together q@x" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@home.example 'foo02: fix the leak' drivers/foo01.c yes)"
is "control: q@x unanswered: ignored" "ignored" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'foo02: fix the leak' drivers/foo01.c no)"
# Titles alike: 60% of the distinct words of the longer in the other.
is "together: 3 of 5 words (foo01 fix one leak twice): alike" "answered-together q@x" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'foo01: fix one leak twice' drivers/bar.c yes)"
is "control: 3 of 6 words (foo01 fix one big leak twice): unlike, ignored" "ignored" \
	"$(tw 2021-03-01T10:00:00Z Ann ann@a.org 'foo01: fix one big leak twice' drivers/bar.c yes)"
tw 2021-03-01T10:00:00Z Ann ann@a.org 'foo02: fix the leak' drivers/foo01.c yes >/dev/null
sed -i '/^q@x/s/\tdev\t/\tother\t/' tw.tsv
is "control: q@x on another list: ignored" "ignored" "$(verdict p@x --grace 0 tw.tsv tw.tok none.tsv)"
is "together: the summary counts it" "1|0" \
	"$(sval 'answered together' --grace 0 tw-case.tsv tw-case.tok none.tsv)|$(sval ignored --grace 0 tw-case.tsv tw-case.tok none.tsv)"

# A version answered together answers the others: v@x, Ann's v2 of q@x
# in a thread of its own, in one cluster with q@x, unanswered.
tw 2021-03-01T10:00:00Z Ann ann@a.org 'foo02: fix the leak' drivers/foo01.c yes >/dev/null
tmail v@x 2021-03-08T09:00:00Z Ann ann@a.org '[PATCH v2] foo02: fix the leak' >>tw.tsv
{
	khdr
	member 1 p@x mail
	member 1 v@x mail
} >k-tw.tsv
is "together: her later version of p@x, unanswered, is answered-version through p@x's twin" \
	"answered-together q@x|answered-version p@x" \
	"$(verdict p@x --grace 0 tw.tsv tw.tok k-tw.tsv)|$(verdict v@x --grace 0 tw.tsv tw.tok k-tw.tsv)"
sed '/^r@x/d' tw.tsv >tw-no.tsv
is "control: the twin q@x unanswered: v@x stands for p@x (superseded), counted once, ignored" \
	"superseded v@x|ignored" \
	"$(verdict p@x --grace 0 tw-no.tsv tw.tok k-tw.tsv)|$(verdict v@x --grace 0 tw-no.tsv tw.tok k-tw.tsv)"

# Its very diff sent again: p@x went out with an in-body From naming
# root@h.org (a machine's account), and its sender sent the same diff
# (the patch tables' hash) six minutes later as v2 under her own name:
# one patch, the later copy carries the verdict.  Control: another diff.
rs() {
	{
		mhdr
		for m in 02 03 04; do fill dev 2021-$m 30; done
		tmail p@x 2021-03-01T09:00:00Z root root@h.org '[PATCH] foo: fix the leak'
		tmail v@x 2021-03-01T09:06:00Z Ann ann@a.org '[PATCH v2] foo: fix the leak'
	} >rs.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\tflags\thash\n'
		printf 'p@x\tmail\t2021-03-01T09:00:00Z\tsrc/foo.c\t\tF src/foo.c\\tsrc/foo.c\\n@ \\n+x\\n\t\t%s\n' "$1"
		printf 'v@x\tmail\t2021-03-01T09:06:00Z\tsrc/foo.c\t\tF src/foo.c\\tsrc/foo.c\\n@ \\n+x\\n\t\t%s\n' "$2"
	} >rs.tok
	{ khdr; member 1 p@x mail; member 1 v@x mail; } >k-rs.tsv
	echo "$(verdict p@x --grace 0 rs.tsv rs.tok k-rs.tsv)|$(verdict v@x --grace 0 rs.tsv rs.tok k-rs.tsv)"
}
is "its very diff sent again under its sender's name: superseded by the copy, which is ignored" \
	"superseded v@x|ignored" "$(rs 0123456789abcdef 0123456789abcdef)"
is "control: another diff by another: each ignored" "ignored|ignored" \
	"$(rs 0123456789abcdef fedcba9876543210)"

# A series is one conversation: Ann drafts part 1's diff in a reply in
# Tom's thread (d@x, 08:00, clustered with s1@x), then posts the series
# (s0@x, s1@x, s2@x at 09:00); Bob goes on in the draft's thread at
# BOB's time, speaking of the series (flags FLAGS, by default series).
# sd BOB [DRAFT-DATE [FLAGS]]: the verdict of s2@x.
sd() {
	{
		mhdr
		tmail t@x 2021-03-01T07:00:00Z Tom tom@t.org '[PATCH] bar: rework'
		tmail d@x "${2:-2021-03-01T08:00:00Z}" Ann ann@a.org 'Re: [PATCH] bar: rework' reply t@x
		mrow b@x "$1" Bob bob@b.org 'Re: [PATCH] bar: rework' dev d@x "t@x d@x" reply \
		    '' '' '' "${3-series}" '' ''
		smail s0@x 2021-03-01T09:00:00Z Ann ann@a.org '[PATCH 0/2] foo: the series' cover '' '' 0 2
		smail s1@x 2021-03-01T09:01:00Z Ann ann@a.org '[PATCH 1/2] foo: one' patch s0@x '' 1 2
		smail s2@x 2021-03-01T09:02:00Z Ann ann@a.org '[PATCH 2/2] foo: two' patch s0@x '' 2 2
	} >sd.tsv
	{
		thdr
		tok mail t@x 2021-03-01T07:00:00Z M:bar.c
		tok mail d@x "${2:-2021-03-01T08:00:00Z}" M:foo1.c
		tok mail s1@x 2021-03-01T09:01:00Z M:foo1.c
		tok mail s2@x 2021-03-01T09:02:00Z M:foo2.c
	} >sd.tok
	{
		khdr
		member 1 d@x mail
		member 1 s1@x mail
	} >k-sd.tsv
	verdict s2@x --grace 0 sd.tsv sd.tok k-sd.tsv
}
is "series: part 2, whose part 1's draft was discussed in its thread after the series: answered-together s1@x" \
	"answered-together s1@x" "$(sd 2021-03-01T10:00:00Z)"
cp sd.tsv sd-case.tsv
cp sd.tok sd-case.tok
cp k-sd.tsv k-sd-case.tsv
is "control: the discussion ended before the series was posted: ignored" "ignored" \
	"$(sd 2021-03-01T08:30:00Z)"
is "control: Bob speaks of the draft alone (no word of the series): ignored" "ignored" \
	"$(sd 2021-03-01T10:00:00Z 2021-03-01T08:00:00Z '')"
is "control: part 1's other version posted after the series (a later posting): ignored" "ignored" \
	"$(sd 2021-03-02T10:00:00Z 2021-03-02T09:00:00Z)"
sd 2021-03-01T10:00:00Z >/dev/null
sed -i '/^b@x/s/\tBob\tbob@b.org\t/\tAnn\tann@a.org\t/' sd.tsv
is "control: the author alone in the draft's thread: ignored" "ignored" \
	"$(verdict s2@x --grace 0 sd.tsv sd.tok k-sd.tsv)"
sd 2021-03-01T10:00:00Z >/dev/null
{ khdr; member 1 d@x mail; member 2 s1@x mail; } >k-sd.tsv
is "control: the draft in no cluster with part 1: ignored" "ignored" \
	"$(verdict s2@x --grace 0 sd.tsv sd.tok k-sd.tsv)"

# --- 6. cites: a mail naming the patch from outside its thread -------------------
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail a@x 2021-03-01T10:00:00Z Ann ann@a.org reply p@x p@x
	mail o@x 2021-03-02T09:00:00Z Cid cid@c.org patch '' ''
	cmail c@x 2021-03-03T09:00:00Z Bob bob@b.org reply p@x
} >cite.tsv
set -- --grace 0 cite.tsv none.tsv
# cv TABLE [ID]: "verdict detail" of ID (p@x) on the mails TABLE (--grace 0).
cv() {
	verdict "${2:-p@x}" --grace 0 "$1" none.tsv
}
is "cites: Bob's mail in another thread citing p@x answers it, at its date" \
	"answered bob@b.org|2021-03-03T09:00:00Z|48.0" \
	"$(verdict p@x "$@")|$(pcol p@x first_response "$@")|$(pcol p@x ttfr_h "$@")"
ptreport why p@x "$@" >why.out
grep -q '^    2021-03-03  bob@b.org  c@x  on p@x  (cites it from outside the thread: a response)$' why.out
ok $? "cites: why lists the citing mail as a response"
sed 's/^c@x\t\([^\t]*\)\tBob\tbob@b.org/c@x\t\1\tAnn\tann@home.example/' cite.tsv >cite-own.tsv
grep -q '^c@x	[^	]*	Ann	ann@home.example	' cite-own.tsv
ok $? "control table: the citing mail by Ann"
is "control: Ann citing her own patch: ignored" "ignored" "$(cv cite-own.tsv)"
# Her words there, quoted in why (a said column added: "Dropped, see ...").
awk -F'\t' -v OFS='\t' 'NR == 1 { print $0, "said"; next }
	{ print $0, ($1 == "c@x" ? "Dropped: the driver went away, see the cleanup." : "") }' \
    cite-own.tsv >cite-said.tsv
ptreport why p@x --grace 0 cite-said.tsv none.tsv >why.out
grep -q '^    2021-03-03  ann@home.example  c@x  on p@x  (cites it from outside the thread; its author: no response: "Dropped: the driver went away, see the cleanup.")$' why.out
ok $? "cites: why quotes the author's own words in a mail citing it"
sed 's/^c@x\t2021-03-03T09:00:00Z/c@x\t2021-03-01T08:59:59Z/' cite.tsv >cite-before.tsv
is "control: a citing mail dated before the patch: ignored" "ignored" "$(cv cite-before.tsv)"
sed 's/^c@x\t2021-03-03T09:00:00Z/c@x\t2021-03-01T09:00:00Z/' cite.tsv >cite-same.tsv
grep -q '^c@x	2021-03-01T09:00:00Z	' cite-same.tsv
ok $? "control table: the citing mail dated the second of the patch"
is "cites: dated the second of the patch: a response" "answered bob@b.org" "$(cv cite-same.tsv)"
sed 's/\tp@x\t$/\ta@x\t/' cite.tsv >cite-thread.tsv
grep -q '^c@x.*	a@x	$' cite-thread.tsv
ok $? "control table: Bob cites Ann's reply, a@x"
is "cites: citing a mail of its thread (her reply) answers the patch" "answered bob@b.org" \
	"$(cv cite-thread.tsv)"
sed 's/\tp@x\t$/\to@x\t/' cite.tsv >cite-other.tsv
is "control: Bob cites another patch: p@x ignored, o@x answered" "ignored|answered bob@b.org" \
	"$(cv cite-other.tsv)|$(cv cite-other.tsv o@x)"

# A cover letter by another person citing the patch: another's series
# "in reference to [1]" took its work up.
sed 's/^\(c@x\t[^\t]*\tBob\tbob@b.org\t[^\t]*\tdev\t\t\t\)reply/\1cover/' cite.tsv >cite-cover.tsv
grep -q '^c@x	.*	cover	' cite-cover.tsv
ok $? "control table: Bob's citing mail a cover letter"
is "cites: another's cover letter citing p@x answers it" "answered bob@b.org" "$(cv cite-cover.tsv)"
# Bob sent Ann's p@x (its in-body From hers) under his cover letter
# bc@x; his next posting's cover letter citing it lists it again, no
# answer.  Control: that cover letter Cid's.
{
	mhdr
	smail bc@x 2021-03-01T08:59:00Z Bob bob@b.org '[PATCH 0/1] foo: fixes of the week' cover '' '' 0 1
	smail p@x 2021-03-01T09:00:00Z Ann ann@a.org '[PATCH 1/1] foo: fix one' patch bc@x '' 1 1
	cmail c@x 2021-03-03T09:00:00Z Bob bob@b.org cover p@x
} >cite-fwd.tsv
sed 's/^c@x\t\([^\t]*\)\tBob\tbob@b.org/c@x\t\1\tCid\tcid@c.org/' cite-fwd.tsv >cite-fwd-cid.tsv
is "cites: the cover letter of the sender's next posting, citing the patch he sent for its author: no answer (control: Cid's: answered)" \
	"ignored|answered cid@c.org" "$(cv cite-fwd.tsv)|$(cv cite-fwd-cid.tsv)"
# Ann asks again elsewhere, citing her patch; Bob answers her there.
{
	cat cite-own.tsv
	tmail rc@x 2021-03-04T09:00:00Z Bob bob@b.org 'Re: on p@x' reply c@x
} >cite-ping.tsv
is "cites: Bob's reply to Ann's mail citing p@x answers p@x" "answered bob@b.org" \
	"$(cv cite-ping.tsv)"
ptreport why p@x --grace 0 cite-ping.tsv none.tsv >why.out
grep -q '^    2021-03-04  bob@b.org  rc@x  Re: on p@x  (answers a mail citing it from outside the thread: a response)$' why.out
ok $? "cites: why says Bob answered a mail citing it"
sed 's/^rc@x\t\([^\t]*\)\tBob\tbob@b.org/rc@x\t\1\tAnn\tann@a.org/' cite-ping.tsv >cite-ping-own.tsv
is "control: Ann's own reply there: ignored" "ignored" "$(cv cite-ping-own.tsv)"
# Ann's own cover letter of another posting (her kernel series) cites
# p@x; its part, sent by her under Omar's in-body From:, is that posting,
# no reply to it; a reply of Bob's to the cover letter is one.
sed 's/^\(c@x\t[^\t]*\tAnn\tann@home.example\t[^\t]*\tdev\t\t\t\)reply/\1cover/' cite-own.tsv >cite-kcov.tsv
grep -q '^c@x	.*	cover	' cite-kcov.tsv
ok $? "control table: Ann's citing mail a cover letter"
{
	cat cite-kcov.tsv
	tmail k1@x 2021-03-03T09:01:00Z Omar omar@o.org '[PATCH 1/2] btrfs: add the kernel half' patch c@x
} >cite-kpart.tsv
is "cites: a part of the citing posting (another's in-body From:) is no reply: her later posting citing it stands for it, not Omar's answer" \
	"superseded c@x" "$(cv cite-kpart.tsv)"
{
	cat cite-kcov.tsv
	tmail k1@x 2021-03-03T09:01:00Z Omar omar@o.org 'Re: [PATCH 0/2] the kernel half' reply c@x
} >cite-kreply.tsv
is "control: Omar's reply to that cover letter: answered" "answered omar@o.org" "$(cv cite-kreply.tsv)"
# Her kernel series proper: its part k1@x, hers, changes kernel/knob.c,
# a file the repository never had (another repository's).  Omar's review
# of the cover letter speaks of that posting, whose links name p@x: no
# answer to p@x.  The control: her part changes src/a.c, the
# repository's (her posting is the project's: the review answers p@x).
{
	cat cite-kcov.tsv
	tmail k1@x 2021-03-03T09:01:00Z Ann ann@home.example '[PATCH 1/1] kern: the kernel half' patch c@x
	tmail k2@x 2021-03-04T09:00:00Z Omar omar@o.org 'Re: [PATCH 0/1] the kernel half' reply c@x
} >cite-kcomp.tsv
kc() { # TOK: p@x's verdict, and why's line for Omar's review
	verdict p@x --grace 0 cite-kcomp.tsv none.tsv c-kc.tsv "$1"
	ptreport why p@x --grace 0 cite-kcomp.tsv none.tsv c-kc.tsv "$1" | grep -F '  k2@x  ' |
	    sed 's/^ *//'
}
{
	chdr
	commit $(hexid 7c9) 2020-01-01T00:00:00Z 2020-01-01T00:00:00Z
	commit $(hexid 7ca) 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-kc.tsv
# ktok ID DATE FILE: the patch table, p@x on src/a.c and her kernel patch
# ID (of DATE) on FILE (kernel/knob.c; the control src/a.c).
ktok() {
	thdr
	tok commit $(hexid 7c9) 2020-01-01T00:00:00Z C:src/a.c
	tok mail p@x 2021-03-01T09:00:00Z M:src/a.c
	tok mail "$1" "$2" "M:$3"
}
ktok k1@x 2021-03-03T09:01:00Z kernel/knob.c >kcomp.tok
ktok k1@x 2021-03-03T09:01:00Z src/a.c >kcomp-ctl.tok
K2='2021-03-04  omar@o.org  k2@x  Re: [PATCH 0/1] the kernel half  (answers a mail citing it from outside the thread'
UNS='unsure nobody answered it, but its other half for another repository, posted with it or linking it by its author, was answered: c@x (k2@x)'
is "cites: a review of her posting for another repository that links p@x is no answer to it, nor that posting its next version, but its other half's review: a doubt (control: her posting the project's: a response)" \
	"$UNS|$K2; that mail is its author's posting for another repository, which links it: a review of that posting, no response to it)|answered omar@o.org|$K2: a response)" \
	"$(kc kcomp.tok | paste -sd'|')|$(kc kcomp-ctl.tok | paste -sd'|')"
# Without her cover letter's own part standing for it (her kernel posting
# a part alone, replying to nothing): Omar's review of it is no answer.
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mrow c@x 2021-03-03T09:00:00Z Ann ann@home.example '[PATCH] kern: the kernel half' dev '' '' patch '' '' '' '' p@x ''
	tmail k2@x 2021-03-04T09:00:00Z Omar omar@o.org 'Re: [PATCH] kern: the kernel half' reply c@x
} >cite-kone.tsv
ktok c@x 2021-03-03T09:00:00Z kernel/knob.c >kone.tok
ktok c@x 2021-03-03T09:00:00Z src/a.c >kone-ctl.tok
{
	cat c-kc.tsv
	crow $(hexid 7cb) 2021-02-01T00:00:00Z Ann ann@a.org 'b: one' Omar omar@o.org 2021-02-01T00:00:00Z
} >c-kc-omar.tsv
is "cites: her kernel patch linking p@x, reviewed: a doubt; reviewed by one who commits here: answered (control: her patch the project's: answered)" \
	"$UNS|answered omar@o.org, who commits here, in the thread of its other half for another repository (c@x)|answered omar@o.org" \
	"$(verdict p@x --grace 0 cite-kone.tsv none.tsv c-kc.tsv kone.tok)|$(verdict p@x --grace 0 cite-kone.tsv none.tsv c-kc-omar.tsv kone.tok)|$(verdict p@x --grace 0 cite-kone.tsv none.tsv c-kc.tsv kone-ctl.tok)"

# Quoted: a mail naming no parent, its message's first attribution line
# naming Ann (or her address), a year and the day of her patch p@x (2021-02-01),
# answers it when another person's, at most 14 days later.
# qm ID DATE NAME ADDR MESSAGE [IN_REPLY_TO]: a patch mail with a message.
qm() {
	printf '%s\t%s\t%s\t%s\t[PATCH] %s\tdev\t%s\t%s\tpatch\t%s\n' "$1" "$2" "$3" "$4" "$1" \
	    "${6:-}" "${6:-}" "$5"
}
quoted() { # MAILS...: the quote table, p@x and the mails given
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tmessage\n'
	for m in 01 02 03; do
		fill dev 2021-$m 30 | awk -F'\t' -v OFS='\t' '{ print $1, $2, $3, $4, $5, $6, "", "", "other", "" }'
	done
	qm p@x 2021-02-01T09:00:00Z 'Ann Example' ann@a.org 'the knob, fixed'
	for m in "$@"; do printf '%s\n' "$m"; done
}
AT='Hi,\n\nOn Mon, 1 Feb 2021 10:00, Ann Example wrote:\n> the knob, fixed\n\nMine does it otherwise:'
quoted "$(qm q@x 2021-02-03T09:00:00Z Bob bob@b.org "$AT")" >q1.tsv
is "quoted: another's mail naming no parent, its attribution naming Ann and the day of p@x: answered" \
	"answered bob@b.org" "$(verdict p@x --grace 0 q1.tsv none.tsv)"
ptreport why p@x --grace 0 q1.tsv none.tsv >why.out
grep -q '^    2021-02-03  bob@b.org  q@x  \[PATCH\] q@x  (cites it from outside the thread: a response)$' why.out
ok $? "quoted: why lists the quoting mail as a response"
quoted "$(qm q@x 2021-02-03T09:00:00Z Bob bob@b.org 'On 2021-02-01 10:00, Someone <ANN@a.org> wrote:\n> x')" >q2.tsv
is "quoted: by her address in angle brackets, whatever the name" "answered bob@b.org" \
	"$(verdict p@x --grace 0 q2.tsv none.tsv)"
quoted "$(qm q@x 2021-02-03T09:00:00Z Bob bob@b.org 'On Fri, 5 Feb 2021 10:00, Ann Example wrote:\n> x')" >q3.tsv
is "quoted, control: another day named (the 5th)" "ignored" "$(verdict p@x --grace 0 q3.tsv none.tsv)"
quoted "$(qm q@x 2021-02-16T09:00:00Z Bob bob@b.org "$AT")" >q4.tsv
is "quoted, control: 15 days after" "ignored" "$(verdict p@x --grace 0 q4.tsv none.tsv)"
quoted "$(qm q@x 2021-02-03T09:00:00Z 'Ann Example' ann@a.org "$AT")" >q5.tsv
is "quoted, control: her own mail" "ignored" "$(verdict p@x --grace 0 q5.tsv none.tsv)"
quoted "$(qm q@x 2021-02-03T09:00:00Z Bob bob@b.org '> On Mon, 1 Feb 2021 10:00, Ann Example wrote:\n> x')" >q6.tsv
is "quoted, control: the attribution itself quoted (a line starting >)" "ignored" \
	"$(verdict p@x --grace 0 q6.tsv none.tsv)"
quoted "$(qm q@x 2021-02-03T09:00:00Z Bob bob@b.org "$AT" f.dev.2021-01.3@x)" >q7.tsv
is "quoted, control: a mail naming a parent (another thread's) is that thread's" "ignored" \
	"$(verdict p@x --grace 0 q7.tsv none.tsv)"
quoted "$(qm q@x 2021-02-03T09:00:00Z Bob bob@b.org 'On Mon, 1 Feb, Ann Example wrote:\n> x')" >q8.tsv
is "quoted, control: no year named" "ignored" "$(verdict p@x --grace 0 q8.tsv none.tsv)"

# Unthreaded by subject: a mail naming no parent whose subject is a
# reply's to p@x's ("RE: [PATCH] p@x", a client that drops In-Reply-To
# and References) answers it when another person's, at most 14 days
# later; the latest patch of that title before it.
# um ID DATE NAME ADDR SUBJECT [IN_REPLY_TO]: a reply with its own subject.
um() {
	printf '%s\t%s\t%s\t%s\t%s\tdev\t%s\t%s\treply\t\n' "$1" "$2" "$3" "$4" "$5" "${6:-}" "${6:-}"
}
quoted "$(um r@x 2021-02-03T09:00:00Z Bob bob@b.org 'RE: [PATCH] p@x')" >u1.tsv
is "unthreaded: another's mail naming no parent, under RE: and p@x's subject: answered" \
	"answered bob@b.org" "$(verdict p@x --grace 0 u1.tsv none.tsv)"
quoted "$(um r@x 2021-02-03T09:00:00Z Bob bob@b.org 'AW: [PATCH v2] P@X')" >u2.tsv
is "unthreaded: whatever the reply marker, the tags and the case" \
	"answered bob@b.org" "$(verdict p@x --grace 0 u2.tsv none.tsv)"
quoted "$(um r@x 2021-02-16T09:00:00Z Bob bob@b.org 'RE: [PATCH] p@x')" >u3.tsv
quoted "$(um r@x 2021-02-03T09:00:00Z 'Ann Example' ann@a.org 'RE: [PATCH] p@x')" >u4.tsv
quoted "$(um r@x 2021-02-03T09:00:00Z Bob bob@b.org '[PATCH] p@x')" >u5.tsv
quoted "$(um r@x 2021-02-03T09:00:00Z Bob bob@b.org 'RE: [PATCH] p@x' f.dev.2021-01.3@x)" >u6.tsv
quoted "$(um r@x 2021-02-03T09:00:00Z Bob bob@b.org 'RE: p@x')" >u7.tsv
is "unthreaded, controls: 15 days after; her own; no reply marker; naming another parent; no patch tag" \
	"ignored|ignored|ignored|ignored|ignored" \
	"$(verdict p@x --grace 0 u3.tsv none.tsv)|$(verdict p@x --grace 0 u4.tsv none.tsv)|$(verdict p@x --grace 0 u5.tsv none.tsv)|$(verdict p@x --grace 0 u6.tsv none.tsv)|$(verdict p@x --grace 0 u7.tsv none.tsv)"

# Titles quoted: a mail's own words quoting p@x's title in double quotes
# (4 words or more, whatever the case and tags; wrapped across lines)
# cite it, from outside its thread, at most 365 days after it: in a
# reply's message, in a patch's message or below its "---".
# tq ID DATE NAME ADDR SUBJECT TYPE IN_REPLY_TO MESSAGE ANNOTATION
tq() {
	printf '%s\t%s\t%s\t%s\t%s\tdev\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$7" "$7" \
	    "$6" "$8" "$9"
}
tquoted() { # MAILS...: p@x, "[PATCH] tool: merge the knob into the daemon", and the mails
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tmessage\tannotation\n'
	for m in 01 02 03; do
		fill dev 2021-$m 30 | awk -F'\t' -v OFS='\t' '{ print $1, $2, $3, $4, $5, $6, "", "", "other", "", "" }'
	done
	tq p@x 2021-02-01T09:00:00Z 'Ann Example' ann@a.org \
	    '[PATCH] tool: merge the knob into the daemon' patch '' 'Merge it.' ''
	for m in "$@"; do printf '%s\n' "$m"; done
}
TQ='I would rather not take "Tool: merge the knob\ninto the daemon" as it is.'
tquoted "$(tq r@x 2021-02-10T09:00:00Z Bob bob@b.org 'Re: other' reply f.dev.2021-01.3@x "$TQ" '')" >t1.tsv
is "titles quoted: another's reply elsewhere quoting p@x's title (wrapped): answered" \
	"answered bob@b.org" "$(verdict p@x --grace 0 t1.tsv none.tsv)"
ptreport why p@x --grace 0 t1.tsv none.tsv >why.out
grep -q '^    2021-02-10  bob@b.org  r@x  Re: other  (cites it from outside the thread: a response)$' why.out &&
    grep -q 'or its title in quotes' why.out
ok $? "titles quoted: why lists the quoting mail and says the rule"
NOTE='This patch supersedes the previously submitted \342\200\234[PATCH] tool: merge the knob into the daemon\342\200\235.'
tquoted "$(tq n@x 2021-02-08T09:00:00Z 'Ann Example' ann@a.org '[PATCH] tool: bind the knob lazily' patch '' 'Bind it.' "$(printf "$NOTE")")" \
    "$(tq nr@x 2021-03-01T09:00:00Z Bob bob@b.org 'Re: [PATCH] tool: bind the knob lazily' reply n@x 'Applied a rework.' '')" >t2.tsv
is "titles quoted: her later patch's notes name p@x (typographic quotes, its tag); Bob answers that one: p@x answered" \
	"answered bob@b.org" "$(verdict p@x --grace 0 t2.tsv none.tsv)"
tquoted "$(tq r@x 2021-02-10T09:00:00Z Bob bob@b.org 'Re: other' reply f.dev.2021-01.3@x "> $TQ" '')" >t3.tsv
tquoted "$(tq r@x 2021-02-10T09:00:00Z Bob bob@b.org 'Re: other' reply f.dev.2021-01.3@x 'Since abc ("tool: merge the knob into the daemon") it fails.' '')" >t4.tsv
tquoted "$(tq r@x 2022-02-10T09:00:00Z Bob bob@b.org 'Re: other' reply f.dev.2021-01.3@x "$TQ" '')" >t5.tsv
tquoted "$(tq r@x 2021-02-10T09:00:00Z Bob bob@b.org 'Re: other' reply f.dev.2021-01.3@x 'Not "tool: merge the knob" alone.' '')" >t6.tsv
tquoted "$(tq r@x 2021-02-10T09:00:00Z Bob bob@b.org 'Re: other' reply f.dev.2021-01.3@x 'Not "tool: merge the knob\n\ninto the daemon" at all.' '')" >t7.tsv
tquoted "$(tq r@x 2021-02-10T09:00:00Z Bob bob@b.org 'Re: other' reply f.dev.2021-01.3@x 'See tool: merge the knob into the daemon.' '')" >t8.tsv
is "titles quoted, controls: in a line starting >; a commit's (\"title\"); 366 days after; a part of the title; across a paragraph; not in quotes" \
	"ignored|ignored|ignored|ignored|ignored|ignored" \
	"$(verdict p@x --grace 0 t3.tsv none.tsv)|$(verdict p@x --grace 0 t4.tsv none.tsv)|$(verdict p@x --grace 0 t5.tsv none.tsv)|$(verdict p@x --grace 0 t6.tsv none.tsv)|$(verdict p@x --grace 0 t7.tsv none.tsv)|$(verdict p@x --grace 0 t8.tsv none.tsv)"

# --- 7. applied: on a side branch only -----------------------------------------
# p@x's cluster holds C1, on a side branch; C2, on a side branch too,
# deletes src/a.c, which the main line created (C9's root); late@x
# changes src/a.c after that.
{
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	mail p@x 2021-02-01T09:00:00Z Ann ann@a.org patch '' ''
	mail late@x 2021-02-20T09:00:00Z Ann ann@a.org patch '' ''
} >side.tsv
{
	khdr
	member 1 p@x mail
	member 1 $C1 commit
} >k-side.tsv
{
	chdr
	commit $C1 2021-02-02T00:00:00Z 2021-02-03T00:00:00Z side
	commit $C2 2021-02-04T00:00:00Z 2021-02-05T00:00:00Z side
	commit $C9 2021-01-04T00:00:00Z 2021-06-01T00:00:00Z
} >c-side.tsv
{
	thdr
	tok commit $C9 2020-01-01T00:00:00Z C:src/a.c
	stok commit $C2 2021-02-05T00:00:00Z D:src/a.c
	tok mail late@x 2021-02-20T09:00:00Z M:src/a.c
} >side.tok
set -- side.tsv k-side.tsv c-side.tsv side.tok
is "applied: a cluster whose only commit is on a side branch, naming it" \
	"applied $C1, on a side branch (not the main line)" "$(verdict p@x "$@")"
is "applied: counted by the summary, not merged" "1|0" "$(sval applied "$@")|$(sval merged "$@")"
is "applied: side commits are never off-list" "" "$(ptreport offlist -q -H "$@")"
ptreport why $C2 "$@" >why.out
is "applied: why says a side commit is not judged" \
	"  verdict: not judged (on a side branch, not the main line: applied, not merged)" \
	"$(grep '^  verdict:' why.out)"
is "applied: a side commit's deletion leaves the file the repository's: late@x counts" "ignored" \
	"$(verdict late@x "$@")"
sed 's/\tside\t/\t\t/' c-side.tsv >c-main.tsv
sed 's/\tside$/\t/' side.tok >main.tok
grep -q 'side' c-main.tsv main.tok
ok $((!$?)) "control tables: C1 and C2 on the main line"
set -- side.tsv k-side.tsv c-main.tsv main.tok
is "control: on the main line, p@x is merged" "merged $C1" "$(verdict p@x "$@")"
is "control: ... C2 is off-list" "$C2" "$(ptreport offlist -q -H "$@" | cut -f1)"
is "control: ... and its deletion makes late@x another repository's" \
	"not-counted not for this repository: 0 of the 1 files it changes were in it at its date (not src/a.c)" \
	"$(verdict late@x "$@")"
# Where a reader looks for a posting missed: the patch mails of its author
# (Max: none) and those on its files (Bob's q@x, a day before C2 was
# written), from 30 days before it was written to a day after it was
# committed; late@x, on its file 15 days after, is not among them.
{ cat side.tsv; mail q@x 2021-02-03T09:00:00Z Bob bob@b.org patch '' ''; } >near.tsv
{ cat main.tok; tok mail q@x 2021-02-03T09:00:00Z M:src/a.c; } >near.tok
ptreport why $C2 near.tsv k-side.tsv c-main.tsv near.tok >near.out
is "off-list why: the patch mails of its author and on its files near it" \
	"  patch mails of its author from 30 days before it was written to a day after it was committed: none
  patch mails on its files from 30 days before it was written to a day after it was committed (the first 1 of 1 by date; the matching found none of them it):
    2021-02-03  bob@b.org  q@x  [PATCH] q@x" \
	"$(grep -A1 '^  patch mails ' near.out | grep -v '^--')"

# --- 8. off-list: the reasons ------------------------------------------------------
# Commits of 2021-02, each written and committed in the coverage (2021-01
# to 03), in no cluster; Ann writes them, Max commits them (none of
# committer-own) unless said; Ann commits the pull requests' P1 and P5
# herself (a contributor's branch).  Each row of the case table holds one
# reason; the control table takes it away, leaving none.
R1=$(hexid a1) R2=$(hexid a2) R3=$(hexid a3) R4=$(hexid a4) R5=$(hexid a5) V1=$(hexid b1)
E1=$(hexid e1) E2=$(hexid e2) E3=$(hexid e3) F1=$(hexid f1) F2=$(hexid f2) U1=$(hexid d1)
P1=$(hexid abcd1) P2=$(hexid abcd2) P3=$(hexid abce3) O1=$(hexid c01) O2=$(hexid c02)
N1=$(hexid 0e1)
P4=$(hexid abd04) P5=$(hexid abd05) P6=$(hexid abd06) F3=$(hexid f03)
# oc ID DAY SUBJECT [LINKS [MESSAGE [AUTHOR-NAME AUTHOR-ADDR [COMMITTER-NAME COMMITTER-ADDR]]]]:
# written on 2021-02-DAY at 10:00, committed at noon.
oc() {
	crow "$1" "2021-02-${2}T10:00:00Z" "${6:-Ann}" "${7:-ann@a.org}" "$3" "${8:-Max}" "${9:-maint@m.org}" \
	    "2021-02-${2}T12:00:00Z" '' "${4:-}" "${5:-}"
}
# The mails: a report by Rob 60 days before F2 was written; Sue's report
# bug@x; Pat's patch pp@x; Bob's reply lr@x to gone@x, which the
# archives lack, under E2's title after its prefixes; a reply under E3's
# title of two words.
offmails() { # REPORT-DATE
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	tmail rep@x "$1" Rob rob@r.org 'oops: the frobnicator crashes' other
	tmail bug@x 2021-02-01T09:00:00Z Sue sue@s.org 'the widget leaks' other
	tmail pp@x 2021-02-01T09:00:00Z Pat pat@p.org '[PATCH] gadget: fix the gizmo' patch
	tmail lr@x 2021-02-06T09:00:00Z Bob bob@b.org 'Re: net: widget: make the knob work again' reply gone@x
	tmail l2@x 2021-02-06T09:00:00Z Bob bob@b.org 'Re: net: widget: knob again' reply gone2@x
}
offmails 2020-12-12T10:00:00Z >off.tsv
{
	chdr
	oc $R1 02 'foo: a tagged commit'
	oc $R5 02 'widget: fix the frob'
	oc $R2 03 'foo 1.2.3' '' '' Max maint@m.org
	oc $R3 04 'release v1.2' '' '' Max maint@m.org
	oc $R4 05 'Update the release notes' '' '' Max maint@m.org
	oc $V1 06 'Revert "foo: bar"'
	oc $E1 07 'net: fix a thing' lost@x
	oc $E2 08 'widget: make the knob work again'
	oc $E3 08 'widget: knob again'
	oc $F1 09 'widget: plug the leak' bug@x
	oc $F2 10 'frob: do not crash' '' 'frob: do not crash\n\nReported-by: Rob <Rob@R.org>\nSigned-off-by: Ann <ann@a.org>'
	oc $U1 11 'gadget: fix the gizmo' pp@x
	oc $P1 12 'pull: one' '' '' Ann ann@a.org Ann ann@a.org
	oc $P2 13 'pull: two (#12)'
	oc $P3 13 'pull: three' '' 'pull: three\n\nCloses: https://github.com/x/y/pull/34'
	oc $P4 13 'pull: four' '' 'pull: four\n\nLink: https://github.com/x/y/pull/pull/400'
	oc $P5 13 'pull: five' '' '' Ann ann@a.org Ann ann@a.org
	oc $F3 10 'frob: do not leak' '' 'frob: do not leak\n\nReported-by: Zed <zed@z.org>\nSigned-off-by: Ann <ann@a.org>'
	oc $P6 13 'pull: six' '' 'pull: six\n\nSigned-off-by: Ann <ann@a.org>\nPull-request: #1007'
	oc $O1 14 'own: one' '' '' Max maint@m.org
	oc $O2 14 'own: two' '' '' Max max@home.example
	oc $N1 15 'none: one'
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-off.tsv
{
	printf 'tag\tid\tdate\tannotated\ttag_date\n'
	printf 'v0.1\t%s\t2021-02-02T12:00:00Z\tno\t\n' $R1
	printf 'v0.2-rc1\t%s\t2021-02-02T12:00:00Z\tno\t\n' $R5
} >tags.tsv
M1=$(hexid 3e1)
{
	printf 'id\tmerge\tmerge_date\tmerge_subject\tsrc\n'
	printf '%s\t%s\t2021-02-12T13:00:00Z\tMerge pull request #12 from x/y\t\n' $P1 $M1
	printf '%s\t%s\t2021-02-13T13:00:00Z\tMerge PR #3953 from x/y\t\n' $P5 $(hexid 3e2)
} >merged.tsv
{
	thdr
	tok commit $R4 2021-02-05T12:00:00Z M:NEWS M:doc/ChangeLog M:VERSION
} >c-off.tok
# The controls: no tag; a version beside other words; "release" without
# a version; release notes and a source file; "revert" not first; no
# trailers; gone@x in the archives; Rob's mail a second earlier; merges
# of branches; "(12)"; a pulls page; authors who are not the committers.
offmails 2020-12-12T09:59:59Z >off-ctl.tsv
tmail gone@x 2021-02-05T09:00:00Z Bob bob@b.org 'widget: make the knob work again' other >>off-ctl.tsv
{
	chdr
	oc $R1 02 'foo: a tagged commit'
	oc $R5 02 'widget: fix the frob'
	oc $R2 03 'foo: parse 1.2.3 and newer strings'
	oc $R3 04 'release the lock early'
	oc $R4 05 'Update the release notes'
	oc $V1 06 'foo: revert to the old bar'
	oc $E1 07 'net: fix a thing'
	oc $E2 08 'widget: make the knob work again'
	oc $E3 08 'widget: knob again'
	oc $F1 09 'widget: plug the leak'
	oc $F2 10 'frob: do not crash' '' 'frob: do not crash\n\nReported-by: Rob <Rob@R.org>\nSigned-off-by: Ann <ann@a.org>'
	oc $U1 11 'gadget: fix the gizmo'
	oc $P1 12 'pull: one' '' '' Ann ann@a.org Ann ann@a.org
	oc $P2 13 'pull: two (12)'
	oc $P3 13 'pull: three' '' 'pull: three\n\nCloses: https://github.com/x/y/pulls'
	oc $P4 13 'pull: four' '' 'pull: four\n\nLink: https://github.com/x/y/pull/pull/'
	oc $P5 13 'pull: five' '' '' Ann ann@a.org Ann ann@a.org
	oc $F3 10 'frob: do not leak' '' 'frob: do not leak\n\nReported-by: Ann <ann@a.org>\nSigned-off-by: Ann <ann@a.org>'
	oc $P6 13 'pull: six' '' 'pull: six\n\nSigned-off-by: Ann <ann@a.org>\nPull-request: none'
	oc $O1 14 'own: one' '' '' Mia mia@m.org
	oc $O2 14 'own: two' '' '' Maxine max@home.example
	oc $N1 15 'none: one'
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-off-ctl.tsv
{
	printf 'tag\tid\tdate\tannotated\ttag_date\n'
	printf 'v0.1\t%s\t2021-06-01T00:00:00Z\tno\t\n' $C9
} >tags-ctl.tsv
sed -e "s/Merge pull request #12 from x\\/y/Merge branch 'fixes'/" \
    -e "s/Merge PR #3953 from x\\/y/Merge branch 'five'/" merged.tsv >merged-ctl.tsv
{
	thdr
	tok commit $R4 2021-02-05T12:00:00Z M:NEWS M:doc/ChangeLog M:VERSION M:src/a.c
} >c-off-ctl.tok
OFF="off.tsv none.tsv c-off.tsv tags.tsv merged.tsv c-off.tok"
OFFC="off-ctl.tsv none.tsv c-off-ctl.tsv tags-ctl.tsv merged-ctl.tsv c-off-ctl.tok"
ptreport offlist -q $OFF >off-case.tsv
ptreport offlist -q $OFFC >off-ctl-out.tsv
# reason ID: "reason detail" of commit ID, case|control.
reason() {
	printf '%s|%s' "$(awk -F'\t' -v id="$1" '$1 == id { print $10 " " $11 }' off-case.tsv | sed 's/ $//')" \
	    "$(awk -F'\t' -v id="$1" '$1 == id { print $10 " " $11 }' off-ctl-out.tsv | sed 's/ $//')"
}
is "every commit of the window is off-list, in the case and the control" "22|22" \
	"$(rows off-case.tsv)|$(rows off-ctl-out.tsv)"
is "release: a tag names it (control: the tag names another)" "release a tag names it: v0.1|none" "$(reason $R1)"
# The tip a release candidate was cut at, a bug fix under a title of no
# version or release word, is no release: its tag names the tree it ends.
is "... a tag on a bug fix, its title of no version or release word, is no release" "none|none" "$(reason $R5)"
is "release: a name and a version alone, foo 1.2.3 (control: a version among other words)" \
	"release its title names a version|none" "$(reason $R2)"
is "release: release v1.2 (control: release and no version)" \
	"release its title names a version|none" "$(reason $R3)"
# A version in a "prefix:" part names a branch, and a short title whose
# version is not its last word names no release either ("remove 8.3
# utils"); the committer's own: committer-own.
RV1=$(hexid a71) RV2=$(hexid a72) RV3=$(hexid a73) RV4=$(hexid a74)
{
	chdr
	oc $RV1 05 'remove 8.3 utils' '' '' Max maint@m.org
	oc $RV2 05 'doc, v9: Fix warning' '' '' Max maint@m.org
	oc $RV3 05 'events2,v9: add --full' '' '' Max maint@m.org
	oc $RV4 05 'foo 8.3' '' '' Max maint@m.org
} >c-ver.tsv
is "release: not a version in a prefix, nor a short title's version not last (control: foo 8.3)" \
	"committer-own|committer-own|committer-own|release" \
	"$(ptreport offlist -q off.tsv none.tsv c-ver.tsv | awk -F'\t' 'NR > 1 { print $10 }' | paste -sd'|')"
is "release: NEWS, ChangeLog and VERSION alone, the title saying release notes (control: and a source file)" \
	"release it changes release notes or version files alone|none" "$(reason $R4)"
is "revert: the title starts Revert (control: revert later in the title)" "revert|none" "$(reason $V1)"
is "posted-elsewhere: its trailer names a mail the archives lack (control: no trailer)" \
	"posted-elsewhere its trailer names a mail the archives lack: lost@x|none" "$(reason $E1)"
is "posted-elsewhere: a reply to a Message-ID the archives lack, under its title's words after the prefixes (control: the archives hold the mail replied to)" \
	"posted-elsewhere a reply in the archives answers its posting, which they lack: lr@x \"Re: net: widget: make the knob work again\"|none" \
	"$(reason $E2)"
is "... not on two words (knob again)" "none|none" "$(reason $E3)"
is "follow-up: its trailer names a report of the archives (control: no trailer)" \
	"follow-up its trailer names this mail of the archives: bug@x|none" "$(reason $F1)"
is "follow-up: its Reported-by: wrote in the archives 60 days before (control: 60 days and a second, the report unseen)" \
	"follow-up its Reported-by/Suggested-by wrote in the archives before it: rep@x|follow-up its Reported-by/Suggested-by names rob@r.org, whose report the archives lack" "$(reason $F2)"
is "follow-up: its Reported-by names another, whose report the archives lack (control: its author himself)" \
	"follow-up its Reported-by/Suggested-by names zed@z.org, whose report the archives lack|none" "$(reason $F3)"
# Rob's mail within the 60 days, on another matter than the commit's
# title: no report it follows up (its words, stems alike, are what tie them).
F5=$(hexid f05)
# Vic's answer to a release's announcement, and a fix of that release's
# notes: the version they both name ties them (control: another version).
F6=$(hexid f06) F7=$(hexid f07)
{
	offmails 2021-01-20T10:00:00Z
	tmail ann@x 2021-02-01T09:00:00Z Vic vic@v.org 'Re: [ANNOUNCE] frob v1.2.3' reply
} >off-rel.tsv
{
	chdr
	oc $F2 10 'frob: do not crash' '' 'frob: do not crash\n\nReported-by: Rob <Rob@R.org>\nSigned-off-by: Ann <ann@a.org>'
	oc $F5 10 'widget: tidy the knob' '' 'widget: tidy the knob\n\nReported-by: Rob <Rob@R.org>\nSigned-off-by: Ann <ann@a.org>'
	oc $F6 10 'docs: fix a typo in v1.2.3-notes' '' 'docs: fix a typo in v1.2.3-notes\n\nReported-by: Vic <vic@v.org>\nSigned-off-by: Ann <ann@a.org>'
	oc $F7 10 'docs: fix a typo in v1.2.30-notes' '' 'docs: fix a typo in v1.2.30-notes\n\nReported-by: Vic <vic@v.org>\nSigned-off-by: Ann <ann@a.org>'
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-off-rel.tsv
ptreport offlist -q off-rel.tsv none.tsv c-off-rel.tsv >off-rel.out
orel() { awk -F'\t' -v id="$1" '$1 == id { print $10 " " $11 }' off-rel.out | sed 's/ $//'; }
is "follow-up: the reporter's mail speaks of the commit's matter (frob, crash: stems of frobnicator, crashes)" \
	"follow-up its Reported-by/Suggested-by wrote in the archives before it: rep@x" "$(orel $F2)"
is "... control: the reporter's mail on another matter: no report of the archives, and the detail says his mail is on another matter" \
	"follow-up its Reported-by/Suggested-by names rob@r.org; the mails of the archives by those it names in the 60 days before it speak of other matters by their subjects (the latest: rep@x \"oops: the frobnicator crashes\")" \
	"$(orel $F5)"
is "follow-up: the reporter's answer to the announcement of the version the commit names" \
	"follow-up its Reported-by/Suggested-by wrote in the archives before it: ann@x" "$(orel $F6)"
is "... control: another version (v1.2.30, not v1.2.3)" \
	"follow-up its Reported-by/Suggested-by names vic@v.org; the mails of the archives by those it names in the 60 days before it speak of other matters by their subjects (the latest: ann@x \"Re: [ANNOUNCE] frob v1.2.3\")" \
	"$(orel $F7)"
is "posted-unlinked: its trailer names a patch mail of the archives (control: no trailer)" \
	"posted-unlinked its trailer names this patch mail, which the matching did not join: pp@x|none" \
	"$(reason $U1)"
is "pull-request: brought in by \"Merge pull request #12 from x/y\" (control: a merge of a branch, named)" \
	"pull-request brought in by 3e1000000000 \"Merge pull request #12 from x/y\"|pull-request brought in by 3e1000000000 \"Merge branch 'fixes'\": a contributor's branch (its commits' committers commit no one else's work), merged" \
	"$(reason $P1)"
is "pull-request: a merge subject \"Merge PR #3953\" (control: \"Merge branch 'five'\", the branch a contributor's)" \
	"pull-request brought in by 3e2000000000 \"Merge PR #3953 from x/y\"|pull-request brought in by 3e2000000000 \"Merge branch 'five'\": a contributor's branch (its commits' committers commit no one else's work), merged" \
	"$(reason $P5)"
is "pull-request: a link mistyped .../pull/pull/400 still names 400 (control: .../pull/pull/)" \
	"pull-request it names a pull request|none" "$(reason $P4)"
# A merged branch of one who commits others' work (a committer) is no
# pull request: his own commit, the subject naming no pull.
sed "/^$P1/s/\tAnn\tann@a.org\t/\tMax\tmaint@m.org\t/g" c-off-ctl.tsv >c-off-max.tsv
is "control: a branch merged, its commit a committer's own: committer-own" \
	"committer-own its author committed it; brought in by 3e1000000000 \"Merge branch 'fixes'\", a branch of one who commits others' work (maint@m.org committed or merged abcd20000000, ann@a.org's): no contributor's pull request" \
	"$(ptreport offlist -q off-ctl.tsv none.tsv c-off-max.tsv tags-ctl.tsv merged-ctl.tsv c-off-ctl.tok |
	    awk -F'\t' -v id=$P1 '$1 == id { print $10 " " $11 }')"
is "pull-request: the subject ends (#12) (control: (12))" "pull-request it names a pull request|none" \
	"$(reason $P2)"
is "pull-request: its message names a .../pull/34 page (control: .../pulls)" \
	"pull-request it names a pull request|none" "$(reason $P3)"
is "pull-request: a Pull-request: #N trailer (btrfs-progs'; control: no number)" \
	"pull-request it names a pull request|none" "$(reason $P6)"
is "committer-own: its author is its committer (control: another author)" \
	"committer-own its author committed it|none" "$(reason $O1)"
is "committer-own: by name at another address (control: another name)" \
	"committer-own its author committed it|none" "$(reason $O2)"
is "none: none of these" "none|none" "$(reason $N1)"
# A forge's pull request (git2tsv --pulls) whose commit has a commit's
# title and author: another's commit rebased from it (pull-request); a
# committer's own stays his (the main line rebased leaves his commits on
# old pull requests' bases); another author, or a year and a day apart,
# is no such commit.  pl ID DATE NAME ADDR SUBJECT
pl() {
	printf '12\t%s\t%s\t%s\t%s\t%s\trepo\n' "$@"
}
{
	printf 'pull\tid\tdate\tfrom_name\tfrom_addr\tsubject\tsrc\n'
	pl "$(hexid 9e1)" 2021-02-14T08:00:00Z Ann ann@a.org 'None: one.'
	pl "$(hexid 9e2)" 2021-02-14T08:00:00Z Mia mia@m.org 'own: one'
} >pulls.tsv
sed 's/\tAnn\tann@a.org\t/\tBob\tbob@b.org\t/' pulls.tsv >pulls-bob.tsv
sed 's/\t2021-02-14T08:00:00Z\t/\t2022-02-16T08:00:00Z\t/' pulls.tsv >pulls-late.tsv
pr() { # PULLS ID
	ptreport offlist -q $OFF "$1" | awk -F'\t' -v id="$2" '$1 == id { print $10 " " $11 }' |
	    sed 's/ $//'
}
is "pull-request: a pull request's commit has its title and author (another's, rebased)" \
	"pull-request its title and author are those of 9e1000000000 of pull request #12" "$(pr pulls.tsv $N1)"
is "control: the pull request's commit by another author" "none" "$(pr pulls-bob.tsv $N1)"
is "control: a year and a day apart" "none" "$(pr pulls-late.tsv $N1)"
is "control: a committer's own commit on a pull request stays his" \
	"committer-own its author committed it" "$(pr pulls.tsv $O1)"
# Retitled wholly when taken: N1 (Ann's, written 2021-02-15 10:00:00)
# and a pull request's commit of another title by Ann written that very
# second; the controls a second later, by Bob, and Max's own O1 (written
# 2021-02-14 10:00:00) with his pull request's commit of that second.
{
	printf 'pull\tid\tdate\tfrom_name\tfrom_addr\tsubject\tsrc\n'
	pl "$(hexid 9e7)" 2021-02-15T10:00:00Z Ann ann@a.org 'Make the frobnicator quiet'
	pl "$(hexid 9e8)" 2021-02-14T10:00:00Z Max maint@m.org 'Own work on GitHub'
} >pulls-same.tsv
sed 's/\t2021-02-15T10:00:00Z\t/\t2021-02-15T10:00:01Z\t/' pulls-same.tsv >pulls-same-late.tsv
sed 's/\tAnn\tann@a.org\t/\tBob\tbob@b.org\t/' pulls-same.tsv >pulls-same-bob.tsv
is "pull-request: a pull request's commit of another title has its author and author date to the second" \
	"pull-request its author and author date (to the second) are those of 9e7000000000 of pull request #12 \"Make the frobnicator quiet\": the same commit, retitled" \
	"$(pr pulls-same.tsv $N1)"
{
	cat pulls-same.tsv
	pl "$(hexid 9ea)" 2021-02-15T10:00:00Z Ann ann@a.org 'Say none at all: one'
} >pulls-same2.tsv
is "pull-request: of two commits of that second (a script's series), the one whose title shares most words" \
	"pull-request its author and author date (to the second) are those of 9ea000000000 of pull request #12 \"Say none at all: one\": the same commit, retitled" \
	"$(pr pulls-same2.tsv $N1)"
is "controls: a second later; another author; a committer's own commit stays his" \
	"none|none|committer-own its author committed it" \
	"$(pr pulls-same-late.tsv $N1)|$(pr pulls-same-bob.tsv $N1)|$(pr pulls-same.tsv $O1)"
# Rebased with another prefix: the title after the prefixes (3 words or
# more) and the author are a pull request's commit's.
S1=$(hexid 5a1) S2=$(hexid 5a2) S3=$(hexid 5a3) S4=$(hexid 5a4) S5=$(hexid 5a5)
{
	chdr
	oc $S1 16 'widget: tidy the knob code'
	oc $S2 16 'widget: tidy the lever code'
	oc $S3 16 'gadget: tidy knob'
	oc $S4 16 'widget, knob/001: tidy the dial code'
	oc $S5 16 'widget,knob/001 tidy: the dial code'
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-pls.tsv
{
	printf 'pull\tid\tdate\tfrom_name\tfrom_addr\tsubject\tsrc\n'
	printf '14\t%s\t2021-02-15T08:00:00Z\tAnn\tann@a.org\ttest/widget: tidy the knob code\trepo\n' "$(hexid 9e5)"
	printf '15\t%s\t2021-02-15T08:00:00Z\tAnn\tann@a.org\ttest/gadget: tidy knob\trepo\n' "$(hexid 9e6)"
	printf '16\t%s\t2021-02-15T08:00:00Z\tAnn\tann@a.org\twidget: tidy the dial code\trepo\n' "$(hexid 9e7)"
} >pulls-sum.tsv
ptreport offlist -q off.tsv none.tsv c-pls.tsv pulls-sum.tsv >pls.out
pls() { awk -F'\t' -v id="$1" '$1 == id { print $10 " " $11 }' pls.out | sed 's/ $//'; }
is "pull-request: its title after the prefix and author those of a pull request's commit" \
	"pull-request its title after the prefix and its author are those of 9e5000000000 of pull request #14 \"test/widget: tidy the knob code\"" \
	"$(pls $S1)"
is "control: another summary" "none" "$(pls $S2)"
is "control: a summary of two words names nothing" "none" "$(pls $S3)"
is "pull-request: a prefix of several names (\"widget, knob/001: \") is a prefix too" \
	"pull-request its title after the prefix and its author are those of 9e7000000000 of pull request #16 \"widget: tidy the dial code\"" \
	"$(pls $S4)"
is "control: words after a colon that ends no prefix" "none" "$(pls $S5)"
ptreport summary -q $OFF | awk -F'\t' '$1 ~ /^(  off-list|    [a-z-]+)$/ { print $1 " " $2 }' >sum.out
cat >want <<'EOF'
  off-list 22
    release 4
    revert 1
    posted-elsewhere 2
    follow-up 3
    posted-unlinked 1
    pull-request 6
    committer-own 2
    none 3
EOF
same "summary: a row per reason, counting offlist's rows" want sum.out
is "summary of the controls: none but the report unseen and the branches merged" \
	"  off-list 22|    follow-up 1|    pull-request 2|    none 19" \
	"$(ptreport summary -q $OFFC | awk -F'\t' '$1 ~ /^(  off-list|    [a-z-]+)$/ { print $1 " " $2 }' | paste -sd'|')"

# Posted in a reply: Ann's answer rp@x holds the diff of Y1 (a pairs
# table, patchsim's: diff and fdiff 0.9); Y2's pair with it has fdiff
# 0.7; Bob's answer rb@x holds Y3's (Ann's) and Y4's, whose Reported-by
# names Bob.  Ported: Y5's cluster holds kp@x, Ann's patch to a file the
# repository never had (another repository's; the control's kp@x
# changes src/a.c, the repository's); Y6's Link: names kp2@x, Ann's
# patch to kernel/knob.c, in no cluster (the control's changes src/a.c:
# the repository's, which the matching missed).  Who commits: Ann committed Bob's
# Z1 on a branch merged (not the main line: no committer), so her own
# Z2 is her branch taken whole; in the control Z1 is on the main line.
Y1=$(hexid 9a1) Y2=$(hexid 9a2) Y3=$(hexid 9a3) Y4=$(hexid 9a4) Y5=$(hexid 9a5) Y6=$(hexid 9a6)
Z1=$(hexid 9b1) Z2=$(hexid 9b2)
{
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	tmail rp@x 2021-02-16T09:00:00Z Ann ann@a.org 'Re: widget: the knob' reply q@x
	tmail rb@x 2021-02-16T09:00:00Z Bob bob@b.org 'Re: widget: the knob' reply q@x
	tmail kp@x 2021-02-10T09:00:00Z Ann ann@a.org '[PATCH] kern: fix the frob' patch
	tmail kp2@x 2021-02-11T09:00:00Z Ann ann@a.org '[PATCH] kern: turn the knob' patch
} >rp.tsv
{
	chdr
	oc $Y1 17 'widget: the knob'
	oc $Y2 17 'widget: the other knob'
	oc $Y3 17 'widget: a third knob'
	oc $Y4 17 'widget: a fourth knob' '' 'widget: a fourth knob\n\nReported-by: Bob <bob@b.org>'
	oc $Y5 18 'tool: fix the frob'
	oc $Y6 18 'tool: turn the knob' kp2@x
	oc $Z1 19 'bob: one' '' '' Bob bob@b.org Ann ann@a.org
	oc $Z2 20 'ann: own' '' '' Ann ann@a.org Ann ann@a.org
	commit $C9 2021-01-04T00:00:00Z 2021-06-01T00:00:00Z
} >c-rp.tsv
{
	printf 'left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n'
	printf 'rp@x\t%s\t0.100000\t0.900000\t1.000000\t0.900000\t0.900000\tfiles\n' $Y1
	printf 'rp@x\t%s\t0.100000\t0.900000\t1.000000\t0.900000\t0.700000\tfiles\n' $Y2
	printf 'rb@x\t%s\t0.100000\t0.900000\t1.000000\t0.900000\t0.900000\tfiles\n' $Y3
	printf 'rb@x\t%s\t0.100000\t0.900000\t1.000000\t0.900000\t0.900000\tfiles\n' $Y4
} >rp-pairs.tsv
{ khdr; member 1 kp@x mail; member 1 $Y5 commit; } >k-rp.tsv
{
	thdr
	tok commit $C9 2020-01-01T00:00:00Z C:src/a.c
	tok mail kp@x 2021-02-10T09:00:00Z M:kernel/frob.c
	tok mail kp2@x 2021-02-11T09:00:00Z M:kernel/knob.c
} >rp.tok
{
	thdr
	tok commit $C9 2020-01-01T00:00:00Z C:src/a.c
	tok mail kp@x 2021-02-10T09:00:00Z M:src/a.c
	tok mail kp2@x 2021-02-11T09:00:00Z M:src/a.c
} >rp-ctl.tok
{
	printf 'id\tmerge\tmerge_date\tmerge_subject\tsrc\n'
	printf '%s\t%s\t2021-02-19T13:00:00Z\tMerge branch %s\t\n' $Z1 $(hexid 3e3) "'bob'"
} >rp-merged.tsv
ptreport offlist -q rp.tsv k-rp.tsv c-rp.tsv rp.tok rp-pairs.tsv rp-merged.tsv >rp.out
ptreport offlist -q rp.tsv k-rp.tsv c-rp.tsv rp-ctl.tok rp-pairs.tsv >rp-ctl.out
rpr() { awk -F'\t' -v id="$1" '$1 == id { print $10 " " $11 }' "$2" | sed 's/ $//'; }
is "posted-in-reply: its author sent its diff in a reply (diff, fdiff 0.9)" \
	"posted-in-reply its author (or one it credits) sent its diff in a reply of the archives: rp@x \"Re: widget: the knob\"" \
	"$(rpr $Y1 rp.out)"
is "posted-in-reply, control: fdiff 0.7" "none" "$(rpr $Y2 rp.out)"
is "posted-in-reply, control: another's reply" "none" "$(rpr $Y3 rp.out)"
is "posted-in-reply: the reply of one its Reported-by names" \
	"posted-in-reply its author (or one it credits) sent its diff in a reply of the archives: rb@x \"Re: widget: the knob\"" \
	"$(rpr $Y4 rp.out)"
is "posted-in-reply, control: no pairs table given: the report it follows" \
	"follow-up its Reported-by/Suggested-by wrote in the archives before it: rb@x" \
	"$(ptreport offlist -q rp.tsv k-rp.tsv c-rp.tsv rp.tok | awk -F'\t' -v id=$Y4 '$1 == id { print $10 " " $11 }')"
# A pairs row whose diff is no number is named and counted (exit 1), once
# also by why, which reads the tables for the pairs it shows as well.
{ cat rp-pairs.tsv; printf 'rp@x\t%s\t0.1\tx\t1\t0.9\t0.9\tfiles\n' $Y2; } >rp-bad.tsv
run ptreport offlist -q rp.tsv k-rp.tsv c-rp.tsv rp.tok rp-bad.tsv
is "posted-in-reply: a pairs row whose diff is no number: named, counted, exit 1" \
	"1|ptreport: rp-bad.tsv:6: column 'diff': not a number from 0 to 1|ptreport: 1 bad rows, named above, were left out" \
	"$rc|$(paste -sd'|' "$T/err")"
run ptreport why $Y1 rp.tsv k-rp.tsv c-rp.tsv rp.tok rp-bad.tsv
is "... why names it once, and still gives posted-in-reply with Y1's pair" \
	"1|ptreport: rp-bad.tsv:6: column 'diff': not a number from 0 to 1|ptreport: 1 bad rows, named above, were left out|  reason: posted-in-reply|1" \
	"$rc|$(paste -sd'|' "$T/err")|$(grep '^  reason:' "$T/out")|$(grep -c "^    rp@x $Y1 " "$T/out")"
is "ported: its cluster's only patch mail is another repository's" \
	"ported its change was posted for another repository: kp@x \"[PATCH] kern: fix the frob\"" \
	"$(rpr $Y5 rp.out)"
is "ported, control: the mail the repository's: a posting, not off-list" "" "$(rpr $Y5 rp-ctl.out)"
is "ported: its Link: names another repository's patch mail of the archives (control: the repository's: posted-unlinked)" \
	"ported its trailer names another repository's patch mail of the archives, its change posted for that one: kp2@x \"[PATCH] kern: turn the knob\"|posted-unlinked its trailer names this patch mail, which the matching did not join: kp2@x" \
	"$(rpr $Y6 rp.out)|$(rpr $Y6 rp-ctl.out)"
is "who commits: another's commit on a branch merged makes no committer: her own is her branch" \
	"pull-request its author committed it, and commits the work of no two other people in the 365 days around it: a branch of his taken whole (a fast-forward)" \
	"$(rpr $Z2 rp.out)"
is "who commits, control: another's commit on the main line makes her one: committer-own" \
	"committer-own its author committed it" "$(rpr $Z2 rp-ctl.out)"

# Posted elsewhere, known by a reply to its posting: Max commits llvm:
# fix one (written 2021-02-20 10:00) and Ann's work; Bob replies in the
# archives, on 2021-02-22, to Max's posting ID, which they lack, under
# SUBJECT.  le ID SUBJECT: the reason of Max's commit.
L1=$(hexid 1e1) L2=$(hexid 1e2)
le() {
	{
		mhdr
		for m in 01 02 03; do fill dev 2021-$m 30; done
		tmail lb@x 2021-02-22T09:00:00Z Bob bob@b.org "$2" reply "$1"
	} >le.tsv
	{
		chdr
		oc $L1 20 'llvm: fix one' '' '' Max maint@m.org
		oc $L2 21 'none: two'
	} >c-le.tsv
	ptreport offlist -q le.tsv none.tsv c-le.tsv |
	    awk -F'\t' -v id=$L1 '$1 == id { print $10 " " $11 }'
}
is "posted-elsewhere: a reply to its author's posting, which the archives lack, a git send-email Message-ID of his, sent within 7 days, the subject naming its prefix" \
	"posted-elsewhere a reply in the archives answers its author's posting of 2021-02-20 (its Message-ID says who and when), which they lack: lb@x \"Re: [PATCH 0/2] Support LLVM-15 and later\"" \
	"$(le 20210220103000.4242-1-maint@m.org 'Re: [PATCH 0/2] Support LLVM-15 and later')"
is "... the older form, EPOCH-PID-N-git-send-email-ADDR" \
	"posted-elsewhere a reply in the archives answers its author's posting of 2021-02-20 (its Message-ID says who and when), which they lack: lb@x \"Re: [PATCH 0/2] Support LLVM-15 and later\"" \
	"$(le 1613817000-4242-1-git-send-email-maint@m.org 'Re: [PATCH 0/2] Support LLVM-15 and later')"
is "control: the subject does not name the prefix" "committer-own its author committed it" \
	"$(le 20210220103000.4242-1-maint@m.org 'Re: [PATCH 0/2] Support the new compiler')"
is "control: sent 8 days after it was written" "committer-own its author committed it" \
	"$(le 20210228103000.4242-1-maint@m.org 'Re: [PATCH 0/2] Support LLVM-15 and later')"
is "control: another's posting" "committer-own its author committed it" \
	"$(le 20210220103000.4242-1-ann@a.org 'Re: [PATCH 0/2] Support LLVM-15 and later')"
is "control: a Message-ID of another form" "committer-own its author committed it" \
	"$(le 'abc.20210220103000@maint.m.org' 'Re: [PATCH 0/2] Support LLVM-15 and later')"

# Translations alone; a contributor's own commit where Max commits
# others' work (her branch fast-forwarded: a pull request); Max's own.
X1=$(hexid f01) X2=$(hexid f02)
{
	chdr
	oc $X1 16 'po: update the German translation'
	oc $X2 16 'pia: her own work' '' '' Pia pia@p.org Pia pia@p.org
	oc $O1 14 'own: one' '' '' Max maint@m.org
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-off2.tsv
{
	thdr
	tok commit $X1 2021-02-16T10:00:00Z M:po/de.po M:po/util.pot
	tok commit $X2 2021-02-16T10:00:00Z M:src/pia.c
} >c-off2.tok
ptreport offlist -q off.tsv none.tsv c-off2.tsv c-off2.tok >off2.tsv
r2() {
	awk -F'\t' -v id="$1" '$1 == id { print $10 " " $11 }' off2.tsv | sed 's/ $//'
}
is "translation: .po and .pot files alone" "translation it changes translations (.po, .pot) alone" "$(r2 $X1)"
is "pull-request: her own commit, who commits no one else's: fast-forwarded" \
	"pull-request its author committed it, and commits the work of no two other people in the 365 days around it: a branch of his taken whole (a fast-forward)" \
	"$(r2 $X2)"
is "committer-own: Max, who commits others' work" "committer-own its author committed it" "$(r2 $O1)"
{
	thdr
	tok commit $X1 2021-02-16T10:00:00Z M:po/de.po M:po/Makefile
} >c-off2-ctl.tok
sed "/^$X2/s/\tPia\tpia@p.org\t2021/\tMax\tmaint@m.org\t2021/" c-off2.tsv >c-off2-ctl.tsv
grep -q "^$X2.*	Pia	pia@p.org	pia: her own work	.*	Max	maint@m.org	" c-off2-ctl.tsv
ok $? "control table: Pia's commit committed by Max"
ptreport offlist -q off.tsv none.tsv c-off2-ctl.tsv c-off2-ctl.tok >off2.tsv
is "control: a .po file and a Makefile: none" "none" "$(r2 $X1)"
is "control: committed by Max: none" "none" "$(r2 $X2)"

# Pia also made a release, its tag naming her commit "pia 1.0" (a
# co-maintainer who makes the releases while Max applies the patches):
# she pushes, and her own commit is her own.  Control: the tag names
# her commit of another title (no release: the branch taken whole).
X3=$(hexid f0b)
rel() { # X3-TITLE
	{
		chdr
		oc $X1 16 'po: update the German translation'
		oc $X2 16 'pia: her own work' '' '' Pia pia@p.org Pia pia@p.org
		oc $X3 20 "$1" '' '' Pia pia@p.org Pia pia@p.org
		oc $O1 14 'own: one' '' '' Max maint@m.org
		commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
	} >c-off3.tsv
	{
		printf 'tag\tid\tdate\tannotated\ttag_date\n'
		printf 'v1.0\t%s\t2021-02-20T12:00:00Z\tno\t\n' $X3
	} >tags3.tsv
	ptreport offlist -q off.tsv none.tsv c-off3.tsv tags3.tsv c-off2.tok >off3.tsv
	awk -F'\t' -v id="$X2" '$1 == id { print $10 " " $11 }' off3.tsv | sed 's/ $//'
}
is "committer-own: her own commit, who tags the releases" "committer-own its author committed it" \
	"$(rel 'pia 1.0')"
is "control: the tag on a commit of hers that is no release: pull-request" \
	"pull-request its author committed it, and commits the work of no two other people in the 365 days around it: a branch of his taken whole (a fast-forward)" \
	"$(rel 'pia: more of her work')"
# Her own commit whose diff bumps a version string alone (patchtok's
# flag bump), a day after the release she tagged ("pia 1.0" on day 15):
# the next cycle opened, a release.  Controls: without the flag; the
# release 5 days before (a dependency's version bumped some day).
bmp() { # FLAGS RELEASE-DAY
	{
		chdr
		oc $X1 16 'po: update the German translation'
		oc $X2 16 'pia: start a new cycle' '' '' Pia pia@p.org Pia pia@p.org
		oc $X3 "$2" 'pia 1.0' '' '' Pia pia@p.org Pia pia@p.org
		commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
	} >c-bump.tsv
	printf 'tag\tid\tdate\tannotated\ttag_date\nv1.0\t%s\t2021-02-%sT12:00:00Z\tno\t\n' $X3 "$2" >tags-bump.tsv
	{ thdr; tokf "$1" commit $X2 2021-02-16T10:00:00Z M:main.h; } >c-bump.tok
	ptreport offlist -q off.tsv none.tsv c-bump.tsv tags-bump.tsv c-bump.tok |
	    awk -F'\t' -v id="$X2" '$1 == id { print $10 " " $11 }' | sed 's/ $//'
}
is "release: her own commit bumping a version string alone (flag bump), the day after her release" \
	"release its diff bumps a version string alone, 2 days at most after a release its committer tagged: the next cycle opened" \
	"$(bmp bump 15)"
is "controls: without the flag; her release 5 days before: her own" \
	"committer-own its author committed it|committer-own its author committed it" \
	"$(bmp '' 15)|$(bmp bump 11)"

# Whose branch a merge brought in.  Max, who commits Ann's Q0 on the
# main line, committed Ann's Q1 (merged as "Merge pull request #7 from
# max/queue") and Q2 ("Merge branch 'maint' into next"); Mia, who
# commits nothing of another's on the main line, committed Bob's Q3 and
# Cid's Q4 on her queue with her own Q5 (merged as "Merge pull request
# #8 from mia/queue"), and her Q6 was taken whole.  The control: Ann
# committed Q1 and Q2 herself, Cid his Q4 (Mia commits one other's).
Q0=$(hexid 7b0) Q1=$(hexid 7b1) Q2=$(hexid 7b2) Q3=$(hexid 7b3) Q4=$(hexid 7b4)
Q5=$(hexid 7b5) Q6=$(hexid 7b6)
brtab() { # Q1-AND-Q2-COMMITTER-NAME ADDR Q4-COMMITTER-NAME ADDR
	chdr
	oc $Q0 21 'base: one'
	oc $Q1 22 'queue: one' '' '' Ann ann@a.org "$1" "$2"
	oc $Q2 22 'maint: one' '' '' Ann ann@a.org "$1" "$2"
	oc $Q3 23 'mia: bob' '' '' Bob bob@b.org Mia mia@m.org
	oc $Q4 23 'mia: cid' '' '' Cid cid@c.org "$3" "$4"
	oc $Q5 23 'mia: own' '' '' Mia mia@m.org Mia mia@m.org
	oc $Q6 24 'mia: direct' '' '' Mia mia@m.org Mia mia@m.org
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
}
brtab Max maint@m.org Mia mia@m.org >c-br.tsv
brtab Ann ann@a.org Cid cid@c.org >c-br-ctl.tsv
{
	printf 'id\tmerge\tmerge_date\tmerge_subject\tsrc\n'
	printf '%s\t%s\t2021-02-22T13:00:00Z\tMerge pull request #7 from max/queue\t\n' $Q1 $(hexid 3e7)
	printf '%s\t%s\t2021-02-22T13:00:00Z\tMerge branch %s into next\t\n' $Q2 $(hexid 3e8) "'maint'"
	for q in $Q3 $Q4 $Q5; do
		printf '%s\t%s\t2021-02-23T13:00:00Z\tMerge pull request #8 from mia/queue\t\n' $q $(hexid 3e9)
	done
} >br-merged.tsv
ptreport offlist -q off.tsv none.tsv c-br.tsv br-merged.tsv >br.out
ptreport offlist -q off.tsv none.tsv c-br-ctl.tsv br-merged.tsv >br-ctl.out
br() { printf '%s|%s' "$(rpr "$1" br.out)" "$(rpr "$1" br-ctl.out)"; }
is "branch: a pull request of a committer's queue is none of a contributor's (control: Ann committed it: pull-request)" \
	"none brought in by 3e7000000000 \"Merge pull request #7 from max/queue\", a branch of one who commits others' work (maint@m.org committed or merged 7b1000000000, ann@a.org's): no contributor's pull request|pull-request brought in by 3e7000000000 \"Merge pull request #7 from max/queue\"" \
	"$(br $Q1)"
is "branch: \"Merge branch 'maint' into next\", the maintainer's branch (control: Ann committed it: pull-request)" \
	"none brought in by 3e8000000000 \"Merge branch 'maint' into next\", a branch of one who commits others' work (maint@m.org committed or merged 7b1000000000, ann@a.org's): no contributor's pull request|pull-request brought in by 3e8000000000 \"Merge branch 'maint' into next\": a contributor's branch (its commits' committers commit no one else's work), merged" \
	"$(br $Q2)"
is "branch: her queue of two others' work makes its committer one who commits others' work: her own commit in it is committer-own (control: one other's: pull-request)" \
	"committer-own its author committed it; brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", a branch of one who commits others' work (mia@m.org committed or merged 7b3000000000, bob@b.org's): no contributor's pull request|pull-request brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\"" \
	"$(br $Q5)"
is "... and another's commit in it none (control: pull-request)" \
	"none brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", a branch of one who commits others' work (mia@m.org committed or merged 7b3000000000, bob@b.org's): no contributor's pull request|pull-request brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\"" \
	"$(br $Q3)"
is "... and her commit taken whole is no fast-forward of a contributor's (control: pull-request)" \
	"committer-own its author committed it|pull-request its author committed it, and commits the work of no two other people in the 365 days around it: a branch of his taken whole (a fast-forward)" \
	"$(br $Q6)"

# Who made the merge (the merged table's merge_from_*, merge_committer_*;
# GitHub's web merge is its author's).  Mia's queue merged by Max on the
# forge is her pull request to him: she commits others' work on her
# branch alone, never to the main line (control: merged by herself, her
# queue).  Max's branch merged by Lea stays a queue: Max commits Ann's
# Q0 on the main line.  And one who merged another's work is one who
# commits others' work: Mia's Q6 is no branch of hers taken whole.
brm() { # #7-MERGER-AUTHOR COMMITTER #8-MERGER-AUTHOR COMMITTER
	printf 'id\tmerge\tmerge_date\tmerge_subject\tmerge_from_name\tmerge_from_addr\tmerge_committer_name\tmerge_committer_addr\tsrc\n'
	printf '%s\t%s\t2021-02-22T13:00:00Z\tMerge pull request #7 from max/queue\t\t%s\t\t%s\t\n' \
	    $Q1 $(hexid 3e7) "$1" "$2"
	printf '%s\t%s\t2021-02-22T13:00:00Z\tMerge branch %s into next\t\t\t\t\t\n' $Q2 $(hexid 3e8) "'maint'"
	for q in $Q3 $Q4 $Q5; do
		printf '%s\t%s\t2021-02-23T13:00:00Z\tMerge pull request #8 from mia/queue\t%s\t%s\t\t%s\t\n' \
		    $q $(hexid 3e9) "${5:-}" "$3" "$4"
	done
}
brm lea@l.org noreply@github.com maint@m.org noreply@github.com >brm-max.tsv
brm maint@m.org maint@m.org mia@m.org mia@m.org >brm-own.tsv
# The same person under another address, known by name: Mia merged it.
brm maint@m.org maint@m.org mia@home.example noreply@github.com Mia >brm-name.tsv
ptreport offlist -q off.tsv none.tsv c-br.tsv brm-max.tsv >brm.out
ptreport offlist -q off.tsv none.tsv c-br.tsv brm-own.tsv >brm-own.out
ptreport offlist -q off.tsv none.tsv c-br-ctl.tsv brm-own.tsv >brm-ctl.out
is "merged by another on the forge: a branch carrying others' work, of one who commits none to the main line, is a pull request (control: merged by herself: her queue)" \
	"pull-request brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", merged by maint@m.org|committer-own its author committed it; brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", a branch of one who commits others' work (mia@m.org committed or merged 7b3000000000, bob@b.org's): no contributor's pull request" \
	"$(rpr $Q5 brm.out)|$(rpr $Q5 brm-own.out)"
is "... the merger the branch's owner by name, under another address: her queue" \
	"committer-own its author committed it; brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", a branch of one who commits others' work (mia@m.org committed or merged 7b3000000000, bob@b.org's): no contributor's pull request" \
	"$(ptreport offlist -q off.tsv none.tsv c-br.tsv brm-name.tsv | awk -F'\t' -v id=$Q5 '$1 == id { print $10 " " $11 }')"
is "... another's commit in it too (control: none)" \
	"pull-request brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", merged by maint@m.org|none brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", a branch of one who commits others' work (mia@m.org committed or merged 7b3000000000, bob@b.org's): no contributor's pull request" \
	"$(rpr $Q3 brm.out)|$(rpr $Q3 brm-own.out)"
# A merge_date that is no date: named by file and line, counted, exit 1;
# the row left out, as the other rows' are (Q5 then no merge's).
awk -F'\t' -v OFS='\t' -v q=$Q5 '$1 == q { $3 = "2021-02-3x" } { print }' brm-max.tsv >brm-bad.tsv
run ptreport offlist -q off.tsv none.tsv c-br.tsv brm-bad.tsv
is "merged table: a bad merge_date named, counted, exit 1" \
	"1|ptreport: brm-bad.tsv:6: column merge_date: not a date: 2021-02-3x|ptreport: 1 bad rows, named above, were left out" \
	"$rc|$(paste -sd'|' "$T/err")"
is "... the row left out: no merge brought it in" "" \
	"$(awk -F'\t' -v id=$Q5 '$1 == id { print $10 " " $11 }' "$T/out" | grep -o 'brought in by')"
is "... the other rows read" "pull-request brought in by 3e9000000000 \"Merge pull request #8 from mia/queue\", merged by maint@m.org" \
	"$(awk -F'\t' -v id=$Q3 '$1 == id { print $10 " " $11 }' "$T/out")"
is "a queue of one who commits others' work to the main line, merged by another: still no contributor's pull request" \
	"none brought in by 3e7000000000 \"Merge pull request #7 from max/queue\", a branch of one who commits others' work (maint@m.org committed or merged 7b1000000000, ann@a.org's): no contributor's pull request" \
	"$(rpr $Q1 brm.out)"
is "one who merged another's work (Bob's, into the main line) commits others' work: her own commit is no branch taken whole (control: the merger unknown)" \
	"committer-own its author committed it|pull-request its author committed it, and commits the work of no two other people in the 365 days around it: a branch of his taken whole (a fast-forward)" \
	"$(rpr $Q6 brm-ctl.out)|$(rpr $Q6 br-ctl.out)"

# Imports: each commit's message has a line saying it came from another
# tree (the control's: a line near it that says no such thing, or names
# a commit of the repository).  imp ID DAY LINE: Ann's, committed by Max.
I1=$(hexid 1b1) I2=$(hexid 1b2) I3=$(hexid 1b3) I4=$(hexid 1b4) I5=$(hexid 1b5)
I6=$(hexid 1b6) I7=$(hexid 1b7) I8=$(hexid 1b8) I9=$(hexid 1b9)
X=$(hexid 5eed)
C9s=$(printf '%.12s' "$C9")
imp() {
	oc "$1" "$2" "imp: $1" '' "imp: $1\n\nThe fix.\n\n$3\nSigned-off-by: Ann <ann@a.org>"
}
{
	chdr
	imp $I1 25 "(cherry picked from commit $X)"
	imp $I2 25 "commit $X upstream."
	imp $I3 25 "[ Upstream commit $X ]"
	imp $I4 25 "Upstream-commit: $X"
	imp $I5 25 'Imported from util-linux v2.39.'
	imp $I6 25 'From libbpf commit 5eed0000000a'
	imp $I7 25 'Change-Id: I5eed00000000000000000000000000000000000a'
	imp $I8 25 "Source kernel commit: $X"
	imp $I9 25 'This cherry-picks the libfoo commit 5eed0000000a from the kernel tree.'
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-imp.tsv
{
	chdr
	imp $I1 25 "(cherry picked from commit $C9)"
	imp $I2 25 "It follows commit $X upstream."
	imp $I3 25 'Upstream commit 5eed00000000 ("fs: fix") changed the errno.'
	imp $I4 25 'Upstream-Status: Pending'
	imp $I5 25 'It is not imported from anywhere.'
	imp $I6 25 'From v6.7-rc8 commit 5eed0000000a:'
	imp $I7 25 'Change-Id: none'
	imp $I8 25 "It takes the approach of the kernel's commit: $X"
	imp $I9 25 "This backports commit $C9s to the stable branch."
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-imp-ctl.tsv
ptreport offlist -q off.tsv none.tsv c-imp.tsv >imp.out
ptreport offlist -q off.tsv none.tsv c-imp-ctl.tsv >imp-ctl.out
im() { printf '%s|%s' "$(rpr "$1" imp.out)" "$(rpr "$1" imp-ctl.out)"; }
is "ported: (cherry picked from commit X) (control: X the repository's)" \
	"ported its message says it came from another tree: \"(cherry picked from commit $X)\"|none" "$(im $I1)"
# The commit cherry-picked the head of one of the repository's own pull
# requests (the pulls table names X): no other tree's; the pull request
# it came by is its reason.
{
	printf 'pull\tid\tdate\tfrom_name\tfrom_addr\tsubject\tsrc\n'
	printf '3007\t%s\t2021-02-25T10:00:00Z\tAnn\tann@a.org\timp: %s\t\n' "$X" "$I1"
} >imp-pulls.tsv
ptreport offlist -q off.tsv none.tsv c-imp.tsv imp-pulls.tsv >imp-pr.out
is "... control: X the head of one of the repository's pull requests: pull-request, not ported" \
	"pull-request its title and author are those of 5eed00000000 of pull request #3007" "$(rpr $I1 imp-pr.out)"
is "ported: commit X upstream. (control: not the line's start)" \
	"ported its message says it came from another tree: \"commit $X upstream.\"|none" "$(im $I2)"
is "ported: [ Upstream commit X ] (control: a sentence naming an upstream commit)" \
	"ported its message says it came from another tree: \"[ Upstream commit $X ]\"|none" "$(im $I3)"
is "ported: Upstream-commit: (control: Upstream-Status:)" \
	"ported its message says it came from another tree: \"Upstream-commit: $X\"|none" "$(im $I4)"
is "ported: Imported from (control: not the line's start)" \
	"ported its message says it came from another tree: \"Imported from util-linux v2.39.\"|none" "$(im $I5)"
is "ported: From REPO commit X alone (control: a colon, talk follows)" \
	"ported its message says it came from another tree: \"From libbpf commit 5eed0000000a\"|none" "$(im $I6)"
is "ported: a Gerrit Change-Id (control: none)" \
	"ported its message says it came from another tree: \"Change-Id: I5eed00000000000000000000000000000000000a\"|none" "$(im $I7)"
is "ported: a trailer of a few words ending commit: (xfsprogs' libxfs; control: a sentence)" \
	"ported its message says it came from another tree: \"Source kernel commit: $X\"|none" "$(im $I8)"
is "ported: said in words, cherry-picks ... commit X (control: a backport of the repository's own commit, abbreviated)" \
	"ported its message says it came from another tree: \"This cherry-picks the libfoo commit 5eed0000000a from the kernel tree.\"|none" "$(im $I9)"

# Follow-ups of a review of their author's posting.  Ann's patch ap@x
# (2021-01-05 10:00, src/w.c), which Bob answered (ar@x); Max's mq@x
# (src/q.c), which Bob answered, and mp@x (src/g.c), which only Max
# did; Ann's np@x (src/z.c), which Bob answered on 2021-02-20; Ann's
# bp@x (src/b.c and three files more), which Bob answered; Ann's two
# patches s1@x (src/s1.c) and s2@x (src/s2.c, In-Reply-To s1@x), Bob
# answering s2@x; Ann's cover letter cv@x and c1@x under it (src/c1.c),
# Bob answering the cover letter.  Ann wrote W1 60 days after ap@x,
# changing src/w.c; W2 the same a second later; W3 changes src/v.c
# alone; Max's own W4 src/g.c and W6 src/q.c, crediting Bob
# (Reviewed-by:), W10 src/q.c not crediting him; Ann's W5 (2021-02-10)
# src/z.c, W7 src/b.c, W8 src/s1.c, W9 src/c1.c.  All are committed by
# Max.
W1=$(hexid 6c1) W2=$(hexid 6c2) W3=$(hexid 6c3) W4=$(hexid 6c4) W5=$(hexid 6c5) W6=$(hexid 6c6)
W7=$(hexid 6c7) W8=$(hexid 6c8) W9=$(hexid 6c9) W10=$(hexid 6ca)
{
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	tmail ap@x 2021-01-05T10:00:00Z Ann ann@a.org '[PATCH] wid: add the knob' patch
	tmail ar@x 2021-01-06T10:00:00Z Bob bob@b.org 'Re: [PATCH] wid: add the knob' reply ap@x
	tmail mq@x 2021-02-01T10:00:00Z Max maint@m.org '[PATCH] qux: add the quux' patch
	tmail qr@x 2021-02-02T10:00:00Z Bob bob@b.org 'Re: [PATCH] qux: add the quux' reply mq@x
	tmail mp@x 2021-02-01T10:00:00Z Max maint@m.org '[PATCH] gad: add the gizmo' patch
	tmail mr@x 2021-02-02T10:00:00Z Max maint@m.org 'Re: [PATCH] gad: add the gizmo' reply mp@x
	tmail np@x 2021-02-01T10:00:00Z Ann ann@a.org '[PATCH] zap: add the zapper' patch
	tmail nr@x 2021-02-20T10:00:00Z Bob bob@b.org 'Re: [PATCH] zap: add the zapper' reply np@x
	tmail bp@x 2021-02-01T10:00:00Z Ann ann@a.org '[PATCH] tree: tidy up' patch
	tmail br@x 2021-02-02T10:00:00Z Bob bob@b.org 'Re: [PATCH] tree: tidy up' reply bp@x
	smail s1@x 2021-02-01T10:00:00Z Ann ann@a.org '[PATCH 1/2] sss: one' patch '' '' 1 2
	smail s2@x 2021-02-01T10:00:01Z Ann ann@a.org '[PATCH 2/2] sss: two' patch s1@x '' 2 2
	tmail sr@x 2021-02-02T10:00:00Z Bob bob@b.org 'Re: [PATCH 2/2] sss: two' reply s2@x 's1@x s2@x'
	smail cv@x 2021-02-01T10:00:00Z Ann ann@a.org '[PATCH 0/1] ccc: the series' cover '' '' 0 1
	smail c1@x 2021-02-01T10:00:01Z Ann ann@a.org '[PATCH 1/1] ccc: one' patch cv@x '' 1 1
	tmail cr@x 2021-02-02T10:00:00Z Bob bob@b.org 'Re: [PATCH 0/1] ccc: the series' reply cv@x
} >rv.tsv
{
	chdr
	crow $W1 2021-03-06T10:00:00Z Ann ann@a.org 'wid: turn the knob' Max maint@m.org 2021-03-06T12:00:00Z
	crow $W2 2021-03-06T10:00:01Z Ann ann@a.org 'wid: stop the knob' Max maint@m.org 2021-03-06T12:00:00Z
	oc $W3 10 'wid: paint the knob'
	oc $W4 10 'gad: turn the gizmo' '' '' Max maint@m.org
	oc $W5 10 'zap: turn the zapper'
	oc $W6 10 'qux: turn the quux' '' 'qux: turn the quux\n\nReviewed-by: Bob <bob@b.org>' Max maint@m.org
	oc $W10 10 'qux: stop the quux' '' '' Max maint@m.org
	oc $W7 10 'tree: fix b'
	oc $W8 10 'sss: fix one'
	oc $W9 10 'ccc: fix one'
	commit $C9 2020-01-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-rv.tsv
{
	thdr
	tok commit $C9 2020-01-01T00:00:00Z C:src/w.c C:src/v.c C:src/g.c C:src/z.c C:src/q.c \
	    C:src/b.c C:src/b2.c C:src/b3.c C:src/b4.c C:src/s1.c C:src/s2.c C:src/c1.c
	tok mail ap@x 2021-01-05T10:00:00Z M:src/w.c
	tok mail mq@x 2021-02-01T10:00:00Z M:src/q.c
	tok mail mp@x 2021-02-01T10:00:00Z M:src/g.c
	tok mail np@x 2021-02-01T10:00:00Z M:src/z.c
	tok mail bp@x 2021-02-01T10:00:00Z M:src/b.c M:src/b2.c M:src/b3.c M:src/b4.c
	tok mail s1@x 2021-02-01T10:00:00Z M:src/s1.c
	tok mail s2@x 2021-02-01T10:00:01Z M:src/s2.c
	tok mail c1@x 2021-02-01T10:00:01Z M:src/c1.c
	tok commit $W1 2021-03-06T12:00:00Z M:src/w.c
	tok commit $W2 2021-03-06T12:00:00Z M:src/w.c
	tok commit $W3 2021-02-10T12:00:00Z M:src/v.c
	tok commit $W4 2021-02-10T12:00:00Z M:src/g.c
	tok commit $W5 2021-02-10T12:00:00Z M:src/z.c
	tok commit $W6 2021-02-10T12:00:00Z M:src/q.c
	tok commit $W10 2021-02-10T12:00:00Z M:src/q.c
	tok commit $W7 2021-02-10T12:00:00Z M:src/b.c
	tok commit $W8 2021-02-10T12:00:00Z M:src/s1.c
	tok commit $W9 2021-02-10T12:00:00Z M:src/c1.c
} >rv.tok
ptreport offlist -q rv.tsv none.tsv c-rv.tsv rv.tok >rv.out
rv() { rpr "$1" rv.out; }
is "follow-up: its author's posting on its file, answered, 60 days before it was written" \
	"follow-up its author's patch mail ap@x \"[PATCH] wid: add the knob\" of 2021-01-05, on its files (half of each's in common), was answered before it was written: ar@x by bob@b.org" \
	"$(rv $W1)"
is "follow-up: ... before committer-own: Max's own commit after his answered posting, crediting the one who answered (control: not crediting him)" \
	"follow-up its author's patch mail mq@x \"[PATCH] qux: add the quux\" of 2021-02-01, on its files (half of each's in common), was answered before it was written: qr@x by bob@b.org, whom its trailers credit|committer-own its author committed it" \
	"$(rv $W6)|$(rv $W10)"
is "follow-up: the answer to the cover letter its posting was sent under" \
	"follow-up its author's patch mail c1@x \"[PATCH 1/1] ccc: one\" of 2021-02-01, on its files (half of each's in common), was answered before it was written: cr@x by bob@b.org" \
	"$(rv $W9)"
is "follow-up, controls: 60 days and a second; no file in common; answered by its author alone; answered after it was written; one file of the posting's four; the answer to another part of the series" \
	"none|none|committer-own its author committed it|none|none|none" \
	"$(rv $W2)|$(rv $W3)|$(rv $W4)|$(rv $W5)|$(rv $W7)|$(rv $W8)"
# A maintainer's fix-up of another's patch, made on its review: Pat's
# fp@x (2021-02-01, src/k.c and src/k.h), which Max answered (fr@x,
# 2021-02-03 09:00) and committed as B1 (2021-02-03 12:00); Max's own
# X1, written at 11:00, committed beside it, changes a line of src/k.c
# that B1 added; X7 names B1 by its hash ("Fixes: 7b1000000000"); XA,
# the same as X1, was committed two days after B1 (a fix-up found days
# later).  The controls: X8 changes an older line of src/k.c, not B1's
# (tidying the file he merged into); X2 changes src/other.c too; X3 was
# committed 15 days after B1; X4 was written before Pat posted (Max's own work of
# before, merged the same day); X5 went in beside B2, Max's own patch
# mp2@x, which he answered himself; X6 beside B3, Pat's hp@x, which Max
# never answered.
B1=$(hexid 7b1) B2=$(hexid 7b2) B3=$(hexid 7b3)
X1=$(hexid 7c1) X2=$(hexid 7c2) X3=$(hexid 7c3) X4=$(hexid 7c4) X5=$(hexid 7c5) X6=$(hexid 7c6)
X7=$(hexid 7c7) X8=$(hexid 7c8) X9=$(hexid 7c9) XA=$(hexid 7ca)
{
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	tmail fp@x 2021-02-01T10:00:00Z Pat pat@p.org '[PATCH] knob: add the knob' patch
	tmail fr@x 2021-02-03T09:00:00Z Max maint@m.org 'Re: [PATCH] knob: add the knob' reply fp@x
	tmail mp2@x 2021-02-01T10:00:00Z Max maint@m.org '[PATCH] lever: add the lever' patch
	tmail mr2@x 2021-02-03T09:00:00Z Max maint@m.org 'Re: [PATCH] lever: add the lever' reply mp2@x
	tmail hp@x 2021-02-01T10:00:00Z Pat pat@p.org '[PATCH] hinge: add the hinge' patch
} >fx.tsv
{
	khdr
	member 1 fp@x mail
	member 1 "$B1" commit
	member 2 mp2@x mail
	member 2 "$B2" commit
	member 3 hp@x mail
	member 3 "$B3" commit
} >k-fx.tsv
{
	chdr
	crow $B1 2021-02-01T10:00:00Z Pat pat@p.org 'knob: add the knob' Max maint@m.org 2021-02-03T12:00:00Z
	crow $B2 2021-02-01T10:00:00Z Max maint@m.org 'lever: add the lever' Max maint@m.org 2021-02-03T12:00:00Z
	crow $B3 2021-02-01T10:00:00Z Pat pat@p.org 'hinge: add the hinge' Max maint@m.org 2021-02-03T12:00:00Z
	for x in "$X1 2021-02-03T11 2021-02-03T12:01 knob-a" "$X7 2021-02-03T11 2021-02-03T12:01 knob-b" \
	    "$X8 2021-02-03T11 2021-02-03T12:01 knob-c" "$X2 2021-02-03T11 2021-02-03T12:01 knob-d" \
	    "$X9 2021-02-03T11 2021-02-03T12:01 knob-g" \
	    "$X3 2021-02-03T11 2021-02-18T12:01 knob-e" "$X4 2021-01-20T11 2021-02-03T12:01 knob-f" \
	    "$XA 2021-02-03T11 2021-02-05T12:01 knob-h" \
	    "$X5 2021-02-03T11 2021-02-03T12:01 lever" "$X6 2021-02-03T11 2021-02-03T12:01 hinge"; do
		set -- $x
		crow $1 $2:00:00Z Max maint@m.org "$4: tidy" Max maint@m.org $3:00Z
	done
	commit $C9 2020-01-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-fx.tsv
# fxrow ID KIND DATE FILES HUNKS [MSG]: a patch table's row with its own hunks and message.
fxrow() {
	printf '%s\t%s\t%s\t%s\t\t%s\t\t%s\n' "$1" "$2" "$3" "$4" "$5" "${6:-}"
}
KNOB='F src/k.c\tsrc/k.c\n@ \n+\tknob_turn(knob, KNOB_LEFT);\n'
{
	printf 'id\tkind\tdate\tfiles\tnew\thunks\tflags\tmsg\n'
	fxrow $C9 commit 2020-01-01T00:00:00Z 'src/k.c\nsrc/k.h\nsrc/other.c\nsrc/l.c\nsrc/h.c' \
	    'F /dev/null\tsrc/k.c\n@ \n+\tknob_init(knob, KNOB_OFF);\n'
	fxrow fp@x mail 2021-02-01T10:00:00Z 'src/k.c\nsrc/k.h' "$KNOB"
	fxrow mp2@x mail 2021-02-01T10:00:00Z src/l.c 'F src/l.c\tsrc/l.c\n@ \n+\tlever_pull(lever, LEVER_UP);\n'
	fxrow hp@x mail 2021-02-01T10:00:00Z src/h.c 'F src/h.c\tsrc/h.c\n@ \n+\thinge_open(hinge, HINGE_WIDE);\n'
	fxrow $B1 commit 2021-02-03T12:00:00Z 'src/k.c\nsrc/k.h' "$KNOB"
	fxrow $B2 commit 2021-02-03T12:00:00Z src/l.c 'F src/l.c\tsrc/l.c\n@ \n+\tlever_pull(lever, LEVER_UP);\n'
	fxrow $B3 commit 2021-02-03T12:00:00Z src/h.c 'F src/h.c\tsrc/h.c\n@ \n+\thinge_open(hinge, HINGE_WIDE);\n'
	FIX='F src/k.c\tsrc/k.c\n@ \n-\tknob_turn(knob, KNOB_LEFT);\n+\tknob_turn(knob, KNOB_RIGHT);\n'
	OLD='F src/k.c\tsrc/k.c\n@ \n-\tknob_init(knob, KNOB_OFF);\n+\tknob_init(knob, KNOB_ON);\n'
	fxrow $X1 commit 2021-02-03T12:01:00Z src/k.c "$FIX"
	fxrow $X7 commit 2021-02-03T12:01:00Z src/k.c "$OLD" 'knob: tidy\n\nFixes: 7b1000000000 ("knob: add the knob")'
	fxrow $X8 commit 2021-02-03T12:01:00Z src/k.c "$OLD" 'knob: tidy\n\nFixes: 7b1000000001'
	fxrow $X9 commit 2021-02-03T12:01:00Z src/k.c \
	    "${FIX}F src/k.c\\tsrc/k.c\\n@ \\n-\\tknob_wire(knob, WIRE_RED);\\n-\\tknob_wire(knob, WIRE_BLUE);\\n-\\tknob_wire(knob, WIRE_GREEN);\\n-\\tknob_wire(knob, WIRE_GOLD);\\n"
	fxrow $X2 commit 2021-02-03T12:01:00Z 'src/k.c\nsrc/other.c' \
	    "${FIX}F src/other.c\\tsrc/other.c\\n@ \\n+\\tother_tidy(knob);\\n"
	fxrow $X3 commit 2021-02-18T12:01:00Z src/k.c "$FIX"
	fxrow $XA commit 2021-02-05T12:01:00Z src/k.c "$FIX"
	fxrow $X4 commit 2021-02-03T12:01:00Z src/k.c "$FIX"
	fxrow $X5 commit 2021-02-03T12:01:00Z src/l.c 'F src/l.c\tsrc/l.c\n@ \n-\tlever_pull(lever, LEVER_UP);\n+\tlever_pull(lever, LEVER_DOWN);\n'
	fxrow $X6 commit 2021-02-03T12:01:00Z src/h.c 'F src/h.c\tsrc/h.c\n@ \n-\thinge_open(hinge, HINGE_WIDE);\n+\thinge_open(hinge, HINGE_NARROW);\n'
} >fx.tok
ptreport offlist -q fx.tsv k-fx.tsv c-fx.tsv fx.tok >fx.out
fx() { rpr "$1" fx.out; }
FU='follow-up its author answered Pat'"'"'s patch mail fp@x "[PATCH] knob: add the knob" (fr@x of 2021-02-03T09:00), and it was committed beside 7b1000000000 "knob: add the knob", the commit that patch became, changing lines that commit added or naming it: a fix-up of the review'
is "follow-up: a fix-up its committer made beside another's patch he answered, changing a line its commit added; or naming that commit by its hash" \
	"$FU|$FU" "$(fx $X1)|$(fx $X7)"
is "follow-up: ... or committed two days after the patch's commit, on a line it added" \
	"$(printf '%s' "$FU" | sed 's/committed beside/committed 2 days after/')" "$(fx $XA)"
is "fix-up, control: one of the five lines it changes the patch's (a pass over the file, not a fix-up: a quarter at least)" \
	"committer-own its author committed it" "$(fx $X9)"
is "fix-up, controls: an older line of the file (and another commit's hash); a file the patch's commit does not change; committed 15 days after it; written before the patch was posted; beside his own patch; beside a patch he never answered" \
	"committer-own its author committed it|committer-own its author committed it|committer-own its author committed it|committer-own its author committed it|committer-own its author committed it|committer-own its author committed it" \
	"$(fx $X8)|$(fx $X2)|$(fx $X3)|$(fx $X4)|$(fx $X5)|$(fx $X6)"
# ... or answered on its cover letter: Pat's series gc@x "[PATCH 0/2]
# gear: add the gears", its parts g1@x (src/g1.c) and g2@x (src/g2.c),
# which Max answers on the cover letter ("Patchset merged", gr@x) and
# commits as G1 and G2; his YG changes a line G2 added (the second part:
# each part's commit is asked), YH an older line of src/g2.c (the
# control: tidying the file he merged into).
G1=$(hexid 7d1) G2=$(hexid 7d2) YG=$(hexid 7d3) YH=$(hexid 7d4)
{
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	smail gc@x 2021-02-01T10:00:00Z Pat pat@p.org '[PATCH 0/2] gear: add the gears' cover '' 1 0 2
	smail g1@x 2021-02-01T10:00:01Z Pat pat@p.org '[PATCH 1/2] gear: add the first gear' patch gc@x 1 1 2
	smail g2@x 2021-02-01T10:00:02Z Pat pat@p.org '[PATCH 2/2] gear: add the second gear' patch gc@x 1 2 2
	tmail gr@x 2021-02-03T09:00:00Z Max maint@m.org 'Re: [PATCH 0/2] gear: add the gears' reply gc@x
} >fg.tsv
{ khdr; member 1 g1@x mail; member 1 "$G1" commit; member 2 g2@x mail; member 2 "$G2" commit; } >k-fg.tsv
{
	chdr
	crow $G1 2021-02-01T10:00:00Z Pat pat@p.org 'gear: add the first gear' Max maint@m.org 2021-02-03T12:00:00Z
	crow $G2 2021-02-01T10:00:00Z Pat pat@p.org 'gear: add the second gear' Max maint@m.org 2021-02-03T12:00:00Z
	crow $YG 2021-02-03T11:00:00Z Max maint@m.org 'gear: tidy' Max maint@m.org 2021-02-03T12:01:00Z
	crow $YH 2021-02-03T11:00:00Z Max maint@m.org 'gear: tidy more' Max maint@m.org 2021-02-03T12:01:00Z
	commit $C9 2020-01-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-fg.tsv
{
	printf 'id\tkind\tdate\tfiles\tnew\thunks\tflags\tmsg\n'
	fxrow $C9 commit 2020-01-01T00:00:00Z 'src/g1.c\nsrc/g2.c' \
	    'F /dev/null\tsrc/g2.c\n@ \n+\tgear_init(gear, GEAR_OFF);\n'
	fxrow g1@x mail 2021-02-01T10:00:01Z src/g1.c 'F src/g1.c\tsrc/g1.c\n@ \n+\tgear_one(gear, GEAR_FAST);\n'
	fxrow g2@x mail 2021-02-01T10:00:02Z src/g2.c 'F src/g2.c\tsrc/g2.c\n@ \n+\tgear_two(gear, GEAR_SLOW);\n'
	fxrow $G1 commit 2021-02-03T12:00:00Z src/g1.c 'F src/g1.c\tsrc/g1.c\n@ \n+\tgear_one(gear, GEAR_FAST);\n'
	fxrow $G2 commit 2021-02-03T12:00:00Z src/g2.c 'F src/g2.c\tsrc/g2.c\n@ \n+\tgear_two(gear, GEAR_SLOW);\n'
	fxrow $YG commit 2021-02-03T12:01:00Z src/g2.c \
	    'F src/g2.c\tsrc/g2.c\n@ \n-\tgear_two(gear, GEAR_SLOW);\n+\tgear_two(gear, GEAR_STEADY);\n'
	fxrow $YH commit 2021-02-03T12:01:00Z src/g2.c \
	    'F src/g2.c\tsrc/g2.c\n@ \n-\tgear_init(gear, GEAR_OFF);\n+\tgear_init(gear, GEAR_ON);\n'
} >fg.tok
ptreport offlist -q fg.tsv k-fg.tsv c-fg.tsv fg.tok >fg.out
is "follow-up: a fix-up of a series whose cover letter its committer answered, beside its second part's commit, on a line that commit added (control: an older line of the file)" \
	"follow-up its author answered Pat's cover letter (a part's) gc@x \"[PATCH 0/2] gear: add the gears\" (gr@x of 2021-02-03T09:00), and it was committed beside 7d2000000000 \"gear: add the second gear\", the commit that patch became, changing lines that commit added or naming it: a fix-up of the review|committer-own its author committed it" \
	"$(rpr $YG fg.out)|$(rpr $YH fg.out)"
# Named by its hash in a discussion: Sue reports bug2@x (2021-02-01);
# Max answers it (nr@x, 2021-02-17, the day after N2 was committed)
# "Fixed in 5e1a0000000, thanks."; N2 is Ann's, committed by Max.  The
# controls: a thread begun after N2 was written; the answer three days
# after it was committed; a hash of six digits; no hash at all.
# sm2 ROOT-DATE REPLY-DATE SAID [HASHES]: the mails (the hashes column:
# the hashes all of the reply's own words name, where said keeps their
# start).
sm2() {
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tsaid\thashes\n'
	for m in 01 02 03; do
		fill dev 2021-$m 30 | awk -F'\t' -v OFS='\t' '{ print $1, $2, $3, $4, $5, $6, "", "", "other", "", "" }'
	done
	printf 'bug2@x\t%s\tSue\tsue@s.org\tthe gadget leaks again\tdev\t\t\tother\tIt leaks.\t\n' "$1"
	printf 'nr@x\t%s\tMax\tmaint@m.org\tRe: the gadget leaks again\tdev\tbug2@x\tbug2@x\treply\t%s\t%s\n' "$2" "$3" "${4:-}"
}
N2=$(hexid 5e1a)
{ chdr; oc $N2 16 'gadget: plug it'; commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z; } >c-nm.tsv
nm() { sm2 "$@" >nm.tsv; ptreport offlist -q nm.tsv none.tsv c-nm.tsv >nm.out; rpr $N2 nm.out; }
is "follow-up: a reply in a discussion begun before it names it by its hash" \
	"follow-up a mail of a thread begun before it was written names it by its hash: nr@x \"Re: the gadget leaks again\" by maint@m.org of 2021-02-17T09:00" \
	"$(nm 2021-02-01T09:00:00Z 2021-02-17T09:00:00Z 'Fixed in 5e1a0000000, thanks.')"
is "named, controls: a thread begun after it was written; three days after it was committed; six digits; none" \
	"none|none|none|none" \
	"$(nm 2021-02-16T11:00:00Z 2021-02-17T09:00:00Z 'Fixed in 5e1a0000000, thanks.')|$(nm 2021-02-01T09:00:00Z 2021-02-19T13:00:00Z 'Fixed in 5e1a0000000, thanks.')|$(nm 2021-02-01T09:00:00Z 2021-02-17T09:00:00Z 'Fixed in 5e1a00, thanks.')|$(nm 2021-02-01T09:00:00Z 2021-02-17T09:00:00Z 'Fixed, thanks.')"
is "follow-up: the hash named past the start its said column keeps (the hashes column)" \
	"follow-up a mail of a thread begun before it was written names it by its hash: nr@x \"Re: the gadget leaks again\" by maint@m.org of 2021-02-17T09:00" \
	"$(nm 2021-02-01T09:00:00Z 2021-02-17T09:00:00Z 'Thanks for the report, it took a while to find.' '5e1a0000000')"
is "named, control: the hashes column names another commit" "none" \
	"$(nm 2021-02-01T09:00:00Z 2021-02-17T09:00:00Z 'Thanks for the report, it took a while to find.' '7e1a0000000')"
# A list the project's patches go to that the archives lack: twenty
# patches of Ann, Bob and Cid in February, Cc: kvm@vger.kernel.org; Max's
# own M3 and Ann's M4, which Max committed, were posted nowhere in the
# archives: posted there, most likely.  Half of the patches is enough.
# Controls: nine of twenty; a person's address, at no list's host; the
# archives hold that list (a mail of kvm.vger.kernel.org); a mail sent
# from that address (a sender is no list).
# el CC [HOW-MANY-CC-IT [EXTRA-ROW]]: the mails.
el() {
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tto\tcc\n'
	for m in 01 02 03; do
		fill dev 2021-$m 30 | awk -F'\t' -v OFS='\t' '{ print $1, $2, $3, $4, $5, $6, "", "", "other", "", "" }'
	done
	for k in $(seq 1 20); do
		case $((k % 3)) in 0) n=Ann a=ann@a.org ;; 1) n=Bob a=bob@b.org ;; *) n=Cid a=cid@c.org ;; esac
		cc=$1
		[ "$k" -gt "${2:-20}" ] && cc=
		printf 'e%s@x\t2021-02-%02dT09:00:00Z\t%s\t%s\t[PATCH] foo: fix %s\tdev\t\t\tpatch\t\t%s\n' \
		    "$k" "$k" "$n" "$a" "$k" "$cc"
	done
	[ -z "${3:-}" ] || printf '%s\n' "$3"
}
M3=$(hexid 3e3) M4=$(hexid 3e4) M5=$(hexid 3e5)
{
	chdr
	crow $M3 2021-02-20T10:00:00Z Max maint@m.org 'foo: a fix of his own' Max maint@m.org 2021-02-20T12:00:00Z
	crow $M4 2021-02-21T10:00:00Z Ann ann@a.org 'foo: a fix of hers' Max maint@m.org 2021-02-21T12:00:00Z
	crow $M5 2021-02-22T10:00:00Z Max maint@m.org 'foo: skip where bar is missing' Max maint@m.org 2021-02-22T12:00:00Z '' '' \
	    'foo: skip where bar is missing\n\nReported-by: Tess <tess@t.org>\nAcked-by: Rev <rev@r.org>\nSigned-off-by: Max <maint@m.org>'
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-el.tsv
elr() { el "$@" >el.tsv; ptreport offlist -q el.tsv none.tsv c-el.tsv >el.out; echo "$(rpr $M3 el.out)|$(rpr $M4 el.out)"; }
el_said() {
	printf "posted-elsewhere the project's patches go to kvm@vger.kernel.org too (%s of the 20 in the archives), a list they lack: posted there, most likely" "$1"
}
OWN='committer-own its author committed it|none'
is "posted-elsewhere: the project's patches all go to a list the archives lack too: his own commit, hers" \
	"$(el_said 20)|$(el_said 20)" "$(elr kvm@vger.kernel.org)"
is "... half of them is enough" "$(el_said 10)|$(el_said 10)" "$(elr kvm@vger.kernel.org 10)"
K1=$(printf 'k1@x\t2021-03-02T09:00:00Z\tDee\tdee@d.org\tnote\tkvm.vger.kernel.org\t\t\tother\t\t')
K2=$(printf 'k2@x\t2021-03-02T09:00:00Z\tKvm\tkvm@vger.kernel.org\tnote\tdev\t\t\tother\t\t')
# M5, Max's own fix Reported-by a tester whose report the archives lack,
# Acked-by a reviewer: with the project's patches going to that list,
# posted there (the report no sign it came without a posting); the
# control: nine of twenty, a follow-up of the report.
elr kvm@vger.kernel.org >/dev/null
is "posted-elsewhere: the list the archives lack before a Reported-by whose report they lack" \
	"$(el_said 20) (its Reported-by/Suggested-by names tess@t.org, whose report the archives lack)" \
	"$(rpr $M5 el.out)"
elr kvm@vger.kernel.org 9 >/dev/null
is "... control: nine of twenty: the report's follow-up" \
	"follow-up its Reported-by/Suggested-by names tess@t.org, whose report the archives lack" \
	"$(rpr $M5 el.out)"
is "controls: nine of twenty; a person's address; a list of the archives; an address that sends" \
	"$OWN|$OWN|$OWN|$OWN" \
	"$(elr kvm@vger.kernel.org 9)|$(elr team@corp.example)|$(elr kvm@vger.kernel.org 20 "$K1")|$(elr kvm@vger.kernel.org 20 "$K2")"
# A change log named by the prefix of the title: K1 "CHANGES: ..." and
# K2 "btrfs-progs: CHANGES: ..." changing CHANGES alone; the control K3
# "docs: ..." changing the documentation page Documentation/CHANGES.rst.
# The maintainer's own, both (a release is its committer's own work);
# the control K4: Ann's typo fix to CHANGES alone, which Max committed,
# is her contribution, no release.
K1=$(hexid 8d1) K2=$(hexid 8d2) K3=$(hexid 8d3) K4=$(hexid 8d4)
{
	chdr
	oc $K1 16 'CHANGES: Conceal fixes to bugs never out' '' '' Max maint@m.org
	oc $K2 16 'btrfs-progs: CHANGES: fix a typo in the header' '' '' Max maint@m.org
	oc $K3 16 'docs: distinguish the Changes title'
	oc $K4 16 'CHANGES: fix a couple of typos'
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-rel.tsv
{
	thdr
	tok commit $C9 2020-01-01T00:00:00Z C:CHANGES C:Documentation/CHANGES.rst
	tok commit $K1 2021-02-16T12:00:00Z M:CHANGES
	tok commit $K2 2021-02-16T12:00:00Z M:CHANGES
	tok commit $K3 2021-02-16T12:00:00Z M:Documentation/CHANGES.rst
	tok commit $K4 2021-02-16T12:00:00Z M:CHANGES
} >rel.tok
ptreport offlist -q off.tsv none.tsv c-rel.tsv rel.tok >rel.out
is "release: a change log alone, a prefix of the title naming it (controls: a documentation page of that name under docs:; another's commit of the change log)" \
	"release it changes release notes or version files alone|release it changes release notes or version files alone|none|none" \
	"$(rpr $K1 rel.out)|$(rpr $K2 rel.out)|$(rpr $K3 rel.out)|$(rpr $K4 rel.out)"
# The version alone: K7 "Update version string for dev" and K8
# "configure: bumb version to 1.2.5pre1 (for CI tests)" (a pre-release)
# change configure.ac alone.  Controls: K9 a longer title naming an ABI
# version on configure.ac; K10 K7's title on configure.ac and a source
# file; K11 the pre-release in a title of a source file among other words.
K7=$(hexid 8d7) K8=$(hexid 8d8) K9=$(hexid 8d9) K10=$(hexid 8da) K11=$(hexid 8db)
{
	chdr
	oc $K7 16 'Update version string for dev' '' '' Max maint@m.org
	oc $K8 16 'configure: bumb version to 1.2.5pre1 (for CI tests)' '' '' Max maint@m.org
	oc $K9 16 "build: increment the revision in libfoo's ABI version" '' '' Max maint@m.org
	oc $K10 16 'Update version string for dev' '' '' Max maint@m.org
	oc $K11 16 'foo: parse 1.2.5pre1 and the newer strings' '' '' Max maint@m.org
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-ver.tsv
{
	thdr
	tok commit $C9 2020-01-01T00:00:00Z C:configure.ac C:src/a.c
	for k in $K7 $K8 $K9; do tok commit $k 2021-02-16T12:00:00Z M:configure.ac; done
	tok commit $K10 2021-02-16T12:00:00Z M:configure.ac M:src/a.c
	tok commit $K11 2021-02-16T12:00:00Z M:src/a.c
} >ver.tok
ptreport offlist -q off.tsv none.tsv c-ver.tsv ver.tok >ver.out
is "release: configure.ac alone under a short title of the version, or a pre-release named (controls: a longer title; a source file too; a source file alone)" \
	"release it changes release notes or version files alone|release it changes release notes or version files alone|committer-own|committer-own|committer-own" \
	"$(rpr $K7 ver.out)|$(rpr $K8 ver.out)|$(rpr $K9 ver.out | cut -d' ' -f1)|$(rpr $K10 ver.out | cut -d' ' -f1)|$(rpr $K11 ver.out | cut -d' ' -f1)"
# Closes: #N, N a forge's pull request (the pulls table): the maintainer
# applied it under his own name.  Controls: N an issue (no pull request
# of that number); no trailer.
K5=$(hexid 8d5) K6=$(hexid 8d6)
{
	chdr
	oc $K5 17 'scenario: drop the ext4 group' '' 'Drop it.\n\nCloses: #608\nSigned-off-by: Po <po@p.org>\nSigned-off-by: Max <maint@m.org>' Max maint@m.org
	oc $K6 17 'scenario: drop the xfs group' '' 'Drop it.\n\nCloses: #609\nSigned-off-by: Max <maint@m.org>' Max maint@m.org
	commit $C9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-cl.tsv
{
	printf 'pull\tid\tdate\tfrom_name\tfrom_addr\tsubject\tsrc\n'
	printf '608\t%s\t2021-02-10T08:00:00Z\tPo\tpo@p.org\tscenario: remove the ext4 group\trepo\n' "$(hexid 9f8)"
} >pulls-cl.tsv
ptreport offlist -q off.tsv none.tsv c-cl.tsv pulls-cl.tsv >cl.out
sed 's/^608\t/607\t/' pulls-cl.tsv >pulls-cl2.tsv
ptreport offlist -q off.tsv none.tsv c-cl.tsv pulls-cl2.tsv >cl2.out
is "pull-request: \"Closes: #608\", a pull request of the forge, in the maintainer's own commit (controls: #609 no pull request; #608 not one either)" \
	"pull-request its message closes #608, a pull request of the forge (9f8000000000 \"scenario: remove the ext4 group\")|committer-own its author committed it|committer-own its author committed it" \
	"$(rpr $K5 cl.out)|$(rpr $K6 cl.out)|$(rpr $K5 cl2.out)"
want=$(awk -F'\t' -v id="$W1" '$1 == id { print "  verdict: off-list|  reason: " $10 "|    " $11 }' rv.out)
run ptreport why "$W1" rv.tsv none.tsv c-rv.tsv rv.tok
is "why, a follow-up of a review: the reason and evidence of offlist" "0|$want" \
	"$rc|$(sed -n '/^  verdict:/,/^  rule:/p' "$T/out" | grep -v '^  rule:' | paste -sd'|')"

# Merged rows the reports cannot use are said (notes; the rest stands):
# a commit named twice, and one of no commits table.
{
	cat merged.tsv
	printf '%s\t%s\t2021-02-12T13:00:00Z\tMerge branch x\t\n' $P1 $M1
	printf '%s\t%s\t2021-02-12T13:00:00Z\tMerge branch y\t\n' "$(hexid fee)" $M1
} >merged-odd.tsv
run ptreport offlist off.tsv none.tsv c-off.tsv tags.tsv merged-odd.tsv c-off.tok
is "merged rows of a commit named before, or of no commit: exit 0, said, the first row kept" \
	"0|ptreport: merged: 1 rows name a commit named before: the first kept|ptreport: merged: 1 rows name no commit of the commits tables ($(hexid fee)): not used|pull-request" \
	"$rc|$(paste -sd'|' "$T/err")|$(awk -F'\t' -v id=$P1 '$1 == id { print $10 }' "$T/out")"

# --- 9. split out of a posted patch ---------------------------------------------
# Ann's S1 and S2, written the same second, committed by Max; S1 is in
# sp@x's cluster (answered by Bob), and sp@x changes src/a.c and src/b.c,
# S2's file too.
S1=$(hexid 5a1) S2=$(hexid 5a2) S3=$(hexid 5a3) S4=$(hexid 5a4) S5=$(hexid 5a5)
{
	mhdr
	for m in 01 02 03; do fill dev 2021-$m 30; done
	mail sp@x 2021-02-01T09:00:00Z Ann ann@a.org patch '' ''
	tmail r@x 2021-02-01T10:00:00Z Bob bob@b.org 'Re: [PATCH] sp@x' reply sp@x
} >split.tsv
{
	khdr
	member 1 sp@x mail
	member 1 $S1 commit
} >k-split.tsv
{
	chdr
	crow $S1 2021-02-02T10:00:00Z Ann ann@a.org 's: half one' Max maint@m.org 2021-02-03T10:00:00Z
	crow $S2 2021-02-02T10:00:00Z Ann ann@a.org 's: half two' Max maint@m.org 2021-02-03T10:00:01Z
	commit $C9 2020-01-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-split.tsv
# splittok FILES-OF-SP@X...: the patch table.
splittok() {
	thdr
	tok commit $C1 2020-01-01T00:00:00Z C:src/a.c C:src/b.c C:src/c.c
	tok commit $S1 2021-02-03T10:00:00Z M:src/a.c
	tok commit $S2 2021-02-03T10:00:01Z M:src/b.c
	tok mail sp@x 2021-02-01T09:00:00Z "$@"
}
splittok M:src/a.c M:src/b.c >split.tok
set -- split.tsv k-split.tsv c-split.tsv
is "split: the other half of a posted patch's commit, the posting changing its file: not off-list" "" \
	"$(ptreport offlist -q -H "$@" split.tok)"
ptreport why $S2 "$@" split.tok >why.out
is "split: why says so" \
	"  verdict: posted: split out of a posted patch: the other of two commits of its author written the same second is in a cluster with a posting" \
	"$(grep '^  verdict:' why.out)"
splittok M:src/a.c M:src/c.c >split-lack.tok
is "control: the posting does not change S2's file: off-list" "$S2 none" \
	"$(ptreport offlist -q -H "$@" split-lack.tok | cut -f1,10 | tr '\t' ' ')"
{
	cat c-split.tsv
	crow $S3 2021-02-02T10:00:00Z Ann ann@a.org 's: half three' Max maint@m.org 2021-02-03T10:00:02Z
} >c-split3.tsv
{
	cat split.tok
	tok commit $S3 2021-02-03T10:00:02Z M:src/b.c
} >split3.tok
is "control: three commits of that second (a rebase): S2 and S3 off-list" "$S2|$S3" \
	"$(ptreport offlist -q -H split.tsv k-split.tsv c-split3.tsv split3.tok | cut -f1 | paste -sd'|')"
# Split when applied: S2 written by Max's split a second later (its own
# author date), committed by him a second after S1.  Controls: committed
# 11 minutes after; Ann's own commits (she the committer: her fix pushed
# after her patch); a third commit of hers he committed in the span.
sed "/^$S2/s/2021-02-02T10:00:00Z/2021-02-02T10:00:01Z/" c-split.tsv >c-split-sec.tsv
is "split when applied: S2 written a second later, committed a second after S1 by Max: not off-list" "" \
	"$(ptreport offlist -q -H split.tsv k-split.tsv c-split-sec.tsv split.tok | cut -f1)"
ptreport why $S2 split.tsv k-split.tsv c-split-sec.tsv split.tok >why.out
is "split when applied: why says so" \
	"  verdict: posted: split out of a posted patch: the other of two commits of its author that its committer committed within 10 minutes is in a cluster with a posting that changes every file it changes" \
	"$(grep '^  verdict:' why.out)"
sed "/^$S2/s/2021-02-03T10:00:01Z/2021-02-03T10:11:00Z/" c-split-sec.tsv >c-split-late.tsv
sed -e "/^$S1/s/\tMax\tmaint@m.org\t/\tAnn\tann@a.org\t/" \
    -e "/^$S2/s/\tMax\tmaint@m.org\t/\tAnn\tann@a.org\t/" c-split-sec.tsv >c-split-own.tsv
sed "/^$S3/s/2021-02-02T10:00:00Z/2021-02-02T10:00:02Z/" c-split3.tsv | sed "/^$S2/s/2021-02-02T10:00:00Z/2021-02-02T10:00:01Z/" >c-split3-sec.tsv
is "controls: committed 11 minutes after; Ann's own commits; three of hers in the span" "$S2|$S2|$S2 $S3" \
	"$(ptreport offlist -q -H split.tsv k-split.tsv c-split-late.tsv split.tok | cut -f1)|$(ptreport offlist -q -H split.tsv k-split.tsv c-split-own.tsv split.tok | cut -f1)|$(ptreport offlist -q -H split.tsv k-split.tsv c-split3-sec.tsv split3.tok | cut -f1 | paste -sd' ')"

# Posted by its lines: Ann's lp@x (02-01, nobody merged it) adds six
# lines to src/a.c; her L1, committed by Max on 02-20 under another
# title, adds them and two more (her next version, pushed unposted); or
# three of them alone (split out of it: its lines lie in the posting).  Controls: the same lines under Bob's name; Ann's commit of
# other lines; a posting merged long before (L1's lines moved, not
# posted).  lt AUTHOR ADDR LINES...: the tables, the commit's added lines.
LA='+\tfoo_setup_clocks(dev, FOO_CLK_MAIN);' LB='+\tfoo_setup_power(dev, FOO_PWR_ON);'
LC='+\tfoo_setup_reset(dev, FOO_RST_HOLD);' LD='+\tfoo_setup_dma(dev, FOO_DMA_RING);'
LE='+\tfoo_setup_pins(dev, FOO_PINS_DEFAULT);' LF='+\tfoo_setup_fifo(dev, FOO_FIFO_DEEP);'
LG='+\tfoo_setup_wake(dev, FOO_WAKE_ANY);' LH='+\tfoo_setup_irq(dev, FOO_IRQ_EDGE);'
LI='+\tfoo_setup_bus(dev, FOO_BUS_WIDE);'
L1=$(hexid 1a1)
lt() {
	name=$1 addr=$2
	shift 2
	{
		mhdr
		for m in 01 02 03; do fill dev 2021-$m 30; done
		tmail lp@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: set the device up'
	} >lp.tsv
	# LPSAID: Max's reply to lp@x on 02-20, his own words.
	if [ -n "${LPSAID:-}" ]; then
		awk -v OFS='\t' 'NR == 1 { print $0, "said"; next } { print $0, "" }' lp.tsv >lp.tmp
		printf 'ry@x\t2021-02-20T10:00:00Z\tMax\tmaint@m.org\tRe: [PATCH] foo: set the device up\tdev\tlp@x\tlp@x\treply\t\t\t\t\t\t\t%s\n' \
		    "$LPSAID" >>lp.tmp
		mv lp.tmp lp.tsv
	fi
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'lp@x\tmail\t2021-02-01T09:00:00Z\tsrc/a.c\t\tF src/a.c\\tsrc/a.c\\n@ foo_init\\n'
		# LPM: the posting's lines (six added); LPFILES: the commit's files
		# (src/b.c too: a hunk of its own).
		printf '%s' "${LPM:-$(printf '%s\\n' "$LA" "$LB" "$LC" "$LD" "$LE" "$LF")}"
		printf '\n%s\tcommit\t2021-02-20T09:00:00Z\t%s\t\tF src/a.c\\tsrc/a.c\\n@ foo_init\\n' "$L1" "${LPFILES:-src/a.c}"
		for l in "$@"; do printf '%s\\n' "$l"; done
		[ -n "${LPFILES:-}" ] && printf 'F src/b.c\\tsrc/b.c\\n@ bar_init\\n+\\tbar_setup(dev);\\n'
		printf '\n'
		printf '%s\tcommit\t2020-01-01T00:00:00Z\tsrc/a.c\tsrc/a.c\tF /dev/null\\tsrc/a.c\\n@ \\n+int foo;\\n\n' "$C1"
	} >lp.tok
	{
		chdr
		commit $C1 2020-01-01T00:00:00Z 2020-01-01T00:00:00Z
		crow $L1 2021-02-20T09:00:00Z "$name" "$addr" "${LPTITLE:-foo: bring the device up in order}" Max \
		    maint@m.org 2021-02-20T09:00:00Z
		commit $C9 2020-01-01T00:00:00Z 2021-06-01T00:00:00Z
	} >c-lp.tsv
	khdr >k-lp0.tsv
	ptreport offlist -q -H lp.tsv lp.tok c-lp.tsv "${LPK:-k-lp0.tsv}" | cut -f1 | grep -c "^$L1"
}
is "posted by its lines: her commit carrying her unmerged posting's lines and more: not off-list" \
	"0" "$(lt Ann ann@a.org "$LA" "$LB" "$LC" "$LD" "$LE" "$LF" "$LG" "$LH")"
ptreport why $L1 lp.tsv lp.tok c-lp.tsv k-lp0.tsv >why.out
is "posted by its lines: why names the posting" \
	"  verdict: posted: its lines are a posting's of its author (split out of it, or a next version pushed unposted, or the same lines removed another way): lp@x \"[PATCH] foo: set the device up\"" \
	"$(grep '^  verdict:' why.out)"
is "posted by its lines: her commit of three of its six lines (split out of it): not off-list" \
	"0" "$(lt Ann ann@a.org "$LA" "$LC" "$LE")"
# The same lines under Bob's name are no posting of his; but her patch,
# its lines in his commit, was reworked into it: posted as her patch.
is "the same lines under Bob's name: her patch reworked into it, posted as hers: not off-list" "0" \
	"$(lt Bob bob@b.org "$LA" "$LB" "$LC" "$LD" "$LE" "$LF" "$LG" "$LH")"
ptreport why $L1 lp.tsv lp.tok c-lp.tsv k-lp0.tsv >why.out
is "... why names her patch, not a posting of his" \
	"  verdict: posted: a patch mail became it (its verdict: reworked, reason carried): lp@x \"[PATCH] foo: set the device up\"" \
	"$(grep '^  verdict:' why.out)"
is "control: her commit of other lines: off-list" "1" "$(lt Ann ann@a.org "$LG" "$LH" "$LI")"
{ khdr; member 1 lp@x mail; member 1 $C1 commit; } >k-lp.tsv
is "control: the posting merged a year before (its lines moved): off-list" "1" \
	"$(LPK=k-lp.tsv lt Ann ann@a.org "$LA" "$LB" "$LC" "$LD" "$LE" "$LF" "$LG" "$LH")"
# The same lines replaced another way: the posting drops a column of a
# table (removes RA..RD, adds LA LB), her commit (Max's rework) rewrites
# those rows with a macro (removes them, adds LG LH).  Controls: a commit
# that only removes them (a test deleted where the posting reworked it);
# one that replaces other lines.
RA='-\t{FOO_MODE_MAIN, "main", &file_one, EINVAL, 0},' RB='-\t{FOO_MODE_SIDE, "side", &file_two, ENOMEM, 0},'
RC='-\t{FOO_MODE_WAKE, "wake", &file_three, EBADF, 1},' RD='-\t{FOO_MODE_DEEP, "deep", &file_four, EINVAL, 0},'
RE='-\tfoo_teardown_clocks(dev, FOO_CLK_ALL);' RF='-\tfoo_teardown_power(dev, FOO_PWR_OFF);'
RG='-\tfoo_teardown_reset(dev, FOO_RST_FREE);' RH='-\tfoo_teardown_dma(dev, FOO_DMA_STOP);'
LPM=$(printf '%s\\n' "$RA" "$RB" "$RC" "$RD" "$LA" "$LB")
export LPM
is "posted by its lines: her commit replacing the lines her posting replaces, another way: not off-list" \
	"0" "$(lt Ann ann@a.org "$RA" "$RB" "$RC" "$RD" "$LG" "$LH")"
ptreport why $L1 lp.tsv lp.tok c-lp.tsv k-lp0.tsv >why.out
is "... why says the lines are the posting's" \
	"  verdict: posted: its lines are a posting's of its author (split out of it, or a next version pushed unposted, or the same lines removed another way): lp@x \"[PATCH] foo: set the device up\"" \
	"$(grep '^  verdict:' why.out)"
is "controls: her commit only removing those lines; replacing others: off-list" "1|1" \
	"$(lt Ann ann@a.org "$RA" "$RB" "$RC" "$RD")|$(lt Ann ann@a.org "$RE" "$RF" "$RG" "$RH" "$LG" "$LH")"
unset LPM
# Named by its hash in the posting's thread: her L1 of other lines than
# her posting's (reworked on review), and Max's reply to the posting the
# day it was pushed, "Merged as 1a10000000".  Controls: the reply names
# no hash; L1 changes a file the posting does not; the posting merged a
# year before; L1 a revert.
LPSAID='Merged as 1a10000000, with the changes asked for. Thanks!'
export LPSAID
is "posted: a reply in its author's posting's thread names it by its hash: not off-list" \
	"0" "$(lt Ann ann@a.org "$LG" "$LH" "$LI")"
ptreport why $L1 lp.tsv lp.tok c-lp.tsv k-lp0.tsv >why.out
is "... why names the posting and the reply" \
	"  verdict: posted: a mail of the thread of its author's posting lp@x \"[PATCH] foo: set the device up\" names it by its hash: ry@x by maint@m.org (the posting, reworked)" \
	"$(grep '^  verdict:' why.out)"
is "controls: no hash; a file the posting lacks; the posting merged long before; a revert" \
	"1|1|1|1" \
	"$(LPSAID='Merged, with the changes asked for. Thanks!' lt Ann ann@a.org "$LG" "$LH" "$LI")|$(LPFILES='src/a.c\nsrc/b.c' lt Ann ann@a.org "$LG" "$LH" "$LI")|$(LPK=k-lp.tsv lt Ann ann@a.org "$LG" "$LH" "$LI")|$(LPTITLE='Revert "foo: quirk"' lt Ann ann@a.org "$LG" "$LH" "$LI")"
unset LPSAID
# Left out of its merged commit: Ann's lp@x adds LA..LF; Max merged it as
# K on 02-20 without LF (the review asked for it alone) and her L1 an
# hour later adds LF alone, one line (fewer than a share of lines asks).
# Controls: K adds LF too (L1 another change of the same line); L1 adds
# LF and LI, a line the posting lacks.  lo K-LINES L1-LINES: L1 off-list?
KL=$(hexid 1b1)
lo() {
	{
		mhdr
		for m in 01 02 03; do fill dev 2021-$m 30; done
		tmail lp@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: set the device up'
	} >lo.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'lp@x\tmail\t2021-02-01T09:00:00Z\tsrc/a.c\t\tF src/a.c\\tsrc/a.c\\n@ foo_init\\n'
		printf '%s\\n' "$LA" "$LB" "$LC" "$LD" "$LE" "$LF"
		printf '\n%s\tcommit\t2021-02-20T08:00:00Z\tsrc/a.c\t\tF src/a.c\\tsrc/a.c\\n@ foo_init\\n%s\n' "$KL" "$1"
		printf '%s\tcommit\t2021-02-20T09:00:00Z\tsrc/a.c\t\tF src/a.c\\tsrc/a.c\\n@ foo_init\\n%s\n' "$L1" "$2"
		printf '%s\tcommit\t2020-01-01T00:00:00Z\tsrc/a.c\tsrc/a.c\tF /dev/null\\tsrc/a.c\\n@ \\n+int foo;\\n\n' "$C1"
	} >lo.tok
	{
		chdr
		commit $C1 2020-01-01T00:00:00Z 2020-01-01T00:00:00Z
		crow $KL 2021-02-19T08:00:00Z Ann ann@a.org 'foo: set the device up' Max maint@m.org 2021-02-20T08:00:00Z
		crow $L1 2021-02-19T09:00:00Z Ann ann@a.org 'foo: deep fifo' Max maint@m.org 2021-02-20T09:00:00Z
		commit $C9 2020-01-01T00:00:00Z 2021-06-01T00:00:00Z
	} >c-lo.tsv
	{ khdr; member 1 lp@x mail; member 1 $KL commit; } >k-lo.tsv
	ptreport offlist -q -H lo.tsv lo.tok c-lo.tsv k-lo.tsv | cut -f1 | grep -c "^$L1"
}
K5=$(printf '%s\\n' "$LA" "$LB" "$LC" "$LD" "$LE")
is "posted: her commit of the one line of her posting its merged commit left out: not off-list" \
	"0" "$(lo "$K5" "$LF")"
ptreport why $L1 lo.tsv lo.tok c-lo.tsv k-lo.tsv >why.out
is "... why names the posting" \
	"  verdict: posted: its lines are a posting's of its author (split out of it, or a next version pushed unposted, or the same lines removed another way): lp@x \"[PATCH] foo: set the device up\"" \
	"$(grep '^  verdict:' why.out)"
is "controls: the merged commit has the line too; her commit adds a line the posting lacks: off-list" \
	"1|1" "$(lo "$K5\\n$LF" "$LF")|$(lo "$K5" "$LF\\n$LI")"

# --- 10. a patch of generic files goes with its title's prefix ------------------
# Three Bluetooth: patches by three people changing FILES (one each), and
# Dan's two patches changing COPYING alone, one under Bluetooth:; the
# repository (the commits' patch table) has COPYING, README, Makefile and
# src/ only.
# pre FILE1 FILE2 FILE3 [DAN'S-FILE]: the tables.
pre() {
	{
		mhdr
		tmail b1@x 2021-03-01T09:00:00Z Ann ann@a.org '[PATCH] Bluetooth: fix one'
		tmail b2@x 2021-03-01T10:00:00Z Bob bob@b.org '[PATCH] Bluetooth: fix two'
		tmail b3@x 2021-03-01T11:00:00Z Cid cid@c.org '[PATCH] bluetooth: fix three'
		tmail bc@x 2021-03-01T12:00:00Z Dan dan@d.org '[PATCH] Bluetooth: update COPYING'
		tmail xc@x 2021-03-01T12:00:00Z Dan dan@d.org '[PATCH] other: update COPYING'
	} >pre.tsv
	{
		thdr
		tok commit $C1 2020-01-01T00:00:00Z C:COPYING C:src/a.c C:src/Makefile C:Makefile C:README
		[ -n "$1" ] && tok mail b1@x 2021-03-01T09:00:00Z "M:$1"
		[ -n "$2" ] && tok mail b2@x 2021-03-01T10:00:00Z "M:$2"
		[ -n "$3" ] && tok mail b3@x 2021-03-01T11:00:00Z "M:$3"
		tok mail bc@x 2021-03-01T12:00:00Z "M:${4:-COPYING}"
		tok mail xc@x 2021-03-01T12:00:00Z M:COPYING
	} >pre.tok
}
pv() {
	verdict "$1" --grace 0 pre.tsv pre.tok none.tsv
}
pre net/bluetooth/a.c net/bluetooth/b.c net/bluetooth/c.c
is "prefix: COPYING alone under Bluetooth:, whose 3 other patches are another repository's: not counted" \
	"not-counted not for this repository: it changes only files every project has, and most patches under its title's prefix are another repository's (3 of the 3 judged by their files)" \
	"$(pv bc@x)"
is "... the same patch under another prefix counts" "ignored" "$(pv xc@x)"
pre src/a.c src/a.c net/bluetooth/c.c
is "control: most of the prefix's patches the project's: counted" "ignored|ignored|ignored" \
	"$(pv bc@x)|$(pv b1@x)|$(pv b2@x)"
pre src/a.c net/bluetooth/b.c net/bluetooth/c.c
is "prefix: 2 of 3 another repository's is most" \
	"not-counted not for this repository: it changes only files every project has, and most patches under its title's prefix are another repository's (2 of the 3 judged by their files)" \
	"$(pv bc@x)"
pre '' net/bluetooth/b.c net/bluetooth/c.c
is "control: 2 of 2 judged (fewer than 3): counted" "ignored" "$(pv bc@x)"
pre net/bluetooth/a.c net/bluetooth/b.c net/bluetooth/c.c README
is "prefix: README (in the repository) alone, the same" "not-counted" "$(pv bc@x | cut -d' ' -f1)"
pre net/bluetooth/a.c net/bluetooth/b.c net/bluetooth/c.c Makefile
is "prefix: the top Makefile alone, the same" "not-counted" "$(pv bc@x | cut -d' ' -f1)"
pre net/bluetooth/a.c net/bluetooth/b.c net/bluetooth/c.c src/Makefile
is "control: a Makefile below the top is the repository's own: counted" "ignored" "$(pv bc@x)"
# Beside other files, a generic file tells nothing: a test suite's patch
# to README and common/report (which the repository lacks) is another
# repository's, and teaches its thread nothing (its part 2, changing
# common/report alone, is another repository's too).  Controls: README
# and src/a.c; README alone (judged by it).
gen() {
	{
		mhdr
		smail g0@x 2021-03-01T09:00:00Z Eve eve@e.org '[PATCH 0/2] report: xml' cover '' '' 0 2
		smail g1@x 2021-03-01T09:01:00Z Eve eve@e.org '[PATCH 1/2] report: document' patch g0@x '' 1 2
		smail g2@x 2021-03-01T09:02:00Z Eve eve@e.org '[PATCH 2/2] report: sort' patch g0@x '' 2 2
	} >gen.tsv
	{
		thdr
		tok commit $C1 2020-01-01T00:00:00Z C:COPYING C:src/a.c C:src/Makefile C:Makefile C:README
		tok mail g1@x 2021-03-01T09:01:00Z M:README "M:$1"
		tok mail g2@x 2021-03-01T09:02:00Z "M:$2"
	} >gen.tok
	echo "$(verdict g1@x --grace 0 gen.tsv gen.tok none.tsv | cut -d' ' -f1)|$(verdict g2@x --grace 0 gen.tsv gen.tok none.tsv | cut -d' ' -f1)"
}
is "generic: README beside common/report, not the repository's: another repository's, and its part 2 too" \
	"not-counted|not-counted" "$(gen common/report common/report)"
is "control: README beside src/a.c: the project's" "ignored|ignored" "$(gen src/a.c src/a.c)"

# --- 11. ptreport why ----------------------------------------------------------------
# A withdrawn patch, for the one verdict the sections above have not made.
{
	mhdr
	mail wp@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail ww@x 2021-03-01T10:00:00Z Ann ann@a.org reply wp@x wp@x withdraw
} >wd.tsv
# whyis VERDICT RULE ID TABLE...: why's verdict line is patches' verdict
# and detail, and its rule line begins with RULE.
whyis() {
	v=$1 r=$2 id=$3
	shift 3
	want=$(ptreport patches -q "$@" | awk -F'\t' -v id="$id" '$1 == id { print "  verdict: " $6 ($7 != "" ? ": " $7 : "") }')
	run ptreport why "$id" "$@"
	[ "$rc" -eq 0 ] && [ "$want" = "$(grep '^  verdict:' "$T/out")" ] &&
	    case $want in "  verdict: $v"|"  verdict: $v: "*) true ;; *) false ;; esac &&
	    grep -q "^  rule: $r" "$T/out"
	ok $? "why, $v: the verdict and detail of patches ($want), the rule ($r ...)"
}
whyis merged 'its cluster holds a commit' m1@x hist.tsv k-hist.tsv c-hist.tsv
whyis applied 'its cluster holds a commit of a side branch' p@x side.tsv k-side.tsv c-side.tsv side.tok
whyis answered 'another person answered it in its thread' q1@x --grace 0 sup.tsv k-sup.tsv
whyis answered-version 'another version of it (its cluster, or its author' p1@x --grace 0 sup.tsv k-sup.tsv
whyis answered-together 'a patch its author posted with it (within 60 minutes' p@x --grace 0 tw-case.tsv tw-case.tok none.tsv
whyis answered-together 'another part of its series' s2@x --grace 0 sd-case.tsv sd-case.tok k-sd-case.tsv
whyis ignored 'a patch for the project, not merged' early@x hist.tsv k-hist.tsv c-hist.tsv
whyis withdrawn 'its author withdrew it' wp@x --grace 0 wd.tsv none.tsv
whyis superseded "its author's later version (of its posting" p3@x --grace 0 sup.tsv k-sup.tsv
whyis too-new 'not merged and not answered, but too new to judge' near@x hist.tsv k-hist.tsv c-hist.tsv
whyis not-counted 'a patch for the project is a thread root or a reply to it' b1@x --grace 0 pre.tsv pre.tok none.tsv
ptreport why near@x hist.tsv k-hist.tsv c-hist.tsv >why.out
is "why: the history's end and its time to merge" \
	"  history: the history given ends 2021-06-01; 90th percentile time from first posting to commit 10.0 days" \
	"$(grep '^  history:' why.out)"
ptreport why p@x role.tsv none.tsv c-role.tsv >why.out
is "why: a committer's ignored patch: the sender's role and the rule say so" \
	"  from: Ann <ann@a.org>, a committer (commits to the repository at the time)|1" \
	"$(grep '^  from:' why.out)|$(grep -c "^  rule: .*the committer's own, counted apart from contributions" why.out)"
# A commit of each reason: why's reason and its evidence are offlist's.
for c in $R1 $V1 $E1 $F1 $U1 $P1 $O1 $N1; do
	want=$(awk -F'\t' -v id="$c" '$1 == id { print "  verdict: off-list|  reason: " $10 ($11 != "" ? "|    " $11 : "") }' off-case.tsv)
	run ptreport why "$c" $OFF
	is "why, off-list commit $(echo "$c" | cut -c1-5): ${want#*reason: }" "0|$want" \
		"$rc|$(sed -n '/^  verdict:/,/^  rule:/p' "$T/out" | grep -v '^  rule:' | paste -sd'|')"
done
# Ids: a prefix, angle brackets, unknown, ambiguous.
run ptreport why abce $OFF
is "why: a commit by a prefix of 4 digits" "0|commit $P3" "$rc|$(sed -n 1p "$T/out")"
run ptreport why ABCD1 $OFF
is "why: ... in capitals" "0|commit $P1" "$rc|$(sed -n 1p "$T/out")"
run ptreport why abcd $OFF
is "why: a prefix of two commits: exit 2, nothing on stdout, both named" "2||1" \
	"$rc|$(cat "$T/out")|$(grep -c "abcd: more than one commit begins so: .*$P1" "$T/err")"
grep -q "$P2" "$T/err"
ok $? "... the other named too"
run ptreport why abc $OFF
is "why: 3 digits are no prefix: no mail or commit, exit 2" \
	"2|ptreport: why: abc: no mail or commit of the tables has this id" "$rc|$(cat "$T/err")"
run ptreport why nobody@x $OFF
is "why: an unknown id: exit 2, said" "2||ptreport: why: nobody@x: no mail or commit of the tables has this id" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
run ptreport why gone@x $OFF
is "why: a Message-ID only referenced (replied to, not in the tables) is no mail" "2" "$rc"
ptreport why bug@x $OFF >a.out
run ptreport why '<bug@x>' $OFF
is "why: <id> in angle brackets is the id" "0" "$rc"
same "... the same text" a.out "$T/out"
is "why: a mail that is no patch has no verdict" \
	"  verdict: none (not a patch mail)|  rule: only patch mails get a verdict (this one is other)" \
	"$(grep -e '^  verdict:' -e '^  rule:' a.out | paste -sd'|')"
# Pairs tables (patchsim's) among the operands: the scored pairs of the
# id and of its cluster's members, as the tables have them.
{
	printf 'left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n'
	printf 'p1@x\tq1@x\t0.900000\t0.800000\t1.000000\t0.850000\t0.700000\ttitle\n'
	printf 'p2@x\tq2@x\t0.500000\t0.400000\t1.000000\t0.450000\t0.300000\t\n'
} >pairs1.tsv
{
	printf 'left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n'
	printf 'q1@x\t%s\t0.100000\t0.200000\t0.500000\t0.150000\t0.000000\tfiles\n' $C1
} >pairs2.tsv
run ptreport why p1@x --grace 0 sup.tsv k-sup.tsv pairs1.tsv pairs2.tsv
cat >want <<EOF
  scored pairs (left right msg diff dlr score fdiff via):
    p1@x q1@x 0.900000 0.800000 1.000000 0.850000 0.700000 title
    q1@x $C1 0.100000 0.200000 0.500000 0.150000 0.000000 files
EOF
sed -n '/^  scored pairs/,$p' "$T/out" >got
same "why: the scored pairs of the mail and its cluster's members, from both tables (not p2's)" want got
run ptreport why p3@x --grace 0 sup.tsv k-sup.tsv pairs1.tsv pairs2.tsv
is "why: none of them holds a mail of its own cluster: said" \
	"  scored pairs: none of the 2 pairs tables holds it" "$(grep '^  scored pairs' "$T/out")"
run ptreport why p1@x --grace 0 sup.tsv k-sup.tsv
is "why: no pairs table given: said" \
	"  scored pairs: no pairs table given (patchsim's; inside a patchtrack folder they are read from pairs.list)" \
	"$(grep '^  scored pairs' "$T/out")"
run ptreport patches -q --grace 0 sup.tsv k-sup.tsv pairs1.tsv
cp "$T/out" patches-pairs.out
is "pairs tables among any command's operands: read (commits posted in a reply), exit 0, nothing said" \
	"0|" "$rc|$(cat "$T/err")"
run ptreport patches -q --grace 0 sup.tsv k-sup.tsv
same "... patches the same with or without one" "$T/out" patches-pairs.out
# A bad row of a pairs table is named and counted (exit 1); a table cut
# short fails (exit 2), the explanation written all the same.
{
	cat pairs1.tsv
	printf 'q1@x\tp1@x\t0.5\n'
} >pairs-bad.tsv
run ptreport why p1@x --grace 0 sup.tsv k-sup.tsv pairs-bad.tsv
is "why: a short row of a pairs table: exit 1, the row named, counted" \
	"1|ptreport: pairs-bad.tsv:4: 3 fields, the header has 8|ptreport: 1 bad rows, named above, were left out" \
	"$rc|$(paste -sd'|' "$T/err")"
{
	cat pairs1.tsv
	i=0
	while [ $i -lt 3000 ]; do
		printf 'x%d@x\ty%d@x\t0.100000\t0.200000\t0.500000\t0.150000\t0.000000\tfiles\n' $i $i
		i=$((i + 1))
	done
} | xz -0 >pairs-big.tsv.xz
head -c $(($(wc -c <pairs-big.tsv.xz) / 2)) pairs-big.tsv.xz >pairs-cut.tsv.xz
run ptreport why p1@x --grace 0 sup.tsv k-sup.tsv pairs-cut.tsv.xz
is "why: a pairs table cut short: exit 2, said, the pairs read before it written" \
	"2|1|    p1@x q1@x 0.900000 0.800000 1.000000 0.850000 0.700000 title" \
	"$rc|$(grep -c 'pairs-cut.tsv.xz' "$T/err")|$(grep '^    p1@x q1@x' "$T/out")"
run ptreport why
is "why without an id: exit 2" "2" "$rc"
mkdir nofolder
run sh -c 'cd nofolder && ptreport why p@x'
is "why without tables outside a patchtrack folder: exit 2, said" \
	"2|ptreport: why: no tables given, and this is no patchtrack output folder (no inputs.mk here)" \
	"$rc|$(cat "$T/err")"
# In a patchtrack output folder, the id alone.
if command -v git >/dev/null 2>&1 &&
    bare_clone "$top/sample/jailhouse-2019.bundle" repo.git 2>/dev/null; then
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -q -o ptout -r master repo.git \
	    "$top/sample/jailhouse-dev-2019.mbox.xz" 2>pt.err
	pt_rc=$?
	is "patchtrack folder: patchtrack on the sample exits 0" 0 "$pt_rc"
	[ "$pt_rc" -eq 0 ] || tail -5 pt.err | sed 's/^/# /'
	# The first patch of each verdict the run gave.
	awk -F'\t' 'NR > 1 && !s[$6]++ { print $1 "\t  verdict: " $6 ($7 != "" ? ": " $7 : "") }' \
	    ptout/reports/patches.tsv >firsts
	[ "$(wc -l <firsts)" -ge 3 ]
	ok $? "patchtrack folder: the sample's patches have $(wc -l <firsts) verdicts"
	while IFS='	' read -r pid want; do
		run sh -c 'cd ptout && ptreport why "$1"' sh "$pid" </dev/null
		is "patchtrack folder: cd ptout && ptreport why ID: the verdict of reports/patches.tsv (${want#  verdict: })" \
			"0|$want" "$rc|$(grep '^  verdict:' "$T/out")"
	done <firsts
	pid=$(awk -F'\t' '$6 == "merged" { print $1; exit }' ptout/reports/patches.tsv)
	run sh -c 'cd ptout && ptreport why "$1"' sh "$pid"
	grep -q '^  scored pairs (left right msg diff dlr score fdiff via):$' "$T/out"
	ok $? "patchtrack folder: the pairs of pairs.list are read"
	c=$(awk -F'\t' '$6 == "merged" { print $7; exit }' ptout/reports/patches.tsv)
	run sh -c 'cd ptout && ptreport why "$1"' sh "$(echo "$c" | cut -c1-12)"
	is "patchtrack folder: a merged patch's commit by a prefix of 12 digits" "0|commit $c" \
		"$rc|$(sed -n 1p "$T/out")"
	# A pairs table pairs.list names but the folder lacks: named, exit 1.
	cp -R ptout ptgone
	echo ./pairs/gone.tsv >>ptgone/pairs.list
	run sh -c "cd ptgone && ptreport why $c"
	is "patchtrack folder: a pairs table of pairs.list not there: exit 1, named" \
		"1|ptreport: ./pairs.list: ./pairs/gone.tsv is not there: its pairs are left out" \
		"$rc|$(cat "$T/err")"
else
	skip "patchtrack folder: git cannot clone the bundle"
fi

# --- 12. the same bytes ----------------------------------------------------------------
# Each report twice, and with the operands in reverse order and the rows
# of every table shuffled (the header first).
shuffle() { # FILE: FILE's rows in another order, into shuf-FILE
	{
		head -1 "$1"
		sed 1d "$1" | awk 'BEGIN { srand(74) } { printf "%.8f\t%s\n", rand(), $0 }' | sort -k1,1 | cut -f2-
	} >"shuf-$1"
}
# again NAME COMMAND TABLE...: COMMAND (a string: the command and its
# options) on the tables.
again() {
	name=$1 cmd=$2
	shift 2
	ptreport $cmd "$@" >a.out 2>a.err
	ptreport $cmd "$@" >b.out 2>b.err
	cmp -s a.out b.out && cmp -s a.err b.err
	ok $? "$name: $cmd twice: the same bytes"
	rev= moved=1
	for f in "$@"; do
		shuffle "$f"
		cmp -s "$f" "shuf-$f" || moved=0
		rev="shuf-$f $rev"
	done
	ptreport $cmd $rev >b.out 2>b.err
	cmp -s a.out b.out && cmp -s a.err b.err
	ok $? "$name: $cmd, operands reversed and rows shuffled: the same bytes"
	[ -s a.out ] && [ "$moved" -eq 0 ]
	ok $? "$name: ... (a test that can fail: an output, rows moved)"
}
again "off-list reasons" "offlist -v" $OFF
again "off-list controls" "offlist -v" $OFFC
again "off-list reasons" "summary" $OFF
again "split" "offlist -v" split.tsv k-split.tsv c-split.tsv split.tok
again "branches" "offlist -v" off.tsv none.tsv c-br.tsv br-merged.tsv
again "imports" "offlist -v" off.tsv none.tsv c-imp.tsv
again "reviewed postings" "offlist -v" rv.tsv none.tsv c-rv.tsv rv.tok
again "applied" "offlist -v" side.tsv k-side.tsv c-main.tsv main.tok
again "history" "patches -v" hist10.tsv k-hist10.tsv c-hist10.tsv
again "roles" "patches -v" role.tsv none.tsv c-role.tsv
again "superseded" "patches -v --grace 0" sup.tsv k-sup.tsv
again "answered together" "patches -v --grace 0" tw-case.tsv tw-case.tok none.tsv
again "cites" "patches -v --grace 0" cite.tsv none.tsv
again "archives" "patches -v" arch.tsv none.tsv
again "applied" "patches -v" side.tsv k-side.tsv c-side.tsv side.tok
again "prefix" "patches -v --grace 0" pre.tsv pre.tok none.tsv
# why lists a cluster's members by date, then id, whatever the clusters
# table's order (shuf-k-sup.tsv has q1@x before p1@x).
ptreport why p1@x --grace 0 sup.tsv k-sup.tsv pairs1.tsv >a.out 2>&1
ptreport why p1@x --grace 0 sup.tsv k-sup.tsv pairs1.tsv >b.out 2>&1
same "why twice: the same bytes" a.out b.out
ptreport why p1@x --grace 0 pairs1.tsv k-sup.tsv sup.tsv >b.out 2>&1
same "why, operands reversed: the same bytes" a.out b.out
ptreport why p1@x --grace 0 shuf-sup.tsv shuf-k-sup.tsv pairs1.tsv >b.out 2>&1
is "why, rows shuffled: the same bytes" "" "$(diff a.out b.out | grep '^[<>]' | paste -sd' ')"
done_testing
