#!/bin/sh
# Extremes of input, each made here by a generator (awk, printf, head;
# no committed large file): an empty input, a 50 MB mail, a
# 1,000,000-line diff, a 10,000-mail thread, Message-ID reference
# loops, NUL bytes, CRLF mboxes, an mbox without a final newline,
# truncated gzip and xz, invalid UTF-8 everywhere, bad TSV rows, and an
# archive ten times larger that must not take more memory.  Each gets a
# clear message or a correct row, never a crash or a hang: every tool
# runs under a time limit, and the big cases under a memory meter.
# Under sanitizers (PT_SAN) the big cases are ten times smaller and
# memory is not measured.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1

# Sizes: the issue's, or a tenth of them under sanitizers.
# (gmime's parser grows a header's buffer step by step, which
# AddressSanitizer's realloc makes quadratic: headers are a tenth too.)
if [ -n "${PT_SAN:-}" ]; then
	MAILMB=5 DIFFLINES=100000 WORDS=50000 REFS=20000 DEPTH=1000
	scale=" (scaled down under sanitizers)"
else
	MAILMB=50 DIFFLINES=1000000 WORDS=500000 REFS=200000 DEPTH=10000
	scale=
fi
LIMIT=120

# The memory meter: bench/runstat (built for the bench, or here with
# cc), else GNU time; none under sanitizers, whose shadow memory and
# quarantine would be measured instead of the tools.
meter= meter_why=
if [ -n "${PT_SAN:-}" ]; then
	meter_why="sanitizers' own memory would be measured"
elif [ -x "$BUILD/bench/runstat" ]; then
	meter=$BUILD/bench/runstat
elif command -v cc >/dev/null 2>&1 &&
    cc -O2 -o "$T/runstat" "$top/bench/runstat.c" 2>/dev/null; then
	meter=$T/runstat
elif /usr/bin/time -f %M true >/dev/null 2>&1; then
	meter=gnutime
else
	meter_why="neither bench/runstat (no cc) nor GNU time"
fi

# metered FILE CMD...: CMD under the time limit and the meter, its peak
# memory in KB written to FILE (nothing without a meter); CMD's status.
metered() {
	f=$1
	shift
	case $meter in
	'')
		timeout "$LIMIT" "$@"
		;;
	gnutime)
		/usr/bin/time -o "$f.raw" -f %M timeout "$LIMIT" "$@"
		set -- $?
		tail -1 "$f.raw" >"$f"
		return "$1"
		;;
	*)
		"$meter" -o "$f.raw" timeout "$LIMIT" "$@"
		set -- $?
		cut -f4 "$f.raw" >"$f"
		return "$1"
		;;
	esac
}

# measure CMD...: run CMD metered; status in $rc (124: the time limit),
# peak memory in KB in $rss (empty without a meter).
measure() {
	rm -f "$T/rss"
	metered "$T/rss" "$@"
	rc=$?
	rss=$(cat "$T/rss" 2>/dev/null)
}

# Every tool called by name also runs under the time limit.
for tool in mbox2tsv patchtok patchsim ptcluster ptreport; do
	eval "$tool() { timeout $LIMIT $tool \"\$@\"; }"
done

# under DESC KB LIMIT_KB: the peak was at most the limit.
under() {
	if [ -z "$2" ]; then
		skip "$1: memory not measured: $meter_why"
		return
	fi
	[ "$2" -le "$3" ]
	ok $? "$1 (peak $(($2 / 1024)) MB, limit $(($3 / 1024)) MB)"
}

# fine DESC: exit 0 and no sanitizer report.
fine() {
	if [ "$rc" -eq 0 ] && ! grep -q 'Sanitizer\|runtime error' "$T/err"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "exit $rc" "$(head -5 "$T/err")"
	fi
}

# bad DESC: exit 1 (input named and skipped), neither a crash nor a hang.
bad() {
	if [ "$rc" -eq 1 ] && ! grep -q 'Sanitizer\|runtime error' "$T/err"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "exit $rc" "$(head -5 "$T/err")"
	fi
}

# failed DESC: exit 2 (failed: the output is not to be used), neither a
# crash nor a hang.
failed() {
	if [ "$rc" -eq 2 ] && ! grep -q 'Sanitizer\|runtime error' "$T/err"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "exit $rc" "$(head -5 "$T/err")"
	fi
}

# t CMD...: run under the time limit, like lib.sh's run.
t() {
	run timeout "$LIMIT" "$@"
}

# utf8ok FILE: all of it is valid UTF-8 (Perl's strict decoder, or iconv).
utf8ok() {
	if perl -MEncode -e 1 2>/dev/null; then
		perl -MEncode -0777 -ne \
		    'eval { decode("UTF-8", $_, Encode::FB_CROAK); 1 } or exit 1' "$1"
	else
		iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1
	fi
}

# summary FILE: mbox2tsv's "N mails, R rows, S skipped" as "N R S".
summary() {
	sed -n 's/^mbox2tsv: \([0-9]*\) mails, \([0-9]*\) rows, \([0-9]*\) skipped$/\1 \2 \3/p' "$1"
}

