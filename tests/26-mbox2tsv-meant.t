#!/bin/sh
# mbox2tsv: what a mail is meant for, in its sender's own words: the said
# column, the ping, series and nosub flags, and whose mail a reply
# carrying another's patch is; on hand-made mails, each with controls
# that must not flip, and on real ones (tests/data/mail/verdicts).
. "$(dirname "$0")/lib.sh"

V=$DATA/mail/verdicts
cd "$T" || exit 1

# hdr ID SUBJECT [FROM] [PARENT]: a mail's header and the blank line.
hdr() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: %s\nSubject: %s\nMessage-ID: <%s@test>\n' "${3:-Bob Reviewer <bob@example.com>}" "$2" "$1"
	[ -n "${4:-}" ] && printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$4" "$4"
	printf 'Date: Thu, 1 Jan 2020 00:00:00 +0000\n\n'
}
# reply ID BODY (printf %b): a reply without a diff.
reply() {
	hdr "$1" 'Re: [PATCH] foo: fix bar' '' p@test
	printf '%b\n\n' "$2"
}
# other ID BODY: a mail naming no parent, without a diff.
other() {
	hdr "$1" 'foo is broken'
	printf '%b\n\n' "$2"
}
# diff ADDED [REMOVED] (printf %b; "\n+" starts another added line): a
# diff of foo.c, its hunk header counting them.
diff() {
	add=$(printf '+%b' "$1")
	na=$(printf '%s\n' "$add" | wc -l | tr -d ' ')
	printf 'diff --git a/foo.c b/foo.c\n--- a/foo.c\n+++ b/foo.c\n'
	if [ -n "${2:-}" ]; then
		printf '@@ -1,2 +1,%d @@\n int a;\n-%b\n%s\n\n' $((na + 1)) "$2" "$add"
	else
		printf '@@ -1 +1,%d @@\n int a;\n%s\n\n' $((na + 1)) "$add"
	fi
}
# patch ID SUBJECT MESSAGE NOTES [ADDED [REMOVED]]: a patch; NOTES go below "---".
patch() {
	hdr "$1" "$2" 'A U Thor <author@example.com>'
	printf '%b\n\nSigned-off-by: A U Thor <author@example.com>\n---\n%b\n\n' "$3" "$4"
	diff "${5:-int b;}" "${6:-}"
}
# meant FILE: "id flags" of each row, its flags only those of what it is
# meant for (ping, series, nosub; withdraw too, which ping yields to).
meant() {
	awk -F'\t' 'NR > 1 { sub(/@test$/, "", $1); n = split($16, f, ","); o = ""
		for (i = 1; i <= n; i++) if (f[i] ~ /^(ping|series|nosub|withdraw)$/) o = o (o == "" ? "" : ",") f[i]
		print $1 "|" o }' "$1"
}
# check NAME FILE CASES: each case "id|flags|..." against meant FILE.
check() {
	meant "$2" >"$2.got"
	while IFS='|' read -r id want rest; do
		is "$1: $id" "$want" "$(awk -F'|' -v id="$id" '$1 == id { print $2 }' "$2.got")"
	done <"$3"
}
# said FILE ID: the said field of a row, as written (escaped).
said() {
	awk -F'\t' -v id="$2@test" '$1 == id { print $21 }' "$1"
}

