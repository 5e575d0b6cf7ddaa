#!/bin/sh
# ptreport: each rule of ptreport(1) on a small table written for it
# (threads through References, who is a response, versions, merged,
# what is a patch for the project, windows), with a control case that
# flips the verdict when the rule's condition goes; the hand-made tables
# of tests/data/ptreport for offlist, weekly (ISO weeks over year ends),
# cycle, duration and eval (numbers worked out by hand); --max-series,
# output formats, bad input, plots; then the bundled sample through the
# whole chain: the reports agree with each other and do not depend on
# the order of operands or rows.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
D=$DATA/ptreport
git_sandbox

# A mails table by hand: mhdr, then
#   mail ID DATE NAME ADDR TYPE IN_REPLY_TO REFERENCES [FLAGS [TOTAL]]
# (the subject is "[PATCH] ID", the list "dev").
mhdr() {
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tversion\tpart\ttotal\tflags\n'
}
mail() {
	printf '%s\t%s\t%s\t%s\t[PATCH] %s\tdev\t%s\t%s\t%s\t\t\t%s\t%s\n' \
	    "$1" "$2" "$3" "$4" "$1" "$6" "$7" "$5" "${9:-}" "${8:-}"
}
# smail ID DATE NAME ADDR TYPE IN_REPLY_TO REFERENCES VERSION PART TOTAL [FLAGS]:
# a mail of a series (subject "[PATCH vV k/N] ID", list dev).
smail() {
	printf '%s\t%s\t%s\t%s\t[PATCH v%s %s/%s] %s\tdev\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
	    "$1" "$2" "$3" "$4" "$8" "$9" "${10}" "$1" "$6" "$7" "$5" "$8" "$9" "${10}" "${11:-}"
}
# A clusters table: khdr, then member CLUSTER ID KIND.
khdr() {
	printf 'cluster\tid\tkind\tdate\tauthor\ttype\tlist\ttitle\n'
}
member() {
	printf '%s\t%s\t%s\t\t\t\t\t\n' "$@"
}
khdr >none.tsv
C5=c500000000000000000000000000000000000000

# verdict ID TABLE...: "verdict detail" of mail ID in ptreport patches.
# These tables cover a day or a few: --grace 0, or every unanswered patch
# would be too new (that rule has its own tests below).
verdict() {
	id=$1
	shift
	ptreport patches -q --grace 0 "$@" | awk -F'\t' -v id="$id" '$1 == id { print $6 " " $7 }' |
	    sed 's/ $//'
}
# col NAME FILE: the column NAME of a TSV file, without its header.
col() {
	awk -F'\t' -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next }
		{ print $c }' "$2"
}
# sum NAME FILE: the sum of a column.
sum() {
	col "$1" "$2" | awk '{ s += $1 } END { print s + 0 }'
}

# --- command line -------------------------------------------------------
run ptreport --help
is "--help exits 0" 0 "$rc"
grep -q '^usage: ptreport command' "$T/out"
ok $? "--help prints the usage on stdout"
for c in patches ignored offlist weekly cycle duration eval summary maintainers; do
	grep -q "^  $c " "$T/out"
	ok $? "--help lists the command $c"
done
run ptreport -V
is "-V exits 0" 0 "$rc"
grep -q '^ptreport (patchtrack) ' "$T/out"
ok $? "--version"
run ptreport
is "no command exits 2" 2 "$rc"
grep -q '^usage: ptreport' "$T/err"
ok $? "no command: the usage on stderr"
run ptreport frobnicate none.tsv
is "an unknown command exits 2" 2 "$rc"
grep -q 'unknown command: frobnicate' "$T/err"
ok $? "an unknown command is named"
run ptreport weekly --no-such-option none.tsv
is "an unknown option exits 2" 2 "$rc"
for bad in "-S 0" "-S x" "-S -3" "-s 2021-13-01" "-s yesterday" "-u 2021-02-30" \
    "-u 2021-03-01T25:00:00Z" "-n -1" "-n x"; do
	run ptreport summary $bad "$D/clusters.tsv" "$D/mails.tsv"
	is "usage error: $bad exits 2" 2 "$rc"
	[ ! -s "$T/out" ] && [ -s "$T/err" ]
	ok $? "usage error: $bad: nothing on stdout, a message on stderr"
done
run ptreport eval "$D/clusters.tsv" "$D/mails.tsv"
is "eval without --truth is a usage error" 2 "$rc"
run ptreport cycle -R '(' "$D/clusters.tsv" "$D/mails.tsv"
is "cycle with a bad --release regex is a usage error" 2 "$rc"
grep -q -- '--release (' "$T/err"
ok $? "the bad regex is named"
run ptreport summary -S 1 -n 0 -s 2021-03-01 -u 2021-03-01T12:00:00Z "$D/clusters.tsv" "$D/mails.tsv"
is "options at their limits are fine" 0 "$rc"

# --- threads and responses -------------------------------------------------
# A reply that carries only References: (PaStA follows In-Reply-To only).
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail r@x 2021-03-01T10:00:00Z Bob bob@b.org reply '' p@x
} >refs.tsv
is "a reply with only References answers the patch" "answered bob@b.org" \
	"$(verdict p@x refs.tsv none.tsv)"
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail r@x 2021-03-01T10:00:00Z Bob bob@b.org reply '' ''
} >norefs.tsv
is "control: the same reply in no thread leaves it ignored" "ignored" \
	"$(verdict p@x norefs.tsv none.tsv)"
# A reply to a Message-ID missing from the archive still joins the thread.
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch lost@x lost@x
	mail r@x 2021-03-01T10:00:00Z Bob bob@b.org reply lost@x lost@x
} >lost.tsv
is "a missing cover letter joins its thread; 1/N under it counts" "answered bob@b.org" \
	"$(verdict p@x lost.tsv none.tsv)"

# Who is a response: not the author (same address, or same name).
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z 'Ann One' ann@a.org patch '' ''
	mail r1@x 2021-03-01T10:00:00Z 'Ann One' ann@a.org reply p@x p@x
	mail r2@x 2021-03-01T11:00:00Z 'Ann One' ann@home.example reply r1@x 'p@x r1@x'
} >self.tsv
is "replies from the author's address and from her name elsewhere: ignored" "ignored" \
	"$(verdict p@x self.tsv none.tsv)"
ptreport ignored -q --grace 0 self.tsv none.tsv >ign.tsv
is "... and listed by ignored, with 3 mails in its thread" "p@x 3" \
	"$(col id ign.tsv) $(col thread ign.tsv)"
sed 's/Ann One\tann@home.example/Ann Other\tann@home.example/' self.tsv >other.tsv
is "control: another name at another address is a response" "answered ann@home.example" \
	"$(verdict p@x other.tsv none.tsv)"
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail r@x 2021-03-01T09:05:00Z 'Patchwork Bot' bot@pw.example bot p@x p@x
} >bot.tsv
is "a bot's reply is no response" "ignored" "$(verdict p@x bot.tsv none.tsv)"
sed 's/\tbot\t/\treply\t/' bot.tsv >notbot.tsv
is "control: the same mail as a reply is one" "answered bot@pw.example" \
	"$(verdict p@x notbot.tsv none.tsv)"
# Another person's patch in the thread after it (a counter proposal, a
# maintainer's rework) answers it; a cover letter does not, nor a patch
# before it, nor a part of its own series sent by another.
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail q@x 2021-03-01T10:00:00Z Bob bob@b.org patch p@x p@x
	mail c@x 2021-03-01T11:00:00Z Bob bob@b.org cover p@x p@x
} >patchreply.tsv
is "another's patch in the thread, after it, answers it" "answered bob@b.org" \
	"$(verdict p@x patchreply.tsv none.tsv)"
grep -v '^q@x' patchreply.tsv >coverreply.tsv
is "control: another's cover letter in the thread is no response" "ignored" \
	"$(verdict p@x coverreply.tsv none.tsv)"
sed '/^q@x/s/2021-03-01T10:00:00Z/2021-03-01T08:00:00Z/' patchreply.tsv >patchbefore.tsv
is "control: another's patch in the thread before it is no response" "ignored" \
	"$(verdict p@x patchbefore.tsv none.tsv)"
{
	mhdr
	smail s0@x 2021-03-01T09:00:00Z Ann ann@a.org cover '' '' 1 0 2
	smail s1@x 2021-03-01T09:01:00Z Ann ann@a.org patch s0@x s0@x 1 1 2
	smail s2@x 2021-03-01T09:02:00Z Bob bob@b.org patch s0@x s0@x 1 2 2
} >ownseries.tsv
is "control: a part of its own series by another (in-body From) is no response" "ignored" \
	"$(verdict s1@x ownseries.tsv none.tsv)"
# Several responses: the earliest is named, whatever the row order.
{
	mhdr
	mail r2@x 2021-03-01T12:00:00Z Zed zed@z.org reply p@x p@x
	mail p@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail r1@x 2021-03-01T11:00:00Z Bob bob@b.org reply p@x p@x
} >two.tsv
is "the earliest response is named, not the first row" "answered bob@b.org" \
	"$(verdict p@x two.tsv none.tsv)"

# --- versions and commits ---------------------------------------------------
{
	mhdr
	mail v1@x 2021-03-01T09:00:00Z Dan dan@d.org patch '' ''
	mail r@x 2021-03-01T10:00:00Z Eve eve@e.org reply v1@x v1@x
	mail v2@x 2021-03-03T09:00:00Z Dan dan@d.org patch '' ''
} >versions.tsv
{
	khdr
	member 1 v1@x mail
	member 1 v2@x mail
} >k-versions.tsv
is "a version answered elsewhere in its cluster: answered-version, naming it" \
	"answered-version v1@x" "$(verdict v2@x versions.tsv k-versions.tsv)"
is "... and the answered one: answered" "answered eve@e.org" \
	"$(verdict v1@x versions.tsv k-versions.tsv)"
is "... not ignored" "" "$(ptreport ignored -q --grace 0 -H versions.tsv k-versions.tsv)"
is "control: in clusters of their own, v2 is ignored" "ignored" \
	"$(verdict v2@x versions.tsv none.tsv)"
{
	khdr
	member 1 v2@x mail
	member 1 $C5 commit
} >k-merged.tsv
is "a patch whose cluster has a commit: merged, naming the commit" "merged $C5" \
	"$(verdict v2@x versions.tsv k-merged.tsv)"
is "... not ignored" "" "$(ptreport ignored -q --grace 0 -H versions.tsv k-merged.tsv)"

# --- what is a patch for the project ---------------------------------------
{
	mhdr
	mail rfc@x 2021-03-01T09:00:00Z Gil gil@g.org patch '' '' folded,rfc
	mail nxt@x 2021-03-01T09:00:00Z Gil gil@g.org patch '' '' next
	mail stb@x 2021-03-01T09:00:00Z Gil gil@g.org patch '' '' stable
	mail pul@x 2021-03-01T09:00:00Z Gil gil@g.org pull '' ''
	mail rfcomm@x 2021-03-01T09:00:00Z Gil gil@g.org patch '' '' rfcomm,folded
} >process.tsv
for id in rfc nxt stb; do
	is "$id (flags): not counted, as a process mail" \
		"not-counted bot, pull, RFC, linux-next or stable" "$(verdict $id@x process.tsv none.tsv)"
done
is "the flag is a word: rfcomm is no RFC" "ignored" "$(verdict rfcomm@x process.tsv none.tsv)"
is "a pull request is no patch row" "" "$(verdict pul@x process.tsv none.tsv)"
is "only the plain patch is ignored" "rfcomm@x" "$(ptreport ignored -q --grace 0 -H process.tsv none.tsv | cut -f1)"
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z Hal hal@h.org patch '' ''
	mail r@x 2021-03-01T10:00:00Z Ivy ivy@i.org reply p@x p@x
	mail v2@x 2021-03-01T11:00:00Z Hal hal@h.org patch r@x 'p@x r@x'
	mail v3@x 2021-03-01T12:00:00Z Hal hal@h.org patch p@x p@x
} >deep.tsv
is "a patch answering a reply: deep in the thread, not counted" \
	"not-counted deep in a thread: neither its root nor a reply to the root" \
	"$(verdict v2@x deep.tsv none.tsv)"
is "control: a patch answering the root counts (Ivy's answer to the root is none to it: ignored)" \
	"ignored" "$(verdict v3@x deep.tsv none.tsv)"
{
	mhdr
	mail c@x 2021-03-01T09:00:00Z Kim kim@k.org cover '' '' '' 2
	mail p1@x 2021-03-01T09:01:00Z Kim kim@k.org patch c@x c@x '' 2
	mail p2@x 2021-03-01T09:02:00Z Kim kim@k.org patch c@x c@x '' 2
} >series2.tsv
ptreport ignored -q --grace 0 series2.tsv none.tsv >ign.tsv
is "1/N and 2/N under their 0/N cover count (and are ignored here)" "p1@x p2@x" \
	"$(col id ign.tsv | tr '\n' ' ' | sed 's/ $//')"
is "the cover letter is no patch row" "" "$(verdict c@x series2.tsv none.tsv)"
# An RFC marked on the cover letter only: its patches are RFCs too.
{
	mhdr
	smail rc@x 2021-03-01T09:00:00Z Luc luc@l.org cover '' '' 1 0 2 rfc
	smail r1@x 2021-03-01T09:01:00Z Luc luc@l.org patch rc@x rc@x 1 1 2
	smail r2@x 2021-03-01T09:02:00Z Luc luc@l.org patch r1@x 'rc@x r1@x' 1 2 2
	smail r3@x 2021-03-02T09:00:00Z Luc luc@l.org patch rc@x rc@x 2 1 2
	smail rp@x 2021-03-03T09:00:00Z Luc luc@l.org patch '' '' 1 1 1 rfc
	smail rq@x 2021-03-03T09:01:00Z Luc luc@l.org patch rp@x rp@x 1 1 1
} >rfccover.tsv
is "RFC cover letter: 1/2 under it is an RFC, naming it" \
	"not-counted RFC: its cover letter is one (rc@x)" "$(verdict r1@x rfccover.tsv none.tsv)"
is "RFC cover letter: 2/2, chained under 1/2, has it as its thread's root" \
	"not-counted RFC: its cover letter is one (rc@x)" "$(verdict r2@x rfccover.tsv none.tsv)"
is "control: a v2 1/2 answering the v1 RFC cover letter is no part of it" "ignored" \
	"$(verdict r3@x rfccover.tsv none.tsv)"
is "control: a patch answering an RFC patch (no cover letter) is not an RFC" "ignored" \
	"$(verdict rq@x rfccover.tsv none.tsv)"
sed '/^rc@x/s/\trfc$/\t/' rfccover.tsv >rfccover-not.tsv
is "control: the same cover letter without rfc: 1/2 counts (its v2 1/2 of the next day stands for it)" \
	"superseded r3@x" "$(verdict r1@x rfccover-not.tsv none.tsv)"
sed '/^rc@x/s/\t1\t0\t2\trfc$/\t1\t0\t3\trfc/' rfccover.tsv >rfccover-n.tsv
grep -q '^rc@x.*	1	0	3	rfc$' rfccover-n.tsv
ok $? "control table: the RFC cover letter as 0/3"
is "control: an RFC 0/3 is not the cover letter of a 1/2 (counted: superseded by its v2)" \
	"superseded r3@x" "$(verdict r1@x rfccover-n.tsv none.tsv)"
{
	khdr
	member 1 r1@x mail
	member 1 $C5 commit
} >k-rfccover.tsv
{
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\ttitle\tcommitter_name\tcommitter_addr\tcommit_date\tparents\ttype\tflags\tlinks\n'
	printf '%s\t2021-03-02T00:00:00Z\tMax\tmaint@m.org\ts\ts\tMax\tmaint@m.org\t2021-03-02T01:00:00Z\t\tcommit\t\t\n' $C5
} >c-rfccover.tsv
is "... merged, still an RFC: no patch for the project, and its commit is not off-list (discussed on the list)" \
	"not-counted|" \
	"$(verdict r1@x rfccover.tsv k-rfccover.tsv c-rfccover.tsv | cut -d' ' -f1)|$(ptreport offlist -q -H rfccover.tsv k-rfccover.tsv c-rfccover.tsv)"

# A series sent without threading is one thread: Oli's 1/3, 2/3 and 3/3
# reply to nothing; Jan answers 2/3 only: a review of another part,
# which speaks for the posting (answered-together, no time to a first
# response of their own).
{
	mhdr
	smail o1@x 2021-03-01T09:00:00Z Oli oli@o.org patch '' '' 1 1 3
	smail o2@x 2021-03-01T09:01:00Z Oli oli@o.org patch '' '' 1 2 3
	smail o3@x 2021-03-01T09:06:00Z Oli oli@o.org patch '' '' 1 3 3
	mail jr@x 2021-03-01T10:00:00Z Jan jan@j.org reply o2@x o2@x
	smail od@x 2021-03-01T11:00:00Z Oli oli@o.org patch jr@x 'o2@x jr@x' 2 2 3
} >unthr.tsv
# ttfr ID TABLE: "verdict detail ttfr_h" of mail ID.
ttfr() {
	ptreport patches -q --grace 0 "$2" none.tsv | awk -F'\t' -v id="$1" '$1 == id { print $6, $7, $10 }'
}
is "unthreaded: 1/3 is answered by the answer to 2/3, 1.0 hours after it" \
	"answered-together o2@x " "$(ttfr o1@x unthr.tsv)"
is "unthreaded: 3/3 too, its time from its own date (54 minutes)" \
	"answered-together o2@x " "$(ttfr o3@x unthr.tsv)"
is "unthreaded: ignored lists none of them" "" "$(ptreport ignored -q --grace 0 -H unthr.tsv none.tsv)"
is "unthreaded: each part stays the root of its replies: a patch answering the answer to 2/3 is deep" \
	"not-counted deep in a thread: neither its root nor a reply to the root" \
	"$(verdict od@x unthr.tsv none.tsv)"
sed '/^o3@x/s/T09:06:00Z/T09:10:00Z/' unthr.tsv >unthr-10.tsv
is "unthreaded: 3/3 sent 10 minutes after 1/3 is still a part" "answered-together o2@x" \
	"$(verdict o3@x unthr-10.tsv none.tsv)"
sed '/^o3@x/s/T09:06:00Z/T09:10:01Z/' unthr.tsv >unthr-late.tsv
is "control: 3/3 sent 10 minutes and a second after 1/3: its own thread, ignored" "ignored" \
	"$(verdict o3@x unthr-late.tsv none.tsv)"
