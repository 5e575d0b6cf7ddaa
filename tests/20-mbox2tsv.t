#!/bin/sh
# mbox2tsv: command line, input forms, repairs and invariants, on the
# real mails in tests/data/mail.
. "$(dirname "$0")/lib.sh"

M=$DATA/mail
cd "$T" || exit 1

# --- command line -------------------------------------------------------
run mbox2tsv --help
is "--help exits 0" 0 "$rc"
grep -q '^usage: mbox2tsv' "$T/out"
ok $? "--help prints the usage on stdout"

run mbox2tsv --no-such-option
is "an unknown option exits 2" 2 "$rc"
grep -q '^usage: mbox2tsv' "$T/err"
ok $? "an unknown option prints the usage on stderr"

run mbox2tsv --mbox mboxx
is "a bad --mbox value exits 2" 2 "$rc"
# The letters of --mbox, --after and --upto are other tools' (-m a
# mailmap, -U git2tsv's context): long options only.
for o in "-m mboxrd" "-A x" "-U x"; do
	run mbox2tsv $o /dev/null
	is "$o: an unknown option (exit 2)" 2 "$rc"
done

run mbox2tsv "$T/missing.mbox"
is "a missing file exits 2 (failed)" 2 "$rc"
grep -q "^mbox2tsv: $T/missing.mbox: No such file or directory" "$T/err"
ok $? "a missing file is named on stderr"

run mbox2tsv --version
grep -q '^mbox2tsv (patchtrack) ' "$T/out"
ok $? "--version"

# --- one row per mail ---------------------------------------------------
cat "$M/git-t5100_input_sample.mbox" >sample.mbox
run mbox2tsv sample.mbox
is "sample.mbox: exit 0" 0 "$rc"
is "sample.mbox: 18 mails, 18 rows" 18 "$(rows "$T/out")"
is "quiet on success: nothing on stderr" "" "$(cat "$T/err")"
cp "$T/out" quiet.tsv
run mbox2tsv -v sample.mbox
grep -q '^mbox2tsv: 18 mails, 18 rows, 0 skipped$' "$T/err"
ok $? "-v: the summary line on stderr"
same "-v: the same rows" quiet.tsv "$T/out"
cp "$T/out" sample.tsv

head -1 sample.tsv >hdr
printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\ttitle\tlist\tin_reply_to\treferences\tto\tcc\ttype\tversion\tpart\ttotal\tflags\tmessage\tannotation\tdiff\tcites\tsaid\thashes\tparts\tsrc\taliases\tsender_name\tsender_addr\n' >hdr.want
same "header names the documented columns" hdr.want hdr

run mbox2tsv -H -q sample.mbox
is "-H: no header line" 18 "$(wc -l <"$T/out")"
[ ! -s "$T/err" ]
ok $? "-q: no summary"

run mbox2tsv --list mylist -q sample.mbox
is "--list sets the list column" "mylist" "$(cut -f7 "$T/out" | sort -u | grep -v '^list$')"
is "list defaults to the archive's name" "sample" "$(cut -f7 sample.tsv | sed 1d | sort -u)"

# Deterministic, and the same from stdin, gzip and xz.
mbox2tsv -q sample.mbox >again.tsv
same "same input, same bytes" sample.tsv again.tsv
# (The list column differs: stdin has no name.)
mbox2tsv -q <sample.mbox | cut -f1-6,8-21 >stdin.tsv
cut -f1-6,8-21 sample.tsv >plain.tsv
same "stdin gives the same rows" plain.tsv stdin.tsv
gzip -c sample.mbox >sample.mbox.gz
xz -c sample.mbox >sample.mbox.xz
mbox2tsv -q --list sample sample.mbox.gz | cut -f1-6,8-21 >gz.tsv
same "gzip input gives the same rows" plain.tsv gz.tsv
mbox2tsv -q sample.mbox.xz | cut -f1-6,8-21 >xz.tsv
same "xz input gives the same rows" plain.tsv xz.tsv
xzcat sample.mbox.xz | gzip -c | mbox2tsv -q | cut -f1-6,8-21 >pipe.tsv
same "compressed stdin gives the same rows" plain.tsv pipe.tsv

# src: file and byte offset of each From_ line.
off=$(grep -b '^From nobody Sat Aug 27' sample.mbox | head -1 | cut -d: -f1)
grep -q "	sample.mbox:$off			$" sample.tsv
ok $? "src holds the byte offset of the From_ line"

# Truncated gzip: the rows before the cut, the cut mail flagged, exit 2
# (failed: the table is not to be used).
head -c 6000 sample.mbox.gz >cut.mbox.gz
run mbox2tsv cut.mbox.gz
is "truncated gzip exits 2" 2 "$rc"
grep -q 'cut.mbox.gz: truncated gzip data' "$T/err"
ok $? "truncated gzip is reported"
tail -1 "$T/out" | cut -f16 | grep -q truncated
ok $? "the last, cut mail is flagged truncated"
[ "$(rows "$T/out")" -ge 1 ]
ok $? "mails before the cut are kept"

# Empty input: a header and nothing else.
run mbox2tsv </dev/null
is "empty input exits 0" 0 "$rc"
is "empty input: header only" 1 "$(wc -l <"$T/out")"

