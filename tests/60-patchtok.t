#!/bin/sh
# patchtok: one row per patch from mail tables (the real mails in
# tests/data/mail) and commit tables (the fixture repository); counts,
# files, line counts (against git's), the hunks and msg fields, the
# content hash under whitespace damage, pass-through columns, bad input
# and the command line; then the shared corpus of broken mail.
. "$(dirname "$0")/lib.sh"

M=$DATA/mail
cd "$T" || exit 1

# col FILE NAME: the number of a column, from the header.
col() {
	head -1 "$1" | tr '\t' '\n' | grep -nx "$2" | cut -d: -f1
}

# summary FILE: "N P M K" from patchtok's summary line in FILE.
summary() {
	sed -n 's/^patchtok: \([0-9]*\) rows, \([0-9]*\) patches, \([0-9]*\) without a diff, \([0-9]*\) with an unreadable diff$/\1 \2 \3 \4/p' "$1"
}

# --- command line -------------------------------------------------------
run patchtok --help
is "--help exits 0" 0 "$rc"
grep -q '^usage: patchtok' "$T/out"
ok $? "--help prints the usage on stdout"
run patchtok --no-such-option
is "an unknown option exits 2" 2 "$rc"
grep -q '^usage: patchtok' "$T/err"
ok $? "an unknown option prints the usage on stderr"
run patchtok -V
grep -q '^patchtok (patchtrack) ' "$T/out"
ok $? "--version"
run patchtok "$T/missing.tsv"
is "a missing file exits 2" 2 "$rc"
grep -q "missing.tsv" "$T/err"
ok $? "a missing file is named on stderr"

