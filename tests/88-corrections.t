#!/bin/sh
# A maintainer's corrections on the bundled erofs sample: patchtrack run once,
# then with OUT/corrections.tsv marking an ignored patch answered (he
# answered off the list), an off-list commit posted, and an id the
# tables lack.  The reports show the two corrected, marked as
# corrections; why gives both the correction and the tool's own verdict;
# the unknown id is named and kept; the summary counts the corrections
# and how many the tool agrees with; eval scores the tool against them;
# the file is never rewritten, and a run again gives the same.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" "$@"
}
# col FILE ID N: column N of FILE's row for ID.
col() {
	awk -F'\t' -v id="$2" -v n="$3" '$1 == id { print $n }' "$1"
}
summ() {
	awk -F'\t' -v w="$2" '$1 == w { print $2 }' "$1/reports/summary.tsv"
}

xz -dc "$top/sample/linux-erofs-2026.mbox.xz" >list.mbox
bare_clone "$top/sample/erofs-utils-2026.bundle" repo.git
ok $? "the sample repository"
run pt -q -o o -r master repo.git list.mbox
is "first run: exit 0" 0 "$rc"
R=o/reports
I=$(awk -F'\t' 'NR == 2 { print $1 }' $R/ignored.tsv)
C=$(awk -F'\t' 'NR == 2 { print $1 }' $R/offlist.tsv)
[ -n "$I" ] && [ -n "$C" ]
ok $? "the sample has an ignored patch ($I) and an off-list commit ($C)"
nign=$(summ o ignored)
noff=$(rows $R/offlist.tsv)

# The corrections: a remark, the patch, the commit (by a prefix of its
# hash), an id the tables lack, and a row with no verdict a patch takes.
{
	printf 'id\tverdict\tnote\tby\tdate\n'
	printf '# what the tool cannot know\n'
	printf '<%s>\tanswered\tanswered on IRC\tJan\t2026-12-01\n' "$I"
	printf '%s\tposted\tposted on the old list\tJan\t2026-12-01\n' "$(printf %.12s "$C")"
	printf 'gone.1@example.org\tignored\tfrom another archive\tJan\t2026-12-02\n'
	printf '%s\tbogus\t\tJan\t2026-12-02\n' "$I"
} >o/corrections.tsv
cp o/corrections.tsv corrections.before

run pt -q -o o -r master repo.git list.mbox
is "with corrections: exit 1 (rows named)" 1 "$rc"
grep -q "corrections.tsv:5: gone.1@example.org: no patch mail or commit of the tables has this id: kept, not applied" "$T/err"
ok $? "the unknown id is named, with its line, and kept"
grep -q "corrections.tsv:6: $I: \"bogus\" is no verdict a patch is corrected to" "$T/err"
ok $? "a verdict no patch takes: named, that row left out"
is "the patch: answered, marked as a correction, the tool's verdict said" \
    "answered|correction: answered on IRC (Jan, 2026-12-01); the tool: ignored" \
    "$(col $R/patches.tsv "$I" 6)|$(col $R/patches.tsv "$I" 7)"
is "the patch is no longer among the ignored" "" "$(col $R/ignored.tsv "$I" 1)"
is "the summary counts one ignored fewer" "$((nign - 1))" "$(summ o ignored)"
is "the commit is no longer off-list" "$((noff - 1))|" "$(rows $R/offlist.tsv)|$(col $R/offlist.tsv "$C" 1)"
is "the summary counts the corrections and the tool's agreement" \
    "3|a maintainer's, shown as the verdicts given (2 applied; 1 naming no patch or commit of the tables, kept); the tool's own verdict is the one given for 0 of the 2 applied" \
    "$(summ o corrections)|$(awk -F'\t' '$1 == "corrections" { print $3 }' $R/summary.tsv)"
grep -q "<td>corrections</td>" o/report.html
ok $? "the page's summary counts the corrections"
awk '/<section id="ignored">/,/<\/section>/' o/report.html | grep -qF "$I"
ok $((!$?)) "the page's ignored section leaves it out"
awk '/<section id="ignored">/,/<\/section>/' o/report.html |
    grep -q "add to corrections.tsv (edit the verdict and why):"
