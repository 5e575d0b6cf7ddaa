#!/bin/sh
# Exit statuses that mean one thing (common/util.h), tool by tool, on
# real input: 0 all read; 1 finished, some input named on stderr and
# skipped (or written flagged), the output the good rows' own; 2
# failed, the output not to be used (an input cut short, a missing
# file or repository, output that cannot be written).  Then
# patchtrack: a truncated .xz among the archives fails the run, which
# names the archive and leaves no mail table of it (nor a .tmp), and a
# mail without a header gives a finished run of status 1.
#
# The inputs: the sample archive and repository (sample/), a cut copy
# of the shared jailhouse-dev.mbox.xz and a headerless mail of the
# shared badmail collection (patchwork's 0001-add-line.patch); the
# parts that need the shared data skip without it.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox
SAMPLE=$top/sample/jailhouse-dev-2019.mbox.xz
JH=$SHARED/jailhouse/jailhouse-dev.mbox.xz
BADMAIL=$SHARED/badmail/patchwork/patches/0001-add-line.patch

# status DESC WANT: the last run's status is WANT and it did not crash.
status() {
	if [ "$rc" -eq "$2" ] && ! grep -q 'Sanitizer\|runtime error' "$T/err"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "exit $rc, want $2" "$(head -5 "$T/err")"
	fi
}

# without FILE LINE: FILE without its line LINE.
without() {
	awk -v l="$2" 'NR != l' "$1"
}

# --- mbox2tsv ----------------------------------------------------------------
run mbox2tsv "$SAMPLE"
status "mbox2tsv, the sample archive: exit 0" 0
cp "$T/out" mails.tsv
is "mbox2tsv, the sample: 525 rows" 525 "$(rows mails.tsv)"

if [ -f "$BADMAIL" ]; then
	cp "$BADMAIL" 0001-add-line.patch
	run mbox2tsv "$SAMPLE" 0001-add-line.patch
	status "mbox2tsv, a mail without a header after the archive: exit 1 (skipped)" 1
	grep -q '^mbox2tsv: 0001-add-line.patch:0: mail skipped: no mail header' "$T/err"
	ok $? "mbox2tsv: the skipped mail is named"
	same "mbox2tsv: the table is the archive's rows, all of them" mails.tsv "$T/out"
else
	skip "mbox2tsv, a bad mail: $BADMAIL not found"
	skip "mbox2tsv: the skipped mail is named"
	skip "mbox2tsv: the table is the archive's rows"
fi

if [ -f "$JH" ]; then
	head -c 300000 "$JH" >cut.mbox.xz
	run mbox2tsv cut.mbox.xz
	status "mbox2tsv, a truncated .xz: exit 2 (failed)" 2
	grep -q '^mbox2tsv: cut.mbox.xz: truncated xz data after [0-9]* bytes$' "$T/err"
	ok $? "mbox2tsv, a truncated .xz: the archive is named"
	run mbox2tsv "$SAMPLE" cut.mbox.xz
	status "mbox2tsv, a good archive then a truncated one: exit 2" 2
else
	skip "mbox2tsv, a truncated .xz: $JH not found"
	skip "mbox2tsv, a truncated .xz: the archive is named"
	skip "mbox2tsv, a good archive then a truncated one"
fi
xz -dc "$SAMPLE" | gzip -c | head -c 20000 >cut.mbox.gz
run mbox2tsv cut.mbox.gz
status "mbox2tsv, a truncated .gz: exit 2" 2
grep -q '^mbox2tsv: cut.mbox.gz: truncated gzip data' "$T/err"
ok $? "mbox2tsv, a truncated .gz: the archive is named"
run mbox2tsv no-such.mbox
status "mbox2tsv, a missing archive: exit 2" 2
mbox2tsv -q "$SAMPLE" >/dev/full 2>"$T/err"
rc=$?
status "mbox2tsv, output to a full disk (/dev/full): exit 2" 2
grep -q '^mbox2tsv: error writing output' "$T/err"
ok $? "mbox2tsv, a full disk: said on stderr"

# --- git2tsv -----------------------------------------------------------------
bare_clone "$top/sample/jailhouse-2019.bundle" repo.git
run git2tsv --since 2019-01-01 repo.git
status "git2tsv, the sample repository: exit 0" 0
cp "$T/out" commits.tsv
[ "$(rows commits.tsv)" -gt 50 ]
ok $? "git2tsv: commits since 2019 ($(rows commits.tsv))"

