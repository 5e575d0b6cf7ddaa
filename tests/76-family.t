#!/bin/sh
# ptreport: an answer answers what it replies to, and "ignored" is said
# only where a patch's whole family is silent (ptreport(1), VERDICTS):
# a reply to one part of a series answers that part, the cover letter
# or the series word the whole posting; a version is answered by an
# answer to the same part in another version; its versions under other
# titles (the scores, a next version retitled, the same title, a vN
# with no earlier version, a Fixes: or Change-Id in common), its
# author's own words after it (quoted; a ping keeps it ignored), the
# commits crediting its author on its files, the tags the history never
# takes, mails not meant to be merged, and a commit older than the mail.
# Each rule on small tables written here, with a control that flips it.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
. "$top/tests/tables.sh"

# The mails table with the message and said columns too:
#   whdr, then w ID DATE NAME ADDR SUBJECT [TYPE [IN_REPLY_TO [VERSION
#   [PART [TOTAL [FLAGS [SAID [MESSAGE]]]]]]]] (References: its
#   In-Reply-To; on dev).
whdr() {
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tversion\tpart\ttotal\tflags\tcites\tsrc\tmessage\tsaid\n'
}
w() {
	mrow "$1" "$2" "$3" "$4" "$5" dev "${7:-}" "${7:-}" "${6:-patch}" "${8:-}" "${9:-}" \
	    "${10:-}" "${11:-}" '' '' "${13:-}" "${12:-}"
}
# The patch table with hash and credits: t2hdr, then
#   t2 KIND ID DATE HASH CREDITS CHANGE... (as tok in tables.sh).
t2hdr() {
	printf 'id\tkind\tdate\tfiles\tnew\thunks\tflags\thash\tcredits\n'
}
t2() {
	kind=$1 id=$2 date=$3 hash=$4 cred=$5
	shift 5
	tokf '' "$kind" "$id" "$date" "$@" | awk -F'\t' -v OFS='\t' -v h="$hash" -v c="$cred" \
	    '{ print $0, h, c }'
}
phdr() {
	printf 'left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n'
}
# pair LEFT RIGHT SCORE FDIFF
pair() {
	printf '%s\t%s\t%s\t%s\t1.0\t%s\t%s\tfiles\n' "$1" "$2" "$3" "$3" "$3" "$4"
}
# Background mails for the coverage, a main line past the patches.
bg() {
	for m in 01 02 03 04 05 06; do fill dev 2021-$m 30; done | sed 's/$/\t\t/'
}
{ chdr; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-end.tsv
V() {
	verdict "$@" | sed 's/ $//'
}

# --- 1. an answer answers what it replies to -----------------------------------
# Ann's series s0 (cover), s1, s2, s3; Bob answers s1 (b1), and Cid
# answers Ann's reply to s2 (a2, c2: a reply to a reply still answers
# s2).  s3 gets nothing of its own.
ser() {
	{
		whdr
		bg
		w s0@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 0/3] foo: three' cover '' '' 0 3
		w s1@x 2021-02-01T09:01:00Z Ann ann@a.org '[PATCH 1/3] foo: one' patch s0@x '' 1 3
		w s2@x 2021-02-01T09:02:00Z Ann ann@a.org '[PATCH 2/3] foo: two' patch s0@x '' 2 3
		w s3@x 2021-02-01T09:03:00Z Ann ann@a.org '[PATCH 3/3] foo: three' patch s0@x '' 3 3
		w b1@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH 1/3] foo: one' reply "$1" '' '' '' \
		    "${2:-}" 'Looks fine to me.'
		w a2@x 2021-02-02T10:00:00Z Ann ann@a.org 'Re: [PATCH 2/3] foo: two' reply s2@x '' '' '' \
		    ping 'Ping?'
		w c2@x 2021-02-03T10:00:00Z Cid cid@c.org 'Re: [PATCH 2/3] foo: two' reply a2@x '' '' '' \
		    '' 'Sorry, busy.'
	} >ser.tsv
}
ser s1@x
set -- --grace 0 ser.tsv none.tsv c-end.tsv
is "aim: a reply to part 1 answers part 1, a reply to a reply to part 2 part 2" \
	"answered bob@b.org|answered cid@c.org" "$(V s1@x "$@")|$(V s2@x "$@")"
is "aim: part 3, passed over by reviews of parts 1 and 2: its posting in conversation, answered-together s1@x" \
	"answered-together s1@x" "$(V s3@x "$@")"
sed '/^c2@x/d' ser.tsv >ser-lone.tsv
is "aim: a lone review, of part 1 alone, speaks for the posting: part 3 answered-together s1@x" \
	"answered-together s1@x" "$(V s3@x --grace 0 ser-lone.tsv none.tsv c-end.tsv)"
sed '/^b1@x/d; /^c2@x/d' ser.tsv >ser-none.tsv
is "control: the author's own ping on part 2 alone: part 3 ignored" \
	"ignored" "$(V s3@x --grace 0 ser-none.tsv none.tsv c-end.tsv)"
# One submission as two postings, one a repository (a kernel half and a
# tools half): Ann's covers k0 and u0 under the same title ten minutes
# apart; Bob answers the other posting's patch k1; her u1 is answered
# with it.  Controls: the covers two hours apart; titles unlike; Bob's
# answer gone.
twin() {
	{
		whdr
		bg
		w k0@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 0/1] Enable bar on an export' cover '' '' 0 1
		w k1@x 2021-02-01T09:00:30Z Ann ann@a.org '[PATCH 1/1] kern: add bar' patch k0@x '' 1 1
		w u0@x "$1" Ann ann@a.org "[PATCH 0/1] $2" cover '' '' 0 1
		w u1@x "$1" Ann ann@a.org '[PATCH 1/1] tool: add the bar option' patch u0@x '' 1 1
		[ "${3:-}" = none ] ||
		    w b1@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH 1/1] kern: add bar' reply k1@x \
		    '' '' '' '' 'Why an export option?'
	} >twin.tsv
	V u1@x --grace 0 twin.tsv none.tsv c-end.tsv
}
is "twin postings: covers alike ten minutes apart, the other answered: answered-together k0@x" \
	"answered-together k0@x" "$(twin 2021-02-01T09:10:00Z 'Enable bar on an export')"
is "control: two hours apart: ignored" "ignored" \
	"$(twin 2021-02-01T11:00:00Z 'Enable bar on an export')"
is "control: covers unlike: ignored" "ignored" "$(twin 2021-02-01T09:10:00Z 'Rework the baz cache')"
is "control: nobody answered the other: ignored" "ignored" \
	"$(twin 2021-02-01T09:10:00Z 'Enable bar on an export' none)"
ptreport why s3@x --grace 0 ser-lone.tsv none.tsv c-end.tsv >why.out
grep -q '^  rule: another part of its posting was answered, not it: the posting is in conversation' why.out
ok $? "aim: why says another part's review speaks for the posting"
ser s0@x
is "aim: a reply to the cover letter answers every part" "answered bob@b.org" "$(V s3@x "$@")"
ser s1@x series
is "aim: a reply to part 1 speaking of the series (flag series) answers every part" \
	"answered bob@b.org" "$(V s3@x "$@")"
ser s1@x
ptreport why s3@x "$@" >why.out
grep -q '^    2021-02-02  bob@b.org  b1@x  Re: \[PATCH 1/3\] foo: one  (to s1@x, another part of its posting: none of its own, but the posting in conversation (the verdict.s): "Looks fine to me.")$' why.out
ok $? "aim: why names what each mail answers, the answer the verdict rests on, and quotes it"
ptreport why s1@x "$@" >why.out
grep -q '^    2021-02-02  bob@b.org  b1@x  Re: \[PATCH 1/3\] foo: one  (a response, to it: "Looks fine to me.")$' why.out
ok $? "aim: why quotes a response's first words"
# A reply to part 1 naming part 3 by its number (the parts column:
# "In patch 3/3 you ..."): an answer to part 3 too.  Controls: 3/4 (not
# this posting's total); 2/3 (another part).  A bare "patch 3" in a
# reply to a part counts as well.
named() {
	awk -F'\t' -v OFS='\t' -v p="$1" 'NR == 1 { print $0, "parts"; next }
	    { print $0, ($1 == "b1@x" ? p : "") }' ser.tsv >ser-named.tsv
	V s3@x --grace 0 ser-named.tsv none.tsv c-end.tsv
}
is "aim: a reply to part 1 naming part 3 (3/3) answers part 3" "answered bob@b.org" "$(named '3/3')"
is "aim: ... a bare \"patch 3\" too, among other numbers" "answered bob@b.org" "$(named '2/3 3')"
is "controls: 3/4, another total; 2/3, another part" \
	"answered-together s1@x|answered-together s1@x" "$(named '3/4')|$(named '2/3')"
named '3/3' >/dev/null
ptreport why s3@x --grace 0 ser-named.tsv none.tsv c-end.tsv >why.out
grep -q '^  rule: another person answered it in its thread: a reply to it, to its cover letter, speaking of its series, or naming it by its number' why.out
ok $? "aim: why says a reply naming it by its number answers it"
# A cover letter "[PATCH v4 0/2]" whose parts say no version ("[PATCH
# 1/2]"): the parts are of version 4, and Bob's reply to the cover
# letter answers them.  Controls: the cover letter another sender's;
# another total.
cv4() {
	{
		whdr
		bg
		w v0@x 2021-02-01T09:00:00Z "${1:-Ann}" "${2:-ann@a.org}" '[PATCH v4 0/2] foo: two' cover '' 4 0 "${3:-2}"
		w v1@x 2021-02-01T09:01:00Z Ann ann@a.org '[PATCH 1/2] foo: one' patch v0@x '' 1 2
		w v2@x 2021-02-01T09:02:00Z Ann ann@a.org '[PATCH 2/2] foo: two' patch v0@x '' 2 2
		w vb@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH v4 0/2] foo: two' reply v0@x '' '' '' \
		    '' 'On my list to review.'
	} >cv4.tsv
	V v2@x --grace 0 cv4.tsv none.tsv c-end.tsv
}
is "versions: parts with no vN under a v4 cover letter are v4: a reply to the cover letter answers them" \
	"answered bob@b.org" "$(cv4)"
is "controls: the cover letter another sender's; of another total" "ignored|ignored" \
	"$(cv4 Cid cid@c.org)|$(cv4 Ann ann@a.org 3)"
grep -q '^    2021-02-02  ann@a.org  a2@x  .*(its author, a ping: "Ping?"; to s2@x)$' why.out
ok $? "aim: why quotes the author's own words (a ping)"

# Her v2 p2@x sent into the thread of p@x, Bob's answer to it: why lists
# the thread once, the answer aimed at the version.
{
	whdr
	bg
	w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: fix bar'
	w p2@x 2021-02-02T09:00:00Z Ann ann@a.org '[PATCH v2] foo: fix bar' patch p@x 2
	w r2@x 2021-02-03T09:00:00Z Bob bob@b.org 'Re: [PATCH v2] foo: fix bar' reply p2@x '' '' '' '' \
	    'Applied.'
} >vt.tsv
{ khdr; member 1 p@x mail; member 1 p2@x mail; } >k-vt.tsv
ptreport why p@x --grace 0 vt.tsv k-vt.tsv c-end.tsv >why.out
is "why: a version in its thread: the thread listed once, the answer aimed at the version" \
	"1|    2021-02-03  bob@b.org  r2@x  Re: [PATCH v2] foo: fix bar  (a response to a version, to it: \"Applied.\")" \
	"$(grep -c ' r2@x ' why.out)|$(grep ' r2@x ' why.out | head -1)"

# Versions: v1 (t0..t2) and v2 (u0..u2) a week later, each part in a
# cluster with its version; Bob answers v1's part 1 only.
{
	whdr
	bg
	w t0@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 0/2] bar: two' cover '' '' 0 2
	w t1@x 2021-02-01T09:01:00Z Ann ann@a.org '[PATCH 1/2] bar: one' patch t0@x '' 1 2
	w t2@x 2021-02-01T09:02:00Z Ann ann@a.org '[PATCH 2/2] bar: two' patch t0@x '' 2 2
	w u0@x 2021-02-08T09:00:00Z Ann ann@a.org '[PATCH v2 0/2] bar: two' cover '' 2 0 2
	w u1@x 2021-02-08T09:01:00Z Ann ann@a.org '[PATCH v2 1/2] bar: one' patch u0@x 2 1 2
	w u2@x 2021-02-08T09:02:00Z Ann ann@a.org '[PATCH v2 2/2] bar: two' patch u0@x 2 2 2
	w r1@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH 1/2] bar: one' reply t1@x '' '' '' '' \
	    'Why not a macro?'
} >ver.tsv
{ khdr; member 1 t1@x mail; member 1 u1@x mail; member 2 t2@x mail; member 2 u2@x mail; } >k-ver.tsv
set -- --grace 0 ver.tsv k-ver.tsv c-end.tsv
is "versions: v2's part 1, whose v1 was answered: answered-version t1@x" \
	"answered-version t1@x" "$(V u1@x "$@")"
is "versions: v2's part 2: a lone review of v1's part 1 answers v1's part 2 (together), not v2's" \
	"ignored|answered-together t1@x" "$(V u2@x "$@" | cut -d' ' -f1)|$(V t2@x "$@")"
{ khdr; member 1 t1@x mail; member 1 u1@x mail; member 2 t2@x mail; member 2 u2@x mail; } >k-ver.tsv
sed 's/^r1@x\(.*\)\tt1@x\tt1@x\t/r1@x\1\tt0@x\tt0@x\t/' ver.tsv >ver-cover.tsv
grep -q '^r1@x.*	t0@x	t0@x	reply' ver-cover.tsv
ok $? "control table: Bob answers v1's cover letter"
is "control: v1 answered at its cover letter: v2's part 2 answered-version t2@x" \
	"answered-version t2@x" "$(V u2@x --grace 0 ver-cover.tsv k-ver.tsv c-end.tsv)"