# --- said -----------------------------------------------------------------
# id|said as written|body
cat >said.cases <<'EOF'
s-plain|Hi, This looks good to me. Thanks, Bob|Hi,\n\nThis looks good to me.\n\nThanks,\nBob
s-quotes|I agree. Yes.|On Mon, 1 Jan 2020, A U Thor wrote:\n> foo\n> bar\n\nI agree.\n  > baz\nYes.
s-split-attribution|OK.|On Mon, 1 Jan 2020 10:00:00 +0100,\nA U Thor <author@example.com> wrote:\n> foo\nOK.
s-german|Gut.|A U Thor schrieb:\n> foo\nGut.
s-diffstat|Nice.| foo.c | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)\nNice.
s-signature|Thanks.|Thanks.\n-- \nBob\nhttps://bob.example.com
s-outlook|OK.|OK.\n\n-----Original Message-----\nFrom: A\nSent: Monday\n\nPlease ignore this patch.
s-outlook-from|OK.|OK.\n\nFrom: A U Thor <author@example.com>\nSent: Monday, 1 January 2020\nold text
s-zimbra|Fine by me.|\n----- Original Message -----\n> From: A U Thor\n> Please ignore this.\n\nFine by me.
s-zimbra-outlook|OK.|OK.\n\n----- Original Message -----\nFrom: A\nPlease ignore this patch.
s-blanks|a b c d|a\t\tb   c\n\n\n   d  
s-backslash|C:\\\\x and a\\\\tb|C:\\\\x and a\\\\tb
s-none||On Mon, 1 Jan 2020, A U Thor wrote:\n> foo
EOF
while IFS='|' read -r id want body; do
	reply "$id" "$body"
done <said.cases >said.mbox
{
	# A patch, a robot and a cover letter.
	patch s-patch '[PATCH] foo: fix bar' 'foo: fix bar' 'v2: the notes speak.'
	reply s-bot 'Your patch fails to build.' |
	    sed 's/^From: Bob Reviewer <bob@example.com>$/From: kernel test robot <lkp@intel.com>/'
	hdr s-cover '[PATCH 0/2] foo: two fixes' 'A U Thor <author@example.com>'
	printf 'Two fixes for foo.\n\nA U Thor (2):\n  foo: fix bar\n\n foo.c | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)\n\n'
	# Long: words of 5 bytes and a blank, the cut at the last blank before 200 bytes.
	reply s-long "$(awk 'BEGIN { for (i = 0; i < 60; i++) printf "w%03d\\n", i }')"
	# One word of 301 bytes: the cut at the start of a character, before byte 200.
	reply s-one-word "a$(awk 'BEGIN { for (i = 0; i < 150; i++) printf "\303\251" }')"
	# Bytes that are no UTF-8 in a text part that says it is.
	{ hdr s-bad 'Re: [PATCH] foo: fix bar' '' p@test | sed '$d'
	  printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n'
	  printf 'caf\351 \377 ok\n\n'; }
} >>said.mbox
printf 's-patch|\ns-bot|\ns-cover|Two fixes for foo. A U Thor (2): foo: fix bar\n' >>said.cases
run mbox2tsv said.mbox
is "said: exit 0" 0 "$rc"
cp "$T/out" said.tsv
is "said: before hashes, parts, src, aliases and the sender, the last columns" "said hashes parts src aliases sender_name sender_addr" "$(head -1 said.tsv | tr '\t' '\n' | tail -7 | tr '\n' ' ' | sed 's/ $//')"
while IFS='|' read -r id want body; do
	is "said: $id" "$want" "$(said said.tsv "$id")"
done <said.cases
full=$(awk 'BEGIN { for (i = 0; i < 60; i++) printf "w%03d ", i }')
long=$(said said.tsv s-long)
is "said: at most 200 bytes, cut at the last blank (40 words of 4 letters)" 199 "${#long}"
case "$full" in "$long "*) ok 0 "said: the cut keeps whole words from the start" ;;
*) ok 1 "said: the cut keeps whole words from the start" ;; esac
one=$(said said.tsv s-one-word)
is "said: one long word cut at a character's start (199 bytes)" 199 "$(printf %s "$one" | wc -c | tr -d ' ')"
printf %s "$one" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1
ok $? "said: a word cut inside stays valid UTF-8"
bad=$(said said.tsv s-bad)
printf %s "$bad" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1
ok $? "said: bytes that are no UTF-8 come out valid ($bad)"
case $bad in caf*ok) ok 0 "said: the words around them kept" ;; *) ok 1 "said: the words around them kept" ;; esac
is "said: no tab and no line break in any field" 0 "$(awk -F'\t' 'NF != 27' said.tsv | wc -l | tr -d ' ')"