# A partial clone without blobs: every commit's diff needs one, so every
# row is written flagged damaged and named (1), none is lost.
git -C repo.git config uploadpack.allowFilter true
if git clone -q --bare --filter=blob:none --no-local "file://$T/repo.git" partial.git 2>clone.err; then
	# libgit2 1.5 leaks when it opens a partial clone (its extensions
	# checked with pcre2; fixed in 1.6): as tests/40-git2tsv.t, the
	# leak is known to LeakSanitizer under PT_SAN.
	printf 'leak:pcre2_match_data_create_8\nleak:pcre2_match_8\nleak:git_revwalk_next\n' >lsan.supp
	LSAN_OPTIONS="suppressions=$T/lsan.supp:print_suppressions=0" \
	    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0" \
	    git2tsv --since 2019-01-01 partial.git >"$T/out" 2>"$T/err"
	rc=$?
	status "git2tsv, a partial clone: exit 1 (rows flagged damaged)" 1
	is "git2tsv, a partial clone: the same commits" "$(cut -f1 commits.tsv)" "$(cut -f1 "$T/out")"
	fl=$(head -1 "$T/out" | tr '\t' '\n' | grep -n '^flags$' | cut -d: -f1)
	n=$(sed 1d "$T/out" | cut -f"$fl" | grep -c damaged)
	is "git2tsv, a partial clone: every row flagged damaged" "$(rows commits.tsv)" "$n"
	is "git2tsv, a partial clone: each named on stderr" "$n" \
	    "$(grep -c '^git2tsv: partial.git: commit [0-9a-f]*: cannot diff: blob ' "$T/err")"
else
	skip "git2tsv, a partial clone: git made none ($(head -1 clone.err))"
	skip "git2tsv, a partial clone: the same commits"
	skip "git2tsv, a partial clone: every row flagged damaged"
	skip "git2tsv, a partial clone: each named"
fi
run git2tsv "$T/no-such.git"
status "git2tsv, a missing repository: exit 2" 2
grep -q "no-such.git" "$T/err"
ok $? "git2tsv, a missing repository: named"
run git2tsv repo.git no-such-branch
status "git2tsv, an unknown revision: exit 2" 2
git2tsv -q --since 2019-01-01 repo.git >/dev/full 2>"$T/err"
rc=$?
status "git2tsv, output to a full disk: exit 2" 2

# --- patchtok ----------------------------------------------------------------
run patchtok mails.tsv
status "patchtok, the mail table: exit 0" 0
cp "$T/out" mails.tok
patchtok -q commits.tsv >commits.tok
# A damaged row: the first mail with a diff gets a bad escape.
d=$(head -1 mails.tsv | tr '\t' '\n' | grep -n '^diff$' | cut -d: -f1)
line=$(awk -F'\t' -v d="$d" 'NR > 1 && $d != "" { print NR; exit }' mails.tsv)
awk -F'\t' -v OFS='\t' -v l="$line" 'NR == l { $5 = $5 "\\q" } 1' mails.tsv >damaged.tsv
without mails.tsv "$line" >cut-row.tsv
patchtok -q cut-row.tsv >want.tok
run patchtok damaged.tsv
status "patchtok, a row with a bad escape: exit 1" 1
grep -q "^patchtok: damaged.tsv:$line: column 'subject': invalid escape" "$T/err"
ok $? "patchtok: the bad row is named as file:line"
same "patchtok: the patches of the other rows" want.tok "$T/out"
xz -c mails.tsv | head -c 30000 >cut.tsv.xz
run patchtok cut.tsv.xz
status "patchtok, a truncated .xz table: exit 2" 2
grep -q '^patchtok: cut.tsv.xz:[0-9]*: truncated xz data' "$T/err"
ok $? "patchtok, a truncated table: named"
patchtok -q mails.tsv >/dev/full 2>"$T/err"
rc=$?
status "patchtok, output to a full disk: exit 2" 2