# --- mboxrd and mboxo quoting -------------------------------------------
cat "$M/git-t5100_input_sample.mboxrd" >rd.mbox
run mbox2tsv -q rd.mbox
is "mboxrd: two mails" 2 "$(rows "$T/out")"
# A real patch whose message quotes From lines, written as mboxrd.
{
	echo 'From mboxrd@z Thu Jan  1 00:00:00 1970'
	sed -n '/^From: A (zzz)/,/^Here is a patch/p' sample.mbox
	printf '>From the start\n>>From quoted\n'
	sed -n '/^Here is a patch from A U Thor\.$/,/^1.4.0.g6f2b/p' sample.mbox | sed 1d
} >patch.mboxrd
run mbox2tsv -q patch.mboxrd
tsvfield "$T/out" message 1 >msg1
printf 'Here is a patch from A U Thor.\nFrom the start\n>From quoted\n' >msg1.want
same "mboxrd: one '>' taken from quoted From lines" msg1.want msg1
run mbox2tsv -q --mbox mboxo patch.mboxrd
tsvfield "$T/out" message 1 >msg2
printf 'Here is a patch from A U Thor.\n>From the start\n>>From quoted\n' >msg2.want
same "--mbox mboxo: quoted From lines stay as they are" msg2.want msg2

# Unquoted From_ lines inside bodies do not split mails (mboxo).
for f in "$M"/*.eml; do
	printf 'From someone@example.com Thu Jan  1 00:00:00 2000\n'
	cat "$f"
	printf '\n'
done >o.mbox
n=$(ls "$M"/*.eml | wc -l)
run mbox2tsv o.mbox
is "mboxo of $n mails with From lines in bodies: $n rows" "$n" "$(rows "$T/out")"
cut -f1 "$T/out" | sed 1d | sort >o.ids
for f in "$M"/*.eml; do mbox2tsv -H -q "$f" | cut -f1; done | sort >each.ids
same "mboxo: the same ids as the mails one by one" each.ids o.ids

# Shuffled order: the same rows (but src).
ls "$M"/*.eml | sort -r | while read -r f; do
	printf 'From someone@example.com Thu Jan  1 00:00:00 2000\n'
	cat "$f"
	printf '\n'
done >r.mbox
mbox2tsv -q o.mbox | cut -f1-21 | sort >o.rows
mbox2tsv -q r.mbox | cut -f1-21 | sort >r.rows
same "reversed mbox: the same rows" o.rows r.rows

# CRLF line ends, and no final newline.
sed 's/$/\r/' o.mbox >crlf.mbox
run mbox2tsv -q crlf.mbox
is "CRLF mbox: same row count" "$n" "$(rows "$T/out")"
cut -f1,12 "$T/out" | sort >crlf.types
mbox2tsv -q o.mbox | cut -f1,12 | sort >o.types
same "CRLF mbox: same ids and types" o.types crlf.types
head -c -1 sample.mbox >nonl.mbox
run mbox2tsv -q nonl.mbox
is "mbox without final newline: all rows" 18 "$(rows "$T/out")"

# --- repairs, on real mails -------------------------------------------
# format=flowed from Thunderbird: space-stuffed context lines come back
# as written, byte for byte the diff of the commit the patch became.
tb=$M/patch-format-flowed_jailhouse-dev-thunderbird
mbox2tsv -q "$tb.eml" >tb.tsv
tsvfield tb.tsv diff | head -n "$(wc -l <"$tb.commit.diff")" >tb.diff
same "format=flowed patch: the diff of its commit" "$tb.commit.diff" tb.diff
tsvfield tb.tsv flags | grep -q flowed
ok $? "format=flowed patch: flagged flowed"

# Dates: an unparseable Date falls back to the earliest Received hop,
# then to the From_ line; a mail with none has an empty date.
mail=$M/patch-base64_linux-nvdimm-00051.eml
sed 's/^Date: .*/Date: the day after yesterday/' "$mail" >baddate.eml
mbox2tsv -q baddate.eml >bd.tsv
is "bad Date: the earliest Received date" "2019-05-02T06:09:18Z" "$(tsvfield bd.tsv date)"
is "bad Date: flagged" "date-received" "$(tsvfield bd.tsv flags | grep -o date-received)"
{
	echo 'From someone@example.com Tue May  7 10:11:12 2019'
	grep -v '^Date:\|^Received:\|^	\|^ ' "$mail" | sed -n '1,/^$/p'
	echo 'body'
} >nodate.mbox
mbox2tsv -q nodate.mbox >nd.tsv
is "no Date, no Received: the From_ line's date" "2019-05-07T10:11:12Z date-fromline" \
	"$(tsvfield nd.tsv date) $(tsvfield nd.tsv flags | grep -o date-fromline)"
grep -v '^Date:' "$M/git-t5100_input_sample.mbox" >nodate2.mbox
mbox2tsv -q nodate2.mbox >nd2.tsv
is "no date anywhere: empty, flagged nodate" " nodate" \
	"$(tsvfield nd2.tsv date) $(tsvfield nd2.tsv flags | grep -o nodate)"