# --- hashes -----------------------------------------------------------------
# The commit hashes a reply's own words name, all of them, where said
# keeps 200 bytes: "Fixed in 5e1a0c3d9" deep in a long answer.
# id|hashes as written|body
long_words=$(awk 'BEGIN { for (i = 0; i < 60; i++) printf "w%03d ", i }')
cat >hashes.cases <<EOF
h-deep|5e1a0c3d9|$long_words\n\nI pushed the cleanup as 5e1a0c3d9, thanks.
h-two|5e1a0c3d9 abcdef1234567890|Fixed in 5E1A0C3D9 (and abcdef1234567890); see 5e1a0c3d9.
h-quoted||On Mon, 1 Jan 2020, A U Thor wrote:\n> fixed in 5e1a0c3d9\nNo.
h-not||A UUID 83685f06-558c-5307-6087-306ce0f01baf, an address 5e1a0c3d9@x.org, deadbeefcafe, 20201208, 5e1a0c.
EOF
# column_cases NAME COLUMN PATCH-ID SUBJECT MESSAGE NOTES: NAME.cases as
# replies, and a patch whose message and notes name them too (the
# column empty: a patch's own words are no reply's); each row's COLUMN.
column_cases() {
	while IFS='|' read -r id want body; do
		reply "$id" "$body"
	done <"$1.cases" >"$1.mbox"
	patch "$3" "$4" "$5" "$6" >>"$1.mbox"
	printf '%s|\n' "$3" >>"$1.cases"
	run mbox2tsv "$1.mbox"
	is "$1: exit 0" 0 "$rc"
	while IFS='|' read -r id want body; do
		is "$1: $id" "$want" "$(awk -F'\t' -v id="$id@test" -v c="$2" '$1 == id { print $c }' "$T/out")"
	done <"$1.cases"
}
column_cases hashes 22 h-patch '[PATCH] foo: fix bar' 'foo: fix 5e1a0c3d9 again' 'v2: after 5e1a0c3d9.'

# --- parts ------------------------------------------------------------------
# The parts of a series a reply's own words name, all of them: "In patch
# 10/14 there is ..." deep in a review of part 8.  Controls: dates,
# paths, versions, fractions, a part above the total, quoted lines.
# id|parts as written|body
cat >parts.cases <<EOF
n-deep|10/14|$long_words\n\nIn patch 10/14 there is have_rule_cache.
n-forms|3/5 2 7 4 1/2|See [PATCH 3/5], patch #2, PATCH 7 and patches 4 and 6; 3/5 again. And 1/2.
n-end|2/3|Squash it into 2/3.
n-not||Dates 2021/10/14, 10/14/2021 and 14/10; paths a/3/4 and 3/4/b; 1/2.5, v1/2, 3/2, 1/1, 1000/2000 and patch v2 or patch 2a.
n-quoted||On Mon, 1 Jan 2020, A U Thor wrote:\n> in patch 2/3 we\nNo.
EOF
column_cases parts 23 n-patch '[PATCH 2/3] foo: fix bar' 'foo: fix bar in patch 2/3' 'v2: split from 1/3.'

# --- ping -------------------------------------------------------------------
# id|flags|body: replies, then controls that must not be pings.
cat >ping.cases <<'EOF'
p-ping|ping|Ping.
p-gentle|ping|Hi Kalle,\n\nGentle ping on this one.\n\nThanks,\nBob
p-friendly|ping|A friendly reminder.
p-hi-ping|ping|Hi Cyril ping.
p-any|ping|Any comments?
p-any-feedback|ping|Any feedback would be appreciated.
p-anything-asked|ping|Do you have any objections to v5?
p-someone|ping|Could someone please review this?
p-take-a-look|ping|Would anyone have a look?
p-kindly|ping|Kindly review.
p-status|ping|What's the status of this patch?
p-pluscc|ping|+Cc Petr
p-ccing|ping|Cc'ing the maintainers.
p-adding|ping|Adding Petr to Cc.
p-forgot-cc|ping|Sorry, forgot to Cc the list.
p-resending|ping|Resending with the list in Cc.
p-bump|ping|Bump.
p-quotes-only|ping|On Mon, 1 Jan 2020, A U Thor wrote:\n> foo: fix bar\n> more
p-quotes-signature|ping|> foo: fix bar\n\n-- \nBob
c-long||Ping. The driver still fails on my board after the update, and the log below shows that the firmware loads but the first scan times out, which the old version did not do. I tried two kernels and three firmware files, with the same result every time, so I am fairly sure it is not my setup.
c-hi-ping-name||Hi Ping,\n\nReviewed-by: Bob Reviewer <bob@example.com>
c-name-list||Hi Li, Ping, Cyril,\n\nThanks for the fix, merged.
c-ping-tool||ping 10.0.0.1 fails here.
c-busybox||Tested with busybox ping.
c-forgot-tag||Sorry, I forgot to add your Reviewed-by tag.
c-open-to||I'm open to any concerns about it.
c-if-any||Please tell me if you have any objection.
c-have-a-look||Can you have a look if it covers case 2?
c-bump-fw||Applied, thanks.\n\niwlwifi: bump FW API to 64
c-withdraw|withdraw|Ping. Please ignore this patch, I will send v2.
c-empty||
c-thanks||Thanks, applied.
EOF
while IFS='|' read -r id want body; do
	reply "$id" "$body"
