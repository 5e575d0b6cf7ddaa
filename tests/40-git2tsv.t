#!/bin/sh
# git2tsv against git itself: a repository built here with fixed
# identities and dates (renames, binaries, modes, odd names, encodings,
# a merge, trailers, tags), compared column by column and diff by diff
# with what git prints; revision ranges and dates against git rev-list;
# threads, errors and damaged repositories; files added or deleted
# whole and diff drivers from attributes; then every commit of the
# shared jailhouse and sparse repositories diffed against git log -p.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1

if ! command -v git >/dev/null 2>&1; then
	skip "git is not installed: nothing to compare with"
	done_testing
fi
have_py=0
command -v python3 >/dev/null 2>&1 && have_py=1

# git must not read the user's or the system's configuration.
git_sandbox

# normdiff: index lines with a fixed token instead of the hashes, and
# bytes that are not UTF-8 replaced the way Python's
# bytes.decode('utf-8', 'replace') does (as git2tsv promises).
cat >"$T/utf8fix.py" <<'EOF'
import sys
sys.stdout.buffer.write(sys.stdin.buffer.read().decode('utf-8', 'replace').encode())
EOF
normdiff() {
	if [ "$have_py" = 1 ]; then
		python3 "$T/utf8fix.py"
	else
		cat
	fi | sed 's/^index [0-9a-f]*\.\.[0-9a-f]*/index X..X/'
}

# cmpdiffs TSV LOG [STEP]: the diff column of each row of TSV against
# git's patch of the same commit in LOG, the output of
# git log -p --format=%x00%H (hashes of index lines normalized on both
# sides, and git's bytes that are not UTF-8 replaced as Python does).
# Prints "compared N, differing M" and details of the first differences;
# exit 0 when the ids match in order and no diff differs.
cat >"$T/cmpdiffs.py" <<'EOF'
import difflib, re, sys

tsv, log = sys.argv[1], sys.argv[2]
step = int(sys.argv[3]) if len(sys.argv) > 3 else 1
index = re.compile(rb'^index [0-9a-f]+\.\.[0-9a-f]+', re.M)
esc = {'\\': '\\', 't': '\t', 'n': '\n', 'r': '\r'}

def unescape(s):
    return re.sub(r'\\(.)', lambda m: esc[m.group(1)], s)

lines = open(tsv, encoding='utf-8', newline='\n').read().split('\n')
head = lines[0].split('\t')
cid, cdiff = head.index('id'), head.index('diff')
mine = []
for line in lines[1:]:
    if line:
        f = line.split('\t')
        mine.append((f[cid], unescape(f[cdiff]).encode()))
theirs = []
for chunk in open(log, 'rb').read().split(b'\0')[1:]:
    h, _, d = chunk.partition(b'\n')
    if d.startswith(b'\n'):
        d = d[1:]
    theirs.append((h.decode(), d))
bad = compared = 0
if [m[0] for m in mine] != [t[0] for t in theirs]:
    print('# the commits differ: %d rows, git %d' % (len(mine), len(theirs)))
    bad += 1
for i, ((a, da), (b, db)) in enumerate(zip(mine, theirs)):
    if a != b or i % step:
        continue
    compared += 1
    x = index.sub(b'index X..X', da)
    y = index.sub(b'index X..X', db.decode('utf-8', 'replace').encode())
    if x != y:
        bad += 1
        if bad <= 3:
            print('# diff of %s differs from git:' % a)
            d = difflib.unified_diff(y.decode().split('\n'), x.decode().split('\n'),
                                     'git', 'git2tsv', lineterm='', n=1)
            for l in list(d)[:20]:
                print('#   ' + l[:200])
print('compared %d, differing %d' % (compared, bad))
sys.exit(1 if bad else 0)
EOF

# col NAME: the number of a git2tsv column.
col() {
	awk -F'\t' -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) print i; exit }' \
	    "$T/all.tsv"
}

# ===================================================================
# A. The fixture repository
# ===================================================================
GIT_AUTHOR_NAME='Ånne Author'
GIT_AUTHOR_EMAIL='Anne.Author@Example.COM'
GIT_COMMITTER_NAME='Carl Committer'
GIT_COMMITTER_EMAIL='Carl@Example.ORG'
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

# at, commit and lines (lib.sh): author dates in a zone east of UTC (so
# that the UTC conversion shows).
git_days +0530
base=$gd_base   # 2020-01-01T12:00:00Z

git init -q -b main repo || exit 1
cd repo || exit 1

# Day 1, the root commit, adds files.
cat >hello.c <<'EOF'
#include <stdio.h>

static int
add(int a, int b)
{
	int sum;

	sum = a + b;
	return sum;
}

int
main(void)
{
	int x = 1;
	int y = 2;
	int z;

	z = add(x, y);
	printf("%d\n", z);
	return 0;
}
EOF
mkdir docs
lines 1 12 doc >docs/a.txt
lines 1 30 big >big.txt
lines 1 20 orig >orig.txt
lines 1 20 queue >q.txt
lines 1 5 gone >gone.txt
printf '#!/bin/sh\necho hi\n' >script.sh
printf '#!/bin/sh\necho tool\n' >tool.sh
printf 'no newline at the end' >noeol.txt
commit 1 'Initial import'
root=$(git rev-parse HEAD)

# 2: a hunk inside a C function; a file without a final newline; a body
# that needs cleaning.
sed 's/z = add(x, y);/z = add(x, y) * 2;/' hello.c >t && mv t hello.c
printf 'no newline at the end, changed' >noeol.txt
commit 2 'hello: double the sum' 'The body has lines with trailing blanks,   	


several blank lines, and a line
# that starts with a hash (kept: git stripspace without -s).'
second=$(git rev-parse HEAD)

# 3: an exact rename.
mkdir notes
git mv docs/a.txt notes/b.txt
commit 3 'Move the doc'

# 4: a rename with edits, under a subject of two lines.
mkdir src
lines 1 30 big | sed 's/line 7 of/line seven of/; s/line 20 of/line twenty of/' >src/big2.txt
git rm -q big.txt
commit 4 'Rename big.txt
with some edits'
twolines=$(git rev-parse HEAD)

# 5: renames competing for one source: x/orig.txt (closer, same
# basename) and y/copy.txt for orig.txt; m1.txt and m2.txt, equal, for
# q.txt.
git rm -q orig.txt q.txt
mkdir x y
lines 1 20 orig | sed 's/line 3 of/line three of/' >x/orig.txt
lines 1 20 orig | sed 's/line 3 of/line three of/; s/line 9 of/line nine of/;
    s/line 15 of/line fifteen of/' >y/copy.txt
lines 1 20 queue | sed 's/line 5 of/line five of/; s/line 6 of/line six of/' >m1.txt
cp m1.txt m2.txt
commit 5 'Split orig and q'
git tag v0.1

# 6: a binary file, and a file in Latin-1.
printf 'BIN\000\001\002\003\000data\n' >bin.dat
printf 'caf\351 cr\350me br\373l\351e\n' >latin1.txt
commit 6 'Add binary data and a Latin-1 file'
badchar=$(git rev-parse HEAD)

# 7: the binary file changed.
printf 'BIN\000\001\002\004\000data, more\n' >bin.dat
commit 7 'Change binary data'

# 8: mode changes, one with an edit.
chmod +x script.sh tool.sh
echo 'echo tool two' >>tool.sh
commit 8 'Make the scripts executable'