# --- patchsim ----------------------------------------------------------------
run patchsim mails.tok commits.tok
status "patchsim, mails against commits: exit 0" 0
cp "$T/out" pairs.tsv
[ "$(rows pairs.tsv)" -gt 10 ]
ok $? "patchsim: pairs ($(rows pairs.tsv))"
# A damaged row: a count that is not one, in the first patch of the mails.
a=$(head -1 mails.tok | tr '\t' '\n' | grep -n '^added$' | cut -d: -f1)
awk -F'\t' -v OFS='\t' -v a="$a" 'NR == 2 { $a = "many" } 1' mails.tok >damaged.tok
without mails.tok 2 >cut-row.tok
patchsim -q cut-row.tok commits.tok >want.pairs
run patchsim damaged.tok commits.tok
status "patchsim, a row with a bad count: exit 1" 1
grep -q "^patchsim: damaged.tok:2: column 'added' or 'removed': not a count" "$T/err"
ok $? "patchsim: the bad row is named as file:line"
same "patchsim: the pairs of the other rows" want.pairs "$T/out"
# A row without an id: no pair could name it.
awk -F'\t' -v OFS='\t' 'NR == 2 { $1 = "" } 1' mails.tok >noid.tok
run patchsim noid.tok commits.tok
status "patchsim, a row without an id: exit 1" 1
grep -q "^patchsim: noid.tok:2: column 'id': empty" "$T/err"
ok $? "patchsim: the row without an id is named as file:line"
same "patchsim: the pairs of the rows with one" want.pairs "$T/out"
xz -c commits.tok | head -c 20000 >cut.tok.xz
run patchsim mails.tok cut.tok.xz
status "patchsim, a truncated .xz table: exit 2" 2
grep -q 'cut.tok.xz' "$T/err"
ok $? "patchsim, a truncated table: named"
run patchsim mails.tok no-such.tok
status "patchsim, a missing table: exit 2" 2

# --- ptcluster ---------------------------------------------------------------
run ptcluster mails.tok commits.tok pairs.tsv
status "ptcluster: exit 0" 0
cp "$T/out" clusters.tsv
sc=$(head -1 pairs.tsv | tr '\t' '\n' | grep -n '^score$' | cut -d: -f1)
awk -F'\t' -v OFS='\t' -v s="$sc" 'NR == 3 { $s = "1.5" } 1' pairs.tsv >damaged.pairs
without pairs.tsv 3 >cut-row.pairs
ptcluster -q mails.tok commits.tok cut-row.pairs >want.clusters
run ptcluster mails.tok commits.tok damaged.pairs
status "ptcluster, a pair with a score above 1: exit 1" 1
grep -q "^ptcluster: damaged.pairs:3: column 'score': not a number from 0 to 1" "$T/err"
ok $? "ptcluster: the bad pair is named as file:line"
same "ptcluster: the clusters of the other pairs" want.clusters "$T/out"
xz -c pairs.tsv | head -c 2000 >cut.pairs.xz
run ptcluster mails.tok commits.tok cut.pairs.xz
status "ptcluster, a truncated .xz pairs table: exit 2" 2
run ptcluster mails.tok commits.tok no-such.tsv
status "ptcluster, a missing table: exit 2" 2

# --- ptmaint -----------------------------------------------------------------
# The real Xen MAINTAINERS (tests/data/maintainers) for the sample's patches.
M=$DATA/maintainers/xen-MAINTAINERS
run ptmaint -f "$M" mails.tok
status "ptmaint: exit 0" 0
cp "$T/out" maint.tsv
ptmaint -q -f "$M" cut-row.tok >want.maint
awk -F'\t' -v OFS='\t' 'NR == 2 { $1 = $1 "\\q" } 1' mails.tok >badesc.tok
run ptmaint -q -f "$M" badesc.tok
status "ptmaint, a row with a bad escape: exit 1" 1
grep -q "^ptmaint: badesc.tok:2: column 'id': invalid escape" "$T/err"
ok $? "ptmaint: the bad row is named as file:line"
same "ptmaint: the rows of the other patches" want.maint "$T/out"
run ptmaint -q -g "$T/no-such.git" mails.tok
status "ptmaint, a missing repository: exit 2" 2
run ptmaint -q -f "$M" cut.tok.xz
status "ptmaint, a truncated .xz table: exit 2" 2