# v1's part 1 answered, v2's not, v3's merged (w1@x, in their cluster
# with C1, committed a day after it, a cluster of their own): what
# became of v2's part 1 is v3's
# merge, superseded, not v1's answer (control: no commit).
{
	cat ver.tsv
	w w0@x 2021-02-15T09:00:00Z Ann ann@a.org '[PATCH v3 0/2] bar: two' cover '' 3 0 2
	w w1@x 2021-02-15T09:01:00Z Ann ann@a.org '[PATCH v3 1/2] bar: one' patch w0@x 3 1 2
} >ver3.tsv
{ cat k-ver.tsv; member 3 w1@x mail; member 3 "$C1" commit; } >k-ver3.tsv
{ chdr; commit "$C1" 2021-02-15T09:01:00Z 2021-02-16T09:00:00Z; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-ver3.tsv
{
	thdr
	tok mail t1@x 2021-02-01T09:01:00Z M:bar/one.c
	tok mail u1@x 2021-02-08T09:01:00Z M:bar/one.c
	tok mail w1@x 2021-02-15T09:01:00Z M:bar/one.c
	tok commit "$C1" 2021-02-16T09:00:00Z M:bar/one.c
} >ver3.tok
{ cat k-ver.tsv; member 3 w1@x mail; } >k-ver3n.tsv
is "versions: v2's part 1, v1's answered and v3's merged: superseded by v3" \
	"superseded w1@x, merged as $C1" "$(V u1@x --grace 0 ver3.tsv ver3.tok k-ver3.tsv c-ver3.tsv)"
is "control: v3 not merged: answered-version t1@x" "answered-version t1@x" \
	"$(V u1@x --grace 0 ver3.tsv ver3.tok k-ver3n.tsv c-end.tsv)"

# Answered, then merged as its next version under a new title: Ann's
# a1@x answered by Bob; her v2 a2@x "foo: add a bar switch" four days
# later (no earlier version of its own, her next posting), merged as MV
# when MERGED is given.  What became of a1@x is that merge.
MV=$(hexid 9a1)
amerge() {
	{
		whdr
		bg
		w a1@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: add the bar option'
		w b1@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH] foo: add the bar option' reply \
		    a1@x '' '' '' '' 'Call it a switch, not an option.'
		w a2@x 2021-02-05T09:00:00Z Ann ann@a.org '[PATCH v2] foo: add a bar switch' patch '' 2
	} >am.tsv
	{ thdr; tok mail a1@x 2021-02-01T09:00:00Z M:src/foo.c
	  tok mail a2@x 2021-02-05T09:00:00Z M:src/foo.c; } >am.tok
	{ khdr; [ -n "$1" ] && { member 1 a2@x mail; member 1 "$MV" commit; }; } >k-am.tsv
	{ chdr; [ -n "$1" ] && commit "$MV" 2021-02-06T00:00:00Z 2021-02-07T00:00:00Z
	  commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-am.tsv
	V a1@x --grace 0 am.tsv am.tok k-am.tsv c-am.tsv
}
is "answered, and its next version under a new title merged: superseded by it" \
	"superseded a2@x, merged as $MV" "$(amerge merged)"
is "control: that version not merged: answered" "answered bob@b.org" "$(amerge '')"
amerge merged >/dev/null
is "why: the rule says it was answered and what became of it" \
	"  rule: another person answered it, and its author's later version (under any title, joined by the scores, titles or timing, in another cluster) was merged: what became of it is that merge" \
	"$(ptreport why a1@x --grace 0 am.tsv am.tok k-am.tsv c-am.tsv | grep '^  rule:')"
# Her v2 retitled wholly, three days later, sent in v1's thread as the
# review asked (In-Reply-To Bob's reply): v1's next version, merged.
# Control: the same v2 in no thread (no other rule joins them).
athr() { # IN-REPLY-TO
	{
		whdr
		bg
		w a1@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH v1] mount08: skip the test under selinux'
		w b1@x 2021-02-01T12:00:00Z Bob bob@b.org 'Re: [PATCH v1] mount08: skip the test under selinux' \
		    reply a1@x '' '' '' '' 'Say why.'
		w a2@x 2021-02-04T09:00:00Z Ann ann@a.org '[PATCH v2] mount08: check EACCES when enforcing' \
		    patch "$1" 2
	} >at.tsv
	{ thdr; tok mail a1@x 2021-02-01T09:00:00Z M:t/mount08.c
	  tok mail a2@x 2021-02-04T09:00:00Z M:t/mount08.c ${2:+"C:$2"}; } >at.tok
	{ khdr; member 1 a2@x mail; member 1 "$MV" commit; } >k-at.tsv
	{ chdr; commit "$MV" 2021-02-05T00:00:00Z 2021-02-05T00:00:00Z
	  commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-at.tsv
	V a1@x --grace 0 at.tsv at.tok k-at.tsv c-at.tsv
}
is "answered, its v2 retitled wholly, sent in its thread, merged: superseded by it" \
	"superseded a2@x, merged as $MV" "$(athr b1@x)"
# Out of the thread, a v2 with no earlier version of its own on the very
# file of v1 (her latest patch on it, never merged), under a prefix of
# the same last part: v1 taken up under a new title.  Control: the v2
# creates a file too (another scope), in no thread: nothing joins them.
is "answered, its v2 retitled wholly, on its very file, under its prefix, in no thread, merged: superseded by it" \
	"superseded a2@x, merged as $MV" "$(athr '')"
is "... the same v2 creating a file too, sent in its thread: superseded by it" \
	"superseded a2@x, merged as $MV" "$(athr b1@x t/mount08.h)"
is "control: that v2 creating a file too, in no thread: answered" "answered bob@b.org" \
	"$(athr '' t/mount08.h)"
ptreport verdicts -q --grace 0 am.tsv am.tok k-am.tsv c-am.tsv >am-v.tsv
is "verdicts table: reason answered-merged" "superseded answered-merged" \
	"$(awk -F'\t' '$2 == "a1@x" { print $3, $4 }' am-v.tsv)"
ptreport patches -q --grace 0 am.tsv am.tok k-am.tsv c-am.tsv >am-j.out
ptreport patches -q --grace 0 --verdicts am-v.tsv am.tsv am.tok k-am.tsv c-am.tsv >am-g.out
same "verdicts given back: the same patches report" am-j.out am-g.out
# ... and the one commit under a1@x's very title is hers (TV, a week
# later): what became of it is that commit, not the version under
# another title.
TV=$(hexid 9a2)
amerge merged >/dev/null
crow "$TV" 2021-02-08T00:00:00Z Ann ann@a.org 'foo: add the bar option' Max maint@m.org \
    2021-02-09T00:00:00Z >>c-am.tsv
is "answered, a version under another title merged, but the one commit under its very title hers: reworked by that" \
	"reworked $TV, the one commit under its very title, its author's" \
	"$(V a1@x --grace 0 am.tsv am.tok k-am.tsv c-am.tsv)"
amerge '' >/dev/null
crow "$TV" 2021-02-08T00:00:00Z Ann ann@a.org 'foo: add the bar option' Max maint@m.org \
    2021-02-09T00:00:00Z >>c-am.tsv
is "answered, no version merged, and the one commit under its very title hers: reworked by that" \
	"reworked $TV, the one commit under its very title, its author's" \
	"$(V a1@x --grace 0 am.tsv am.tok k-am.tsv c-am.tsv)"

# A commit that kept her mail's author and date to the second (git am of
# it), on its file, reworked beyond the scores: reworked by it.
# Controls: a second off, another author, another file, a cluster with
# another patch mail holding the commit.
DC=$(hexid dc1)
DB=$(hexid db1)
dated() { # AUTHOR-DATE NAME ADDR FILE [CLUSTER-MAIL]
	{ mhdr; tmail d1@x 2021-03-01T09:00:00Z Ann ann@a.org '[PATCH] foo: fix the bar'
	  tmail d2@x 2021-03-02T09:00:00Z Cid cid@c.org '[PATCH] baz: other'; } >dt.tsv
	{ thdr; tok mail d1@x 2021-03-01T09:00:00Z M:foo.c; tok mail d2@x 2021-03-02T09:00:00Z M:baz.c
	  tok commit $DB 2021-02-01T00:00:00Z M:foo.c M:bar.c M:baz.c
	  tok commit $DC "$1" "M:$4"; } >dt.tok
	{ chdr; commit $DB 2021-02-01T00:00:00Z 2021-02-01T00:00:00Z
	  crow $DC "$1" "$2" "$3" 'foo: rework the bar' Max maint@m.org 2021-03-05T00:00:00Z; } >c-dt.tsv
	{ khdr; [ -n "${5:-}" ] && member 1 "$5" mail && member 1 $DC commit; } >k-dt.tsv
	V d1@x --grace 0 dt.tsv dt.tok k-dt.tsv c-dt.tsv
}
is "ignored, but a commit kept its author and date to the second: reworked by it" \
	"reworked $DC, its author and its date kept to the second" \
	"$(dated 2021-03-01T09:00:00Z Ann ann@a.org foo.c)"
is "control: a second off: ignored" "ignored" "$(dated 2021-03-01T09:00:01Z Ann ann@a.org foo.c)"
is "control: another author: ignored" "ignored" "$(dated 2021-03-01T09:00:00Z Eve eve@e.org foo.c)"
is "control: on another file: ignored" "ignored" "$(dated 2021-03-01T09:00:00Z Ann ann@a.org bar.c)"
is "control: a cluster with another patch mail holds it: ignored" "ignored" \
	"$(dated 2021-03-01T09:00:00Z Ann ann@a.org foo.c d2@x)"
dated 2021-03-01T09:00:00Z Ann ann@a.org foo.c >/dev/null
ptreport why d1@x --grace 0 dt.tsv dt.tok k-dt.tsv c-dt.tsv | grep -q '^  rule: a commit of the main line kept its author and its date'
ok $? "why: the rule of the kept author date"
ptreport verdicts -q --grace 0 dt.tsv dt.tok k-dt.tsv c-dt.tsv >dt-v.tsv
is "verdicts table: reason author-date" "reworked author-date" \
	"$(awk -F'\t' '$2 == "d1@x" { print $3, $4 }' dt-v.tsv)"
ptreport patches -q --grace 0 dt.tsv dt.tok k-dt.tsv c-dt.tsv >dt-j.out
ptreport patches -q --grace 0 --verdicts dt-v.tsv dt.tsv dt.tok k-dt.tsv c-dt.tsv >dt-g.out
same "... given back (--verdicts): the same patches report" dt-j.out dt-g.out

# --- 2. its author's own words -------------------------------------------------
# Ann's p@x; after it, her reply a@x saying SAID with FLAGS.
own() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: fix the leak'
		w a@x 2021-02-01T10:00:00Z Ann ann@a.org 'Re: [PATCH] foo: fix the leak' reply p@x \
		    '' '' '' "$2" "$1"
	} >own.tsv
	V p@x --grace 0 own.tsv none.tsv c-end.tsv
}
is "own words: her reply says something (the wrong approach): followed-up, quoted" \
	'followed-up a@x: "This is the wrong approach, Bob'"'"'s fix is better."' \
	"$(own "This is the wrong approach, Bob's fix is better.")"
is "control: only a ping (flag ping): ignored" "ignored" "$(own 'Gentle ping?' ping)"
is "control: no words of her own (only quotes): ignored" "ignored" "$(own '')"
is "own words: withdrawn in her words (flag withdraw): withdrawn" "withdrawn a@x" \
	"$(own 'Please drop this one.' withdraw)"
own 'This is the wrong approach.' >/dev/null
sed -i '/^a@x/s/\tAnn\tann@a.org\t/\tBob\tbob@b.org\t/' own.tsv
is "control: another's words are an answer" "answered bob@b.org" \
	"$(V p@x --grace 0 own.tsv none.tsv c-end.tsv)"
# Another's ping (the colleague who sent her patch for her) answers
# nothing: she is still waiting.
own 'Ping?' ping >/dev/null
sed -i '/^a@x/s/\tAnn\tann@a.org\t/\tBob\tbob@b.org\t/' own.tsv
is "another's ping (flag ping) is no answer: ignored" "ignored" \
	"$(V p@x --grace 0 own.tsv none.tsv c-end.tsv)"
own 'This is the wrong approach.' >/dev/null
is "own words: the summary counts followed-up apart from ignored" "1|0" \
	"$(sval 'followed up' --grace 0 own.tsv none.tsv c-end.tsv)|$(sval ignored --grace 0 own.tsv none.tsv c-end.tsv)"
ptreport why p@x --grace 0 own.tsv none.tsv c-end.tsv >why.out
grep -q '^  rule: its author wrote of it after it, and not only to ask' why.out
ok $? "own words: why's rule"
# A resend deep in its thread: Ann's posting s0 (cover), s1, s2; her
# reply wr@x to s0, "sent from a dirty tree, will resend" (withdraw);
# then v2 in reply to s0 (t0, the cover), its parts t1 and t2 replying
# to t0: no thread root, no reply to it, not counted on their own.
# Nobody answers any of it: the change is silent, and s2 carries it
# (ignored).  Controls: her words alone, no resend (withdrawn); v2's
# part sent in reply to s0 itself (counted on its own: her words
# withdraw s2); Bob
# answers t2 (a cluster joins s2 and t2: answered-version).
# dr [T2-PARENT [BOB]]: the verdict of s2.
dr() {
	{
		whdr
		bg
		w s0@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 0/2] foo: two fixes' cover '' '' 0 2
		w s1@x 2021-02-01T09:01:00Z Ann ann@a.org '[PATCH 1/2] foo: fix the probe' patch s0@x '' 1 2
		w s2@x 2021-02-01T09:02:00Z Ann ann@a.org '[PATCH 2/2] foo: fix the remove' patch s0@x '' 2 2
		w wr@x 2021-02-01T09:10:00Z Ann ann@a.org 'Re: [PATCH 0/2] foo: two fixes' reply s0@x \
		    '' '' '' withdraw 'Sorry, sent from a dirty tree, will resend.'
		if [ "${1:-}" != none ]; then
			w t0@x 2021-02-01T09:20:00Z Ann ann@a.org '[PATCH v2 0/2] foo: two fixes' cover s0@x 2 0 2
			w t1@x 2021-02-01T09:21:00Z Ann ann@a.org '[PATCH v2 1/2] foo: fix the probe' patch t0@x 2 1 2
			w t2@x 2021-02-01T09:22:00Z Ann ann@a.org '[PATCH v2 2/2] foo: fix the remove' patch \
			    "${1:-t0@x}" 2 2 2
		fi
		[ -z "${2:-}" ] || w b2@x 2021-02-03T09:00:00Z Bob bob@b.org 'Re: [PATCH v2 2/2] foo: fix the remove' \
		    reply t2@x '' '' '' '' 'Why remove twice?'
	} >dr.tsv
	{ khdr; member 1 s2@x mail; member 1 t2@x mail; } >k-dr.tsv
	V s2@x --grace 0 dr.tsv k-dr.tsv c-end.tsv
}
is "resend: a silent posting sent again deep in its thread after \"will resend\": ignored" "ignored" "$(dr)"
is "controls: no resend; the resend's part a reply to the root (counted, it stands for s2)" \
	"withdrawn wr@x|withdrawn wr@x" "$(dr none)|$(dr s0@x)"
is "... the resend answered: answered-version" "answered-version t2@x" "$(dr t0@x bob)"

# --- 3. its versions under other titles ----------------------------------------
# Ann's p@x (TITLE1, FILES1) at 09:00 on 02-01; q@x (TITLE2, FILES2) at
# DATE, answered by Bob; optional pairs table.
# fv DATE TITLE2 FILE2 [VERSION2 [PAIRS...]]: the verdict of p@x.
fv() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org "[PATCH] ${T1:-foo: fix the leak}"
		w q@x "$1" Ann ann@a.org "[PATCH${4:+ v$4}] $2" patch "${QP:-}" "${4:-}"
		w r@x 2021-02-20T09:00:00Z Bob bob@b.org "Re: [PATCH] $2" reply q@x '' '' '' '' 'Fine.'
	} >fv.tsv
	{
		thdr
		tok mail p@x 2021-02-01T09:00:00Z "M:${F1:-drivers/foo.c}" ${PC:+"C:$PC"}
		tok mail q@x "$1" "M:$3" ${QC:+"C:$QC"}
	} >fv.tok
	if [ $# -ge 4 ]; then shift 4; else shift $#; fi
	V p@x --grace 0 fv.tsv fv.tok none.tsv c-end.tsv "$@"
}
is "family: a v2 a week later under a title alike, on its file: answered-version q@x" \
	"answered-version q@x" "$(fv 2021-02-08T09:00:00Z 'foo: fix the leak in probe' drivers/foo.c 2)"
is "control: the same, but no next version (no vN): ignored" "ignored" \
	"$(fv 2021-02-08T09:00:00Z 'foo: fix the leak in probe' drivers/foo.c)"
is "control: 31 days later (the v2 creating a file too): ignored" "ignored" \
	"$(QC=drivers/foo-probe.c fv 2021-03-04T09:00:00Z 'foo: fix the leak in probe' drivers/foo.c 2)"
is "family: 31 days later, the v2 on its very file under its prefix: answered-version q@x" \
	"answered-version q@x" "$(fv 2021-03-04T09:00:00Z 'foo: fix the leak in probe' drivers/foo.c 2)"
T1='foo01: fix the leak' F1=drivers/foo01.c
is "control: numbered siblings (foo01, foo02: two tests), a folder in common: ignored" "ignored" \
	"$(fv 2021-02-08T09:00:00Z 'foo02: fix the leak' drivers/foo02.c 2)"
# A word in place of another: one sentence about two things, a list file
# in common; a version only where the scores pair them (a test renamed).
T1='connect: add negative tests for connect' F1=runtest/syscalls
is "control: a word in place of another (connect, getrandom: two tests), a file in common, no scores: ignored" \
	"ignored" "$(fv 2021-02-08T09:00:00Z 'getrandom: add negative tests for getrandom' runtest/syscalls 2)"
{ phdr; pair p@x q@x 0.7 0.2; } >fv.pairs
is "family: the same, the scores pairing them (the test renamed): answered-version q@x" \
	"answered-version q@x" \
	"$(fv 2021-02-08T09:00:00Z 'getrandom: add negative tests for getrandom' runtest/syscalls 2 fv.pairs)"
# Each creating a test in a numbered slot of one family (foo34.c,
# foo36.c: two tests, each taking the next free number), the scores
# pairing them loosely: two things, no version.  Files of other names
# (connect01.c, getrandom01.c): the test renamed, a version.
is "control: the same, each creating a numbered slot of one family: ignored" "ignored" \
	"$(PC=tests/foo/foo34.c QC=tests/foo/foo36.c fv 2021-02-08T09:00:00Z 'getrandom: add negative tests for getrandom' runtest/syscalls 2 fv.pairs)"
is "family: the same, creating files of other names (the test renamed): answered-version q@x" \
	"answered-version q@x" \
	"$(PC=tests/foo/connect01.c QC=tests/foo/getrandom01.c fv 2021-02-08T09:00:00Z 'getrandom: add negative tests for getrandom' runtest/syscalls 2 fv.pairs)"
is "family: the same, no scores, sent as a reply to it: answered-version q@x" \
	"answered-version q@x" \
	"$(QP=p@x fv 2021-02-08T09:00:00Z 'getrandom: add negative tests for getrandom' runtest/syscalls 2)"
unset T1 F1
T1='foo: fix the leak in probe'
is "family: the same title, another file, a title of five words or more: answered-version q@x" \
	"answered-version q@x" "$(fv 2021-06-01T09:00:00Z 'foo: fix the leak in probe' lib/foo.c)"
T1='foo: fix it'
is "control: the same title of three words, another file: ignored" "ignored" \
	"$(fv 2021-06-01T09:00:00Z 'foo: fix it' lib/foo.c)"
# Two fixups of one commit ("fixup! foo: fix the leak in probe"): the
# title names the commit they fold into, not their change; no versions
# of each other by it.
T1='fixup! foo: fix the leak in probe'
is "control: the same fixup title (git's autosquash), another file: ignored" "ignored" \
	"$(fv 2021-06-01T09:00:00Z 'fixup! foo: fix the leak in probe' lib/foo.c)"
T1='squash! foo: fix the leak in probe'
is "... a squash! title too: ignored" "ignored" \
	"$(fv 2021-06-01T09:00:00Z 'squash! foo: fix the leak in probe' lib/foo.c)"