# A topic branch that is never merged (for A...B and --all).
git checkout -q -b topic
echo 'topic one' >topic.txt
commit 9 'topic: one'
echo 'topic two' >>topic.txt
commit 11 'topic: two'
git checkout -q main

# 9: a deletion.
git rm -q gone.txt
commit 9 'Remove gone.txt'

# 10: an empty file.
: >empty.txt
commit 10 'Add an empty file'

# A side branch merged later; its commit dates tie with main's.
git checkout -q -b side
lines 1 8 side >side.txt
commit 11 'side: add side.txt'
echo 'one more side line' >>side.txt
commit 13 'side: extend side.txt'
git checkout -q main

# 11, 12: names with a space and with non-ASCII bytes, added, changed.
echo 'spaced out' >'with space.txt'
printf 'accent\n' >"$(printf 'caf\303\251.txt')"
commit 11 'Add files with awkward names'
echo 'more space' >>'with space.txt'
printf 'accent grave\n' >>"$(printf 'caf\303\251.txt')"
commit 12 'Change the awkwardly named files'

# 13: a Latin-1 message and author without an encoding header, as old
# tools wrote them.  git commit-tree would fix the bytes up (it reads
# them as Latin-1 and writes UTF-8), so the object is written by hand.
echo latin >>notes/b.txt
git add -A
at 13
{
	printf 'tree %s\nparent %s\n' "$(git write-tree)" "$(git rev-parse HEAD)"
	printf 'author J\366rg Ma\337 <%s> %s\n' "$GIT_AUTHOR_EMAIL" "$GIT_AUTHOR_DATE"
	printf 'committer %s <%s> %s\n\n' "$GIT_COMMITTER_NAME" "$GIT_COMMITTER_EMAIL" \
	    "$GIT_COMMITTER_DATE"
	printf 'Gr\374\337e aus K\366ln\n\nSch\366ne Gr\374\337e.\n'
} >"$T/raw"
latin=$(git hash-object -t commit -w "$T/raw") &&
    git update-ref refs/heads/main "$latin"

# 14: a Latin-1 message and author under an encoding header.
echo encoded >>notes/b.txt
at 14
git add -A
printf 'Stra\337e gesperrt\n\nUmleitung \374ber die Br\374cke.\n' >"$T/msg"
GIT_AUTHOR_NAME=$(printf 'Ren\351e') git -c i18n.commitEncoding=ISO-8859-1 \
    commit -q -F "$T/msg"
encoded=$(git rev-parse HEAD)

# 15: the merge.
at 15
git merge -q --no-ff -m 'Merge branch side' side
merge=$(git rev-parse HEAD)

# 16: Link: and Message-Id: trailers; a file no other commit needs.
echo 'only here' >unique.txt
commit 16 'Add unique.txt' 'Link: https://lore.kernel.org/r/20200101.1234-1-a%40b.c
Message-Id: <x@y>'
linked=$(git rev-parse HEAD)

# 17, 18: upstream commits named.
echo backport >>hello.c
commit 17 'hello: backport a fix' "commit $root upstream.

The fix, taken from upstream."
backport=$(git rev-parse HEAD)
echo pick >>hello.c
commit 18 'hello: pick a fix' "A picked fix.

[ Upstream commit $second ]
(cherry picked from commit $root)"
picked=$(git rev-parse HEAD)
at 18
git tag -a -m 'Release 0.2' v0.2
cd "$T" || exit 1
if [ "$(git -C repo rev-list --all | wc -l)" -eq 22 ]; then
	ok 0 "the fixture repository is built (22 commits)"
else
	ok 1 "the fixture repository is built (22 commits)"
	done_testing
fi

# --- all rows, against git -------------------------------------------
run git2tsv repo
is "git2tsv repo: exit 0" 0 "$rc"
cp "$T/out" all.tsv
is "quiet on success: nothing on stderr" "" "$(cat "$T/err")"
run git2tsv -v repo
same "-v: the same rows" all.tsv "$T/out"
cp "$T/err" all.err
grep -q '^git2tsv: 20 commits, 19 rows, 1 left out (merges, dates), 0 failed$' all.err
ok $? "-v: the summary line counts commits, rows and the merge left out"
printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\ttitle\tcommitter_name\tcommitter_addr\tcommit_date\tparents\ttype\tflags\tlinks\tupstream\tmessage\tdiff\tsrc\n' >hdr.want
head -1 all.tsv >hdr
same "the header names the documented columns" hdr.want hdr

git -C repo rev-list --no-merges HEAD >ids.want
is "one row per non-merge commit" "$(wc -l <ids.want)" "$(rows all.tsv)"
cut -f1 all.tsv | sed 1d >ids
same "ids in git log order (commit dates tie across branches)" ids.want ids

# Every commit's diff against git diff-tree.
n=0 bad=0
for id in $(cat ids); do
	n=$((n + 1))
	git -C repo diff-tree -p -M --root --no-commit-id "$id" >d.raw
	if [ "$have_py" != 1 ] && ! iconv -f UTF-8 -t UTF-8 <d.raw >/dev/null 2>&1; then
		diag "no python3 to replace bytes as git2tsv does: $id not compared"
		continue
	fi
	normdiff <d.raw >d.git
	tsvfield all.tsv diff "$n" | normdiff >d.mine
	if ! cmp -s d.git d.mine; then
		bad=$((bad + 1))
		diag "diff of $id differs from git diff-tree:"
		diff -u d.git d.mine | head -20 | sed 's/^/  /' | while IFS= read -r l; do diag "$l"; done
	fi
done
is "diff equals git diff-tree -p -M --root for all $n commits" 0 "$bad"

# What the fixture is for shows in the diffs (a check of the test).
for want in '^@@ -16,7 +16,7 @@ main(void)$' '^similarity index 100%$' \
    '^rename to src/big2.txt$' '^rename to x/orig.txt$' '^rename to m1.txt$' \
    '^+++ b/m2.txt$' '^Binary files /dev/null and b/bin.dat differ$' \
    '^Binary files a/bin.dat and b/bin.dat differ$' '^old mode 100644$' \
    '^deleted file mode 100644$' '^index 0000000\.\.e69de29$' \
    '^+++ b/with space.txt	$' '^+++ "b/caf\\303\\251.txt"$' \
    '^\\ No newline at end of file$' "^+caf$(printf '\357\277\275') cr"; do
	i=1 found=0
	while [ "$i" -le "$n" ]; do
		tsvfield all.tsv diff "$i" | grep -q "$want" && { found=1; break; }
		i=$((i + 1))
	done
	is "a diff has: $want" 1 "$found"
done

# The other columns against git log, commit by commit (the Latin-1
# commit without encoding header is checked on its own below: git
# prints its raw bytes).
iso() {
	date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null ||
	    date -u -r "$1" +%Y-%m-%dT%H:%M:%SZ
}
git -C repo log --no-merges --format='%H%x09%at%x09%an%x09%ae%x09%s%x09%ct%x09%cn%x09%ce%x09%P' \
    >meta.git
while IFS='	' read -r id at an ae s ct cn ce p; do
	[ "$id" = "$latin" ] && continue
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$(iso "$at")" "$an" \
	    "$(echo "$ae" | tr A-Z a-z)" "$s" "$s" "$cn" "$(echo "$ce" | tr A-Z a-z)" \
	    "$(iso "$ct")" "$p"
