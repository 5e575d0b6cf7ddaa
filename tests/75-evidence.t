#!/bin/sh
# The evidence beyond a patch's content, tool by tool, each feature with a
# case and a control that flips it: git2tsv --merged (which merge on the
# first-parent line brought a commit in, against git rev-list) and
# --side; patchtok's flags and credits columns and small root commits;
# patchsim's via kinds repost, retitle and credit, and a reply's diff
# scored alone; ptcluster's credit and retitle pairs (accepted on their
# own terms, ranked after every other, joining a mail to a commit only in
# step 4) and its preference for the main line over a side branch;
# mbox2tsv's cites column, patches attached as application/octet-stream
# and the newer withdraw phrases; patchtrack reading the other branches
# as a side segment (commits/side.tsv, SIDE, "applied"), --main-only, a
# moved branch and a run with nothing new.  The data is made here: git
# repositories with fixed identities and dates (stable hashes), tables
# and mails written by hand.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

have_git=1
command -v git >/dev/null 2>&1 || have_git=0

# col NAME FILE: the column NAME of every data row (as escaped).
col() {
	awk -F'\t' -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next }
	    c { print $c }' "$2"
}

# words: the lines of stdin sorted, on one line (sets compare as strings).
words() {
	sort | tr '\n' ' ' | sed 's/ $//'
}

# --- git fixtures ---------------------------------------------------------
GIT_AUTHOR_NAME='Ann Author'
GIT_AUTHOR_EMAIL='ann@example.com'
GIT_COMMITTER_NAME='Carl Committer'
GIT_COMMITTER_EMAIL='carl@example.org'
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

# at, commit and lines (lib.sh): author dates in UTC.
git_days +0000

if [ "$have_git" = 1 ]; then
	# mr: master, a topic branch of two commits with a nested merge of a
	# sub branch, merged as a pull request; a later merge of a fix branch
	# whose message's first paragraph has two lines; a Latin-1 commit on
	# a branch of its own.
	#
	#   *   M2  Merge branch fix / of git://example.org/r.git   (day 11)
	#   |\
	#   | * F1  fix: one                                         (day 10)
	#   * | D   main: add d                                      (day 9)
	#   |/
	#   *   M   Merge pull request #7 from x/topic               (day 8)
	#   |\
	#   | *   N   Merge branch sub into topic                    (day 6)
	#   | |\
	#   | | * S1  sub: one                                       (day 4)
	#   | * | T2  topic: two                                     (day 5)
	#   | |/
	#   | * T1  topic: one                                       (day 3)
	#   * | C   main: add c                                      (day 7)
	#   |/
	#   * B   main: add b                                        (day 2)
	#   * R   init                                               (day 1)
	git init -q -b master mr && cd mr || exit 1
	echo a >a.txt
	commit 1 'init'
	echo b >b.txt
	commit 2 'main: add b'
	git checkout -q -b topic
	echo t1 >t1.txt
	commit 3 'topic: one'
	T1=$(git rev-parse HEAD)
	git checkout -q -b sub
	echo s1 >s1.txt
	commit 4 'sub: one'
	S1=$(git rev-parse HEAD)
	git checkout -q topic
	echo t2 >t2.txt
	commit 5 'topic: two'
	T2=$(git rev-parse HEAD)
	at 6
	git merge -q --no-ff -m 'Merge branch sub into topic' sub
	N=$(git rev-parse HEAD)
	git checkout -q master
	echo c >c.txt
	commit 7 'main: add c'
	at 8
	git merge -q --no-ff -m 'Merge pull request #7 from x/topic' topic
	M=$(git rev-parse HEAD)
	echo d >d.txt
	commit 9 'main: add d'
	git checkout -q -b fix "$M"
	echo f >f.txt
	commit 10 'fix: one'
	F1=$(git rev-parse HEAD)
	git checkout -q master
	at 11
	printf 'Merge branch fix\nof git://example.org/r.git\n' >"$T/msg"
	git merge -q --no-ff -F "$T/msg" fix
	M2=$(git rev-parse HEAD)
	# A Latin-1 message without an encoding header (git2tsv: cp1252),
	# written by hand (git commit would not keep the bytes so).
	echo latin >latin.txt
	git add -A
	at 12
	{
		printf 'tree %s\nparent %s\n' "$(git write-tree)" "$M2"
		printf 'author %s <%s> %s\n' "$GIT_AUTHOR_NAME" "$GIT_AUTHOR_EMAIL" "$GIT_AUTHOR_DATE"
		printf 'committer %s <%s> %s\n\n' "$GIT_COMMITTER_NAME" "$GIT_COMMITTER_EMAIL" \
		    "$GIT_COMMITTER_DATE"
		printf 'Gr\374\337e aus K\366ln\n'
	} >"$T/raw"
	LATIN=$(git hash-object -t commit -w "$T/raw") && git update-ref refs/heads/latin "$LATIN"
	git reset -q --hard master
	cd "$T" || exit 1
fi