# A title the history gives three commits ("Update kernel headers"): a
# routine's name, no version by it, even on a file of both.  Control:
# two such commits.
T1='foo: update the headers'
{
	chdr
	for n in 1 2 3; do
		crow "$(hexid d$n)" 2020-0$n-01T00:00:00Z Max maint@m.org 'foo: update the headers' \
		    Max maint@m.org 2020-0$n-01T00:00:00Z
	done
} >c-recur.tsv
sed '$d' c-recur.tsv >c-recur2.tsv
is "control: the same title, a file of both, the history's title of three commits: ignored (two: answered-version q@x)" \
	"ignored|answered-version q@x" \
	"$(fv 2021-06-01T09:00:00Z 'foo: update the headers' drivers/foo.c '' c-recur.tsv)|$(fv 2021-06-01T09:00:00Z 'foo: update the headers' drivers/foo.c '' c-recur2.tsv)"
unset T1
# A patch re-sent as a series under its title: Ann's a1@x "widget: add the
# json output format" (drivers/widget.c), answered by Bob; DATE, her
# series under a cover letter titled TITLE, its parts v1@x and v2@x
# retitled, on drivers/widget.c, unanswered.  rs DATE TITLE: v2@x's verdict.
rs() {
	{
		whdr
		bg
		if [ -n "${3:-}" ]; then
			w a0@x 2021-02-01T08:59:00Z Ann ann@a.org '[PATCH 0/1] widget: add the json output format' cover '' '' 0 1
			w a1@x 2021-02-01T09:00:00Z Ann ann@a.org "[PATCH 1/1] $3" patch a0@x '' 1 1
		else
			w a1@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] widget: add the json output format'
		fi
		w ar@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH] widget: add the json output format' \
		    reply a1@x '' '' '' '' 'Use one row spec, please.'
		w v0@x "$1" Ann ann@a.org "[PATCH 0/2] $2" cover '' '' 0 2
		w v1@x "$1" Ann ann@a.org '[PATCH 1/2] widget: add the rowspec struct' patch v0@x '' 1 2
		w v2@x "$1" Ann ann@a.org '[PATCH 2/2] widget: print the rows' patch v0@x '' 2 2
	} >rs.tsv
	{
		thdr
		tok mail a1@x 2021-02-01T09:00:00Z M:drivers/widget.c
		tok mail v1@x "$1" M:drivers/widget.c
		tok mail v2@x "$1" M:drivers/widget.c
	} >rs.tok
	V v2@x --grace 0 rs.tsv rs.tok none.tsv c-end.tsv
}
is "family: a patch re-sent as a series under its title (V2 in the cover letter's): answered-version a1@x" \
	"answered-version a1@x" "$(rs 2021-02-10T09:00:00Z 'widget: V2 add the json output format')"
is "control: two cover letters alike, the answered part titled otherwise (which part is which, they do not say)" \
	"ignored" "$(rs 2021-02-10T09:00:00Z 'widget: V2 add the json output format' 'widget: tidy the knob code')"
is "controls: a cover letter's title of other words; of four words; 31 days later" \
	"ignored|ignored|ignored" \
	"$(rs 2021-02-10T09:00:00Z 'widget: rework the knob handling code')|$(rs 2021-02-10T09:00:00Z 'widget: the json output')|$(rs 2021-03-05T09:00:00Z 'widget: V2 add the json output format')"
# Its earlier version, the test moved: Ann's t1@x "generic: check that one
# fs detects damage at/after thaw" creates tests/generic/702, answered
# by Bob; DATE, her "[PATCH VN] fstests: shared: check that one fs
# detects damage at thaw", creating tests/shared/001, unanswered, with
# no earlier version of its own.  tm DATE VN [TOTAL]: t2@x's verdict.
tm() {
	{
		whdr
		bg
		w t1@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] generic: check that one fs detects damage at/after thaw'
		w tr@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH] generic: check that one fs detects damage at/after thaw' \
		    reply t1@x '' '' '' '' 'Make it shared, please.'
		if [ "${3:-1}" = 1 ]; then
			w t2@x "$1" Ann ann@a.org "[PATCH $2] fstests: shared: check that one fs detects damage at thaw" \
			    patch '' "${2#v}"
		else
			w t0@x "$1" Ann ann@a.org "[PATCH $2 0/2] fstests: two checks" cover '' "${2#v}" 0 2
			w t2@x "$1" Ann ann@a.org "[PATCH $2 1/2] fstests: shared: check that one fs detects damage at thaw" \
			    patch t0@x "${2#v}" 1 2
		fi
	} >tm.tsv
	{
		thdr
		tok mail t1@x 2021-02-01T09:00:00Z C:tests/generic/702
		tok mail t2@x "$1" C:tests/shared/001
	} >tm.tok
	V t2@x --grace 0 tm.tsv tm.tok none.tsv c-end.tsv
}
is "family: its earlier version retitled a little, the test moved (no file or folder in common), answered: answered-version" \
	"answered-version t1@x" "$(tm 2021-02-20T09:00:00Z v2)"
is "controls: no higher version (a v1); 31 days later; a part of a series" "ignored|ignored|ignored" \
	"$(tm 2021-02-20T09:00:00Z v1)|$(tm 2021-03-05T09:00:00Z v2)|$(tm 2021-02-20T09:00:00Z v2 2)"
# The scores: a pair of p@x and q@x, alike (0.7) over most of both (fdiff 0.7).
{ phdr; pair p@x q@x 0.7 0.7; } >fv.pairs
{ phdr; pair p@x q@x 0.7 0.3; } >fv-thin.pairs
is "family: scored alike, another title and file, 4 months later: answered-version q@x" \
	"answered-version q@x" "$(fv 2021-06-01T09:00:00Z 'lib: rework it' lib/bar.c '' fv.pairs)"
is "control: scored alike on a sliver of them (fdiff 0.3): ignored" "ignored" \
	"$(fv 2021-06-01T09:00:00Z 'lib: rework it' lib/bar.c '' fv-thin.pairs)"
# A repost reworked months later: a title alike, every file of it, the
# scores alike on a sliver (the retitled note of a password option).
T1='foo: fix the big leak'
is "family: scored alike on a sliver, a title alike, on its file, four months on: answered-version q@x" \
	"answered-version q@x" "$(fv 2021-06-01T09:00:00Z 'foo: fix the leak' drivers/foo.c '' fv-thin.pairs)"
is "control: the same on another file (not every file of it: two tests, alike): ignored" "ignored" \
	"$(fv 2021-06-01T09:00:00Z 'foo: fix the leak' drivers/foo2.c '' fv-thin.pairs)"
is "control: the same without the scores: ignored" "ignored" \
	"$(fv 2021-06-01T09:00:00Z 'foo: fix the leak' drivers/foo.c '')"
fv 2021-06-01T09:00:00Z 'lib: rework it' drivers/foo.c '' >/dev/null
is "why: its author's later patch on its files, not joined, for the reader" \
	"  its author's later patch mails on its files (the first 1 of 1 in the 365 days after it, by date, of this repository, in other threads; the rules found none of them its version):
    2021-06-01  q@x  [PATCH] lib: rework it  (answered)" \
	"$(ptreport why p@x --grace 0 fv.tsv fv.tok none.tsv c-end.tsv | grep -A1 "^  its author's later")"
unset T1
# A vN with no earlier version of its own, 20 minutes later: her next version.
is "family: a v2 with no v1 of its own, 20 minutes later, her last posting before: answered-version q@x" \
	"answered-version q@x" "$(fv 2021-02-01T09:20:00Z 'lapi: use the kernel types' include/lapi.h 2)"
is "control: 25 hours later: ignored" "ignored" \
	"$(fv 2021-02-02T10:00:00Z 'lapi: use the kernel types' include/lapi.h 2)"
is "family: within a day, a title alike, answered: a batch of the day, answered together" \
	"answered-together q@x" "$(fv 2021-02-01T15:00:00Z 'foo: fix the big leak' drivers/bar.c)"
fv 2021-02-01T15:00:00Z 'foo: fix the big leak' drivers/bar.c >/dev/null
sed -i '/^r@x/d' fv.tsv
{ khdr; member 1 q@x mail; member 1 "$C1" commit; } >k-fvw.tsv
{ chdr; commit "$C1" 2021-02-10T00:00:00Z 2021-02-10T00:00:00Z; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-fvw.tsv
is "family: within a day, a title alike, not a next version, merged: unsure, saying so" \
	"unsure maybe a version of it, by its author within a day under a title alike or as a next version on a file of it, was merged: q@x" \
	"$(V p@x --grace 0 fv.tsv fv.tok k-fvw.tsv c-fvw.tsv)"
# A merged version: q@x in a cluster with a commit.
fv 2021-02-08T09:00:00Z 'foo: fix the leak in probe' drivers/foo.c 2 >/dev/null
{ khdr; member 1 q@x mail; member 1 "$C1" commit; } >k-fv.tsv
{ chdr; commit "$C1" 2021-02-10T00:00:00Z 2021-02-10T00:00:00Z; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-fv.tsv
is "family: its later version merged: superseded, naming the version and the commit" \
	"superseded q@x, merged as $C1" "$(V p@x --grace 0 fv.tsv fv.tok k-fv.tsv c-fv.tsv)"

# Fixes: and Change-Id in common.
fx() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] lib: add the missing inline' patch '' \
		    '' '' '' '' '' "lib: add the missing inline\\n\\n$1\\nSigned-off-by: Ann <ann@a.org>"
		w q@x 2021-02-01T11:00:00Z Ann ann@a.org '[PATCH 1/2] macros: move them into a C file' \
		    patch '' '' 1 2 '' '' "macros: move\\n\\n$2\\nSigned-off-by: Ann <ann@a.org>"
		w r@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH 1/2] macros' reply q@x '' '' '' '' \
		    'Merged.'
	} >fx.tsv
	V p@x --grace 0 fx.tsv none.tsv c-end.tsv
}
is "family: Fixes: naming the same commit (short and long): answered-version q@x" \
	"answered-version q@x" \
	"$(fx 'Fixes: b366afb64 ("Add the macro")' 'Fixes: b366afb64d1e2f ("Add the macro")')"
is "control: Fixes: naming other commits: ignored" "ignored" \
	"$(fx 'Fixes: b366afb64 ("Add the macro")' 'Fixes: c366afb64 ("Another")')"
is "family: the same Change-Id: answered-version q@x" "answered-version q@x" \
	"$(fx 'Change-Id: I0123456789abcdef' 'Change-Id: I0123456789abcdef')"
# The same bug fixed again her other way, months later (100 days): a
# Fixes: in common is her next version when it is on a file of it.
# fl FILE: the file the later fix changes.
fl() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] xshared: fix the extra options' patch '' \
		    '' '' '' '' '' "xshared: fix\\n\\nFixes: b366afb64 (\"Add the option\")\\nSigned-off-by: Ann <ann@a.org>"
		w q@x 2021-05-12T09:00:00Z Ann ann@a.org '[PATCH] xshared: accept an option any command allows' \
		    patch '' '' '' '' '' '' "xshared: accept\\n\\nFixes: b366afb64d1e (\"Add the option\")\\nSigned-off-by: Ann <ann@a.org>"
		w r@x 2021-05-13T09:00:00Z Bob bob@b.org 'Re: [PATCH] xshared: accept an option' reply q@x \
		    '' '' '' '' 'Applied, thanks.'
	} >fl.tsv
	{
		thdr
		tok mail p@x 2021-02-01T09:00:00Z M:src/xshared.c
		tok mail q@x 2021-05-12T09:00:00Z "M:$1"
	} >fl.tok
	V p@x --grace 0 fl.tsv fl.tok none.tsv c-end.tsv
}
is "family: Fixes: in common, 100 days later, on a file of it: answered-version q@x" \
	"answered-version q@x" "$(fl src/xshared.c)"
is "control: the same on another file: ignored" "ignored" "$(fl src/other.c)"

# --- 4. a commit crediting its author ---------------------------------------------
# Max's C1, ten days after Ann's p@x, on its file, crediting CREDIT.
cr() {
	{ whdr; bg; w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: fix the leak'; } >cr.tsv
	{
		t2hdr
		t2 mail p@x 2021-02-01T09:00:00Z aaaa '' M:drivers/foo.c
		t2 commit "$C1" 2021-02-11T09:00:00Z bbbb "$1" M:drivers/foo.c
	} >cr.tok
	{ chdr; commit "$C1" 2021-02-11T09:00:00Z 2021-02-11T09:00:00Z; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-cr.tsv
	{ phdr; pair p@x "$C1" "${2:-0.2}" 0.2; } >cr.pairs
	V p@x --grace 0 cr.tsv cr.tok none.tsv c-cr.tsv cr.pairs
}
is "credit: a commit on its file crediting her (Reported-by), ten days later: reworked" \
	"reworked $C1, crediting its author" "$(cr 'Ann <ann@a.org>')"
is "control: crediting another: ignored" "ignored" "$(cr 'Bob <bob@b.org>')"
sed -i "s/^p@x\\t$C1/p@x\\tnone/" cr.pairs
is "control: no pair of them (no file in common): ignored" "ignored" \
	"$(V p@x --grace 0 cr.tsv cr.tok none.tsv c-cr.tsv cr.pairs)"

# --- 4a'. the one commit under its very title ----------------------------------
# Ann's p@x on lib/reloc.c, unanswered; 400 days later the one commit
# titled as it is (SUBJECT), by NAME ADDR crediting CREDIT, on
# lib/elf.h: its merge, however its diff changed.  A second commit DUP
# under the title, when given.  tt SUBJECT NAME ADDR CREDIT [DUP]
tt() {
	{ whdr; bg; w p@x 2021-02-01T09:00:00Z Ann ann@a.org "[PATCH 20/23] $1"; } >tt.tsv
	{
		t2hdr
		t2 mail p@x 2021-02-01T09:00:00Z aaaa '' M:lib/reloc.c
		t2 commit "$C1" 2022-03-08T09:00:00Z bbbb "$4" M:lib/elf.h
		[ -n "${5:-}" ] && t2 commit "$C2" 2021-06-08T09:00:00Z cccc '' M:lib/elf.h
		t2 commit "$(hexid c4)" 2020-06-01T09:00:00Z dddd '' C:lib/reloc.c C:lib/elf.h
	} >tt.tok
	{
		chdr
		crow "$C1" 2022-03-08T09:00:00Z "$2" "$3" "$1" Max maint@m.org 2022-03-08T09:00:00Z
		[ -n "${5:-}" ] && crow "$C2" 2021-06-08T09:00:00Z Bob bob@b.org "$1" Max maint@m.org 2021-06-08T09:00:00Z
		commit "$(hexid c4)" 2020-06-01T09:00:00Z 2020-06-01T09:00:00Z
		commit "$C9" 2022-09-01T00:00:00Z 2022-09-01T00:00:00Z
	} >c-tt.tsv
	V p@x --grace 0 tt.tsv tt.tok none.tsv c-tt.tsv
}
TT='lib: avoid external dependency in libelf'
is "title: her commit under its very title, 400 days later, on another file: reworked" \
	"reworked $C1, the one commit under its very title, its author's" \
	"$(tt "$TT" Ann ann@a.org '')"
is "title: another's crediting her: reworked" \
	"reworked $C1, the one commit under its very title, crediting its author" \
	"$(tt "$TT" Max maint@m.org 'Ann <ann@a.org>')"
is "controls: another's, no credit; a title of four words; two commits under it" \
	"ignored|ignored|ignored" \
	"$(tt "$TT" Max maint@m.org '')|$(tt 'lib: avoid the dependency' Ann ann@a.org '')|$(tt "$TT" Ann ann@a.org '' dup)"
tt "$TT" Ann ann@a.org '' >/dev/null
ptreport verdicts -q --grace 0 tt.tsv tt.tok none.tsv c-tt.tsv >tt.v
is "title: the verdicts table's reason" "reworked|title" \
	"$(awk -F'\t' '$2 == "p@x" { print $3 "|" $4 }' tt.v)"
ptreport why p@x --grace 0 tt.tsv tt.tok none.tsv c-tt.tsv >why.out
grep -q '^  rule: the one commit of the main line under its very title' why.out
ok $? "title: why gives the rule"

# --- 4a''. a commit a reply names by hash -------------------------------------
# Ann's p@x on lib/foo.c; Bob answers it (unless NOANS), then WHO
# writes "Merged as HASH" in its thread on 2021-03-01; the commit C1, by
# NAME ADDR crediting CREDIT, on FILE, committed on CDATE.
# nh WHO NAME ADDR CREDIT FILE CDATE [NOANS]
nh() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: fix the probe error path'
		[ -n "${7:-}" ] || w b@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH] foo: fix the probe error path' \
		    reply p@x '' '' '' '' 'Please split the cleanup out.'
		w n@x 2021-03-01T09:00:00Z "$1" "$(echo "$1" | tr A-Z a-z)@$(echo "$1" | cut -c1 | tr A-Z a-z).org" \
		    'Re: [PATCH] foo: fix the probe error path' reply p@x '' '' '' '' \
		    "Replaced by a rework and merged as $(echo "$C1" | cut -c1-9) foo: rework probe"
	} >nh.tsv
	{
		t2hdr
		t2 mail p@x 2021-02-01T09:00:00Z aaaa '' M:lib/foo.c
		t2 commit "$C1" 2021-02-20T09:00:00Z bbbb "$4" "M:$5"
		t2 commit "$(hexid c4)" 2020-06-01T09:00:00Z dddd '' C:lib/foo.c C:lib/bar.c
	} >nh.tok
	{
		chdr
		crow "$C1" 2021-02-20T09:00:00Z "$2" "$3" 'foo: rework probe' Max maint@m.org "$6"
		commit "$(hexid c4)" 2020-06-01T09:00:00Z 2020-06-01T09:00:00Z
		commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
	} >c-nh.tsv
	V p@x --grace 0 nh.tsv nh.tok none.tsv c-nh.tsv
}
is "named: answered, and a reply names her commit on its file by hash: reworked, naming the reply" \
	"reworked $C1, named by hash in a reply to it (n@x, bob@b.org)" \
	"$(nh Bob Ann ann@a.org '' lib/foo.c 2021-02-20T09:00:00Z)"