done <meta.git >meta.want
cut -f1-10 all.tsv | sed 1d | grep -v "^$latin" >meta.mine
same "id date from_name from_addr subject title committer_name committer_addr commit_date parents equal git's" \
    meta.want meta.mine

n=0 bad=0
for id in $(cat ids); do
	n=$((n + 1))
	git -C repo log --format=%b -n1 "$id" >m.git
	[ "$id" = "$latin" ] && iconv -f CP1252 -t UTF-8 <m.git >m.tmp && mv m.tmp m.git
	git stripspace <m.git >m.want
	tsvfield all.tsv message "$n" >m.mine
	if ! cmp -s m.want m.mine; then
		bad=$((bad + 1))
		diag "message of $id differs from git's %b | git stripspace:"
		diff -u m.want m.mine | head -12 | while IFS= read -r l; do diag "  $l"; done
	fi
done
is "message equals git log --format=%b | git stripspace for all $n commits" 0 "$bad"

# field ID COLUMN: one field of the row of commit ID.
field() {
	tsvfield all.tsv "$2" "$(grep -n "^$1" ids | cut -d: -f1)"
}
is "subject of two lines is joined as git's %s" "Rename big.txt with some edits" \
    "$(field "$twolines" subject)"
git -C repo log --format=%b -n1 "$second" | grep -q '^# that starts with a hash'
ok $? "the fixture body has a line starting with a hash"

is "Latin-1 without encoding header: flags cp1252" cp1252 "$(field "$latin" flags)"
is "Latin-1 without encoding header: subject decoded" "Grüße aus Köln" \
    "$(field "$latin" subject)"
is "Latin-1 without encoding header: author decoded" "Jörg Maß" "$(field "$latin" from_name)"
is "Latin-1 without encoding header: message decoded" "Schöne Grüße." \
    "$(field "$latin" message)"
is "Latin-1 without encoding header: the row is valid UTF-8" 0 \
    "$(grep "^$latin" all.tsv | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1; echo $?)"
git -C repo cat-file commit "$encoded" | grep -q '^encoding ISO-8859-1$'
ok $? "the encoded commit has an encoding header"
is "encoding header: no flags" "" "$(field "$encoded" flags)"
is "encoding header: subject decoded" "Straße gesperrt" "$(field "$encoded" subject)"
is "encoding header: author decoded" "Renée" "$(field "$encoded" from_name)"
is "encoding header: message decoded" "Umleitung über die Brücke." \
    "$(field "$encoded" message)"
is "Latin-1 file contents: flags badchar" badchar "$(field "$badchar" flags)"
is "no other row has flags" "$(printf '%s\n' "$badchar" "$latin" | sort)" \
    "$(awk -F'\t' -v c="$(col flags)" 'NR > 1 && $c != "" { print $1 }' all.tsv | sort)"

is "links: the Link: URL reduced to its Message-ID, and Message-Id:" \
    "20200101.1234-1-a@b.c x@y" "$(field "$linked" links)"
is "links: empty elsewhere" 1 \
    "$(cut -f"$(col links)" all.tsv | sed 1d | grep -c .)"
is "upstream: commit X upstream." "$root" "$(field "$backport" upstream)"
is "upstream: [ Upstream commit X ] and (cherry picked from commit X)" "$second $root" \
    "$(field "$picked" upstream)"
is "upstream: empty elsewhere" 2 "$(cut -f"$(col upstream)" all.tsv | sed 1d | grep -c .)"
is "type: root for the root commit" root "$(field "$root" type)"
is "type: commit for the others" 18 "$(cut -f"$(col type)" all.tsv | grep -c '^commit$')"
is "src: the repository as given" repo "$(cut -f"$(col src)" all.tsv | sed 1d | sort -u)"

# --- merges -------------------------------------------------------------
git2tsv -q --merges repo >merges.tsv
git -C repo rev-list HEAD >mids.want
cut -f1 merges.tsv | sed 1d >mids
same "--merges: the merge too, in git log order" mids.want mids
grep -v "^$merge" merges.tsv >merges.rest
same "--merges: the other rows unchanged" all.tsv merges.rest
m=$(grep -n "^$merge" mids | cut -d: -f1)
is "--merges: type merge, both parents" "merge	$(git -C repo rev-parse "$merge^1") $(git -C repo rev-parse "$merge^2")" \
    "$(tsvfield merges.tsv type "$m")	$(tsvfield merges.tsv parents "$m")"
git -C repo diff-tree -p -M --no-commit-id "$merge^1" "$merge" | normdiff >d.git
tsvfield merges.tsv diff "$m" | normdiff >d.mine
[ -s d.git ]
ok $? "the merge brings changes to its first parent"
same "--merges: the merge's diff against its first parent equals git's" d.git d.mine