# ===========================================================================
# 1. git2tsv --merged: the merges of the first-parent line and what each
#    brought in
# ===========================================================================
if [ "$have_git" = 1 ]; then
	# want_merged TIP [HIDE...]: "id merge" of what git says each merge
	# of TIP's first-parent line (within the range) brought in: git
	# rev-list --no-merges M ^M^1 (^HIDE), oldest merge first.
	want_merged() {
		tip=$1
		shift
		hide=
		for h in "$@"; do hide="$hide ^$h"; done
		# shellcheck disable=SC2086
		git -C mr rev-list --first-parent --merges --reverse "$tip" $hide |
		    while read -r m; do
			git -C mr rev-list --no-merges "$m" "^$m^1" $hide | sort |
			    sed "s/\$/ $m/"
		done
	}

	run git2tsv --merged mr
	is "--merged: exit 0" 0 "$rc"
	is "--merged: quiet (nothing on stderr)" "" "$(cat "$T/err")"
	cp "$T/out" merged.tsv
	printf 'id\tmerge\tmerge_date\tmerge_subject\tmerge_from_name\tmerge_from_addr\tmerge_committer_name\tmerge_committer_addr\tsrc\n' >mhdr.want
	head -1 merged.tsv >mhdr.got
	same "--merged: the header (id merge merge_date merge_subject, the merge's people, src)" \
		mhdr.want mhdr.got
	awk -F'\t' 'NR > 1 { print $1 }' merged.tsv | sort >m.ids
	git -C mr rev-list --no-merges "$M" "^$M^1" | sort >m.want
	awk -F'\t' -v m="$M" 'NR > 1 && $2 == m { print $1 }' merged.tsv | sort >m.got
	same "the pull request's merge: its rows are git rev-list --no-merges M ^M^1 (T1 T2 S1)" m.want m.got
	is "... three of them: the topic's two and the nested branch's" 3 "$(wc -l <m.got)"
	is "the pull request's rows: merge_date is M's commit date, merge_subject its subject" \
		"2020-01-08T12:00:00Z|Merge pull request #7 from x/topic" \
		"$(awk -F'\t' -v m="$M" 'NR > 1 && $2 == m { print $3 "|" $4 }' merged.tsv | sort -u)"
	is "the pull request's rows: the merge's author and committer, names and addresses (lower case)" \
		"$(git -C mr log -1 --format='%an|%ae|%cn|%ce' "$M" | awk -F'|' -v OFS='|' '{ $2 = tolower($2); $4 = tolower($4); print }')" \
		"$(awk -F'\t' -v m="$M" 'NR > 1 && $2 == m { print $5 "|" $6 "|" $7 "|" $8 }' merged.tsv | sort -u)"
	is "the commit of the nested branch (S1) is the pull request's, not the nested merge's" "$M" \
		"$(awk -F'\t' -v s="$S1" '$1 == s { print $2 }' merged.tsv)"
	is "a merge is no row (the nested one, N, neither as id nor as merge)" "" \
		"$(awk -F'\t' -v n="$N" '$1 == n || $2 == n' merged.tsv)"
	git -C mr rev-list --first-parent master | sort >line.ids
	is "no row for a commit of the first-parent line (R B C M D M2)" "" "$(comm -12 line.ids m.ids)"
	is "every non-merge commit off the line has a row; nothing else" \
		"$(git -C mr rev-list --no-merges master | sort | comm -23 - line.ids | words)" "$(words <m.ids)"
	want_merged master | sort >all.want
	awk -F'\t' 'NR > 1 { print $1, $2 }' merged.tsv | sort >all.got
	same "each merge's rows are what git lists for it (M: T1 T2 S1, M2: F1)" all.want all.got
	is "the merges in order, oldest first (M's rows, then M2's)" "$M $M2" \
		"$(col merge merged.tsv | uniq | tr '\n' ' ' | sed 's/ $//')"
	is "every row names the repository as given (src)" "mr" "$(col src merged.tsv | sort -u)"
	run git2tsv --merged -H mr
	sed 1d merged.tsv >noh.want
	same "--merged -H: the same rows, no header" noh.want "$T/out"

	# Ranges: A..B, the commits of A hidden (T1 is the pull request's no
	# more); one that leaves the pull request out; one without a merge.
	run git2tsv --merged mr "$T1..master"
	is "--merged T1..master: exit 0" 0 "$rc"
	want_merged master "$T1" | sort >r1.want
	awk -F'\t' 'NR > 1 { print $1, $2 }' "$T/out" | sort >r1.got
	same "--merged T1..master: what git lists for each merge without T1 (T2 S1, then F1)" r1.want r1.got
	is "--merged T1..master: T1 is no row" "" "$(awk -F'\t' -v t="$T1" '$1 == t' "$T/out")"
	# What would change the range's table is refused, not ignored.
	for bad in "-s 2020-01-02" "-u 2020-01-02" --side --merges --tags; do
		run git2tsv --merged $bad mr
		is "--merged $bad: refused, exit 2, said" "2|1" \
			"$rc|$(grep -c '^git2tsv: --merged takes no' "$T/err")"
	done
	run git2tsv --merged -H mr "$M..master"
	is "--merged M..master: F1 alone, by M2" "$F1 $M2" "$(cut -f1,2 "$T/out" | tr '\t' ' ')"
	run git2tsv --merged mr "$M2^1..$M2^1"
	is "--merged of an empty range: the header alone" 1 "$(wc -l <"$T/out")"
	run git2tsv --merged mr "$M..$M2^1"
	is "--merged of a range without a merge (D alone): the header alone" 1 "$(wc -l <"$T/out")"
	# Another tip's first-parent line: topic's holds the nested merge.
	run git2tsv --merged -H mr topic
	is "--merged topic: S1 brought in by N, the merge on topic's line" \
		"$S1 $N 2020-01-06T12:00:00Z Merge branch sub into topic" \
		"$(cut -f1-4 "$T/out" | tr '\t' ' ')"
	# Several tips: newest first, each tip's first-parent line, then its
	# merges oldest first, each taking what git log M^1..M lists and no
	# line nor earlier merge took.  master (M2, newest) comes first: M
	# takes T1, T2 and S1 (through N, a merge inside the branch: into the
	# main line M brought them all), M2 F1; topic's line is left nothing.
	# --all likewise (the latin branch's commit is on its own line).
	printf '%s\n' "$S1 $M" "$T1 $M" "$T2 $M" "$F1 $M2" | sort >tips.want
	is "--merged master topic: the newest tip's merges first, each taking what git log M^1..M lists" \
		"$(cat tips.want)" "$(git2tsv --merged -H mr master topic | cut -f1,2 | tr '\t' ' ' | sort)"
	is "--merged topic master: the same, whatever the order given" \
		"$(cat tips.want)" "$(git2tsv --merged -H mr topic master | cut -f1,2 | tr '\t' ' ' | sort)"
	is "--merged --all: the same" \
		"$(cat tips.want)" "$(git2tsv --merged -H --all mr | cut -f1,2 | tr '\t' ' ' | sort)"
	# Control: the commits table of the same range has one row per
	# commit, no merge column.
	run git2tsv -H mr "$M..master"
	is "control: without --merged, M..master is the commits table (D, F1)" \
		"$(git -C mr rev-list --no-merges "$M..master" | words)" "$(cut -f1 "$T/out" | words)"
	# merge_subject is "that merge's subject": the first paragraph, as
	# git's %s and the subject column of git2tsv --merges read it.
	is "merge_subject of a merge whose first paragraph has two lines is git's %s" \
		"$(git -C mr log -1 --format=%s "$M2")" \
		"$(awk -F'\t' -v m="$M2" '$2 == m { print $4 }' merged.tsv)"
	is "... as the subject column of git2tsv --merges has it" "$(git -C mr log -1 --format=%s "$M2")" \
		"$(git2tsv --merges mr | awk -F'\t' -v m="$M2" '$1 == m { print $5 }')"
else
	skip "git is not installed: no repository for git2tsv --merged"
fi

# ===========================================================================
# 2. git2tsv --side: every row flagged side
# ===========================================================================
if [ "$have_git" = 1 ]; then
	run git2tsv --side mr
	is "--side: exit 0" 0 "$rc"
	cp "$T/out" side.tsv
	n=$(rows side.tsv)
	[ "$n" -ge 6 ]
	ok $? "--side: a row per commit ($n)"
	is "--side: every row's flags is side" "side" "$(col flags side.tsv | sort -u)"
	run git2tsv mr
	is "control: without --side, no row is flagged side" "" \
		"$(col flags "$T/out" | grep -w side)"
	cut -f1-11,13- side.tsv >side.rest
	cut -f1-11,13- "$T/out" >plain.rest
	same "--side changes nothing but the flags" plain.rest side.rest
	run git2tsv --side --merges mr
	is "--side --merges: the merges flagged side too" "side" "$(col flags "$T/out" | sort -u)"
	is "--side --merges: merges are rows (M, N, M2)" 3 "$(col type "$T/out" | grep -c '^merge$')"
	run git2tsv --side mr latin ^master
	is "--side with another flag: cp1252,side (side last)" "cp1252,side" "$(col flags "$T/out")"
	run git2tsv mr latin ^master
	is "control: the same commit without --side: cp1252" "cp1252" "$(col flags "$T/out")"
	cp "$T/out" latin.tsv
	git2tsv --side mr latin ^master >latin-side.tsv
else
	skip "git is not installed: no repository for git2tsv --side"
fi

# ===========================================================================
# 3. patchtok: flags, credits, small root commits
# ===========================================================================
# flags: the input's, as it is (a commit table's and a mail table's).
if [ "$have_git" = 1 ]; then
	run patchtok latin-side.tsv
	is "patchtok: a commit flagged cp1252,side keeps its flags" "cp1252,side" "$(col flags "$T/out")"
	run patchtok latin.tsv
	is "control: the same commit read without --side: cp1252" "cp1252" "$(col flags "$T/out")"
	git2tsv --side mr | patchtok >side.tok
	is "patchtok of git2tsv --side: every patch flagged side" "side" "$(col flags side.tok | sort -u)"
	git2tsv mr | patchtok >plain.tok
	is "control: patchtok of git2tsv: no patch flagged" "" "$(col flags plain.tok | sort -u)"
fi
# A mail table: an RFC patch and a plain one.
mailpatch() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: Ann Example <ann@example.com>\nSubject: %s\n' "$2"
	printf 'Message-ID: <%s>\nDate: Wed, 1 Jan 2020 10:00:00 +0000\n\n' "$1"
	printf 'foo: fix bar\n\nFix it.\n\nSigned-off-by: Bob Builder <bob@example.net>\n'
	printf 'Signed-off-by: Ann Example <ann@example.com>\n---\n'
	printf 'diff --git a/foo.c b/foo.c\n--- a/foo.c\n+++ b/foo.c\n@@ -1 +1,2 @@\n int a;\n+int b;\n\n'
}
{ mailpatch rfc@x '[RFC PATCH] foo: fix bar'; mailpatch plain@x '[PATCH] foo: fix bar'; } >flags.mbox
mbox2tsv -q flags.mbox | patchtok >flags.tok
is "patchtok: a mail's flags pass through (rfc), a plain patch's are empty" "rfc@x:rfc plain@x:" \
	"$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { printf "%s%s:%s", (NR > 2 ? " " : ""), $c["id"], $c["flags"] }' flags.tok)"
is "credits: empty for mails, whatever their Signed-off-by lines say" "|" "$(col credits flags.tok | tr '\n' '|' | sed 's/|$//')"

if [ "$have_git" = 1 ]; then
	# rr: root commits (of 100 and of 101 files), a change of 101 files,
	# a commit whose trailers credit people, and one that credits nobody.
	git init -q -b a rr && cd rr || exit 1
	i=1
	while [ "$i" -le 100 ]; do
		echo "file $i" >f$i.txt
		i=$((i + 1))
	done
	commit 1 'root of 100 files'
	ROOT100=$(git rev-parse HEAD)
	i=1
	while [ "$i" -le 101 ]; do
		echo "more $i" >>f$i.txt
		i=$((i + 1))
	done
	commit 2 'change 101 files'
	CHANGE101=$(git rev-parse HEAD)
	echo credited >>f1.txt
	commit 3 'foo: rework the bar' 'The bar is reworked.  Reviewed-by: in the text is no trailer.