# field FILE NAME [ROW]: a field by column name (row 1 by default), raw.
# (sed and cut: awk is slow on lines of 50 MB.)
field() {
	set -- "$1" "$(head -1 "$1" | tr '\t' '\n' | grep -nx "$2" | cut -d: -f1)" "${3:-1}"
	sed -n "$(($3 + 1)){p;q}" "$1" | cut -f"$2"
}

# newlines: how many escaped newlines (\n) are on standard input.
newlines() {
	echo $(($(sed 's/\\n/\n/g' | wc -l) - 1))
}

# A patch mail: mail ID SUBJECT FILE [HEADER-LINES].
mail() {
	printf 'From dev@example.com Mon Jan  6 10:00:00 2020\n'
	printf 'From: Dana Developer <dana@example.com>\nSubject: %s\n' "$2"
	printf 'Date: Mon, 6 Jan 2020 10:00:00 +0000\nMessage-ID: <%s>\n%s\n' "$1" "${4:-}"
	printf 'Change %s.\n\nSigned-off-by: Dana Developer <dana@example.com>\n---\n' "$3"
	printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n' "$3" "$3" "$3" "$3"
	printf '@@ -1,3 +1,3 @@ int f(void)\n ctx\n-old %s\n+new %s\n ctx\n\n' "$1" "$1"
}

# --- an empty input -------------------------------------------------------
: >empty.mbox
t mbox2tsv -v -v empty.mbox
fine "empty mbox: exit 0"
mv "$T/out" empty.tsv
is "empty mbox: the header only" 1 "$(wc -l <empty.tsv)"
is "empty mbox: 0 mails, 0 rows, 0 skipped" "0 0 0" "$(summary "$T/err")"
t mbox2tsv -v -v </dev/null
same "empty stdin: the same table" empty.tsv "$T/out"
t patchtok empty.tsv
fine "header-only mails: patchtok exits 0"
mv "$T/out" empty.tok
is "header-only mails: patchtok writes the header only" 1 "$(wc -l <empty.tok)"
t patchsim --self empty.tok
fine "empty patch table: patchsim --self exits 0"
mv "$T/out" empty.pairs
t ptcluster empty.tok empty.pairs
fine "empty tables: ptcluster exits 0"
mv "$T/out" empty.cl
is "empty tables: ptcluster writes the header only" 1 "$(wc -l <empty.cl)"
for c in patches ignored summary; do
	t ptreport $c empty.cl empty.tsv empty.tok
	fine "empty tables: ptreport $c exits 0"
done
t ptreport summary /dev/null empty.tsv
failed "a zero-byte file for the clusters: ptreport exits 2"
grep -q 'needs a clusters table' "$T/err"
ok $? "and says it needs a clusters table"
printf 'From nobody Mon Jan  6 10:00:00 2020\n' >lone.mbox
t mbox2tsv -v -v lone.mbox
bad "an mbox of a lone From_ line: exit 1"
grep -q '^mbox2tsv: lone.mbox:0: mail skipped: empty mail' "$T/err"
ok $? "the empty mail is named (file:offset) on stderr"
is "lone From_ line: 1 mail, 0 rows, 1 skipped" "1 0 1" "$(summary "$T/err")"
head -c 3000000 /dev/zero | tr '\0' 'x' >noline.mbox
t mbox2tsv -v -v noline.mbox
bad "3 MB without a newline or a header: exit 1"
grep -q "^mbox2tsv: noline.mbox:0: mail skipped: no mail header; it begins 'xxx" "$T/err"
ok $? "named on stderr with how it begins"

# --- a 50 MB mail ---------------------------------------------------------
# A patch whose message is MAILMB megabytes of text (a pasted log), sent
# twice: v2 changes every thousandth line.  One mail at a time is in
# memory: at most ten times its size.
bigmail() {
	awk -v mb="$1" 'BEGIN {
	n = int(mb * 1048576 / 70)
	for (v = 1; v <= 2; v++) {
		print "From dev@example.com Mon Jan  6 10:00:00 2020"
		print "From: Dana Developer <dana@example.com>"
		printf "Subject: [PATCH v%d] log: keep the whole boot log\n", v
		printf "Date: Mon, 6 Jan 2020 1%d:00:00 +0000\n", v
		printf "Message-ID: <big-v%d@example.com>\n\n", v
		for (i = 1; i <= n; i++)
			printf "The quick brown fox jumps over the lazy dog, line %09d.\n", \
			    (v == 2 && i % 1000 == 0) ? -i : i
		print "\nSigned-off-by: Dana Developer <dana@example.com>\n---"
		print "diff --git a/log.c b/log.c\n--- a/log.c\n+++ b/log.c"
		printf "@@ -1,1 +1,1 @@\n-int keep = 0;\n+int keep = %d;\n\n", v
	}}'
}
bigmail "$MAILMB" >big.mbox
size=$(($(wc -c <big.mbox) / 2 / 1024))
measure mbox2tsv -v big.mbox >big.tsv 2>"$T/err"
fine "a $MAILMB MB mail (twice)$scale: mbox2tsv exits 0"
under "a $MAILMB MB mail: mbox2tsv within ten times its size" "$rss" $((10 * size))
is "a $MAILMB MB mail: 2 mails, 2 rows" "2 2 0" "$(summary "$T/err")"
is "a $MAILMB MB mail: its id" "big-v1@example.com" "$(field big.tsv id)"
is "a $MAILMB MB mail: a patch" "patch" "$(field big.tsv type)"
nlines=$(field big.tsv message | newlines)
is "a $MAILMB MB mail: every line of the message is there" \
    "$((MAILMB * 1048576 / 70 + 2))" "$nlines"