# Duplicate Message-IDs: every copy keeps its row, later ones flagged.
d=$M/duplicate-message-id_linux-sparse-02469.eml
mbox2tsv -q "$d" "$d" >dup.tsv
is "a mail twice: two rows" 2 "$(rows dup.tsv)"
is "the second copy is flagged dupid" "dupid" "$(tsvfield dup.tsv flags 2 | grep -o dupid)"
is "both copies keep the id" "$(tsvfield dup.tsv id 1)" "$(tsvfield dup.tsv id 2)"

# DMARC: a Google Groups rewrite gets its author back.
mbox2tsv -q "$M/duplicate-message-id_jailhouse-dev-02216.eml" >dm.tsv
grep -q "^From: .* via " "$M/duplicate-message-id_jailhouse-dev-02216.eml"
ok $? "the sample's From is the list's rewrite"
case $(tsvfield dm.tsv from_addr) in
*googlegroups*) ok 1 "DMARC: the author is not the list" ;;
*) ok 0 "DMARC: the author is not the list" ;;
esac
tsvfield dm.tsv flags | grep -q dmarc
ok $? "DMARC: flagged"

# DMARC, wrapped (Mailman's wrap_message): the list sends a mail of its
# own (its Message-ID, "Name via List") holding a short notice and the
# sender's mail as message/rfc822.  The row is the sender's mail: its
# id, which the replies name, its author, subject, parent and text.
# Controls: a forwarded mail attached to a person's own reply, and a
# wrapped mail beside a text longer than a notice, are the outer mail.
wrapmail() { # FROM NOTICE-LINES INNER-ID INNER-SUBJECT INNER-IRT INNER-BODY
	printf 'From list@example.org Sat Jan 25 18:07:45 2020\n'
	printf 'To: dev@lists.example.org\nDate: Sat, 25 Jan 2020 13:07:45 -0500\nMIME-Version: 1.0\n'
	printf 'Message-ID: <mailman.3.1579976243.12536.dev@lists.example.org>\n'
	printf 'List-Id: <dev.lists.example.org>\nList-Post: <mailto:dev@lists.example.org>\n'
	printf 'From: %s\nCc: Felix K <felix@example.ca>\n' "$1"
	printf 'Subject: [Dev] %s\n' "$4"
	printf 'Content-Type: multipart/mixed; boundary="==b=="\n\n--==b==\n'
	printf 'Content-Type: text/plain; charset="us-ascii"\nContent-Disposition: inline\n\n'
	i=0
	while [ $i -lt "$2" ]; do
		printf 'The sender domain has a DMARC Reject/Quarantine policy which disallows\n'
		i=$((i + 1))
	done
	printf -- '--==b==\nContent-Type: message/rfc822\nMIME-Version: 1.0\nContent-Disposition: inline\n\n'
	printf 'From: Felix K <felix@example.ca>\nTo: dev@lists.example.org\nSubject: %s\n' "$4"
	printf 'Date: Sat, 25 Jan 2020 13:07:45 -0500\nMessage-Id: <%s>\n' "$3"
	[ -n "$5" ] && printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$5" "$5"
	printf 'MIME-Version: 1.0\n\n%b\n--==b==--\n\n' "$6"
}
WPATCH='compat: fix the build on RHEL 8.1\n\nSigned-off-by: Felix K <felix@example.ca>\n---\ndiff --git a/compat.h b/compat.h\n--- a/compat.h\n+++ b/compat.h\n@@ -1 +1 @@\n-#if A\n+#if A \&\& !B\n'
{
	wrapmail '"Felix K via Dev" <dev@lists.example.org>' 5 p1@example.ca '[PATCH] compat: fix the build' '' "$WPATCH"
	wrapmail '"Felix K via Dev" <dev@lists.example.org>' 5 r1@example.ca 'Re: [PATCH] compat: fix the build' p0@example.ca 'Thanks, I will carry it myself.'
	wrapmail 'Sven <sven@example.de>' 5 f1@example.ca '[PATCH] compat: fix the build' '' "$WPATCH"
	wrapmail '"Felix K via Dev" <dev@lists.example.org>' 60 l1@example.ca '[PATCH] compat: fix the build' '' "$WPATCH"
} >wrap.mbox
mbox2tsv -q wrap.mbox >wrap.tsv
is "wrapped: four mails, four rows" 4 "$(rows wrap.tsv)"
is "wrapped: the id is the sender's mail's" "p1@example.ca" "$(tsvfield wrap.tsv id 1)"
is "wrapped: its author" "felix@example.ca" "$(tsvfield wrap.tsv from_addr 1)"
is "wrapped: its subject, without the list's tag" "[PATCH] compat: fix the build" "$(tsvfield wrap.tsv subject 1)"
is "wrapped: the wrapper's id, which the list's readers answer, its alias" \
    "mailman.3.1579976243.12536.dev@lists.example.org" "$(tsvfield wrap.tsv aliases 1)"
is "wrapped: a patch, its own (not an attached mail's)" "patch dmarc" \
    "$(tsvfield wrap.tsv type 1) $(tsvfield wrap.tsv flags 1)"
is "wrapped reply: the id is the sender's" "r1@example.ca" "$(tsvfield wrap.tsv id 2)"
is "wrapped reply: its parent" "p0@example.ca" "$(tsvfield wrap.tsv in_reply_to 2)"
is "wrapped reply: a reply, its text the sender's (not the notice)" "reply Thanks, I will carry it myself." \
    "$(tsvfield wrap.tsv type 2) $(tsvfield wrap.tsv said 2)"