is "named: another's commit crediting her: reworked" \
	"reworked $C1, named by hash in a reply to it (n@x, bob@b.org)" \
	"$(nh Bob Max maint@m.org 'Ann <ann@a.org>' lib/foo.c 2021-02-20T09:00:00Z)"
is "named: nobody answered, her own reply names her commit: reworked, not followed-up" \
	"reworked $C1, named by hash in a reply to it (n@x, ann@a.org)" \
	"$(nh Ann Ann ann@a.org '' lib/foo.c 2021-02-20T09:00:00Z noans)"
is "named, controls: another's, no credit; on another file; committed 3 days after the reply" \
	"answered bob@b.org|answered bob@b.org|answered bob@b.org" \
	"$(nh Bob Max maint@m.org '' lib/foo.c 2021-02-20T09:00:00Z)|$(nh Bob Ann ann@a.org '' lib/bar.c 2021-02-20T09:00:00Z)|$(nh Bob Ann ann@a.org '' lib/foo.c 2021-03-04T09:00:00Z)"
nh Bob Ann ann@a.org '' lib/foo.c 2021-02-20T09:00:00Z >/dev/null
ptreport verdicts -q --grace 0 nh.tsv nh.tok none.tsv c-nh.tsv >nh.v
is "named: the verdicts table's reason" "reworked|named" \
	"$(awk -F'\t' '$2 == "p@x" { print $3 "|" $4 }' nh.v)"
ptreport patches -q --grace 0 nh.tsv nh.tok none.tsv c-nh.tsv >nh.judged
ptreport patches -q --grace 0 --verdicts nh.v nh.tsv nh.tok none.tsv c-nh.tsv >nh.given
same "named: the verdicts given render the same patches report" nh.judged nh.given
ptreport why p@x --grace 0 nh.tsv nh.tok none.tsv c-nh.tsv >why.out
grep -q '^  rule: a reply to it (or to its cover letter) names by hash a commit' why.out
ok $? "named: why gives the rule"

# --- 4b. a commit crediting its author in its own words -----------------------
# Ann's series s1 (drivers/foo.c) and s2 (drivers/bar.c), nobody
# answering; Max's C1 of DATE moves and reworks foo.c, its message MSG.
# pw MSG [DATE [FILE [AUTHOR]]]: "s1's verdict|s2's verdict".
pw() {
	{
		whdr
		bg
		w s1@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 1/2] foo: split the library' patch '' '' 1 2
		w s2@x 2021-02-01T09:00:01Z Ann ann@a.org '[PATCH 2/2] bar: use the library' patch s1@x '' 2 2
	} >pw.tsv
	{
		thdr
		tok mail s1@x 2021-02-01T09:00:00Z M:drivers/foo.c
		tok mail s2@x 2021-02-01T09:00:01Z M:drivers/bar.c
		tok commit "$C2" 2021-01-05T09:00:00Z C:drivers/foo.c C:drivers/bar.c
		tok commit "$C1" "${2:-2021-02-21T09:00:00Z}" "M:${3:-lib/foo.c}"
	} >pw.tok
	{
		chdr
		crow "$C1" "${2:-2021-02-21T09:00:00Z}" Max "${4:-maint@m.org}" 'lib: introduce it' Max maint@m.org \
		    "${2:-2021-02-21T09:00:00Z}" '' '' "$1"
		commit "$C2" 2021-01-05T09:00:00Z 2021-01-05T09:00:00Z
		commit "$C9" 2021-09-01T00:00:00Z 2023-09-01T00:00:00Z
	} >c-pw.tsv
	echo "$(V s1@x --grace 0 pw.tsv pw.tok none.tsv c-pw.tsv)|$(V s2@x --grace 0 pw.tsv pw.tok none.tsv c-pw.tsv)"
}
PW='Split out a library.\n\nRewritten from patches by Ann Example\n<ann@a.org>.  I made a lot of changes.\n\nSigned-off-by: Max <maint@m.org>'
is "credit in words: another's commit, \"Rewritten from patches by NAME <addr>\" (wrapped), on a moved file of its name: reworked; its other part too" \
	"reworked $C1, crediting its author in its own words|reworked $C1, crediting its author in its own words" \
	"$(pw "$PW")"
ptreport why s2@x --grace 0 pw.tsv pw.tok none.tsv c-pw.tsv >why.out
grep -q '^  rule: another.s commit credits its author in its own words' why.out &&
    grep -q "^  a commit crediting its author in its own words (\"by\" or \"from\" <ann@a.org> in its message): $C1  2021-02-21  lib: introduce it <maint@m.org>\$" why.out
ok $? "credit in words: why gives the rule and the commit"
ptreport verdicts -q --grace 0 pw.tsv pw.tok none.tsv c-pw.tsv >pw.v
is "credit in words: the verdicts table's reason" "reworked|credit-words" \
	"$(awk -F'\t' '$2 == "s1@x" { print $3 "|" $4 }' pw.v)"
ptreport patches -q --grace 0 pw.tsv pw.tok none.tsv c-pw.tsv >pw.judged
ptreport patches -q --grace 0 --verdicts pw.v pw.tsv pw.tok none.tsv c-pw.tsv >pw.given
same "credit in words: the verdicts given render the same patches report" pw.judged pw.given
is "credit in words, based on a patch from her: reworked" "reworked $C1, crediting its author in its own words|reworked $C1, crediting its author in its own words" \
	"$(pw 'Based on a patch from Ann <ANN@a.org>.')"
is "credit in words, controls: thanks to her; her trailer (Tested-by); quoted (>); a file of another name; 366 days after; her own commit" \
	"ignored|ignored ignored|ignored ignored|ignored ignored|ignored ignored|ignored ignored|ignored" \
	"$(pw 'Thanks to Ann Example <ann@a.org> for testing.') $(pw 'Tested-by: Ann Example <ann@a.org>') $(pw '> by Ann <ann@a.org>') $(pw "$PW" '' lib/baz.c) $(pw "$PW" 2022-02-02T09:00:00Z) $(pw "$PW" '' '' ann@a.org)"

# --- 4a. another's patch of the same change, merged --------------------------------
# Ann's p@x on drivers/foo.c; Bob's q@x of DATE on it too, in a cluster
# with C1 (merged); the pairs table scores them SCORE alike over FDIFF.
# dp DATE SCORE FDIFF [CLUSTERS]: p@x's verdict.
dp() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: fix the leak'
		w q@x "$1" Bob bob@b.org '[PATCH] foo: free the buffer on error'
	} >dp.tsv
	{ thdr; tok mail p@x 2021-02-01T09:00:00Z M:drivers/foo.c; tok mail q@x "$1" M:drivers/foo.c; } >dp.tok
	{ khdr; member 1 q@x mail; member 1 "$C1" commit; } >k-dp.tsv
	{ chdr; commit "$C1" 2021-02-20T09:00:00Z 2021-02-20T09:00:00Z
	  commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-dp.tsv
	{ phdr; pair p@x q@x "$2" "$3"; } >dp.pairs
	V p@x --grace 0 dp.tsv dp.tok "${4:-k-dp.tsv}" c-dp.tsv dp.pairs
}
is "duplicate: another's patch of the same change (0.8 over 0.8), ten days later, merged: superseded" \
	"superseded q@x, merged as $C1, another's patch of the same change (bob@b.org), posted 10 days after it" \
	"$(dp 2021-02-11T09:00:00Z 0.8 0.8)"
is "duplicate: posted before it, the same" \
	"superseded q@x, merged as $C1, another's patch of the same change (bob@b.org), posted 3 days before it" \
	"$(dp 2021-01-29T09:00:00Z 0.8 0.8)"
is "controls: scored 0.6; over a sliver (fdiff 0.3); 31 days later; not merged" \
	"ignored|ignored|ignored|ignored" \
	"$(dp 2021-02-11T09:00:00Z 0.6 0.8)|$(dp 2021-02-11T09:00:00Z 0.8 0.3)|$(dp 2021-03-04T09:00:00Z 0.8 0.8)|$(dp 2021-02-11T09:00:00Z 0.8 0.8 none.tsv)"
dp 2021-02-11T09:00:00Z 0.8 0.8 >/dev/null
ptreport verdicts -q --grace 0 dp.tsv dp.tok k-dp.tsv c-dp.tsv dp.pairs >dp.v
is "duplicate: the verdicts table's reason and evidence" "superseded|duplicate|q@x" \
	"$(awk -F'\t' '$2 == "p@x" { print $3 "|" $4 "|" $8 }' dp.v)"
ptreport patches -q --grace 0 dp.tsv dp.tok k-dp.tsv c-dp.tsv dp.pairs >dp.judged
ptreport patches -q --grace 0 --verdicts dp.v dp.tsv dp.tok k-dp.tsv c-dp.tsv dp.pairs >dp.given
same "duplicate: the verdicts given render the same patches report" dp.judged dp.given
ptreport why p@x --grace 0 dp.tsv dp.tok k-dp.tsv c-dp.tsv dp.pairs >dp.why
grep -q "^  rule: nothing answered it, but another's patch of the same change" dp.why &&
    grep -q "^  another's patch of the same change, merged: q@x  2021-02-11" dp.why
ok $? "duplicate: why's rule and the other patch"

# --- 4b. a commit carrying its lines ----------------------------------------------
# Ann's p@x adds four lines to drivers/foo.c; Max's C1 (DATE, on FILE)
# adds LINES of them (1 to 4) among lines of his own; nobody answered p@x.
# Short lines ("}", "x = 1;") are no evidence: p2@x adds only such, and
# C2 (2020-11, before all) too, on drivers/bar.c and drivers/foo.c.
L1='+\tif (!dev->regs)' L2='+\t\treturn -ENODEV;' L3='+\tret = foo_setup_irq(dev);' L4='+\tdev_warn(dev, "no irq: %d", ret);'
carry() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: check the registers'
		w p2@x 2021-02-01T10:00:00Z Ann ann@a.org '[PATCH] bar: short lines'
		[ -n "${CAREPLY:-}" ] &&
			w a@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH] foo: check the registers' reply p@x
		if [ -n "${CAKERN:-}" ]; then
			w k@x 2021-02-01T08:58:30Z Ann ann@a.org '[PATCH] kern: report the registers'
			w kr@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH] kern: report the registers' reply k@x
		fi
	} >ca.tsv
	mine="$L1\\n$L2\\n$L3\\n$L4"
	case $3 in
	4) his="$L1\\n$L2\\n$L3\\n$L4" ;;
	3) his="$L1\\n$L3\\n$L4" ;;
	2) his="$L1\\n$L4" ;;
	esac
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'p@x\tmail\t2021-02-01T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n%s\\n\n' "$mine"
		printf 'p2@x\tmail\t2021-02-01T10:00:00Z\tdrivers/bar.c\t\tF drivers/bar.c\\tdrivers/bar.c\\n@ \\n+}\\n+x = 1;\\n+y = 2;\\n+z = 3;\\n\n'
		printf 'k@x\tmail\t2021-02-01T08:58:30Z\tkernel/regs.c\t\tF kernel/regs.c\\tkernel/regs.c\\n@ \\n+\\treturn regs_report(dev);\\n\n'
		printf '%s\tcommit\t%s\t%s\t\tF %s\\t%s\\n@ foo_probe\\n+\\t/* Max: probe it properly */\\n%s\\n\n' \
		    "$C1" "$1" "$2" "$2" "$2" "$his"
		printf '%s\tcommit\t%s\tdrivers/bar.c\\ndrivers/foo.c\t\tF drivers/bar.c\\tdrivers/bar.c\\n@ \\n+}\\n+x = 1;\\n+y = 2;\\n+z = 3;\\nF drivers/foo.c\\tdrivers/foo.c\\n@ \\n+}\\n\n' \
		    "$C2" 2020-11-01T09:00:00Z
	} >ca.tok
	{
		chdr
		commit "$C1" "$1" "${5:-$1}"
		commit "$C2" 2020-11-01T09:00:00Z 2020-11-01T09:00:00Z
		commit "$C9" 2022-09-01T00:00:00Z 2022-09-01T00:00:00Z
	} >c-ca.tsv
	V "${4:-p@x}" --grace 0 ca.tsv ca.tok none.tsv c-ca.tsv
}
is "carried: a commit a month later on its file adds its four lines: reworked" \
	"reworked $C1, carrying 4 of its 4 added lines" "$(carry 2021-03-01T09:00:00Z drivers/foo.c 4)"
is "carried: three of four (60% or more)" \
	"reworked $C1, carrying 3 of its 4 added lines" "$(carry 2021-03-01T09:00:00Z drivers/foo.c 3)"
is "carried: a commit made before it (the change already there)" \
	"reworked $C1, carrying 4 of its 4 added lines" "$(carry 2020-12-01T09:00:00Z drivers/foo.c 4)"
is "control: two of four: ignored" "ignored" "$(carry 2021-03-01T09:00:00Z drivers/foo.c 2)"
is "control: the lines on another file: ignored" "ignored" "$(carry 2021-03-01T09:00:00Z drivers/baz.c 4)"
# Answered, then its lines landed in another form all the same: where
# they landed is what became of it (reworked, reason answered-carried),
# its answer kept in why.
is "carried after an answer: reworked, not answered" \
	"reworked $C1, carrying 4 of its 4 added lines" \
	"$(CAREPLY=1 carry 2021-03-01T09:00:00Z drivers/foo.c 4)"
ptreport verdicts -q --grace 0 ca.tsv ca.tok none.tsv c-ca.tsv >ca.v
is "... its reason answered-carried" "reworked answered-carried" \
	"$(awk -F'\t' '$2 == "p@x" { print $3, $4 }' ca.v)"
ptreport why -q p@x --grace 0 ca.tsv ca.tok none.tsv c-ca.tsv >why.out
grep -q '^  rule: another person answered it, and a commit written within 365 days' why.out &&
    grep -q 'bob@b.org  a@x' why.out
ok $? "... why: the rule says it was answered, and the answer is listed"
is "control: answered, two of four lines carried: answered" "answered bob@b.org" \
	"$(CAREPLY=1 carry 2021-03-01T09:00:00Z drivers/foo.c 2)"
# Its other half for another repository (Ann's kernel patch k@x, 90 s
# before it) answered by Bob, a doubt: asked where its lines landed as
# the answered are, reworked (reason carried: nobody answered it); the
# control, two of four lines: the doubt stays.
is "carried after its other half's review: reworked (control: two of four lines: unsure)" \
	"reworked $C1, carrying 4 of its 4 added lines|unsure" \
	"$(CAKERN=1 carry 2021-03-01T09:00:00Z drivers/foo.c 4)|$(CAKERN=1 carry 2021-03-01T09:00:00Z drivers/foo.c 2 | cut -d' ' -f1)"
CAKERN=1 carry 2021-03-01T09:00:00Z drivers/foo.c 4 >/dev/null
ptreport verdicts -q --grace 0 ca.tsv ca.tok none.tsv c-ca.tsv >ca.v
is "... its reason carried, the other half's review no answer of its own" "reworked carried" \
	"$(awk -F'\t' '$2 == "p@x" { print $3, $4 }' ca.v)"
# why of an ignored patch: the commits on its files after it, for a reader to check.
carry 2021-03-01T09:00:00Z drivers/foo.c 2 >/dev/null
ptreport why -q p@x --grace 0 ca.tsv ca.tok none.tsv c-ca.tsv >why.out
is "why, ignored: the commits on its files after it (C1, two of its four lines)" \
	"  commits on its files after it (the first 1 of 1 in the 365 days after it, by commit date; the rules found none of them its version):|    2021-03-01  $(echo $C1 | cut -c1-12)  maint@m.org  s: $C1" \
	"$(grep -A1 '^  commits on its files' why.out | paste -sd'|')"
carry 2021-03-01T09:00:00Z drivers/baz.c 4 >/dev/null
ptreport why -q p@x --grace 0 ca.tsv ca.tok none.tsv c-ca.tsv >why.out
is "why, control: its commit on another file is none of its files'" \
	"  commits on its files after it: none in the 365 days after it" "$(grep '^  commits on its files' why.out)"
is "control: 400 days later: ignored" "ignored" "$(carry 2022-03-07T09:00:00Z drivers/foo.c 4)"
is "carried: written 428 days before it, committed four months after it (a branch squashed when it lands)" \
	"reworked $C1, carrying 4 of its 4 added lines" \
	"$(carry 2019-12-01T09:00:00Z drivers/foo.c 4 p@x 2021-06-01T09:00:00Z)"