Signed-off-by: Ann Author <ann@example.com>
Co-developed-by: Bob Builder <bob@example.net>
Signed-off-by: Bob Builder <bob@example.net>
Originally-by: Olga Orig <olga@example.net>
Suggested-by: Sam Sugg <sam@example.net>
Reported-by: Rita Rep <rita@example.net>
Reviewed-by: Rev Iewer <rev@example.net>
Acked-by: Ack Er <ack@example.net>
Tested-by: Tess Ter <tess@example.net>
Signed-off-by: ANN AUTHOR <ann@elsewhere.org>
Signed-off-by: A. Author <ANN@Example.COM>
Signed-off-by: Carl Committer <carl@example.org>
Signed-off-by: Someone Else <CARL@Example.ORG>
Co-authored-by: Ann Authorson <annson@example.net>
Reported-by: syzbot+abc@syzkaller.appspotmail.com
Original-patch-by: Pat Orig <pat@example.net>
Based-on-patch-by: Bas Patch <bas@example.net>
Original-author: Oa Thor <oa@example.net>
Written-by: Wri Ter <wri@example.net>
Helped-by: Hel Per <hel@example.net>
reported-by:  Low Case <low@example.net>
Suggested-by: Sam Sugg <sam@example.net>
Link: https://lore.kernel.org/r/x@y
Cc: Cee Cee <cc@example.net>'
	CREDITED=$(git rev-parse HEAD)
	echo nobody >>f2.txt
	commit 4 'foo: tidy the bar' 'Tidied.

Signed-off-by: Ann Author <ann@example.com>
Reviewed-by: Rev Iewer <rev@example.net>
Signed-off-by: Carl Committer <carl@example.org>'
	NOBODY=$(git rev-parse HEAD)
	git checkout -q --orphan b
	git rm -q -rf .
	i=1
	while [ "$i" -le 101 ]; do
		echo "file $i" >g$i.txt
		i=$((i + 1))
	done
	commit 5 'root of 101 files'
	ROOT101=$(git rev-parse HEAD)
	cd "$T" || exit 1
	git2tsv --all rr >rr.tsv

	run patchtok -v rr.tsv
	is "patchtok -v: 5 commits, 4 patches, 1 without a diff (the root of 101 files)" \
		"patchtok: 5 rows, 4 patches, 1 without a diff, 0 with an unreadable diff" "$(cat "$T/err")"
	cp "$T/out" rr.tok
	is "a root commit of 100 files is a patch" "$ROOT100" "$(col id rr.tok | grep -x "$ROOT100")"
	is "... of its 100 files" 100 "$({ tsvfield rr.tok files "$(col id rr.tok | grep -n "$ROOT100" | cut -d: -f1)"; echo; } | wc -l)"
	is "control: a root commit of 101 files is no patch (an import)" "" "$(col id rr.tok | grep -x "$ROOT101")"
	is "control: a commit of 101 files with a parent is a patch" "$CHANGE101" "$(col id rr.tok | grep -x "$CHANGE101")"

	row=$(col id rr.tok | grep -n "$CREDITED" | cut -d: -f1)
	{ tsvfield rr.tok credits "$row"; echo; } >cred.got
	cat >cred.want <<'EOF'
Bob Builder <bob@example.net>
Olga Orig <olga@example.net>
Sam Sugg <sam@example.net>
Rita Rep <rita@example.net>
Ann Authorson <annson@example.net>
syzbot+abc@syzkaller.appspotmail.com
Pat Orig <pat@example.net>
Bas Patch <bas@example.net>
Oa Thor <oa@example.net>
Wri Ter <wri@example.net>
Low Case <low@example.net>
EOF
	same "credits: the credit trailers' people as written, each once, in order; trailer names in any case; not the author (by address or name, any case), the committer, Reviewed-by, Acked-by, Tested-by, Helped-by, Link or Cc" cred.want cred.got
	grep -q 'Ann Authorson' cred.got
	ok $? "credits, control: a name that only begins with the author's is another person"
	is "credits, control: a commit whose trailers name only its author, committer and reviewer: empty" "" \
		"$(tsvfield rr.tok credits "$(col id rr.tok | grep -n "$NOBODY" | cut -d: -f1)")"
	# The committer is the author: Ann commits her own patch; Carl's
	# sign-off is then another's.
	cd rr || exit 1
	git checkout -q a
	echo self >>f3.txt
	at 6
	git add -A
	printf 'foo: self\n\nSigned-off-by: Ann Author <ann@example.com>\nSigned-off-by: Carl Committer <carl@example.org>\n' >"$T/msg"
	GIT_COMMITTER_NAME='Ann Author' GIT_COMMITTER_EMAIL='ann@example.com' git commit -q -F "$T/msg"
	cd "$T" || exit 1
	is "credits: with Ann her own committer, Carl's sign-off is a credit" "Carl Committer <carl@example.org>" \
		"$(git2tsv rr HEAD~1..a 2>/dev/null | patchtok | tsvfield /dev/stdin credits)"
else
	skip "git is not installed: no repository for patchtok's credits and root commits"
fi

# ===========================================================================
# 4. patchsim: repost, retitle, credit, a reply's diff alone
# ===========================================================================
# A patch table by hand: shdr, then
#   srow ID KIND DATE AUTHOR NAME TYPE TITLE MSG CREDITS [ADDED REMOVED]
# Every row changes the one line of e.c alike (the same hunks, another
# hash), so every pair is a candidate (via files) and scores the diff 1;
# messages are one word of the row's own (no two alike: no evidence from
# them); thread is the row's id (no thread between rows); author_date
# the date.
shdr() {
	printf 'id\tkind\tdate\tauthor\tname\ttype\ttitle\tversion\tpart\ttotal\tthread\tauthor_date\tfiles\tadded\tremoved\thash\tupstream\tlinks\tmsg\thunks\tcredits\n'
}
SH='F e.c\te.c\n@ \n-old line\n+new line\n'
srow() {
	_v=
	[ "$2" = mail ] && _v=1
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\t\t%s\t%s\te.c\t%s\t%s\th-%s\t\t\t%s\t%s\t%s\n' \
	    "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$_v" "$1" "$3" "${10:-1}" "${11:-1}" "$1" "$8" "$SH" "$9"
}
# via L R FILE: the via column of pair L R ("-" when there is none).
via() {
	awk -F'\t' -v l="$1" -v r="$2" '$1 == l && $2 == r { v = $8; f = 1 } END { print f ? v : "-" }' "$3"
}
ANN='ann@example.com'
BOB='bob@example.net'
CARL='carl@example.org'

# repost: two mails by one person under one title of four distinct
# words or more (within --version-window): version,repost; fewer words
# (or four with one twice), version alone; another person, or 400 days
# apart, neither.
{
	shdr
	srow p1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'foo: add the bar option' aaaa ''
	srow q1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'foo: fix bar' bbbb ''
	srow d1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'foo: fix foo bar' cccc ''
	srow e1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'foo: fix the bar' dddd ''
} >rp-l.tok
{
	shdr
	srow p2@x mail 2020-01-31T00:00:00Z $ANN 'Ann Example' patch 'foo: add the bar option' eeee ''
	srow p-bob@x mail 2020-01-31T00:00:00Z $BOB 'Bob Builder' patch 'foo: add the bar option' ffff ''
	srow p-far@x mail 2021-02-04T00:00:00Z $ANN 'Ann Example' patch 'foo: add the bar option' gggg ''
	srow q2@x mail 2020-01-31T00:00:00Z $ANN 'Ann Example' patch 'foo: fix bar' hhhh ''
	srow d2@x mail 2020-01-31T00:00:00Z $ANN 'Ann Example' patch 'foo: fix foo bar' iiii ''
	srow e2@x mail 2020-01-31T00:00:00Z $ANN 'Ann Example' patch 'Foo: fix the BAR.' jjjj ''
} >rp-r.tok
run patchsim -F 0 rp-l.tok rp-r.tok
is "patchsim: exit 0" 0 "$rc"
cp "$T/out" rp.pairs
is "repost: one person, one title of 5 distinct words, 30 days apart: version,repost" \
	"files,version,repost" "$(via p1@x p2@x rp.pairs)"
is "repost, control: another person under the title: neither" "files" "$(via p1@x p-bob@x rp.pairs)"
is "repost, control: 400 days apart (--version-window 365): neither" "files" "$(via p1@x p-far@x rp.pairs)"
is "repost: --version-window 400 takes the mail 400 days on" "files,version,repost" \
	"$(patchsim -q -F 0 --version-window 400 rp-l.tok rp-r.tok | via p1@x p-far@x -)"