done <ping.cases >ping.mbox
{
	other c-other-quotes '> foo: fix bar'
	patch c-patch-ping '[PATCH v2] foo: fix bar' 'foo: fix bar' 'Ping.'
	reply c-bot 'Ping.' |
	    sed 's/^From: Bob Reviewer <bob@example.com>$/From: kernel test robot <lkp@intel.com>/'
	hdr c-cover-ping '[PATCH 0/2] foo: two fixes' 'A U Thor <author@example.com>'
	printf 'Ping.\n\n'
} >>ping.mbox
printf 'c-other-quotes|\nc-patch-ping|\nc-bot|\nc-cover-ping|\n' >>ping.cases
run mbox2tsv ping.mbox
is "ping: exit 0" 0 "$rc"
cp "$T/out" ping.tsv
check ping ping.tsv ping.cases
is "ping: an empty reply says nothing" "" "$(said ping.tsv c-empty)"

# --- series -----------------------------------------------------------------
cat >series.cases <<'EOF'
r-series|series|For the series: Acked-by: Bob Reviewer <bob@example.com>
r-patchset|series|Patchset pushed, thanks.
r-patch-set|series|The patch set looks good.
r-these|series|These patches look good.
r-both|series|Both patches applied.
r-all-three|series|All 3 patches are fine.
r-all-of-them|series|Acked for all of them.
r-whole-set|series|The whole set looks fine.
r-for-all|series|Reviewed-by: Bob Reviewer <bob@example.com> for all.
r-range|series|For 1-3:\nReviewed-by: Bob Reviewer <bob@example.com>
r-range-spaced|series|Applied 1 - 3, thanks.
r-range-hash|series|Patches #1-#3 applied.
r-range-fraction|series|1/3-3/3 look good to me.
r-to|series|Patches 1 to 6 are fine.
r-up-to|series|Applied up to patch 6.
r-and|series|Patches 2 and 3 need work.
r-neither|series|Note: neither patches apply to the current tree.
r-remaining|series|The remaining patches look fine.
r-rest|series|The rest of the patches need a rebase.
r-all-files|series|This should be static (in all files).
r-every-file|series|Please use SAFE_OPEN() in every file.
rc-all-files||I grepped all files for it.
rc-this-file||Same in this file, below.
rc-patchwork|withdraw|Patch set to Superseded.
rc-kernel||It fails on the 5.4.y kernel series.
rc-date||Seen on 2021-03-04 first.
rc-days||I will look at it in 2-3 days.
rc-percent||It is 1-2% slower.
rc-versions||Broken between 4.19-5.4 kernels.
rc-chain||See 1-2-3 above.
rc-all-failed||I tested three boards, all of them failed.
rc-substring||The timeseries data and the patches_dir option.
rc-this-patch||This patch looks good.
rc-one||One of them is wrong.
EOF
while IFS='|' read -r id want body; do
	reply "$id" "$body"
