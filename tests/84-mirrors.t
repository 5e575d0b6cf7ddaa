#!/bin/sh
# 84-mirrors.t - patchtrack's side segment leaves out a forge bot's
# mirrors of posted series (a numbered branch every commit of which the
# main line lacks a bot committed) and the branches named by
# --skip-branch (-x), says which on stderr, and re-reads the side
# segment when the set of branches read changes.
#
# The repository: master; a maintainer's topic branch (topic-util) and
# fixes branch (fixes, and stable at the same commit); a bot's branches
# series/812345 and patchwork-12346, each tip a posted patch verbatim;
# and a small mbox posting those patches.  Then the controls, each a
# repository of its own with series/812345 changed: committed by a
# person (Ann Abbott: "abbott" is no bot), bot-committed under a name
# with no number, and bot-committed with a person's commit on top.
# Under the sanitizers the first run (the chain on a side segment with
# mirrors left out) runs; the rest is the driver's logic
# (normal_pass, lib.sh).
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

if ! command -v git >/dev/null 2>&1; then
	skip "git is not installed: no repository for the side branches"
	done_testing
	exit 0
fi

# col NAME FILE: the column NAME of every data row (as escaped).
col() {
	awk -F'\t' -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next }
	    c { print $c }' "$2"
}

# words: the lines of stdin sorted, on one line (sets compare as strings).
words() {
	sort | tr '\n' ' ' | sed 's/ $//'
}

# verdict DIR ID: the verdict of a mail in DIR's reports/patches.tsv.
verdict() {
	awk -F'\t' -v id="$2" '$1 == id { print $6 }' "$1/reports/patches.tsv"
}

# pt ARGS: the driver, on the build under test (stage lines and notes on
# stderr: no -q unless given).
pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -j 2 "$@"
}

# exit0 DESCRIPTION: the last run exited 0 (its stderr shown if not).
exit0() {
	is "$1: exit 0" 0 "$rc"
	[ "$rc" -eq 0 ] || tail -5 "$T/err" | cut -c1-200 | sed 's/^/# /'
}

# snap DIR: every file of an output folder with its time and size, but the
# reports (made on every run).
snap() {
	(cd "$1" && find . -type f ! -name lock ! -path './reports/*' ! -name 'report.*' \
	    -printf '%P %T@ %s\n' | sort)
}

# The note on stderr: the lines of the last run's that leave branches out.
note() {
	grep '^patchtrack: .*left out' "$T/err"
}

GIT_AUTHOR_NAME='Ann Author'
GIT_AUTHOR_EMAIL='ann@example.com'
GIT_COMMITTER_NAME='Carl Committer'
GIT_COMMITTER_EMAIL='carl@example.org'
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
git_days +0000

# as NAME ADDR CMD...: CMD with NAME <ADDR> as the committer.
as() {
	_n=$1 _a=$2
	shift 2
	GIT_COMMITTER_NAME=$_n GIT_COMMITTER_EMAIL=$_a "$@"
}
BOT_NAME='Patchwork Bot'
BOT_ADDR='patchwork-bot+series@forge.example.org'

# mkrepo DIR SERIES NAME ADDR [UNDER]: the repository in DIR (a work
# tree; DIR.git its bare clone).  SERIES is the name of the branch
# holding the posting of baz (committed by NAME <ADDR>), UNDER: with a
# person's commit under it.  patchwork-12346 (the bot's) holds qux's.
#
#   master          Initial import (1), main: add the extra lines (3),
#                   main: more lines (8)
#   topic-util      util: add the quux helper (5), Carl's
#   fixes, stable   util: fix the corge count (5), Carl's
#   SERIES          [UNDER: doc: a note on baz (6), Carl's,]
#                   bar: check baz before use (6)
#   patchwork-12346 bar: drop the qux alias (7), the bot's
mkrepo() {
	d=$1 series=$2 cn=$3 ca=$4 under=${5:-}
	git init -q -b master "$d" && cd "$d" || return 1
	lines 1 20 main >main.c
	lines 1 20 util >util.c
	lines 1 20 bar >bar.c
	lines 1 20 corge >corge.c
	commit 1 'Initial import'
	lines 1 5 extra >>main.c
	commit 3 'main: add the extra lines' 'More lines for main.'
	git checkout -q -b topic-util
	lines 1 6 quux >>util.c
	commit 5 'util: add the quux helper' 'The quux helper does quux things.'
	git checkout -q -b fixes master
	lines 1 6 count >>corge.c
	commit 5 'util: fix the corge count' 'The count was off by one.'
	git branch stable
	git checkout -q -b "$series" master
	if [ -n "$under" ]; then
		lines 1 3 note >baz.txt
		commit 6 'doc: a note on baz' 'A person committed this one.'
	fi
	lines 1 7 baz >>bar.c
	as "$cn" "$ca" commit 6 'bar: check baz before use' 'Callers pass a null baz.'
	git checkout -q -b patchwork-12346 master
	lines 1 5 qux >bar.h
	as "$BOT_NAME" "$BOT_ADDR" commit 7 'bar: drop the qux alias' 'Nobody uses it.'
	git checkout -q master
	lines 1 4 more >>main.c
	commit 8 'main: more lines' 'Even more lines.'
	cd "$T" || return 1
	git clone -q --bare "$d" "$d.git"
}