is "a $MAILMB MB mail: the diff after it" \
    'diff --git a/log.c b/log.c\n--- a/log.c\n+++ b/log.c\n@@ -1,1 +1,1 @@\n-int keep = 0;\n+int keep = 1;\n' \
    "$(field big.tsv diff)"
rm -f big.mbox
measure patchtok big.tsv >big.tok 2>"$T/err"
fine "a $MAILMB MB mail: patchtok exits 0"
under "a $MAILMB MB mail: patchtok within ten times its size" "$rss" $((10 * size))
is "a $MAILMB MB mail: two patches" 2 "$(rows big.tok)"
measure patchsim --self big.tok >big.pairs 2>"$T/err"
fine "two $MAILMB MB messages: patchsim --self exits 0, in time"
under "two $MAILMB MB messages: patchsim within ten times their size" "$rss" $((20 * size))
msg=$(field big.pairs msg)
awk -v m="$msg" 'BEGIN { exit !(m > 0.9 && m < 1) }'
ok $? "two $MAILMB MB messages: scored alike, not the same (msg $msg)"
rm -f big.tsv big.tok

# --- huge headers, deep MIME ----------------------------------------------
# A 5 MB Subject (gmime decodes a header word by word: about 25 times
# its size), 200,000 References, multiparts nested 10,000 deep.
awk -v words="$WORDS" -v refs="$REFS" -v d="$DEPTH" 'BEGIN {
	print "From dev@example.com Mon Jan  6 10:00:00 2020"
	print "From: Dana Developer <dana@example.com>\nMessage-ID: <subject@example.com>"
	printf "Subject: Re:"
	for (i = 0; i < words; i++) printf " word%d", i
	print "\nDate: Mon, 6 Jan 2020 10:00:00 +0000\n\nA long subject.\n"
	print "From dev@example.com Mon Jan  6 10:00:00 2020"
	print "From: Dana Developer <dana@example.com>\nMessage-ID: <refs@example.com>"
	print "Subject: Re: many references\nDate: Mon, 6 Jan 2020 10:00:00 +0000"
	printf "References:"
	for (i = 0; i < refs; i++) printf " <r%d@example.com>\n", i
	print "\nMany references.\n"
	print "From dev@example.com Mon Jan  6 10:00:00 2020"
	print "From: Dana Developer <dana@example.com>\nMessage-ID: <deep@example.com>"
	print "Subject: deep\nDate: Mon, 6 Jan 2020 10:00:00 +0000\nMIME-Version: 1.0"
	print "Content-Type: multipart/mixed; boundary=\"b0\"\n"
	for (i = 1; i <= d; i++)
		printf "--b%d\nContent-Type: multipart/mixed; boundary=\"b%d\"\n\n", i - 1, i
	printf "--b%d\nContent-Type: text/plain\n\nAt the bottom.\n", d
	for (i = d; i >= 0; i--)
		printf "--b%d--\n", i
}' >headers.mbox
size=$(($(wc -c <headers.mbox) / 1024))
measure mbox2tsv -v headers.mbox >headers.tsv 2>"$T/err"
fine "a subject of $WORDS words, $REFS references, MIME $DEPTH deep$scale: exit 0"
under "huge headers: within 40 times the mails' size" "$rss" $((40 * size))
is "huge headers: 3 mails, 3 rows" "3 3 0" "$(summary "$T/err")"
is "a subject of $WORDS words: the title whole" "$WORDS" "$(field headers.tsv title | wc -w)"
is "$REFS references: the first 10,000 kept" "r0@example.com 10000 r9999@example.com" \
    "$(field headers.tsv references 2 | tr ' ' '\n' | sed -n '$=;1p;$p' | xargs)"
is "MIME $DEPTH deep: a row, not a patch" "deep@example.com other" \
    "$(field headers.tsv id 3) $(field headers.tsv type 3)"

