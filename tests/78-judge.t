#!/bin/sh
# The verdicts as a stage of their own, on the bundled erofs sample.
# ptreport verdicts writes a row per patch mail and per commit of the
# window, as the patches and offlist reports judge them; read back with
# --verdicts, every report (all's folder, why) is the same byte for byte,
# corrections or not.  A table naming an unknown id, verdict, reason or
# evidence is named by file and line (exit 2); a patch mail without a row
# is not counted, and said; a verdicts table among the tables is refused.
# patchtrack --judge examples/thread-ignored renders another definition
# of "ignored": its count and the default's both appear, why in its
# folder gives the judge's verdict, and a run without --judge goes back
# to ptreport's own.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" "$@"
}
# The tables of a patchtrack folder, as why finds them.
tabs() {
	(cd "$1" && ls clusters.tsv mails/*.tsv mails/*.tok commits/*.tsv commits/*.tok \
	    maint/*.tsv tags.tsv pulls.tsv && cat pairs.list) | sed "s|^|$1/|"
}
summ() {
	awk -F'\t' -v w="$2" '$1 == w { print $2 }' "$1"
}

xz -dc "$top/sample/linux-erofs-2026.mbox.xz" >list.mbox
bare_clone "$top/sample/erofs-utils-2026.bundle" repo.git
ok $? "the sample repository"
run pt -q -o o -r master repo.git list.mbox
is "patchtrack: exit 0" 0 "$rc"
V=o/reports/verdicts.tsv
TABS=$(tabs o)

# --- 1. the table: its header, and the reports' verdicts ------------------
is "verdicts.tsv: its header (patchtrack-tsv(5))" \
	"kind	id	verdict	reason	detail	by	family	evidence	role" "$(head -1 $V)"
awk -F'\t' '$1 == "mail" { print $2 "\t" $3 "\t" $5 }' $V | sort >v.mails
awk -F'\t' 'NR > 1 { print $1 "\t" $6 "\t" $7 }' o/reports/patches.tsv | sort >p.mails
same "a row a patch mail: its verdict and detail as patches.tsv's" p.mails v.mails
awk -F'\t' '$1 == "commit" && $3 == "off-list" { print $2 "\t" $4 }' $V | sort >v.off
awk -F'\t' 'NR > 1 { print $1 "\t" $10 }' o/reports/offlist.tsv | sort >p.off
same "the off-list commits and their reasons as offlist.tsv's" p.off v.off
[ "$(rows o/reports/offlist.tsv)" -gt 0 ] &&
    [ "$(awk -F'\t' '$1 == "commit" && $3 == "posted"' $V | wc -l)" -gt 0 ]
ok $? "the sample has off-list and posted commits"
nv=$(awk -F'\t' '$1 == "mail" && $4 == ""' $V | wc -l)
is "every patch mail's verdict names its rule (reason)" 0 "$nv"
nign=$(awk -F'\t' '$3 == "ignored" && $4 == "silent" && ($9 == "contributor" || $9 == "committer")' $V | wc -l)
is "the ignored rows are the summary's ignored" "$(summ o/reports/summary.tsv ignored)" "$nign"

# --- 2. written and read back: every report the same ----------------------
# shellcheck disable=SC2086
ptreport all -q -m o/mailmap -o A $TABS
a=$?
# shellcheck disable=SC2086
ptreport all -q -m o/mailmap --verdicts $V -o B $TABS
b=$?
is "ptreport all, judged and given: exit 0 both" "0 0" "$a $b"
diff -r A B >ab.diff
ok $? "ptreport all --verdicts: every file the same, byte for byte ($(ls A | wc -l) files)"
head -20 ab.diff | sed 's/^/# /'
# why: a mail of each verdict and reason, a commit of each state.
awk -F'\t' 'NR > 1 && !s[$1 $3 $4]++ { print $2 }' $V >ids
nw=0
while read -r id; do
	# shellcheck disable=SC2086
	ptreport why -q -m o/mailmap "$id" $TABS >why.a 2>&1
	# shellcheck disable=SC2086
	ptreport why -q -m o/mailmap --verdicts $V "$id" $TABS >why.b 2>&1
	cmp -s why.a why.b || { nw=$((nw + 1)); diag "why $id differs"; }
done <ids
is "why, judged and given: the same for $(wc -l <ids) ids (a verdict and reason each)" 0 "$nw"
# A maintainer's corrections over the given verdicts as over judging.
I=$(awk -F'\t' '$3 == "ignored" { print $2; exit }' $V)
{
	printf 'id\tverdict\tnote\tby\tdate\n'
	printf '%s\tanswered\ton IRC\tJan\t2026-12-01\n' "$I"
} >corr.tsv
# shellcheck disable=SC2086
ptreport all -q -m o/mailmap --corrections corr.tsv -o CA $TABS
# shellcheck disable=SC2086
ptreport all -q -m o/mailmap --corrections corr.tsv --verdicts $V -o CB $TABS
diff -r CA CB >/dev/null && ! diff -r A CA >/dev/null
ok $? "with corrections: judged and given the same (and not the uncorrected)"
is "the corrected patch: its correction in patches.tsv" "answered" \
	"$(awk -F'\t' -v i="$I" '$1 == i { print $6 }' CB/patches.tsv)"

# --- 3. bad tables --------------------------------------------------------
P=$(awk -F'\t' '$1 == "mail" && $3 == "merged" { print $2; exit }' $V)
awk -F'\t' -v OFS='\t' -v p="$P" -v i="$I" '
	$2 == p { $2 = "gone@example.org" }
	$2 == i { $3 = "bogus" }
	NR == 3 { $4 = "nonsense" }
	{ print }' $V >bad.tsv
# shellcheck disable=SC2086
run ptreport summary -m o/mailmap --verdicts bad.tsv $TABS
is "unknown id, verdict and reason: exit 2" 2 "$rc"
l1=$(awk -F'\t' '$2 == "gone@example.org" { print NR }' bad.tsv)
l2=$(awk -F'\t' '$3 == "bogus" { print NR }' bad.tsv)
grep -q "^ptreport: bad.tsv:$l1: gone@example.org: no patch mail of the tables" "$T/err" &&
    grep -q "^ptreport: bad.tsv:$l2: $I: \"bogus\" is no verdict" "$T/err" &&
    grep -q "^ptreport: bad.tsv:3: .*\"nonsense\" is no reason" "$T/err" &&
    grep -q "^ptreport: bad.tsv: 3 rows named above were left out" "$T/err"
ok $? "each bad row named by file and line, and counted"
sed 's/^/# /' "$T/err" | head -8
awk -F'\t' -v OFS='\t' -v p="$P" '$1 == "mail" && $2 == p { $6 = "0123456789abcdef0123456789abcdef01234567" } { print }' \
    $V >badby.tsv
# shellcheck disable=SC2086
run ptreport summary -m o/mailmap --verdicts badby.tsv $TABS
[ "$rc" -eq 2 ] && grep -q "its by 0123456789abcdef0123456789abcdef01234567 is no commit of the tables" "$T/err"
ok $? "a by naming no commit of the tables: named, exit 2"
# A patch left out: not counted, and said.
awk -F'\t' -v p="$P" '$2 != p' $V >less.tsv
# shellcheck disable=SC2086
run ptreport summary -m o/mailmap --verdicts less.tsv $TABS
[ "$rc" -eq 0 ] && grep -q "^ptreport: less.tsv: 1 patch mails have no row ($P): not counted" "$T/err"
ok $? "a patch mail without a row: not counted, said"
is "... the summary counts one patch less" "$(($(summ o/reports/summary.tsv patches) - 1))" \
	"$(summ "$T/out" patches)"
# The same patch and commit twice: the later row holds, the earlier named.
C=$(awk -F'\t' '$1 == "commit" && $3 == "off-list" { print $2; exit }' $V)
{ cat $V; awk -F'\t' -v OFS='\t' -v p="$P" -v c="$C" '$2 == p || $2 == c' $V; } >twice.tsv
n=$(wc -l <twice.tsv)
# shellcheck disable=SC2086
run ptreport summary -m o/mailmap --verdicts twice.tsv $TABS
[ "$rc" -eq 0 ] && grep -q "^ptreport: twice.tsv:$((n - 1)): $P: given again: this row holds" "$T/err" &&
    grep -q "^ptreport: twice.tsv:$n: $C: given again: this row holds" "$T/err"
ok $? "a patch mail and a commit given twice: each named, the later row holds"
# A table of only kind, id and verdict (another judge's, minimal).
awk -F'\t' -v OFS='\t' '{ print $1, $2, $3 }' $V >min.tsv
# shellcheck disable=SC2086
run ptreport summary -m o/mailmap --verdicts min.tsv $TABS
is "kind, id and verdict alone: exit 0" 0 "$rc"
is "... the same ignored" "$(summ o/reports/summary.tsv ignored)" "$(summ "$T/out" ignored)"
# shellcheck disable=SC2086
run ptreport summary -m o/mailmap $TABS $V
[ "$rc" -eq 2 ] && grep -q "a verdicts table: ptreport renders it given as --verdicts" "$T/err"
ok $? "a verdicts table among the tables: refused, pointing at --verdicts"

# --- 4. patchtrack --judge: another definition of ignored -----------------
run sh -c "cd '$top' && PT_BUILD='$BUILD' sh pipeline/patchtrack -q -o '$T/o2' -r master \
    --judge examples/thread-ignored '$T/repo.git' '$T/list.mbox'"
is "patchtrack --judge examples/thread-ignored: exit 0" 0 "$rc"
[ -s o2/verdicts.own.tsv ] && [ -s o2/verdicts.tsv ] && cmp -s o2/verdicts.own.tsv $V
ok $? "... the own verdicts (as the default run's) and the judge's kept"
own=$(summ o/reports/summary.tsv ignored)
thr=$(summ o2/reports/summary.tsv ignored)
want=$(awk -F'\t' '$1 == "mail" && $3 == "ignored" && $9 != ""' o2/verdicts.tsv | wc -l)
is "... the judge's ignored are its table's ($want)" "$want" "$thr"
[ "$thr" -gt "$own" ]
ok $? "... the research definition counts more ignored ($thr) than the default ($own)"
cmp -s o2/verdicts.tsv o2/reports/verdicts.tsv
ok $? "... the reports' verdicts.tsv is the judge's"
# The README's table of both definitions on this sample says what runs.
pct() {
	awk -F'\t' -v w=ignored '$1 == w { split($3, a, "%"); print a[1] "%" }' "$1"
}
want="ignored $own ($(pct o/reports/summary.tsv)) $thr ($(pct o2/reports/summary.tsv))"
got=$(awk '/^ignored  +[0-9]+ \(/ { $1 = $1; print; exit }' "$top/README.md")
is "README: both definitions' ignored on the demo sample, as they run" "$want" "$got"
S=$(awk -F'\t' '$1 == "mail" && $3 == "superseded" && $4 != "answered-merged" { print $2; exit }' $V)
(cd o2 && ptreport why "$S") >why2.out 2>/dev/null
grep -q "^  verdict: ignored: no answer in its thread, not merged, no version answered (ptreport: superseded" why2.out &&
    grep -q "^  rule: the verdicts table's own, named by no reason: its detail says it$" why2.out
ok $? "... why in its folder: the judge's verdict, its own rule"
run sh -c "cd '$top' && PT_BUILD='$BUILD' sh pipeline/patchtrack -q -o '$T/o2' -r master \
    '$T/repo.git' '$T/list.mbox'"
is "the same folder without --judge: ptreport's own again" "0 $own" "$rc $(summ o2/reports/summary.tsv ignored)"
(cd o2 && ptreport why "$S") >why3.out 2>/dev/null
grep -q "^  verdict: superseded" why3.out
ok $? "... and why's"
# A judge that fails fails the run, and leaves no verdicts behind.
run pt -q -o o3 -r master --judge false repo.git list.mbox
[ "$rc" -eq 2 ] && [ ! -e o3/verdicts.tsv ] && [ ! -e o3/verdicts.tsv.tmp ] &&
    grep -q "verdicts.tsv.*Error" "$T/err"
ok $? "a judge that fails: exit 2, make names verdicts.tsv, no table left"

echo "1..$tap_n"
[ "$tap_fail" -eq 0 ]