is "controls: written 428 days before, committed then; or committed 400 days after it" "ignored|ignored" \
	"$(carry 2019-12-01T09:00:00Z drivers/foo.c 4 p@x 2019-12-01T09:00:00Z)|$(carry 2019-12-01T09:00:00Z drivers/foo.c 4 p@x 2022-03-07T09:00:00Z)"
is "control: short lines alike (}, x = 1;) are no evidence: ignored" "ignored" \
	"$(carry 2021-03-01T09:00:00Z drivers/foo.c 4 p2@x)"
# A small patch (one line added, two removed): all of them the same in
# the commit, or nothing.  sm REMOVED: C1 adds the line and removes REMOVED.
sm() {
	{ whdr; bg; w s@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: take the disk of the root'; } >sm.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 's@x\tmail\t2021-02-01T09:00:00Z\ttests/env\t\tF tests/env\\ttests/env\\n@ sum()\\n-    local part=$(grep root /proc/mounts)\\n-    local bd=/dev/$(lsblk -no PKNAME $part)\\n+    local bd=$(grep root /proc/mounts)\\n\n'
		printf '%s\tcommit\t2021-03-01T09:00:00Z\ttests/env\\nutil.c\t\tF tests/env\\ttests/env\\n@ sum()\\n%s+    local bd=$(grep root /proc/mounts)\\nF util.c\\tutil.c\\n@ \\n+\\treturn STATUS_ERROR_NOW;\\n\n' \
		    "$C1" "$1"
	} >sm.tok
	{ chdr; commit "$C1" 2021-03-01T09:00:00Z 2021-03-01T09:00:00Z; commit "$C9" 2022-09-01T00:00:00Z 2022-09-01T00:00:00Z; } >c-sm.tsv
	V s@x --grace 0 sm.tsv sm.tok none.tsv c-sm.tsv
}
is "carried: a small patch, its one line added and both removed the same in a squashed commit: reworked" \
	"reworked $C1, carrying 1 of its 1 added lines" \
	"$(sm '-    local part=$(grep root /proc/mounts)\n-    local bd=/dev/$(lsblk -no PKNAME $part)\n')"
is "control: the line added, neither removed: ignored" "ignored" "$(sm '')"
# --- 4c. a commit changing the lines it removes ---------------------------------
# Ann's t@x changes two lines of drivers/foo.c (removes them, adds her
# own); a commit written DATE on FILE by NAME ADDR removes REMOVED of
# them (as "-" lines) and adds lines unlike hers: the code she changed
# was changed another way (or before her: her patch made stale).
# Nobody answered t@x.  tc DATE FILE NAME ADDR REMOVED
R1='-\tif (dev->regs == NULL)' R2='-\t\treturn foo_legacy_probe(dev);' R3='-\tdev_info(dev, "probed");'
tc() {
	{ whdr; bg; w t@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: drop the legacy probe'; } >tc.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 't@x\tmail\t2021-02-01T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n%s\\n%s\\n+\\tif (!dev->regs)\\n+\\t\\treturn -ENODEV;\\n\n' "$R1" "$R2"
		printf '%s\tcommit\t%s\t%s\t\tF %s\\t%s\\n@ foo_probe\\n%s+\\tret = foo_map_regs(dev, 0);\\n\n' \
		    "$C1" "$1" "$2" "$2" "$2" "$5"
	} >tc.tok
	{
		chdr
		crow "$C1" "$1" "$3" "$4" "${6:-foo: map the registers}" "$3" "$4" "$1"
		commit "$C9" 2023-09-01T00:00:00Z 2023-09-01T00:00:00Z
	} >c-tc.tsv
	V t@x --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv
}
is "changed: another's commit two months later removes both its lines: unsure" \
	"unsure nobody answered it, but $C1 (max@m.org) changed 2 of the 2 lines it removes, 58 days after it was posted: made another way, or made stale" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n")"
is "changed: one of its two (half): unsure" \
	"unsure nobody answered it, but $C1 (max@m.org) changed 1 of the 2 lines it removes, 58 days after it was posted: made another way, or made stale" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Max max@m.org "$R2\\n")"
is "changed: another's commit written before it was posted (its patch stale, or a duplicate): reworked, made before it" \
	"reworked $C1 (max@m.org), written 31 days before it was posted, changing 2 of the 2 lines it removes: the change made before it (its patch stale, or a duplicate)" \
	"$(tc 2021-01-01T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n")"
ptreport verdicts -q --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >tc.v
is "changed before: the verdicts table's reason and by" "reworked earlier-lines $C1" \
	"$(awk -F'\t' '$2 == "t@x" { print $3, $4, $6 }' tc.v)"
ptreport summary --verdicts tc.v --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >sum.v
ptreport summary --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >sum.j
cmp -s sum.v sum.j
ok $? "changed before: the table read back gives the same summary"
ptreport why t@x --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >why.out
grep -q "^  a commit changing the lines it removes: $C1  2021-01-01  foo: map the registers <max@m.org>\$" why.out &&
    grep -q "^  rule: nothing answered it, but another's commit written within 365 days before it, .* a duplicate of another's posting)\$" why.out
ok $? "changed before: why names the commit and the rule"
tc 2021-01-15T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n" >/dev/null
is "changed before: that commit, made before the patch (inside the archives), stays off-list" "$C1" \
	"$(ptreport offlist -q --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv | cut -f1 | grep -x "$C1")"
is "changed: her own commit after it: reworked, her own" \
	"reworked $C1, its author's own, changing 2 of the 2 lines it removes" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Ann ann@a.org "$R1\\n$R2\\n")"
is "control: her own commit before it (her base old): unsure, not reworked" \
	"unsure" "$(tc 2021-01-01T09:00:00Z drivers/foo.c Ann ann@a.org "$R1\\n$R2\\n" | cut -d' ' -f1)"
# A rewrite of many lines (a conversion, a file removed) is no change
# about hers: both her lines among nine it removes (under a quarter).
many='-\tfoo_setup_clocks(dev, 0);\n-\tfoo_setup_power(dev, 1);\n-\tfoo_setup_reset(dev, 2);\n-\tfoo_setup_dma(dev, 3);\n-\tfoo_setup_pins(dev, 4);\n-\tfoo_setup_fifo(dev, 5);\n-\tfoo_setup_wake(dev, 6);\n'
is "control: her two lines among nine another's commit removes: ignored" "ignored" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n$many")"
is "changed: her two among seven (a quarter or more): unsure" "unsure" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n$(printf '%s' "$many" | cut -c1-148)" | cut -d' ' -f1)"
is "control: other lines removed: ignored" "ignored" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Max max@m.org "$R3\\n")"
is "control: 400 days later: ignored" "ignored" \
	"$(tc 2022-03-07T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n")"
# Her own later work on her lines speaks for her patch for two years,
# whatever else it removes, when it is about the same thing: a title
# sharing a word with hers ("legacy", "probe") and her lines a fiftieth
# of what it removes; a sync of a whole file under another title is not.
is "own: her own commit 400 days later removing both: reworked, her own" \
	"reworked $C1, its author's own, changing 2 of the 2 lines it removes" \
	"$(tc 2022-03-07T09:00:00Z drivers/foo.c Ann ann@a.org "$R1\\n$R2\\n")"
is "control: her own commit 800 days later: ignored" "ignored" \
	"$(tc 2023-04-12T09:00:00Z drivers/foo.c Ann ann@a.org "$R1\\n$R2\\n" | cut -d' ' -f1)"
is "own: her two lines among nine her commit removes, titled about the legacy probe: reworked" \
	"reworked $C1, its author's own, changing 2 of the 2 lines it removes" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Ann ann@a.org "$R1\\n$R2\\n$many" \
	    'foo: rework the legacy probe path')"
is "control: the same under a title sharing no word (a sync): ignored" "ignored" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Ann ann@a.org "$R1\\n$R2\\n$many" \
	    'foo: sync the header from upstream' | cut -d' ' -f1)"
is "control: another's commit so titled, her two among nine: ignored" "ignored" \
	"$(tc 2021-03-31T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n$many" \
	    'foo: rework the legacy probe path')"
tc 2022-03-07T09:00:00Z drivers/foo.c Ann ann@a.org "$R1\\n$R2\\n" >/dev/null
ptreport why t@x --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >why.out
grep -q "^  a commit changing the lines it removes: $C1  2022-03-07  foo: map the registers <ann@a.org>\$" why.out &&
    grep -q "^  rule: nothing answered it, but a commit of its author's, written within 730 days after it, .*: his own rework landed\$" why.out
ok $? "own: why names her commit and the rule"
# Another's commit after it that changes her lines and brings the words
# her added lines bring (103, CRM_EX_OLD: runs her removed lines lack)
# wrote her change again: reworked, not a doubt.  Controls: a commit
# bringing one of her two words (half), or none; her words in a commit
# that leaves her lines alone.  rw ADDED [REMOVED [HERS]]: Max's commit
# adds ADDED, removes REMOVED (her line); she adds HERS.
rw() {
	{ whdr; bg; w r@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] fence: the new exit code'; } >rw.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'r@x\tmail\t2021-02-01T09:00:00Z\tfence.sh\t\tF fence.sh\\tfence.sh\\n@ modify()\\n%s%s\n' \
		    "$RWR" "${3:-$RWP}"
		printf '%s\tcommit\t2021-06-01T09:00:00Z\tfence.sh\t\tF fence.sh\\tfence.sh\\n@ modify()\\n%s%s\n' \
		    "$C1" "${2-$RWR}" "$1"
	} >rw.tok
	{
		chdr
		crow "$C1" 2021-06-01T09:00:00Z Max max@m.org 'fence: pacemaker 2 compat' Max max@m.org \
		    2021-06-01T09:00:00Z
		commit "$C9" 2023-09-01T00:00:00Z 2023-09-01T00:00:00Z
	} >c-rw.tsv
	V r@x --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv
}
RWR='-\t\t205)\t: "205 aka pcmk_err_old_data ==> retry"\n'
RWP='+\t\t103)\t: "103 CRM_EX_OLD, aka 205 pcmk_err_old_data ==> retry"\n'
RWA='+\t\t# 103 is Pacemaker 2\n+\t\t103|205)\t: "103 aka CRM_EX_OLD, or 205 aka pcmk_err_old_data ==> retry"\n'
is "rewritten: another's commit after it changes her line and brings her two words: reworked" \
	"reworked $C1 (max@m.org), changing 1 of the 1 lines it removes and bringing 2 of the 2 words its added lines bring, 120 days after it was posted: its change written again" \
	"$(rw "$RWA")"
is "control: it brings one of her two words (half): unsure" "unsure" \
	"$(rw '+\t\t103|205)\t: "103 or 205 aka pcmk_err_old_data ==> retry"\n' | cut -d' ' -f1)"
is "control: two of her four words (under 60%): unsure" "unsure" \
	"$(rw "$RWA" "$RWR" '+\t\t103)\t: "103 CRM_EX_OLD, aka 205 pcmk_err_old_data ==> retry later again"\n' | cut -d' ' -f1)"
is "... three of her four: reworked" "reworked" \
	"$(rw '+\t\t103|205)\t: "103 aka CRM_EX_OLD, or 205 ==> retry later"\n' "$RWR" \
	    '+\t\t103)\t: "103 CRM_EX_OLD, aka 205 pcmk_err_old_data ==> retry later again"\n' | cut -d' ' -f1)"
is "control: her one word (103), brought: unsure (two at least)" "unsure" \
	"$(rw "$RWA" "$RWR" '+\t\t103)\t: "205 pcmk_err_old_data ==> retry"\n' | cut -d' ' -f1)"
is "control: it brings none: unsure" "unsure" \
	"$(rw '+\t\t206)\t: "206 aka pcmk_err_other ==> retry"\n' | cut -d' ' -f1)"
is "control: her words, her line left alone: ignored" "ignored" "$(rw "$RWA" '')"
rw "$RWA" >/dev/null
ptreport why r@x --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv >why.out
grep -q "^  a commit changing the lines it removes: $C1  2021-06-01  fence: pacemaker 2 compat <max@m.org>\$" why.out &&
    grep -q "^  rule: nothing answered it, but another's commit written within 365 days after it, .* its change written again by another\$" why.out
ok $? "rewritten: why names the commit and the rule"
ptreport verdicts -q --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv >rw.v
is "rewritten: the verdicts table's reason and by" "reworked rewritten $C1" \
	"$(awk -F'\t' '$2 == "r@x" { print $3, $4, $6 }' rw.v)"
ptreport patches -q --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv >rw-j.out
ptreport patches -q --grace 0 --verdicts rw.v rw.tsv rw.tok none.tsv c-rw.tsv >rw-g.out
same "rewritten: given back (--verdicts), the same patches report" rw-j.out rw-g.out
# The commit her patch became is no off-list commit: it was posted, as
# her patch (why says so).  Control: the commit of the doubt (one of
# her two words) stays off-list.
rw "$RWA" >/dev/null
is "rewritten: the commit it became was posted, not off-list" "" \
	"$(ptreport offlist -q --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv | cut -f1 | grep -x "$C1")"
ptreport why "$C1" --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv >why.out
is "... why: posted, the patch mail that became it" \
	"  verdict: posted: a patch mail became it (its verdict: reworked, reason rewritten): r@x \"[PATCH] fence: the new exit code\"" \
	"$(grep '^  verdict:' why.out)"
ptreport verdicts -q --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv >rw.v
ptreport offlist -q --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv >rw-oj.out
ptreport offlist -q --grace 0 --verdicts rw.v rw.tsv rw.tok none.tsv c-rw.tsv >rw-og.out
same "... given back (--verdicts), the same off-list report" rw-oj.out rw-og.out
rw '+\t\t103|205)\t: "103 or 205 aka pcmk_err_old_data ==> retry"\n' >/dev/null
is "control: the doubt's commit (one of her two words) stays off-list" "$C1" \
	"$(ptreport offlist -q --grace 0 rw.tsv rw.tok none.tsv c-rw.tsv | cut -f1 | grep -x "$C1")"
# Ann's new test moved when it went in: her own commit a month later
# creates another file (tests/nvme/048 for her tests/nvme/045) under the
# same summary, carrying her lines: reworked by it.  Controls: another
# summary (a sibling test from the same skeleton), a commit changing a
# file without creating it, another's commit.  mv NAME ADDR TITLE [M]
ML='+nvme_setup_queues --count 4\n+nvme_reconnect_controller "$ctrl"\n+nvme_check_queue_count "$ctrl" 4\n'
mv() {
	{ whdr; bg; w v@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] nvme/045: test queue count changes'; } >mv.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'v@x\tmail\t2021-02-01T09:00:00Z\ttests/nvme/045\ttests/nvme/045\tF /dev/null\\ttests/nvme/045\\n@ \\n%s\n' "$ML"
		printf '%s\tcommit\t2021-03-01T09:00:00Z\ttests/nvme/048\t%s\tF %s\\ttests/nvme/048\\n@ \\n+# the 048 slot\\n%s\n' \
		    "$C1" "$([ -n "${4:-}" ] || echo tests/nvme/048)" "$([ -n "${4:-}" ] && echo tests/nvme/048 || echo /dev/null)" "$ML"
		printf '%s\tcommit\t2020-06-01T09:00:00Z\ttests/nvme/001\ttests/nvme/001\tF /dev/null\\ttests/nvme/001\\n@ \\n+set -e\\n\n' "$C2"
	} >mv.tok
	{
		chdr
		crow "$C1" 2021-03-01T09:00:00Z "$1" "$2" "$3" Max max@m.org 2021-03-01T09:00:00Z
		commit "$C2" 2020-06-01T09:00:00Z 2020-06-01T09:00:00Z
		commit "$C9" 2023-09-01T00:00:00Z 2023-09-01T00:00:00Z
	} >c-mv.tsv
	V v@x --grace 0 mv.tsv mv.tok none.tsv c-mv.tsv
}
is "moved: her own commit creating another file under its summary, carrying her lines: reworked" \
	"reworked $C1, carrying 3 of its 3 added lines" \
	"$(mv Ann ann@a.org 'nvme/048: test queue count changes')"
is "control: under another summary (a sibling test): ignored" "ignored" \
	"$(mv Ann ann@a.org 'nvme/048: test the reservation feature')"
is "control: the commit changes that file, creates none: ignored" "ignored" \
	"$(mv Ann ann@a.org 'nvme/048: test queue count changes' M)"
is "control: another's commit: ignored" "ignored" \
	"$(mv Max max@m.org 'nvme/048: test queue count changes')"