# --- mails: one row per patch, the rest counted --------------------------
mbox2tsv -q "$M"/*.eml "$M"/patchwork_* "$M"/git-t5100_* >mails.tsv
run patchtok -v mails.tsv
is "real mails: exit 0" 0 "$rc"
cp "$T/out" mails.tok
printf 'id\tkind\tdate\tauthor\ttype\tlist\ttitle\tfiles\tadded\tremoved\thash\tupstream\tlinks\tmsg\thunks\tname\tversion\tpart\ttotal\tthread\tnew\tauthor_date\tpaths\tflags\tcredits\tblobs\n' >hdr.want
head -1 mails.tok >hdr
same "header names the documented columns" hdr.want hdr

d=$(col mails.tsv diff)
nrows=$(rows mails.tsv)
nodiff=$(awk -F'\t' -v d="$d" 'NR > 1 && $d == "" { n++ } END { print n + 0 }' mails.tsv)
set -- $(summary "$T/err")
is "summary: N rows, P patches, M without a diff, K unreadable" 4 "$#"
is "summary: every input row counted" "$nrows" "$1"
is "summary: patches are the rows written" "$(rows mails.tok)" "$2"
is "summary: rows without a diff are the empty diffs" "$nodiff" "$3"
is "summary: nothing unreadable in these mails" 0 "$4"
is "summary: the counts add up" "$1" $(($2 + $3 + $4))
[ "$(rows mails.tok)" -ge 30 ] && [ "$nodiff" -ge 10 ]
ok $? "the sample has both kinds: $(rows mails.tok) patches, $nodiff without a diff"
awk -F'\t' -v d="$d" 'NR > 1 && $d != "" { print $1 }' mails.tsv >ids.want
cut -f1 mails.tok | sed 1d >ids
same "one row per mail with a diff, in input order" ids.want ids
is "kind is mail for a mail table" "mail" "$(cut -f2 mails.tok | sed 1d | sort -u)"

# The hunks field: F/@/-/+ lines, starting with a file; its + and - lines
# are the added and removed counts.
badfmt=0 badcount=0
i=0
while [ "$i" -lt "$(rows mails.tok)" ]; do
	i=$((i + 1))
	tsvfield mails.tok hunks "$i" >h
	if [ -s h ] && { ! head -1 h | grep -q '^F ' ||
	    grep -qv '^F [^	]*	[^	]*$\|^@ \|^-\|^+' h; }; then
		badfmt=$((badfmt + 1))
		diag "bad hunks field in row $i"
	fi
	if [ "$(grep -c '^+' h)" != "$(tsvfield mails.tok added "$i")" ] ||
	    [ "$(grep -c '^-' h)" != "$(tsvfield mails.tok removed "$i")" ]; then
		badcount=$((badcount + 1))
		diag "row $i: + and - lines of hunks differ from added/removed"
	fi
done
is "every hunks field: F, @, -, + lines, first a file" 0 "$badfmt"
is "every hunks field: its + and - lines are added and removed" 0 "$badcount"

# paths: the F lines of hunks, nothing else (what ptreport reads).
badpaths=0
i=0
while [ "$i" -lt "$(rows mails.tok)" ]; do
	i=$((i + 1))
	tsvfield mails.tok hunks "$i" | grep '^F ' >f.want
	{ tsvfield mails.tok paths "$i"; echo; } | sed '/^$/d' >f.got
	cmp -s f.want f.got || { badpaths=$((badpaths + 1)); diag "row $i: paths is not the F lines of hunks"; }
done
is "every paths field: the F lines of hunks" 0 "$badpaths"

# added/removed against git apply --numstat on the same diff (where git
# can read it: the fuzzed mails are skipped).
compared=0 differ=0 i=0 j=0
while [ "$i" -lt "$nrows" ]; do
	i=$((i + 1))
	tsvfield mails.tsv diff "$i" >p.diff
	[ -s p.diff ] || continue
	j=$((j + 1))
	git apply --numstat p.diff >ns 2>/dev/null || continue
	want=$(awk '{ a += ($1 == "-" ? 0 : $1); r += ($2 == "-" ? 0 : $2) } END { print a + 0, r + 0 }' ns)
	got="$(tsvfield mails.tok added "$j") $(tsvfield mails.tok removed "$j")"
	compared=$((compared + 1))
	if [ "$want" != "$got" ]; then
		differ=$((differ + 1))
		diag "row $i ($(tsvfield mails.tsv id "$i")): git says $want, patchtok $got"
	fi
done
[ "$compared" -ge 20 ]
ok $? "git apply read $compared of the diffs"
is "added and removed agree with git apply --numstat" 0 "$differ"

# A signature after the last hunk is no removed line: the real mail's
# diffstat says 4 insertions, 2 deletions, and its diff ends in "-- ".
sig=$M/duplicate-message-id_linux-sparse-02473.eml
mbox2tsv -q "$sig" >sig.tsv
tsvfield sig.tsv diff | tail -3 | head -1 | grep -qx -- '-- '
ok $? "the mail's diff field ends in a signature"
want=$(sed -n 's/^ 1 file changed, \([0-9]*\) insertions(+), \([0-9]*\) deletions(-)$/\1 \2/p' "$sig")
patchtok -q sig.tsv >sig.tok
is "signature: the counts of the diffstat" "$want" \
	"$(tsvfield sig.tok added) $(tsvfield sig.tok removed)"

# --- whitespace damage leaves the hash alone ------------------------------
# Tabs become spaces and trailing blanks go, in the diff lines only (so
# empty context lines lose their leading blank), as mailers do; the mail
# stays a valid mail.
sed '/^diff --git/,/^-- $/{
	/^-- $/!{
		s/	/    /g
		s/[[:blank:]]*$//
	}
}' "$sig" >damaged.eml
mbox2tsv -q damaged.eml >damaged.tsv
tsvfield sig.tsv diff >d1
tsvfield damaged.tsv diff >d2
! cmp -s d1 d2 && ! grep -q '	' d2 && grep -qx '' d2
ok $? "the damaged copy's diff has no tab and empty context lines"
patchtok -q damaged.tsv >damaged.tok
is "whitespace damage: the same hash" "$(tsvfield sig.tok hash)" "$(tsvfield damaged.tok hash)"
is "whitespace damage: the same counts" "4 2" \
	"$(tsvfield damaged.tok added) $(tsvfield damaged.tok removed)"
case $(tsvfield sig.tok hash) in
[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*)
	[ "$(tsvfield sig.tok hash | wc -c)" -eq 32 ]
	ok $? "the hash is 32 hex digits" ;;
*) ok 1 "the hash is 32 hex digits" ;;
esac
sed 's|^+#include <linux/compiler.h>$|+#include <linux/compiler.g>|' "$sig" >changed.eml
! cmp -s "$sig" changed.eml
ok $? "one character of an added line changed"
mbox2tsv -q changed.eml | patchtok -q >changed.tok
[ "$(tsvfield sig.tok hash)" != "$(tsvfield changed.tok hash)" ]
ok $? "a changed character in an added line changes the hash"

# Files in any order, the same hash; another file name, another hash.
{
	printf 'id\tdiff\n'
	printf 'ab\t--- a/a.c\\n+++ b/a.c\\n@@ -1 +1 @@\\n-x\\n+y\\n--- a/b.c\\n+++ b/b.c\\n@@ -1 +1 @@\\n-u\\n+v\\n\n'
	printf 'ba\t--- a/b.c\\n+++ b/b.c\\n@@ -1 +1 @@\\n-u\\n+v\\n--- a/a.c\\n+++ b/a.c\\n@@ -1 +1 @@\\n-x\\n+y\\n\n'
	printf 'ac\t--- a/a.c\\n+++ b/a.c\\n@@ -1 +1 @@\\n-x\\n+y\\n--- a/c.c\\n+++ b/c.c\\n@@ -1 +1 @@\\n-u\\n+v\\n\n'
} >order.tsv
patchtok -q order.tsv >order.tok
is "files in another order: the same hash" "$(tsvfield order.tok hash 1)" "$(tsvfield order.tok hash 2)"
[ "$(tsvfield order.tok hash 1)" != "$(tsvfield order.tok hash 3)" ]
ok $? "another file name: another hash"

# --- the message and the hunks of a mail made for it ---------------------
cat >trailers.eml <<'EOF'
From: A U Thor <author@example.com>
To: list@example.com
Subject: [PATCH v2 1/3] foo: fix the bar
Date: Thu, 2 Jan 2020 10:00:00 +0000
Message-ID: <trailers@example.com>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

foo: fix the bar

The bar was broken   
  when the baz was NULL.

Note: this line stays.
Cc: stable@vger.kernel.org
Fixes: 0123456789ab ("foo: add the bar")
Link: https://lore.kernel.org/r/1234@example.com
BugLink: https://bugs.example.com/1
Change-Id: I0123456789abcdef
Message-Id: <x@example.com>
Reported-by: R <r@example.com>
Suggested-by: S <s@example.com>
Co-developed-by: C <c@example.com>
Signed-off-by: A U Thor <author@example.com>
Acked-by: B <b@example.com>
Reviewed-by: V <v@example.com>
Tested-by: T <t@example.com>
foo: fix the bar
---
v2: merged the hunks
 foo.c | 7 ++++---
 1 file changed, 4 insertions(+), 3 deletions(-)

diff --git a/foo.c b/foo.c
index 1111111..2222222 100644
--- a/foo.c
+++ b/foo.c
@@ -1,4 +1,4 @@ int bar(void)
     int a;
-    a = 1;
+    a = 2;
     return a;
 }
@@ -10,4 +10,4 @@ int baz(void)
     int b;
-    b = 1;
+    b = 2;
     return b;
 }
@@ -20,4 +20,5 @@ int bar(void)
     int c;
-    c = 1;
+    c = 2;
+    c++;
     return c;
 }
-- 
2.30.0

EOF
mbox2tsv -q trailers.eml >trailers.tsv
run patchtok trailers.tsv
cp "$T/out" trailers.tok
printf 'foo: fix the bar\nThe bar was broken\nwhen the baz was NULL.\nNote: this line stays.\nfoo: fix the bar' >msg.want
tsvfield trailers.tok msg >msg
same "msg: title, stripped body lines, no trailers, the repeated title once" msg.want msg
is "title: the subject without its tags" "foo: fix the bar" "$(tsvfield trailers.tok title)"
printf 'F foo.c\tfoo.c\n@ int bar(void)\n-    a = 1;\n-    c = 1;\n+    a = 2;\n+    c = 2;\n+    c++;\n@ int baz(void)\n-    b = 1;\n+    b = 2;\n' >hunks.want
tsvfield trailers.tok hunks >hunks
same "hunks: same-heading hunks merged, context and numbers gone" hunks.want hunks
is "added/removed: the signature after the last hunk is not counted" "4 3" \
	"$(tsvfield trailers.tok added) $(tsvfield trailers.tok removed)"
tsvfield trailers.tsv diff | git apply --numstat >ns
is "git apply counts the same" "4	3	foo.c" "$(cat ns)"

# A message whose first body line is not the title keeps all its lines.
sed 's/^foo: fix the bar$/foo: fix the bar!/' trailers.eml | mbox2tsv -q | patchtok -q >t2.tok
tsvfield t2.tok msg | head -2 >msg2
printf 'foo: fix the bar\nfoo: fix the bar!\n' >msg2.want
same "msg: a first line that is not the title stays" msg2.want msg2

# --- a file name with a newline in it ------------------------------------
# git format-patch's mail for a file "doc/odd<newline>name.txt" (git
# quotes such a name).  In hunks its name is escaped as a field is, so
# the F line stays one line; patchsim reads the row (it named it bad),
# and two versions of the patch pair up on both files.
cat >oddname.eml <<'EOF'
From 9a9f141907e8f4c90972116a1c2013e2e8703797 Mon Sep 17 00:00:00 2001
From: A U Thor <author@example.com>
Date: Thu, 3 Dec 2020 21:12:41 +0000
Subject: [PATCH] doc: fix the odd file
Message-ID: <oddname-v1@example.com>

---
 "doc/odd\nname.txt" | 2 +-
 main.c              | 2 +-
 2 files changed, 2 insertions(+), 2 deletions(-)

diff --git "a/doc/odd\nname.txt" "b/doc/odd\nname.txt"
index 4cb29ea..f04eb26 100644
--- "a/doc/odd\nname.txt"
+++ "b/doc/odd\nname.txt"
@@ -1,3 +1,3 @@
 one
-two
+2
 three
diff --git a/main.c b/main.c
index 6d1a0d4..becfe27 100644
--- a/main.c
+++ b/main.c
@@ -1 +1 @@
-int x;
+int x = 1;
-- 
2.39.5

EOF
{
	cat oddname.eml
	sed -e 's/oddname-v1/oddname-v2/' -e 's/\[PATCH\]/[PATCH v2]/' \
	    -e 's/^Date: Thu, 3 Dec 2020/Date: Fri, 4 Dec 2020/' oddname.eml
} >oddname.mbox
mbox2tsv -q oddname.mbox >oddname.tsv
run patchtok -q oddname.tsv
cp "$T/out" oddname.tok
is "a newline in a file name: exit 0, nothing said" "0|" "$rc|$(cat "$T/err")"
printf 'F doc/odd\\nname.txt\tdoc/odd\\nname.txt\n@ \n-two\n+2\nF main.c\tmain.c\n@ \n-int x;\n+int x = 1;\n' >oddhunks.want
tsvfield oddname.tok hunks 1 >oddhunks
same "a newline in a file name: escaped in its F line, which stays whole" oddhunks.want oddhunks
printf 'F doc/odd\\nname.txt\tdoc/odd\\nname.txt\nF main.c\tmain.c' >oddpaths.want
tsvfield oddname.tok paths 1 >oddpaths
same "a newline in a file name: paths, escaped as in hunks" oddpaths.want oddpaths
patchsim -q --self oddname.tok >oddpairs.tsv 2>oddpairs.err
is "a newline in a file name: patchsim reads both rows" "0|" "$?|$(cat oddpairs.err)"
is "a newline in a file name: v1 and v2 pair, their diffs the same" \
    "oddname-v1@example.com|oddname-v2@example.com|1.000000" \
    "$(sed -n 2p oddpairs.tsv | cut -f1,2,4 | tr '\t' '|')"

# --- names without a/ and b/ ---------------------------------------------
# git diff --no-prefix ("diff --git src/x.c src/x.c"): the names stay
# whole, in the diff --git line and in ---/+++ (a mail of a project whose
# author posts so: its files are the repository's, and its patch the
# same as the commit's).  Controls: a/ b/, the mnemonic i/ w/, and a
# plain diff -u (no diff --git line), whose ---/+++ lose their first part.
noprefix() {
	printf 'From x@y Thu Jan  1 00:00:00 1970\nFrom: A U Thor <author@example.com>\n'
	printf 'Date: Thu, 3 Dec 2020 21:12:41 +0000\nSubject: [PATCH] %s\nMessage-ID: <%s@example.com>\n\n---\n' "$1" "$1"
	[ -n "$2" ] && printf 'diff --git %ssrc/x.c %ssrc/x.c\nindex 4cb29ea..f04eb26 100644\n' "$2" "$3"
	printf -- '--- %ssrc/x.c\n+++ %ssrc/x.c\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n-- \n2.39.5\n\n' "$2" "$3"
}
{
	noprefix bare '' ''
	noprefix ab a/ b/
	noprefix iw i/ w/
	printf 'From x@y Thu Jan  1 00:00:00 1970\nFrom: A U Thor <author@example.com>\n'
	printf 'Date: Thu, 3 Dec 2020 21:12:41 +0000\nSubject: [PATCH] none\nMessage-ID: <none@example.com>\n\n---\n'
	printf 'diff --git src/x.c src/x.c\nindex 4cb29ea..f04eb26 100644\n--- src/x.c\n+++ src/x.c\n'
	printf '@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n-- \n2.39.5\n\n'
} >noprefix.mbox
mbox2tsv -q noprefix.mbox >noprefix.tsv
run patchtok -q noprefix.tsv
is "no prefix: exit 0, nothing said" "0|" "$rc|$(cat "$T/err")"
cp "$T/out" noprefix.tok
is "no prefix: diff --git src/x.c src/x.c is src/x.c (a/ b/ and i/ w/ the same; a bare ---/+++ loses src/)" \
    "bare@example.com x.c|ab@example.com src/x.c|iw@example.com src/x.c|none@example.com src/x.c" \
    "$(awk -F'\t' 'NR > 1 { printf "%s%s %s", s, $1, $8; s = "|" }' noprefix.tok)"

# --- a version bumped alone: flag bump --------------------------------------
# Each hunk's removed and added lines pair up, naming a version and
# differing in their numbers alone.  Controls: a number without the word
# version; a version line beside a line of code; a version line added.
bump() { # ID HUNK-LINES
	printf 'From x@y Thu Jan  1 00:00:00 1970\nFrom: A U Thor <author@example.com>\n'
	printf 'Date: Thu, 3 Dec 2020 21:12:41 +0000\nSubject: [PATCH] %s\nMessage-ID: <%s@example.com>\n\n---\n' "$1" "$1"
	printf 'diff --git a/main.h b/main.h\n--- a/main.h\n+++ b/main.h\n%b\n\n' "$2"
}
{
	bump cycle '@@ -17,3 +17,3 @@\n #ifndef SOURCE_VERSION\n-#define SOURCE_VERSION "2019.2"\n+#define SOURCE_VERSION "2019.3"\n #endif'
	bump cmake '@@ -1,2 +1,2 @@\n PROJECT(urngd)\n-SET(URNGD_VERSION 1.0.0)\n+SET(URNGD_VERSION 1.0.1)'
	bump timeout '@@ -1,2 +1,2 @@\n #include <x.h>\n-#define TIMEOUT 30\n+#define TIMEOUT 60'
	bump code '@@ -1,3 +1,3 @@\n #include <x.h>\n-#define VERSION "1.2"\n-int x;\n+#define VERSION "1.3"\n+int x = 1;'
	bump added '@@ -1,2 +1,3 @@\n #include <x.h>\n+#define VERSION "1.3"\n int x;'
} >bump.mbox
mbox2tsv -q bump.mbox >bump.tsv
run patchtok -q bump.tsv
is "bump: exit 0, nothing said" "0|" "$rc|$(cat "$T/err")"
is "bump: a version string bumped alone is flagged (SOURCE_VERSION, a CMake SET); not a number without version, nor beside code, nor added" \
    "cycle@example.com:bump|cmake@example.com:bump|timeout@example.com:|code@example.com:|added@example.com:" \
    "$(awk -F'\t' -v c="$(col "$T/out" flags)" 'NR > 1 { printf "%s%s:%s", s, $1, $c; s = "|" }' "$T/out")"

# --- commits: the fixture repository -------------------------------------
if command -v git >/dev/null 2>&1 && sh "$DATA/repo/mkrepo.sh" repo.git 2>/dev/null; then
	git2tsv -q repo.git >commits.tsv
	run patchtok -v commits.tsv
	cp "$T/out" commits.tok
	is "commits: exit 0" 0 "$rc"
	# A root commit of at most 100 files is a patch (the first of a project
	# begun on its list); a bigger one, an import, carries no diff.
	is "commits: one row per non-merge commit, the small root commit too" 5 "$(rows commits.tok)"
	is "commits: summary" "5 5 0 0" "$(summary "$T/err")"
	is "kind is commit for a git2tsv table" "commit" "$(cut -f2 commits.tok | sed 1d | sort -u)"
	awk -F'\t' -v c="$(col commits.tsv commit_date)" -v t="$(col commits.tsv type)" \
		'NR > 1 { print $1, $c }' commits.tsv >dates.want
	cut -f1,3 commits.tok | sed 1d | tr '\t' ' ' >dates
	same "commits: date is the commit date" dates.want dates
	r=$(awk -F'\t' '$7 == "docs: README becomes Markdown" { print NR - 1 }' commits.tok)
	printf 'README\nREADME.md' >files.want
	tsvfield commits.tok files "$r" >files
	same "a rename: files lists the old and the new name" files.want files
	is "a rename: its hunks name both" "F README	README.md" "$(tsvfield commits.tok hunks "$r" | head -1)"
	r=$(awk -F'\t' '$7 == "calc: name the difference" { print NR - 1 }' commits.tok)
	is "links: the Message-ID of a Link: trailer" "20200102.1234-1-author@example.com" \
		"$(tsvfield commits.tok links "$r")"
	is "msg: the Link: trailer is gone" "calc: name the difference" "$(tsvfield commits.tok msg "$r")"
	r=$(awk -F'\t' '$7 == "Add a logo" { print NR - 1 }' commits.tok)
	is "upstream: the commit a backport names" "0123456789abcdef0123456789abcdef01234567" \
		"$(tsvfield commits.tok upstream "$r")"
	is "a binary file: no lines, no hunks" "0 0 F /dev/null	logo.bin" \
		"$(tsvfield commits.tok added "$r") $(tsvfield commits.tok removed "$r") $(tsvfield commits.tok hunks "$r")"
	# Line counts against git's own.
	git --git-dir=repo.git log -M --no-merges --max-parents=1 --numstat --format='C %H' |
		awk '/^C / { if (id) print id, a + 0, r + 0; id = $2; a = r = 0; next }
		NF >= 3 { a += ($1 == "-" ? 0 : $1); r += ($2 == "-" ? 0 : $2) }
		END { print id, a + 0, r + 0 }' | sort >numstat.want
	cut -f1,9,10 commits.tok | sed 1d | tr '\t' ' ' | sort >numstat
	same "commits: added and removed agree with git log --numstat" numstat.want numstat

	# Several tables in one call: one header, each table its own kind.
	run patchtok mails.tsv commits.tsv
	is "two tables: one header" 1 "$(grep -c '^id	kind' "$T/out")"
	is "two tables: mail rows, then commit rows" \
		"$(rows mails.tok) mail 5 commit" \
		"$(cut -f2 "$T/out" | sed 1d | uniq -c | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')"
else
	skip "git or the fixture repository is not available"
fi

# --- columns of the input that patchtok does not know --------------------
awk -F'\t' 'BEGIN { OFS = "\t" } { print $0, NR == 1 ? "note" : "note-" $1 }' mails.tsv >note.tsv
run patchtok -q note.tsv
is "an unknown column: the last in the header" "note" "$(head -1 "$T/out" | tr '\t' '\n' | tail -1)"
awk -F'\t' 'NR > 1 && $27 != "note-" $1 { bad++ } END { exit bad > 0 }' "$T/out"
ok $? "an unknown column: every row keeps its value"
is "an unknown column: the same rows" "$(rows mails.tok)" "$(rows "$T/out")"
run patchtok -q note.tsv trailers.tsv
is "a later table without the column: an empty field" "" \
	"$(grep '^trailers@example.com' "$T/out" | cut -f24)"

# --- bad input -----------------------------------------------------------
cut -f"$d" --complement mails.tsv >nodiff.tsv
run patchtok nodiff.tsv
is "no diff column: exit 2" 2 "$rc"
grep -q "nodiff.tsv: missing column 'diff'" "$T/err"
ok $? "no diff column: named on stderr"
cut -f2- mails.tsv >noid.tsv
run patchtok noid.tsv
is "no id column: exit 2" 2 "$rc"
grep -q "noid.tsv: missing column 'id'" "$T/err"
ok $? "no id column: named on stderr"

# A bad escape in one row (the first with a diff): named with file, line
# and column; the other rows come out.
line=$(awk -F'\t' -v d="$d" 'NR > 1 && $d != "" { print NR; exit }' mails.tsv)
m=$(col mails.tsv message)
awk -F'\t' -v l="$line" -v m="$m" 'BEGIN { OFS = "\t" } NR == l { $m = "bad \\q escape" } 1' mails.tsv >badesc.tsv
run patchtok badesc.tsv
is "a bad escape: exit 1" 1 "$rc"
grep -q "^patchtok: badesc.tsv:$line: column 'message'" "$T/err"
ok $? "a bad escape: file:line: column on stderr"
is "a bad escape: the other rows come out" $(($(rows mails.tok) - 1)) "$(rows "$T/out")"

# A diff in which no file can be found: named, counted, the rest goes on.
{
	printf 'id\tmessage\tdiff\n'
	printf 'nofile@x\tm\tthis is no diff at all\\n\n'
	printf 'good@x\tm\t--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n-a\\n+b\\n\n'
} >nofile.tsv
run patchtok nofile.tsv
is "an unreadable diff: exit 1" 1 "$rc"
grep -q 'nofile.tsv:2: nofile@x: no file in its diff' "$T/err"
ok $? "an unreadable diff: named on stderr"
is "an unreadable diff: counted" "2 1 0 1" "$(summary "$T/err")"
is "an unreadable diff: the other row comes out" "good@x" "$(cut -f1 "$T/out" | sed 1d)"

# A broken hunk header (it once crashed patchtok): lines after it belong
# to no hunk.
{
	printf 'id\tdiff\n'
	printf 'broken1@x\t--- a/x\\n+++ b/x\\n@@ -1,2 +1,2 )@\\n+a\\n-b\\n\n'
	printf 'broken2@x\t--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n-a\\n+b\\n@@ -5,3 +5,3 )@ f\\n-c\\n+d\\n\n'
} >broken.tsv
run patchtok -q broken.tsv
crashed "$rc"
ok $((! $?)) "a broken hunk header: no crash ($rc)"
is "a broken hunk header: nothing counted after it" "0 0 1 1" \
	"$(tsvfield "$T/out" added 1) $(tsvfield "$T/out" removed 1) $(tsvfield "$T/out" added 2) $(tsvfield "$T/out" removed 2)"

# --- empty input, -H, -q -------------------------------------------------
run patchtok </dev/null
is "empty input: exit 0" 0 "$rc"
[ "$(wc -l <"$T/out")" -le 1 ]
ok $? "empty input: a header at most"
mbox2tsv -q </dev/null >empty.tsv
run patchtok empty.tsv
is "a header-only table: exit 0" 0 "$rc"
same "a header-only table: the header only" hdr.want "$T/out"
run patchtok -H -q mails.tsv
is "-H: no header line" "$(rows mails.tok)" "$(wc -l <"$T/out")"
[ ! -s "$T/err" ]
ok $? "-q: no summary"
sed 1d mails.tok >body
same "-H: the same rows" body "$T/out"

# --- threads: the same rows and messages, in the same order --------------
run patchtok -v -j1 mails.tsv
cp "$T/out" j1.out
cp "$T/err" j1.err
for j in 2 3 5; do
	run patchtok -v -j$j mails.tsv
	same "-j$j: the rows of -j1" j1.out "$T/out"
	same "-j$j: the summary of -j1" j1.err "$T/err"
done
# Unreadable diffs and bad escapes among good rows: every message in
# its row's place, whatever thread made the row.
{
	printf 'id\tmessage\tdiff\n'
	i=0
	while [ $i -lt 60 ]; do
		printf 'good%d@x\tm\t--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n-a%d\\n+b\\n\n' $i $i
		[ $((i % 7)) -ne 3 ] || printf 'nofile%d@x\tm\tno diff here\\n\n' $i
		[ $((i % 11)) -ne 5 ] || printf 'badesc%d@x\tm\\q\t--- a/x\n' $i
		i=$((i + 1))
	done
} >mixed.tsv
run patchtok -j1 mixed.tsv
is "mixed rows, -j1: exit 1" 1 "$rc"
cp "$T/out" m1.out
cp "$T/err" m1.err
[ "$(grep -c 'no file in its diff' m1.err)" -eq 9 ] && [ "$(grep -c 'mixed.tsv:' m1.err)" -gt 9 ]
ok $? "mixed rows, -j1: both kinds of bad row named ($(wc -l <m1.err) lines)"
for j in 2 4; do
	run patchtok -j$j mixed.tsv
	is "mixed rows, -j$j: exit 1" 1 "$rc"
	same "mixed rows, -j$j: the rows of -j1" m1.out "$T/out"
	same "mixed rows, -j$j: the messages of -j1, in order" m1.err "$T/err"
done

# --- the shared corpus of broken mail ------------------------------------
if [ -d "$SHARED/badmail" ]; then
	find "$SHARED/badmail" -type f ! -name MANIFEST.tsv ! -name README.txt |
		LC_ALL=C sort >files
	tr '\n' '\0' <files | xargs -0 mbox2tsv -q >bad.tsv 2>/dev/null
	run patchtok -v bad.tsv
	crashed "$rc" || grep -q 'Sanitizer\|runtime error' "$T/err"
	ok $((! $?)) "badmail: no crash, no sanitizer report (exit $rc)"
	set -- $(summary "$T/err")
	is "badmail: every row counted, the counts add up" "$(rows bad.tsv) $(rows bad.tsv)" \
		"${1:-x} $((${2:-0} + ${3:-0} + ${4:-0}))"
	is "badmail: the patches are the rows written" "$(rows "$T/out")" "${2:-x}"
	cp "$T/out" bad1.out
	cp "$T/err" bad1.err
	run patchtok -v -j1 bad.tsv
	same "badmail: -j1 writes the rows of the threads" bad1.out "$T/out"
	same "badmail: -j1 writes the messages of the threads" bad1.err "$T/err"
else
	skip "badmail corpus not found in $SHARED"
fi

done_testing