sed '/^o3@x/s/\tOli\toli@o.org\t/\tOla\tola@o.org\t/' unthr.tsv >unthr-other.tsv
is "control: 3/3 by another person" "ignored" "$(verdict o3@x unthr-other.tsv none.tsv)"
sed '/^o3@x/s/\tOli\toli@o.org\t/\tOli\toli@home.example\t/' unthr.tsv >unthr-home.tsv
is "... but the same name at another address is the same person" "answered-together o2@x" \
	"$(verdict o3@x unthr-home.tsv none.tsv)"
sed '/^o3@x/s/\t1\t3\t3\t$/\t2\t3\t3\t/' unthr.tsv >unthr-v2.tsv
is "control: 3/3 of another version" "ignored" "$(verdict o3@x unthr-v2.tsv none.tsv)"
sed '/^o3@x/s/\t1\t3\t3\t$/\t1\t3\t4\t/' unthr.tsv >unthr-n.tsv
is "control: 3/4, another N" "ignored" "$(verdict o3@x unthr-n.tsv none.tsv)"
sed '/^o3@x/s/\tOli\toli@o.org\t\(.*\)\t\t\tpatch/\tOli\toli@o.org\t\1\tlost@x\tlost@x\tpatch/' unthr.tsv >unthr-irt.tsv
grep -q '^o3@x.*	lost@x	lost@x	patch' unthr-irt.tsv
ok $? "control table: 3/3 replies to a mail missing from the archive"
is "3/3 replying to a mail the archive lacks (a Message-ID rewritten or lost) is a part all the same" \
	"answered-together o2@x" "$(verdict o3@x unthr-irt.tsv none.tsv)"
{
	cat unthr-irt.tsv
	mail lost@x 2021-02-01T09:00:00Z Oli oli@o.org reply '' ''
} >unthr-there.tsv
is "control: 3/3 replying to a mail of the archive (another thread) is no part of the posting" \
	"ignored" "$(verdict o3@x unthr-there.tsv none.tsv)"
sed '/^o3@x/s/\t1\t3\t3\t$/\t1\t1\t3\t/' unthr.tsv >unthr-dup.tsv
is "control: a second 1/3 (the same part again) is no part of it" "ignored" \
	"$(verdict o3@x unthr-dup.tsv none.tsv)"
is "... and the first 1/3 still is" "answered-together o2@x" "$(verdict o1@x unthr-dup.tsv none.tsv)"
{
	mhdr
	smail uc@x 2021-03-01T08:59:00Z Oli oli@o.org cover '' '' 1 0 3 rfc
	cat unthr.tsv | sed 1d
} >unthr-rfc.tsv
is "unthreaded: an RFC cover letter sent without threading makes its parts RFCs" \
	"not-counted RFC: its cover letter is one (uc@x)" "$(verdict o3@x unthr-rfc.tsv none.tsv)"
sed '/^uc@x/s/T08:59:00Z/T08:50:00Z/' unthr-rfc.tsv >unthr-rfc-early.tsv
is "unthreaded: within 10 minutes of the earliest: a cover letter 10 minutes before 1/3 takes it, not 2/3 and 3/3 (a posting of their own)" \
	"not-counted RFC: its cover letter is one (uc@x)|answered-together o2@x" \
	"$(verdict o1@x unthr-rfc-early.tsv none.tsv)|$(verdict o3@x unthr-rfc-early.tsv none.tsv)"
sed '/^uc@x/s/T08:59:00Z/T08:49:59Z/' unthr-rfc.tsv >unthr-rfc-late.tsv
is "control: sent more than 10 minutes before 1/3 the cover letter is no part: 1/3 counts" \
	"answered-together o2@x" "$(verdict o1@x unthr-rfc-late.tsv none.tsv)"

# --- withdrawn: its author says in its thread it is dropped or superseded ------
# (mbox2tsv's flags word withdraw; "please ignore", "self-NAK", "will send v2")
{
	mhdr
	mail p@x 2021-03-01T09:00:00Z 'Ann One' ann@a.org patch '' ''
	mail w@x 2021-03-01T10:00:00Z 'Ann One' ann@home.example reply p@x p@x withdraw
} >wd.tsv
is "withdrawn: its author (here from another address) withdraws it later in its thread" \
	"withdrawn w@x" "$(verdict p@x wd.tsv none.tsv)"
is "... not in ignored" "" "$(ptreport ignored -q --grace 0 -H wd.tsv none.tsv)"
run ptreport summary -q --grace 0 wd.tsv none.tsv
is "... counted by the summary, not as ignored" "ignored 0|withdrawn 1" \
	"$(awk -F'\t' '$1 == "ignored" || $1 == "withdrawn" { print $1, $2 }' "$T/out" | paste -sd'|')"
is "... weekly: a patch, not ignored" "1 0" \
	"$(ptreport weekly -q --grace 0 wd.tsv none.tsv | awk -F'\t' 'NR > 1 { print $4, $5 }')"
is "... also near the end of the coverage: withdrawn, not too-new" "withdrawn" \
	"$(ptreport patches -q wd.tsv none.tsv | awk -F'\t' '$1 == "p@x" { print $6 }')"
sed 's/\twithdraw$/\t/' wd.tsv >wd-not.tsv
is "control: the same reply without the flag: ignored" "ignored" "$(verdict p@x wd-not.tsv none.tsv)"
sed 's/^\(w@x\t[^\t]*\t\)Ann One\tann@home.example/\1Bob Two\tbob@b.org/' wd.tsv >wd-bob.tsv
is "control: by another person the mail is an answer" "answered bob@b.org" \
	"$(verdict p@x wd-bob.tsv none.tsv)"
{
	mhdr
	mail v1@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail w@x 2021-03-01T10:00:00Z Ann ann@a.org reply v1@x v1@x withdraw
	mail v2@x 2021-03-02T09:00:00Z Ann ann@a.org patch v1@x v1@x
	mail self@x 2021-03-03T09:00:00Z Ann ann@a.org patch '' '' withdraw
} >wd2.tsv
is "withdrawn: v1, withdrawn before v2 came in its thread" "withdrawn w@x" \
	"$(verdict v1@x wd2.tsv none.tsv)"
is "control: v2, posted after the withdrawal, is not withdrawn by it" "ignored" \
	"$(verdict v2@x wd2.tsv none.tsv)"
is "control: a patch's own flag does not withdraw it" "ignored" \
	"$(verdict self@x wd2.tsv none.tsv)"
{
	cat wd.tsv
	mail r@x 2021-03-01T11:00:00Z Bob bob@b.org reply p@x p@x
} >wd-ans.tsv
is "control: answered by someone, it stays answered" "answered bob@b.org" \
	"$(verdict p@x wd-ans.tsv none.tsv)"

# --- its sender speaks as its author: another's patch he posted (mbox2tsv's
# sender_name, sender_addr), a colleague's "please ignore" withdraws it ---
{
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tflags\tsender_name\tsender_addr\tsaid\n'
	printf 'sp@x\t2021-03-01T09:00:00Z\tAnn One\tann@a.org\t[PATCH] sp\tdev\t\t\tpatch\t\tCol League\tcol@c.org\t\n'
	printf 'sw@x\t2021-03-01T10:00:00Z\tCol League\tcol@c.org\tRe: [PATCH] sp\tdev\tsp@x\tsp@x\treply\twithdraw\t\t\tPlease ignore this one.\n'
} >snd.tsv
is "withdrawn: the one who sent another's patch withdraws it in its thread" "withdrawn sw@x" \
	"$(verdict sp@x snd.tsv none.tsv)"
cut -f1-10,13 snd.tsv >snd-nocol.tsv
is "control: a table without the sender columns: his mail answers it" "answered col@c.org" \
	"$(verdict sp@x snd-nocol.tsv none.tsv)"
sed 's/\twithdraw\t/\t\t/' snd.tsv >snd-ping.tsv
is "... his other words are its author's follow-up, no answer" "followed-up sw@x" \
	"$(verdict sp@x snd-ping.tsv none.tsv | cut -d: -f1)"
{
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\ttitle\tcommitter_name\tcommitter_addr\tcommit_date\tparents\ttype\tflags\tlinks\n'
	printf '%s\t2021-02-01T00:00:00Z\tMax\tmaint@m.org\ts: x\ts: x\tCol League\tcol@c.org\t2021-02-01T00:00:00Z\t\tcommit\t\t\n' $C5
} >snd-c.tsv
is "control: a sender who commits to the repository answers it as a maintainer" "answered col@c.org" \
	"$(verdict sp@x snd.tsv none.tsv snd-c.tsv)"
ptreport verdicts -q --grace 0 snd.tsv none.tsv snd-c.tsv >snd-v.tsv
ptreport why -q --grace 0 sp@x snd.tsv none.tsv snd-c.tsv >snd-why.out
ptreport why -q --grace 0 --verdicts snd-v.tsv sp@x snd.tsv none.tsv snd-c.tsv >snd-why-given.out
same "... and its verdicts given back (--verdicts): why says the same (no sender, his answer)" \
	snd-why.out snd-why-given.out
run ptreport why -q sp@x snd.tsv none.tsv
grep -q '^  sent by: Col League <col@c.org>' "$T/out" && grep -q 'its sender withdraws: ' "$T/out"
ok $? "why names its sender and his withdrawal"
{
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tversion\tpart\ttotal\tflags\tsender_name\tsender_addr\n'
	printf 'sc@x\t2021-03-01T08:59:00Z\tCol League\tcol@c.org\t[PATCH 0/2] two\tdev\t\t\tcover\t1\t0\t2\t\t\t\n'
	printf 's1@x\t2021-03-01T09:00:00Z\tAnn One\tann@a.org\t[PATCH 1/2] s1\tdev\tsc@x\tsc@x\tpatch\t1\t1\t2\t\tCol League\tcol@c.org\n'
	printf 's2@x\t2021-03-01T09:00:01Z\tBea Two\tbea@b.org\t[PATCH 2/2] s2\tdev\tsc@x\tsc@x\tpatch\t1\t2\t2\t\tCol League\tcol@c.org\n'
	printf 'sx@x\t2021-03-01T10:00:00Z\tCol League\tcol@c.org\tRe: [PATCH 2/2] s2\tdev\ts2@x\tsc@x s2@x\treply\t1\t\t\twithdraw\t\t\n'
} >snd2.tsv
is "withdrawn: his word on part 2 of a series of several authors withdraws part 2" "withdrawn sx@x" \
	"$(verdict s2@x snd2.tsv none.tsv)"
is "control: ... and not part 1, another's" "ignored" "$(verdict s1@x snd2.tsv none.tsv)"

# --- its author's words: of it, not of a later version, nor a pull request ---
{
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tversion\tflags\tsaid\n'
	printf 'lv1@x\t2021-03-01T09:00:00Z\tAnn\tann@a.org\t[PATCH] lv\tdev\t\t\tpatch\t1\t\t\n'
	printf 'lv2@x\t2021-03-05T09:00:00Z\tAnn\tann@a.org\t[PATCH v2] lv\tdev\t\t\tpatch\t2\t\t\n'
	printf 'lw@x\t2021-03-06T09:00:00Z\tAnn\tann@a.org\tRe: [PATCH v2] lv\tdev\tlv2@x\tlv2@x\treply\t2\t\tTested on arm64 too.\n'
	printf 'lpr@x\t2021-03-07T09:00:00Z\tAnn\tann@a.org\t[GIT PULL] lv\tdev\tlv1@x\tlv1@x\tpull\t1\t\tPlease pull the lv fix.\n'
} >lv.tsv
{
	khdr
	member 1 lv1@x mail
	member 1 lv2@x mail
} >k-lv.tsv
is "followed-up: its author's words on its later version are that version's" "followed-up lw@x" \
	"$(verdict lv2@x lv.tsv k-lv.tsv | cut -d: -f1)"
is "... not the earlier one's, nor his pull request in its thread" "" \
	"$(verdict lv1@x lv.tsv k-lv.tsv | grep followed-up)"
sed 's/^lw@x\(\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t\)lv2@x\tlv2@x/lw@x\1lv1@x\tlv1@x/' lv.tsv >lv-v1.tsv
is "control: his words in its own thread are its follow-up" "followed-up lw@x" \
	"$(verdict lv1@x lv-v1.tsv k-lv.tsv | cut -d: -f1)"
sed 's/\tpull\t1\t/\treply\t1\t/' lv.tsv >lv-re.tsv
is "control: the same mail as a reply, not a pull request, is its follow-up" "followed-up lpr@x" \
	"$(verdict lv1@x lv-re.tsv k-lv.tsv | cut -d: -f1)"
{
	khdr
	member 1 p@x mail
	member 1 $C5 commit
} >k-wd.tsv
is "control: merged, it stays merged" "merged $C5" "$(verdict p@x wd.tsv k-wd.tsv)"
# A new version sent into the thread: superseded, whatever its files (it
# may be in another cluster, or none).
{
	mhdr
	printf 'sv1@x\t2021-03-01T09:00:00Z\tAnn\tann@a.org\t[PATCH] foo: fix the bar\tdev\t\t\tpatch\t\t\t\t\n'
	printf 'sv2@x\t2021-03-01T11:00:00Z\tAnn\tann@home.example\t[PATCH v2] Foo: Fix the bar.\tdev\tsv1@x\tsv1@x\tpatch\t2\t\t\t\n'
	printf 'st1@x\t2021-03-01T09:00:00Z\tAnn\tann@a.org\t[PATCH] qux: one\tdev\t\t\tpatch\t\t\t\t\n'
	printf 'st2@x\t2021-03-01T11:00:00Z\tAnn\tann@a.org\t[PATCH v2] qux: two\tdev\tst1@x\tst1@x\tpatch\t2\t\t\t\n'
	printf 'su1@x\t2021-03-01T09:00:00Z\tAnn\tann@a.org\t[PATCH] baz: quux\tdev\t\t\tpatch\t\t\t\t\n'
	printf 'su2@x\t2021-03-01T12:00:00Z\tAnn\tann@a.org\t[PATCH] baz: quux\tdev\t\t\tpatch\t\t\t\t\n'
} >sup.tsv
is "withdrawn: its author sent v2 into its thread under its title (case, tags and dot aside)" \
	"withdrawn sv2@x" "$(verdict sv1@x sup.tsv none.tsv)"
is "... v2 itself: nothing later, ignored" "ignored" "$(verdict sv2@x sup.tsv none.tsv)"
is "... the ignored report lists v2, not v1" "sv2@x" \
	"$(ptreport ignored -q --grace 0 -H sup.tsv none.tsv | cut -f1 | grep '^sv' | paste -sd' ')"
is "control: v2 under another title: v1 still ignored" "ignored" "$(verdict st1@x sup.tsv none.tsv)"
is "control: the same title again, not in its thread: ignored" "ignored" "$(verdict su1@x sup.tsv none.tsv)"
sed 's/^\(sv2@x\t[^\t]*\t\)Ann\tann@home.example/\1Cid\tcid@c.org/' sup.tsv >sup-cid.tsv
is "control: by another person, a patch under the same title in the thread supersedes nothing: it answers" \
	"answered cid@c.org" "$(verdict sv1@x sup-cid.tsv none.tsv)"

# --- off-list: which mails of a cluster were postings on the list -------------
# A commits table by hand: chdr, then
#   commit ID AUTHOR-DATE COMMIT-DATE [FLAGS] (subject "s: ID", by maint@m.org).
chdr() {
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\ttitle\tcommitter_name\tcommitter_addr\tcommit_date\tparents\ttype\tflags\tlinks\n'
}
commit() {
	printf '%s\t%s\tMax\tmaint@m.org\ts: %s\ts: %s\tMax\tmaint@m.org\t%s\t\tcommit\t%s\t\n' \
	    "$1" "$2" "$1" "$1" "$3" "${4:-}"
}
E1=e100000000000000000000000000000000000000
E2=e200000000000000000000000000000000000000
E3=e300000000000000000000000000000000000000
{
	mhdr
	mail first@x 2021-03-01T00:00:00Z Ann ann@a.org reply '' ''
	mail rfc@x 2021-03-02T09:00:00Z Gil gil@g.org patch '' '' rfc
	mail stb@x 2021-03-02T10:00:00Z Sam sam@s.org patch '' '' stable
	mail nxt@x 2021-03-02T11:00:00Z 'Next Bot' next@n.org bot '' ''
	mail last@x 2021-03-10T00:00:00Z Ann ann@a.org reply '' ''
} >posted.tsv
{
	khdr
	member 1 rfc@x mail
	member 1 $E1 commit
	member 2 stb@x mail
	member 2 $E2 commit
	member 3 nxt@x mail
	member 3 $E3 commit
} >k-posted.tsv
{
	chdr
	commit $E1 2021-03-03T00:00:00Z 2021-03-04T00:00:00Z
	commit $E2 2021-03-03T00:00:00Z 2021-03-04T00:00:00Z
	commit $E3 2021-03-03T00:00:00Z 2021-03-04T00:00:00Z
} >c-posted.tsv
ptreport offlist -q posted.tsv k-posted.tsv c-posted.tsv >off.tsv
is "off-list: a cluster with a human's RFC was discussed on the list; a stable review or a bot's copy only is off-list" \
	"e2 committer-own its author committed it; its cluster holds only bot, pull, RFC or review mails|e3 committer-own its author committed it; its cluster holds only bot, pull, RFC or review mails" \
	"$(awk -F'\t' 'NR > 1 { printf "%s%s %s %s", (NR > 2 ? "|" : ""), substr($1, 1, 2), $10, $11 }' off.tsv)"
is "... and the RFC is still no patch for the project" \
	"not-counted bot, pull, RFC, linux-next or stable" "$(verdict rfc@x posted.tsv k-posted.tsv)"
sed 's/^\(rfc@x\t.*\t\)patch\(\t[^\t]*\t[^\t]*\t[^\t]*\trfc\)$/\1bot\2/' posted.tsv >posted-bot.tsv
grep -q '	bot	.*	rfc$' posted-bot.tsv
ok $? "control table: the RFC sent by a bot"
is "control: the same RFC by a bot: its commit is off-list too" "e1 e2 e3" \
	"$(ptreport offlist -q posted-bot.tsv k-posted.tsv c-posted.tsv | col id /dev/stdin | cut -c1-2 | xargs)"

# A commit git2tsv could not diff (a partial clone, a damaged repository)
# was never compared with the mails: not judged off-list, but counted.
{
	chdr
	commit $E1 2021-03-03T00:00:00Z 2021-03-04T00:00:00Z damaged
	commit $E2 2021-03-03T00:00:00Z 2021-03-04T00:00:00Z
} >c-damaged.tsv
run ptreport offlist -v posted.tsv none.tsv c-damaged.tsv
is "a damaged commit is not judged off-list; its neighbour is" "0 e2" \
	"$rc $(col id "$T/out" | cut -c1-2 | xargs)"
