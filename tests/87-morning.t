#!/bin/sh
# The morning view on the bundled sample: patchtrack run as a nightly
# job twice, the archive and the repository grown in between (the list
# up to 2019-06-07 07:00 with the repository as it stood then, then all
# of the sample).  Checks the waiting queue (reports/waiting.tsv, the top of
# report.txt, the page), what changed (changes.tsv row by row: a commit
# that arrives marks a waiting patch merged, a reply moves one out of the
# queue), the two Atom feeds (xmllint, Debian's python3-feedparser: no
# bozo, one entry per row, ids the same from run to run), the digest
# (python3's email parser: no defects, our headers alone; mbox2tsv reads
# it back as one mail) and a hostile patch mail (a subject and a name
# with <script>, ]]>, bidirectional controls, bytes that are not UTF-8,
# a MIME boundary and a newline followed by Bcc:) that must stay text.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox
PY=/usr/bin/python3

pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" "$@"
}

# tables: the tables of o/ as patchtrack gives them to ptreport.
tables() {
	d=${1:-o}
	ls $d/clusters.tsv $d/mails/*.tsv $d/mails/*.tok $d/commits/*.tsv $d/commits/*.tok \
	    $d/maint/*.tsv $d/tags.tsv $d/pulls.tsv 2>/dev/null
}

# The sample cut at its first mail dated 2019-06-07 07:00 or later
# (byte 9,544,539).
xz -dc "$top/sample/jailhouse-dev-2019.mbox.xz" >full.mbox
CUT=9544539
head -c "$CUT" full.mbox >list.mbox
tail -c +"$((CUT + 1))" full.mbox | head -1 | grep -q '^From '
ok $? "the cut falls on a mail's From line"

# The hostile patch: waiting at the end of the first part.
enc() { printf "$1" | base64 -w0; }
{
	echo "From mallory@example.com Fri Jun  7 06:50:00 2019"
	echo "From: =?utf-8?b?$(enc 'Mallory\nBcc: evil@example.com --==_b0undary')?= <mallory@example.com>"
	echo "To: jailhouse-dev@googlegroups.com"
	echo "Subject: =?utf-8?b?$(enc '[PATCH] <script>alert(1)</script> ]]> \342\200\256\342\201\246 bidi \377\376 --==_b0undary\r\nBcc: evil@example.com')?="
	echo "Date: Fri, 07 Jun 2019 06:50:00 +0000"
	echo "Message-ID: <hostile.1@example.com>"
	echo "List-Id: <jailhouse-dev.googlegroups.com>"
	echo
	echo "Fix a comment."
	echo
	echo "Signed-off-by: Mallory <mallory@example.com>"
	echo "---"
	echo "diff --git a/hypervisor/control.c b/hypervisor/control.c"
	echo "--- a/hypervisor/control.c"
	echo "+++ b/hypervisor/control.c"
	echo "@@ -1,3 +1,3 @@"
	echo " /*"
	echo "- * Jailhouse, a Linux-based partitioning hypervisor"
	echo "+ * Jailhouse, a partitioning hypervisor"
	echo " *"
	echo
} >>list.mbox

bare_clone "$top/sample/jailhouse-2019.bundle" all.git
ok $? "the sample repository"
old=$(git --git-dir=all.git rev-list -1 --before=2019-06-07T07:00 master)
git init -q --bare repo.git && git --git-dir=all.git push -q repo.git "$old:refs/heads/master"
ok $? "the repository as it stood on 2019-06-07 07:00"

run pt -q -o o -r master repo.git list.mbox
is "first run: exit 0" 0 "$rc"
R=o/reports
cp -r o first

# The queue: oldest first, with the share answered by then.
W0=20190605153900.32177-1-andrej.utz@st.oth-regensburg.de
W1=20190605161745.2389-1-andrej.utz@st.oth-regensburg.de
W2=20190605161745.2389-2-andrej.utz@st.oth-regensburg.de
W3=20190606224457.1053-3-ralf.ramsauer@oth-regensburg.de
H=hostile.1@example.com
is "waiting: the five unanswered, unmerged patches of the last days, oldest first" \
    "$W0 $W1 $W2 $W3 $H" "$(awk -F'\t' 'NR > 1 { printf "%s%s", s, $1; s = " " }' $R/waiting.tsv)"
is "waiting: the age and the share of the list's answered patches answered by then" \
    "1.6 0.44" "$(awk -F'\t' -v id="$W1" '$1 == id { print $3, $4 }' $R/waiting.tsv)"
is "waiting: each row is a too-new patch of patches.tsv" "5" \
    "$(awk -F'\t' 'NR > 1 && $6 == "too-new"' $R/patches.tsv | wc -l)"
sed -n 3p o/report.txt | grep -q '^What waits for a reply and what changed, as of 2019-06-07'
ok $? "report.txt begins with the morning view"
grep -q 'Waiting for a reply on jailhouse-dev.googlegroups.com (5), oldest first:' o/report.txt
ok $? "report.txt: the queue per list"
grep -q '^First run: no earlier state to compare with' $R/morning.txt
ok $? "first run: a first state, no changes (said)"
is "first run: changes.tsv has no rows" 0 "$(rows $R/changes.tsv)"
is "first run: state.tsv holds each patch for the project" \
    "$(awk -F'\t' 'NR > 1 && $6 != "not-counted"' $R/patches.tsv | wc -l)" \
    "$(awk -F'\t' '$1 == "patch"' $R/state.tsv | wc -l)"

# The columns are those patchtrack-tsv(5) gives.
for t in waiting changes state changes-log; do
	want=$(awk -v t="$t" '$0 == ".It " t { on = 1; next }
	    on && (/^\./ || /^\(/) { exit } on { printf "%s%s", s, $0; s = " " }' \
	    "$top/man/patchtrack-tsv.5")
	is "$t.tsv: the columns of patchtrack-tsv(5)" "$want" "$(head -1 $R/$t.tsv | tr '\t' ' ')"
done

# Narrowed to one person: the author, or a recipient.
run ptreport waiting --for RALF.Ramsauer@oth-regensburg.de $(tables)
is "waiting --for an author: his patch alone" "$W3" "$(awk -F'\t' 'NR > 1 { print $1 }' "$T/out")"
run ptreport waiting --for jailhouse-dev@googlegroups.com $(tables)
is "waiting --for a recipient: the patches sent to it" 5 "$(rows "$T/out")"
# A person's second address, joined to his first by the mailmap: the same queue.
printf 'Ralf Ramsauer <ralf.ramsauer@oth-regensburg.de> <Ralf@Example.org>\n' >second.map
run ptreport waiting --for ralf@example.org -m second.map $(tables)
is "waiting --for a second address the mailmap joins: his queue, as with his first" \
    "$W3" "$(awk -F'\t' 'NR > 1 { print $1 }' "$T/out")"
run ptreport waiting --for ralf@example.org $(tables)
is "control: without the mailmap, the second address has no queue" 0 "$(rows "$T/out")"


# feed FILE: xmllint and feedparser's verdict, entries and ids.
feed() {
	xmllint --noout "$1" 2>"$T/xmlerr"
	ok $? "$1: well-formed XML (xmllint)"
	$PY - "$1" >"$T/feed.out" <<'EOF'
import sys, feedparser
d = feedparser.parse(sys.argv[1])
print("bozo", int(bool(d.bozo)), d.get("bozo_exception", ""))
print("version", d.version)
for e in d.entries:
    print("entry", e.id, e.updated, e.get("link", ""), e.title)
EOF
	is "$1: feedparser reads it without a bozo flag, as Atom 1.0" "bozo 0 
version atom10" "$(head -2 "$T/feed.out")"
}

if $PY -c 'import feedparser' 2>/dev/null && command -v xmllint >/dev/null; then
	feed $R/waiting.atom
	is "waiting.atom: one entry per waiting patch" 5 "$(grep -c '^entry' "$T/feed.out")"
	grep '^entry' "$T/feed.out" | awk '{ print $2 }' >ids1
	grep -q "^entry urn:uuid:[0-9a-f-]* 2019-06-05T16:17:44Z https://lore.kernel.org/r/$W1 " "$T/feed.out"
	ok $? "waiting.atom: an entry has its posting's date and archive link"
	grep -q '^entry .*<script>alert(1)</script> ]]>' "$T/feed.out"
	ok $? "waiting.atom: the hostile subject reads as the text it is"
else
	skip "no python3-feedparser or xmllint (scripts/deps installs them)"
fi
is "waiting.atom: no markup of a mail's text" "0 0" \
    "$(grep -c '<script>' $R/waiting.atom) $(grep -c ']]>' $R/waiting.atom)"
is "waiting.atom: no bidirectional control, shown as [U+XXXX] instead" "0 1" \
    "$(grep -c "$(printf '\342\200\256')" $R/waiting.atom) $(grep -c '\[U+202E\]\[U+2066\]' $R/waiting.atom)"

# digest FILE: python's email parser, our headers, lines, mbox2tsv.
digest() {
	$PY - "$1" >"$T/mail.out" <<'EOF'
import sys, email, email.policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
print("defects", len(m.defects), [str(d) for d in m.defects])
print("headers", " ".join(m.keys()))
print("multipart", m.is_multipart())
body = m.get_content()
print("bcc-in-body", int("Bcc: evil@example.com" in body))
EOF
	is "$1: a mail python's email parser takes without defects" "defects 0 []" \
	    "$(sed -n 1p "$T/mail.out")"
	is "$1: our headers alone (no Bcc from a subject)" \
	    "headers From To Subject Date Message-ID MIME-Version Content-Type Content-Transfer-Encoding" \
	    "$(sed -n 2p "$T/mail.out")"
	is "$1: one plain text part" "multipart False" "$(sed -n 3p "$T/mail.out")"
	is "$1: lines of at most 78 bytes but links" "" \
	    "$(awk 'length($0) > 78 && !/^    https?:/' "$1")"
	mbox2tsv -q "$1" >"$T/back.tsv" 2>/dev/null
	is "$1: mbox2tsv reads it back as one mail" 1 "$(rows "$T/back.tsv")"
}
digest $R/digest.txt
is "digest: the hostile subject stays in the body" "bcc-in-body 1" "$(sed -n 4p "$T/mail.out")"
grep -q '^  \[PATCH\] <script>alert(1)</script> ]]> \[U+202E\]\[U+2066\] bidi' $R/digest.txt
ok $? "digest: the hostile subject on an indented line, its controls shown"

# A queue for each maintainer: a MAINTAINERS made here (ptmaint -f):
# Jan the hypervisor's, Ralf (with Andrej as reviewer) pyjailhouse's.
printf 'JAILHOUSE HYPERVISOR\nM:\tJan Kiszka <jan.kiszka@siemens.com>\nL:\tjailhouse-dev@googlegroups.com\nF:\thypervisor/\n\nPYJAILHOUSE\nM:\tRalf Ramsauer <ralf.ramsauer@oth-regensburg.de>\nR:\tAndrej Utz <andrej.utz@st.oth-regensburg.de>\nF:\tpyjailhouse/\n' >MAINTAINERS
ptmaint -q -f MAINTAINERS o/mails/*.tok >maint.tsv
ptreport digest $(tables) maint.tsv >dm.txt 2>/dev/null
awk '/^Waiting on each maintainer/ { on = 1 } /^(First run|Nothing new|[0-9]+ changes?) / { on = 0 } on' dm.txt >sect
is "digest with MAINTAINERS: a section per maintainer, not one for an author of all he reviews" \
    "Jan Kiszka <jan.kiszka@siemens.com> (2):|Ralf Ramsauer <ralf.ramsauer@oth-regensburg.de> (3):" \
    "$(grep '^  [^ ]' sect | sed 's/^  //' | paste -sd'|')"
is "digest: what waits on Ralf, oldest first, each linked" \
    "$W0 $W1 $W2" \
    "$(awk '/^  Ralf/ { on = 1; next } /^  [^ ]/ { on = 0 } on && /https:/ { sub(".*/r/", ""); printf "%s%s", s, $0; s = " " }' sect)"
is "digest: what waits on Jan, the hypervisor's: the v2 part and the hostile patch" \
    "$W3 $H" \
    "$(awk '/^  Jan/ { on = 1; next } /^  [^ ]/ { on = 0 } on && /https:/ { sub(".*/r/", ""); printf "%s%s", s, $0; s = " " }' sect)"
ptreport digest $(tables) >dn.txt 2>/dev/null
grep -q '^Waiting on each maintainer' dn.txt
ok $((!$?)) "control: no MAINTAINERS, no section per maintainer"

# A feed per person: every maintainer with something waiting, file names made safe.
ptreport all -q -o pf --person-feeds maintainers -T "$(head -1 o/report.txt)" $(tables) maint.tsv 2>/dev/null
is "--person-feeds maintainers: a feed for each maintainer with something waiting" \
    "waiting-jan.kiszka_at_siemens.com.atom waiting-ralf.ramsauer_at_oth-regensburg.de.atom" \
    "$(cd pf && ls waiting-*.atom | paste -sd' ')"
if $PY -c 'import feedparser' 2>/dev/null && command -v xmllint >/dev/null; then
	feed pf/waiting-ralf.ramsauer_at_oth-regensburg.de.atom
	is "Ralf's feed: the three patches waiting on him, and his own" 4 "$(grep -c '^entry' "$T/feed.out")"
	feed pf/waiting-jan.kiszka_at_siemens.com.atom
	is "Jan's feed: the two waiting on him" 2 "$(grep -c '^entry' "$T/feed.out")"
else
	skip "no python3-feedparser or xmllint"
fi
ptreport all -q -o pf --person-feeds 'Ralf@Example.org, ../evil name@x' -m second.map \
    -T "$(head -1 o/report.txt)" $(tables) maint.tsv 2>/dev/null
is "--person-feeds ADDRS: those people's, through the mailmap, names made safe; Jan's, not asked for, gone" \
    "waiting-_._evil_name_at_x.atom waiting-ralf.ramsauer_at_oth-regensburg.de.atom" \
    "$(cd pf && ls waiting-*.atom | paste -sd' ')"
is "an address with nothing waiting: a feed of no entry" 0 \
    "$(grep -c '<entry>' 'pf/waiting-_._evil_name_at_x.atom')"
run pt -q -o pfo -r master --person-feeds 'jailhouse-dev@googlegroups.com' repo.git list.mbox
is "patchtrack --person-feeds: the list address's queue, every waiting patch" 5 \
    "$(grep -c '<entry>' pfo/reports/waiting-jailhouse-dev_at_googlegroups.com.atom)"
# The page: a "waiting on" filter, and each waiting row says whom it waits on.
grep -q '<input name="on" type="search"' o/report.html
ok $? "report.html: a waiting on filter"
is "report.html: each waiting row says whom it waits on (its recipients, without MAINTAINERS)" 5 \
    "$(awk '/<section id="waiting">/,/<\/section>/' o/report.html | grep -c ' data-on="[^"]*jailhouse-dev@googlegroups.com')"

# The page: the queue section, drawn by a real browser.
grep -q '<section id="waiting">' o/report.html && grep -q "t-waiting" o/report.html
ok $? "report.html: a waiting section"
is "report.html: no markup of a mail's text" 0 "$(grep -c '<script>alert' o/report.html)"
if command -v chromium >/dev/null 2>&1; then
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chr" \
	    --dump-dom "file://$T/o/report.html" >dom.html 2>/dev/null
	$PY - dom.html >"$T/dom.out" <<'EOF'
import sys, html.parser
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.sec = None; s.rows = 0; s.form_hidden = None
    def handle_starttag(s, tag, a):
        a = dict(a)
        if tag == "section": s.sec = a.get("id")
        if tag == "form" and a.get("id") == "filters": s.form_hidden = "hidden" in a
        if tag == "tr" and s.sec == "waiting" and "data-date" in a: s.rows += 1
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
print("rows", p.rows, "filters-shown", int(p.form_hidden is False))
EOF
	is "Chromium draws the queue's five rows, its script run (the filters shown)" \
	    "rows 5 filters-shown 1" "$(cat "$T/dom.out")"
else
	skip "no chromium"
fi

# The second night: the rest of the archive, and the repository's master.
tail -c +"$((CUT + 1))" full.mbox >>list.mbox
git --git-dir=all.git push -q -f repo.git master:refs/heads/master
run pt -q -o o -r master repo.git list.mbox
is "second run: exit 0" 0 "$rc"
is "second run: the queue is empty (each answered, merged or ignored)" 0 "$(rows $R/waiting.tsv)"
is "changes: the waiting patch a commit arrived for is merged, with its commit" \
    "merged d07b0dcba4837e2f5cc9799d777a32b1ab5f7936, 1.6 days after this posting" \
    "$(awk -F'\t' -v id="$W0" '$3 == id { print $1, $9 }' $R/changes.tsv)"
# 1/2 through its v2, whose 2/2 Jan answered "Thanks for these patches!" (the series).
is "changes: the waiting patches a reply arrived for are answered, and by whom (1/2 through its v2, answered for the series)" \
    "answered 20190620220614.23450-1-andrej.utz@st.oth-regensburg.de answered jan.kiszka@siemens.com" \
    "$(awk -F'\t' -v a="$W1" -v b="$W2" '$3 == a || $3 == b { printf "%s%s %s", s, $1, $9; s = " " }' $R/changes.tsv)"
is "changes: the patch nobody answered in its grace is newly ignored" "ignored patch" \
    "$(awk -F'\t' -v id="$H" '$3 == id { print $1, $2 }' $R/changes.tsv)"
is "changes: no other kind than posted, answered, merged, ignored, off-list" "" \
    "$(awk -F'\t' 'NR > 1 && $1 != "merged" && $1 != "answered" && $1 != "posted" && $1 != "ignored" && $1 != "offlist" { print $1 }' $R/changes.tsv | sort -u)"
# Each change is a state that moved: the two states.tsv files agree.
awk -F'\t' 'NR == FNR { if (FNR > 1) was[$2] = $3; next }
    FNR > 1 && $1 == "patch" && was[$2] != $3 { n++ } END { print n + 0 }' \
    first/reports/state.tsv $R/state.tsv >moved
is "changes: one row per patch whose state moved (answered to answered-version is none)" \
    "$(cat moved)" \
    "$(awk -F'\t' 'NR > 1 && $2 == "patch" { n++ } END { print n + 0 }' $R/changes.tsv)"
grep -q "^$(rows $R/changes.tsv) changes since the run before (as of 2019-09-30):" $R/morning.txt
ok $? "report.txt: how many changes since the run before"
if $PY -c 'import feedparser' 2>/dev/null && command -v xmllint >/dev/null; then
	feed $R/changes.atom
	is "changes.atom: one entry per change of the log" "$(rows $R/changes-log.tsv)" \
	    "$(grep -c '^entry' "$T/feed.out")"
	is "changes.atom: the log holds this run's changes" "$(rows $R/changes.tsv)" \
	    "$(rows $R/changes-log.tsv)"
	feed $R/waiting.atom
	is "waiting.atom: no entries when nothing waits" 0 "$(grep -c '^entry' "$T/feed.out")"
	# The first night's feed made again from its tables: the same ids.
	ptreport waiting-feed -T "$(head -1 first/report.txt)" \
	    -m first/mailmap $(tables first) 2>/dev/null | grep '^<id>urn' | sed 1d >ids2
	is "waiting.atom: the same entries' ids from the same state" "$(cat ids1)" \
	    "$(sed 's/<[^>]*>//g' ids2)"
else
	skip "no python3-feedparser or xmllint"
fi
digest $R/digest.txt
for id in $(awk -F'\t' 'NR > 1 && $2 == "patch" { print $3 }' $R/changes.tsv); do
	grep -qF "$id" $R/digest.txt || echo "$id"
done >missing
is "digest: a link to each change's mail" "" "$(cat missing)"
is "digest: a line per change" "$(rows $R/changes.tsv)" \
    "$(grep -cE '^    (posted|answered|merged|applied|ignored|withdrawn|superseded|offlist) [0-9]{4}-' $R/digest.txt)"

# The third night: nothing new.  The reports are made again, and say so:
# no changes, "nothing new since" the second night; the feeds keep their
# entries and ids, the log and the state stay.
cp -r o second
run pt -q -o o -r master repo.git list.mbox
is "third run, nothing new: exit 0" 0 "$rc"
is "third run, nothing new: changes.tsv has no rows" 0 "$(rows $R/changes.tsv)"
is "third run, nothing new: morning.txt says nothing new since the second run" \
    "Nothing new since 2019-09-30, the last run with changes (as of 2019-09-30)." \
    "$(grep '^Nothing new' $R/morning.txt)"
grep -q '^Nothing new since 2019-09-30, the last run with changes' o/report.txt
ok $? "third run, nothing new: report.txt says so too"
# (The subject unfolded: a header's continuation lines begin with a blank.)
sed -n '/^Subject:/,/^[^ ]/p' $R/digest.txt | sed '$d' | tr -d '\n' |
    grep -q '^Subject: .*: 0 waiting for a reply, nothing new since 2019-09-30$' &&
    grep -q '^Nothing new since 2019-09-30, the last run with changes' $R/digest.txt
ok $? "third run, nothing new: the digest says so, in its subject and its body"
grep -q '^[0-9]* changes since the run before' $R/digest.txt
ok $((!$?)) "third run, nothing new: the digest lists no change of the night before"
digest $R/digest.txt
same "third run, nothing new: the same state" second/reports/state.tsv $R/state.tsv
same "third run, nothing new: the log keeps the second run's changes" \
    second/reports/changes-log.tsv $R/changes-log.tsv
same "third run, nothing new: the changes feed, entries and ids, as the second run's" \
    second/reports/changes.atom $R/changes.atom
same "third run, nothing new: the waiting feed as the second run's" \
    second/reports/waiting.atom $R/waiting.atom
# And a fourth: still nothing new since the second.
run pt -q -o o -r master repo.git list.mbox
grep -q '^Nothing new since 2019-09-30, the last run with changes' $R/morning.txt &&
    [ "$(rows $R/changes.tsv)" -eq 0 ]
ok $? "fourth run, nothing new again: still nothing new since the second run"

# An earlier state that is not one: said, exit 1, no changes made up.
mkdir bad && printf 'what\tever\nx\ty\n' >bad/state.tsv
ptreport all -q -o bad $(tables) 2>"$T/err"
is "an earlier state that is no state table: exit 1" 1 "$?"
grep -q "^ptreport: bad/state.tsv: not a state table" "$T/err"
ok $? "an earlier state that is no state table: named"
grep -q '^The earlier state could not be read' bad/morning.txt && [ "$(rows bad/changes.tsv)" -eq 0 ]
ok $? "an earlier state that is no state table: no changes, and said so"
printf 'kind\tid\tstate\tsince\npatch\t%s\twaiting\t\\q\n' "$W1" >bad/state.tsv
ptreport changes --state bad/state.tsv $(tables) >bad.changes 2>"$T/err"
is "a bad row of the earlier state: exit 1" 1 "$?"
grep -q "^ptreport: bad/state.tsv:2: " "$T/err"
ok $? "a bad row of the earlier state: named with its line"

# An earlier log that is not one: named, exit 1, its rows not taken.
printf 'what\tever\nx\ty\n' >bad.log
ptreport changes-feed --log bad.log $(tables) >bad.atom 2>"$T/err"
is "a changes log that is no log: exit 1" 1 "$?"
grep -q "^ptreport: bad.log: not a changes log (no column run)" "$T/err" &&
    [ "$(grep -c '<entry>' bad.atom)" -eq 0 ]
ok $? "a changes log that is no log: named, and no entry made of it"

# Options of the digest: From and To as given, never a second header.
ptreport digest --from 'Pat <pat@example.org>' --to 'a@example.org, b@example.org' \
    $(tables) >d.txt 2>/dev/null
is "digest --from --to: the headers" "From: Pat <pat@example.org>
To: a@example.org, b@example.org" "$(sed -n 1,2p d.txt)"
grep -q '^Message-ID: <digest\.[0-9a-f]*\.2019-09-30@example.org>$' d.txt
ok $? "digest: a Message-ID at the sender's domain"
ptreport digest --to "$(printf 'a@example.org\nBcc: evil@example.com')" o/clusters.tsv \
    >/dev/null 2>"$T/err"
is "digest --to with a newline: refused (exit 2)" 2 "$?"
grep -q '^ptreport: --to: a mail header' "$T/err"
ok $? "digest --to with a newline: said"

done_testing