is "repost, control: a title of 3 words (foo fix bar): version only" "files,version" "$(via q1@x q2@x rp.pairs)"
is "repost, control: 4 words of which 3 distinct (foo fix foo bar): version only" "files,version" \
	"$(via d1@x d2@x rp.pairs)"
is "repost: 4 distinct words (foo fix the bar; case and punctuation aside): version,repost" \
	"files,version,repost" "$(via e1@x e2@x rp.pairs)"
is "repost is between mails: the two titles of other rows do not make one" "files" "$(via p1@x q2@x rp.pairs)"

# retitle: one person's two mails whose titles' summaries (the words
# after leading "prefix: " parts, each a word without blanks) share 70%
# of the distinct words of the one with more, three at least.  The
# summary of t1 has 10 distinct words; t70's shares 7 of its 10, t60's 6.
# (Whole titles, with their prefixes, t70 would share 7 of 13: not 70%.)
TL='erofs-utils: lib: make the cache lookup skip stale entries under heavy load'
T70='fsck: make the cache lookup skip stale entries during light pressure'
T60='fsck: make the cache lookup skip stale items during light pressure'
{
	shdr
	srow t1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch "$TL" aaaa ''
	srow w1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'alpha beta gamma delta: one two three' bbbb ''
	srow x1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'alpha-beta-gamma-delta: one two three' cccc ''
	srow y1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'foo: fix bar' dddd ''
	srow z1@x mail 2020-01-01T00:00:00Z $ANN 'Ann Example' patch 'foo: fix the bar' eeee ''
} >rt-l.tok
{
	shdr
	srow t70@x mail 2020-01-20T00:00:00Z $ANN 'Ann Example' patch "$T70" ffff ''
	srow t60@x mail 2020-01-20T00:00:00Z $ANN 'Ann Example' patch "$T60" gggg ''
	srow t-bob@x mail 2020-01-20T00:00:00Z $BOB 'Bob Builder' patch "$T70" hhhh ''
	srow t-far@x mail 2021-02-04T00:00:00Z $ANN 'Ann Example' patch "$T70" iiii ''
	srow w2@x mail 2020-01-20T00:00:00Z $ANN 'Ann Example' patch 'epsilon zeta eta theta: one two three' jjjj ''
	srow x2@x mail 2020-01-20T00:00:00Z $ANN 'Ann Example' patch 'epsilon-zeta: one two three' kkkk ''
	srow y2@x mail 2020-01-20T00:00:00Z $ANN 'Ann Example' patch 'baz: fix bar' llll ''
	srow z2@x mail 2020-01-20T00:00:00Z $ANN 'Ann Example' patch 'baz: fix the bar' mmmm ''
	srow ct70 commit 2020-01-25T00:00:00Z $ANN 'Ann Example' '' "$T70" nnnn ''
	srow ct60 commit 2020-01-25T00:00:00Z $ANN 'Ann Example' '' "$T60" oooo ''
	srow ct-bob commit 2020-01-25T00:00:00Z $BOB 'Bob Builder' '' "$T70" pppp ''
	srow ct-name commit 2020-01-25T00:00:00Z ann@elsewhere.org 'ANN EXAMPLE' '' "$T70" qqqq ''
} >rt-r.tok
patchsim -q -F 0 rt-l.tok rt-r.tok >rt.pairs
is "retitle: one person's two mails, summaries 70% alike (7 of 10 words): retitle" "files,retitle" \
	"$(via t1@x t70@x rt.pairs)"
is "retitle, control: 60% alike (6 of 10 words): none" "files" "$(via t1@x t60@x rt.pairs)"
is "retitle, control: another person's mail under the 70% title: none" "files" "$(via t1@x t-bob@x rt.pairs)"
is "retitle, control: 400 days apart (--version-window): none" "files" "$(via t1@x t-far@x rt.pairs)"
is "retitle: prefixes without blanks are left out (alpha-beta-gamma-delta: / epsilon-zeta:)" "files,retitle" \
	"$(via x1@x x2@x rt.pairs)"
is "retitle, control: a \"prefix\" with blanks is words of the title (3 of 7 alike): none" "files" \
	"$(via w1@x w2@x rt.pairs)"
is "retitle, control: summaries of 2 words (fix bar), all alike: none (3 words at least)" "files" \
	"$(via y1@x y2@x rt.pairs)"
is "retitle: summaries of 3 words (fix the bar) under other prefixes: retitle" "files,retitle" \
	"$(via z1@x z2@x rt.pairs)"
is "retitle: a mail and a commit by one person, summaries 70% alike: retitle" "files,retitle" \
	"$(via t1@x ct70 rt.pairs)"
is "retitle, control: a mail and a commit by one person, 60% alike: none" "files" "$(via t1@x ct60 rt.pairs)"
is "retitle, control: a mail and another person's commit, 70% alike: none" "files" "$(via t1@x ct-bob rt.pairs)"
is "retitle: a commit by one person by name (another address, other case): retitle" "files,retitle" \
	"$(via t1@x ct-name rt.pairs)"
is "retitle: the same with the commits on the left" "files,retitle files" \
	"$(patchsim -q -F 0 rt-r.tok rt-l.tok >rtr.pairs; echo "$(via ct70 t1@x rtr.pairs) $(via ct60 t1@x rtr.pairs)")"

# credit: a commit by another person whose credits name the mail's
# author (address or name), dated at or after the mail, 365 days at most.
CA='Ann Example <ann@example.com>'
{ shdr; srow k1@x mail 2020-03-01T00:00:00Z $ANN 'Ann Example' patch 'foo: teach the bar' aaaa ''; } >cr-l.tok
{
	shdr
	srow k-after commit 2020-03-11T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' bbbb "$CA"
	srow k-addr commit 2020-03-11T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' cccc 'ANN@EXAMPLE.COM'
	srow k-name commit 2020-03-11T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' dddd 'ann example <ann@elsewhere.org>'
	srow k-among commit 2020-03-11T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' eeee "Bob Builder <$BOB>\\n$CA"
	srow k-same commit 2020-03-01T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' ffff "$CA"
	srow k-365 commit 2021-03-01T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' gggg "$CA"
	srow k-366 commit 2021-03-02T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' hhhh "$CA"
	srow k-before commit 2020-02-29T23:59:59Z $CARL 'Carl Committer' '' 'qux: zap' iiii "$CA"
	srow k-other commit 2020-03-11T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' jjjj "Bob Builder <$BOB>"
	srow k-self commit 2020-03-11T00:00:00Z $ANN 'Ann Example' '' 'qux: zap' kkkk "$CA"
	srow k-none commit 2020-03-11T00:00:00Z $CARL 'Carl Committer' '' 'qux: zap' llll ''
} >cr-r.tok
patchsim -q -F 0 cr-l.tok cr-r.tok >cr.pairs
is "credit: another person's commit crediting the mail's author, 10 days later: credit" "files,credit" \
	"$(via k1@x k-after cr.pairs)"
is "credit: by the address alone (another case)" "files,credit" "$(via k1@x k-addr cr.pairs)"
is "credit: by the name alone (another case, another address)" "files,credit" "$(via k1@x k-name cr.pairs)"
is "credit: the author among other credited people" "files,credit" "$(via k1@x k-among cr.pairs)"
is "credit: the commit the same second as the mail (at or after)" "files,credit" "$(via k1@x k-same cr.pairs)"
is "credit: 365 days after the mail (at most)" "files,credit" "$(via k1@x k-365 cr.pairs)"
is "credit, control: 366 days after: none" "files" "$(via k1@x k-366 cr.pairs)"
is "credit, control: the commit written before the mail (a second): none" "files" "$(via k1@x k-before cr.pairs)"
is "credit, control: credits naming someone else: none" "files" "$(via k1@x k-other cr.pairs)"
is "credit, control: the mail's author's own commit crediting her: none (not another person)" "files" \
	"$(via k1@x k-self cr.pairs)"
is "credit, control: a commit crediting nobody: none" "files" "$(via k1@x k-none cr.pairs)"
is "credit: the same with the commit on the left" "files,credit files" \
	"$(patchsim -q -F 0 cr-r.tok cr-l.tok >crr.pairs; echo "$(via k-after k1@x crr.pairs) $(via k-before k1@x crr.pairs)")"
is "credit: a pair with evidence is written whatever its score (-F 1)" "files,credit" \
	"$(patchsim -q -F 1 cr-l.tok cr-r.tok | via k1@x k-after -)"
is "credit, control: the pair without it is not (-F 1)" "-" \
	"$(patchsim -q -F 1 cr-l.tok cr-r.tok | via k1@x k-before -)"