is "control: a mail attached to a person's own: the outer mail, no alias" \
    "mailman.3.1579976243.12536.dev@lists.example.org attached " \
    "$(tsvfield wrap.tsv id 3) $(tsvfield wrap.tsv flags 3) $(tsvfield wrap.tsv aliases 3)"
is "control: beside more than a notice: the outer mail" \
    "mailman.3.1579976243.12536.dev@lists.example.org" "$(tsvfield wrap.tsv id 4)"

# A missing Message-ID: a synthetic id, the same for the same bytes.
grep -iv '^message-id:' "$M/patch-base64_linux-nvdimm-00051.eml" >noid.eml
mbox2tsv -q noid.eml noid.eml >noid.tsv
case $(tsvfield noid.tsv id) in
synthetic-*@mbox2tsv.invalid) ok 0 "no Message-ID: a synthetic id" ;;
*) ok 1 "no Message-ID: a synthetic id" ;;
esac
is "the synthetic id is stable" "$(tsvfield noid.tsv id 1)" "$(tsvfield noid.tsv id 2)"

# --- header fields nobody reads -------------------------------------------
# gmime is given only the fields mbox2tsv reads, and Content-*: a mail's
# row is that of the same mail with every other field taken out (its
# folded lines with it), and the earliest Received hop is still the one
# a bad Date falls back to.  Junk added: fields folded over lines, one
# whose folded line looks like a Cc, one just before the blank line.
mail=$M/patch-base64_linux-nvdimm-00051.eml
awk 'BEGIN { h = 1 }
NR == 1 { print "X-Junk-A: 1"; print "DKIM-Signature: v=1; a=rsa-sha256;"; print "\tCc: fake@example.com" }
h && /^$/ { print "X-Spam-Status: No,"; print " score=-2"; h = 0 }
h && /^Date:/ { print "Date: the day after yesterday"; next }
h && /^Cc:/ { print; print " folded@example.com,"; next }
{ print }' "$mail" >junk.eml
awk 'BEGIN { h = 1; keep = 1 }
h && /^$/ { h = 0 }
h && /^[A-Za-z0-9-]+:/ {
	n = tolower($0); sub(/:.*/, "", n)
	keep = n ~ /^(message-id|date|from|subject|in-reply-to|references|list-id|list-post|x-original-from|reply-to|auto-submitted|received|to|cc|mime-version|content-.*)$/
}
!h || keep { print }' junk.eml >lean.eml
[ "$(grep -c . junk.eml)" -gt "$(grep -c . lean.eml)" ]
ok $? "fields nobody reads: the lean copy has fewer lines"
mbox2tsv -q junk.eml | cut -f1-21 >junk.tsv
mbox2tsv -q lean.eml | cut -f1-21 >lean.tsv
same "fields nobody reads: the row is that of the mail without them" lean.tsv junk.tsv
tsvfield junk.tsv cc | grep -q folded@example.com
ok $? "a Cc folded over lines keeps its folded address"
tsvfield junk.tsv cc | grep -q fake@example.com
ok $((!$?)) "a folded line of another field that looks like a Cc is no Cc"
is "bad Date among junk: the earliest Received date" "2019-05-02T06:09:18Z" "$(tsvfield junk.tsv date)"
# A field of another form (a name with '_') ends the sorting: what
# follows reaches gmime as it is, the fields read after it too.
awk 'BEGIN { h = 1 } h && /^$/ { print "X_Odd: 1"; print "X-Junk-B: 2"; print "Cc: late@example.com"; h = 0 } { print }' \
	"$mail" >odd.eml
run mbox2tsv -q odd.eml
is "a field of another form: one row" 1 "$(rows "$T/out")"
tsvfield "$T/out" cc | grep -q late@example.com
ok $? "a field read after one of another form still reaches the row"

# Every field mbox2tsv reads reaches it among the junk, each shown by
# what it changes in the row: List-Post and Reply-To (a list that sends
# as itself: the author from Reply-To), X-Original-From (a "via" rewrite
# without Reply-To), Auto-Submitted (a bot).  A name left out of what
# gmime is given fails here.
fields_mail() {
	printf 'From: %s\nX-Junk-1: a\n%s\nReceived: from x by y; Mon, 6 Jan 2020 10:00:00 +0000\n' "$1" "$2"
	printf 'Subject: [PATCH] %s\nDate: Mon, 6 Jan 2020 10:00:00 +0000\nMessage-ID: <%s@example.com>\n' "$3" "$3"
	printf 'DKIM-Signature: v=1;\n b=abc\n\nA change.\n\nSigned-off-by: A <a@example.com>\n---\n'
	printf 'diff --git a/f.c b/f.c\n--- a/f.c\n+++ b/f.c\n@@ -1 +1 @@\n-a\n+b\n'
}
fields_mail 'Dev list <dev@lists.example.org>' \
    "$(printf 'List-Post: <mailto:dev@lists.example.org>\nX-Junk-2: b\nReply-To: Carol <carol@example.com>')" \
    listpost >lp.eml