# --- ptreport ----------------------------------------------------------------
TABLES="clusters.tsv commits.tsv mails.tok commits.tok"
run ptreport patches mails.tsv $TABLES
status "ptreport patches: exit 0" 0
# A mail with a date that is not one: left out of the report (1).
dt=$(head -1 mails.tsv | tr '\t' '\n' | grep -n '^date$' | cut -d: -f1)
awk -F'\t' -v OFS='\t' -v dt="$dt" -v l="$line" 'NR == l { $dt = "yesterday" } 1' mails.tsv >baddate.tsv
ptreport patches -q cut-row.tsv $TABLES >want.report
run ptreport patches -q baddate.tsv $TABLES
status "ptreport, a mail with a bad date: exit 1" 1
grep -q "^ptreport: baddate.tsv:$line: column date: not a date: yesterday" "$T/err"
ok $? "ptreport: the bad row is named as file:line"
same "ptreport: the report of the other rows" want.report "$T/out"
xz -c clusters.tsv | head -c 3000 >cut.clusters.xz
run ptreport patches -q mails.tsv cut.clusters.xz commits.tsv mails.tok commits.tok
status "ptreport, a truncated .xz clusters table: exit 2" 2
grep -q 'cut.clusters.xz' "$T/err"
ok $? "ptreport, a truncated table: named"
ptreport summary -q mails.tsv $TABLES >/dev/full 2>"$T/err"
rc=$?
status "ptreport, output to a full disk: exit 2" 2

# --- patchtrack --------------------------------------------------------------
# pt ARGS: patchtrack on the sample repository, quietly.
pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -q -j 2 -r master "$@"
}
# The driver's statuses (a stage failed, input skipped, a report part
# unreadable, a failing scorer): patchtrack's shell and make, left to the
# normal pass; the tools' own statuses for these are checked above, under
# the sanitizers too, and the chain runs under them below (the tags).
if normal_pass "patchtrack's statuses: a truncated .xz, a bad mail, a report part unreadable, failing stages"; then
if [ -f "$JH" ]; then
	run pt -o pt1 repo.git "$SAMPLE" cut.mbox.xz
	status "patchtrack, a truncated .xz among the archives: exit 2 (failed)" 2
	grep -q "^mbox2tsv: $T/cut.mbox.xz: truncated xz data" "$T/err"
	ok $? "patchtrack: stderr names the truncated archive"
	is "patchtrack: no mail table of the truncated archive" "" \
	    "$(find pt1 -name '*cut.mbox.xz.tsv*')"
	is "patchtrack: no .tmp left" "" "$(find pt1 -name '*.tmp')"
	[ ! -e pt1/report.txt ]
	ok $? "patchtrack: no report of a failed run"
	# The archive mended (here: left out), the run does what is left.
	run pt -o pt1 repo.git "$SAMPLE"
	status "patchtrack, the good archive alone then: exit 0" 0
	[ -s pt1/report.txt ]
	ok $? "patchtrack: the report then"
else
	for k in 1 2 3 4 5 6 7; do skip "patchtrack, a truncated .xz: $JH not found"; done
fi
if [ -f "$BADMAIL" ]; then
	run pt -o pt2 repo.git "$SAMPLE" 0001-add-line.patch
	status "patchtrack, a mail without a header among the archives: exit 1" 1
	grep -q '^mbox2tsv: .*0001-add-line.patch:0: mail skipped: no mail header' "$T/err" &&
	    grep -q '^patchtrack: input was skipped (named above) for: mails/[^ ]*0001-add-line.patch.tsv$' "$T/err"
	ok $? "patchtrack: the mail and the table it was skipped from are named"
	[ -s pt2/report.txt ] && [ -s pt2/report.html ] && [ "$(ls pt2/mails/*.tsv | wc -l)" -eq 2 ]
	ok $? "patchtrack: the tables and the reports are written"
	is "patchtrack: no .tmp left" "" "$(find pt2 -name '*.tmp')"
else
	for k in 1 2 3 4; do skip "patchtrack, a bad mail: $BADMAIL not found"; done
fi
# report.txt that cannot be written (here a folder in the way of its
# temporary) fails the run: no report.txt, no .tmp left.
[ -s pt1/report.txt ] || run pt -o pt1 repo.git "$SAMPLE"
rm -f pt1/report.txt
mkdir pt1/reports/report.tmp.txt
run pt -o pt1 repo.git "$SAMPLE"
status "patchtrack, report.txt cannot be written: exit 2 (failed)" 2
grep -q '^ptreport: .*reports/report.tmp.txt: Is a directory' "$T/err" && [ ! -e pt1/report.txt ]
ok $? "patchtrack, report.txt cannot be written: named on stderr, no report.txt"
is "patchtrack, report.txt cannot be written: no .tmp left" "" "$(find pt1 -name '*.tmp' -o -name '*.tmp.*' ! -name report.tmp.txt)"