done <series.cases >series.mbox
patch rc-patch-notes '[PATCH v2 2/3] foo: fix bar' 'foo: fix bar' 'v2: rebased the whole series.' >>series.mbox
printf 'rc-patch-notes|\n' >>series.cases
run mbox2tsv series.mbox
is "series: exit 0" 0 "$rc"
cp "$T/out" series.tsv
check series series.tsv series.cases

# --- nosub ------------------------------------------------------------------
# id|flags|subject: patches, the marker among the bracket tags only.
cat >tags.cases <<'EOF'
n-wip|nosub|[PATCH WIP] foo: fix bar
n-dnm|nosub|[DNM] foo: fix bar
n-do-not-merge|nosub|[PATCH 2/2] [DO NOT MERGE] foo: fix bar
n-not-for-merge|nosub|[NOT FOR MERGE] foo: fix bar
n-test-patch|nosub|[TEST PATCH] foo: fix bar
n-patch-test|nosub|[PATCH TEST] foo: fix bar
n-debug|nosub|[DEBUG] foo: fix bar
n-hack|nosub|[PATCH HACK] foo: fix bar
n-ref|nosub|[REF] foo: fix bar
n-heads-up|nosub|[HEADS UP] foo: fix bar
n-heads-up-dash|nosub|[HEADS-UP] foo: fix bar
n-underscores|nosub|[RFC][DO_NOT_MERGE][PATCH v2 1/1] foo: fix bar
nc-test-title||[PATCH] test: add foo
nc-add-test||[PATCH] Add a test for foo
nc-debug-in-title||[PATCH] foo: accept optional "[debug]" in result string
nc-wip-in-title||[PATCH] foo: WIP flag for bar
nc-net-next||[PATCH net-next v2] foo: fix bar
nc-testing-list||[Automated-testing] [PATCH] foo: fix bar
nc-debugfs||[PATCH debugfs] foo: fix bar
EOF
while IFS='|' read -r id want subj; do
	patch "$id" "$subj" 'foo: fix bar' 'v2: rebased'
done <tags.cases >nosub.mbox
# id|flags|message|notes: the words of the message or the notes.
cat >prose.cases <<'EOF'
n-msg-banner|nosub|*** DO NOT MERGE THIS PATCH ***\n\nfoo: fix bar|v2: rebased
n-msg-testing-only|nosub|Testing only|v2: rebased
n-notes-not-for-merging|nosub|foo: fix bar|Not for merging, only for the CI.
n-notes-test-patch|nosub|foo: fix bar|This is a test patch.
n-notes-please-ignore|withdraw,nosub|foo: fix bar|Please ignore this.
n-notes-not-meant|nosub|foo: fix bar|This is not meant to be merged.
n-notes-no-need|nosub|foo: fix bar|No need to merge this.
n-notes-for-testing|nosub|foo: fix bar|For testing only.
n-notes-just-a-test|nosub|foo: fix bar|Just a test.
nc-msg-vma||foo: do not merge adjacent VMAs when the flags differ|v2: rebased
nc-notes-not-test||foo: fix bar|This is not a test patch.
nc-notes-warning||foo: fix bar|Please ignore the checkpatch warning.
nc-msg-memcontrol||foo: move the helper\n\nIt does not belong in a memcontrol test patch.|v2: rebased
nc-notes-if||foo: fix bar|It works even if I don't apply this patch.
nc-msg-debug-only||foo: an assert() helper for DEBUG only|v2: rebased
EOF
while IFS='|' read -r id want msg notes; do
	patch "$id" '[PATCH v2] foo: fix bar' "$msg" "$notes"