mbox2tsv -q lp.eml >lp.tsv
is "List-Post and Reply-To reach mbox2tsv: the author from Reply-To" "carol@example.com" \
    "$(tsvfield lp.tsv from_addr)"
fields_mail 'Alice via Dev <dev@lists.example.org>' \
    "$(printf 'X-Original-From: Alice <alice@example.com>\nX-Junk-2: b')" xorig >xo.eml
mbox2tsv -q xo.eml >xo.tsv
is "X-Original-From reaches mbox2tsv: the author from it" "alice@example.com" \
    "$(tsvfield xo.tsv from_addr)"
fields_mail 'Tester <tester@example.com>' "$(printf 'Auto-Submitted: auto-generated\nX-Junk-2: b')" \
    autosub >as.eml
mbox2tsv -q as.eml >as.tsv
is "Auto-Submitted reaches mbox2tsv: a bot" "bot" "$(tsvfield as.tsv type)"

# --- maildir ------------------------------------------------------------
mkdir -p md/cur md/new md/tmp
i=0
for f in "$M"/*.eml; do
	i=$((i + 1))
	cp "$f" "md/cur/100$i.x:2,S"
done
run mbox2tsv md
is "maildir: one row per file" "$i" "$(rows "$T/out")"
cut -f1 "$T/out" | sed 1d | sort >md.ids
same "maildir: the same ids" each.ids md.ids
grep -q '	md:cur/1001.x:2,S			$' "$T/out"
ok $? "maildir: src names the file"

# --- public-inbox v2 ----------------------------------------------------
# A small inbox built here: one commit per mail, blob "m", fixed dates.
mkdir -p pi/git
git init -q --bare pi/git/0.git
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t \
	GIT_COMMITTER_EMAIL=t@example.com GIT_AUTHOR_DATE='2020-01-01T00:00:00Z' \
	GIT_COMMITTER_DATE='2020-01-01T00:00:00Z'
parent=
for f in "$M"/*.eml; do
	blob=$(git --git-dir=pi/git/0.git hash-object -w "$f")
	tree=$(printf '100644 blob %s\tm\n' "$blob" | git --git-dir=pi/git/0.git mktree)
	commit=$(echo mail | git --git-dir=pi/git/0.git commit-tree "$tree" ${parent:+-p $parent})
	parent=$commit
done
# One mail without List-Id: its list is the inbox's name.
printf 'From: A <a@example.com>\nSubject: hello\nMessage-ID: <nolist@example.com>\nDate: Thu, 1 Jan 2020 00:00:00 +0000\n\nhi\n' >nolist.eml
blob=$(git --git-dir=pi/git/0.git hash-object -w nolist.eml)
tree=$(printf '100644 blob %s\tm\n' "$blob" | git --git-dir=pi/git/0.git mktree)
parent=$(echo mail | git --git-dir=pi/git/0.git commit-tree "$tree" -p "$parent")
# A deletion commit ("d") carries no mail and is not counted.
blob=$(echo gone | git --git-dir=pi/git/0.git hash-object -w --stdin)
tree=$(printf '100644 blob %s\td\n' "$blob" | git --git-dir=pi/git/0.git mktree)
parent=$(echo del | git --git-dir=pi/git/0.git commit-tree "$tree" -p "$parent")
git --git-dir=pi/git/0.git update-ref refs/heads/master "$parent"
run mbox2tsv pi
is "public-inbox folder: one row per mail" $((i + 1)) "$(rows "$T/out")"
is "public-inbox: list defaults to the inbox name" "pi" \
	"$(grep '^nolist@example.com' "$T/out" | cut -f7)"
grep -v '^nolist@example.com' "$T/out" | cut -f1 | sed 1d | sort >pi.ids
same "public-inbox: the same ids" each.ids pi.ids
run mbox2tsv pi/git/0.git
is "one public-inbox epoch" $((i + 1)) "$(rows "$T/out")"
cp "$T/out" table.tsv
run mbox2tsv table.tsv
is "a TSV file is no mail: exit 1" 1 "$rc"
grep -q 'mail skipped: no mail header;' "$T/err"
ok $? "text that is no mail is named on stderr"

# --- several inputs, parallel runs -------------------------------------
run mbox2tsv -q sample.mbox md
is "several inputs in one call" $((18 + i)) "$(rows "$T/out")"
{ mbox2tsv -q sample.mbox; mbox2tsv -q -H md; } >cat.tsv
same "-H output concatenates to one table" "$T/out" cat.tsv

# Archives in parallel (xargs -P), concatenated: the same rows as one call.
cp sample.mbox p1.mbox
cp "$M/git-t5100_input_quoted-cr.mbox" p2.mbox
cp "$M/patch-base64_linux-nvdimm-00051.eml" p3.eml
ls p1.mbox p2.mbox p3.eml | xargs -P 3 -I{} sh -c 'mbox2tsv -q -H {} > {}.tsv'
{ mbox2tsv -q </dev/null; cat p1.mbox.tsv p2.mbox.tsv p3.eml.tsv; } >par.tsv
mbox2tsv -q p1.mbox p2.mbox p3.eml >one.tsv
same "xargs -P runs concatenate to the one-call table" one.tsv par.tsv

# --- process tags: every way lists write an RFC ------------------------
# A patch mail per subject: id|subject|type version part total flags.
rfcmail() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: A U Thor <author@example.com>\nSubject: %s\n' "$2"
	printf 'Message-ID: <%s@test>\nDate: Thu, 1 Jan 2020 00:00:00 +0000\n\n' "$1"
	printf 'foo: fix bar\n\nSigned-off-by: A U Thor <author@example.com>\n---\n'
	printf 'diff --git a/foo.c b/foo.c\n--- a/foo.c\n+++ b/foo.c\n@@ -1 +1,2 @@\n int a;\n+int b;\n\n'
}
cat >rfc.cases <<'EOF'
r01|[RFC-PATCH] foo: fix bar|patch 1 1 1 rfc
r02|[PATCH RFC] foo: fix bar|patch 1 1 1 rfc
r03|[RFC v2 PATCH] foo: fix bar|patch 2 1 1 rfc
r04|[RFC PATCH v3 2/5] foo: fix bar|patch 3 2 5 rfc
r05|[PATCH v2 RFC 1/3] foo: fix bar|patch 2 1 3 rfc
r06|[RFC/PATCH] foo: fix bar|patch 1 1 1 rfc
r07|[PATCH/RFC] foo: fix bar|patch 1 1 1 rfc
r08|[RFCv2 PATCH] foo: fix bar|patch 2 1 1 rfc
r09|[RFC_PATCH] foo: fix bar|patch 1 1 1 rfc
r10|[PATCH RFCv2 2/3] foo: fix bar|patch 2 2 3 rfc
r11|[PATCHv2 RFC 4/4] foo: fix bar|patch 2 4 4 rfc
r12|[RFC PATCH] foo: fix bar|patch 1 1 1 rfc
r13|[PATCH-RFC v4] foo: fix bar|patch 4 1 1 rfc
r14|[RFC] foo: fix bar|patch 1 1 1 rfc
r15|[PATCH] RFC: foo: fix bar|patch 1 1 1 rfc
r16|[PATCH] Bluetooth: rfcomm: fix bar|patch 1 1 1 
r17|[PATCH] net: follow RFC 5322 in foo|patch 1 1 1 
r18|[PATCH] rfc822: fix bar|patch 1 1 1 
r19|[PATCH v2] mac80211: handle an RFC 1042 header|patch 2 1 1 
r20|[PATCH rfcomm] foo: fix bar|patch 1 1 1 
r21|[PATCH 0/3] RFC: foo|cover 1 0 3 rfc
EOF
while IFS='|' read -r id subj want; do
	rfcmail "$id" "$subj"
done <rfc.cases >rfc.mbox
run mbox2tsv -q rfc.mbox
is "rfc subjects: one row each" "$(wc -l <rfc.cases)" "$(rows "$T/out")"
awk -F'\t' 'NR > 1 { sub(/@test$/, "", $1); print $1 "\t" $12 " " $13 " " $14 " " $15 " " $16 }' \
	"$T/out" >rfc.got
while IFS='|' read -r id subj want; do
	is "subject $subj: $want" "$want" "$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' rfc.got)"
done <rfc.cases

# --- withdrawn patches --------------------------------------------------
# The sender's own text says a patch is withdrawn or superseded: flag
# withdraw.  Quotes, attributions, signatures, a quoted Outlook
# original, the diff and a patch's commit message do not count; nor do
# questions, conditions, negations, other people and other things.
reply() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: A U Thor <author@example.com>\nSubject: Re: [PATCH] foo: fix bar\n'
	printf 'Message-ID: <%s@test>\nIn-Reply-To: <p@test>\nReferences: <p@test>\n' "$1"
	printf 'Date: Thu, 1 Jan 2020 00:00:00 +0000\n\n%b\n\n' "$2"
}
# patchmail ID MESSAGE NOTES [ADDED-LINE]: a patch; NOTES go below "---".
patchmail() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: A U Thor <author@example.com>\nSubject: [PATCH v2] foo: fix bar\n'
	printf 'Message-ID: <%s@test>\nDate: Thu, 1 Jan 2020 00:00:00 +0000\n\n' "$1"
	printf '%b\n\nSigned-off-by: A U Thor <author@example.com>\n---\n%b\n\n' "$2" "$3"
	printf 'diff --git a/foo.c b/foo.c\n--- a/foo.c\n+++ b/foo.c\n@@ -1 +1,3 @@\n int a;\n+int b;\n'
	printf '+%s\n\n' "${4:-int c;}"
}
# id|expected flags|body (printf %b).  Each phrase family, then controls.
cat >wd.cases <<'EOF'
w-ignore-patch|withdraw|Hi,\n\nplease ignore this patch, I found a bug in it.\n\nThanks,\nA
w-ignore-series|withdraw|Please ignore this series.
w-ignore-one|withdraw|Please ignore this one, it is from the wrong branch.
w-ignore-version|withdraw|Please ignore this version.
w-ignore-mail|withdraw|Please ignore this mail.
w-ignore-bare|withdraw|Please ignore.
w-ignore-wrapped|withdraw|Sorry, my mistake, please\nignore this patch.
w-ignore-request|withdraw|Felix, can you please ignore this patch?
w-ignore-v1|withdraw|Please ignore v1, the v2 I just sent fixes the leak.
w-ignore-caps|withdraw|PLEASE IGNORE THIS PATCH.
w-just-ignore|withdraw|Please just ignore this whole series.
w-you-can-ignore|withdraw|So you can ignore this patch.
w-imperative|withdraw|Ignore this patch, wrong tree.
w-drop|withdraw|Please drop this patch, it is not needed anymore.
w-drop-one|withdraw|please drop this one, I will split it.
w-disregard|withdraw|Please disregard this patch.
w-disregard-bare|withdraw|Please disregard, I messed up the rebase.
w-dont-apply|withdraw|Please don't apply this patch, it has a bug.
w-can-be-dropped|withdraw|This patch can be dropped, the fix is already upstream.
w-self-nak|withdraw|Self-NAK, this breaks the build.
w-self-nack|withdraw|self nack
w-selfnack|withdraw|Self-NACK'd, sorry.
w-nacked-by-myself|withdraw|NACKed by myself, the check is wrong.
w-nak-will-resend|withdraw|NAK, will resend with the fix.
w-nack-ill-resend|withdraw|NACK. I'll resend with the correct subject.
w-will-send-v2|withdraw|Good catch, will send v2.
w-will-send-a-v3|withdraw|Thanks for the review, I will send a V3 tomorrow.
w-ill-send-v2|withdraw|I'll send v2 with the fix.
w-ill-send-v2-utf8|withdraw|I’ll send v2.
w-i-will-send-v2|withdraw|I will send v2.
w-will-send-new-version|withdraw|Okay, I will send a new version.
w-will-send-updated|withdraw|I'll send an updated patch.
w-will-send-out|withdraw|We will send out the next version soon.
w-going-to-send|withdraw|I'm going to send a v2 completely removing it.
w-let-me-send|withdraw|Let me send v3.
w-will-resend|withdraw|Got the subject wrong, will resend...
w-respin|withdraw|Whoops, I will respin.
w-sent-v2|withdraw|I have sent v2 to fix it.
w-v2-is-sent|withdraw|v2 is sent. Thank you
w-superseded-by|withdraw|This one is superseded by the series at [1].
w-this-is-superseded|withdraw|This is superseded by v2.
w-patchwork|withdraw|Patch set to Superseded.
w-supersedes|withdraw|This series supersedes the one I sent last week.
w-scratch|withdraw|Scratch this, I will redo it.
w-sent-by-mistake|withdraw|Sorry, sent by mistake.
w-sent-in-error|withdraw|This was sent in error.
w-send-this-by-mistake|withdraw|Sorry I send this by mistake.
w-wrong-version|withdraw|Sorry for sending the wrong version.
w-withdraw|withdraw|I withdraw this patch.
w-i-withdraw|withdraw|I withdraw.
w-withdrawing|withdraw|Therefore I am withdrawing this patch.
c-quoted||On Mon, 1 Jan 2020 at 10:00, B <b@example.com> wrote:\n> Please ignore this patch, I will send v2.\n\nOK, thanks.
c-quoted-nested||> > please ignore this patch\n> Self-NAK.\n\nWhat about the other one?
c-attribution||On Mon, 1 Jan 2020, Please Ignore This Patch <x@example.com> wrote:\n> foo\n\nThanks.
c-ignore-warning||Please ignore the warning, it is a false positive.
c-ignore-noise||Sorry, my test setup was broken, please ignore the noise.
c-ignore-hunk||You can ignore the first hunk.
c-ignore-comment||Please ignore my previous comment.
c-version-check||You can ignore the version check here.
c-ignore-it||Sometimes the bisection is wrong. Please ignore it.
c-nacked-by-other||NACKed by Bob, see his reply.
c-should-i||Should I send v2?
c-will-send-question||Will send v2?
c-please-send||Please send v2 with the fix.
c-will-you||Will you send a v2?
c-can-you-resend||Can you resend the series?
c-third-person||Bryan will send v2 next week.
c-firmware||The firmware will send another indication.
c-conditional||If you agree, I'll send a v2.
c-otherwise||No other issues, otherwise I'll submit a V2.
c-negation||I didn't mean to ignore this patch.
c-dont-ignore||Please don't ignore this patch.
c-maybe||Maybe this patch should be dropped.
c-follow-up||I will send a follow-up patch for the docs.
c-another-patch||I will submit another patch after this series.
c-other-series||I am going to send a new version of [1] later.
c-resending-itself||I'm resending the whole set with the Cc fixed.
c-withdraw-objection||I withdraw my objection.
c-drop-line||The comment is useless, just drop this line.
c-drop-changelog||v2:\n- drop the patch that removed the flag
c-by-mistake-code||The driver uses the upper bits by mistake.
c-superseded-code||Most of this content is superseded by the website.
c-rfcomm||Bluetooth: rfcomm: ignore this event, and send v2 frames.
c-signature||Thanks.\n-- \nPlease ignore this patch.
c-signature-dashes||Thanks.\n--\nwill send v2
c-outlook||OK.\n\n-----Original Message-----\nFrom: B\nSent: Monday\n\nPlease ignore this patch.
c-outlook-header||OK.\n\nFrom: B <b@example.com>\nSent: Monday, 1 January 2020\nPlease ignore this patch.
EOF
while IFS='|' read -r id want body; do
	reply "$id" "$body"
done <wd.cases >wd.mbox
# Patch mails: only the notes below "---" are the sender's words to the list.
{
	patchmail pw-notes 'foo: fix bar\n\nFix it.' 'v2: fix the leak\n\nPlease ignore the previous version, it was sent from the wrong branch.'
	patchmail pc-message 'foo: remove the old helper\n\nThis is superseded by the generic helper; I will send v2 of the\nconversion later.' 'v2: rebased'
	patchmail pc-diff 'foo: fix bar\n\nFix it.' 'v2: rebased' '/* please ignore this patch, will send v2 */'
	# A diffstat is no prose, whatever its file names say.
	patchmail pc-diffstat 'foo: fix bar\n\nFix it.' ' please/ignore/this/patch.c | 2 +-\n 1 file changed, 1 insertion(+)'
	# Robots withdraw nothing.
	reply c-bot 'Please ignore this patch.' | sed 's/^From: A U Thor <author@example.com>$/From: kernel test robot <lkp@intel.com>/'
	# Past the first 4 KB of own text nothing is read.
	reply c-late "$(awk 'BEGIN { for (i = 0; i < 80; i++) printf "This line of own text says nothing much at all, %d.\\n", i }')Please ignore this patch."
} >>wd.mbox
printf 'pw-notes|withdraw\npc-message|\npc-diff|\npc-diffstat|\nc-bot|\nc-late|\n' >>wd.cases
run mbox2tsv -q wd.mbox
is "withdraw cases: one row each" "$(wc -l <wd.cases)" "$(rows "$T/out")"
cp "$T/out" wd.tsv
# The flags but those of what a mail is meant for (ping, series, nosub: below).
awk -F'\t' 'NR > 1 { sub(/@test$/, "", $1); n = split($16, f, ","); o = ""
	for (i = 1; i <= n; i++) if (f[i] !~ /^(ping|series|nosub)$/) o = o (o == "" ? "" : ",") f[i]
	print $1 "\t" o }' wd.tsv >wd.got