# Two mails: credits are a commit's.
{ shdr; sed 1d cr-r.tok | sed 's/	commit	/	mail	/'; } >cr-m.tok
is "credit, control: a mail's credits column makes no credit between two mails" "files" \
	"$(patchsim -q -F 0 cr-l.tok cr-m.tok | via k1@x k-after -)"

# A reply's diff is scored by its diff alone (the weight of the message
# is 0); a patch by the usual weight (-w 0.3).  Below the dlr gate a
# reply scores 0 as any pair does.
{
	shdr
	srow y-reply@x mail 2020-04-01T00:00:00Z $ANN 'Ann Example' reply 'foo: some talk' 'some talk about it' ''
	srow y-patch@x mail 2020-04-01T00:00:00Z $ANN 'Ann Example' patch 'foo: some talk' 'some talk about it' ''
} >ry-l.tok
{
	shdr
	srow yc commit 2020-04-05T00:00:00Z $CARL 'Carl Committer' '' 'bar: other' 'entirely other words here' ''
	srow yc-big commit 2020-04-05T00:00:00Z $CARL 'Carl Committer' '' 'bar: other' 'entirely other words here' '' 5 5
} >ry-r.tok
# sc L R FILE: "msg diff score" of a pair.
sc() {
	awk -F'\t' -v l="$1" -v r="$2" '$1 == l && $2 == r { print $3, $4, $6 }' "$3"
}
patchsim -q -F 0 ry-l.tok ry-r.tok >ry.pairs
# shellcheck disable=SC2046
set -- $(sc y-reply@x yc ry.pairs)
is "reply: the score is the diff's (msg $1 left out)" "1.000000 1.000000" "$2 $3"
# shellcheck disable=SC2046
set -- $(sc y-patch@x yc ry.pairs)
is "control: a patch of the same message: 0.3 msg + 0.7 diff" \
	"$(awk -v m="$1" -v d="$2" 'BEGIN { printf "%.6f", 0.3 * m + 0.7 * d }')" "$3"
[ "$3" != "1.000000" ]
ok $? "control: ... which is not the diff alone ($3)"
is "reply: -w 0.9 does not weigh its message either" "1.000000" \
	"$(patchsim -q -F 0 -w 0.9 ry-l.tok ry-r.tok | sc y-reply@x yc - | cut -d' ' -f3)"
is "reply: below the dlr gate (2 lines against 10) it scores 0" "0.000000" \
	"$(sc y-reply@x yc-big ry.pairs | cut -d' ' -f3)"
is "reply: the same with the commit on the left" "1.000000" \
	"$(patchsim -q -F 0 ry-r.tok ry-l.tok | sc yc y-reply@x - | cut -d' ' -f3)"

# ===========================================================================
# 5. ptcluster: credit and retitle pairs, the side branch
# ===========================================================================
# Pairs by hand: fphdr, then fpair LEFT RIGHT MSG DIFF DLR SCORE FDIFF VIA
# (lib.sh); a patch table: chdr, then cpatch ID KIND DATE [FLAGS].
chdr() {
	printf 'id\tkind\tdate\tauthor\ttype\tlist\ttitle\tflags\n'
}
cpatch() {
	printf '%s\t%s\t%s\ta@example.com\tpatch\tl\ttitle of %s\t%s\n' "$1" "$2" "$3" "$1" "${4:-}"
}
# members FILE: the clusters of ptcluster's output as "c: id id ...";
# cl ARGS...: those of ptcluster -q ARGS on one line, "|" between (lib.sh).
# peer ID ARGS...: "peer score via" of ID in ptcluster -q ARGS.
peer() {
	_id=$1
	shift
	ptcluster -q "$@" | awk -F'\t' -v id="$_id" '$2 == id { print $11, $12, $13 }'
}
D1=2020-01-01T00:00:00Z
D2=2020-01-05T00:00:00Z
D3=2020-01-09T00:00:00Z
ACC_NO_CREDIT=hash,upstream,link,date,title,version,repost,retitle
ACC_NO_RETITLE=hash,upstream,link,date,title,version,repost,credit

# A credit alone (score 0.4, far under -t) joins a mail and a commit.
{ chdr; cpatch m1 mail $D1; cpatch c1 commit $D2; } >a.tok
{ fphdr; fpair m1 c1 0.4 0.4 1 0.400000 0.5 files,credit; } >a.tsv
run ptcluster a.tok a.tsv
is "ptcluster: exit 0" 0 "$rc"
is "credit alone (score 0.4, fdiff 0.5): the mail joins the commit" "1: m1 c1" "$(members "$T/out")"
is "credit alone: the audit names it (peer score via)" "c1 0.400000 files,credit" "$(peer m1 a.tok a.tsv)"
is "control: -a without credit: not joined" "1: m1|2: c1" "$(cl -a $ACC_NO_CREDIT a.tok a.tsv)"
is "control: --pasta (hash, upstream, link only): not joined" "1: m1|2: c1" "$(cl --pasta a.tok a.tsv)"

# Its content: fdiff at least --fdiff (0.33), or diff at least
# --credit-content (0.5).
{ chdr; cpatch m2 mail $D1; cpatch c2 commit $D2; } >b.tok
{ fphdr; fpair m2 c2 0.2 0.6 1 0.480000 0.1 files,credit; } >b-diff.tsv
{ fphdr; fpair m2 c2 0.2 0.4 1 0.340000 0.1 files,credit; } >b-low.tsv
is "credit: fdiff 0.1 but diff 0.6 (at least --credit-content 0.5): joined" "1: m2 c2" "$(cl b.tok b-diff.tsv)"
is "credit, control: fdiff 0.1 and diff 0.4: not joined" "1: m2|2: c2" "$(cl b.tok b-low.tsv)"
is "credit: --credit-content 0.4 takes diff 0.4" "1: m2 c2" "$(cl --credit-content 0.4 b.tok b-low.tsv)"
is "credit: --credit-content 0.41 does not" "1: m2|2: c2" "$(cl --credit-content 0.41 b.tok b-low.tsv)"
is "credit: --fdiff 0.1 takes fdiff 0.1" "1: m2 c2" "$(cl --fdiff 0.1 b.tok b-low.tsv)"
is "credit: -D (date content) is not its gate: -D 0.3 does not take diff 0.4" "1: m2|2: c2" \
	"$(cl -D 0.3 b.tok b-low.tsv)"
run ptcluster --credit-content 1.5 b.tok b-low.tsv
is "usage error: --credit-content 1.5 exits 2" 2 "$rc"

# Ranked after every other: m4's credit pair to c4b (dlr 0.3, its score
# 0 in patchsim's column, 0.95 weighed) loses to c4a's plain score of
# 0.85.  Control: without c4a's pair, m4 joins c4b.
{ chdr; cpatch m4 mail $D1; cpatch c4a commit $D2; cpatch c4b commit $D3; } >c.tok
{ fphdr; fpair m4 c4a 0.85 0.85 1 0.850000 0.9 files; fpair m4 c4b 0.95 0.95 0.3 0.000000 0.9 files,credit; } >c.tsv
{ fphdr; fpair m4 c4b 0.95 0.95 0.3 0.000000 0.9 files,credit; } >c-alone.tsv
is "credit ranks after a score: m4 joins c4a (0.85), not the crediting c4b (0.95)" "1: m4 c4a|2: c4b" \
	"$(cl c.tok c.tsv)"
is "control: the credit alone: m4 joins c4b" "1: m4 c4b|2: c4a" "$(cl c.tok c-alone.tsv)"
is "a credit alone is weighed by msg and diff whatever its dlr (0.95)" "c4b 0.950000 files,credit" \
	"$(peer m4 c.tok c-alone.tsv)"

# Step 4: only for a mail whose cluster holds no commit.  m5 and m6 are
# versions; m6 matches c6 by its score, m5 is credited by c5.
{ chdr; cpatch m5 mail $D1; cpatch m6 mail $D2; cpatch c5 commit $D3; cpatch c6 commit $D3; } >d.tok
{
	fphdr
	fpair m5 m6 0.9 0.9 1 0.900000 0.9 files,version
	fpair m6 c6 0.9 0.9 1 0.900000 0.9 files
	fpair m5 c5 0.6 0.6 1 0.600000 0.9 files,credit
} >d.tsv
grep -v '	c6	' d.tsv >d-nocommit.tsv
is "step 4: a mail whose cluster has a commit (m6's c6) does not join its crediting commit c5" \
	"1: m5 m6 c6|2: c5" "$(cl d.tok d.tsv)"
is "control: the versions without a commit join the crediting commit" "1: m5 m6 c5|2: c6" \
	"$(cl d.tok d-nocommit.tsv)"
