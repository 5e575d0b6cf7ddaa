#!/bin/sh
# git2tsv --pulls: the commits of a forge's pull requests (refs/pull/N/head,
# as a GitHub mirror holds them) that the main line lacks, each given to
# the lowest-numbered pull request that reaches it, merges left out,
# against git rev-list; a repository without such refs; refused options.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1

if ! command -v git >/dev/null 2>&1; then
	skip "git is not installed: nothing to compare with"
	done_testing
fi
git_sandbox
git_days +0000
GIT_AUTHOR_NAME=Max GIT_AUTHOR_EMAIL=Max@M.org GIT_COMMITTER_NAME=Max GIT_COMMITTER_EMAIL=max@m.org
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

git init -q -b master repo && cd repo || exit 1
lines 1 5 a >a.txt
commit 1 "a: first"
lines 1 6 a >a.txt
commit 2 "a: second"
# Pull request 7: Ann's two commits on master~0 (one, two); 9: her
# third on top of 7 (7's two are 7's); 12: a merge of master into her
# branch, and a commit after it.
git checkout -q -b ann
GIT_AUTHOR_NAME=Ann GIT_AUTHOR_EMAIL=Ann@A.org
lines 1 7 a >a.txt
commit 3 "a: seventh line"
lines 1 8 a >a.txt
commit 4 "a: eighth line"
one=$(git rev-parse HEAD~1) two=$(git rev-parse HEAD)
lines 1 9 a >a.txt
commit 5 "a: ninth line"
three=$(git rev-parse HEAD)
git checkout -q master
GIT_AUTHOR_NAME=Max GIT_AUTHOR_EMAIL=Max@M.org
lines 1 3 b >b.txt
commit 6 "b: new"
git checkout -q ann
at 7
git merge -q --no-edit master >/dev/null
merge=$(git rev-parse HEAD)
lines 1 4 b >b.txt
commit 8 "b: fourth line"
four=$(git rev-parse HEAD)
git checkout -q master
git update-ref refs/pull/7/head "$two"
git update-ref refs/pull/9/head "$three"
git update-ref refs/pull/12/head "$four"
# Not pull requests' heads: a merge ref, a name that is no number, the
# main line itself.
git update-ref refs/pull/9/merge "$four"
git update-ref refs/pull/x/head "$four"
git update-ref refs/pull/3/head master
cd "$T" || exit 1

run git2tsv --pulls repo master
is "exit 0" 0 "$rc"
is "header" "pull	id	date	from_name	from_addr	subject	src" "$(head -1 out)"
is "rows: by pull request, newest first; each commit the lowest's; the merge left out" \
	"7 $two a: eighth line|7 $one a: seventh line|9 $three a: ninth line|12 $four b: fourth line" \
	"$(tail -n +2 out | awk -F'\t' '{ s = s (NR > 1 ? "|" : "") $1 " " $2 " " $6 } END { print s }')"
is "the merge is no row" "" "$(grep "$merge" out)"
is "the author, the address lower-cased, the author date" \
	"Ann	ann@a.org	2020-01-03T09:45:00Z" \
	"$(awk -F'\t' -v id="$one" '$2 == id { print $4 "\t" $5 "\t" $3 }' out)"
is "src: the repository" "repo" "$(awk -F'\t' 'NR == 2 { print $7 }' out)"
# The same commits as git rev-list of every head not on master.
git -C repo rev-list --no-merges refs/pull/7/head refs/pull/9/head refs/pull/12/head \
    ^master | sort >want
tail -n +2 out | cut -f2 | sort >got
same "the commits git rev-list gives" want got
run git2tsv --pulls -H repo master
is "-H: no header" "4" "$(wc -l <out | tr -d ' ')"
run git2tsv --pulls repo
is "no revision: HEAD is the main line (master)" "5" "$(wc -l <out | tr -d ' ')"
# A main line that holds 7's commits (merged): they are no rows.
run git2tsv --pulls repo master "$two"
is "a revision reaching pull request 7: its commits left out" \
	"9 12" "$(tail -n +2 out | cut -f1 | tr '\n' ' ' | sed 's/ $//')"

# A head on a blob (no commit): named, left out, exit 1; the rest written.
blob=$(echo key | git -C repo hash-object -w --stdin)
git -C repo update-ref refs/pull/20/head "$blob"
run git2tsv --pulls repo master
is "a head on a blob: exit 1, named, the other rows written" \
	"1|git2tsv: repo: refs/pull/20/head: not a commit: left out|5" \
	"$rc|$(cat err)|$(wc -l <out | tr -d ' ')"
git -C repo update-ref -d refs/pull/20/head

git init -q --bare bare.git
git -C repo push -q ../bare.git master
run git2tsv --pulls bare.git master
is "no refs/pull: the header alone, exit 0" "0|1" "$rc|$(wc -l <out | tr -d ' ')"

for o in --tags --merged --all "-s 2020-01-01" --side --merges; do
	run git2tsv --pulls $o repo master
	is "--pulls with $o: refused (exit 2)" "2|--pulls takes no" "$rc|$(grep -o -- '--pulls takes no' err)"
done
run git2tsv --pulls nosuch master
is "a repository not there: exit 2" 2 "$rc"

done_testing