grep -q '^ptreport: 1 of them could not be read (damaged): not judged$' "$T/err"
ok $? "... and stderr says how many were not judged"
run ptreport summary -q posted.tsv none.tsv c-damaged.tsv
is "summary: commits in the window, off-list of the judged, damaged" \
	"commits 2|  off-list 1 100.0%|  damaged 1 could not be read (damaged): not judged" \
	"$(awk -F'\t' '$1 == "commits" { c = $1 " " $2 } $1 == "  off-list" { o = $1 " " $2 " " substr($3, 1, 6) }
	    $1 == "  damaged" { print c "|" o "|" $1 " " $2 " " $3 }' "$T/out")"
sed 's/\tdamaged\t/\t\t/' c-damaged.tsv >c-whole.tsv
is "control: the same commit read whole is off-list" "e1 e2" \
	"$(ptreport offlist -q posted.tsv none.tsv c-whole.tsv | col id /dev/stdin | cut -c1-2 | xargs)"

# A commit whose patch mail the archive lacks (moderated, lost) but whose
# answer it holds, quoting its title ("Re: [PATCH v2] title"): posted.
quote() { # DATE SUBJECT: posted.tsv and a reply to a mail the archive lacks
	cat posted.tsv
	printf 'q@x\t%s\tBob\tbob@b.org\t%s\tdev\tgone@x\tgone@x\treply\t\t\t\t\n' "$1" "$2"
}
quote 2021-03-05T00:00:00Z "Re: [PATCH v2] S: ${E2}." >quoted.tsv
is "off-list: not a commit whose patch an answer in the archive quotes" "e1" \
	"$(ptreport offlist -q quoted.tsv none.tsv c-whole.tsv | col id /dev/stdin | cut -c1-2 | xargs)"
quote 2021-12-01T00:00:00Z "Re: [PATCH v2] s: $E2" >quoted-late.tsv
is "control: the answer 270 days after the commit: off-list" "e1 e2" \
	"$(ptreport offlist -q quoted-late.tsv none.tsv c-whole.tsv | col id /dev/stdin | cut -c1-2 | xargs)"
quote 2021-03-05T00:00:00Z "Re: s: $E2" >quoted-nopatch.tsv
is "control: a reply quoting the title, but not a patch's: off-list" "e1 e2" \
	"$(ptreport offlist -q quoted-nopatch.tsv none.tsv c-whole.tsv | col id /dev/stdin | cut -c1-2 | xargs)"

# --- coverage: the dates the archive really covers ------------------------------
# fill LIST YYYY-MM N: N mails of type other on LIST in that month, from
# its 1st to its 28th day at noon.
fill() {
	awk -v l="$1" -v m="$2" -v n="$3" 'BEGIN {
		for (k = 0; k < n; k++) {
			d = n > 1 ? 1 + int(k * 27 / (n - 1)) : 1
			printf "f.%s.%s.%d@x\t%s-%02dT12:00:00Z\tFil\tfil@f.org\tnote\t%s\t\t\tother\t\t\t\t\n", l, m, k, m, d, l
		}
	}'
}
# lmail LIST ID DATE NAME ADDR TYPE IN_REPLY_TO REFERENCES: mail on LIST.
lmail() {
	l=$1
	shift
	mail "$@" | sed "s/\tdev\t/\t$l\t/"
}
# offids ARGS...: the ids (two characters) ptreport offlist -q ARGS gives.
offids() {
	ptreport offlist -q "$@" | col id /dev/stdin | cut -c1-2 | xargs
}
O0=a000000000000000000000000000000000000000
O1=a100000000000000000000000000000000000000
O2=a200000000000000000000000000000000000000
{
	mhdr
	fill dev 2021-01 30
	fill dev 2021-02 30
	fill dev 2021-03 30
	mail stray@x 2000-12-31T10:00:00Z Old old@o.org other '' ''
} >cov.tsv
{
	chdr
	commit $O0 2005-06-01T00:00:00Z 2005-06-02T00:00:00Z
	commit $O1 2000-12-10T00:00:00Z 2000-12-11T00:00:00Z
	commit $O2 2021-02-01T00:00:00Z 2021-02-02T00:00:00Z
} >c-cov.tsv
run ptreport offlist -v cov.tsv none.tsv c-cov.tsv
is "coverage: one stray mail of 2000 does not stretch the window; only the commit of 2021 is off-list" \
	"a2" "$(col id "$T/out" | cut -c1-2 | xargs)"
is "coverage: stderr says which coverage, and the mail left outside" \
	"ptreport: coverage 2021-01-01 .. 2021-03-28 (1 mail dated 2000-12-31 outside)" \
	"$(sed -n 1p "$T/err")"
is "coverage: --since and --until still override it" "a0 a2" \
	"$(offids -s 2000-12-31 -u 2021-12-31 cov.tsv none.tsv c-cov.tsv)"
is "coverage: --since alone moves its start, the end stays" "a0 a2" \
	"$(offids -s 2005-01-01 cov.tsv none.tsv c-cov.tsv)"
{
	cat cov.tsv
	fill dev 2000-12 30
} >cov-busy.tsv
is "control: December 2000 as busy as a typical month is coverage too" "a1 a2" \
	"$(offids cov-busy.tsv none.tsv c-cov.tsv)"
run ptreport summary -q cov.tsv none.tsv c-cov.tsv
is "summary: the coverage row, mails inside, and the one outside" \
	"90 2021-01-01 .. 2021-03-28 (1 mail dated 2000-12-31 outside): the dates the mails really cover" \
	"$(awk -F'\t' '$1 == "  coverage" { sub(/ \(per list.*/, "", $3); print $2, $3 }' "$T/out")"
is "summary: the commits of the window say where it comes from" \
	"1 written and committed in 2021-01-01 .. 2021-03-28 (the coverage)" \
	"$(awk -F'\t' '$1 == "commits" { print $2, $3 }' "$T/out")"

# Five stray mails of 2009-2018 (two in one month) before a list that
# really starts in 2021: no span of theirs, and the commits of those
# years are not off-list.
{
	cat cov.tsv
	for d in 2009-03-02 2012-07-01 2012-07-20 2016-01-05 2018-11-30; do
		mail s$d@x ${d}T08:00:00Z Old old@o.org other '' ''
	done
} >cov5.tsv
is "five stray mails: left outside, and the commit of 2005 is not off-list" \
	"a2|ptreport: coverage 2021-01-01 .. 2021-03-28 (6 mails dated 2000-12-31 .. 2018-11-30 outside)" \
	"$(offids cov5.tsv none.tsv c-cov.tsv)|$(ptreport offlist -v cov5.tsv none.tsv c-cov.tsv 2>&1 >/dev/null | sed -n 1p)"

# An archive in two generations, with years of nothing between them.
{
	mhdr
	for m in 2015-01 2015-02 2015-03 2018-01 2018-02 2018-03; do fill dev $m 30; done
} >gen.tsv
G1=b100000000000000000000000000000000000000
G2=b200000000000000000000000000000000000000
G3=b300000000000000000000000000000000000000
{
	chdr
	commit $G1 2016-05-01T00:00:00Z 2016-05-02T00:00:00Z
	commit $G2 2015-02-01T00:00:00Z 2015-02-02T00:00:00Z
	commit $G3 2015-03-20T00:00:00Z 2018-01-10T00:00:00Z
} >c-gen.tsv
run ptreport offlist -v gen.tsv none.tsv c-gen.tsv
is "two generations: two spans; off-list only inside one of them (not between, not across)" "b2" \
	"$(col id "$T/out" | cut -c1-2 | xargs)"
is "two generations: stderr names both spans" \
	"ptreport: coverage 2015-01-01 .. 2015-03-28, 2018-01-01 .. 2018-03-28 (every mail inside)" \
	"$(sed -n 1p "$T/err")"
{
	cat gen.tsv
	for y in 2015 2016 2017; do
		for mo in 01 02 03 04 05 06 07 08 09 10 11 12; do
			case $y-$mo in 2015-0[123]) ;; *) fill dev $y-$mo 30 ;; esac
		done
	done
} >gen-full.tsv
is "control: the years between filled with mail: one span, all three off-list" "b2 b1 b3" \
	"$(offids gen-full.tsv none.tsv c-gen.tsv)"

# A small list's quiet months (a mail or none) between busy ones are covered.
Q1=c100000000000000000000000000000000000000
{
	chdr
	commit $Q1 2021-03-10T00:00:00Z 2021-03-11T00:00:00Z
} >c-quiet.tsv
{
	mhdr
	fill dev 2021-01 40
	fill dev 2021-02 1
	fill dev 2021-04 1
	fill dev 2021-05 40
} >quiet.tsv
is "quiet months: three months of a mail or none between busy ones are covered" \
	"c1|ptreport: coverage 2021-01-01 .. 2021-05-28 (every mail inside)" \
	"$(offids quiet.tsv none.tsv c-quiet.tsv)|$(ptreport offlist -v quiet.tsv none.tsv c-quiet.tsv 2>&1 >/dev/null | sed -n 1p)"
sed 's/2021-05-/2021-06-/' quiet.tsv >quiet4.tsv
is "control: four such months are a gap in the archive" \
	"|ptreport: coverage 2021-01-01 .. 2021-01-28, 2021-06-01 .. 2021-06-28 (2 mails dated 2021-02-01 .. 2021-04-01 outside)" \
	"$(offids quiet4.tsv none.tsv c-quiet.tsv)|$(ptreport offlist -v quiet4.tsv none.tsv c-quiet.tsv 2>&1 >/dev/null | sed -n 1p)"

# Too new: an unanswered patch posted less than the grace period (14 days)
# before the coverage of its list ends; the end is the coverage's, not
# a stray mail's of 2030.
{
	cat cov.tsv
	mail future@x 2030-01-01T00:00:00Z Fut fut@f.org other '' ''
	mail early@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail late@x 2021-03-20T12:00:00Z Ann ann@a.org patch '' ''
	mail lateans@x 2021-03-21T12:00:00Z Ann ann@a.org patch '' ''
	mail r@x 2021-03-22T12:00:00Z Bob bob@b.org reply lateans@x lateans@x
} >new.tsv
ptreport patches -v new.tsv none.tsv >new-p.tsv 2>new-p.err
is "too new: posted 8 days before the end, unanswered: too-new, saying when the coverage ends" \
	"too-new posted 8.0 days before the archives' coverage ends (2021-03-28; grace 14.0 days)" \
	"$(awk -F'\t' '$1 == "late@x" { print $6, $7 }' new-p.tsv)"
is "too new: posted 27 days before: ignored; answered: answered" "ignored|answered bob@b.org" \
	"$(awk -F'\t' '$1 == "early@x" { print $6 }' new-p.tsv)|$(awk -F'\t' '$1 == "lateans@x" { print $6, $7 }' new-p.tsv)"
is "too new: patches says the coverage and the grace on stderr" \
	"ptreport: coverage 2021-01-01 .. 2021-03-28 (2 mails dated 2000-12-31 .. 2030-01-01 outside)|ptreport: grace 14.0 days on dev (the least, 14 days; 90th percentile time to first response 24.0 hours (1.0 days), of its 1 answered patch posted 2021-03-21 .. 2021-03-21)" \
	"$(paste -sd'|' new-p.err)"
is "too new: not in ignored" "early@x" "$(ptreport ignored -q -H new.tsv none.tsv | cut -f1)"
run ptreport summary -q new.tsv none.tsv
is "summary: ignored and too new counted apart" "ignored 1|too new 1" \
	"$(awk -F'\t' '$1 == "ignored" || $1 == "too new" { print $1, $2 }' "$T/out" | paste -sd'|')"
is "weekly: the too-new patch is a patch, not ignored" "3 1" \
	"$(ptreport weekly -q new.tsv none.tsv | awk -F'\t' 'NR > 1 { p += $4; i += $5 } END { print p, i }')"
is "control: --grace 7: the same patch is ignored" "ignored" \
	"$(ptreport patches -q --grace 7 new.tsv none.tsv | awk -F'\t' '$1 == "late@x" { print $6 }')"
{
	chdr
	commit $O2 2021-03-25T00:00:00Z 2021-03-26T00:00:00Z
} >c-new.tsv
{
	khdr
	member 1 late@x mail
	member 1 $O2 commit
} >k-new.tsv
is "control: merged, the same patch stays merged" "merged" \
	"$(ptreport patches -q new.tsv k-new.tsv c-new.tsv | awk -F'\t' '$1 == "late@x" { print $6 }')"
# The coverage of its list: list a ends in February, list b goes on.
{
	mhdr
	fill a 2021-01 30
	fill a 2021-02 30
	for m in 01 02 03 04 05 06; do fill b 2021-$m 30; done
	lmail a pa@x 2021-02-20T12:00:00Z Ann ann@a.org patch '' ''
} >lists.tsv
is "a list that ends while another goes on (the project moved lists): judged by the archives together" \
	"ignored" \
	"$(ptreport patches -q lists.tsv none.tsv | awk -F'\t' '$1 == "pa@x" { print $6 }')"
{
	mhdr
	for m in 01 02; do fill a 2021-$m 30; fill b 2021-$m 30; done
	lmail a pa@x 2021-02-20T12:00:00Z Ann ann@a.org patch '' ''
} >lists-end.tsv
is "control: both lists end in February: too-new, the archives' coverage ending" \
	"too-new posted 8.0 days before the archives' coverage ends (2021-02-28; grace 14.0 days)" \
	"$(ptreport patches -q lists-end.tsv none.tsv | awk -F'\t' '$1 == "pa@x" { print $6, $7 }')"
{
	cat lists.tsv
	lmail b pa@x 2021-02-20T12:00:00Z Ann ann@a.org patch '' ''
} >lists2.tsv
is "control: cross-posted to list b too: ignored" "ignored" \
	"$(ptreport patches -q lists2.tsv none.tsv | awk -F'\t' '$1 == "pa@x" { print $6 }')"

# The grace of a list: the 90th percentile time to first response of its
# answered patches of the last year of its coverage (at least its latest
# 20), never less than 14 days.  On cov.tsv (coverage 2021-01-01 ..
# 2021-03-28T12:00) late@x is posted 20 days before the end, unanswered.
# ans LIST ID DATE REPLY-DATE: a patch by Ann, and Bob's reply.
ans() {
	lmail "$1" "$2" "$3" Ann ann@a.org patch '' ''
	lmail "$1" "re.$2" "$4" Bob bob@b.org reply "$2" "$2"
}
# fast LIST N YEAR-MONTH: N patches answered after an hour (days 1..N, 09:00).
fast() {
	for d in $(seq 1 "$2"); do
		d=$(printf %02d "$d")
		ans "$1" "fa.$d.$3@x" "$3-${d}T09:00:00Z" "$3-${d}T10:00:00Z"
	done
}
# slow LIST N YEAR-MONTH: N patches answered after 25 days (600 hours).
slow() {
	for d in $(seq 1 "$2"); do
		ans "$1" "sl.$d.$3@x" "$3-0${d}T12:00:00Z" "$3-$((d + 25))T12:00:00Z"
	done
}
{
	cat cov.tsv
	fast dev 8 2021-02
	slow dev 2 2021-02
	mail late@x 2021-03-08T12:00:00Z Ann ann@a.org patch '' ''
} >grace.tsv
# lv ID ARGS...: "verdict detail" of ID in ptreport patches ARGS.
lv() {
	id=$1
	shift
	ptreport patches -q "$@" none.tsv | awk -F'\t' -v id="$id" '$1 == id { print $6 " " $7 }'
}
is "grace: 10 answered, 8 after an hour and 2 after 25 days: the 9th, 25 days; posted 20 days before the end: too-new" \
	"too-new posted 20.0 days before the archives' coverage ends (2021-03-28; grace 25.0 days)" \
	"$(lv late@x grace.tsv)"
ptreport patches -v grace.tsv none.tsv 2>&1 >/dev/null | sed 1d >grace.err
is "grace: stderr says the grace of the list and what it rests on" \
	"ptreport: grace 25.0 days on dev (90th percentile time to first response 600.0 hours (25.0 days), of its 10 answered patches posted 2021-02-01 .. 2021-02-08)" \
	"$(cat grace.err)"
run ptreport summary -q grace.tsv none.tsv
is "grace: the summary says it in a row per list" \
	"too new 1|  grace 25.0 dev (90th percentile time to first response 600.0 hours (25.0 days), of its 10 answered patches posted 2021-02-01 .. 2021-02-08)" \
	"$(awk -F'\t' '$1 == "too new" || $1 == "  grace" { print $1 " " $2 ($1 == "  grace" ? " " $3 : "") }' "$T/out" | paste -sd'|')"
is "control: --grace 14 sets the grace: ignored" "ignored " "$(lv late@x --grace 14 grace.tsv)"
run ptreport ignored -v --grace 14 grace.tsv none.tsv
is "... and stderr says so" "late@x|ptreport: grace 14.0 days on every list (--grace)" \
	"$(col id "$T/out")|$(cat "$T/err")"
{
	cat cov.tsv
	fast dev 9 2021-02
	slow dev 1 2021-02
	mail late@x 2021-03-08T12:00:00Z Ann ann@a.org patch '' ''
} >grace1.tsv
is "control: one slow answer of 10 is above the 90th percentile: 14 days, ignored" "ignored " \
	"$(lv late@x grace1.tsv)"
# The last year: 20 fast answers in it, 5 slow ones two years earlier.
{
	grep -v -e '^fa\.' -e '^sl\.' -e '^re\.' grace1.tsv
	fast dev 20 2021-02
	slow dev 5 2019-06
} >grace-old.tsv
is "grace: answers older than a year do not count when the last year has 20: ignored" "ignored " \
	"$(lv late@x grace-old.tsv)"
{
	grep -v -e '^fa\.' -e '^sl\.' -e '^re\.' grace1.tsv
	fast dev 15 2021-02
	slow dev 5 2019-06
} >grace-old15.tsv
is "control: with 15 in the last year, the latest 20 reach back to the slow ones: the 18th, 25 days; too-new" \
	"too-new" "$(lv late@x grace-old15.tsv | cut -d' ' -f1)"
ptreport patches -v grace-old15.tsv none.tsv 2>&1 >/dev/null | sed 1d >grace.err
is "... stderr names the 20 patches' dates" \
	"ptreport: grace 25.0 days on dev (90th percentile time to first response 600.0 hours (25.0 days), of its 20 answered patches posted 2019-06-01 .. 2021-02-15)" \
	"$(cat grace.err)"