# Two crediting commits: the best one.
{ chdr; cpatch m7 mail $D1; cpatch c7a commit $D2; cpatch c7b commit $D3; } >e.tok
{ fphdr; fpair m7 c7a 0.6 0.6 1 0.600000 0.9 files,credit; fpair m7 c7b 0.7 0.7 1 0.700000 0.9 files,credit; } >e.tsv
is "step 4: of two crediting commits the better (0.7)" "1: m7 c7b|2: c7a" "$(cl e.tok e.tsv)"

# retitle, mail and commit, alone: accepted when fdiff >= --fdiff, diff
# >= -D or msg >= 0.8; ranked after every other, as credit.
{ chdr; cpatch m8 mail $D1; cpatch c8 commit $D2; } >f.tok
{ fphdr; fpair m8 c8 0.3 0.3 0.3 0.000000 0.5 files,retitle; } >f.tsv
{ fphdr; fpair m8 c8 0.3 0.3 0.3 0.000000 0.1 files,retitle; } >f-low.tsv
{ fphdr; fpair m8 c8 0.85 0.3 0.3 0.000000 0.1 files,retitle; } >f-msg.tsv
{ fphdr; fpair m8 c8 0.3 0.55 0.3 0.000000 0.1 files,retitle; } >f-diff.tsv
is "retitle alone (fdiff 0.5): the mail joins the commit" "1: m8 c8" "$(cl f.tok f.tsv)"
is "control: -a without retitle: not joined" "1: m8|2: c8" "$(cl -a $ACC_NO_RETITLE f.tok f.tsv)"
is "retitle, control: fdiff 0.1, diff 0.3, msg 0.3: not joined" "1: m8|2: c8" "$(cl f.tok f-low.tsv)"
is "retitle: msg 0.85 (at least 0.8) with fdiff 0.1: joined" "1: m8 c8" "$(cl f.tok f-msg.tsv)"
is "retitle: diff 0.55 (at least -D 0.5) with fdiff 0.1: joined" "1: m8 c8" "$(cl f.tok f-diff.tsv)"
# Two mails retitled (a later version): joined in step 3, as versions are.
{ chdr; cpatch m12 mail $D1; cpatch m13 mail $D2; } >j.tok
{ fphdr; fpair m12 m13 0.3 0.3 0.3 0.000000 0.5 files,retitle; } >j.tsv
is "retitle alone between two mails (fdiff 0.5): joined" "1: m12 m13" "$(cl j.tok j.tsv)"
is "control: -a without retitle: apart" "1: m12|2: m13" "$(cl -a $ACC_NO_RETITLE j.tok j.tsv)"
{ chdr; cpatch m9 mail $D1; cpatch c9a commit $D2; cpatch c9b commit $D3; } >g.tok
{ fphdr; fpair m9 c9a 0.85 0.85 1 0.850000 0.9 files; fpair m9 c9b 0.95 0.95 0.3 0.000000 0.9 files,retitle; } >g.tsv
is "retitle ranks after a score: m9 joins c9a (0.85), not c9b (0.95 weighed)" "1: m9 c9a|2: c9b" "$(cl g.tok g.tsv)"
{ fphdr; fpair m9 c9a 0.85 0.85 1 0.850000 0.9 files; fpair m9 c9b 0.95 0.95 1 0.950000 0.9 files,retitle; } >g-score.tsv
is "control: a retitled commit that also scores 0.95 (dlr 1): ranked by its score, c9b" "1: m9 c9b|2: c9a" \
	"$(cl g.tok g-score.tsv)"

# The side branch: a mail's best commit is the main line's, though a
# side branch's copy scores higher; flags tell (the patch table's).
{ chdr; cpatch m10 mail $D1; cpatch c10main commit $D2; cpatch c10side commit $D3 side; } >h.tok
{ chdr; cpatch m10 mail $D1; cpatch c10main commit $D2; cpatch c10side commit $D3; } >h-noflag.tok
{ fphdr; fpair m10 c10main 0.85 0.85 1 0.850000 0.9 files; fpair m10 c10side 0.95 0.95 1 0.950000 0.9 files; } >h.tsv
is "side: the main line's commit (0.85) before the side branch's (0.95)" "1: m10 c10main|2: c10side" \
	"$(cl h.tok h.tsv)"
is "control: the same without the side flag: the higher score (c10side)" "1: m10 c10side|2: c10main" \
	"$(cl h-noflag.tok h.tsv)"
{ fphdr; fpair m10 c10main 0.85 0.85 1 0.850000 0.9 files; fpair m10 c10side 0.95 0.95 1 0.950000 0.9 files,hash; } >h-hash.tsv
is "side: the main line's commit even against the side one's stronger evidence (hash)" \
	"1: m10 c10main|2: c10side" "$(cl h.tok h-hash.tsv)"
grep -v c10main h.tsv >h-side.tsv
is "side: a mail matching only a side branch's commit joins it" "1: m10 c10side|2: c10main" \
	"$(cl h.tok h-side.tsv)"
{ chdr; cpatch m11 mail $D1; cpatch c11main commit $D2; cpatch c11side commit $D3 'next,side'; } >i.tok
{ chdr; cpatch m11 mail $D1; cpatch c11main commit $D2; cpatch c11side commit $D3 'sidecar'; } >i-word.tok
{ fphdr; fpair m11 c11main 0.6 0.6 1 0.600000 0.9 files,credit; fpair m11 c11side 0.8 0.8 1 0.800000 0.9 files,credit; } >i.tsv
is "side, step 4: a crediting main-line commit (0.6) before a side one (0.8; flags next,side)" \
	"1: m11 c11main|2: c11side" "$(cl i.tok i.tsv)"
is "control: flags sidecar is not side: the better (c11side)" "1: m11 c11side|2: c11main" "$(cl i-word.tok i.tsv)"