done <prose.cases >>nosub.mbox
# Diffs of debug prints: a bug report's, not signed off.  prints ID ADDED [REMOVED] [SIGNED].
prints() {
	hdr "$1" 'foo hangs on read' 'A U Thor <author@example.com>'
	printf 'The printk()s below show where it hangs.\n\n%s---\n' "${4:+Signed-off-by: A U Thor <author@example.com>
}"
	diff "$2" "${3:-}"
}
cat >prints.cases <<'EOF'
d-printk|nosub|\tprintk("foo %d\\n", a);\n+\tpr_info("bar %d\\n",\n+\t\tb);\n+\n+\tdev_dbg(dev, "baz\\n");\n+\tdump_stack();
d-shell|nosub|echo "got here" >&2\n+tst_res TINFO "there too"\n+\ttst_res(TINFO, "and %d", c);
dc-signed||\tprintk("foo %d\\n", a);||signed
dc-removed||\tprintk("foo %d\\n", a);|int old;
dc-code||\tprintk("foo %d\\n", a);\n+\ta = 0;
dc-not-a-call||tst_res_flags
dc-condition||\tif (a) printk("foo\\n");
EOF
while IFS='|' read -r id want added removed signed; do
	prints "$id" "$added" "$removed" "$signed"
done <prints.cases >>nosub.mbox
# A new file of prints only is no debugging of what is there.
{ hdr dc-new-file 'foo hangs on read' 'A U Thor <author@example.com>'
  printf 'See below.\n\n---\ndiff --git a/dbg.c b/dbg.c\nnew file mode 100644\n--- /dev/null\n+++ b/dbg.c\n@@ -0,0 +1 @@\n+printf("x\\n");\n\n'; } >>nosub.mbox
printf 'dc-new-file|\n' >>prints.cases
# Cover letters count; a reply without a patch does not.
{
	hdr n-cover '[PATCH 0/2] foo: two fixes' 'A U Thor <author@example.com>'
	printf 'This series is not meant to be merged, it shows an approach.\n\n'
	hdr n-cover-tag '[PATCH WIP 0/2] foo: two fixes' 'A U Thor <author@example.com>'
	printf 'Two fixes.\n\n'
	reply nc-reply 'Please do not merge this yet.'
	hdr nc-reply-tag 'Re: [DNM] foo: fix bar' '' p@test
	printf 'Looks fine.\n\n'
} >>nosub.mbox
printf 'n-cover|series,nosub\nn-cover-tag|nosub\nnc-reply|\nnc-reply-tag|\n' >>prose.cases
run mbox2tsv nosub.mbox
is "nosub: exit 0" 0 "$rc"
cp "$T/out" nosub.tsv
check "nosub, tags" nosub.tsv tags.cases
check "nosub, words" nosub.tsv prose.cases
check "nosub, debug prints" nosub.tsv prints.cases

# --- whose mail a reply carrying a patch is --------------------------------
# inner: a format-patch mail of another author.
inner() {
	printf 'From: Carol Coder <carol@example.com>\nSubject: [PATCH] foo: fix bar\n'
	printf 'Message-ID: <inner-%s@test>\nDate: Wed, 31 Dec 2019 00:00:00 +0000\n\n' "$1"
	printf 'foo: fix bar\n\nSigned-off-by: Carol Coder <carol@example.com>\n---\n'
	diff 'int b;'
}
# attached ID SUBJECT [PARENT]: a mail carrying inner as message/rfc822.
attached() {
	hdr "$1" "$2" '' "${3:-}" | sed '$d'
	printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="BB"\n\n--BB\n'
	printf 'Content-Type: text/plain\n\nCarol'"'"'s fix, as she sent it to me.\n\n--BB\n'
	printf 'Content-Type: message/rfc822\n\n'
	inner "$1"
	printf '\n--BB--\n\n'
}
# inbody ID SUBJECT [PARENT]: a mail carrying a patch with an in-body From.
inbody() {
	hdr "$1" "$2" '' "${3:-}"
	printf 'From: Carol Coder <carol@example.com>\n\nfoo: fix bar\n\n'
	printf 'Signed-off-by: Carol Coder <carol@example.com>\n---\n'
	diff 'int b;'
}
{
	attached a-reply-attached 'Re: [PATCH] foo: fix bar' p@test
	inbody a-reply-inbody 'Re: [PATCH] foo: fix bar' p@test
	attached ac-top-attached '[PATCH] foo: fix bar'
	inbody ac-top-inbody '[PATCH] foo: fix bar'
	inbody ac-series-inbody '[PATCH 2/3] foo: fix bar' cover@test
	inbody ac-re-no-parent 'Re: [PATCH] foo: fix bar'
} >author.mbox
cat >author.cases <<'EOF'
a-reply-attached|bob@example.com attached
a-reply-inbody|bob@example.com inbody-from
ac-top-attached|carol@example.com attached
ac-top-inbody|carol@example.com inbody-from
ac-series-inbody|carol@example.com inbody-from
ac-re-no-parent|carol@example.com inbody-from
EOF
run mbox2tsv author.mbox
is "author: exit 0" 0 "$rc"
cp "$T/out" author.tsv
while IFS='|' read -r id want; do
	is "author: $id" "$want" \
	    "$(awk -F'\t' -v id="$id@test" '$1 == id { print $4, $16 }' author.tsv)"