# --- a 1,000,000-line diff ------------------------------------------------
# A generated table added as one new file, posted twice (v2 differs in
# every thousandth line): through mbox2tsv, patchtok and patchsim --self.
bigdiff() {
	awk -v n="$1" 'BEGIN {
	for (v = 1; v <= 2; v++) {
		print "From dev@example.com Mon Jan  6 10:00:00 2020"
		print "From: Dana Developer <dana@example.com>"
		printf "Subject: [PATCH v%d] gen: add the generated table\n", v
		printf "Date: Mon, 6 Jan 2020 1%d:00:00 +0000\n", v
		printf "Message-ID: <diff-v%d@example.com>\n\n", v
		printf "The table, %d lines.\n\nSigned-off-by: Dana Developer <dana@example.com>\n---\n", n
		print "diff --git a/gen/table.c b/gen/table.c\nnew file mode 100644"
		printf "--- /dev/null\n+++ b/gen/table.c\n@@ -0,0 +1,%d @@\n", n
		for (i = 1; i <= n; i++)
			printf "+\t{ %d, 0x%x },\n", i, (v == 2 && i % 1000 == 0) ? 0 : i * 7
		print "-- \n2.20.1\n"
	}}'
}
bigdiff "$DIFFLINES" >diff.mbox
size=$(($(wc -c <diff.mbox) / 2 / 1024))
measure mbox2tsv -v diff.mbox >diff.tsv 2>"$T/err"
fine "a $DIFFLINES-line diff (twice)$scale: mbox2tsv exits 0"
under "a $DIFFLINES-line diff: mbox2tsv within ten times the mail" "$rss" $((10 * size))
is "a $DIFFLINES-line diff: 2 mails, 2 rows" "2 2 0" "$(summary "$T/err")"
n=$(field diff.tsv diff | newlines)
is "a $DIFFLINES-line diff: every line in the diff column (5 more of headers, 2 of signature)" \
    $((DIFFLINES + 7)) "$n"
rm -f diff.mbox
measure patchtok diff.tsv >diff.tok 2>"$T/err"
fine "a $DIFFLINES-line diff: patchtok exits 0"
under "a $DIFFLINES-line diff: patchtok within ten times the mail" "$rss" $((10 * size))
is "a $DIFFLINES-line diff: files, added, removed" "gen/table.c $DIFFLINES 0" \
    "$(field diff.tok files) $(field diff.tok added) $(field diff.tok removed)"
[ "$(field diff.tok hash)" != "$(field diff.tok hash 2)" ]
ok $? "a $DIFFLINES-line diff: the two versions hash apart"
measure patchsim --self diff.tok >diff.pairs 2>"$T/err"
fine "two $DIFFLINES-line diffs: patchsim --self exits 0, in time"
under "two $DIFFLINES-line diffs: patchsim within ten times the mails" "$rss" $((20 * size))
is "two $DIFFLINES-line diffs: the pair, found by the file (one author and title: versions)" \
    "diff-v1@example.com diff-v2@example.com files,version,repost" \
    "$(field diff.pairs left) $(field diff.pairs right) $(field diff.pairs via)"
d=$(field diff.pairs diff)
awk -v d="$d" 'BEGIN { exit !(d > 0.95) }'
ok $? "two $DIFFLINES-line diffs: scored alike (diff $d)"
rm -f diff.tsv diff.tok

# --- a 10,000-mail thread -------------------------------------------------
# A cover letter and 4,999 patches in reply to it, then 5,000 replies,
# each to the one before (a chain 5,000 deep under patch 1).
thread() {
	awk -v n="$1" 'BEGIN {
	np = int(n / 2) - 1
	print "From dev@example.com Mon Jan  6 10:00:00 2020"
	print "From: Dana Developer <dana@example.com>"
	printf "Subject: [PATCH 0/%d] big: a series of %d patches\n", np, np
	print "Date: Mon, 6 Jan 2020 10:00:00 +0000\nMessage-ID: <t0@example.com>\n"
	print "The cover letter.\n"
	for (i = 1; i < n; i++) {
		print "From dev@example.com Mon Jan  6 10:00:00 2020"
		d = sprintf("Date: Mon, 6 Jan 2020 %02d:%02d:%02d +0000", 10 + int(i / 3600),
		    int(i / 60) % 60, i % 60)
		if (i <= np) {
			print "From: Dana Developer <dana@example.com>"
			printf "Subject: [PATCH %d/%d] big: change part %d\n%s\n", i, np, i, d
			printf "Message-ID: <t%d@example.com>\n", i
			print "In-Reply-To: <t0@example.com>\nReferences: <t0@example.com>\n"
			printf "Change part %d.\n\nSigned-off-by: Dana Developer <dana@example.com>\n---\n", i
			printf "diff --git a/big/p%d.c b/big/p%d.c\n--- a/big/p%d.c\n+++ b/big/p%d.c\n", i, i, i, i
			printf "@@ -1,1 +1,1 @@\n-int p%d = 0;\n+int p%d = 1;\n\n", i, i
		} else {
			p = i == np + 1 ? 1 : i - 1
			printf "From: Reviewer %d <r%d@example.org>\n", i % 5, i % 5
			printf "Subject: Re: [PATCH 1/%d] big: change part 1\n%s\n", np, d
			printf "Message-ID: <t%d@example.com>\nIn-Reply-To: <t%d@example.com>\n", i, p
			printf "References: <t0@example.com> <t1@example.com> <t%d@example.com>\n\n", p
			printf "Reply %d, one deeper than the one before.\n\n", i
		}
	}}'
}
thread 10000 >thread.mbox
t mbox2tsv -v -v thread.mbox
fine "a 10,000-mail thread: mbox2tsv exits 0"
mv "$T/out" thread.tsv
is "a 10,000-mail thread: 10000 rows" 10000 "$(rows thread.tsv)"
is "a 10,000-mail thread: 1 cover, 4999 patches, 5000 replies" "1 cover 4999 patch 5000 reply" \
    "$(sed 1d thread.tsv | cut -f12 | sort | uniq -c | xargs)"