# A fixup ("fixup! foo: add the bar option", git's autosquash) folded
# into the commit its title names: that commit, after it, on its file,
# holding every distinctive line it adds (none here: a short line).
# Controls: the commit on another file; one lacking her distinctive
# line; committed before her fixup.  fx TITLE FILE DATE [LINE [REPLY]]
fx() {
	{ whdr; bg; w f@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 3/5] fixup! foo: add the bar option'
	  [ -n "${5:-}" ] && w fr@x 2021-02-02T09:00:00Z Bob bob@b.org 'Re: [PATCH 3/5] fixup! foo: add the bar option' reply f@x; } >fx.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'f@x\tmail\t2021-02-01T09:00:00Z\tfoo.c\t\tF foo.c\\tfoo.c\\n@ bar\\n+\\tx = 1;\\n%s\n' "${4:-}"
		printf '%s\tcommit\t%s\t%s\t\tF %s\\t%s\\n@ bar\\n+\\tbar_init(dev, opts);\\n+\\tx = 1;\\n\n' "$C1" "$3" "$2" "$2" "$2"
		printf '%s\tcommit\t2020-06-01T09:00:00Z\tfoo.c\\nbaz.c\tfoo.c\\nbaz.c\tF /dev/null\\tfoo.c\\n@ \\n+int x;\\n\n' "$C2"
	} >fx.tok
	{
		chdr
		crow "$C1" "$3" Max max@m.org "$1" Max max@m.org "$3"
		commit "$C2" 2020-06-01T09:00:00Z 2020-06-01T09:00:00Z
		commit "$C9" 2023-09-01T00:00:00Z 2023-09-01T00:00:00Z
	} >c-fx.tsv
	V f@x --grace 0 fx.tsv fx.tok none.tsv c-fx.tsv
}
is "fixup: the commit its title names, after it, on its file: reworked, folded into it" \
	"reworked $C1, the commit its fixup title names, holding every line it adds" \
	"$(fx 'foo: add the bar option' foo.c 2021-03-01T09:00:00Z)"
is "control: that commit on another file: ignored" "ignored" \
	"$(fx 'foo: add the bar option' baz.c 2021-03-01T09:00:00Z)"
is "control: it lacks her distinctive line: ignored" "ignored" \
	"$(fx 'foo: add the bar option' foo.c 2021-03-01T09:00:00Z '+\tbar_check_limits(dev, opts);\n')"
is "control: a commit under another title: ignored" "ignored" \
	"$(fx 'foo: add the baz option' foo.c 2021-03-01T09:00:00Z)"
is "control: committed before her fixup: ignored" "ignored" \
	"$(fx 'foo: add the bar option' foo.c 2021-01-15T09:00:00Z | cut -d' ' -f1)"
fx 'foo: add the bar option' foo.c 2021-03-01T09:00:00Z '' reply >/dev/null
ptreport verdicts -q --grace 0 fx.tsv fx.tok none.tsv c-fx.tsv >fx.v
is "fixup, answered too: the verdicts table's reason" "reworked answered-fixup" \
	"$(awk -F'\t' '$2 == "f@x" { print $3, $4 }' fx.v)"
ptreport patches -q --grace 0 fx.tsv fx.tok none.tsv c-fx.tsv >fx-j.out
ptreport patches -q --grace 0 --verdicts fx.v fx.tsv fx.tok none.tsv c-fx.tsv >fx-g.out
same "... given back (--verdicts), the same patches report" fx-j.out fx-g.out
ptreport why f@x --grace 0 fx.tsv fx.tok none.tsv c-fx.tsv >why.out
grep -q "^  a commit its fixup title names: $C1  2021-03-01  foo: add the bar option <max@m.org>\$" why.out &&
    grep -q "^  rule: another person answered it, and its title is a fixup's" why.out
ok $? "fixup: why names the commit and the rule"
# A test Ann's n@x creates (tests/cache/0010_chain, with lines too short
# to carry it; C2 made the folder), created by a commit NAME ADDR on
# DATE with other lines: her rework, or the same work by another.
# nc DATE NAME ADDR PATH
nc() {
	{ whdr; bg; w n@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] tests: chain coverage'; } >nc.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'n@x\tmail\t2021-02-01T09:00:00Z\t%s\t%s\tF /dev/null\\t%s\\n@ \\n+set -e\\n+$NFT list\\n\n' \
		    "${5:-tests/cache/0010_chain}" "${5:-tests/cache/0010_chain}" "${5:-tests/cache/0010_chain}"
		printf '%s\tcommit\t%s\tsrc/cache.c\\n%s\t%s\tF src/cache.c\\tsrc/cache.c\\n@ \\n+\\tcache_flush(c);\\nF /dev/null\\t%s\\n@ \\n%s\\n\n' \
		    "$C1" "$1" "$4" "$4" "$4" "${6:-+EXPECTED=x}"
		printf '%s\tcommit\t2020-06-01T09:00:00Z\ttests/cache/0001_base\ttests/cache/0001_base\tF /dev/null\\ttests/cache/0001_base\\n@ \\n+set -e\\n\n' "$C2"
	} >nc.tok
	{
		chdr
		crow "$C1" "$1" "$2" "$3" "cache: print chains" "$2" "$3" "$1"
		commit "$C2" 2020-06-01T09:00:00Z 2020-06-01T09:00:00Z
		commit "$C9" 2022-09-01T00:00:00Z 2022-09-01T00:00:00Z
	} >c-nc.tsv
	V n@x --grace 0 nc.tsv nc.tok none.tsv c-nc.tsv
}
is "created: her own commit a month later creates the file her patch creates: reworked" \
	"reworked $C1, its author's own, creating 1 of the 1 files it creates" \
	"$(nc 2021-03-01T09:00:00Z Ann ann@a.org tests/cache/0010_chain)"
is "created: another's: unsure" \
	"unsure nobody answered it, but $C1 (max@m.org) created 1 of the 1 files it creates, 28 days after it was posted: made another way, or made stale" \
	"$(nc 2021-03-01T09:00:00Z Max max@m.org tests/cache/0010_chain)"
is "created: another's, bringing the words her lines bring (set, NFT, list): reworked, written again" \
	"reworked $C1 (max@m.org), creating 1 of the 1 files it creates and bringing 3 of the 3 words its added lines bring, 28 days after it was posted: its change written again" \
	"$(nc 2021-03-01T09:00:00Z Max max@m.org tests/cache/0010_chain '' '+set -e\n+$NFT list chain')"
ptreport why n@x --grace 0 nc.tsv nc.tok none.tsv c-nc.tsv >why.out
is "... why: the commit creating the file it creates" \
	"  a commit creating files it creates: $C1  2021-03-01  cache: print chains <max@m.org>" \
	"$(grep '^  a commit ' why.out)"
is "created: another's commit before it: reworked, made before it" \
	"reworked $C1 (max@m.org), written 31 days before it was posted, creating 1 of the 1 files it creates: the change made before it (its patch stale, or a duplicate)" \
	"$(nc 2021-01-01T09:00:00Z Max max@m.org tests/cache/0010_chain)"
is "created: a file named by a number alone (a test suite's slot, taken by the next test sent): no doubt" \
	"ignored|ignored" \
	"$(nc 2021-03-01T09:00:00Z Max max@m.org tests/cache/033 tests/cache/033)|$(nc 2021-03-01T09:00:00Z Max max@m.org tests/cache/033.out tests/cache/033.out)"
is "control: a number and a name (0033_chain): a doubt" "unsure" \
	"$(nc 2021-03-01T09:00:00Z Max max@m.org tests/cache/0033_chain tests/cache/0033_chain | cut -d' ' -f1)"
is "control: another file created: ignored" "ignored" \
	"$(nc 2021-03-01T09:00:00Z Max max@m.org tests/cache/0011_chain)"
ptreport why n@x --grace 0 nc.tsv nc.tok none.tsv c-nc.tsv >why.out
is "why, files: a file it creates in a folder the repository has, said as it is" \
	"  files: creates tests/cache/0010_chain" "$(grep '^  files:' why.out)"
sed 's#tests/cache/0010_chain#tests/shell/cache/0010_chain#g' nc.tok >nc2.tok
ptreport why n@x --grace 0 nc.tsv nc2.tok none.tsv c-nc.tsv >why.out
is "why, files: one it creates in a folder the repository lacks, and the nearest it has" \
	"  files: creates tests/shell/cache/0010_chain (a folder not in the repository then; the nearest that is: tests/)" \
	"$(grep '^  files:' why.out)"
tc 2021-03-31T09:00:00Z drivers/foo.c Max max@m.org "$R1\\n$R2\\n" >/dev/null
ptreport why t@x --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >why.out
grep -q "^  a commit changing the lines it removes: $C1  2021-03-31  foo: map the registers <max@m.org>\$" why.out &&
    grep -q "^  rule: nothing answered it, but another's commit written within 365 days after it (or its author's, before it), .* read both sides\$" why.out
ok $? "changed: why names the commit, the lines and the rule"
grep -q '^  files: changes drivers/foo.c$' why.out
ok $? "why, files: a file the repository had then, said as it is"
ptreport summary --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >sum.out
is "changed: the summary counts it unsure, not ignored" "1 0" \
	"$(awk -F'\t' '$1 == "unsure" { u = $2 } $1 == "ignored" { i = $2 } END { print u, i }' sum.out)"
tc 2021-03-31T09:00:00Z drivers/bar.c Max max@m.org "" >/dev/null
ptreport why t@x --grace 0 tc.tsv tc.tok none.tsv c-tc.tsv >why.out
is "why, files: one the history never had, said so (a reader sees why it is not counted)" \
	"  files: changes drivers/foo.c (not in the repository then)" "$(grep '^  files:' why.out)"

# An issue her message names ("Issue: #889", a trailer of the mails
# table's message), named by a commit of Max's on another file four
# months later (a rewrite elsewhere; the commits table's message):
# unsure.  The patch tables' msg, trailers left out as patchtok writes
# it, names none.  iss ISSUE-LINE-OF-THE-COMMIT [ISSUE-LINE-OF-HERS]
iss() {
	{
		whdr
		bg
		w i@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] help: take --help anywhere' patch \
		    '' '' '' '' '' '' "help: take --help anywhere\\n\\n${2:-Issue: #889}\\nSigned-off-by: Ann <ann@a.org>"
	} >iss.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\tmsg\thunks\n'
		printf 'i@x\tmail\t2021-02-01T09:00:00Z\tbtrfs.c\t\thelp: take --help anywhere\tF btrfs.c\\tbtrfs.c\\n@ \\n+\\tif (check_help(argc, argv))\\n\n'
		printf '%s\tcommit\t2021-06-01T09:00:00Z\tcommon/help.c\t\thelp: recognize --help among options\tF common/help.c\\tcommon/help.c\\n@ \\n+\\tfor (i = 0; i < argc; i++)\\n\n' \
		    "$C1"
		printf '%s\tcommit\t2020-06-01T09:00:00Z\tbtrfs.c\\ncommon/help.c\tbtrfs.c\\ncommon/help.c\tinit\tF /dev/null\\tbtrfs.c\\n@ \\n+x\\nF /dev/null\\tcommon/help.c\\n@ \\n+x\\n\n' "$C2"
	} >iss.tok
	{
		chdr
		crow "$C1" 2021-06-01T09:00:00Z Max maint@m.org 'help: recognize --help among options' Max maint@m.org \
		    2021-06-01T09:00:00Z '' '' "help: recognize --help among options\\n\\n$1\\nSigned-off-by: Max <maint@m.org>"
		commit "$C2" 2020-06-01T09:00:00Z 2020-06-01T09:00:00Z
		commit "$C9" 2022-09-01T00:00:00Z 2022-09-01T00:00:00Z
	} >c-iss.tsv
	V i@x --grace 0 iss.tsv iss.tok none.tsv c-iss.tsv
}
is "issue: another's commit names the issue it names, on another file: unsure" \
	"unsure nobody answered it, but $C1 (maint@m.org) names an issue it names (an issue number, a tracker's key or a bug link), 120 days after it was posted: made another way, or made stale" \
	"$(iss 'Issue: #889')"
is "issue: ... or links to it" "unsure" "$(iss 'Closes: https://github.com/o/r/issues/889' | cut -d' ' -f1)"
is "issue: a tracker's key, her trailer's value and the commit's link's" "unsure" \
	"$(iss 'Fixes: https://issues.redhat.com/browse/RHEL-96937' 'Resolves: RHEL-96937' | cut -d' ' -f1)"
is "control: another issue: ignored" "ignored" "$(iss 'Issue: #890')"
is "control: a number not named as an issue: ignored" "ignored" "$(iss 'Tested on 889 devices')"
is "control: another key; a key in her prose, not a trailer's value: ignored" "ignored|ignored" \
	"$(iss 'Fixes: https://issues.redhat.com/browse/RHEL-96938' 'Resolves: RHEL-96937')|$(iss 'Fixes: https://issues.redhat.com/browse/RHEL-96937' 'We saw RHEL-96937 too.')"

# --- 4c'. a later posting of hers naming it --------------------------------------
# Ann's p@x; three days later her v2 cover letter v@x, under another
# title, names p@x by its archive link (b4's "Link to v1"): her next
# version stands for p@x.  cv SENDER ADDR
cv() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] inspect: start the lookup from the root'
		mrow v@x 2021-02-04T09:00:00Z "$1" "$2" '[PATCH v2 0/3] inspect: fix logical-resolve' dev \
		    '' '' cover 2 0 3 '' p@x '' '' 'v1: https://lore.kernel.org/r/p@x'
	} >cv.tsv
	V p@x --grace 0 cv.tsv none.tsv c-end.tsv
}
is "cited: her later cover letter names it (another title): superseded by it" "superseded v@x" \
	"$(cv Ann ann@a.org)"
is "control: another's cover letter naming it answers it" "answered cid@c.org" "$(cv Cid cid@c.org)"

# --- 4c''. opened as a forge's pull request too ----------------------------------
# Ann's q@x, unanswered on the list; a commit of pull request #5 (git2tsv
# --pulls) by her, a week later, under TITLE: she followed it up on the
# forge, where its review is.
pq() {
	{ whdr; bg; w q@x 2021-02-01T09:00:00Z Ann ann@a.org "[PATCH] ${3:-mdadm: fix the assembly}"; } >pq.tsv
	{
		printf 'pull\tid\tdate\tfrom_name\tfrom_addr\tsubject\tsrc\n'
		printf '5\t%s\t%s\tAnn\tann@a.org\t%s\trepo\n' "$(hexid c3)" "${2:-2021-02-08T09:00:00Z}" "$1"
	} >pq-pulls.tsv
	V q@x --grace 0 pq.tsv none.tsv c-end.tsv pq-pulls.tsv
}
is "pull: a commit of a pull request has its title and author: followed up there" \
	"followed-up nobody answered it on the list, but its author opened it as pull request #5 on the forge, where its review is: $(hexid c3) has its title and author" \
	"$(pq 'mdadm: Fix the assembly')"
is "control: another title: ignored" "ignored" "$(pq 'mdadm: fix the disassembly')"
# Rebased on the forge: the test renumbered ("nvme/039: " for "nvme/033: "),
# its summary kept; or the commit written long before it was posted.
is "pull: its title under another prefix: followed up, said so" \
	"followed-up nobody answered it on the list, but its author opened it as pull request #5 on the forge, where its review is: $(hexid c3) has its title (its prefix aside) and author" \
	"$(pq 'nvme/039: add test for ANA state transition' '' 'nvme/033: add test for ANA state transition')"
is "control: a summary of two words: ignored" "ignored" \
	"$(pq 'nvme/039: add test' '' 'nvme/033: add test')"
is "pull: written 600 days before it was posted: followed up" "followed-up" \
	"$(pq 'nvme: enable ANA support' 2019-06-11T09:00:00Z 'nvme: enable ANA support' | cut -d' ' -f1)"
is "controls: 600 days after it; a title of two words 600 days before: ignored" "ignored|ignored" \
	"$(pq 'nvme: enable ANA support' 2022-09-24T09:00:00Z 'nvme: enable ANA support')|$(pq 'nvme: fixes' 2019-06-11T09:00:00Z 'nvme: fixes')"
pq 'mdadm: fix the assembly' >/dev/null
# Bad rows: a number that is none, a date that is none; named, left out.
{
	cat pq-pulls.tsv
	printf 'five\t%s\t2021-02-08T09:00:00Z\tAnn\tann@a.org\tx\trepo\n' "$(hexid c4)"
	printf '6\t%s\tyesterday\tAnn\tann@a.org\ty\trepo\n' "$(hexid c5)"
} >pq-bad.tsv
ptreport patches --grace 0 pq.tsv none.tsv c-end.tsv pq-bad.tsv >pq-bad.out 2>pq-bad.err
is "pulls: bad rows named by file and line, the good one read (exit 1)" \
	"1|ptreport: pq-bad.tsv:3: column pull: not a pull request's number (1 or more): five (row left out)|ptreport: pq-bad.tsv:4: column date: not a date: yesterday|followed-up" \
	"$?|$(grep 'pq-bad.tsv' pq-bad.err | paste -sd'|')|$(awk -F'\t' '$1 == "q@x" { print $6 }' pq-bad.out)"
ptreport why q@x --grace 0 pq.tsv none.tsv c-end.tsv pq-pulls.tsv >why.out
grep -q "^  rule: nothing answered it on the list, but its author opened it as a forge's pull request too" why.out
ok $? "pull: why gives the rule"