# Per list: list a answers slowly, list b fast; both end 2021-03-28.
{
	mhdr
	for m in 2021-01 2021-02 2021-03; do fill a $m 30; fill b $m 30; done
	slow a 2 2021-02
	fast a 8 2021-02
	fast b 10 2021-02
	lmail a la@x 2021-03-08T12:00:00Z Ann ann@a.org patch '' ''
	lmail b lb@x 2021-03-08T12:00:00Z Ann ann@a.org patch '' ''
} >grace-lists.tsv
is "grace per list: on the slow list too-new, on the fast one ignored" \
	"too-new|ignored" \
	"$(lv la@x grace-lists.tsv | cut -d' ' -f1)|$(lv lb@x grace-lists.tsv | cut -d' ' -f1)"
ptreport patches -v grace-lists.tsv none.tsv 2>&1 >/dev/null | sed 1d >grace.err
is "grace per list: a line each, by list" \
	"ptreport: grace 25.0 days on a (90th percentile time to first response 600.0 hours (25.0 days), of its 10 answered patches posted 2021-02-01 .. 2021-02-08)|ptreport: grace 14.0 days on b (the least, 14 days; 90th percentile time to first response 1.0 hours (0.0 days), of its 10 answered patches posted 2021-02-01 .. 2021-02-10)" \
	"$(paste -sd'|' grace.err)"
{ sed -n 1p grace-lists.tsv; sed 1d grace-lists.tsv | sort -r; } >grace-rev.tsv
ptreport patches -v grace-rev.tsv none.tsv 2>&1 >/dev/null | sed 1d >grace-rev.err
same "... in the same order whatever the order of the rows" grace.err grace-rev.err
{
	cat grace-lists.tsv
	lmail b la@x 2021-03-08T12:00:00Z Ann ann@a.org patch '' ''
} >grace-cross.tsv
is "control: cross-posted to the fast list too, an answer would have come there: ignored" "ignored " \
	"$(lv la@x grace-cross.tsv)"

# --- for the project: the repository's files at the patch's date ---------------
# A patch table by hand: thdr, then
#   tok KIND ID DATE CHANGE... with CHANGE M:path (modifies), C:path
#   (creates), D:path (deletes), R:old>new (renames); files, new and the
#   F lines of hunks are made from them, as patchtok writes them.
thdr() {
	printf 'id\tkind\tdate\tfiles\tnew\thunks\n'
}
tok() {
	kind=$1 id=$2 date=$3
	shift 3
	printf '%s\n' "$@" | awk -v kind="$kind" -v id="$id" -v date="$date" '
	function add(v, x) { return v == "" ? x : v "\\n" x }
	{
		k = substr($0, 1, 1); p = substr($0, 3)
		if (k == "R") { split(p, a, ">"); o = a[1]; n = a[2] } else { o = p; n = p }
		if (k == "C") o = "/dev/null"
		if (k == "D") n = "/dev/null"
		if (o != "/dev/null") files = add(files, o)
		if (n != "/dev/null" && n != o) files = add(files, n)
		if (k == "C") new = add(new, n)
		hunks = hunks "F " o "\\t" n "\\n@ \\n+x\\n"
	}
	END { printf "%s\t%s\t%s\t%s\t%s\t%s\n", id, kind, date, files, new, hunks }'
}
K1=f100000000000000000000000000000000000000
K2=f200000000000000000000000000000000000000
K3=f300000000000000000000000000000000000000
K4=f400000000000000000000000000000000000000
K5=f500000000000000000000000000000000000000
K6=f600000000000000000000000000000000000000
K7=f700000000000000000000000000000000000000
K8=f800000000000000000000000000000000000000
K9=f900000000000000000000000000000000000000
KA=fa00000000000000000000000000000000000000
KB=fb00000000000000000000000000000000000000
# The history: k1 (2021-01-10) changes src/a.c, src/old.c, src/b.c and
# Makefile, there before the history began; k5 (01-05) creates
# tools/x/y.c; k2 (committed 02-01, written 01-20) creates src/new.c; k3
# (03-01) deletes src/old.c; k4 (03-05) renames src/b.c to lib/b.c; k6
# (01-12) creates src/rev.c, k7 (01-14) reverts it, and k8 (committed
# 01-16, written 01-11, before the revert) brings it back; ka (01-06)
# creates src/gone.c and kb (01-07) deletes it.
{
	thdr
	tok commit $K1 2021-01-10T00:00:00Z M:src/a.c M:src/old.c M:src/b.c M:Makefile
	tok commit $K5 2021-01-05T00:00:00Z C:tools/x/y.c
	tok commit $K2 2021-02-01T00:00:00Z C:src/new.c
	tok commit $K3 2021-03-01T00:00:00Z D:src/old.c
	tok commit $K4 2021-03-05T00:00:00Z 'R:src/b.c>lib/b.c'
	tok commit $K6 2021-01-12T00:00:00Z C:src/rev.c
	tok commit $K7 2021-01-14T00:00:00Z D:src/rev.c
	tok commit $K8 2021-01-16T00:00:00Z C:src/rev.c
	tok commit $KA 2021-01-06T00:00:00Z C:src/gone.c
	tok commit $KB 2021-01-07T00:00:00Z D:src/gone.c
} >c-hist.tok
{
	chdr
	commit $K1 2021-01-10T00:00:00Z 2021-01-10T00:00:00Z
	commit $K5 2021-01-05T00:00:00Z 2021-01-05T00:00:00Z
	commit $K2 2021-01-20T00:00:00Z 2021-02-01T00:00:00Z
	commit $K3 2021-03-01T00:00:00Z 2021-03-01T00:00:00Z
	commit $K4 2021-03-05T00:00:00Z 2021-03-05T00:00:00Z
	commit $K6 2021-01-12T00:00:00Z 2021-01-12T00:00:00Z
	commit $K7 2021-01-14T00:00:00Z 2021-01-14T00:00:00Z
	commit $K8 2021-01-11T00:00:00Z 2021-01-16T00:00:00Z
	commit $KA 2021-01-06T00:00:00Z 2021-01-06T00:00:00Z
	commit $KB 2021-01-07T00:00:00Z 2021-01-07T00:00:00Z
	# The history goes on: the patches after the last change are judged.
	commit $K9 2021-06-01T00:00:00Z 2021-06-01T00:00:00Z
} >c-hist.tsv
# own ID DATE CHANGE...: a patch mail by Ann (mails table and patch table rows).
: >own.tsv
: >own.tok
own() {
	mail "$1" "$2" Ann ann@a.org patch '' '' >>own.tsv
	tok mail "$@" >>own.tok
}
own n1@x 2021-01-25T00:00:00Z M:src/new.c
own n0@x 2021-01-15T00:00:00Z M:src/new.c
own o1@x 2021-02-15T00:00:00Z M:src/old.c
own o2@x 2021-04-01T00:00:00Z M:src/old.c
own o3@x 2021-04-01T00:00:00Z D:src/old.c
own r1@x 2021-02-10T00:00:00Z M:src/rev.c
own b1@x 2021-03-10T00:00:00Z M:lib/b.c
own b0@x 2021-02-20T00:00:00Z M:lib/b.c
own b2@x 2021-03-10T00:00:00Z 'R:src/b.c>lib/b.c'
own c1@x 2021-02-10T00:00:00Z C:src/c2.c
own c2@x 2021-02-10T00:00:00Z C:tools/new.c
own c3@x 2021-02-10T00:00:00Z C:fs/erofs/z.c
own c4@x 2021-02-10T00:00:00Z M:tools/lib/bpf/x.c
own c5@x 2021-02-10T00:00:00Z C:lib/z.c
own v1@x 2021-02-10T00:00:00Z M:src/b.c M:include/linux/k.h M:lib/k.c
own v2@x 2021-02-10T00:00:00Z M:src/b.c M:src/a.c M:kernel/x.c
own v3@x 2021-02-10T00:00:00Z M:src/b.c M:src/gone.c
own v6@x 2021-02-10T00:00:00Z M:src/b.c M:kernel/x.c
own v7@x 2021-02-10T00:00:00Z M:src/b.c M:src/never.c
own v8@x 2021-05-01T00:00:00Z M:src/a.c M:src/never.c
own v5@x 2021-02-10T00:00:00Z M:Makefile M:kernel/x.c
own v4@x 2021-02-10T00:00:00Z M:fs/Kconfig M:fs/Makefile C:include/erofs.h
{ mhdr; cat own.tsv; } >own-m.tsv
{ thdr; cat own.tok; } >own-m.tok
# fc ID: "verdict detail" of patch ID with the history.
fc() {
	verdict "$1" own-m.tsv own-m.tok c-hist.tok c-hist.tsv none.tsv
}
is "project: a file the repository has at the patch's date, created by a commit written before it" \
	"ignored" "$(fc n1@x)"
is "control: the same file, before the commit that creates it was written" \
	"not-counted not for this repository: 0 of the 1 files it changes were in it at its date (not src/new.c)" \
	"$(fc n0@x)"
is "control: without the commits table, the creation counts from its commit date (02-01)" \
	"not-counted" "$(verdict n1@x own-m.tsv own-m.tok c-hist.tok none.tsv | cut -d' ' -f1)"
is "project: a file deleted later" "ignored" "$(fc o1@x)"
is "project: a file reverted, then brought back by a commit written before the revert" \
	"ignored" "$(fc r1@x)"
is "control: the same file changed after it was deleted" "not-counted" "$(fc o2@x | cut -d' ' -f1)"
is "project: deleting a file the repository had (deleted before: the same change)" "ignored" "$(fc o3@x)"
is "project: the new name of a rename, after it" "ignored" "$(fc b1@x)"
is "control: the new name before the rename" "not-counted" "$(fc b0@x | cut -d' ' -f1)"
is "project: the rename itself, posted after it was committed" "ignored" "$(fc b2@x)"
# With a paths column (the F lines alone, as patchtok writes it), the
# hunks are not read: the same verdicts with hunks that could not be.
withpaths() {
	awk -F'\t' 'BEGIN { OFS = "\t" }
	NR == 1 { print $0, "paths"; next }
	{ p = $6; gsub(/\\n@ \\n\+x/, "", p); sub(/\\n$/, "", p); $6 = "\\q"; print $0, p }' "$1"
}
withpaths own-m.tok >own-p.tok
withpaths c-hist.tok >c-hist-p.tok
grep -q '^n1@x	.*	\\q	F /dev/null\\tsrc/new.c$' own-p.tok 2>/dev/null ||
    grep -q '^n1@x	.*	\\q	F src/new.c\\tsrc/new.c$' own-p.tok
ok $? "paths table: the F lines in paths, a bad escape in hunks"
ptreport patches -q --grace 0 own-m.tsv own-m.tok c-hist.tok c-hist.tsv none.tsv >v-hunks.tsv 2>v-hunks.err
ptreport patches -q --grace 0 own-m.tsv own-p.tok c-hist-p.tok c-hist.tsv none.tsv >v-paths.tsv 2>v-paths.err
is "paths: read instead of hunks, nothing said (exit 0)" "0|" "$?|$(cat v-paths.err)"
same "paths: every verdict as from the hunks" v-hunks.tsv v-paths.tsv
is "project: a new file in a folder the repository has" "ignored" "$(fc c1@x)"
is "project: a new file in tools/, which the repository has" "ignored" "$(fc c2@x)"
is "control: a new file in a folder it does not have" \
	"not-counted not for this repository: it creates files in no folder the repository had at its date (fs/erofs/z.c)" \
	"$(fc c3@x)"
is "control: a file below tools/ that the repository does not have" "not-counted" \
	"$(fc c4@x | cut -d' ' -f1)"
is "control: a new file in lib/ before the rename made lib/ (03-05)" "not-counted" "$(fc c5@x | cut -d' ' -f1)"
is "another project's: one of three files it changes is the repository's (src/b.c)" \
	"not-counted not for this repository: 1 of the 3 files it changes were in it at its date (not include/linux/k.h)" \
	"$(fc v1@x)"
is "control: two of three" "ignored" "$(fc v2@x)"
is "control: one of two (half) is the project's, the other a file it had (deleted since), in a folder it has" \
	"ignored" "$(fc v3@x)"
is "another project's: one of two (half), the other a file the repository never had, in a folder it has (a library's Makefile.common beside src/Makefile)" \
	"not-counted not for this repository: 1 of the 2 files it changes were in it at its date (not src/never.c)" \
	"$(fc v7@x)"
is "control: the same within 90 days of the history's end (its file may come later): judged" \
	"judged" "$(fc v8@x | cut -d' ' -f1 | sed 's/^not-counted$/not/; s/^[a-z-]*$/judged/')"
is "another project's: one of two (half), the other in a folder the repository never had (a library's patch with its copy of a shared header)" \
	"not-counted not for this repository: 1 of the 2 files it changes were in it at its date (not kernel/x.c)" \
	"$(fc v6@x)"
is "another project's: the top Makefile, which every project has, tells nothing beside kernel/x.c" \
	"not-counted not for this repository: 0 of the 1 files it changes were in it at its date (not kernel/x.c)" \
	"$(fc v5@x)"
is "another project's: it changes none of the repository's files, though it creates one in include/" \
	"not-counted" "$(fc v4@x | cut -d' ' -f1)"
# Threads and authors: 2/2 changes the file 1/2 creates; an author's
# unthreaded series; anyone's later patch changing a file an earlier
# patch for the project creates (a series built on another's unmerged
# one), but not creating files in its new folder.
{
	mhdr
	mail t0@x 2021-02-10T09:00:00Z Kim kim@k.org cover '' '' '' 2
	mail t1@x 2021-02-10T09:01:00Z Kim kim@k.org patch t0@x t0@x '' 2
	mail t2@x 2021-02-10T09:02:00Z Kim kim@k.org patch t0@x t0@x '' 2
	mail u1@x 2021-02-11T09:00:00Z Lee lee@l.org patch '' ''
	mail u2@x 2021-02-11T09:05:00Z Lee lee@l.org patch '' ''
	mail u0@x 2021-02-11T08:00:00Z Lee lee@l.org patch '' ''
	mail w2@x 2021-02-11T09:05:00Z Max max@m.org patch '' ''
	mail w0@x 2021-02-11T08:30:00Z Max max@m.org patch '' ''
	mail w3@x 2021-02-11T09:10:00Z Max max@m.org patch '' ''
	mail u3@x 2021-02-11T09:10:00Z Lee lee@l.org patch '' ''
	mail w4@x 2021-05-01T09:00:00Z Max max@m.org patch '' ''
	mail w5@x 2021-05-20T09:00:00Z Max max@m.org patch '' ''
} >thr.tsv
{
	thdr
	tok mail t1@x 2021-02-10T09:01:00Z M:src/a.c C:newdir/x.c
	tok mail t2@x 2021-02-10T09:02:00Z M:newdir/x.c C:newdir/y.c
	tok mail u1@x 2021-02-11T09:00:00Z M:src/a.c C:feat/f.c
	tok mail u2@x 2021-02-11T09:05:00Z M:feat/f.c
	tok mail u0@x 2021-02-11T08:00:00Z M:feat/f.c
	tok mail w2@x 2021-02-11T09:05:00Z M:feat/f.c
	tok mail w0@x 2021-02-11T08:30:00Z M:feat/f.c
	tok mail w3@x 2021-02-11T09:10:00Z C:feat/g.c
	tok mail u3@x 2021-02-11T09:10:00Z C:feat/h.c
	tok mail w4@x 2021-05-01T09:00:00Z M:feat/f.c
	tok mail w5@x 2021-05-20T09:00:00Z M:feat/f.c
} >thr.tok
tv() {
	verdict "$1" thr.tsv thr.tok c-hist.tok c-hist.tsv none.tsv | cut -d' ' -f1
}
is "thread: 2/2 changes the file 1/2 creates, and adds one beside it" "ignored" "$(tv t2@x)"
is "author: a later patch of the same author changes the file the first creates (no thread)" \
	"ignored" "$(tv u2@x)"
is "control: the same patch posted before the one creating the file" "not-counted" "$(tv u0@x)"
is "anyone: the same patch by another author, later (built on Lee's unmerged patch)" \
	"ignored" "$(tv w2@x)"
is "control: by another author, before the patch creating the file" "not-counted" "$(tv w0@x)"
is "anyone: 79 days after the patch creating the file (within 90)" "ignored" "$(tv w4@x)"
is "control: 98 days after, and the file never came into the repository (another's, an RFC's)" \
	"not-counted" "$(tv w5@x)"
is "author: a later patch of the same author creates a file in the folder the first made" \
	"ignored" "$(tv u3@x)"
is "control: another author's, creating a file there (to anyone the file, not its folder)" \
	"not-counted" "$(tv w3@x)"
# 2/2 by Ned, one minute before 1/2 (so only the thread can tell).
sed '/^t2@x/s/T09:02:00Z\tKim\tkim@k.org\t/T08:59:00Z\tNed\tned@n.org\t/' thr.tsv >thr-ned.tsv
sed '/^t2@x/s/2021-02-10T09:02:00Z/2021-02-10T08:59:00Z/' thr.tok >thr-early.tok
grep -q '^t2@x	2021-02-10T08:59:00Z	Ned	ned@n.org	' thr-ned.tsv
ok $? "control table: 2/2 by someone else, before 1/2, in the thread"
is "thread: 2/2 by someone else, in the thread, even before 1/2" "ignored" \
	"$(verdict t2@x thr-ned.tsv thr-early.tok c-hist.tok c-hist.tsv none.tsv | cut -d' ' -f1)"
sed '/^t2@x/s/\tNed\tned@n.org\t\(.*\)\tt0@x\tt0@x\tpatch/\tNed\tned@n.org\t\1\t\t\tpatch/' thr-ned.tsv >thr-apart.tsv
grep -q '^t2@x.*ned@n.org.*		patch' thr-apart.tsv
ok $? "control table: 2/2 by someone else, before 1/2, in no thread"
is "control: 2/2 by someone else, before 1/2, in no thread" "not-counted" \
	"$(verdict t2@x thr-apart.tsv thr-early.tok c-hist.tok c-hist.tsv none.tsv | cut -d' ' -f1)"