t patchtok thread.tsv
fine "a 10,000-mail thread: patchtok exits 0"
mv "$T/out" thread.tok
t patchsim --self thread.tok
fine "a 10,000-mail thread: patchsim --self exits 0"
mv "$T/out" thread.pairs
t ptcluster thread.tok thread.pairs
fine "a 10,000-mail thread: ptcluster exits 0"
mv "$T/out" thread.cl
is "a 10,000-mail thread: 4999 clusters" 4999 "$(rows thread.cl)"
for c in patches ignored summary; do
	t ptreport $c thread.cl thread.tsv thread.tok
	fine "a 10,000-mail thread: ptreport $c exits 0"
	mv "$T/out" thread.$c
done
# The replies answer part 1 (each replies to the one before, the first
# to part 1): part 1 is answered, the other parts through it, the one
# part answered (a review of another part speaks for the posting).
is "a 10,000-mail thread: part 1 answered by the first reply, the others together" \
    "1 answered r0@example.org|4998 answered-together t1@example.com" \
    "$(sed 1d thread.patches | awk -F'\t' '{ print $6 == "too-new" ? $6 : $6 " " $7 }' | sort | uniq -c | xargs | sed 's/ 4998/|4998/')"
is "a 10,000-mail thread: none ignored" 0 "$(rows thread.ignored)"
is "a 10,000-mail thread: summary counts the mails" "mails	10000" \
    "$(grep '^mails' thread.summary | cut -f1,2)"
t ptreport patches -S 100 thread.cl thread.tsv thread.tok
fine "a 10,000-mail thread, -S 100: exit 0"
grep -q 'left out a series of 4999 patches (above --max-series 100): t1@example.com' "$T/err"
ok $? "-S 100: the series left out is named on stderr, by its first patch"
is "-S 100: every patch not counted, and why" "4999 not-counted in a series above --max-series" \
    "$(sed 1d "$T/out" | cut -f6,7 | sort | uniq -c | xargs)"

# --- Message-ID reference loops -------------------------------------------
# a and b answer each other, c answers itself, d and e each other, f g h
# in a ring; b is the only reply, from someone else.
ref() { # ID FROM SUBJECT IN-REPLY-TO REFERENCES FILE MINUTE
	printf 'From x@example.com Mon Jan  6 10:00:00 2020\nFrom: %s\nSubject: %s\n' "$2" "$3"
	printf 'Date: Mon, 6 Jan 2020 10:%02d:00 +0000\nMessage-ID: <%s>\n' "$7" "$1"
	printf 'In-Reply-To: <%s>\nReferences: %s\n\n' "$4" "$5"
	if [ -n "$6" ]; then
		printf 'Change %s.\n---\ndiff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n' "$6" "$6" "$6" "$6" "$6"
		printf '@@ -1,1 +1,1 @@\n-old\n+new %s\n\n' "$6"
	else
		printf 'Looks good.\n\n'
	fi
}
A='Dana Developer <dana@example.com>'
{
	ref a@loop "$A" "[PATCH] a: answered in a loop" b@loop "<b@loop>" a.c 1
	ref b@loop "Rob Reviewer <rob@example.org>" "Re: [PATCH] a: answered in a loop" \
	    a@loop "<a@loop>" "" 2
	ref c@loop "$A" "[PATCH] c: answers itself" c@loop "<c@loop>" c.c 3
	ref d@loop "$A" "[PATCH] d: a loop with e" e@loop "<e@loop>" d.c 4
	ref e@loop "$A" "[PATCH] e: a loop with d" d@loop "<d@loop>" e.c 5
	ref f@loop "$A" "[PATCH] f: a ring of three" h@loop "<g@loop> <h@loop>" f.c 6
	ref g@loop "$A" "[PATCH] g: a ring of three" f@loop "<h@loop> <f@loop>" g.c 7
	ref h@loop "$A" "[PATCH] h: a ring of three" g@loop "<f@loop> <g@loop>" h.c 8
} >loop.mbox
t mbox2tsv -v -v loop.mbox
fine "reference loops: mbox2tsv exits 0"
mv "$T/out" loop.tsv
is "reference loops: the references as written" "b@loop a@loop c@loop e@loop d@loop" \
    "$(sed 1d loop.tsv | head -5 | cut -f9 | xargs)"