ok $? "the page says beside each ignored row how to correct it"
awk '/<section id="ignored">/,/<\/section>/' o/report.html |
    grep -q "printf &#39;%s\\\\t%s\\\\t%s\\\\t%s\\\\t%s\\\\n&#39; &#39;[^&]*&#39; answered &#39;why&#39; &quot;\$USER&quot; &quot;\$(date +%F)&quot; &gt;&gt;corrections.tsv"
ok $? "... a line to paste: printf of the id, the verdict, why, who and when, appended"

# why: the correction and the tool's own verdict with its evidence.
(cd o && ptreport why "$I") >why.out 2>/dev/null
grep -q '^  verdict: answered, a correction: line 3 of the corrections: answered on IRC (Jan, 2026-12-01)$' why.out &&
    grep -q "^  the tool's own verdict: ignored" why.out && grep -q '^  rule: ' why.out
ok $? "why: the correction, then the tool's own verdict and its rule"
(cd o && ptreport why "$C") >whyc.out 2>/dev/null
grep -q '^  verdict: posted, a correction: line 4 of the corrections: posted on the old list' whyc.out &&
    grep -q "^  the tool's own verdict: off-list" whyc.out
ok $? "why of the commit: the correction and the tool's own verdict"

# eval: the corrections as labels.
ls o/clusters.tsv o/mails/*.tsv o/commits/*.tsv o/mails/*.tok o/commits/*.tok o/tags.tsv >tables
ptreport eval --corrections o/corrections.tsv $(cat tables) >eval.out 2>/dev/null
is "eval --corrections: per verdict given, the tool's agreement" \
    "answered 1 0 0.0000|posted 1 0 0.0000|all 2 0 0.0000" \
    "$(sed 1d eval.out | tr '\t' ' ' | paste -sd'|')"
ptreport eval --diff --corrections o/corrections.tsv $(cat tables) >diff.out 2>/dev/null
is "eval --diff --corrections: the rows the tool disagrees with" 2 "$(rows diff.out)"
# Agreement counts: the same correction where the tool says answered.
A=$(awk -F'\t' 'NR > 1 && $6 == "answered" && $7 !~ /^correction/ { print $1; exit }' $R/patches.tsv)
printf 'id\tverdict\tnote\tby\tdate\n%s\tanswered\t\tJan\t2026-12-01\n' "$A" >agree.tsv
ptreport eval --corrections agree.tsv $(cat tables) 2>/dev/null | sed 1d | tr '\t' ' ' >agree.out
is "eval --corrections: a correction the tool agrees with counts" "answered 1 1 1.0000" \
    "$(sed -n 1p agree.out)"

# Again: the file as it was, the reports the same.
cp $R/patches.tsv patches.before
cp $R/summary.tsv summary.before
run pt -q -o o -r master repo.git list.mbox
is "a run again: exit 1 (the unknown id named again)" 1 "$rc"
same "the corrections file is never rewritten" corrections.before o/corrections.tsv
same "a run again: the same patches.tsv" patches.before $R/patches.tsv
same "a run again: the same summary" summary.before $R/summary.tsv

# --corrections FILE elsewhere: the same; a file that is not there stops the run.
mv o/corrections.tsv elsewhere.tsv
run pt -q -o o -r master --corrections elsewhere.tsv repo.git list.mbox
is "--corrections FILE: the patch answered" "answered" "$(col $R/patches.tsv "$I" 6)"
run pt -q -o o -r master repo.git list.mbox
is "without corrections: the tool's own verdicts again" "ignored|0" \
    "$(col $R/patches.tsv "$I" 6)|$(awk -F'\t' '$1 == "corrections"' $R/summary.tsv | wc -l | tr -d ' ')"
run pt -q -o o -r master --corrections nowhere.tsv repo.git list.mbox
is "--corrections naming no file: exit 2" 2 "$rc"
grep -q '^patchtrack: --corrections nowhere.tsv: not a readable file' "$T/err"
ok $? "--corrections naming no file: said"
ptreport patches --corrections nowhere.tsv $(cat tables) >/dev/null 2>"$T/err"
is "ptreport --corrections naming no file: exit 2" 2 "$?"
printf 'what\tever\nx\ty\n' >notone.tsv
ptreport patches --corrections notone.tsv $(cat tables) >/dev/null 2>"$T/err"
is "a file that is no corrections table: exit 2" 2 "$?"
grep -q '^ptreport: notone.tsv: not a corrections table' "$T/err"
ok $? "a file that is no corrections table: named"

done_testing