# A posting is for one repository: the parts of one posting vote.
# Jan's 0/3 cover and its parts: 1/3 and 2/3 change another repository's
# files (recipes/, conf/), 3/3 only src/b.c, which this repository has
# too; 3/3 also creates docs/jh.txt, which Kim's follow-up (no N, a reply
# to the cover: no part of the posting) changes.
{
	mhdr
	smail j0@x 2021-02-10T09:00:00Z Jan jan@j.org cover '' '' 1 0 3
	smail j1@x 2021-02-10T09:01:00Z Jan jan@j.org patch j0@x j0@x 1 1 3
	smail j2@x 2021-02-10T09:02:00Z Jan jan@j.org patch j0@x j0@x 1 2 3
	smail j3@x 2021-02-10T09:03:00Z Jan jan@j.org patch j0@x j0@x 1 3 3
	mail jf@x 2021-02-11T09:00:00Z Kim kim@k.org patch j0@x j0@x '' 1
	mail jt@x 2021-02-10T09:04:00Z Jan jan@j.org patch j0@x j0@x '' 1
} >post.tsv
{
	thdr
	tok mail j1@x 2021-02-10T09:01:00Z M:recipes/a.bb
	tok mail j2@x 2021-02-10T09:02:00Z M:conf/b.conf
	tok mail j3@x 2021-02-10T09:03:00Z M:src/b.c C:docs/jh.txt
	tok mail jf@x 2021-02-11T09:00:00Z M:docs/jh.txt
	tok mail jt@x 2021-02-10T09:04:00Z C:bbtest.c C:bbtest.h
} >post.tok
pv() {
	verdict "$1" "$2" "$3" c-hist.tok c-hist.tsv none.tsv
}
is "posting: 3/3 changes only src/b.c, the other two parts another repository's files: another repository's" \
	"not-counted not for this repository: most patches of its posting are another repository's (2 of the 3 judged by their files)" \
	"$(pv j3@x post.tsv post.tok)"
is "posting: Jan's test harness without k/N, a reply to the cover creating files only, follows the posting" \
	"not-counted not for this repository: most patches of its posting are another repository's (2 of the 3 judged by their files)" \
	"$(pv jt@x post.tsv post.tok)"
is "posting: its new file teaches nothing: the follow-up changing it is not the project's either" \
	"not-counted not for this repository: 0 of the 1 files it changes were in it at its date (not docs/jh.txt)" \
	"$(pv jf@x post.tsv post.tok)"
sed 's|conf/b.conf|src/a.c|g' post.tok >post-own.tok
is "control: 2/3 changes the repository's src/a.c: one of three is another's, 3/3 is the project's (answered by Kim's follow-up patch)" \
	"answered kim@k.org|ignored|not-counted" \
	"$(pv j3@x post.tsv post-own.tok)|$(pv jf@x post.tsv post-own.tok)|$(pv j1@x post.tsv post-own.tok | cut -d' ' -f1)"
is "control: ... and the harness, of a posting for the project, is counted (a file in the top folder)" \
	"ignored" "$(pv jt@x post.tsv post-own.tok | cut -d' ' -f1)"
{
	mhdr
	smail j0@x 2021-02-10T09:00:00Z Jan jan@j.org cover '' '' 1 0 2
	smail j1@x 2021-02-10T09:01:00Z Jan jan@j.org patch j0@x j0@x 1 1 2
	smail j3@x 2021-02-10T09:03:00Z Jan jan@j.org patch j0@x j0@x 1 2 2
} >post-tie.tsv
is "control: a tie (one part another's, one the project's): each keeps its own verdict" \
	"ignored|not-counted" \
	"$(pv j3@x post-tie.tsv post.tok)|$(pv j1@x post-tie.tsv post.tok | cut -d' ' -f1)"
# A part that only creates a file at the top folder (every repository
# has it) casts no vote: Kay's 1/2 adds .clang-format, her 2/2 formats
# another repository's files.  Control: 1/2 creates it in src/ (a folder
# the repository has): a tie, each its own verdict.
{
	mhdr
	smail k0@x 2021-02-10T09:00:00Z Kay kay@k.org cover '' '' 1 0 2
	smail k1@x 2021-02-10T09:01:00Z Kay kay@k.org patch k0@x k0@x 1 1 2
	smail k2@x 2021-02-10T09:02:00Z Kay kay@k.org patch k0@x k0@x 1 2 2
} >post-top.tsv
ktop() { # PATH-1/2-CREATES
	{
		thdr
		tok mail k1@x 2021-02-10T09:01:00Z "C:$1"
		tok mail k2@x 2021-02-10T09:02:00Z M:recipes/a.bb M:conf/b.conf
	} >post-top.tok
	pv k1@x post-top.tsv post-top.tok
}
is "posting: 1/2 creates .clang-format alone, 2/2 another repository's: 1/2 follows it" \
	"not-counted not for this repository: most patches of its posting are another repository's (1 of the 1 judged by their files)" \
	"$(ktop .clang-format)"
is "control: 1/2 creates src/.clang-format (a folder of the repository): a tie, its own verdict" \
	"ignored" "$(ktop src/.clang-format | cut -d' ' -f1)"
sed '/^j3@x/s/\t1\t3\t3\t$/\t2\t3\t3\t/' post.tsv >post-v2.tsv
grep -q '^j3@x.*	2	3	3	$' post-v2.tsv
ok $? "control table: 3/3 as version 2"
is "control: 3/3 of another version, in the same thread, is a posting of its own (counted; Kim's answer to v1's cover letter is none to it)" \
	"ignored" "$(pv j3@x post-v2.tsv post.tok)"
sed '/^j3@x/s/T09:03:00Z\tJan\tjan@j.org\t\(.*\)\tj0@x\tj0@x\t/T09:30:00Z\tJan\tjan@j.org\t\1\t\t\t/' post.tsv >post-apart.tsv
grep -q '^j3@x.*T09:30:00Z.*jan@j.org.*		patch' post-apart.tsv
ok $? "control table: 3/3 in a thread of its own, half an hour later"
is "control: 3/3 in no thread with the others is no part of their posting" "ignored" \
	"$(pv j3@x post-apart.tsv post.tok)"
sed '/^j3@x/s/\tjan@j.org\t\(.*\)\tj0@x\tj0@x\t/\tjan@j.org\t\1\t\t\t/' post.tsv >post-unthr.tsv
grep -q '^j3@x.*T09:03:00Z.*jan@j.org.*		patch' post-unthr.tsv
ok $? "control table: 3/3 in no thread, three minutes after the cover letter"
is "... but sent without threading with its cover letter, 3/3 is a part of the posting" "not-counted" \
	"$(pv j3@x post-unthr.tsv post.tok | cut -d' ' -f1)"
{
	cat post.tsv
	smail j4@x 2021-02-10T09:04:00Z Jan jan@j.org patch j0@x j0@x 1 4 3
} >post-nofile.tsv
is "posting: a part the patch table does not name goes with its posting, without a vote" \
	"not-counted not for this repository: most patches of its posting are another repository's (2 of the 3 judged by their files)" \
	"$(pv j4@x post-nofile.tsv post.tok)"
is "control: without a patch table of the commits nothing is judged by its files" "answered kim@k.org" \
	"$(verdict j3@x post.tsv post.tok none.tsv)"

# The repository's paths: from a patch table of commits.
is "another project's patch: not counted with the commits' files" \
	"not-counted not for this repository: 0 of the 1 files it changes were in it at its date (not other/tool.c)" \
	"$(verdict p8@x "$D/mails.tsv" "$D/clusters.tsv" "$D/mails.tok" "$D/commits.tok")"
is "control: without the commits' patch table every patch counts" "ignored" \
	"$(verdict p8@x "$D/mails.tsv" "$D/clusters.tsv" "$D/mails.tok")"
is "a new file in a folder of the repository counts" "ignored" \
	"$(verdict p8b@x "$D/mails.tsv" "$D/clusters.tsv" "$D/mails.tok" "$D/commits.tok")"
is "a file that patch 1/2 of the thread creates counts for 2/2" "ignored" \
	"$(verdict p9b@x "$D/mails.tsv" "$D/clusters.tsv" "$D/mails.tok" "$D/commits.tok")"

# --- the hand-made tables --------------------------------------------------
# They cover 2021-03-01 .. 2021-03-11: --grace 0 (no grace), or every patch
# without an answer would be too new.
set -- --grace 0 "$D/clusters.tsv" "$D/mails.tsv" "$D/commits.tsv" "$D/mails.tok" "$D/commits.tok"
run ptreport patches "$@"
is "fixture: patches exits 0" 0 "$rc"
cp "$T/out" patches.tsv
# Every verdict, worked out by hand from the tables (see the goldens).
cut -f1,6 patches.tsv | sed 1d | tr '\t' ' ' >got
cat >want <<'EOF'
p12rfc@x not-counted
p1@x answered
p2@x ignored
p3@x ignored
p4@x answered
p4v2@x answered-version
p5@x merged
p6@x not-counted
p13@x not-counted
p7@x answered
p7v2@x not-counted
p12@x merged
p12v2@x merged
p8@x not-counted
p8b@x ignored
p9a@x ignored
p9b@x ignored
p10@x answered
p11@x merged
EOF
same "fixture: every patch's verdict, by date" want got
run ptreport ignored "$@"
cp "$T/out" ignored.tsv
is "fixture: ignored = the patches rows so judged" \
	"$(awk -F'\t' '$6 == "ignored" { print $1 }' patches.tsv)" "$(col id ignored.tsv)"
is "fixture: the ignored patches' thread sizes" "3 2 1 3 3" "$(col thread ignored.tsv | tr '\n' ' ' | sed 's/ $//')"

# --since and --until: which patches count (a date alone: its whole day).
ptreport patches -q -s 2021-03-04 -u 2021-03-08 "$@" >window.tsv
is "--since/--until: the patches inside" "p4v2@x p5@x p7@x p12@x p12v2@x p8b@x" \
	"$(awk -F'\t' 'NR > 1 && $6 != "not-counted" { printf "%s ", $1 }' window.tsv | sed 's/ $//')"
is "--since/--until: the others say why" "p1@x p2@x p3@x p4@x p9a@x p9b@x p10@x p11@x" \
	"$(awk -F'\t' '$7 == "outside --since/--until" { printf "%s ", $1 }' window.tsv | sed 's/ $//')"
is "--until with a time is exact" "p4v2@x p5@x p7@x p12@x p12v2@x" \
	"$(ptreport patches -q -s 2021-03-04 -u 2021-03-08T09:59:59Z "$@" |
	    awk -F'\t' 'NR > 1 && $6 != "not-counted" { printf "%s ", $1 }' | sed 's/ $//')"
ptreport weekly -q -s 2021-03-04 -u 2021-03-08 "$@" >w.tsv
is "--since/--until: weekly counts the same patches" 6 "$(sum patches w.tsv)"

# offlist: the window is the mails' span, 2021-03-01T00:00 to 2021-03-11T12:00.
run ptreport offlist -v "$@"
is "offlist: exit 0" 0 "$rc"
cp "$T/out" off.tsv
is "offlist: no mail (none, or a cluster of its own), two commits once; not d3, whose cluster holds an RFC" \
	"d1 committer-own|d7a committer-own|d2 committer-own" \
	"$(awk -F'\t' 'NR > 1 { printf "%s%s %s", (NR > 2 ? "|" : ""), substr($1, 1, index($1, "0") - 1), $10 }' off.tsv)"
is "offlist: the pair's row counts 2 commits, 0 mails" "2 0" \
	"$(awk -F'\t' '$7 == 20 { print $8, $9 }' off.tsv)"
is "offlist: the notes say the coverage and count the commits of the window (not the root commit)" \
	"ptreport: coverage 2021-03-01 .. 2021-03-11 (every mail inside)|ptreport: 3 off-list of 11 commits written and committed in 2021-03-01 .. 2021-03-11 (the coverage)" \
	"$(paste -sd'|' "$T/err")"
grep -q 'd4a\|d5\|d6\|d8' off.tsv
ok $((!$?)) "offlist: not three commits, nor written before or committed after the window, nor the root"
ptreport offlist -q -s 2021-02-01 -u 2021-03-31 "$@" >off2.tsv
is "offlist -s/-u: a wider window takes the commits written before and committed after" \
	"d1 d7a d5 d2 d6" \
	"$(col id off2.tsv | sed 's/0*$//' | tr '\n' ' ' | sed 's/ $//')"
run ptreport offlist "$D/clusters.tsv" "$D/commits.tsv"
is "offlist without mails nor -s/-u: exit 2" 2 "$rc"
grep -q 'offlist needs a mails table or both --since and --until' "$T/err"
ok $? "offlist without mails nor -s/-u: says why"
# Without the mails, the RFC mail of d3's cluster is not known as one.
run ptreport offlist -q -s 2021-03-01 -u 2021-03-11 "$D/clusters.tsv" "$D/commits.tsv"
is "offlist with -s/-u needs no mails" "0 d1 d7a d2" \
	"$rc $(col id "$T/out" | sed 's/0*$//' | tr '\n' ' ' | sed 's/ $//')"

# weekly: ISO 8601 weeks over two year ends, an empty week, a cross-post.
run ptreport weekly --grace 0 "$D/weeks.tsv" "$D/weeks-clusters.tsv"
cat >want <<'EOF'
list	week	start	patches	ignored	merged	ignored_share	ttfr_median_h
a	2019-W52	2019-12-23	1	1	0	1.0000	
a	2020-W01	2019-12-30	1	1	0	1.0000	
a	2020-W02	2020-01-06	0	0	0	0.0000	
a	2020-W03	2020-01-13	2	1	0	0.5000	1.0
b	2020-W53	2020-12-28	2	1	1	0.5000	
b	2021-W01	2021-01-04	1	1	0	1.0000	
c	2020-W03	2020-01-13	1	1	0	1.0000	
EOF
same "weekly: 2019-12-29 is 2019-W52, 2019-12-31 2020-W01, 2021-01-03 2020-W53; W02 a zero row; x@x on a and c; wa3 answered in an hour" \
	want "$T/out"
is "weekly: a cross-posted mail is one patch row, on both lists" "x@x a c" \
	"$(ptreport patches -q "$D/weeks.tsv" none.tsv | awk -F'\t' '$1 == "x@x" { print $1, $3 }')"
run ptreport weekly "$@"
is "weekly on the fixture: two weeks" "dev 2021-W09 8 2 2|dev 2021-W10 6 3 2" \
	"$(awk -F'\t' 'NR > 1 { printf "%s%s %s %s %s %s", (NR > 2 ? "|" : ""), $1, $2, $4, $5, $6 }' "$T/out")"

# cycle: v1.0, v1.1-rc1, v1.1-rc2, v1.1, v1.2 (no -rc), and a tag that is no
# release.  Without -rc tags: patches 2 and 10 days after v1.1 are in its
# merge window, a month after in the rest, 10 and 7 days before v1.2 in
# pre-release; after the last release there is no pre-release.
run ptreport cycle -v --grace 0 "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv" "$D/tags.tsv"
cat >want <<'EOF'
phase	cycles	patches	ignored	merged	ignored_share
merge	3	4	3	1	0.7500
rc1	1	1	1	0	1.0000
rc2	1	2	1	0	0.5000
rest	2	2	2	0	1.0000
pre-release	1	2	2	0	1.0000
EOF
same "cycle: merge window up to -rc1, rc1, rc2; without -rc: merge, rest, pre-release" want "$T/out"
grep -q '1 patches predate the first release (v1.0)' "$T/err"
ok $? "cycle: a patch before the first release is said on stderr"
run ptreport cycle -R '^v[0-9]+$' "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv" "$D/tags-named.tsv"
is "cycle: no tag matching --release: exit 0" 0 "$rc"
printf 'phase\tcycles\tpatches\tignored\tmerged\tignored_share\n' >want
same "cycle: no tag matching --release: the header alone" want "$T/out"
grep -q 'cycle: no phases: no tag matches the release pattern' "$T/err"
ok $? "cycle: no release tag: says so"
run ptreport cycle -P -R '^v[0-9]+$' "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv" "$D/tags-named.tsv"
grep -q '^none: no tag of the repository matches the release pattern \^v\[0-9\]+\$$' "$T/out"
ok $? "cycle -P: no release tag: the text says why, with the pattern"
run ptreport cycle --grace 0 -R '^release-[0-9]+$' "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv" "$D/tags-named.tsv"
cat >want <<'EOF'
phase	cycles	patches	ignored	merged	ignored_share
merge	2	3	2	1	0.6667
rest	2	6	6	0	1.0000
pre-release	1	2	1	0	0.5000
EOF
same "cycle -R: other release names; the last cycle has no pre-release" want "$T/out"
run ptreport cycle --grace 0 "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv" "$D/tags-named.tsv"
same "cycle: the default --release takes NAME-N tags (release-1, release-2)" want "$T/out"
for t in liburing-2.5:yes man-pages-6.05:yes erofs-utils_20190803:yes 20190517:yes v6.1:yes \
    6.1:yes v6.1-rc3:no jailhouse-images:no next:no v6.1-beta:no; do
	{ printf 'tag\tid\tdate\tannotated\ttag_date\n'
	  printf '%s\t%s\t2021-01-01T10:00:00Z\tno\t\n' "${t%:*}" 1000000000000000000000000000000000000000
	} >tag1.tsv
	run ptreport cycle -P "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv" tag1.tsv
	if grep -q '^none:' "$T/out"; then got=no; else got=yes; fi
	is "cycle: the default --release on tag ${t%:*}" "${t#*:}" "$got"
done
run ptreport cycle -R '(' "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv" "$D/tags.tsv"
[ "$rc" -ne 0 ] && grep -q -- '--release (' "$T/err"
ok $? "cycle -R with a bad regex fails, naming it"

# duration: 2021-03-04T10:00 to 2021-03-07T22:00 is 3.5 days; the RFC of
# cluster 15 is no posting (first 03-06T00:00, committed 03-10T06:00:
# 4.25 days); cluster 14 was committed 2.5 days before its posting.
run ptreport duration "$@"
is "duration: exit 0" 0 "$rc"
is "duration: cluster days mails, by first posting" "5 3.50 1|15 4.25 2|14 -2.50 1" \
	"$(awk -F'\t' 'NR > 1 { printf "%s%s %s %s", (NR > 2 ? "|" : ""), $1, $7, $8 }' "$T/out")"
is "duration: first and last posting of cluster 15" "2021-03-06T00:00:00Z 2021-03-08T00:00:00Z" \
	"$(awk -F'\t' '$1 == 15 { print $4, $5 }' "$T/out")"