while IFS='|' read -r id want body; do
	is "withdraw: $id" "$want" "$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' wd.got)"
done <wd.cases

# Real mails (tests/data/mail/verdicts, cut from the shared archives):
# type version part total flags.
V=$M/verdicts
cat >real.want <<'EOF'
withdraw_sent-by-mistake_jailhouse-dev.eml|reply 1 1 4 rfc,withdraw,folded,dmarc,series
withdraw_please-ignore-this-patch_linux-sparse.eml|reply 1 2 2 withdraw,folded
withdraw_nack-will-resend_linux-wireless.eml|reply 1   withdraw,folded
withdraw_patchwork-superseded_linux-wireless.eml|reply 1   withdraw
withdraw_patch-notes-ignore-v2_linux-wireless.eml|patch 3 1 1 withdraw
withdraw-control-quoted-will-send-v2_linux-sparse.eml|reply 1 1 2 folded
withdraw-control-ignore-the-noise_linux-erofs.eml|reply 1 4 5 folded
withdraw-control-reviewer-please-resend_linux-wireless.eml|reply 1 2 2 
withdraw-control-question-posting-v2_linux-erofs.eml|reply 1   
rfc_patch-rfcv2-part_linux-wireless.eml|patch 2 1 3 rfc
rfc_rfcv3-patch_linux-erofs.eml|patch 3 1 1 rfc
EOF
while IFS='|' read -r f want; do
	mbox2tsv -q "$V/$f" >real.tsv
	is "real mail $f" "$want" "$(awk -F'\t' 'NR == 2 { print $12 " " $13 " " $14 " " $15 " " $16 }' real.tsv)"