# --- 4c'''. the rest of its posting merged, not it -------------------------------
# Ann's series 1/3, 2/3, 3/3 (threaded to 1/3); MERGED of 1/3 and 2/3
# merged, nobody answered anything: 3/3 was left out by whoever took the
# others.  lo N
lo() {
	{
		whdr
		bg
		w l1@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 1/3] pyverbs: add a device class' patch '' 1 1 3
		w l2@x 2021-02-01T09:01:00Z Ann ann@a.org '[PATCH 2/3] pyverbs: add a queue class' patch l1@x 1 2 3
		w l3@x 2021-02-01T09:02:00Z Ann ann@a.org '[PATCH 3/3] pyverbs: add an example' patch l1@x 1 3 3
	} >lo.tsv
	{
		khdr
		[ "$1" -ge 1 ] && { member 1 l1@x mail; member 1 "$C1" commit; }
		[ "$1" -ge 2 ] && { member 2 l2@x mail; member 2 "$C2" commit; }
		member 3 l3@x mail
	} >k-lo.tsv
	{
		chdr
		commit "$C1" "${2:-2021-02-10T09:00:00Z}" "${2:-2021-02-10T09:00:00Z}"
		commit "$C2" "${2:-2021-02-10T09:00:00Z}" "${2:-2021-02-10T09:00:00Z}"
		commit "$C9" 2024-09-01T00:00:00Z 2024-09-01T00:00:00Z
	} >c-lo.tsv
	V l3@x --grace 0 lo.tsv k-lo.tsv c-lo.tsv
}
is "left out: the two other parts merged, not it: unsure" \
	"unsure nobody answered it, but 2 of the 2 other parts of its posting were merged without it: the others taken, it left out" \
	"$(lo 2)"
is "... one of them merged: unsure" "unsure" "$(lo 1 | cut -d' ' -f1)"
is "control: none merged: ignored" "ignored" "$(lo 0)"
is "... the others made again by another's commits two years later: not taken, ignored" \
	"ignored" "$(lo 2 2023-02-10T09:00:00Z)"
# The two merged parts are commits of pull request #7 by WHO: by Ann,
# the posting went to the forge, where its review is (followed up); by
# another, a doubt still.  lop WHO ADDR
lop() {
	lo 2 >/dev/null
	{
		printf 'pull\tid\tdate\tfrom_name\tfrom_addr\tsubject\tsrc\n'
		printf '7\t%s\t2021-02-05T09:00:00Z\t%s\t%s\tpyverbs: add a device class\trepo\n' \
		    "$(hexid c6)" "$1" "$2"
		printf '7\t%s\t2021-02-05T09:00:00Z\t%s\t%s\tpyverbs: add a queue class\trepo\n' \
		    "$(hexid c7)" "$1" "$2"
	} >lo-pulls.tsv
	V l3@x --grace 0 lo.tsv k-lo.tsv c-lo.tsv lo-pulls.tsv
}
is "left out of a pull request's posting: followed up, the pull request named" \
	"followed-up nobody answered it on the list, but 2 of the 2 other parts of its posting were merged without it, and they are commits of pull request #7 ($(hexid c6)): its author took the posting to the forge, where its review is" \
	"$(lop Ann ann@a.org)"
is "control: the pull request another's: unsure" "unsure" "$(lop Bob bob@b.org | cut -d' ' -f1)"
lop Ann ann@a.org >/dev/null
ptreport why l3@x --grace 0 lo.tsv k-lo.tsv c-lo.tsv lo-pulls.tsv >why.out
grep -q '^  rule: nothing answered it on the list, but other parts of its posting .* commits of a forge.s pull request' why.out
ok $? "left out of a pull request's posting: why gives the rule"

# Folded: l3@x adds one line (pyverbs/qp.py); C3, by
# WHO, committed AT, carries them: pushed with C1 and C2 (Max's, at
# 2021-02-10 09:00) it was folded into the series before it went in.
# fo WHO ADDR AT ADDED
C3=$(hexid c3)
fo() {
	lo 2 >/dev/null
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'l3@x\tmail\t2021-02-01T09:02:00Z\tpyverbs/qp.py\t\tF pyverbs/qp.py\\tpyverbs/qp.py\\n@ \\n+        self.ops.clear_cs(cs)\\n\n'
		printf '%s\tcommit\t2021-01-20T09:00:00Z\tpyverbs/qp.py\t\tF pyverbs/qp.py\\tpyverbs/qp.py\\n@ \\n+%s\\n-        self.flush_cache(None)\\n+        other_line_here(x)\\n\n' \
		    "$C3" "$4"
	} >fo.tok
	{
		chdr
		commit "$C1" 2021-02-10T09:00:00Z 2021-02-10T09:00:00Z
		commit "$C2" 2021-02-10T09:00:00Z 2021-02-10T09:00:00Z
		crow "$C3" 2021-01-20T09:00:00Z Pia pia@p.org "qp: split the parser" "$1" "$2" "$3"
		commit "$C9" 2022-09-01T00:00:00Z 2022-09-01T00:00:00Z
	} >c-fo.tsv
	V l3@x --grace 0 lo.tsv fo.tok k-lo.tsv c-fo.tsv
}
is "folded: a commit pushed with the merged parts carries its lines: reworked" \
	"reworked $C3, pushed with the commits of the other parts of its posting, carrying 1 of the 1 lines it adds" \
	"$(fo Max maint@m.org 2021-02-10T09:30:00Z '        self.ops.clear_cs(cs)')"
is "control: committed by another: unsure" "unsure" \
	"$(fo Pia pia@p.org 2021-02-10T09:30:00Z '        self.ops.clear_cs(cs)' | cut -d' ' -f1)"
is "control: committed three days later: unsure" "unsure" \
	"$(fo Max maint@m.org 2021-02-13T09:30:00Z '        self.ops.clear_cs(cs)' | cut -d' ' -f1)"
is "control: another line added: unsure" "unsure" \
	"$(fo Max maint@m.org 2021-02-10T09:30:00Z '        self.ops.flush(cs)' | cut -d' ' -f1)"
fo Max maint@m.org 2021-02-10T09:30:00Z '        self.ops.clear_cs(cs)' >/dev/null
ptreport verdicts -q --grace 0 lo.tsv fo.tok k-lo.tsv c-fo.tsv >fo.v
is "folded: the verdicts table's reason and commit" "reworked|folded|$C3" \
	"$(awk -F'\t' '$2 == "l3@x" { print $3 "|" $4 "|" $6 }' fo.v)"
ptreport patches -q --grace 0 lo.tsv fo.tok k-lo.tsv c-fo.tsv >fo.judged
ptreport patches -q --grace 0 --verdicts fo.v lo.tsv fo.tok k-lo.tsv c-fo.tsv >fo.given
same "folded: the verdicts given render the same patches report" fo.judged fo.given
ptreport why l3@x --grace 0 lo.tsv fo.tok k-lo.tsv c-fo.tsv >why.out
grep -q '^  rule: nothing answered it, and the other parts of its posting were merged without it, but a commit pushed with theirs' why.out
ok $? "folded: why gives the rule"

# --- 4d. the other half of a submission to two repositories --------------------
# Ann posts the kernel's half k@x (kernel/ioctl.c: no file of this
# repository) and, GAP later, the tool's half t@x (tools/foo.c); WHO
# answers k@x in its thread.  Nobody answers t@x.  A reader of the
# threads may call t@x answered by the review of k@x, or still waiting:
# unsure, both named.  half GAP WHO
half() {
	{
		whdr
		bg
		w k@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] fs: add an ioctl to force allocation'
		w t@x "$1" Ann ann@a.org '[PATCH] tools: add an alloc command'
		w kr@x 2021-02-02T09:00:00Z "$2" "$(echo "$2" | tr 'A-Z' 'a-z')@x.org" \
		    'Re: [PATCH] fs: add an ioctl to force allocation' reply k@x '' '' '' '' 'Why not sysfs?'
	} >half.tsv
	{
		thdr
		tok mail k@x 2021-02-01T09:00:00Z M:kernel/ioctl.c
		tok mail t@x "$1" M:tools/foo.c
		tok commit "$C2" 2020-06-01T09:00:00Z C:tools/foo.c
	} >half.tok
	{
		chdr
		commit "$C2" 2020-06-01T09:00:00Z 2020-06-01T09:00:00Z
		commit "$C9" 2022-09-01T00:00:00Z 2022-09-01T00:00:00Z
	} >c-half.tsv
	V t@x --grace 0 half.tsv half.tok none.tsv c-half.tsv
}
is "companion: the kernel half, 90 s before, answered by another: unsure, both named" \
	"unsure nobody answered it, but its other half for another repository, posted with it or linking it by its author, was answered: k@x (kr@x)" \
	"$(half 2021-02-01T09:01:30Z Bob)"
is "control: the kernel half itself is another repository's" "not-counted" \
	"$(V k@x --grace 0 half.tsv half.tok none.tsv c-half.tsv | cut -d' ' -f1)"
is "control: posted an hour apart: ignored" "ignored" "$(half 2021-02-01T10:00:00Z Bob)"
is "control: only its author wrote in the kernel half's thread: ignored" "ignored" \
	"$(half 2021-02-01T09:01:30Z Ann)"
# Max, who commits to this repository, answered the kernel half: he
# reviewed the submission, both halves.
is "companion: answered by one who commits here: answered, the half named" \
	"answered max@x.org, who commits here, in the thread of its other half for another repository (k@x)" \
	"$(half 2021-02-01T09:01:30Z Max)"
# The kernel half a series of two: Bob answers K, part 1/2 (on the
# tool's subject: "force allocation") or part 2/2 (another subject).
# An answer to 2/2 is that part's, none of the tool's.  halfs K
halfs() {
	{
		whdr
		bg
		w k1@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 1/2] fs: add an ioctl to force allocation' \
		    patch '' 1 1 2
		w k2@x 2021-02-01T09:00:05Z Ann ann@a.org '[PATCH 2/2] fs: drop the old sysfs knob' \
		    patch k1@x 1 2 2
		w t@x 2021-02-01T09:01:30Z Ann ann@a.org '[PATCH] tools: add a command to force allocation'
		w kr@x 2021-02-02T09:00:00Z Bob bob@x.org "Re: [PATCH] $1" reply "$2" '' '' '' '' 'Why not?'
	} >halfs.tsv
	{
		thdr
		tok mail k1@x 2021-02-01T09:00:00Z M:kernel/ioctl.c
		tok mail k2@x 2021-02-01T09:00:05Z M:kernel/sysfs.c
		tok mail t@x 2021-02-01T09:01:30Z M:tools/foo.c
		tok commit "$C2" 2020-06-01T09:00:00Z C:tools/foo.c
	} >halfs.tok
	V t@x --grace 0 halfs.tsv halfs.tok none.tsv c-half.tsv | cut -d' ' -f1
}
is "companion: of a series, the part on its subject answered: unsure" "unsure" \
	"$(halfs 'fs: add an ioctl to force allocation' k1@x)"
is "control: only the series' other part answered: ignored" "ignored" \
	"$(halfs 'fs: drop the old sysfs knob' k2@x)"
half 2021-02-01T09:01:30Z Bob >/dev/null
ptreport why t@x --grace 0 half.tsv half.tok none.tsv c-half.tsv >why.out
grep -q '^  rule: nothing answered it, but its author posted a patch for another repository within 10 minutes of it' why.out
ok $? "companion: why gives the rule"

# Her later patch mail carries the lines, under another title (a repost
# folding it in), nobody answering either: superseded by it, in a thread
# of its own.  Deep in the thread (a reply to her ping) it is counted
# nowhere: silent, it stands for nothing, and p@x carries the silence
# (ignored); answered there, it stands for p@x.  lm NAME ADDR IRT
# [ANSWERED]: the later mail's sender, what it replies to (b@x, Ann's
# ping: deep in the thread), and Bob's answer to it.
lm() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: check the registers'
		w b@x 2021-02-20T09:00:00Z Ann ann@a.org 'Re: [PATCH] foo: check the registers' reply p@x \
		    '' '' '' ping 'Ping?'
		w r@x 2021-03-01T09:00:00Z "$1" "$2" 'Repost: [PATCH] foo: probe it properly' patch "$3"
		[ -z "${4:-}" ] || w rb@x 2021-03-02T09:00:00Z Bob bob@b.org \
		    'Re: Repost: [PATCH] foo: probe it properly' reply r@x '' '' '' '' 'Applied, thanks.'
	} >lm.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'p@x\tmail\t2021-02-01T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n%s\\n%s\\n%s\\n%s\\n\n' "$L1" "$L2" "$L3" "$L4"
		printf 'r@x\tmail\t2021-03-01T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n+\\tfoo_reset(dev);\\n%s\\n%s\\n%s\\n%s\\n\n' "$L1" "$L2" "$L3" "$L4"
	} >lm.tok
	V p@x --grace 0 lm.tsv lm.tok none.tsv c-end.tsv
}
is "carried: her repost deep in the thread, another title, nobody answering either: ignored" \
	"ignored" "$(lm Ann ann@a.org b@x)"
is "carried: ... answered there: not ignored, answered with it" \
	"answered-together r@x" "$(lm Ann ann@a.org b@x yes)"
is "carried: ... or in a thread of its own" \
	"superseded r@x, carrying 4 of its 4 added lines" "$(lm Ann ann@a.org '')"
is "control: the same patch by another, in a thread of its own: ignored" \
	"ignored" "$(lm Cid cid@c.org '')"
# Her later patch r@x (its own thread, another title, a month later)
# changes the line p@x removes, another way; none carries p@x's added
# line: her next version of the change (superseded).  rl NAME ADDR OLD:
# the later patch's sender, and the line it removes.
rl() {
	{
		whdr
		bg
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: wait while the device is busy'
		w r@x 2021-03-01T09:00:00Z "$1" "$2" "[PATCH] ${5:-foo: poll the status register}"
	} >rl.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'p@x\tmail\t2021-02-01T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n-\\tif (readl(base + FOO_STATUS) & FOO_BUSY)\\n+\\twhile (foo_is_busy(dev, FOO_STATUS))\\n\n'
		printf 'r@x\tmail\t2021-03-01T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n-\\t%s\\n%s+\\tif (readl_poll_timeout(base, FOO_STATUS))\\n\n' "$3" "${4:-}"
	} >rl.tok
	V p@x --grace 0 rl.tsv rl.tok none.tsv c-end.tsv
}
is "later lines: her later patch changes the line it removes: superseded by it" \
	"superseded r@x, changing 1 of the 1 lines it removes" \
	"$(rl Ann ann@a.org 'if (readl(base + FOO_STATUS) & FOO_BUSY)')"
is "control: another's later patch on that line: ignored" "ignored" \
	"$(rl Cid cid@c.org 'if (readl(base + FOO_STATUS) & FOO_BUSY)')"
is "control: her later patch on another line: ignored" "ignored" \
	"$(rl Ann ann@a.org 'if (readl(base + FOO_CTRL) & FOO_ENABLE)')"
# Her line among the seven her later patch removes (under a quarter):
# her next version when its title shares a word with hers ("wait",
# "device"), not under another title (her rework of the whole file).
is "later lines: her line among seven, titled about waiting for the device: superseded" \
	"superseded r@x, changing 1 of the 1 lines it removes" \
	"$(rl Ann ann@a.org 'if (readl(base + FOO_STATUS) & FOO_BUSY)' "$many" \
	    'foo: wait for the device with a timeout')"
is "control: the same under a title sharing no word: ignored" "ignored" \
	"$(rl Ann ann@a.org 'if (readl(base + FOO_STATUS) & FOO_BUSY)' "$many")"
rl Ann ann@a.org 'if (readl(base + FOO_STATUS) & FOO_BUSY)' >/dev/null
ptreport why p@x --grace 0 rl.tsv rl.tok none.tsv c-end.tsv >why.out
grep -q '^  a later patch of its author changing the lines it removes: r@x' why.out &&
    grep -q '^  rule: nothing answered it, and no patch or commit carries its lines, but a later patch' why.out &&
    grep -q '^  files: changes drivers/foo.c$' why.out
ok $? "later lines: why names the patch, the rule and the files"
# Her earlier patch, answered by Bob, carries the lines of a later one
# (v1 reviewed, its lines sent again split in parts under a new title):
# the later one's version was answered.  em ANSWERER: who replied to the
# earlier one (Ann herself: no answer).
em() {
	{
		whdr
		bg
		w e@x 2021-01-10T09:00:00Z Ann ann@a.org '[PATCH] foo: rework the probe'
		w a@x 2021-01-11T09:00:00Z "$1" "$2" 'Re: [PATCH] foo: rework the probe' reply e@x
		w p@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH 1/2] foo: check the registers' patch \
		    '' '' 1 2
	} >em.tsv
	{
		printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
		printf 'e@x\tmail\t2021-01-10T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n+\\tfoo_reset(dev);\\n%s\\n%s\\n%s\\n%s\\n\n' "$L1" "$L2" "$L3" "$L4"
		printf 'p@x\tmail\t2021-02-01T09:00:00Z\tdrivers/foo.c\t\tF drivers/foo.c\\tdrivers/foo.c\\n@ foo_probe\\n%s\\n%s\\n%s\\n%s\\n\n' "$L1" "$L2" "$L3" "$L4"
	} >em.tok
	V p@x --grace 0 em.tsv em.tok none.tsv c-end.tsv
}
is "carried back: her earlier patch, answered, carries its lines: answered-version, naming it" \
	"answered-version e@x, an earlier patch of its author carrying 4 of its 4 added lines" \
	"$(em Bob bob@b.org)"
is "control: the earlier patch answered by nobody but her: ignored" "ignored" \
	"$(em Ann ann@a.org)"