# eval against a hand-made truth.  Clusters {m1 m2 e1} {m3 e2 e3} {m4} {e4};
# truth {m1 e1} {m2 m4 e4} {m3 e2} (+ m9, unknown; e3 is in no truth).
# Items both know: m1 m2 m3 m4 e1 e2 e4 = 7.
# links: ours m1-e1 m2-e1 m3-e2 = 3; truth m1-e1 m2-e4 m4-e4 m3-e2 = 4;
#   common 2: P 2/3, R 2/4, F1 4/7 = 0.5714, FM sqrt(1/3) = 0.5774.
# pairs: ours 3 + 1 = 4; truth 1 + 3 + 1 = 5; common {m1 e1} {m3 e2} = 2:
#   P 0.5, R 0.4, F1 0.4444, FM sqrt(0.2) = 0.4472.
# commits: per patch mail and truth commit of it: m1 e1 (its cluster holds
#   1 commit, e1 among them), m2 e4 (holds e1: 1, not e4), m3 e2 (holds e2
#   e3: 2, e2 among them), m4 e4 (holds none): truth 4, ours 1+1+2+0 = 4,
#   common 2: P 0.5, R 0.5, F1 0.5, FM 0.5.
E="$D/eval-clusters.tsv $D/eval-mails.tsv $D/eval-commits.tsv"
cat >want <<'EOF'
level	items	truth	ours	common	precision	recall	f1	fowlkes_mallows
links	7	4	3	2	0.6667	0.5000	0.5714	0.5774
pairs	7	5	4	2	0.5000	0.4000	0.4444	0.4472
commits	4	4	4	2	0.5000	0.5000	0.5000	0.5000
EOF
run ptreport eval -v --truth "$D/patch-groups" $E
same "eval --truth patch-groups: precision, recall, F1, Fowlkes-Mallows by hand" want "$T/out"
grep -q 'truth names 5 mails and 3 commits; 7 items are in the clusters too, the others are not' "$T/err"
ok $? "eval: the note counts the truth's items and the unknown ones"
run ptreport eval --truth links $E
same "eval --truth links: the commits' links column is the same truth" want "$T/out"
run ptreport eval --diff --truth "$D/patch-groups" $E
is "eval --diff: the extra and the missed links" \
	"m2@x e1 extra|m2@x e4 missed|m4@x e4 missed" \
	"$(awk -F'\t' 'NR > 1 { printf "%s%s %s %s", (NR > 2 ? "|" : ""), $1, substr($2, 1, 2), $3 }' "$T/out")"
printf '<m1@x> => %s\n' e100000000000000000000000000000000000000 >g1
run ptreport eval -q --truth g1 $E
is "eval: a perfect agreement" "links 2 1 1 1 1.0000 1.0000 1.0000 1.0000" \
	"$(sed -n 2p "$T/out" | tr '\t' ' ')"
printf '<nobody@x> => ffff\n' >g0
run ptreport eval -q --truth g0 $E
is "eval: nothing in common: counts 0, measures empty" "links 0 0 0 0    " \
	"$(sed -n 2p "$T/out" | tr '\t' ' ')"
printf '<m1@x> => e1 => e2\nm2@x => e4\n' >gbad
run ptreport eval -q --truth gbad $E
is "eval: a bad patch-groups line exits 1" 1 "$rc"
grep -q "gbad:1: a second '=>'" "$T/err" && grep -q 'gbad:2: a mail id not in angle brackets' "$T/err"
ok $? "eval: bad patch-groups lines are named with their line"
run ptreport eval $E
[ "$rc" -ne 0 ] && grep -q 'eval needs --truth' "$T/err"
ok $? "eval without --truth fails, saying so"
run ptreport eval --truth links "$D/eval-clusters.tsv" "$D/eval-mails.tsv"
is "eval --truth links without commits: exit 2" 2 "$rc"

# --max-series: a 0/5 series of five, two mails of a [PATCH k/10], one alone.
run ptreport patches -S 4 "$D/series.tsv" none.tsv
is "-S 4: seven patches left out" 7 \
	"$(awk -F'\t' '$7 == "in a series above --max-series"' "$T/out" | wc -l)"
grep -q '^ptreport: left out a series of 5 patches (above --max-series 4): s1@x ' "$T/err" &&
    grep -q '^ptreport: left out a series of 10 patches (above --max-series 4): t1@x ' "$T/err" &&
    grep -q '^ptreport: left out 7 patches in 2 series above 4 patches$' "$T/err"
ok $? "-S 4: each series named once on stderr, and the total"
run ptreport weekly -q -S 5 "$D/series.tsv" none.tsv
is "-S 5: the series of five stays, N of k/10 counts" 6 "$(sum patches "$T/out")"
run ptreport summary -q -S 5 "$D/series.tsv" none.tsv
is "-S 5: the summary counts the left out" "2" \
	"$(awk -F'\t' '$1 == "  left out" { print $2 }' "$T/out")"
run ptreport weekly "$D/series.tsv" none.tsv
is "without -S every series counts, nothing on stderr" "8 0" "$(sum patches "$T/out") $(wc -c <"$T/err")"

# --- output formats ----------------------------------------------------------
run ptreport ignored -c "$@"
is "--csv: exit 0" 0 "$rc"
is "--csv: every field quoted, quotes doubled, the comma kept" \
	'"p8b@x","dev","2021-03-08T10:00:00Z","jo@j.org","Jo Ten","[PATCH] h: a new file in a known folder, ""src/""","1","1","10","","","contributor"' \
	"$(grep '^"p8b@x"' "$T/out")"
is "--csv: the header quoted too" '"id","list","date","author","name","subject","thread","versions","cluster","to","maintainers","role"' \
	"$(sed -n 1p "$T/out")"
run ptreport ignored -P "$@"
awk 'NR == 1 { d = index($0, "date"); s = index($0, "subject"); n = length($0); next }
	substr($0, d, 5) != "2021-" || substr($0, s, 8) !~ /^\[PATCH/ || substr($0, s - 2, 2) != "  " { bad++ }
	END { exit bad > 0 }' "$T/out"
ok $? "--pretty: columns start where their headers do"
grep -q '[[:space:]]$' "$T/out"
ok $((!$?)) "--pretty: no trailing blanks"
grep -q "$(printf '\t')" "$T/out"
ok $((!$?)) "--pretty: no TABs"
run ptreport ignored -H "$@"
is "-H: no header" "$(sed 1d ignored.tsv)" "$(cat "$T/out")"
run ptreport summary -H -c "$@"
is "-H -c: CSV without the header" '"mails","28","2021-03-01 .. 2021-03-11"' "$(sed -n 1p "$T/out")"

# An empty result is still a result: exit 0, the header only.
for c in ignored offlist weekly duration; do
	run ptreport $c -s 2030-01-01 -u 2030-12-31 none.tsv "$D/series.tsv"
	[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 1 ]
	ok $? "$c with nothing to report: exit 0, the header"
done
is "patches lists them all the same, outside the window" "8 8" \
	"$(ptreport patches -s 2030-01-01 none.tsv "$D/series.tsv" | rows /dev/stdin) $(ptreport patches -s 2030-01-01 none.tsv "$D/series.tsv" | grep -c 'outside --since/--until')"
run ptreport eval -q --diff --truth g1 $E
is "eval --diff when all agree: the header only" "0 1" "$rc $(wc -l <"$T/out")"
run ptreport summary none.tsv "$D/series.tsv" -s 2030-01-01
is "summary with no patch in the window" "0 0 0" \
	"$rc $(awk -F'\t' '$1 == "patches" || $1 == "ignored" { printf "%s ", $2 }' "$T/out" | sed 's/ $//')"
run ptreport offlist -q "$@"
is "-q: no note on stderr" "0 0" "$rc $(wc -c <"$T/err")"

# --- bad input -----------------------------------------------------------------
printf 'foo\tbar\n1\t2\n' >other.tsv
run ptreport summary "$D/clusters.tsv" "$D/mails.tsv" other.tsv
is "a table ptreport does not read: exit 2" 2 "$rc"
grep -q '^ptreport: other.tsv: not a table ptreport reads' "$T/err"
ok $? "... named on stderr"
is "... and the others are still read" 15 "$(awk -F'\t' '$1 == "patches" { print $2 }' "$T/out")"
{
	mhdr
	mail a@x 2021-03-01T09:00:00Z Ann ann@a.org patch '' ''
	mail b@x 2021-02-30T09:00:00Z Bob bob@b.org patch '' ''
	mail c@x 2021-03-02T09:00:00Z Cid cid@c.org patch '' ''
} >baddate.tsv
run ptreport patches baddate.tsv none.tsv
is "a bad date: exit 1" 1 "$rc"
grep -q '^ptreport: baddate.tsv:3: column date: not a date: 2021-02-30T09:00:00Z$' "$T/err"
ok $? "a bad date: file:line on stderr"
is "a bad date: that row left out, the others read" "a@x c@x" "$(col id "$T/out" | tr '\n' ' ' | sed 's/ $//')"
run ptreport summary baddate.tsv none.tsv
is "a bad date: the summary does not count that row" "2 2" \
	"$(awk -F'\t' '$1 == "mails" || $1 == "patches" { printf "%s ", $2 }' "$T/out" | sed 's/ $//')"
# A patch table of commits with a bad date, and lines of hunks that are
# no file change: the row is named and left out, the others are read.
{
	thdr
	tok commit $K1 2021-01-10T00:00:00Z M:src/a.c
	printf '%s\tcommit\tyesterday\tsrc/x.c\t\t\n' $K2
	printf '%s\tcommit\t2021-01-11T00:00:00Z\tsrc/y.c\t\tF \\t\\nF src/y.c\\nF /dev/null\\t/dev/null\\n\n' $K3
} >c-bad.tok
{
	thdr
	tok mail n1@x 2021-01-25T00:00:00Z M:src/a.c
	printf 'none@x\tmail\t2021-01-25T00:00:00Z\t\t\t\n'
} >m-bad.tok
{
	mhdr
	mail n1@x 2021-01-25T00:00:00Z Ann ann@a.org patch '' ''
	mail none@x 2021-01-25T00:00:00Z Ann ann@a.org patch '' ''
} >m-bad.tsv
run ptreport patches -q --grace 0 m-bad.tsv m-bad.tok c-bad.tok none.tsv
is "a bad date in a patch table of commits: exit 1, file:line, the other rows read" \
	"1|ptreport: c-bad.tok:3: column date: not a date: yesterday|n1@x ignored" \
	"$rc|$(sed -n 1p "$T/err")|$(awk -F'\t' '$1 == "n1@x" { print $1, $6 }' "$T/out")"
is "a patch row naming no file: not for this repository, saying so" \
	"not-counted not for this repository: its patch names no file" \
	"$(awk -F'\t' '$1 == "none@x" { print $6, $7 }' "$T/out")"
run ptreport cycle "$D/cycle-mails.tsv" "$D/cycle-clusters.tsv"
is "cycle without tags: exit 2" 2 "$rc"
grep -q 'cycle needs a tags table' "$T/err"
ok $? "cycle without tags: says so"
run ptreport weekly "$D/clusters.tsv"
is "weekly without mails: exit 2" 2 "$rc"
grep -q 'weekly needs a mails table' "$T/err"
ok $? "weekly without mails: says so"
run ptreport ignored "$D/mails.tsv"
is "ignored without clusters: exit 2" 2 "$rc"
grep -q 'ignored needs a clusters table' "$T/err"
ok $? "ignored without clusters: says so"
run ptreport summary "$D/clusters.tsv" "$T/missing.tsv"
is "a missing file: exit 2" 2 "$rc"
grep -q 'missing.tsv' "$T/err"
ok $? "a missing file is named"
is "a table on stdin, named -" "$(ptreport patches -q none.tsv "$D/mails.tsv")" \
	"$(ptreport patches -q none.tsv - <"$D/mails.tsv")"
run ptreport ignored <"$D/clusters.tsv"
is "no operands: stdin is read (here clusters, so the mails are missing)" \
	"2 ptreport: ignored needs a mails table (mbox2tsv output)" "$rc $(cat "$T/err")"

# --- plots ---------------------------------------------------------------------
if command -v gnuplot >/dev/null 2>&1; then
	for ext in png svg; do
		run ptreport weekly -q -p w.$ext "$@"
		is "weekly -p w.$ext: exit 0" 0 "$rc"
		[ -s w.$ext ] && [ ! -e w.$ext.tmp ]
		ok $? "weekly -p w.$ext: written, no temporary left"
		run ptreport duration -q -p d.$ext "$@"
		[ "$rc" -eq 0 ] && [ -s d.$ext ] && [ ! -e d.$ext.tmp ]
		ok $? "duration -p d.$ext: written, no temporary left"
	done
	head -c 4 w.png | od -An -c | grep -q 'P   N   G'
	ok $? "the .png is a PNG"
	grep -q '<svg' w.svg
	ok $? "the .svg is SVG"
	run ptreport weekly -q -p w.jpg "$@"
	is "a plot that is neither .png nor .svg: exit 2" 2 "$rc"
	[ ! -e w.jpg ] && [ ! -e w.jpg.tmp ] && grep -q 'w.jpg: the plot must be a .png or .svg' "$T/err"
	ok $? "... nothing left behind, and said why"
	[ "$(rows "$T/out")" -eq 2 ]
	ok $? "... the table is still written"
	run ptreport weekly -q -p empty.png "$D/series.tsv" none.tsv -s 2030-01-01
	[ "$rc" -eq 0 ] && [ -s empty.png ] && [ ! -e empty.png.tmp ] &&
	    head -c 4 empty.png | od -An -c | grep -q 'P   N   G'
	ok $? "nothing to plot: exit 0, the image written all the same (it says so)"
	run ptreport weekly -q -p empty.svg "$D/series.tsv" none.tsv -s 2030-01-01
	[ "$rc" -eq 0 ] && grep -q 'No patch for the project in the archives' empty.svg
	ok $? "... saying why in its middle"
	# The whole report of a run with no patch for the project (a
	# repository younger than its archive): every file written.
	mkdir -p noproj
	run ptreport all -q -o noproj -p png "$D/series.tsv" none.tsv -s 2030-01-01
	[ "$rc" -eq 0 ] && [ -s noproj/weekly.png ] && [ -s noproj/maintainers.png ] &&
	    [ -s noproj/duration.png ] && [ -s noproj/report.html ] && [ -s noproj/report.txt ]
	ok $? "all -p png with no patch for the project: exit 0, every report and plot written"
else
	skip "plots: gnuplot is not installed"
fi
# Killed while gnuplot draws: the plot's scratch data in $TMPDIR and the
# image's temporary name are removed (a gnuplot that waits stands in).
mkdir -p slowbin killtmp
cat >slowbin/gnuplot <<'EOF2'
#!/bin/sh
out=$(sed -n "s/^set output '\\(.*\\)'$/\\1/p")
[ -n "$out" ] && : >"$out"
touch "$KILLTMP/drawing"
sleep 10
EOF2
chmod +x slowbin/gnuplot
KILLTMP=$PWD/killtmp TMPDIR=$PWD/killtmp PATH=$PWD/slowbin:$PATH \
    ptreport weekly -q -p killed.png "$@" >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -e killtmp/drawing ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -e killed.png.tmp ]
ok $? "killed plot: the stand-in gnuplot began the image"
ls killtmp | grep -q '^ptreport\.'
ok $? "killed plot: its scratch data is in \$TMPDIR while gnuplot runs"
kill -TERM $pid
wait $pid
is "killed plot: ended by TERM" 143 "$?"
is "killed plot: no scratch file left in \$TMPDIR" "drawing" "$(ls killtmp)"
[ ! -e killed.png ] && [ ! -e killed.png.tmp ]
ok $? "killed plot: no image and no temporary image (gnuplot had begun it)"

# What gnuplot says: kept back when it draws the plot (a warning about a
# range is no news on a run that went well), shown when it fails; its
# scratch file removed either way.
mkdir -p warnbin failbin saytmp
cat >warnbin/gnuplot <<'EOF2'
#!/bin/sh
out=$(sed -n "s/^set output '\\(.*\\)'$/\\1/p")
echo 'Warning: empty y range [0:0], adjusting to [0:1]' >&2
echo plot >"$out"
EOF2
cat >failbin/gnuplot <<'EOF2'
#!/bin/sh
cat >/dev/null
echo '         line 0: undefined variable: frob' >&2
exit 1
EOF2
chmod +x warnbin/gnuplot failbin/gnuplot
TMPDIR=$PWD/saytmp PATH=$PWD/warnbin:$PATH ptreport weekly -q -p warned.png "$@" >/dev/null 2>"$T/err"
is "gnuplot warns and draws: exit 0" 0 "$?"
[ -s warned.png ] && [ ! -s "$T/err" ] && [ -z "$(ls saytmp)" ]
ok $? "gnuplot warns and draws: the plot, nothing on stderr, no scratch file left"
TMPDIR=$PWD/saytmp PATH=$PWD/failbin:$PATH ptreport weekly -q -p failed.png "$@" >/dev/null 2>"$T/err"
is "gnuplot fails: exit 2" 2 "$?"
grep -q '^ptreport: failed.png: gnuplot: line 0: undefined variable: frob$' "$T/err" &&
    grep -q '^ptreport: failed.png: gnuplot failed$' "$T/err"
ok $? "gnuplot fails: what it said is shown, the plot named"
[ ! -e failed.png ] && [ ! -e failed.png.tmp ] && [ -z "$(ls saytmp)" ]
ok $? "gnuplot fails: no plot, no temporary, no scratch file left"

# --- time to first response -----------------------------------------------------
# tests/data/ptreport/maint-*.tsv, maint.tsv (see its README); the times
# were worked out by hand from the tables.
M1=$D/maint-mails.tsv
M2=$D/maint-clusters.tsv
MT=$D/maint.tsv
# ttfr ID TABLE...: "first_response ttfr_h" of patch ID in ptreport patches.
ttfr() {
	id=$1
	shift
	ptreport patches -q --grace 0 "$@" | awk -F'\t' -v id="$id" '$1 == id { print $9 " " $10 }' |
	    sed 's/ *$//'
}
run ptreport patches --grace 0 "$M1" "$M2"
is "patches: first_response and ttfr_h are the last columns" \
	"id date list author subject verdict detail cluster first_response ttfr_h role" \
	"$(sed -n 1p "$T/out" | tr '\t' ' ')"
is "ttfr: in its thread, the author from another address and a bot no response" \
	"2021-05-03T14:00:00Z 4.0" "$(ttfr q1@x "$M1" "$M2")"
sed 's/^\(r1a@x\t[^\t]*\t\)Ann Author/\1Ann Other/' "$M1" >m-other.tsv
is "control: another name at that address is a response (30 minutes)" \
	"2021-05-03T10:30:00Z 0.5" "$(ttfr q1@x m-other.tsv "$M2")"
awk -F'\t' 'BEGIN { OFS = FS } $1 == "r1b@x" { $11 = "reply" } { print }' "$M1" >m-nobot.tsv
is "control: the bot's mail as a reply is one (an hour)" \
	"2021-05-03T11:00:00Z 1.0" "$(ttfr q1@x m-nobot.tsv "$M2")"
is "ttfr: an answer in the thread of another version of its cluster" \
	"2021-05-06T15:00:00Z 54.0" "$(ttfr q2@x "$M1" "$M2")"
is "... and for that version itself" "2021-05-06T15:00:00Z 6.0" "$(ttfr q2v2@x "$M1" "$M2")"
grep -v '^2	q2v2@x' "$M2" >k-apart.tsv
is "control: the versions in clusters apart, q2 has no first response" "" \
	"$(ttfr q2@x "$M1" k-apart.tsv)"