done <real.want

# A nameless application/octet-stream part (a mailer's "x-default=true"
# body) holding a diff is read: a real dm-devel patch so sent is a patch.
mbox2tsv -q "$M/patch-octet-stream-nameless_dm-devel.eml" >oct.tsv
is "octet-stream: a nameless part holding a diff is the patch" "patch multipathd/main.c" \
	"$(awk -F'\t' 'NR == 2 { print $12 }' oct.tsv) $(awk -F'\t' 'NR == 2 { print $19 }' oct.tsv | grep -o 'a/multipathd/main.c' | head -1 | sed 's|^a/||')"
# octmail ID BODY-PRINTF: a mail whose only part is nameless octet-stream.
octmail() {
	printf 'From x@y Thu Jan  1 00:00:00 2020\nFrom: A <a@b.c>\nSubject: [PATCH] x: y\n'
	printf 'Message-ID: <%s@test>\nDate: Thu, 1 Jan 2020 00:00:00 +0000\n' "$1"
	printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="B"\n\n--B\n'
	printf 'Content-Type: application/octet-stream; x-default=true\n\n'
	printf "$2"
	printf '\n--B--\n\n'
}
octmail oct-text 'Just some words, no diff.\n' >oct2.mbox
mbox2tsv -q oct2.mbox >oct2.tsv
is "control: a nameless octet-stream part without a diff is not read (no text, no patch)" \
	"oct-text@test other ||" \
	"$(awk -F'\t' 'NR > 1 { print $1 " " $12 " " $17 "|" $21 "|" $19 }' oct2.tsv)"

done_testing