# --- revision ranges and dates against git rev-list -----------------------
# range DESCRIPTION GIT2TSV-ARGS -- GIT-ARGS (GIT-ARGS default to the same)
range() {
	desc=$1
	shift
	mine=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		mine="$mine $1"
		shift
	done
	[ $# -gt 0 ] && shift
	[ $# -gt 0 ] || set -- $mine
	git -C repo rev-list --no-merges "$@" >r.want
	# shellcheck disable=SC2086
	git2tsv -q -H repo $mine | cut -f1 >r.mine
	if [ ! -s r.want ]; then
		ok 1 "$desc: git lists nothing, a useless case"
	else
		same "$desc ($(wc -l <r.want) commits)" r.want r.mine
	fi
}
range "A..B" v0.1..main
range "^A B" ^v0.1 main
range "B ^A" main ^v0.1
range "A...B" topic...main
range "B...A" main...topic
range "an annotated tag" v0.2
range "a lightweight tag" v0.1
range "a branch" topic
range "tag..tag" v0.1..v0.2
range "two tips minus one" topic side ^v0.1
range "--all" --all
range "--all minus a tag" --all ^v0.2
range "--since a day" --since 2020-01-05 -- --since='2020-01-05 00:00:00 +0000' HEAD
range "--since a time that is a commit's" --since 2020-01-05T12:00:00Z \
    -- --since='2020-01-05 12:00:00 +0000' HEAD
range "--since a minute later" --since 2020-01-05T12:01 \
    -- --since='2020-01-05 12:01:00 +0000' HEAD
range "--until a bare day is the whole day" --until 2020-01-07 \
    -- --until='2020-01-07 23:59:59 +0000' HEAD
range "--until a time that is a commit's" --until 2020-01-07T12:00:00 \
    -- --until='2020-01-07 12:00:00 +0000' HEAD
range "--since @seconds --until @seconds" --since @$((base + 4 * 86400)) \
    --until @$((base + 12 * 86400)) -- --since=@$((base + 4 * 86400)) \
    --until=@$((base + 12 * 86400)) HEAD
range "--since with a range" --since 2020-01-08 v0.1..main \
    -- --since='2020-01-08 00:00:00 +0000' v0.1..main
range "--since and --until around the merge, with --all" --since 2020-01-09 --until 2020-01-13 --all \
    -- --since='2020-01-09 00:00:00 +0000' --until='2020-01-13 23:59:59 +0000' --all

# A criss-cross merge (two merge bases, both hidden by A...B) and a
# commit dated before its parent (git log still shows it after it).
git init -q -b x cross && (
	cd cross || exit 1
	c() {
		d=$((base + $1 * 3600))
		shift
		GIT_COMMITTER_DATE="$d +0000" GIT_AUTHOR_DATE="$d +0000" "$@"
	}
	echo 0 >f && git add f && c 1 git commit -q -m o && git branch y &&
	echo a >a && git add a && c 2 git commit -q -m A1 &&
	git checkout -q y && echo b >b && git add b && c 3 git commit -q -m B1 &&
	git checkout -q x && c 4 git merge -q --no-ff -m M1 y &&
	git checkout -q y && c 5 git merge -q --no-ff -m M2 x~1 &&
	git checkout -q x && echo c >c && git add c && c 6 git commit -q -m C1 &&
	echo e >e && git add e && c 1 git commit -q -m 'E1, dated before its parent' &&
	echo g >g && git add g && c 7 git commit -q -m G1 &&
	git checkout -q y && echo d >d && git add d && c 6 git commit -q -m D1
) >/dev/null 2>&1
is "the criss-cross has two merge bases" 2 "$(git -C cross merge-base --all x y | wc -l)"
# xrange DESCRIPTION ARGS...: ids as git rev-list --no-merges gives them.
xrange() {
	desc=$1
	shift
	git -C cross rev-list --no-merges "$@" >r.want
	git2tsv -q -H cross "$@" | cut -f1 >r.mine
	same "$desc ($(wc -l <r.want) commits)" r.want r.mine
}
xrange "criss-cross: A...B hides both merge bases" x...y
xrange "criss-cross: B...A" y...x
xrange "a skewed date: one tip" x
xrange "a skewed date: two tips" y x
xrange "a skewed date: --all" --all
xrange "a skewed date: A..B" y..x

git2tsv -q -H --since 2030-01-01 repo >r.mine
rc=$?
is "--since after everything: no rows, exit 0" "0 0" "$(wc -l <r.mine) $rc"
git2tsv -q -H --since 2020-01-09 --until 2020-01-13 --all repo >r.long
git2tsv -q -H -s 2020-01-09 -u 2020-01-13 --all repo >r.short
[ -s r.long ] && cmp -s r.long r.short
ok $? "-s and -u are --since and --until"
# -t and -M are other tools' letters (a threshold, a mail link): --tags
# and --find-renames have no short form.
for o in -t "-M 50"; do
	run git2tsv $o repo
	is "$o: an unknown option (exit 2)" 2 "$rc"
done

# --- tags ------------------------------------------------------------------
run git2tsv --tags repo
is "--tags: exit 0" 0 "$rc"
{
	printf 'tag\tid\tdate\tannotated\ttag_date\tsrc\n'
	printf 'v0.1\t%s\t2020-01-05T12:00:00Z\tno\t\trepo\n' "$(git -C repo rev-parse v0.1)"
	printf 'v0.2\t%s\t2020-01-18T12:00:00Z\tyes\t2020-01-18T12:00:00Z\trepo\n' "$picked"
} >tags.want
same "--tags: both tags, the annotated one peeled, by commit date" tags.want "$T/out"
git2tsv --tags -H repo >tags.mine
sed 1d tags.want >tags.want2
same "--tags -H: no header" tags.want2 tags.mine
# A signing key's tag (annotated, on a blob) and a tag on a tree mark no
# commit: each named, left out, the table kept (exit 1).
git clone -q --mirror repo keytags.git
blob=$(printf 'key\n' | git -C keytags.git hash-object -w --stdin)
git -C keytags.git tag -a -m 'the key' pgp-key "$blob"
git -C keytags.git tag tree-tag "$(git -C keytags.git rev-parse v0.1^{tree})"
run git2tsv --tags keytags.git
is "--tags, tags on a blob and a tree: exit 1, the table to be used" 1 "$rc"
sed 's/\trepo$/\tkeytags.git/' tags.want >tags.want3
same "--tags, tags on a blob and a tree: the commits' tags alone" tags.want3 "$T/out"
is "--tags, tags on a blob and a tree: each named, and counted" \
	"git2tsv: keytags.git: 4 tags, 2 skipped|git2tsv: keytags.git: tag refs/tags/pgp-key does not point to a commit: skipped|git2tsv: keytags.git: tag refs/tags/tree-tag does not point to a commit: skipped" \
	"$(sort "$T/err" | paste -sd'|')"

# --- threads, determinism, header, quiet ---------------------------------
git2tsv -q --merges --all -j1 repo >j1.tsv
git2tsv -q --merges --all -j2 repo >j2.tsv
git2tsv -q --merges --all -j4 repo >j4.tsv
git2tsv -q --merges --all -j4 repo >j4b.tsv
same "-j2 writes the same bytes as -j1" j1.tsv j2.tsv
same "-j4 writes the same bytes as -j1" j1.tsv j4.tsv
same "two runs write the same bytes" j4.tsv j4b.tsv
run git2tsv -j1 repo
same "-j1 equals the default" all.tsv "$T/out"
run git2tsv -H -q repo
sed 1d all.tsv >nohdr.want
same "-H drops the header, nothing else" nohdr.want "$T/out"
[ ! -s "$T/err" ]
ok $? "-q: nothing on stderr"

# -U and --find-renames reach the diff (compared with git log -p over all commits).
if [ "$have_py" = 1 ]; then
	git -C repo log -p -M90% -U1 --no-merges --root --format=%x00%H >u1.log
	git2tsv -q --find-renames 90 -U 1 repo >u1.tsv
	python3 cmpdiffs.py u1.tsv u1.log >u1.res
	ok $? "--find-renames 90 -U 1: diffs equal git's -M90% -U1 ($(tail -1 u1.res))"
	sed '$d' u1.res
	! grep -q 'rename to m1.txt' u1.tsv && grep -q 'rename to src/big2.txt' u1.tsv
	ok $? "--find-renames 90: the 89% rename is gone, the 92% one stays"
else
	skip "no python3 to compare -M/-U diffs"
	skip "-M 90"
fi

# -U 0: git cuts the files' common tail before diffing without context,
# which moves a line added to a long run of equal lines.
git init -q u0 && (
	cd u0 || exit 1
	at 1
	i=0
	while [ "$i" -lt 1000 ]; do
		echo x
		i=$((i + 1))
	done >f
	git add f && git commit -q -m one &&
	echo x >>f && git commit -q -a -m two &&
	git mv f g && echo x >>g && git commit -q -m three
) >/dev/null 2>&1
bad=0
for id in $(git -C u0 rev-list HEAD~2..HEAD); do
	git -C u0 diff-tree -p -M -U0 --no-commit-id "$id" | normdiff >d.git
	git2tsv -q -U 0 u0 "$id^..$id" >u0.tsv
	tsvfield u0.tsv diff | normdiff >d.mine
	cmp -s d.git d.mine || bad=$((bad + 1))
done
is "-U 0: the common tail cut as git does (a change and a rename)" 0 "$bad"
grep -q '^@@ -489,0 +490 @@' d.git
ok $? "-U 0: the fixture shows the cut"

# --- whole files, diff drivers ---------------------------------------------
# diffs_vs_git REPO DESCRIPTION: every commit's diff in REPO against git
# diff-tree -p -M --root (index hashes normalized, bytes that are not
# UTF-8 replaced as git2tsv does).
diffs_vs_git() {
	git2tsv -q "$1" >"$1.tsv"
	n=0 bad=0
	for id in $(cut -f1 "$1.tsv" | sed 1d); do
		n=$((n + 1))
		git -C "$1" diff-tree -p -M --root --no-commit-id "$id" >d.raw
		if [ "$have_py" != 1 ] && ! iconv -f UTF-8 -t UTF-8 <d.raw >/dev/null 2>&1; then
			diag "no python3 to replace bytes as git2tsv does: $id not compared"
			continue
		fi
		normdiff <d.raw >d.git
		tsvfield "$1.tsv" diff "$n" | normdiff >d.mine
		if ! cmp -s d.git d.mine; then
			bad=$((bad + 1))
			diag "diff of $id differs from git diff-tree:"
			diff -u d.git d.mine | head -20 | sed 's/^/  /' | while IFS= read -r l; do diag "$l"; done
		fi
	done
	is "$2: the diffs of all $n commits equal git's" 0 "$bad"
}

# Files added and deleted whole (git2tsv writes their one hunk itself):
# one line, no newline at the end, one line without one, empty, CR LF,
# bytes that are not UTF-8, binary, a submodule, a file that becomes a
# symbolic link, and the reverse.
git init -q whole && (
	cd whole || exit 1
	printf 'single\n' >one.txt
	printf 'a\nb' >noeol.txt
	printf 'x' >one-noeol.txt
	: >empty.txt
	printf 'a\r\nb\r\n' >crlf.txt
	printf 'caf\351\nna\357ve\n' >latin.txt
	printf 'BIN\000\001' >bin.dat
	lines 1 40 whole >long.txt
	printf 'target\n' >link
	git add . &&
	    git update-index --add --cacheinfo 160000,1111111111111111111111111111111111111111,sub &&
	    at 1 && git commit -q -m 'add whole files' &&
	git rm -q --cached link && rm link && ln -s target link && git add link &&
	    at 2 && git commit -q -m 'link becomes a symbolic link' &&
	git rm -q --cached link && rm link && printf 'target\n' >link && git add link &&
	    at 3 && git commit -q -m 'and back' &&
	git rm -q one.txt noeol.txt one-noeol.txt empty.txt crlf.txt latin.txt bin.dat long.txt link &&
	    git rm -q --cached sub && at 4 && git commit -q -m 'delete them'
) >/dev/null 2>&1
is "whole files: the fixture has 4 commits" 4 "$(git -C whole rev-list HEAD 2>/dev/null | wc -l | tr -d ' ')"
diffs_vs_git whole "whole files added and deleted"
for want in '^@@ -0,0 +1 @@$' '^@@ -1 +0,0 @@$' '^@@ -0,0 +1,2 @@$' '^@@ -1,40 +0,0 @@$' \
    '^\\ No newline at end of file$' '^+Subproject commit ' '^-Subproject commit ' \
    '^Binary files /dev/null and b/bin.dat differ$' '^new file mode 120000$' \
    '^deleted file mode 120000$' '^new file mode 100644$'; do
	found=0
	i=1
	while [ "$i" -le 4 ]; do
		tsvfield whole.tsv diff "$i" | grep -q "$want" && { found=1; break; }
		i=$((i + 1))
	done
	is "whole files: a diff has: $want" 1 "$found"
done
is "whole files: the bytes that are not UTF-8 are flagged" 2 \
    "$(cut -f12 whole.tsv | grep -c badchar)"

# A diff driver named by an attribute (info/attributes: *.txt diff=sec,
# with diff.sec.xfuncname) gives the function names of hunk headers; a
# path without one, git's default.  A rename takes its old side's.
git init -q attr && (
	cd attr || exit 1
	{
		echo header
		echo ' = part one ='
		lines 1 30 attr | sed 's/^/  /'
	} >a.txt
	cp a.txt b.dat
	cp a.txt x.txt
	git add . && at 1 && git commit -q -m one &&
	for f in a.txt b.dat x.txt; do
		sed 's/line 25 of/line twenty-five of/' "$f" >t && mv t "$f"
	done &&
	at 2 && git commit -q -a -m two &&
	git mv x.txt y.dat && sed 's/line 26 of/line twenty-six of/' y.dat >t && mv t y.dat &&
	    git add y.dat && at 3 && git commit -q -m three &&
	echo '*.txt diff=sec' >.git/info/attributes &&
	git config diff.sec.xfuncname '^ = .*$'
) >/dev/null 2>&1
diffs_vs_git attr "attributes: a driver for *.txt"
# heads TSV: the hunk headers of every row, blanks squeezed, sorted.
heads() {
	i=1
	while [ "$i" -le "$(rows "$1")" ]; do
		tsvfield "$1" diff "$i" | grep '^@@' | sed 's/  */ /g'
		i=$((i + 1))
	done | sort
}
heads attr.tsv >attr.heads
{
	printf '@@ -0,0 +1,32 @@\n@@ -0,0 +1,32 @@\n@@ -0,0 +1,32 @@\n'
	printf '@@ -24,7 +24,7 @@ = part one =\n@@ -24,7 +24,7 @@ = part one =\n'
	printf '@@ -24,7 +24,7 @@ header\n@@ -25,7 +25,7 @@ = part one =\n'
} | sort >attr.want
same "attributes: *.txt and the rename from x.txt take the driver's function name, b.dat the default" \
    attr.want attr.heads
git2tsv -q -j3 attr >attr.j3
same "attributes: -j3 as -j1" attr.tsv attr.j3
rm attr/.git/info/attributes
git2tsv -q attr >attr.none
heads attr.none >attr.heads
sed 's/= part one =$/header/' attr.want | sort >attr.plain
same "attributes: without the attribute file every hunk takes the default" attr.plain attr.heads

# --- errors -----------------------------------------------------------------
run git2tsv --help
is "--help: exit 0" 0 "$rc"
grep -q '^usage: git2tsv' "$T/out"
ok $? "--help: usage on stdout"
run git2tsv --no-such-option repo
is "a bad option: exit 2" 2 "$rc"
grep -q '^usage: git2tsv' "$T/err"
ok $? "a bad option: usage on stderr"
run git2tsv
is "no repository: exit 2" 2 "$rc"
run git2tsv --since yesterday repo
is "a bad --since date: exit 2" 2 "$rc"
grep -q "yesterday" "$T/err"
ok $? "a bad --since date is named"
run git2tsv --until 2020-13-01 repo
is "a bad --until month: exit 2" 2 "$rc"
run git2tsv -j 0 repo
is "-j 0: exit 2" 2 "$rc"

mkdir plain
echo hello >plain/file
run git2tsv plain
is "a plain folder: exit 2" 2 "$rc"
grep -q '^git2tsv: plain: ' "$T/err"
ok $? "a plain folder is named on stderr"
[ ! -s "$T/out" ]
ok $? "a plain folder: no output"
run git2tsv "$T/missing"
is "a missing folder: exit 2" 2 "$rc"
grep -q "$T/missing" "$T/err"
ok $? "a missing folder is named on stderr"

run git2tsv repo no-such-rev
is "an unknown revision: exit 2" 2 "$rc"
grep -q "^git2tsv: repo: .*no-such-rev" "$T/err"
ok $? "an unknown revision is named with the repository"
run git2tsv repo v0.1..no-such-rev
is "an unknown revision in a range: exit 2" 2 "$rc"
grep -q "no-such-rev" "$T/err"
ok $? "an unknown revision in a range is named"
run git2tsv repo 'HEAD^{tree}'
is "a tree for a revision: exit 2" 2 "$rc"
grep -q "^git2tsv: repo: not a commit 'HEAD^{tree}'" "$T/err"
ok $? "a tree for a revision is named"
run git2tsv repo ^no-such-rev main
is "an unknown hidden revision: exit 2" 2 "$rc"
grep -q "no-such-rev" "$T/err"
ok $? "an unknown hidden revision is named"

git clone -q --depth 1 "file://$T/repo" shallow 2>/dev/null
if [ -f shallow/.git/shallow ]; then
	run git2tsv shallow
	is "a shallow clone: exit 2" 2 "$rc"
	grep -q '^git2tsv: shallow: .*shallow' "$T/err"
	ok $? "a shallow clone: the message names it shallow"
else
	skip "git clone --depth 1 made no shallow clone"
	skip "shallow message"
fi

# --- damaged repositories and partial clones ---------------------------------
# Every copy is <dir>/r and is run from <dir>, so that src is "r" in
# each run and the rows compare byte for byte with the intact copy's.
# run_in DIR CMD...: run as run does, from DIR.
run_in() {
	dir=$1
	shift
	(cd "$dir" && "$@") >"$T/out" 2>"$T/err"
	rc=$?
}
# loose REPO ID: the file of a loose object.
loose() {
	echo "$1/.git/objects/$(echo "$2" | cut -c1-2)/$(echo "$2" | cut -c3-)"
}
# damaged_want IDS TSV: TSV as a run that cannot diff the commits listed
# in the file IDS writes it: their flags get "damaged", their diff is
# empty, every other byte stays.  Without a diff there is no badchar
# either: in the fixture only a diff (the Latin-1 file's) has that flag.
damaged_want() {
	awk -F'\t' -v OFS='\t' -v fl="$(col flags)" -v di="$(col diff)" '
	    NR == FNR { bad[$1] = 1; next }
	    FNR > 1 && ($1 in bad) {
		sub(/^badchar$/, "", $fl)
		$fl = $fl == "" ? "damaged" : $fl ",damaged"
		$di = ""
	    }
	    { print }' "$1" "$2"
}
# fieldof TSV ID COLUMN: one field of the row of commit ID.
fieldof() {
	tsvfield "$1" "$3" "$(cut -f1 "$1" | sed 1d | grep -n "^$2" | cut -d: -f1)"
}
summary='git2tsv: 20 commits, 19 rows, 1 left out (merges, dates), 0 failed'
to=
command -v timeout >/dev/null 2>&1 && to="timeout 120"
# Two leaks of libgit2 1.5 itself, met only here, are known to
# LeakSanitizer (under PT_SAN); the runs that meet them name this.
cat >lsan.supp <<'EOF'
# Opening a repository of format version 1 (a partial clone), libgit2
# checks its extensions with a regular expression against each config
# entry and leaks the pcre2 match block of every entry that does not
# match (libgit2 pull request #6382, fixed in 1.6).
leak:pcre2_match_data_create_8
leak:pcre2_match_8
# Its revwalk leaks the list it limits a range with when a commit of
# the range cannot be read.
leak:git_revwalk_next
EOF
# libgit2_leaky CMD...: CMD with those leaks suppressed; slow unwinding
# reaches the frames inside libgit2, which has no frame pointers.
libgit2_leaky() {
	LSAN_OPTIONS="suppressions=$T/lsan.supp:print_suppressions=0" \
	    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0" "$@"
}

# The control: an intact copy flags nothing.
mkdir intact && cp -R repo intact/r
run_in intact git2tsv -v r
cp "$T/out" intact.tsv
is "intact copy: exit 0" 0 "$rc"
sed 's/	repo$/	r/' all.tsv >intact.want
same "intact copy: the fixture's rows" intact.want intact.tsv
is "intact copy: no row flagged damaged" 0 \
    "$(cut -f"$(col flags)" intact.tsv | grep -c damaged)"
is "intact copy: the summary has no damaged count" "$summary" "$(cat "$T/err")"

# A missing blob: the one only the commit adding unique.txt needs.
blob=$(git -C repo rev-parse "$linked:unique.txt")
mkdir blob && cp -R repo blob/r
if [ -f "$(loose blob/r "$blob")" ]; then
	rm -f "$(loose blob/r "$blob")"
	echo "$linked" >blob.ids
	damaged_want blob.ids intact.tsv >blob.want
	! cmp -s blob.want intact.tsv
	ok $? "missing blob: the expected table differs from the intact one"
	printf 'git2tsv: r: commit %s: cannot diff: blob %s (unique.txt) is missing\n%s, 1 damaged (rows without a diff)\n' \
	    "$linked" "$blob" "$summary" >blob.err
	for j in 1 3; do
		run_in blob $to git2tsv -j$j r
		is "missing blob, -j$j: exit 1 (a row flagged damaged)" 1 "$rc"
		same "missing blob, -j$j: the rows of the intact copy, the commit's flagged damaged without a diff" \
		    blob.want "$T/out"
		same "missing blob, -j$j: stderr names the commit and the blob, the summary counts it" \
		    blob.err "$T/err"
	done
	cp "$T/out" blob.tsv
	is "missing blob: flags damaged" damaged "$(fieldof blob.tsv "$linked" flags)"
	is "missing blob: diff empty" "" "$(fieldof blob.tsv "$linked" diff)"
	is "missing blob: the links still read" "20200101.1234-1-a@b.c x@y" \
	    "$(fieldof blob.tsv "$linked" links)"
	run_in blob git2tsv -q r
	same "missing blob, -q: the commit and the summary are still on stderr" blob.err "$T/err"

	# patchtok, the next stage, passes the row over as one without a diff.
	patchtok -q intact.tsv >intact.tok
	run patchtok -v blob.tsv
	is "patchtok on the damaged table: exit 0" 0 "$rc"
	grep -v "^$linked	" intact.tok >blob.tok.want
	same "patchtok: no patch for the damaged commit, the others' as from the intact table" \
	    blob.tok.want "$T/out"
	is "patchtok: the damaged row counted without a diff (the small root commit is a patch)" \
	    "patchtok: 19 rows, 18 patches, 1 without a diff, 0 with an unreadable diff" \
	    "$(cat "$T/err")"

	# A corrupt object instead of a missing one: libgit2's message.
	mkdir corrupt && cp -R repo corrupt/r
	f=$(loose corrupt/r "$blob")
	chmod u+w "$f" && printf 'not a zlib stream' >"$f"
	run_in corrupt git2tsv r
	is "corrupt blob: exit 1" 1 "$rc"
	same "corrupt blob: the same rows as with the blob missing" blob.want "$T/out"
	sed -n 1p "$T/err" | grep -q "^git2tsv: r: commit $linked: cannot diff: blob $blob (unique.txt): [a-z]" &&
	    ! grep -q 'is missing' "$T/err"
	ok $? "corrupt blob: the commit named with libgit2's message ($(sed -n 1p "$T/err" | cut -d: -f6-))"
	is "corrupt blob: the summary counts it" "2|$summary, 1 damaged (rows without a diff)" \
	    "$(wc -l <"$T/err" | tr -d ' ')|$(sed -n 2p "$T/err")"
else
	skip "the fixture's objects are packed: no loose blob to remove"
fi

# A missing subtree: notes/ as the exact rename made it, which the
# rename and the Latin-1 commit (its next change) need; the Latin-1 row
# keeps its cp1252 flag.
move=$(git -C repo rev-parse "$twolines^")
tree=$(git -C repo rev-parse "$move:notes")
mkdir subtree && cp -R repo subtree/r
if [ -f "$(loose subtree/r "$tree")" ] && [ "$(git -C repo rev-parse "$latin^:notes")" = "$tree" ]; then
	rm -f "$(loose subtree/r "$tree")"
	printf '%s\n' "$move" "$latin" >subtree.ids
	damaged_want subtree.ids intact.tsv >subtree.want
	{
		printf 'git2tsv: r: commit %s: cannot diff: tree %s (notes/) is missing\n' "$move" "$tree"
		printf 'git2tsv: r: commit %s: cannot diff: tree %s (notes/) is missing\n' "$latin" "$tree"
		printf '%s, 2 damaged (rows without a diff)\n' "$summary"
	} | sort >subtree.err
	for j in 1 3; do
		run_in subtree $to git2tsv -j$j r
		is "missing subtree, -j$j: exit 1" 1 "$rc"
		same "missing subtree, -j$j: both commits that need it flagged, the other rows intact" \
		    subtree.want "$T/out"
		# Workers name commits as they meet them: compared sorted.
		sort "$T/err" >err.sorted
		same "missing subtree, -j$j: both commits named, the summary counts 2" subtree.err err.sorted
	done
	is "missing subtree: the Latin-1 commit's flags" "cp1252,damaged" \
	    "$(fieldof "$T/out" "$latin" flags)"
else
	skip "the fixture's notes/ tree is packed or not shared as expected"
fi

# A missing root tree: the commit's own and its child's parent tree.
rtree=$(git -C repo rev-parse "$linked^{tree}")
mkdir roottree && cp -R repo roottree/r
if [ -f "$(loose roottree/r "$rtree")" ]; then
	rm -f "$(loose roottree/r "$rtree")"
	printf '%s\n' "$linked" "$backport" >roottree.ids
	damaged_want roottree.ids intact.tsv >roottree.want
	{
		printf "git2tsv: r: commit %s: cannot diff: parent's tree %s is missing\n" "$backport" "$rtree"
		printf 'git2tsv: r: commit %s: cannot diff: tree %s is missing\n' "$linked" "$rtree"
		printf '%s, 2 damaged (rows without a diff)\n' "$summary"
	} >roottree.err
	run_in roottree git2tsv -j1 r
	is "missing root tree: exit 1" 1 "$rc"
	same "missing root tree: the commit and its child flagged, the other rows intact" \
	    roottree.want "$T/out"
	same "missing root tree: both named (tree, parent's tree), the summary counts 2" \
	    roottree.err "$T/err"
else
	skip "the fixture's objects are packed: no loose tree to remove"
fi

# A missing commit cuts the history: the commit naming it as its parent
# still gets its row (no parent, no diff), then the walk fails (exit 2:
# the history beyond it is not read, the table is not to be used).
mkdir nocommit && cp -R repo nocommit/r
if [ -f "$(loose nocommit/r "$second")" ]; then
	rm -f "$(loose nocommit/r "$second")"
	echo "$move" >nocommit.ids
	damaged_want nocommit.ids intact.tsv | grep -v -e "^$second" -e "^$root" >nocommit.want
	{
		printf 'git2tsv: r: commit %s: cannot diff: parent commit %s is missing\n' "$move" "$second"
		printf 'git2tsv: r: history walk failed: commit %s, parent of %s, is missing\n' \
		    "$second" "$move"
		printf 'git2tsv: 18 commits, 17 rows, 1 left out (merges, dates), 0 failed, 1 damaged (rows without a diff)\n'
	} >nocommit.err
	for j in 1 3; do
		run_in nocommit $to git2tsv -j$j r
		is "missing commit, -j$j: exit 2" 2 "$rc"
		same "missing commit, -j$j: the rows down to its child, the child flagged damaged" \
		    nocommit.want "$T/out"
		same "missing commit, -j$j: the child and the missing commit named, the walk's end said" \
		    nocommit.err "$T/err"
	done
	run_in nocommit $to git2tsv r "$second..main"
	is "missing commit as a range's end: exit 2, no rows" "2|0" "$rc|$(wc -c <"$T/out" | tr -d ' ')"
	run_in nocommit libgit2_leaky $to git2tsv r "v0.1..main"
	is "missing commit below a range: exit 2, the walk fails before any row" \
	    "2|0|git2tsv: r: cannot walk the history: object not found - no match for id ($second)" \
	    "$rc|$(wc -c <"$T/out" | tr -d ' ')|$(cat "$T/err")"
else
	skip "the fixture's objects are packed: no loose commit to remove"
fi

# Ten commits of forty whose blob is gone: their messages come in
# commit order whatever the threads, as with -j1 (workers' messages go
# with their commit).
mkdir many
git init -q many/r
for i in $(seq 1 40); do
	seq 1 $((i * 50)) >many/r/f$i.txt
	git -C many/r add f$i.txt
	git -C many/r -c user.name=t -c user.email=t@example.org commit -q -m "add f$i"
done
for i in 3 7 11 15 19 23 27 31 35 39; do
	rm -f "$(loose many/r "$(git -C many/r rev-parse "HEAD:f$i.txt")")"
done
run_in many git2tsv -j1 r
cp "$T/err" many.err
is "ten commits without their blob, -j1: each named" 10 "$(grep -c 'cannot diff' many.err)"
for j in 2 3 4; do
	run_in many git2tsv -j$j r
	same "ten commits without their blob, -j$j: the messages of -j1, in order" many.err "$T/err"
done

# A real partial clone (git fetches blobs on demand; libgit2 cannot, so
# the commits whose diff needs a blob the clone left out are damaged).
git -C repo config uploadpack.allowFilter true
mkdir partial
if git clone -q --filter=blob:none --no-local "file://$T/repo" partial/r 2>clone.err &&
    git -C partial/r rev-list --objects --missing=print HEAD | sed -n 's/^?//p' | sort >missing &&
    [ -s missing ]; then
	# Before git2tsv reads anything: a copy that says partial clone the
	# way older git did (libgit2 refuses the extension by default).
	mkdir partialext && cp -R partial/r partialext/r
	git -C partialext/r config extensions.partialclone origin
	# The commits that need a missing blob, as git's raw diff names
	# their blobs (read in the intact repository: git would fetch).
	for id in $(cut -f1 intact.tsv | sed 1d); do
		git -C repo diff-tree -r -M --root --no-commit-id --raw "$id" |
		    awk '$3 != $4 { print $3; print $4 }' | sort -u | comm -12 - missing |
		    grep -q . && echo "$id"
	done >partial.ids
	n=$(wc -l <partial.ids | tr -d ' ')
	diag "partial clone: $(wc -l <missing | tr -d ' ') blobs left out, $n commits need one"
	[ "$n" -gt 0 ] && [ "$n" -lt 19 ]
	ok $? "partial clone: some commits need a blob it left out, some do not ($n of 19)"
	damaged_want partial.ids intact.tsv >partial.want
	run_in partial libgit2_leaky $to git2tsv r
	is "partial clone: exit 1 (rows flagged damaged)" 1 "$rc"
	same "partial clone: those commits flagged damaged, the other rows intact" partial.want "$T/out"
	is "partial clone: each named, a blob missing" "$n" \
	    "$(grep -c "^git2tsv: r: commit [0-9a-f]\{40\}: cannot diff: blob [0-9a-f]\{40\} (.*) is missing$" "$T/err")"
	is "partial clone: the summary counts them" \
	    "git2tsv: 20 commits, 19 rows, 1 left out (merges, dates), 0 failed, $n damaged (rows without a diff)" \
	    "$(tail -1 "$T/err")"
	is "partial clone: nothing was fetched" "$(cat missing)" \
	    "$(git -C partial/r rev-list --objects --missing=print HEAD | sed -n 's/^?//p' | sort)"
	cp "$T/out" partial.tsv
	git -C partialext/r config extensions.partialclone >/dev/null
	ok $? "partial clone with extensions.partialclone: the copy says so"
	run_in partialext libgit2_leaky $to git2tsv r
	is "partial clone with extensions.partialclone: exit 1" 1 "$rc"
	same "partial clone with extensions.partialclone: the same rows" partial.tsv "$T/out"

	# Without trees either: only the head's tree is there (the checkout
	# fetched it), so every commit misses its own tree or, the head, its
	# parent's.
	mkdir treeless
	if git clone -q --filter=tree:0 --no-local "file://$T/repo" treeless/r 2>clone.err; then
		run_in treeless libgit2_leaky $to git2tsv r
		is "treeless clone: exit 1" 1 "$rc"
		damaged_want ids intact.tsv >tl.want
		same "treeless clone: every row there, every one damaged" tl.want "$T/out"
		is "treeless clone: the head misses its parent's tree" \
		    "git2tsv: r: commit $picked: cannot diff: parent's tree $(git -C repo rev-parse "$backport^{tree}") is missing" \
		    "$(grep "commit $picked" "$T/err")"
		is "treeless clone: the 18 others their own trees" 18 \
		    "$(grep -c "^git2tsv: r: commit [0-9a-f]\{40\}: cannot diff: tree [0-9a-f]\{40\} is missing$" "$T/err")"
		is "treeless clone: the summary" \
		    "git2tsv: 20 commits, 19 rows, 1 left out (merges, dates), 0 failed, 19 damaged (rows without a diff)" \
		    "$(tail -1 "$T/err")"
	else
		skip "git clone --filter=tree:0 failed: $(head -1 clone.err)"
	fi
else
	skip "git made no partial clone: $(head -1 clone.err)"
fi

# ===================================================================
# B. The shared real repositories
# ===================================================================
# real NAME BUNDLE: every commit's row and diff against git log -p.
real() {
	name=$1 bundle=$SHARED/$2
	if [ ! -f "$bundle" ]; then
		skip "$name: $2 not found in $SHARED"
		return 1
	fi
	if [ "$have_py" != 1 ]; then
		skip "$name: no python3 to compare diffs"
		return 1
	fi
	bare_clone "$bundle" "$name.git" 2>/dev/null || {
		ok 1 "$name: git clone of the bundle"
		return 1
	}
	git2tsv -q "$name.git" >"$name.tsv" 2>"$name.err"
	rc=$?
	git --git-dir="$name.git" rev-list --no-merges HEAD >"$name.want"
	is "$name: exit 0, one row per non-merge commit" "0 $(wc -l <"$name.want")" \
	    "$rc $(rows "$name.tsv")"
	cut -f1 "$name.tsv" | sed 1d >"$name.ids"
	same "$name: ids in git log order" "$name.want" "$name.ids"
	git --git-dir="$name.git" log -p -M --no-merges --root --format=%x00%H >"$name.log"
	python3 cmpdiffs.py "$name.tsv" "$name.log" >"$name.res"
	ok $? "$name: diffs equal git log -p -M ($(tail -1 "$name.res"))"
	sed '$d' "$name.res"
	diag "$name: $(tail -1 "$name.res" | sed 's/compared \([0-9]*\),.*/\1/') commits' diffs compared with git's (every one, under PT_SAN too)"
	return 0
}

# Without context, too (git cuts the files' common tail first).
real_u0() {
	name=$1
	git --git-dir="$name.git" log -p -M -U0 --no-merges --root --format=%x00%H >"$name.u0.log"
	git2tsv -q -U 0 "$name.git" >"$name.u0.tsv"
	python3 cmpdiffs.py "$name.u0.tsv" "$name.u0.log" >"$name.u0.res"
	ok $? "$name: -U 0 diffs equal git log -p -M -U0 ($(tail -1 "$name.u0.res"))"
	sed '$d' "$name.u0.res"
}

if real jailhouse jailhouse/jailhouse.bundle; then
	real_u0 jailhouse
	# Threads hand runs of commits over and keep what they read: the
	# same bytes however many there are.
	git2tsv -q -j1 jailhouse.git >jailhouse.j1
	git2tsv -q -j3 jailhouse.git >jailhouse.j3
	same "jailhouse: -j1 writes the default's bytes" jailhouse.tsv jailhouse.j1
	same "jailhouse: -j3 writes the default's bytes" jailhouse.tsv jailhouse.j3
	# git2tsv reads the packs itself (packs.c), libgit2 what it cannot:
	# packs of other shapes give the same bytes.  Deltas naming their
	# base by id, chains 250 deep; then the history in three parts, two
	# packs (the second completed with the bases it names in the first)
	# and loose objects between them.
	# (The last column names the repository: it is left out.)
	cut -f1-16 jailhouse.tsv >jh.want
	cp -R jailhouse.git jh-ref.git
	git --git-dir=jh-ref.git -c repack.useDeltaBaseOffset=false \
	    repack -q -a -d -f --depth=250 --window=20 >/dev/null 2>&1
	git2tsv -q jh-ref.git | cut -f1-16 >jh-ref.tsv
	same "jailhouse: ref deltas 250 deep, the same bytes" jh.want jh-ref.tsv
	cp -R jailhouse.git jh-src.git
	git --git-dir=jh-src.git update-ref refs/heads/part1 HEAD~600
	git --git-dir=jh-src.git update-ref refs/heads/part2 HEAD~200
	git init -q --bare jh-parts.git
	for step in "part1 1" "part2 1000000" "HEAD 1"; do
		set -- $step
		git --git-dir=jh-parts.git -c fetch.unpackLimit="$2" fetch -q \
		    "$T/jh-src.git" "$1" >/dev/null 2>&1
	done
	git --git-dir=jh-parts.git update-ref HEAD "$(git --git-dir=jailhouse.git rev-parse HEAD)"
	npacks=$(ls jh-parts.git/objects/pack/*.pack 2>/dev/null | wc -l | tr -d ' ')
	nloose=$(find jh-parts.git/objects/?? -type f 2>/dev/null | wc -l | tr -d ' ')
	git2tsv -q jh-parts.git | cut -f1-16 >jh-parts.tsv
	same "jailhouse: $npacks packs and $nloose loose objects, the same bytes" \
	    jh.want jh-parts.tsv
	ok "$([ "$npacks" -ge 2 ] && [ "$nloose" -gt 0 ]; echo $?)" \
	    "jailhouse in parts: two packs or more and loose objects"
fi
if real sparse sparse/sparse.bundle; then
	if git --git-dir=sparse.git rev-parse -q --verify v0.6.0 >/dev/null; then
		git --git-dir=sparse.git rev-list --no-merges v0.6.0..HEAD >sr.want
		git2tsv -q -H sparse.git v0.6.0..HEAD | cut -f1 >sr.mine
		same "sparse: v0.6.0..HEAD as git rev-list ($(wc -l <sr.want) commits)" sr.want sr.mine
	else
		skip "sparse: no tag v0.6.0 in the bundle"
	fi
	# Its tags and branches are many tips, of many dates.
	git --git-dir=sparse.git rev-list --no-merges --all >sa.want
	git2tsv -q -H --all sparse.git | cut -f1 >sa.mine
	same "sparse: --all as git rev-list ($(wc -l <sa.want) commits)" sa.want sa.mine
fi

done_testing