patchtok -q loop.tsv >loop.tok
patchsim -q --self loop.tok >loop.pairs
ptcluster -q loop.tok loop.pairs >loop.cl
# --grace 0: the loop's mails span days, all of them near the archive's end.
t ptreport patches --grace 0 loop.cl loop.tsv loop.tok
fine "reference loops: ptreport patches exits 0, in time"
is "reference loops: a verdict for each of the 7 patches" \
    "a@loop answered rob@example.org|c@loop ignored |d@loop ignored |e@loop ignored |f@loop not-counted deep in a thread: neither its root nor a reply to the root|g@loop not-counted deep in a thread: neither its root nor a reply to the root|h@loop not-counted deep in a thread: neither its root nor a reply to the root" \
    "$(sed 1d "$T/out" | awk -F'\t' '{ print $1, $6, $7 }' | paste -sd'|')"
t ptreport ignored --grace 0 loop.cl loop.tsv loop.tok
fine "reference loops: ptreport ignored exits 0"
is "reference loops: c alone in its thread, d and e two" "c@loop 1|d@loop 2|e@loop 2" \
    "$(sed 1d "$T/out" | awk -F'\t' '{ print $1, $7 }' | paste -sd'|')"
t ptreport summary --grace 0 loop.cl loop.tsv loop.tok
fine "reference loops: ptreport summary exits 0"
is "reference loops: summary, 4 patches, 3 ignored" "4 3" \
    "$(awk -F'\t' '$1 == "patches" || $1 == "ignored" { printf "%s ", $2 }' "$T/out" | xargs)"

# --- NUL bytes --------------------------------------------------------------
{
	mail n1@example.com "[PATCH] nul: before" a.c
	printf 'From dev@example.com Mon Jan  6 10:00:00 2020\n'
	printf 'From: Dana\000Developer <dana@example.com>\nSubject: [PATCH] nul\000in the subject\n'
	printf 'Date: Mon, 6 Jan 2020 10:00:00 +0000\nMessage-ID: <n\000ul@example.com>\n\n'
	printf 'A NUL\000in the body.\n---\ndiff --git a/n.c b/n.c\n--- a/n.c\n+++ b/n.c\n'
	printf '@@ -1,1 +1,1 @@\n-old\000x\n+new\000y\n\n'
	mail n3@example.com "[PATCH] nul: after" b.c
} >nul.mbox
t mbox2tsv -v -v nul.mbox
fine "NUL bytes in headers, body and diff: exit 0"
mv "$T/out" nul.tsv
is "NUL bytes: 3 mails, 3 rows" "3 3 0" "$(summary "$T/err")"
is "NUL bytes: none in the output" 0 "$(tr -dc '\000' <nul.tsv | wc -c)"
utf8ok nul.tsv
ok $? "NUL bytes: the output is UTF-8"
is "NUL bytes: the mail's row says what was repaired" "badid,badchar" "$(field nul.tsv flags 2)"
is "NUL bytes: NUL in the diff became U+FFFD" '-old�x\n+new�y\n' \
    "$(field nul.tsv diff 2 | sed 's/.*@@ -1,1 +1,1 @@\\n//')"
is "NUL bytes: the mails around it are whole" "n1@example.com n3@example.com" \
    "$(field nul.tsv id 1) $(field nul.tsv id 3)"
t patchtok nul.tsv
fine "NUL bytes: patchtok reads the table"
is "NUL bytes: three patches" 3 "$(rows "$T/out")"

# --- CRLF mboxes ------------------------------------------------------------
xz -dc "$top/sample/jailhouse-dev-2019.mbox.xz" >lf.mbox
sed 's/$/\r/' lf.mbox >crlf.mbox
awk '/^From mboxrd@z/ { n++ } { printf "%s%s\n", $0, n % 2 ? "\r" : "" }' lf.mbox >mixed.mbox
mbox2tsv -q -l s lf.mbox | cut -f1-19 >lf.rows
for m in crlf mixed; do
	t mbox2tsv -v -l s $m.mbox
	fine "a $m mbox (the sample): exit 0"
	cut -f1-19 "$T/out" >$m.rows
	same "a $m mbox: the same rows as with LF (but src)" lf.rows $m.rows
	patchtok -q "$T/out" >$m.tok
done
patchtok -q lf.rows >lf.tok
same "a CRLF mbox: the same patches" lf.tok crlf.tok
rm -f lf.mbox crlf.mbox mixed.mbox

# --- an mbox without a final newline ----------------------------------------
{
	mail e1@example.com "[PATCH] end: one" a.c
	mail e2@example.com "[PATCH] end: two" b.c
} >nl.mbox
head -c -2 nl.mbox >nonl.mbox
tail -c 4 nonl.mbox | od -c | grep -q 'c   t   x *$'
ok $? "the mbox ends in 'ctx', without a newline"
t mbox2tsv -v -v -l l nonl.mbox
fine "no final newline: exit 0"
mv "$T/out" nonl.tsv
is "no final newline: 2 mails, 2 rows" "2 2 0" "$(summary "$T/err")"
mbox2tsv -q -l l nl.mbox | patchtok -q >nl.tok
patchtok -q nonl.tsv >nonl.tok
same "no final newline: the same patches as with it" nl.tok nonl.tok
head -c -30 nl.mbox >cut.mbox
t mbox2tsv -v -v -l l cut.mbox
fine "an mbox cut inside the last hunk: exit 0"
is "cut inside the last hunk: 2 mails, 2 rows" "2 2 0" "$(summary "$T/err")"
printf 'From dev@example.com Mon Jan  6 10:00:00 2020\nFrom: Dana Developer <dana@exa' >hdr.mbox
t mbox2tsv -v -v hdr.mbox
fine "an mbox cut inside a header: exit 0 (a plain file cannot tell)"
is "cut inside a header: the mail is a row" 1 "$(rows "$T/out")"