done <author.cases
is "author: the reply's name too" "Bob Reviewer" \
    "$(awk -F'\t' '$1 == "a-reply-inbody@test" { print $3 }' author.tsv)"
is "author: the patch is still read (its diff)" "+int b;" \
    "$(tsvfield author.tsv diff 1 | grep '^+int')"
# Who sent another's patch: sender_name and sender_addr, the outer From;
# empty for his own reply carrying it and where he is its author.
{
	cat author.mbox
	hdr own-inbody '[PATCH] foo: fix bar' 'Carol Coder <CAROL@example.com>'
	printf 'From: Carol Coder <carol@example.com>\n\nfoo: fix bar\n\n---\n'
	diff 'int b;'
} >sender.mbox
cat >sender.cases <<'EOF'
a-reply-attached|bob@example.com|
a-reply-inbody|bob@example.com|
ac-top-attached|carol@example.com|Bob Reviewer bob@example.com
ac-top-inbody|carol@example.com|Bob Reviewer bob@example.com
ac-series-inbody|carol@example.com|Bob Reviewer bob@example.com
own-inbody|carol@example.com|
EOF
run mbox2tsv sender.mbox
cp "$T/out" sender.tsv
while IFS='|' read -r id from want; do
	is "sender: $id" "$from|$want" "$(awk -F'\t' -v id="$id@test" '
	    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $1 == id { s = $c["sender_name"] " " $c["sender_addr"]; sub(/^ $/, "", s); print $4 "|" s }' sender.tsv)"
done <sender.cases

# --- real mails ---------------------------------------------------------------
# file|from_addr type version part total flags|said
cat >real.want <<'EOF'
ping_gentle-ping_linux-wireless.eml|festevam@gmail.com reply 1   ping|Hi Kalle, Gentle ping on this one.
ping_only-quotes_linux-wireless.eml|andy.shevchenko@gmail.com reply 1 1 2 ping|
ping-control_long-mail_linux-wireless.eml|alvin@pqrs.dk reply 1 1 2 series|Hello, <snip> This is a gentle ping to see if these two patches got lost. I was told on another mailing list recently that mail sent from my work address is finding its way into peoples' junk folders.
series_for-the-series_linux-wireless.eml|lorenzo.bianconi@redhat.com reply 1 1 3 series|For the series: Tested-by Lorenzo Bianconi <lorenzo.bianconi@redhat.com>
said_zimbra-original-message_ltp.eml|jstancek@redhat.com reply 1   withdraw|Small benchmark shows that smaller sleep can complete faster. I'll send v2.
said_split-attribution_linux-wireless.eml|tiwai@suse.de reply    |OK, I'll do it for my own, but really I hoped that someone would have reacted on the bugzilla report before the official patch submission. So far no one from the upstream devs showed interest in the
nosub_wip-tag_linux-erofs.eml|hsiangkao@aol.com patch 4 10 12 dmarc,nosub|
nosub_not-meant-to-be-merged_linux-sparse.eml|luc.vanoostenryck@gmail.com cover 1 0 2 rfc,series,nosub|This series extend the current CSE by using the lowest common dominator instead of the more limiting 'common single parent'. It allows significantly more common expressions to be eliminated. However,
nosub_testing-only_ltp.eml|chrubis@suse.cz patch 1 1 1 inbody-from,nosub|
nosub_debug-printk_jailhouse-dev.eml|jan.kiszka@siemens.com reply    nosub|
nosub-control_debug-in-title_ltp.eml|vincent.chen@sifive.com patch 1 1 1 folded,dmarc|
nosub-control_signed-off-prints_ltp.eml|xzhou@redhat.com patch 1 1 1 |
author_reply-attached-patch_ltp.eml|xuyang2018.jy@fujitsu.com patch 1 1 1 folded,attached|
author-control_series-inbody-from_linux-wireless.eml|davis@mosenkovs.lv patch 1 126 188 stable,inbody-from|
author-control_toplevel-inbody-from_linux-wireless.eml|jing.yangyang@zte.com.cn patch 1 1 1 next,inbody-from|
bot_github-pull-request-opened_alsa-devel.eml|github@alsa-project.org bot    folded|
applied_applied-notice-patchwork-hint_alsa-devel.eml|broonie@kernel.org reply    folded|
EOF
while IFS='|' read -r f want wsaid; do
	mbox2tsv -q "$V/$f" >real.tsv
	is "real mail $f" "$want" \
	    "$(awk -F'\t' 'NR == 2 { print $4 " " $12 " " $13 " " $14 " " $15 " " $16 }' real.tsv)"
	is "real mail $f: said" "$wsaid" "$(awk -F'\t' 'NR == 2 { print $21 }' real.tsv)"