# posting REPO REV ID: the mail of commit REV, Message-ID <ID>.
posting() {
	git -C "$1" format-patch -q --stdout -1 "$2" |
	    awk -v id="$3" '{ print } !done && /^Subject:/ { print "Message-ID: <" id ">"; done = 1 }'
}

mkrepo bot series/812345 "$BOT_NAME" "$BOT_ADDR"
ok $? "the repository: master, topic-util, fixes, stable and the bot's two numbered branches"
{
	posting bot master~1 extra@test
	posting bot topic-util quux@test
	posting bot fixes corge@test
	posting bot series/812345 baz@test
	posting bot patchwork-12346 qux@test
} >list.mbox
BAZ=$(git -C bot.git rev-parse series/812345)
QUX=$(git -C bot.git rev-parse patchwork-12346)
QUUX=$(git -C bot.git rev-parse topic-util)
CORGE=$(git -C bot.git rev-parse fixes)
HEAD_SHA=$(git -C bot.git rev-parse master)

# --- 1. the bot's branches left out -----------------------------------------
run pt -o bot-out -r master bot.git list.mbox
exit0 "the bot's numbered branches"
is "side.tsv: topic-util's and fixes' commits, not the bot's branches'" \
	"$(printf '%s\n' "$QUUX" "$CORGE" | words)" "$(col id bot-out/commits/side.tsv | words)"
is "baz, on the bot's series/812345 alone, is not applied" "" \
	"$(verdict bot-out baz@test | grep -x applied)"
v=$(verdict bot-out baz@test)
[ -n "$v" ] && [ "$v" != merged ]
ok $? "baz: a verdict, and not merged ($v)"
is "qux, on the bot's patchwork-12346 alone, is not applied" "" \
	"$(verdict bot-out qux@test | grep -x applied)"
is "quux, on the maintainer's topic-util, is applied" applied "$(verdict bot-out quux@test)"
is "control: extra, on master, is merged" merged "$(verdict bot-out extra@test)"
is "stderr: one line leaves branches out" 1 "$(note | wc -l)"
note | grep -q 'series/812345' && note | grep -q 'patchwork-12346'
ok $? "stderr: the line names series/812345 and patchwork-12346 ($(note | cut -c1-160))"
note | grep -q 'bot'
ok $? "stderr: the line says why (a bot's)"
is "stderr: the line names no branch that is read" "" "$(note | grep -E 'topic-util|fixes|stable')"
is "commits/SIDE: the head and the tips read, then the branches read" \
	"$HEAD_SHA $(printf '%s\n' "$QUUX" "$CORGE" | LC_ALL=C sort | tr '\n' ' ')|fixes stable topic-util" \
	"$(sed -n 1p bot-out/commits/SIDE)|$(sed -n 2p bot-out/commits/SIDE)"

if normal_pass "the controls, --skip-branch, the note's -q and the incremental runs"; then
	# --- 2. controls: the same branch read when a condition fails -------
	# mirror DIR DESCRIPTION BRANCH: baz, on BRANCH, applied, and the note
	# names none but the bot's patchwork-12346.
	mirror() {
		run pt -o "$1-out" -r master "$1.git" list.mbox
		exit0 "$2"
		is "$2: baz is applied" applied "$(verdict "$1-out" baz@test)"
		is "$2: side.tsv holds baz's commit" 1 \
			"$(col id "$1-out/commits/side.tsv" | grep -cx "$(git -C "$1.git" rev-parse "$3")")"
		is "$2: the note names patchwork-12346 alone" "" \
			"$(note | grep -v patchwork-12346)$(note | grep "$3")"
	}
	mkrepo human series/812345 'Ann Abbott' 'ann.abbott@example.org'
	mirror human "control: series/812345 committed by Ann Abbott (a person)" series/812345
	mkrepo nonum series/latest "$BOT_NAME" "$BOT_ADDR"
	mirror nonum "control: the bot's series/latest (no number)" series/latest
	mkrepo mixed series/812345 "$BOT_NAME" "$BOT_ADDR" under
	mirror mixed "control: series/812345, the bot's tip on a person's commit" series/812345
	# Other bots' words: the same posting of baz on four numbered
	# branches, each committed by another bot; all four left out.
	mkrepo w 812345 'github-actions[bot]' '41898282+github-actions[bot]@users.noreply.github.com'
	cd w || exit 1
	for b in '812346|Kernel Test Robot|lkp@intel.com' '812347|GitHub|noreply@github.com' \
	    '812348|CI|ci_bot@example.org'; do
		IFS='|' read -r name cn ca <<EOF