em Bob bob@b.org >/dev/null
ptreport verdicts -q --grace 0 em.tsv em.tok none.tsv c-end.tsv >em.v
is "carried back: the verdicts table's reason and evidence" "answered-version carried e@x" \
	"$(awk -F'\t' '$2 == "p@x" { print $3, $4, $8 }' em.v)"
ptreport why p@x --grace 0 em.tsv em.tok none.tsv c-end.tsv >why.out
grep -q '^  an earlier, answered, patch of its author carrying its lines: e@x' why.out
ok $? "carried back: why names the earlier patch"
carry 2021-03-01T09:00:00Z drivers/foo.c 4 >/dev/null
ptreport why p@x --grace 0 ca.tsv ca.tok none.tsv c-ca.tsv >why.out
grep -q "^  a commit carrying its lines: $C1  2021-03-01 .*>\$" why.out
ok $? "carried: why names the commit and the lines it carries"
ptreport patches --grace 0 ca.tsv - none.tsv c-ca.tsv <ca.tok | awk -F'\t' '$1 == "p@x" { print $6 }' >ca.stdin
is "carried: a patch table on standard input is not read twice: ignored (the lines unknown)" \
	"ignored" "$(cat ca.stdin)"

# --- 5. a tag the history never takes; not meant to be merged --------------------
# Three [KIRK] patches nobody took; three others merged.
tags() {
	{
		whdr
		bg
		for i in 1 2 3; do
			w k$i@x 2021-02-0${i}T09:00:00Z Ann ann@a.org "[${TAGW:-KIRK}][PATCH] kirk: change $i"
			w m$i@x 2021-02-0${i}T10:00:00Z Ann ann@a.org "[PATCH] lib: change $i"
		done
	} >tags.tsv
	{
		khdr
		for i in 1 2 3; do member $i m$i@x mail; member $i "$(hexid c$i)" commit; done
		if [ "$1" = taken ]; then member 4 k1@x mail; member 4 "$(hexid c4)" commit; fi
	} >k-tags.tsv
	{
		chdr
		for i in 1 2 3 4; do commit "$(hexid c$i)" 2021-02-10T00:00:00Z 2021-02-10T00:00:00Z; done
		commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
	} >c-tags.tsv
	V k2@x --grace 0 tags.tsv k-tags.tsv c-tags.tsv
}
is "tags: [KIRK], none of whose 3 patches the history took: another repository's" \
	"not-counted not for this repository: its subject's tag [kirk], a tag none of whose 3 patches the history took" \
	"$(tags)"
is "control: one [KIRK] patch merged: the tag is taken, the others ignored" "ignored" "$(tags taken)"
is "control: [DRAFT], a patch's state, names no repository: ignored" "ignored" \
	"$(TAGW=DRAFT tags)"
# A patch naming no repository, replying in another's thread: the
# thread's tag names its repository (a reviewer's fix-up attached in a
# "[KIRK]" thread).  thr NAME ADDR [PART TOTAL]: r@x "[PATCH] kirk: fix
# the fix" by NAME replying to Ann's k1@x; four [KIRK] patches nobody
# took, three others merged.
thr() {
	{
		whdr
		bg
		for i in 1 2 3 4; do
			w k$i@x 2021-02-0${i}T09:00:00Z Ann ann@a.org "[KIRK][PATCH] kirk: change $i"
		done
		for i in 1 2 3; do
			w m$i@x 2021-02-0${i}T10:00:00Z Ann ann@a.org "[PATCH] lib: change $i"
		done
		w r@x 2021-02-05T09:00:00Z "$1" "$2" '[PATCH] kirk: fix the fix' patch k1@x '' \
		    "${3:-1}" "${4:-1}"
	} >thr.tsv
	{
		khdr
		for i in 1 2 3; do member $i m$i@x mail; member $i "$(hexid c$i)" commit; done
	} >k-thr.tsv
	{
		chdr
		for i in 1 2 3; do commit "$(hexid c$i)" 2021-02-10T00:00:00Z 2021-02-10T00:00:00Z; done
		commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
	} >c-thr.tsv
	V r@x --grace 0 thr.tsv k-thr.tsv c-thr.tsv
}
is "a reviewer's patch in a [KIRK] thread, naming no repository: the thread's, another repository's" \
	"not-counted not for this repository: the thread it replies in has the tag [kirk], a tag none of whose 4 patches the history took" \
	"$(thr Bob bob@b.org)"
is "control: the thread's author's own patch in it (his other half): its own files decide, ignored" \
	"ignored" "$(thr Ann ann@a.org)"
is "control: a numbered part (2/2): its posting decides, ignored" "ignored" \
	"$(thr Bob bob@b.org 2 2)"
# On a list of several repositories a library's patch is now and then
# matched to the commit of the tool's companion patch: twelve [LIB]
# patches, one of them "merged", where the history takes all twelve
# others (12 of 24, the companion's merge its [LIB] half's: 6
# expected): a tag taken at most 1 in 4 of the rate of all is another
# repository's; two of twelve is taken.  lib N [TAG NAME ADDR]: N of
# the [LIB] patches merged, in the clusters of the first N tool
# patches, tagged [PATCH TAG], the first three by NAME ADDR (Ann's).
lib() {
	{
		whdr
		bg
		for i in 10 11 12 13 14 15 16 17 18 19 20 21; do
			nm=Ann ad=ann@a.org
			[ "$i" -le 12 ] && nm=${3:-Ann} ad=${4:-ann@a.org}
			w l$i@x 2021-02-${i}T09:00:00Z Ann ann@a.org "[PATCH lib] lib: change $i"
			w o$i@x 2021-02-${i}T10:00:00Z "$nm" "$ad" "[PATCH${2:+ $2}] tool: change $i"
		done
	} >lib.tsv
	{
		khdr
		for i in 10 11 12 13 14 15 16 17 18 19 20 21; do
			member $i o$i@x mail
			member $i "$(hexid c$i)" commit
			[ "$i" -lt $((10 + $1)) ] && member $i l$i@x mail
		done
	} >k-lib.tsv
	{
		chdr
		for i in 10 11 12 13 14 15 16 17 18 19 20 21; do
			commit "$(hexid c$i)" 2021-02-${i}T12:00:00Z 2021-02-${i}T12:00:00Z
		done
		commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
	} >c-lib.tsv
	V l20@x --grace 0 lib.tsv k-lib.tsv c-lib.tsv
}
is "tags: [lib], 1 of 12 merged where the history takes most: another repository's" \
	"not-counted not for this repository: its subject's tag [lib], a tag of whose 12 patches the history took 1 (it takes 50% of all, 50% of the project's: 6.0 expected)" \
	"$(lib 1)"
is "control: 2 of 12 merged: the tag is taken, the rest ignored" "ignored" "$(lib 2)"
# A companion's merge is none of its tag's: three [PATCH lib] patches
# in the clusters of the commits of Ann's [PATCH tool] patches posted
# with them (the other half's commit, or the same change sent to each
# repository) tell nothing of [lib]: not taken.  By another person the
# same three are merges of [lib]: taken.
is "tags: [lib] merged only beside its author's [tool] companions: another repository's" \
	"not-counted not for this repository: its subject's tag [lib], a tag none of whose 12 patches the history took" \
	"$(lib 3 tool)"
is "control: the [tool] patches another's: [lib] taken, the rest ignored" "ignored" \
	"$(lib 3 tool Bob bob@b.org)"
{
	whdr
	bg
	w n@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH WIP] testing patch for CI' patch '' '' '' '' nosub
	w o@x 2021-02-01T09:00:00Z Ann ann@a.org '[PATCH] foo: other'
} >nosub.tsv
{ khdr; member 1 n@x mail; member 1 "$(hexid c1)" commit; } >k-nosub.tsv
{ chdr; commit "$(hexid c1)" 2021-03-01T00:00:00Z 2021-03-01T00:00:00Z; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-nosub.tsv
is "not a submission, but its commit is in its cluster (a WIP posting of the change taken): merged" \
	"merged $(hexid c1)" "$(V n@x --grace 0 nosub.tsv k-nosub.tsv c-nosub.tsv)"
is "not a submission (flag nosub): a verdict of its own, not counted, never ignored" \
	"not-a-submission|ignored|1" \
	"$(V n@x --grace 0 nosub.tsv none.tsv c-end.tsv | cut -d' ' -f1)|$(V o@x --grace 0 nosub.tsv none.tsv c-end.tsv)|$(sval '  not submissions' --grace 0 nosub.tsv none.tsv c-end.tsv)"
# No [PATCH] tag and no Signed-off-by, where the 20 merged patches have one.
unsig() {
	{
		whdr
		bg
		i=10
		while [ $i -lt 30 ]; do
			w m$i@x 2021-01-${i}T09:00:00Z Ann ann@a.org "[PATCH] lib: change $i" patch '' \
			    '' '' '' '' '' "lib: change\\n\\nSigned-off-by: Ann <ann@a.org>"
			i=$((i + 1))
		done
		w u@x 2021-03-01T09:00:00Z Cid cid@c.org "$1" patch '' '' '' '' '' '' \
		    'build: link order fix\n\nIt works for me.'
	} >unsig.tsv
	{
		khdr
		i=10
		while [ $i -lt 30 ]; do member $i m$i@x mail; member $i "$(hexid c$i)" commit; i=$((i + 1)); done
		# unsig SUBJECT merged: its diff taken, as commit c30.
		[ "${2:-}" = merged ] && { member 30 u@x mail; member 30 "$(hexid c30)" commit; }
	} >k-unsig.tsv
	{
		chdr
		i=10
		while [ $i -lt 31 ]; do commit "$(hexid c$i)" 2021-03-01T00:00:00Z 2021-03-01T00:00:00Z; i=$((i + 1)); done
		commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
	} >c-unsig.tsv
	V u@x --grace 0 unsig.tsv k-unsig.tsv c-unsig.tsv
}
is "unsigned: no [PATCH] tag, no Signed-off-by, where every merged patch has one: not-a-submission" \
	"not-a-submission no [PATCH] tag and no Signed-off-by: a diff shared, not submitted (0 of the history's 20 merged patches lack both)" \
	"$(unsig 'build: link order fix')"
is "control: the [PATCH] tag: ignored" "ignored" "$(unsig '[PATCH] build: link order fix')"
# A diff shared in passing that the project took (its cluster holds a
# commit, c30) was a submission after all: merged.
is "unsigned but merged (a report's diff committed): merged, a submission" \
	"merged $(hexid c30)" "$(unsig 'build: link order fix' merged)"

# --- 6. a commit older than the mail ---------------------------------------------
# Ann's p@x (2021-03-10) in a cluster with C1, committed at CDATE; the
# patch table's hashes HP and HC.
old() {
	{ whdr; bg; w p@x 2021-03-10T09:00:00Z Ann ann@a.org '[PATCH] doc: cache coloring'; } >old.tsv
	{ khdr; member 1 p@x mail; member 1 "$C1" commit; } >k-old.tsv
	{ chdr; commit "$C1" 2020-07-01T00:00:00Z "$1"; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-old.tsv
	{
		t2hdr
		t2 mail p@x 2021-03-10T09:00:00Z "$2" '' M:doc/coloring.md
		t2 commit "$C1" "$1" "$3" '' M:doc/coloring.md
	} >old.tok
	V p@x --grace 0 old.tsv old.tok k-old.tsv c-old.tsv
}
is "older: committed 8 months before the mail, another patch: not merged (ignored)" "ignored" \
	"$(old 2020-07-10T00:00:00Z aaaa bbbb)"
is "control: the mail an exact repost of it (the same hash): merged" "merged $C1" \
	"$(old 2020-07-10T00:00:00Z aaaa aaaa)"
is "control: committed 12 hours before the mail (the clocks, a commit mailed): merged" "merged $C1" \
	"$(old 2021-03-09T21:00:00Z aaaa bbbb)"
# Committed on a branch 8 months before the mail, by Ann herself, and
# brought in by a merge after she posted it: her branch's commit, posted
# and then merged, is its application (landed when the merge was made).
# obr COMMITTER-NAME COMMITTER-ADDR [MERGE-DATE]
obr() {
	{
		chdr
		crow "$C1" 2020-07-01T00:00:00Z Ann ann@a.org 'doc: cache coloring' "$1" "$2" 2020-07-10T00:00:00Z
		commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
	} >c-obr.tsv
	{
		printf 'id\tmerge\tmerge_date\tmerge_subject\tsrc\n'
		[ -z "${3:-}" ] || printf '%s\t%s\t%s\tMerge branch '"'"'doc'"'"' of https://example.org/ann\t\n' \
		    "$C1" "$(hexid 3e9)" "$3"
	} >m-obr.tsv
	V p@x --grace 0 old.tsv old.tok k-old.tsv c-obr.tsv m-obr.tsv
}
is "older: her own branch's commit, merged 2 days after she posted it: merged" "merged $C1" \
	"$(obr Ann ann@a.org 2021-03-12T00:00:00Z)"
is "controls: merged before she posted it; a maintainer's commit (an earlier version applied), merged after; no merge known" \
	"ignored|ignored|ignored" \
	"$(obr Ann ann@a.org 2021-03-01T00:00:00Z | cut -d' ' -f1)|$(obr Max maint@m.org 2021-03-12T00:00:00Z | cut -d' ' -f1)|$(obr Ann ann@a.org | cut -d' ' -f1)"
# Sent as a part of a pull request (Max's "[PATCH 0/1] pull request for
# next: doc 2021-03-10", git request-pull's text): the copy of the
# commit he took 20 days before, with another hash (rebased): merged.
# Controls: under a cover letter of no pull request; the commit 200 days
# before (another year's change, in the cluster by the title).
opr() { # COVER-TYPE COMMIT-DATE
	{
		whdr
		bg
		w pr0@x 2021-03-10T08:59:00Z Max maint@m.org '[PATCH 0/1] pull request for next: doc 2021-03-10' "$1" '' '' 0 1
		w pr1@x 2021-03-10T09:00:00Z Ann ann@a.org '[PATCH 1/1] doc: cache coloring' patch pr0@x '' 1 1
	} >opr.tsv
	{ khdr; member 1 pr1@x mail; member 1 "$C1" commit; } >k-opr.tsv
	{ chdr; commit "$C1" 2020-07-01T00:00:00Z "$2"; commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-opr.tsv
	{
		t2hdr
		t2 mail pr1@x 2021-03-10T09:00:00Z aaaa '' M:doc/coloring.md
		t2 commit "$C1" "$2" bbbb '' M:doc/coloring.md
	} >opr.tok
	V pr1@x --grace 0 opr.tsv opr.tok k-opr.tsv c-opr.tsv | cut -d' ' -f1-2
}
is "older: a part of a pull request, the copy of a commit taken 20 days before: merged" "merged $C1" \
	"$(opr pull 2021-02-18T00:00:00Z)"
is "controls: under a cover letter of no pull request; a commit 200 days before" "ignored|ignored" \
	"$(opr cover 2021-02-18T00:00:00Z | cut -d' ' -f1)|$(opr pull 2020-08-22T00:00:00Z | cut -d' ' -f1)"
opr pull 2021-02-18T00:00:00Z >/dev/null
is "why: the pull request's copy, its rule" \
	"  rule: a part of a pull request's posting (its parent the pull request), the copy of a commit taken before: its cluster holds a commit of the main line committed in the 120 days before it (the latest)" \
	"$(ptreport why pr1@x --grace 0 opr.tsv opr.tok k-opr.tsv c-opr.tsv | grep '^  rule:')"

# A mail its list wrapped for DMARC is read under its sender's id, the
# wrapper's in its aliases column (mbox2tsv): Bob answered the wrapper
# (the list's copy, w@x), his reply read before the patch, or after it.
# Control: a table without the aliases column: ignored.
wrapped() { # ORDER(first|last) [NOALIAS]
	{
		whdr | sed 's/$/\taliases/'
		bg | sed 's/$/\t/'
		reply=$(w r@x 2021-03-11T09:00:00Z Bob bob@b.org 'Re: [PATCH] doc: cache coloring' reply w@x '' '' '' '' 'Applied.')
		[ "$1" = first ] && printf '%s\t\n' "$reply"
		printf '%s\t%s\n' "$(w p@x 2021-03-10T09:00:00Z Ann ann@a.org '[PATCH] doc: cache coloring')" "${2-w@x}"
		[ "$1" = last ] && printf '%s\t\n' "$reply"
	} >wrap.tsv
	V p@x --grace 0 wrap.tsv none.tsv c-end.tsv
}
is "wrapped: a reply to the list's wrapper answers the mail, read before it or after it" \
	"answered bob@b.org|answered bob@b.org" "$(wrapped first)|$(wrapped last)"
is "control: no alias: ignored" "ignored" "$(wrapped first '')"

# --- 7. the same bytes again, rows reordered -----------------------------------------
for f in ser.tsv ver.tsv; do
	{ head -1 "$f"; sed 1d "$f" | sort -r; } >"rev-$f"
done
ser s1@x
a=$(ptreport patches -q --grace 0 ser.tsv none.tsv c-end.tsv)
b=$(ptreport patches -q --grace 0 rev-ser.tsv none.tsv c-end.tsv)
[ "$a" = "$b" ]
ok $? "the rows in another order: the same verdicts"

done_testing