# A failing stage after an archive whose parts are checksummed (an
# uncompressed mbox): the run's status is the stage's failure, not the
# shell's complaint about a status lost on the way.
xz -dc "$SAMPLE" >plain.mbox
printf '#!/bin/sh\necho "fail-scorer: no" >&2\nexit 2\n' >fail-scorer
chmod +x fail-scorer
run pt --scorer "$T/fail-scorer" -o pt3 repo.git plain.mbox
status "patchtrack, a failing scorer after an uncompressed mbox: exit 2 (failed)" 2
! grep -q 'Illegal number\|exit: ' "$T/err" && grep -q '^fail-scorer: no' "$T/err"
ok $? "patchtrack, a failing stage: its message, and no lost status"
# Whatever the failing stage's own status, the run's is 2 (failed): 3
# is the lock's alone, and no shell error (dash's "patchtrack: LINE:")
# is printed on the way.
sed 's/^exit 2$/exit 3/' fail-scorer >fail3-scorer
chmod +x fail3-scorer
run pt --scorer "$T/fail3-scorer" -o pt7 repo.git plain.mbox
status "patchtrack, a scorer exiting 3: exit 2 (failed), not the lock's 3" 2
! grep -q "^patchtrack: [0-9][0-9]*: \|Illegal number" "$T/err" && grep -q '^fail-scorer: no' "$T/err" &&
	grep -q 'pairs/.*Error 3' "$T/err"
ok $? "patchtrack, a scorer exiting 3: its message and make's, no shell error"
# A report stage made to fail: ptreport wrapped in a build folder of
# its own (patchtrack puts PT_BUILD's bin first in PATH).
mkdir -p fb/bin
for t in "$BIN"/*; do ln -s "$t" "fb/bin/${t##*/}"; done
rm fb/bin/ptreport
for how in 'exit 3' 'kill -9 $$'; do
	printf '#!/bin/sh\ncase $1 in all) echo "ptreport: made to fail" >&2; %s ;; esac\nexec "%s" "$@"\n' \
	    "$how" "$BIN/ptreport" >fb/bin/ptreport
	chmod +x fb/bin/ptreport
	rm -rf pt8
	PT_BUILD=$T/fb sh "$top/pipeline/patchtrack" -q -j 2 -r master -o pt8 repo.git plain.mbox \
	    >"$T/out" 2>"$T/err"
	rc=$?
	status "patchtrack, the report stage failing ($how): exit 2 (failed)" 2
	! grep -q "^patchtrack: [0-9][0-9]*: \|Illegal number" "$T/err" &&
		grep -q '^ptreport: made to fail' "$T/err" && [ ! -e pt8/report.txt ] &&
		[ -z "$(find pt8 -name '*.tmp')" ] && grep -q '^seg 1 0 [0-9]* c[0-9]*$' pt8/archives/*.state
	ok $? "patchtrack, the report stage failing ($how): its message, no shell error, no report, no .tmp, the mbox's sum written"
done
fi

# Any project's tags: releases tagged NAME-X.Y, and a repository with no
# tags at all; both reach report.txt and report.html.
git clone -q --bare repo.git named.git
git --git-dir=named.git tag | while read -r t; do
	git --git-dir=named.git tag "jailhouse-${t#v}" "$t" && git --git-dir=named.git tag -d "$t" >/dev/null
done
run pt -o pt4 named.git "$SAMPLE"
status "patchtrack, a repository tagged NAME-X.Y: exit 0" 0
[ -s pt4/report.txt ] && [ -s pt4/report.html ] && [ "$(rows pt4/reports/cycle.tsv)" -ge 1 ]
ok $? "patchtrack, tags NAME-X.Y: report.txt, report.html, and cycle phases ($(rows pt4/reports/cycle.tsv 2>/dev/null) rows)"
git clone -q --bare repo.git notags.git
git --git-dir=notags.git tag | xargs git --git-dir=notags.git tag -d >/dev/null
run pt -o pt5 notags.git "$SAMPLE"
status "patchtrack, a repository without tags: exit 0" 0
[ -s pt5/report.txt ] && [ -s pt5/report.html ] && [ "$(rows pt5/reports/cycle.tsv)" -eq 0 ] &&
    [ "$(rows pt5/reports/patches.tsv)" -ge 100 ]
ok $? "patchtrack, no tags: every report, cycle's empty"
grep -q '^none: the repository has no tags' pt5/report.txt
ok $? "patchtrack, no tags: report.txt says why there are no cycle phases"
grep -q 'the repository has no tags' pt5/report.html
ok $? "patchtrack, no tags: report.html says why there are no cycle phases"

done_testing