$b
EOF
		git checkout -q -b "$name" master~1
		lines 1 7 baz >>bar.c
		as "$cn" "$ca" commit 6 'bar: check baz before use' 'Callers pass a null baz.'
	done
	git checkout -q master
	cd "$T" || exit 1
	git -C w push -q "$T/w.git" 812346 812347 812348
	run pt -o w-out -r master w.git list.mbox
	exit0 "baz on four numbered branches of four bots"
	is "four bots (github-actions[bot], Kernel Test Robot, GitHub <noreply@...>, ci_bot): baz is not applied" "" \
		"$(verdict w-out baz@test | grep -x applied)"
	is "four bots: the note names 812345, 812346, 812347 and 812348" 4 \
		"$(note | grep -o '81234[5-8]' | sort -u | wc -l)"
	is "four bots: side.tsv holds none of their commits" "$(printf '%s\n' "$QUUX" "$CORGE" | words)" \
		"$(col id w-out/commits/side.tsv | words)"

	# --- 3. --skip-branch: named by hand --------------------------------
	run pt -q -o skip-out --skip-branch 'topic*' -r master bot.git list.mbox
	exit0 "--skip-branch 'topic*'"
	is "--skip-branch 'topic*': side.tsv holds fixes' commit alone" "$CORGE" \
		"$(col id skip-out/commits/side.tsv | words)"
	v=$(verdict skip-out quux@test)
	[ -n "$v" ] && [ "$v" != applied ]
	ok $? "--skip-branch 'topic*': quux is not applied ($v)"
	is "--skip-branch 'topic*': corge, on fixes, is applied" applied "$(verdict skip-out corge@test)"
	is "-q: nothing on stderr" "" "$(cat "$T/err")"
	run pt -q -o skip2-out -x topic-util -x '*/*' -x 'patchwork-*' -r master human.git list.mbox
	exit0 "-x topic-util -x '*/*' -x 'patchwork-*'"
	is "-x: the branches named by hand left out whatever their commits (fixes and stable read)" \
		"$CORGE|fixes stable" \
		"$(col id skip2-out/commits/side.tsv | words)|$(sed -n 2p skip2-out/commits/SIDE)"
	run pt -q -o skip3-out -x '' -r master bot.git list.mbox
	is "--skip-branch '': a usage error (exit 2)" 2 "$rc"
	grep -q '^patchtrack: --skip-branch' "$T/err"
	ok $? "--skip-branch '': said ($(head -1 "$T/err"))"

	# --- 4. incremental: the set of branches read changes ---------------
	snap bot-out >snap1
	sleep 1
	run pt -o bot-out -x 'topic*' -r master bot.git list.mbox
	exit0 "bot-out again, -x 'topic*'"
	is "-x 'topic*' after a run without: side.tsv read again (fixes' commit alone)" "$CORGE" \
		"$(col id bot-out/commits/side.tsv | words)"
	is "-x 'topic*' after a run without: quux is no longer applied" "" \
		"$(verdict bot-out quux@test | grep -x applied)"
	same "-x 'topic*' after a run without: reports/patches.tsv as a run from scratch" \
		skip-out/reports/patches.tsv bot-out/reports/patches.tsv
	is "stderr: one line leaves branches out" 1 "$(note | wc -l)"
	note | grep -q 'topic-util.*--skip-branch' && note | grep -q 'series/812345' &&
		note | grep -q patchwork-12346
	ok $? "stderr: the line names topic-util (--skip-branch) and the bot's branches ($(note | cut -c1-160))"
	snap bot-out >snap2
	grep '^commits/s1\.tsv ' snap1 >s1.before
	grep '^commits/s1\.tsv ' snap2 >s1.after
	[ -s s1.before ] && cmp -s s1.before s1.after
	ok $? "-x 'topic*' after a run without: the main line's segment is not read again"

	# stable goes too: the tips read are the same (fixes'), the set of
	# branches is not.
	sleep 1
	run pt -q -o bot-out -x 'topic*' -x stable -r master bot.git list.mbox
	exit0 "bot-out again, -x 'topic*' -x stable"
	is "-x stable: SIDE names fixes alone" "fixes" "$(sed -n 2p bot-out/commits/SIDE)"
	snap bot-out >snap3
	grep '^commits/side\.tsv ' snap2 >side.before
	grep '^commits/side\.tsv ' snap3 >side.after
	[ -s side.before ] && ! cmp -s side.before side.after
	ok $? "-x stable (the same tips, another set of branches): side.tsv read again"
	sleep 1
	run pt -q -o bot-out -x 'topic*' -x stable -r master bot.git list.mbox
	exit0 "bot-out again, the same options"
	snap bot-out >snap4
	same "the same options again: no table rebuilt (every table's time and size)" snap3 snap4
fi

done_testing