done <real.want
# --- no posting, and forges ------------------------------------------------
# A patch without a [PATCH] tag that its sender marked for patchwork to
# pass by (a maintainer's notice that he applied it, the patch below):
# a reply, or another mail when it names no parent; a [PATCH] so marked
# is still a patch, and an unmarked one too.  A forge relaying its
# events under its own name is a bot; a person writing from an address
# named after one is not.
# np ID SUBJECT HINT [PARENT]
np() {
	hdr "$1" "$2" 'Mark Maintainer <mark@example.com>' "${4:-}" | sed '$d'
	[ -n "$3" ] && printf 'X-Patchwork-Hint: %s\n' "$3"
	printf '\nThe patch\n\n   foo: fix bar\n\nhas been applied.\n\n'
	printf 'From: A U Thor <author@example.com>\nSubject: [PATCH] foo: fix bar\n\n'
	printf 'Signed-off-by: A U Thor <author@example.com>\n---\n'
	diff 'int b;'
}
fg() {
	hdr "$1" 'foo: fix bar' "$2"
	printf 'alsa-project/foo pull request #18 was opened from someone:\n\nFixes bar.\n\n'
}
{
	np n-applied 'Applied "foo: fix bar" to the foo tree' ignore p@test
	np n-unthreaded 'Applied "foo: fix bar" to the foo tree' ' Ignore' ''
	np n-control-unmarked 'Applied "foo: fix bar" to the foo tree' '' p@test
	np n-control-patch '[PATCH] foo: fix bar' ignore ''
	np n-control-other-hint 'Applied "foo: fix bar" to the foo tree' 'keep' p@test
	fg f-github 'GitHub pull_request - opened <github@example.org>'
	fg f-gitlab 'GitLab <gitlab@example.org>'
	fg f-control-person 'Jane Doe <github@jane.example.org>'
	fg f-control-name 'Githubber Smith <gs@example.org>'
} >np.mbox
mbox2tsv -q np.mbox >np.tsv
awk -F'\t' 'NR > 1 { sub(/@test$/, "", $1); print $1 "|" $12 }' np.tsv >np.got
while IFS='|' read -r id want; do
	is "no posting: $id" "$want" "$(awk -F'|' -v id="$id" '$1 == id { print $2 }' np.got)"
done <<'EOF'
n-applied|reply
n-unthreaded|other
n-control-unmarked|patch
n-control-patch|patch
n-control-other-hint|patch
f-github|bot
f-gitlab|bot
f-control-person|other
f-control-name|other
EOF

# The attached patch of a reply: its sender's row, the name he writes
# (the patch inside names Yang Xu).
mbox2tsv -q "$V/author_reply-attached-patch_ltp.eml" >real.tsv
is "real reply with an attached patch: the sender's name" "xuyang2018.jy@fujitsu.com" "$(tsvfield real.tsv from_name)"

done_testing