is "ttfr: an answer to an earlier version, before the patch, does not count" "" \
	"$(ttfr q3@x "$M1" "$M2")"
is "... though the patch is answered-version, not ignored" "answered-version q3v1@x" \
	"$(verdict q3@x "$M1" "$M2")"
awk -F'\t' 'BEGIN { OFS = FS } $1 == "r3@x" { $2 = "2021-05-07T12:00:00Z" } { print }' "$M1" >m-late.tsv
is "control: the same answer after the patch counts" "2021-05-07T12:00:00Z 3.0" \
	"$(ttfr q3@x m-late.tsv "$M2")"
is "ttfr: another's cover letter in the thread is no response; 1/2 and 2/2" \
	"2021-05-08T13:00:00Z 4.0|2021-05-08T13:00:00Z 3.5" \
	"$(ttfr q4a@x "$M1" "$M2")|$(ttfr q4b@x "$M1" "$M2")"
awk -F'\t' 'BEGIN { OFS = FS } $1 == "c4t@x" { $11 = "reply" } { print }' "$M1" >m-nocover.tsv
is "control: the same mail as a reply is one" "2021-05-08T10:00:00Z 1.0" \
	"$(ttfr q4a@x m-nocover.tsv "$M2")"
is "ttfr: the author's own reply is none" "2021-05-12T11:00:00Z 2.0" "$(ttfr q7@x "$M1" "$M2")"
is "ttfr: a cover letter and not-counted mails have no row or no time" "" \
	"$(ttfr c4@x "$M1" "$M2")"
run ptreport summary --grace 0 "$M1" "$M2"
is "summary: time to first response, median (5th of 9) and 90th percentile (9th)" \
	"4.0|median hours from posting to the first response by another person, in its thread or a version's; 90th percentile 100.0 (nearest rank)" \
	"$(awk -F'\t' '$1 == "time to first response" { print $2 "|" $3 }' "$T/out")"
is "summary: how many were answered" "9 81.8% of patches: a response at or after the posting" \
	"$(awk -F'\t' '$1 == "  answered" { print $2, $3 }' "$T/out")"
is "summary: what the maintainers view rests on, without a maintainers table" \
	"0 recipients only (no ptmaint table)" \
	"$(awk -F'\t' '$1 == "maintainers" { print $2, $3 }' "$T/out")"
run ptreport summary --grace 0 "$M1" "$M2" "$MT"
is "summary: ... and with one" "2 MAINTAINERS (2 versions) and recipients" \
	"$(awk -F'\t' '$1 == "maintainers" { print $2, $3 }' "$T/out")"
run ptreport summary --grace 0 "$D/mails.tsv" "$D/clusters.tsv"
is "summary: a mails table without to and cc says so" \
	"recipients only (no ptmaint table); the mails table has no to or cc column" \
	"$(awk -F'\t' '$1 == "maintainers" { print $3 }' "$T/out")"

# Median and 90th percentile by nearest rank on 1, 2 ... 10 hours: the 5th
# and the 9th (interpolation would give 5.5 and 9.1); all in one week.
{
	mhdr
	for i in 1 2 3 4 5 6 7 8 9 10; do
		mail p$i@x 2021-03-01T00:00:00Z Ann ann@a.org patch '' ''
		mail r$i@x "$(printf '2021-03-01T%02d:00:00Z' $i)" Bob bob@b.org reply p$i@x p$i@x
	done
} >ten.tsv
run ptreport summary --grace 0 ten.tsv none.tsv
is "nearest rank: median 5.0, 90th percentile 9.0 of 1..10 hours" "5.0 9.0" \
	"$(awk -F'\t' '$1 == "time to first response" { sub(/.*percentile /, "", $3); print $2, $3 + 0 ".0" }' "$T/out")"
run ptreport weekly --grace 0 ten.tsv none.tsv
is "nearest rank: weekly ttfr_median_h 5.0" "2021-W09 10 5.0" \
	"$(awk -F'\t' 'NR > 1 { print $2, $4, $8 }' "$T/out")"
awk 'NR == 1 || !/^p10@x|^r10@x/' ten.tsv >nine.tsv
run ptreport summary --grace 0 nine.tsv none.tsv
is "nearest rank: 1..9 hours: median 5.0 (5th), 90th percentile 9.0 (ceil 8.1 = 9th)" "5.0 9.0" \
	"$(awk -F'\t' '$1 == "time to first response" { sub(/.*percentile /, "", $3); print $2, $3 + 0 ".0" }' "$T/out")"

# --- the maintainers view -------------------------------------------------------
# Recipients only: To and Cc, without the author (ann@home.example in q2's
# Cc is Ann by name) and the list's address; other-list@example.org is no
# list here (no mail is on it, no L: line says so).
run ptreport maintainers -v --grace 0 "$M1" "$M2"
cat >want <<'EOF'
kind	name	addr	patches	to	listed	responded	merged	ignored	ttfr_median_h	ttfr_p90_h
recipient	Rex Reviewer	rex@r.org	4	4	0	2	0	1	2.0	3.0
recipient	Tom Driver	tom@t.org	3	3	0	3	0	0	4.0	100.0
recipient	Bob Builder	bob@b.org	2	2	0	2	0	0	6.0	54.0
recipient		ghost@g.org	1	1	0	0	0	0		
recipient		other-list@example.org	1	1	0	0	0	0		
recipient	Lin Us	linus@l.org	1	1	0	1	1	0	1.0	1.0
recipient	Mia M.	mia@m.org	1	1	0	1	0	0	10.0	10.0
list	dev.lists.example.org	dev@lists.example.org	11	10	0	9	1	1	4.0	100.0
EOF
same "maintainers, recipients only: every row worked out by hand" want "$T/out"
is "maintainers, recipients only: said on stderr" \
	"ptreport: maintainers: recipients only (no ptmaint table)" "$(cat "$T/err")"
# A section's L: address that no mail names (a NULL row looked up before).
sed 's/\tL\topen list\tother-list@example.org\t/\tL\topen list\tnowhere@example.net\t/' "$MT" >lonely-l.tsv
grep -q nowhere@example.net lonely-l.tsv
ok $? "the lonely L: table was made"
run ptreport maintainers --grace 0 "$M1" "$M2" lonely-l.tsv
is "maintainers: an L: address nobody was sent: exit 0" 0 "$rc"
is "maintainers: an L: address nobody was sent is no row" 0 \
    "$(grep -c nowhere@example.net "$T/out")"
# A list at a list host is no person even when no mail here is on it:
# the same Cc moved to lists., vger.kernel.org, googlegroups.com, groups.io.
for host in lists.example.org vger.kernel.org googlegroups.com groups.io; do
	sed "s/other-list@example.org/other@$host/" "$M1" >hostlist.tsv
	run ptreport maintainers --grace 0 hostlist.tsv "$M2"
	is "maintainers: other@$host is a list, no person" 0 \
	    "$(awk -F'\t' -v a="other@$host" '$3 == a' "$T/out" | wc -l | tr -d ' ')"
done
sed "s/other-list@example.org/other@example.lists.org/" "$M1" >hostlist.tsv
run ptreport maintainers --grace 0 hostlist.tsv "$M2"
is "maintainers: control: other@example.lists.org is a person" 1 \
    "$(awk -F'\t' '$3 == "other@example.lists.org"' "$T/out" | wc -l | tr -d ' ')"
# With MAINTAINERS: CORE's M and R are addressed by its patches (Mia not by
# her own q7), THE REST only by q5 (the other patches matched sections
# that are not catch-alls), DRIVERS's list address is a list.  Each
# person is of the kind MAINTAINERS gives them (M of DRIVERS: Tom; R of
# CORE: Rex; M of THE REST: Lin), else a recipient.
run ptreport maintainers -v --grace 0 "$M1" "$M2" "$MT"
cat >want <<'EOF'
kind	name	addr	patches	to	listed	responded	merged	ignored	ttfr_median_h	ttfr_p90_h
maintainer	Mia Maintainer	mia@m.org	8	1	8	1	0	1	10.0	10.0
maintainer	Tom Driver	tom@t.org	3	3	1	3	0	0	4.0	100.0
maintainer	Lin Us	linus@l.org	1	1	1	1	1	0	1.0	1.0
reviewer	Rex Reviewer	rex@r.org	9	4	9	3	0	1	3.0	4.0
recipient	Bob Builder	bob@b.org	2	2	0	2	0	0	6.0	54.0
recipient		ghost@g.org	1	1	0	0	0	0		
section	CORE		9	5	9	3	0	1	3.0	4.0
section	DRIVERS		1	1	1	1	0	0	100.0	100.0
section	THE REST		1	1	1	1	1	0	1.0	1.0
list	dev.lists.example.org	dev@lists.example.org	11	10	10	9	1	1	4.0	100.0
EOF
same "maintainers with MAINTAINERS: every row worked out by hand" want "$T/out"
is "maintainers with MAINTAINERS: said on stderr, with the versions" \
	"ptreport: maintainers: MAINTAINERS (2 versions) and recipients" "$(cat "$T/err")"
cp "$T/out" maint-view.tsv
grep -q 'ann@\|Ann' maint-view.tsv
ok $((!$?)) "maintainers: the author is no row, from either address"
run ptreport maintainers --grace 0 -q m-other.tsv "$M2" "$MT"
is "control: ann@home.example under another name is addressed by q2" \
	"recipient Ann Other ann@home.example 1 1 0" \
	"$(grep 'ann@home' "$T/out" | cut -f1-6 | tr '\t' ' ')"
# The author by name: Mia posting q7 from home under her MAINTAINERS name.
awk -F'\t' 'BEGIN { OFS = FS } $1 == "q7@x" { $3 = "Mia Maintainer"; $4 = "mia@home.example" } { print }' \
    "$M1" >m-mia.tsv
run ptreport maintainers --grace 0 -q m-mia.tsv "$M2" "$MT"
is "maintainers: the author by name (MAINTAINERS's) from another address: not addressed" \
	"maintainer Mia Maintainer mia@m.org 8" "$(grep 'mia@m.org' "$T/out" | cut -f1-4 | tr '\t' ' ')"
sed 's/\tMia Maintainer\tmia@home.example\t/\tMia Home\tmia@home.example\t/' m-mia.tsv >m-mia2.tsv
run ptreport maintainers --grace 0 -q m-mia2.tsv "$M2" "$MT"
is "control: under another name she is addressed by q7" \
	"maintainer Mia Maintainer mia@m.org 9" "$(grep 'mia@m.org' "$T/out" | cut -f1-4 | tr '\t' ' ')"
is "maintainers: no list address is a person (dev@ by its list id, other@ by L:)" "" \
	"$(awk -F'\t' '$1 !~ /^(section|list)$/ && $3 ~ /lists/' maint-view.tsv)"
is "maintainers: the catch-all counts only the patch nothing else matched" \
	"THE REST 1|Lin Us 1 1" \
	"$(awk -F'\t' '$2 == "THE REST" { print $2, $4 }' maint-view.tsv)|$(awk -F'\t' '$3 == "linus@l.org" { print $2, $4, $6 }' maint-view.tsv)"
awk -F'\t' 'BEGIN { OFS = FS } $3 == "THE REST" { $9 = 1 } { print }' "$MT" >mt-all.tsv
run ptreport maintainers --grace 0 -q "$M1" "$M2" mt-all.tsv
is "control: the catch-all responsible for every patch" "THE REST 11|Lin Us 11 11" \
	"$(awk -F'\t' '$2 == "THE REST" { print $2, $4 }' "$T/out")|$(awk -F'\t' '$3 == "linus@l.org" { print $2, $4, $6 }' "$T/out")"
# Rows of ids that are no mail (a commit) are dropped, and a patch in no
# section is fine; row order and operand order change nothing.
{
	head -1 "$MT"
	sed 1d "$MT" | awk 'BEGIN { srand(8) } { printf "%.8f\t%s\n", rand(), $0 }' | sort | cut -f2-
} >mt-shuf.tsv
run ptreport maintainers --grace 0 -q mt-shuf.tsv "$M2" "$M1"
cmp -s maint-view.tsv "$T/out"
ok $? "maintainers: the same bytes with the maintainers rows shuffled and operands in another order"
run ptreport maintainers --grace 0 -q -n 1 "$M1" "$M2" "$MT"
is "-n 1: the first row of each kind" \
	"maintainer mia@m.org|reviewer rex@r.org|recipient bob@b.org|section CORE|list dev.lists.example.org" \
	"$(awk -F'\t' 'NR > 1 { printf "%s%s %s", (NR > 2 ? "|" : ""), $1, ($3 != "" && $1 != "list" ? $3 : $2) }' "$T/out")"
run ptreport maintainers --grace 0 -q -n 0 "$M1" "$M2" "$MT"
same "-n 0: all rows" maint-view.tsv "$T/out"
run ptreport maintainers --grace 0 -q "$M1" "$M2" "$MT" -c
is "maintainers --csv: a row" '"reviewer","Rex Reviewer","rex@r.org","9","4","9","3","0","1","3.0","4.0"' \
	"$(sed -n 5p "$T/out")"
printf 'id\tversion\tsection\tstatus\trole\tname\taddr\tdepth\tresponsible\tvia\n' >mt-empty.tsv
run ptreport maintainers -v --grace 0 "$M1" "$M2" mt-empty.tsv
is "an empty maintainers table: no versions, no sections, said so" \
	"ptreport: maintainers: recipients only (the ptmaint table has no MAINTAINERS version: none in the repository at the patches' dates)|0" \
	"$(cat "$T/err")|$(grep -c '^section' "$T/out")"
{
	cat mt-empty.tsv
	printf 'q1@x\tv\tCORE\t\tX\t\tmia@m.org\t2\t1\tF:src/\n'
	printf 'q1@x\tv\tCORE\t\tM\t\tmia@m.org\t2\t1\tF:src/\n'
} >mt-bad.tsv
run ptreport maintainers --grace 0 -q "$M1" "$M2" mt-bad.tsv
is "a bad role: exit 1, file:line, the other rows kept" \
	"1|ptreport: mt-bad.tsv:2: column role: neither M, R, L nor empty: X|ptreport: 1 bad rows, named above, were left out|1" \
	"$rc|$(cat "$T/err" | paste -sd'|')|$(grep -c '^section	CORE' "$T/out")"

# ignored: the recipients and the people MAINTAINERS names.
run ptreport ignored --grace 0 "$M1" "$M2" "$MT"
is "ignored: to (To then Cc) and maintainers (M and R, sorted)" \
	"q8@x|dev@lists.example.org rex@r.org|mia@m.org rex@r.org" \
	"$(awk -F'\t' 'NR > 1 { print $1 "|" $10 "|" $11 }' "$T/out")"
run ptreport ignored --grace 0 "$M1" "$M2"
is "ignored: without a maintainers table, maintainers is empty" \
	"q8@x|dev@lists.example.org rex@r.org|" \
	"$(awk -F'\t' 'NR > 1 { print $1 "|" $10 "|" $11 }' "$T/out")"

if command -v gnuplot >/dev/null 2>&1; then
	run ptreport maintainers --grace 0 -q -p m.svg "$M1" "$M2" "$MT"
	[ "$rc" -eq 0 ] && [ -s m.svg ] && [ ! -e m.svg.tmp ] && grep -q 'CORE' m.svg &&
	    grep -q 'THE REST' m.svg
	ok $? "maintainers -p: the sections' ignored share per month"
	run ptreport maintainers --grace 0 -q -p m.png "$M1" "$M2"
	[ "$rc" -eq 0 ] && [ -s m.png ]
	ok $? "maintainers -p without MAINTAINERS: the lists'"
	run ptreport maintainers --grace 0 -q -p m3.png "$M1" "$M2" mt-empty.tsv
	[ "$rc" -eq 0 ] && [ -s m3.png ]
	ok $? "maintainers -p with a maintainers table of no section (no MAINTAINERS): the lists'"
	run ptreport maintainers --grace 0 -q -p m2.svg -s 2030-01-01 "$M1" "$M2"
	[ "$rc" -eq 0 ] && grep -q 'No maintainer with a patch for the project' m2.svg
	ok $? "maintainers -p with nothing to plot: exit 0, an image saying so"
else
	skip "maintainers plots: gnuplot is not installed"
fi