# ===========================================================================
# 6. mbox2tsv: cites, octet-stream patches, withdraw phrases
# ===========================================================================
# mail ID SUBJECT BODY (printf %b): a reply without a diff.
mail() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: A U Thor <author@example.com>\nSubject: %s\n' "$2"
	printf 'Message-ID: <%s@test>\nIn-Reply-To: <p@test>\nReferences: <p@test>\n' "$1"
	printf 'Date: Thu, 1 Jan 2020 00:00:00 +0000\n\n%b\n\n' "$3"
}
# patchmail ID MESSAGE NOTES ADDED-LINE: a patch; NOTES go below "---".
patchmail() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: A U Thor <author@example.com>\nSubject: [PATCH v3] foo: fix bar\n'
	printf 'Message-ID: <%s@test>\nDate: Thu, 1 Jan 2020 00:00:00 +0000\n\n' "$1"
	printf '%b\n\nSigned-off-by: A U Thor <author@example.com>\n---\n%b\n\n' "$2" "$3"
	printf 'diff --git a/foo.c b/foo.c\n--- a/foo.c\n+++ b/foo.c\n@@ -1 +1,3 @@\n int a;\n+int b;\n'
	printf '+%s\n\n' "$4"
}
# id|cites|body
cat >cites.cases <<'EOF'
c-lore-r|20241002174308.2585690-1-a@b.com|See https://lore.kernel.org/r/20241002174308.2585690-1-a@b.com for the first.
c-lore-list|20240101.1@x.org|Done differently in https://lore.kernel.org/linux-erofs/20240101.1@x.org/ instead.
c-lore-all-thread|t1@x.org|(https://lore.kernel.org/all/t1@x.org/T/#u)
c-lkml|abc@def.ghi|https://lkml.kernel.org/r/abc@def.ghi
c-msgid|p1@q.r m1@q.r|Link: https://patch.msgid.link/p1@q.r and https://msgid.link/m1@q.r
c-inbox|pi1@x.y src1@x.y|https://public-inbox.org/git/pi1@x.y/T/#u, https://inbox.sourceware.org/gcc-patches/src1@x.y/
c-escape|at@x.y sl/ash@x.y|https://lore.kernel.org/r/at%40x.y and https://lore.kernel.org/r/sl%2Fash@x.y
c-angle|angle@x.y|https://lore.kernel.org/r/%3Cangle@x.y%3E
c-once|d@x e@x|https://lore.kernel.org/r/d@x, https://lore.kernel.org/all/d@x/\nand https://lore.kernel.org/r/e@x (https://lkml.kernel.org/r/d@x).
c-quoted|own@x|On Monday B wrote:\n> https://lore.kernel.org/r/quoted@x\n  > https://lore.kernel.org/r/q2@x\nMine: https://lore.kernel.org/r/own@x
c-no-at||https://lore.kernel.org/linux-erofs/ and https://lore.kernel.org/all/?q=foo
c-other-host||https://github.com/a/b@c https://example.com/r/e@x https://bugzilla.example.org/show/y@z/
c-patchwork|y@z cov@z|https://patchwork.kernel.org/project/x/patch/y@z/ and https://patchwork.ozlabs.org/project/ltp/cover/cov@z/ (not https://patchwork.ozlabs.org/patch/1234567/)
c-no-link||lore.kernel.org/r/bare@x is no link; nor is <bare2@x>.
c-in-angles|ang@x|As said in <https://lore.kernel.org/r/ang@x>, it is.
c-host-label||https://explore.example.com/@someone and https://folklore.org/story/x@y
c-too-long||https://lore.kernel.org/r/a@xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
EOF
# A link that ends a sentence: its period is no part of the id (a
# Message-ID does not end in a dot, RFC 5322's dot-atom).
cat >cites-dot.cases <<'EOF'
c-dot|m1@q.r|Superseded by https://msgid.link/m1@q.r.
c-dot-lore|20240101.1-1-a@b.com|See https://lore.kernel.org/r/20240101.1-1-a@b.com.
EOF
# A query or a fragment is no part of the link's path (an id holding
# '#' or '?' is written %23, %3F in a link).
cat >cites-query.cases <<'EOF'
c-fragment|abc@x|https://lore.kernel.org/r/abc@x#t
c-query|q@x|https://lore.kernel.org/r/q@x?x=1
EOF
while IFS='|' read -r id want body; do
	mail "$id" 'Re: [PATCH] foo: fix bar' "$body"
done <cites.cases >cites.mbox
while IFS='|' read -r id want body; do
	mail "$id" 'Re: [PATCH] foo: fix bar' "$body"
done <cites-dot.cases >>cites.mbox
while IFS='|' read -r id want body; do
	mail "$id" 'Re: [PATCH] foo: fix bar' "$body"
done <cites-query.cases >>cites.mbox
{
	patchmail p-cites 'foo: fix bar\n\nAfter https://lore.kernel.org/r/msg@x/ it is.' \
	    'v3: as asked in https://lore.kernel.org/r/notes@x' '/* https://lore.kernel.org/r/diff@x */'
	patchmail p-diff-only 'foo: fix bar' 'v3: rebased' '/* https://lore.kernel.org/r/diff@x */'
} >>cites.mbox
printf 'p-cites|msg@x notes@x\np-diff-only|\n' >>cites.cases
# Many links: 20 ids (at most 16 written), and three links to one id
# before them (each once; the 16 are ids, not links).
many=$(i=1; while [ $i -le 20 ]; do printf 'https://lore.kernel.org/r/id%d@x\\n' $i; i=$((i + 1)); done)
mail c-many 'Re: foo' "$many" >>cites.mbox
mail c-many-repeated 'Re: foo' "https://lore.kernel.org/r/id1@x\\nhttps://lore.kernel.org/r/id1@x\\nhttps://lore.kernel.org/r/id1@x\\n$many" >>cites.mbox
run mbox2tsv cites.mbox
is "cites: exit 0" 0 "$rc"
cp "$T/out" cites.tsv
is "cites: the column is there, before said, hashes, parts, src, aliases and the sender" "cites said hashes parts src aliases sender_name sender_addr" "$(head -1 cites.tsv | tr '\t' '\n' | tail -8 | tr '\n' ' ' | sed 's/ $//')"
while IFS='|' read -r id want body; do
	is "cites: $id" "$want" "$(awk -F'\t' -v id="$id@test" '$1 == id { print $20 }' cites.tsv)"
done <cites.cases
while IFS='|' read -r id want body; do
	is "cites: $id (a period ending the sentence)" "$want" \
		"$(awk -F'\t' -v id="$id@test" '$1 == id { print $20 }' cites.tsv)"
done <cites-dot.cases
while IFS='|' read -r id want body; do
	is "cites: $id (a query or fragment: no part of the path)" "$want" \
		"$(awk -F'\t' -v id="$id@test" '$1 == id { print $20 }' cites.tsv)"
done <cites-query.cases
sixteen=$(i=1; while [ $i -le 16 ]; do printf 'id%d@x ' $i; i=$((i + 1)); done)
is "cites: at most 16, the first ones" "${sixteen% }" \
	"$(awk -F'\t' '$1 == "c-many@test" { print $20 }' cites.tsv)"
is "cites: at most 16 ids, a repeated link not counted again" "${sixteen% }" \
	"$(awk -F'\t' '$1 == "c-many-repeated@test" { print $20 }' cites.tsv)"

# A patch attached as application/octet-stream named "patch" or "x.diff"
# is read as the patch's diff; under other names it is not.
# attached ID SUBJECT TYPE NAME: a mail with a text part and the attachment.
attached() {
	printf 'From someone@example.com Thu Jan  1 00:00:00 2020\n'
	printf 'From: A U Thor <author@example.com>\nSubject: %s\n' "$2"
	printf 'Message-ID: <%s@test>\n' "$1"
	case $2 in Re:*) printf 'In-Reply-To: <p@test>\nReferences: <p@test>\n' ;; esac
	printf 'Date: Thu, 1 Jan 2020 00:00:00 +0000\nMIME-Version: 1.0\n'
	printf 'Content-Type: multipart/mixed; boundary="BB"\n\n--BB\n'
	printf 'Content-Type: text/plain; charset=us-ascii\n\nfoo: fix bar\n\nThe fix is attached.\n\n--BB\n'
	printf 'Content-Type: %s; name="%s"\nContent-Disposition: attachment; filename="%s"\n\n' "$3" "$4" "$4"
	printf 'diff --git a/foo.c b/foo.c\n--- a/foo.c\n+++ b/foo.c\n@@ -1 +1,2 @@\n int a;\n+int b;\n\n--BB--\n\n'
}
OS=application/octet-stream
{
	attached a-patch '[PATCH] foo: fix bar' $OS patch
	attached a-diff '[PATCH] foo: fix bar' $OS x.diff
	attached a-reply 'Re: [PATCH] foo: fix bar' $OS patch
	attached a-bin '[PATCH] foo: fix bar' $OS data.bin
	attached a-txt '[PATCH] foo: fix bar' $OS patch.txt
	attached a-patches '[PATCH] foo: fix bar' $OS patches
} >att.mbox
# The text part cites; the attached diff's lines do not.
attached a-cites '[PATCH] foo: fix bar' $OS patch |
    sed 's|^The fix is attached\.$|As in https://lore.kernel.org/r/text@x|; s|^+int b;$|+/* https://lore.kernel.org/r/diff@x */|' >>att.mbox
run mbox2tsv att.mbox
is "attachments: exit 0" 0 "$rc"
cp "$T/out" att.tsv
DIFF='diff --git a/foo.c b/foo.c
--- a/foo.c
+++ b/foo.c
@@ -1 +1,2 @@
 int a;
+int b;'
# att ID: "type|diff" of a mail of att.tsv (the diff unescaped, its
# trailing newlines dropped).
att() {
	r=$(col id att.tsv | grep -n "^$1@test\$" | cut -d: -f1)
	echo "$(tsvfield att.tsv type "$r")|$(tsvfield att.tsv diff "$r")"
}
is "octet-stream named patch: a patch, its diff read" "patch|$DIFF" "$(att a-patch)"
is "octet-stream named x.diff: a patch, its diff read" "patch|$DIFF" "$(att a-diff)"
is "octet-stream named patch in a reply: its diff read" "reply|$DIFF" "$(att a-reply)"
is "control: octet-stream named data.bin: not read (no diff)" "other|" "$(att a-bin)"
is "control: octet-stream named patch.txt: not read" "other|" "$(att a-txt)"
is "control: octet-stream named patches: not read" "other|" "$(att a-patches)"
case $(att a-cites) in
*'+/* https://lore.kernel.org/r/diff@x */'*) ok 0 "a patch attached with a link in its diff: the diff read" ;;
*) ok 1 "a patch attached with a link in its diff: the diff read" ;;
esac
is "cites of a patch attached: the text part's link, not the diff's" "text@x" \
	"$(awk -F'\t' '$1 == "a-cites@test" { print $20 }' att.tsv)"

# Withdraw: the newer phrases (a next version on its way, rejected in
# patchwork), and their controls.
cat >wd.cases <<'EOF'
w-come-shortly|withdraw|v4 will come shortly
w-come-sentence|withdraw|Thanks for the review. v4 will come shortly.
w-will-follow|withdraw|A new version will follow.
w-patchwork|withdraw|=> rejecting this in patchwork
w-coming-soon|withdraw|PATCH v5 (coming soon)
w-marked|withdraw|I marked it as rejected.
c-handy||Thanks, the patch will come in handy.
c-come-back||I will come back to this later.
c-if||If you agree, v4 will come shortly.
c-question||Will a new version follow?
c-quoted||> v4 will come shortly.\nGood.
c-patchwork-other||Patchwork is rejecting this mail for its size.
EOF
while IFS='|' read -r id want body; do
	mail "$id" 'Re: [PATCH v3] foo: fix bar' "$body"