# --- truncated gzip and xz --------------------------------------------------
xz -dc "$top/sample/jailhouse-dev-2019.mbox.xz" | gzip -c >s.gz
xz -dc "$top/sample/jailhouse-dev-2019.mbox.xz" | xz -c >s.xz
for z in gz xz; do
	full=$(($(wc -c <s.$z) / 2))
	head -c $full s.$z >cut.$z
	t mbox2tsv -v cut.$z
	failed "truncated $z: exit 2"
	kind=gzip
	[ $z = xz ] && kind=xz
	grep -q "^mbox2tsv: cut.$z: truncated $kind data after [0-9]* bytes\$" "$T/err"
	ok $? "truncated $z: the file and the cut are named"
	set -- $(summary "$T/err")
	[ $# -eq 3 ] && [ "$1" -gt 100 ] && [ "$1" -lt 525 ] && [ "$1" -eq "$2" ] &&
	    [ "$2" -eq "$(rows "$T/out")" ]
	ok $? "truncated $z: the mails before the cut are rows ($1 of 525)"
	is "truncated $z: the last row is flagged truncated" truncated \
	    "$(tail -1 "$T/out" | cut -f16 | tr , '\n' | grep truncated)"
	head -c 4 s.$z >head.$z
	t mbox2tsv -v head.$z
	failed "$z cut inside its header: exit 2"
	grep -q "head.$z" "$T/err"
	ok $? "$z cut inside its header: named on stderr"
done
rm -f s.gz s.xz

# --- invalid UTF-8 everywhere -----------------------------------------------
{
	printf 'From \377\376 Mon Jan  6 10:00:00 2020\n'
	printf 'From: J\366rg \303( <j\366rg@ex\344mple.com>\nTo: l\377@example.com\n'
	printf 'Cc: \355\240\200@example.com\nList-Id: <l\351st.example.com>\n'
	printf 'Subject: [PATCH] f\374r: fix \355\240\200 and \370\210\200\200\200\n'
	printf 'Date: Mon, 6 Jan 2020 10:00:00 +0000\nMessage-ID: <\351t\351@example.com>\n\n'
	printf 'Body \300\257 \340\200\257 \364\220\200\200 overlong and beyond.\n\n'
	printf 'Signed-off-by: J\366rg <j@example.com>\n---\n f\351.c | 2 +-\n'
	printf 'diff --git a/f\351.c b/f\351.c\n--- a/f\351.c\n+++ b/f\351.c\n'
	printf '@@ -1,1 +1,1 @@ int f\351(void)\n-old \377\n+new \376\n\n'
	printf 'From \377\376 Mon Jan  6 10:00:00 2020\nFrom: Rob Reviewer <rob@example.org>\n'
	printf 'Subject: Re: [PATCH] f\374r\nDate: Mon, 6 Jan 2020 11:00:00 +0000\n'
	printf 'Message-ID: <re@example.org>\nIn-Reply-To: <\351t\351@example.com>\n'
	printf 'References: <\351t\351@example.com> <\001x@example.com>\n\nFine by me.\n\n'
} >"$(printf 'bad\351.mbox')"
t mbox2tsv -v -v "$(printf 'bad\351.mbox')"
fine "invalid UTF-8 everywhere: exit 0"
mv "$T/out" bad.tsv
is "invalid UTF-8: 2 mails, 2 rows" "2 2 0" "$(summary "$T/err")"
utf8ok bad.tsv
ok $? "invalid UTF-8: the table is UTF-8 (every column, the list and src from the file name too)"
is "invalid UTF-8: both rows say so" "badchar badchar" \
    "$(field bad.tsv flags 1 | tr , '\n' | grep badchar) $(field bad.tsv flags 2 | tr , '\n' | grep badchar)"
is "invalid UTF-8: the reply still names its parent's id" "$(field bad.tsv id 1)" \
    "$(field bad.tsv in_reply_to 2)"
is "invalid UTF-8: the control byte in a reference is an id's '_'" "_x@example.com" \
    "$(field bad.tsv references 2 | cut -d' ' -f2)"
t patchtok bad.tsv
fine "invalid UTF-8: patchtok reads the repaired table"
mv "$T/out" bad.tok
utf8ok bad.tok
ok $? "invalid UTF-8: patchtok's table is UTF-8"
patchsim -q --self bad.tok >bad.pairs
ptcluster -q bad.tok bad.pairs >bad.cl
t ptreport patches bad.cl bad.tsv bad.tok
fine "invalid UTF-8: ptreport patches exits 0"
utf8ok "$T/out"
ok $? "invalid UTF-8: the report is UTF-8"
is "invalid UTF-8: the patch is answered, through the repaired ids" "answered rob@example.org" \
    "$(sed 1d "$T/out" | cut -f6,7 | tr '\t' ' ')"

# --- bad TSV: a lone backslash, a row with missing fields ---------------------
# (tests/97-invariants.t tries every kind of bad row on every tool)
{
	mail g1@example.com "[PATCH] tsv: one" a.c
	mail g2@example.com "[PATCH] tsv: two" b.c
	mail g3@example.com "[PATCH] tsv: three" c.c
} | mbox2tsv -q -l l >good.tsv
awk -F'\t' -v OFS='\t' 'NR == 2 { $5 = $5 "\\" } NR == 3 { NF = 10 } 1' good.tsv >bad2.tsv
t patchtok bad2.tsv
bad "a lone backslash, a row with missing fields: patchtok exits 1"
grep -q "^patchtok: bad2.tsv:2: column 'subject': invalid escape '\\\\'\$" "$T/err"
ok $? "the lone backslash: file:line and the column"
grep -q "^patchtok: bad2.tsv:3: 10 fields, the header has 27\$" "$T/err"
ok $? "the short row: file:line and how many fields"
is "the good row is kept" "g3@example.com" "$(sed 1d "$T/out" | cut -f1)"
t ptreport patches bad2.tsv
failed "the same table to ptreport, without clusters: exit 2"
grep -q "bad2.tsv:2: column 'subject'" "$T/err" && grep -q "bad2.tsv:3: 10 fields" "$T/err"
ok $? "ptreport names both rows"

# --- memory does not grow with the archive ----------------------------------
# Many small patch mails, 20 MB and then 200 MB, streamed through
# mbox2tsv and patchtok: the peaks may differ by mbox2tsv's set of ids
# seen (8 bytes a mail; at most 32 with the free slots of the hash set
# and its old copy while it grows), not by the archive.  Every 499th
# mail carries a 150 kB diff: a pool whose slots kept the biggest mail
# they met would in time hold one in each (256 slots, 77 MB more at
# 200 MB than at 20 MB, as both tools did before they gave big
# buffers back).
many() {
	awk -v mb="$1" 'BEGIN {
	n = int(mb * 1048576 / 1000)
	for (i = 1; i <= n; i++) {
		print "From dev@example.com Mon Jan  6 10:00:00 2020"
		printf "From: Dev %d <dev%d@example.com>\n", i % 97, i % 97
		printf "Subject: [PATCH] mod%d: fix case %d\n", i % 50, i
		printf "Date: Mon, 6 Jan 2020 %02d:%02d:%02d +0000\n", int(i / 3600) % 24, int(i / 60) % 60, i % 60
		printf "Message-ID: <m%d@example.com>\n\n", i
		printf "Fix case %d of the module, which did the wrong thing.\n\n", i
		printf "Signed-off-by: Dev %d <dev%d@example.com>\n---\n", i % 97, i % 97
		f = sprintf("mod%d/f%d.c", i % 50, i % 13)
		printf "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", f, f, f, f
		printf "@@ -10,7 +10,7 @@ static int f%d(void)\n", i % 13
		for (k = 0; k < 3; k++) printf " \tcontext line %d of the function\n", k
		printf "-\treturn %d;\n+\treturn %d;\n", i, i + 1
		for (k = 0; k < 3; k++) printf " \tmore context %d after\n", k
		if (i % 499 == 0) {
			printf "@@ -100,0 +100,3000 @@ static int f%d(void)\n", i % 13
			for (k = 0; k < 3000; k++) printf "+\ttable[%d] = %d; /* an entry of the big table */\n", k, i + k
		}
		print ""
	}}'
}
if [ -n "$meter" ]; then
	for mb in 20 200; do
		many $mb | metered m$mb.stat mbox2tsv -q | metered t$mb.stat patchtok -q |
		    tail -1 >last$mb
	done
	n200=$((200 * 1048576 / 1000))
	is "200 MB of small mails: the last one through both stages" \
	    "m$n200@example.com" "$(cut -f1 last200)"
	m20=$(cat m20.stat) m200=$(cat m200.stat)
	t20=$(cat t20.stat) t200=$(cat t200.stat)
	diag "peak memory, 20 MB and 200 MB: mbox2tsv $m20 and $m200 KB, patchtok $t20 and $t200 KB"
	under "mbox2tsv: 200 MB of mails in the memory of 20 MB, but for 8 bytes a mail" \
	    "$m200" $((m20 + 32 * n200 / 1024 + 2048))
	under "patchtok: 200 MB of mails in the memory of 20 MB" "$t200" $((t20 + 2048))
else
	skip "200 MB against 20 MB: memory not measured: $meter_why"
fi

done_testing