# --- the sample, through the whole chain (as scripts/demo runs it) ----------------
if command -v git >/dev/null 2>&1 &&
    bare_clone "$top/sample/jailhouse-2019.bundle" jh.git 2>/dev/null; then
	mbox2tsv -q "$top/sample/jailhouse-dev-2019.mbox.xz" >mails.tsv
	git2tsv -q jh.git master >commits.tsv
	git2tsv -q --tags jh.git >tags.tsv
	patchtok -q mails.tsv >mails.tok
	patchtok -q commits.tsv >commits.tok
	patchsim -q mails.tok commits.tok >pairs.tsv
	patchsim -q --self mails.tok >revisions.tsv
	ptcluster -q mails.tok commits.tok pairs.tsv revisions.tsv >clusters.tsv
	set -- clusters.tsv mails.tsv commits.tsv tags.tsv mails.tok commits.tok
	[ "$(rows mails.tsv)" -ge 500 ] && [ "$(rows clusters.tsv)" -ge 1000 ]
	ok $? "sample: $(rows mails.tsv) mails, $(rows clusters.tsv) clustered patches"
	for c in patches ignored offlist weekly cycle duration summary; do
		run ptreport $c "$@"
		is "sample: $c exits 0" 0 "$rc"
		cp "$T/out" $c.tsv
		cp "$T/err" $c.err
	done
	n=$(rows ignored.tsv)
	# The one patch once ignored here, orangepi0's v1, had a v2 that was
	# merged: the same author and title make them versions of one patch.
	is "sample: no patch ignored" 0 "$n"
	is "sample: orangepi0's v1 is merged as its v2 was" \
		"merged	51526fc263194e6b4a68e5042c8685db3eb2d179" \
		"$(awk -F'\t' '$1 ~ /^7c18ad4c-/ { print $6 "\t" $7 }' patches.tsv)"
	is "sample: ignored rows = patches rows judged ignored" "$n" \
		"$(awk -F'\t' '$6 == "ignored"' patches.tsv | wc -l)"
	is "sample: ignored = the weekly sum" "$n" "$(sum ignored weekly.tsv)"
	is "sample: ignored = the cycle sum" "$n" "$(sum ignored cycle.tsv)"
	is "sample: ignored = the summary's" "$n" "$(awk -F'\t' '$1 == "ignored" { print $2 }' summary.tsv)"
	counted=$(awk -F'\t' 'NR > 1 && $6 != "not-counted"' patches.tsv | wc -l)
	is "sample: weekly patches = patches rows counted" "$counted" "$(sum patches weekly.tsv)"
	is "sample: summary patches = patches rows counted" "$counted" \
		"$(awk -F'\t' '$1 == "patches" { print $2 }' summary.tsv)"
	merged=$(awk -F'\t' '$6 == "merged"' patches.tsv | wc -l)
	is "sample: weekly merged = patches rows merged" "$merged" "$(sum merged weekly.tsv)"
	is "sample: summary merged = patches rows merged" "$merged" \
		"$(awk -F'\t' '$1 == "merged" { print $2 }' summary.tsv)"
	is "sample: summary off-list = offlist rows" "$(rows offlist.tsv)" \
		"$(awk -F'\t' '$1 == "  off-list" { print $2 }' summary.tsv)"
	is "sample: summary mails = the mails table" "$(rows mails.tsv)" \
		"$(awk -F'\t' '$1 == "mails" { print $2 }' summary.tsv)"
	is "sample: summary rows have 3 fields" "" "$(awk -F'\t' 'NF != 3' summary.tsv)"
	# (duration has more: a cluster's postings need not be patches that count)
	awk -F'\t' 'NR > 1 && $6 == "merged" { print $8 }' patches.tsv | sort -u >k-merged
	cut -f1 duration.tsv | sed 1d | sort >k-duration
	is "sample: every cluster of a merged patch has a duration row" "" \
		"$(comm -23 k-merged k-duration)"
	# Time to first response and the maintainers view agree with the rest.
	ptreport maintainers -q "$@" >maintainers.tsv
	lists() { # COLUMN: the sum over the maintainers view's list rows
		awk -F'\t' -v c="$1" '$1 == "list" { s += $c } END { print s + 0 }' maintainers.tsv
	}
	is "sample: one list" 1 "$(grep -c '^list' maintainers.tsv)"
	is "sample: maintainers' list patches = weekly patches" "$(sum patches weekly.tsv)" "$(lists 4)"
	is "sample: maintainers' list merged = weekly merged" "$(sum merged weekly.tsv)" "$(lists 8)"
	is "sample: maintainers' list ignored = weekly ignored = summary ignored" \
		"$(sum ignored weekly.tsv) $n" "$(lists 9) $(lists 9)"
	answered=$(awk -F'\t' '$1 == "  answered" { print $2 }' summary.tsv)
	is "sample: maintainers' list responded = summary answered" "$answered" "$(lists 7)"
	is "sample: summary answered = patches rows with a ttfr_h" "$answered" \
		"$(awk -F'\t' 'NR > 1 && $10 != ""' patches.tsv | wc -l)"
	is "sample: the list's median and 90th percentile = the summary's" \
		"$(awk -F'\t' '$1 == "time to first response" { sub(/.*percentile /, "", $3); sub(/ .*/, "", $3); print $2, $3 }' summary.tsv)" \
		"$(awk -F'\t' '$1 == "list" { print $10, $11 }' maintainers.tsv)"
	is "sample: every first response at or after its patch, only on patches that count" "" \
		"$(awk -F'\t' 'NR > 1 && $9 != "" && ($9 < $2 || $6 == "not-counted")' patches.tsv)"
	is "sample: a weekly median on weeks with answered patches only" "" \
		"$(awk -F'\t' 'NR > 1 && $4 == 0 && $8 != ""' weekly.tsv)"
	[ "$(awk -F'\t' '$1 == "recipient"' maintainers.tsv | wc -l)" -ge 3 ]
	ok $? "sample: the recipients make recipient rows"
	is "sample: without MAINTAINERS nobody is a maintainer or reviewer" "" \
		"$(awk -F'\t' '$1 == "maintainer" || $1 == "reviewer"' maintainers.tsv)"
	is "sample: no person row is the list" "" \
		"$(awk -F'\t' '$1 == "recipient" && $3 == "jailhouse-dev@googlegroups.com"' maintainers.tsv)"
	# With MAINTAINERS by ptmaint, the same patches and lists; sections appear.
	if command -v ptmaint >/dev/null 2>&1; then
		cat >MAINT <<'EOF'
HYPERVISOR
M:	Jan Kiszka <jan.kiszka@siemens.com>
L:	jailhouse-dev@googlegroups.com
S:	Maintained
F:	hypervisor/

ARM
M:	Ralf Ramsauer <ralf.ramsauer@oth-regensburg.de>
S:	Maintained
F:	hypervisor/arch/arm*/
F:	configs/arm*/

INMATES
M:	Jan Kiszka <jan.kiszka@siemens.com>
S:	Maintained
F:	inmates/

THE REST
M:	Jan Kiszka <jan.kiszka@siemens.com>
L:	jailhouse-dev@googlegroups.com
S:	Buggy
F:	*
F:	*/
EOF
		ptmaint -q -f MAINT mails.tok >maint.tsv
		run ptreport maintainers -v "$@" maint.tsv
		is "sample, ptmaint's table: said on stderr" \
			"ptreport: maintainers: MAINTAINERS (1 versions) and recipients" "$(cat "$T/err")"
		is "sample, ptmaint's table: the list row but listed is the same" \
			"$(awk -F'\t' '$1 == "list" { $6 = ""; print }' maintainers.tsv)" \
			"$(awk -F'\t' '$1 == "list" { $6 = ""; print }' "$T/out")"
		is "sample, ptmaint's table: its sections" "ARM HYPERVISOR INMATES THE REST" \
			"$(awk -F'\t' '$1 == "section" { print $2 }' "$T/out" | sort | xargs)"
		is "sample, ptmaint's table: no person listed for more patches than addressed" "" \
			"$(awk -F'\t' 'NR > 1 && $1 !~ /^(section|list)$/ && ($6 > $4 || $5 > $4 || $7 > $4)' "$T/out")"
		is "sample, ptmaint's table: a person is a maintainer or reviewer exactly when listed" "" \
			"$(awk -F'\t' 'NR > 1 && ($1 == "recipient") != ($6 == 0) && $1 !~ /^(section|list)$/' "$T/out")"
		is "sample, ptmaint's table: the M: people are maintainers" \
			"jan.kiszka@siemens.com maintainer|ralf.ramsauer@oth-regensburg.de maintainer" \
			"$(awk -F'\t' '$3 ~ /^(jan.kiszka@siemens|ralf.ramsauer@oth)/ { print $3, $1 }' "$T/out" | sort | paste -sd'|')"
		run ptreport patches "$@" maint.tsv
		cmp -s "$T/out" patches.tsv
		ok $? "sample, ptmaint's table: patches unchanged"
	else
		skip "sample: ptmaint is not built"
	fi
	# Operands in another order, rows shuffled (the header stays first).
	for f in clusters.tsv mails.tsv commits.tsv tags.tsv mails.tok commits.tok; do
		{
			head -1 $f
			sed 1d $f | awk 'BEGIN { srand(71) } { printf "%.8f\t%s\n", rand(), $0 }' |
			    sort -k1,1 | cut -f2-
		} >shuf-$f
	done
	cmp -s mails.tsv shuf-mails.tsv
	ok $((!$?)) "sample: the shuffled tables differ from the tables"
	for c in patches ignored offlist weekly cycle duration summary maintainers "eval --truth links"; do
		ptreport $c "$@" >a.out 2>a.err
		ptreport $c shuf-commits.tok shuf-tags.tsv shuf-mails.tok shuf-commits.tsv \
		    shuf-mails.tsv shuf-clusters.tsv >b.out 2>b.err
		cmp -s a.out b.out && cmp -s a.err b.err
		ok $? "sample: $c: the same bytes with operands and rows in another order"
	done
	# The summary's clusters are those of patch mails: a commit that no
	# mail led to is no cluster a reader asked about.
	want=$(awk -F'\t' 'NR > 1 && $3 == "mail" { print $1 }' clusters.tsv | sort -u | wc -l)
	withc=$(awk -F'\t' 'NR > 1 { k[$1] = k[$1] $3 } END { for (c in k) if (k[c] ~ /mail/ && k[c] ~ /commit/) n++; print n + 0 }' clusters.tsv)
	all=$(awk -F'\t' 'NR > 1 { print $1 }' clusters.tsv | sort -u | wc -l)
	got=$(ptreport summary -q "$@" | awk -F'\t' '$1 == "clusters" { print $2 " " $3 }')
	[ "$all" -gt "$want" ] && [ "$want" -gt 0 ] &&
	    [ "$got" = "$want of patch mails (a patch and its versions and reposts); $withc of them with commits" ]
	ok $? "sample, summary: clusters counts the $want of patch mails ($withc with commits), not all $all"
	# all: every report from one reading of the tables, each file the
	# bytes of its own command.
	mkdir allr
	run ptreport all -q -o allr "$@"
	is "sample, all: exit 0" 0 "$rc"
	for c in patches ignored offlist weekly cycle duration summary maintainers; do
		ptreport $c -q "$@" >one.out
		same "sample, all: $c.tsv is ptreport $c's output" one.out allr/$c.tsv
	done
	ptreport summary -P -q "$@" >one.out
	same "sample, all: summary.txt is summary -P" one.out allr/summary.txt
	ptreport cycle -P -q "$@" >one.out
	same "sample, all: cycle.txt is cycle -P" one.out allr/cycle.txt
	ptreport maintainers -P -n 10 -q "$@" >one.out
	same "sample, all: maintainers.txt is maintainers -P -n 10" one.out allr/maintainers.txt
	ptreport text -q "$@" >one.out
	same "sample, all: report.txt is text's" one.out allr/report.txt
	# The page of all names the TSV reports beside it where html alone
	# names the commands (tests/72-ptreport-html.t checks those lines).
	ptreport html -q "$@" | grep -v '^<p class="note" id="[a-z]*-tsv">' >one.out
	grep -v '^<p class="note" id="[a-z]*-tsv">' allr/report.html >all.out
	same "sample, all: report.html is html's page but for its lines naming the TSV reports" \
	    one.out all.out
	is "sample, all: ... which link the reports beside it (no maintainers table: no maintainers view)" \
	    "waiting.tsv ignored.tsv offlist.tsv duration.tsv patches.tsv" \
	    "$(grep '^<p class="note" id="[a-z]*-tsv">' allr/report.html | sed 's/.*<a class="tsv" href="\([^"]*\)">.*/\1/' | xargs)"
	is "sample, all: no plots without -p, no temporaries" "" \
	    "$(cd allr && ls | grep -v '^[a-z-]*\.\(tsv\|txt\|html\|atom\)$')"
	if command -v gnuplot >/dev/null 2>&1; then
		mkdir allp
		run ptreport all -q -o allp -p svg "$@"
		for c in weekly duration maintainers; do
			ptreport $c -q -p one.svg "$@" >/dev/null
			[ "$rc" -eq 0 ] && grep -q '<svg' allp/$c.svg && cmp -s one.svg allp/$c.svg
			ok $? "sample, all -p svg: $c.svg is $c -p's plot"
		done
	else
		skip "sample, all -p svg: no gnuplot"
		skip "sample, all -p svg: no gnuplot"
		skip "sample, all -p svg: no gnuplot"
	fi
	# A file that cannot be written (a folder in the way of the page's
	# temporary, the last file): the folder keeps its old files, and
	# nothing new, not even a temporary.
	mkdir allf allf/report.tmp.html
	echo old >allf/patches.tsv
	run ptreport all -q -o allf "$@"
	[ "$rc" -eq 2 ] && grep -q 'allf/report.tmp.html' "$T/err" &&
	    [ "$(cat allf/patches.tsv)" = old ] &&
	    [ "$(cd allf && ls | tr '\n' ' ')" = "patches.tsv report.tmp.html " ]
	ok $? "sample, all: a file it cannot write: exit 2, named, the folder as it was ($rc)"
	run ptreport all -q -o no-such/folder "$@"
	[ "$rc" -eq 0 ] && [ -s no-such/folder/report.html ] && [ -s no-such/folder/report.txt ]
	ok $? "sample, all: a missing folder made, with its parent, as mkdir -p ($rc)"
	: >a-file
	run ptreport all -q -o a-file/folder "$@"
	[ "$rc" -eq 2 ] && grep -q 'a-file/folder: cannot make the folder' "$T/err"
	ok $? "sample, all: a folder that cannot be made: exit 2, named ($rc)"
	run ptreport all -q "$@"
	is "sample, all without -o: a usage error" 2 "$rc"
	run ptreport all -q -o allr -p gif "$@"
	[ "$rc" -eq 2 ] && grep -q 'png or svg' "$T/err"
	ok $? "sample, all -p gif: a usage error naming the formats"
	run ptreport patches -q -o allr "$@"
	is "sample, patches -o: a usage error (--out is all's)" 2 "$rc"
else
	skip "sample: git cannot clone the bundle"
fi

# Each command takes only its own options (and those of every command:
# -s -u -S --grace -m -q): another's is a usage error naming who takes it.
khdr >k.tsv
for c in "ignored --truth links" "patches --diff" "offlist -R x" "summary -p x.png" "weekly -n 3" \
    "cycle -M x%s" "duration -T t" "eval --truth links -n 3" "maintainers -o d" "html -H" "all -o . --diff"; do
	run ptreport $c k.tsv
	set -- $c
	[ "$rc" -eq 2 ] && grep -Eq "^ptreport: $1: (-[a-zA-Z] \(--[a-z-]*\)|--[a-z-]*) is not one of its options \(it is for [a-z, -]*\)$" "$T/err"
	ok $? "ptreport $c: a usage error naming the option and its commands ($rc)"
done
run ptreport ignored --truth links k.tsv
grep -q "(it is for eval)" "$T/err"
ok $? "ptreport ignored --truth: --truth is eval's"
# --truth, --diff and --grace have no letter (-t, -d, -g are a threshold,
# a dlr, a repository), --release's is -R (-r is a revision).
for o in "-t links" "-d" "-g 3" "-r x"; do
	run ptreport eval $o k.tsv
	[ "$rc" -eq 2 ] && ! grep -q "is not one of its options" "$T/err" && grep -q '^usage: ptreport' "$T/err"
	ok $? "ptreport eval $o: an unknown option"
done
# Each command's own options are taken (the run goes on to the tables).
for c in "weekly -p w.png -H -c" "cycle -R x -P" "eval --truth links --diff" "summary -n 3" \
    "maintainers -n 2 -p m.svg" "html -n 3 -R x -M x%s -C y%s -T t" "ignored -s 2020-01-01 -u 2021-01-01 -S 5 --grace 3 -q"; do
	run ptreport $c k.tsv
	! grep -q "is not one of its options" "$T/err"
	ok $? "ptreport $c: its own options are taken"
done

# text: report.txt, the reports' parts in order under their headings;
# the ignored patches and off-list commits a line each, their fields as
# the TSV holds them (a subject's TAB stays \t: a row is a line), cut
# and padded by bytes, as patchtrack's awk once wrote them from
# ignored.tsv and offlist.tsv (tests/72-ptreport-html.t compares
# patchtrack's report.txt with text's).
sed 's/b: only the author answers/b: only the\\tauthor answers/' "$D/mails.tsv" >tab-mails.tsv
set -- --grace 0 "$D/clusters.tsv" tab-mails.tsv "$D/commits.tsv" "$D/mails.tok" "$D/commits.tok" "$D/tags.tsv"
run ptreport text -q -T "the title" "$@"
is "text: exit 0" 0 "$rc"
cp "$T/out" text.out
is "text: -T its first line, then the morning view" "the title||What waits for a reply" \
    "$(head -3 text.out | cut -c1-22 | tr '\n' '|' | sed 's/|$//')"
{
	echo "the title"
	echo
	ptreport digest -q "$@" | sed '1,/^$/d; /^-- $/,$d'
	echo
	ptreport summary -P -q "$@"
	echo
	echo "Ignored patches (no response in any version, not merged; c: by a committer):"
	ptreport ignored -q "$@" | awk -F'\t' 'NR > 1 { printf "  %.10s  %-28.28s %s  %.80s\n", $3, $4, ($12 == "committer" ? "c" : " "), $6 }'
	echo
	echo "Off-list commits (no patch mail by a human; written and committed in the window), and why:"
	ptreport offlist -q "$@" | awk -F'\t' 'NR > 1 { printf "  %.12s  %.10s  %-28.28s  %-16s  %.60s\n", $1, $3, $4, $10, $6 }'
	echo
	echo "Ignored share by development-cycle phase:"
	ptreport cycle -P -q "$@"
	echo
	echo "Who was sent the patches (To/Cc, and MAINTAINERS where the repository has one):"
	ptreport maintainers -P -n 10 -q "$@"
} >want.out
same "text: the digest's body (all's morning.txt), summary -P, the ignored and off-list rows cut to columns, cycle -P, maintainers -P -n 10" \
    want.out text.out
is "text: lines of ignored patches and of off-list commits" "5 3" \
    "$(sed -n '/^Ignored patches/,/^$/p' text.out | grep -c '^  2021') $(sed -n '/^Off-list commits/,/^$/p' text.out | grep -c '^  d')"
grep -qFx "$(printf '  2021-03-02  %-28s %s  %s' ann@a.org ' ' '[PATCH] b: only the\tauthor answers')" text.out
ok $? "text: an ignored patch's line: date, author padded to 28 bytes, its subject's TAB escaped"
run ptreport text -q --grace 0 "$D/clusters.tsv" "$D/mails.tsv" "$D/commits.tsv"
[ "$rc" -eq 0 ] && grep -A1 '^Ignored share by development-cycle phase:$' "$T/out" | grep -q '^  no tags table'
ok $? "text without a tags table: its cycle part says so"
run ptreport text -p x.png k.tsv
[ "$rc" -eq 2 ] && grep -q -- "-p (--plot) is not one of its options" "$T/err"
ok $? "text: -p is not its option"

# Dates as every tool reads them: @N is N seconds since the epoch, and a
# bare day as --until counts whole.
set -- "$D/clusters.tsv" "$D/mails.tsv" "$D/commits.tsv" "$D/mails.tok" "$D/commits.tok"
a=$(ptreport summary -q --grace 0 -s 2021-03-02 -u 2021-03-05 "$@")
b=$(ptreport summary -q --grace 0 -s @$(date -u -d 2021-03-02 +%s) -u @$(($(date -u -d 2021-03-05 +%s) + 86399)) "$@")
c=$(ptreport summary -q --grace 0 "$@")
[ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" != "$c" ]
ok $? "-s @N -u @N: the window of the same days written as dates"
run ptreport summary -q -s yesterday "$@"
[ "$rc" -eq 2 ] && grep -q -- "--since yesterday: not a date" "$T/err"
ok $? "-s yesterday: a usage error"

done_testing