done <wd.cases >wd.mbox
{
	patchmail p-notes 'foo: fix bar\n\nFix it.' 'v3: rebased\n\nA new version will follow.' 'int c;'
	patchmail p-message 'foo: fix bar\n\nA new version will follow.' 'v3: rebased' 'int c;'
} >>wd.mbox
printf 'p-notes|withdraw\np-message|\n' >>wd.cases
run mbox2tsv wd.mbox
is "withdraw: exit 0" 0 "$rc"
cp "$T/out" wd.tsv
while IFS='|' read -r id want body; do
	is "withdraw: $id" "$want" "$(awk -F'\t' -v id="$id@test" '$1 == id { print $16 }' wd.tsv)"
done <wd.cases

# ===========================================================================
# 7. patchtrack: the other branches as a side segment
# ===========================================================================
if [ "$have_git" = 1 ]; then
	# pw: master (an import, two changes), topic (one commit master
	# lacks), old (merged: an ancestor of master).  The list holds the
	# postings of master's two changes and of topic's commit, made by git
	# format-patch, each given a Message-ID.
	git init -q -b master pw && cd pw || exit 1
	lines 1 20 main >main.c
	lines 1 20 util >util.c
	commit 1 'Initial import'
	lines 1 5 extra >>main.c
	commit 3 'main: add the extra lines' 'More lines for main.'
	git branch old
	git checkout -q -b topic
	lines 1 6 quux >>util.c
	commit 5 'util: add the quux helper' 'The quux helper does quux things.'
	git checkout -q master
	lines 1 4 more >>main.c
	commit 6 'main: more lines' 'Even more lines.'
	# posting REV ID: the mail of commit REV, Message-ID <ID>.
	posting() {
		git format-patch -q --stdout -1 "$1" |
		    awk -v id="$2" '{ print } !done && /^Subject:/ { print "Message-ID: <" id ">"; done = 1 }'
	}
	{
		posting master~1 extra@test
		posting master more@test
		posting topic quux@test
	} >"$T/list.mbox"
	cd "$T" || exit 1
	git clone -q --bare pw repo.git
	HEAD_SHA=$(git -C repo.git rev-parse master)
	TOPIC_SHA=$(git -C repo.git rev-parse topic)

	pt() {
		PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -q "$@"
	}
	# verdict DIR ID: "verdict detail" of a mail in DIR's reports/patches.tsv.
	verdict() {
		awk -F'\t' -v id="$2" '$1 == id { print $6 "|" $7 }' "$1/reports/patches.tsv"
	}
	# Every table's time and size (the reports are made on every run).
	snap() {
		(cd "$1" && find . -type f ! -name lock ! -path './reports/*' ! -name 'report.*' \
		    -printf '%P %T@ %s\n' | sort)
	}

	run pt -o pt-out -r master repo.git list.mbox
	is "patchtrack with a side branch: exit 0" 0 "$rc"
	[ "$rc" -eq 0 ] || tail -5 "$T/err" | sed 's/^/# /'
	[ -s pt-out/commits/side.tsv ]
	ok $? "commits/side.tsv is written"
	is "side.tsv: the commits of the other branches master lacks (topic's; old is merged)" \
		"$TOPIC_SHA" "$(col id pt-out/commits/side.tsv)"
	is "side.tsv: its rows flagged side" "side" "$(col flags pt-out/commits/side.tsv | sort -u)"
	is "commits/SIDE: the head, then the tips read (topic's), then the branches read (topic)" \
		"$HEAD_SHA $TOPIC_SHA|topic|2" \
		"$(sed -n '1s/ $//p' pt-out/commits/SIDE)|$(sed -n 2p pt-out/commits/SIDE)|$(wc -l <pt-out/commits/SIDE)"
	is "control: the main line's segment (s1) holds no side commit" "" \
		"$(col flags pt-out/commits/s1.tsv | grep -w side)$(col id pt-out/commits/s1.tsv | grep -x "$TOPIC_SHA")"
	is "reports/patches.tsv: the posting of topic's commit is applied (on a side branch)" \
		"applied|$TOPIC_SHA, on a side branch (not the main line)" "$(verdict pt-out quux@test)"
	is "control: a posting of a main-line commit is merged" \
		"merged|$(git -C repo.git rev-parse master~1)" "$(verdict pt-out extra@test)"
	is "clusters.tsv: the posting and topic's commit in one cluster" 2 \
		"$(awk -F'\t' -v c="$TOPIC_SHA" '$2 == c { print $9 + $10 }' pt-out/clusters.tsv)"
	grep -q '^applied	1	' pt-out/reports/summary.tsv
	ok $? "reports/summary.tsv counts one patch applied"

	run pt -o main-only --main-only -r master repo.git list.mbox
	is "--main-only: exit 0" 0 "$rc"
	is "--main-only: no side.tsv (commits/: FROM HEADS SIDE s1.*)" "FROM HEADS SIDE s1.merged.tsv s1.tok s1.tsv" \
		"$(ls main-only/commits | tr '\n' ' ' | sed 's/ $//')"
	v=$(verdict main-only quux@test)
	case $v in ''|applied*|merged*) ok 1 "--main-only: the posting of topic's commit is neither applied nor merged ($v)" ;;
	*) ok 0 "--main-only: the posting of topic's commit is neither applied nor merged (${v%%|*})" ;; esac
	is "--main-only: topic's commit is no patch of clusters.tsv" "" \
		"$(col id main-only/clusters.tsv | grep -x "$TOPIC_SHA")"

	if normal_pass "a re-run with nothing new, a moved branch, --main-only on a folder used before"; then
		snap pt-out >snap1
		sleep 1
		run pt -o pt-out -r master repo.git list.mbox
		is "a second run with nothing new: exit 0" 0 "$rc"
		snap pt-out >snap2
		same "a second run with nothing new makes no table again (every table's time and size)" snap1 snap2

		# topic moves on: a new commit.
		cd pw || exit 1
		git checkout -q topic
		lines 1 3 quuux >>util.c
		commit 7 'util: add the quuux helper' 'Another helper.'
		git checkout -q master
		cd "$T" || exit 1
		git -C pw push -q "$T/repo.git" topic
		TOPIC2=$(git -C repo.git rev-parse topic)
		cp pt-out/commits/side.tsv side.before
		run pt -o pt-out -r master repo.git list.mbox
		is "after topic moved: exit 0" 0 "$rc"
		snap pt-out >snap3
		cmp -s side.before pt-out/commits/side.tsv
		ok $((!$?)) "after topic moved: side.tsv is read again (its table changes)"
		is "after topic moved: side.tsv holds topic's two commits" \
			"$(git -C repo.git rev-list topic ^master | words)" "$(col id pt-out/commits/side.tsv | words)"
		is "after topic moved: SIDE names the new tip" "$HEAD_SHA $TOPIC2" "$(sed -n '1s/ $//p' pt-out/commits/SIDE)"
		# (snap's lines begin with the path)
		grep '^commits/s1\.tsv ' snap2 >s1.before
		grep '^commits/s1\.tsv ' snap3 >s1.after
		[ -s s1.before ]
		ok $? "after topic moved: the snapshots hold the main line's segment (commits/s1.tsv)"
		same "after topic moved: the main line's segment is not read again" s1.before s1.after
		is "after topic moved: the posting is still applied" "applied" "$(verdict pt-out quux@test | cut -d'|' -f1)"

		# The folder used before, now --main-only: the side segment goes.
		run pt -o pt-out --main-only -r master repo.git list.mbox
		is "--main-only on a folder with a side segment: exit 0" 0 "$rc"
		[ ! -e pt-out/commits/side.tsv ] && [ ! -e pt-out/commits/side.tok ]
		ok $? "--main-only on a folder with a side segment: side.tsv and side.tok removed"
		v=$(verdict pt-out quux@test)
		case $v in ''|applied*) ok 1 "--main-only on the folder: the posting is applied no more ($v)" ;;
		*) ok 0 "--main-only on the folder: the posting is applied no more (${v%%|*})" ;; esac
		run pt -o pt-out -r master repo.git list.mbox
		is "and back to the branches: side.tsv again, the posting applied" "0 applied" \
			"$rc $(verdict pt-out quux@test | cut -d'|' -f1)"
	fi
else
	skip "git is not installed: no repository for patchtrack's side branches"
fi

done_testing
