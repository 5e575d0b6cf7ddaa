#!/bin/sh
# mkrepo.sh DIR - build a small git repository at DIR (bare) with fixed
# identities and dates, so its hashes are the same on every machine.
# It holds what git2tsv must get right: a root commit, a change inside
# a C function, a rename with an edit, a binary file, a merge, a Latin-1
# message without an encoding header, Link: and upstream trailers, and
# a lightweight and an annotated tag.
set -eu
dir=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/mkrepo.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1 HOME=$work LC_ALL=C TZ=UTC
export GIT_AUTHOR_NAME='A U Thor' GIT_AUTHOR_EMAIL='Author@Example.COM'
export GIT_COMMITTER_NAME='C O Mitter' GIT_COMMITTER_EMAIL='committer@example.com'
n=0
at() {
	n=$((n + 1))
	export GIT_AUTHOR_DATE="2020-01-0${n}T10:00:00Z" GIT_COMMITTER_DATE="2020-01-0${n}T12:00:00Z"
}
g() { git -C "$work/w" -c init.defaultBranch=master -c core.autocrlf=false "$@"; }

mkdir "$work/w"
g init -q
printf 'int add(int a, int b)\n{\n\treturn a + b;\n}\n\nint sub(int a, int b)\n{\n\treturn a - b;\n}\n' >"$work/w/calc.c"
printf 'Calc\n====\n\nA tiny calculator.\nIt adds and subtracts.\nNothing more.\n' >"$work/w/README"
at; g add . && g commit -q -m 'Initial import'
printf 'int add(int a, int b)\n{\n\treturn a + b;\n}\n\nint sub(int a, int b)\n{\n\tint r = a - b;\n\treturn r;\n}\n' >"$work/w/calc.c"
at; g commit -q -a -m 'calc: name the difference' -m 'Link: https://lore.kernel.org/r/20200102.1234-1-author%40example.com'
g mv README README.md
printf 'Calc\n====\n\nA tiny calculator.\nIt adds and subtracts.\nNothing more, for now.\n' >"$work/w/README.md"
at; g commit -q -a -m 'docs: README becomes Markdown'
g tag v0.1
g checkout -q -b side
printf '\000\001\002binary\n' >"$work/w/logo.bin"
g add logo.bin
at; g commit -q -m 'Add a logo' -m 'commit 0123456789abcdef0123456789abcdef01234567 upstream.'
g checkout -q master
printf 'int mul(int a, int b)\n{\n\treturn a * b;\n}\n' >"$work/w/mul.c"
g add mul.c
# git commit-tree would turn Latin-1 into UTF-8: write the object raw.
tree=$(g write-tree)
at
t=$(date -u -d "$GIT_AUTHOR_DATE" +%s)
{
	printf 'tree %s\nparent %s\n' "$tree" "$(g rev-parse HEAD)"
	printf 'author %s <%s> %s +0000\n' "$GIT_AUTHOR_NAME" "$GIT_AUTHOR_EMAIL" "$t"
	printf 'committer %s <%s> %s +0000\n\n' "$GIT_COMMITTER_NAME" "$GIT_COMMITTER_EMAIL" $((t + 7200))
	printf 'Gr\374\337e\n\nLatin-1 bytes, no encoding header.\n'
} >"$work/obj"
commit=$(g hash-object -t commit -w --literally "$work/obj")
g update-ref refs/heads/master "$commit"
g reset -q --hard
at; g merge -q --no-ff -m 'Merge branch side' side
g -c user.name='T Agger' -c user.email=tagger@example.com tag -a -m 'release 0.2' v0.2
git clone -q --bare "$work/w" "$dir"
