#!/bin/sh
# 52-options.t - one option vocabulary, and quiet on success.
#
# Every "-x, --long" of the eight commands' --help (the seven tools and
# patchtrack): a letter has one long name across them all, the README's
# table says the same, and each option of a --help is in its man page
# (OPTIONS: ".It Fl x" with "Fl -long", or "Fl -long" alone).  Then each
# tool run on good input exits 0 with nothing on stderr, says its
# summary with -v, and input it skips is named on stderr even with -q.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
TOOLS='mbox2tsv git2tsv patchtok patchsim ptcluster ptmaint ptreport'

# --- the vocabulary ---------------------------------------------------------
: >pairs
for c in $TOOLS patchtrack; do
	if [ "$c" = patchtrack ]; then
		sh "$top/pipeline/patchtrack" --help >"$c.help" 2>&1
	else
		"$c" --help >"$c.help" 2>&1
	fi
	is "$c --help: exit 0" 0 "$?"
	# "  -x, --long ..." and "      --long ..." (long only).
	sed -n 's/^  *-\([A-Za-z]\), --\([a-z][a-z-]*\).*/\1 \2/p' "$c.help" |
		sed "s/^/$c /" >>pairs
	sed -n 's/^  *--\([a-z][a-z-]*\).*/\1/p' "$c.help" | sed "s/^/$c - /" >>pairs
	[ "$(grep -c "^$c [A-Za-z] " pairs)" -ge 3 ]
	ok $? "$c --help: its options read ($(grep -c "^$c " pairs))"
done
# A letter, one long name.
awk '$2 != "-" { print $2, $3 }' pairs | sort -u >letters
twice=$(awk '{ n[$1]++; l[$1] = l[$1] " " $2 } END { for (k in n) if (n[k] > 1) print k ":" l[k] }' letters | sort)
is "every letter has one long name in all eight commands" "" "$twice"
# And the other way: a long name with a letter has it everywhere.
both=$(awk '$2 != "-" { print $3 }' pairs | sort -u)
bare=$(for l in $both; do awk -v l="$l" '$2 == "-" && $3 == l { print $1 " --" l }' pairs; done)
is "a long name with a letter somewhere has it everywhere" "" "$bare"
# Every option has a long name: no "  -x  " line without one.
short=$(for c in $TOOLS patchtrack; do
	grep -E '^  +-[A-Za-z]( |$)' "$c.help" | sed "s/^/$c:/"
done)
is "every option has a long name" "" "$short"

# The README's table: the same letters, the same long names.
sed -n 's/^| `-\([A-Za-z]\)` | `--\([a-z-]*\)` |.*/\1 \2/p' "$top/README.md" | sort -u >readme
[ "$(wc -l <readme)" -ge 20 ]
ok $? "README: the table of letters read ($(wc -l <readme) rows)"
same "README: its table is the letters of the commands' --help" letters readme

# Every option of a --help is in the man page's OPTIONS.
for c in $TOOLS patchtrack; do
	m=$top/man/$c.1
	miss=
	while read -r cmd x l; do
		[ "$cmd" = "$c" ] || continue
		if [ "$x" = - ]; then
			grep -q "Fl -$l\\b" "$m" || miss="$miss --$l"
		else
			grep -E "^\\.It .*Fl $x( |$)" "$m" | grep -q "Fl -$l\\b" || miss="$miss -$x/--$l"
		fi
	done <pairs
	is "$c(1): every option of --help" "" "$miss"
done

# The old letters, given to other options, are gone (a usage error).
for o in "mbox2tsv -m mboxo" "mbox2tsv -A x" "git2tsv -t" "git2tsv -M 50" "patchsim -m 0.5" \
    "patchsim -W 3" "ptcluster -P" "ptcluster -g" "ptcluster -f 0" "ptmaint -m x" "ptmaint -d x" \
    "ptreport eval -t links" "ptreport cycle -r x" "ptreport summary -g 3"; do
	run $o /dev/null
	is "$o: not an option (exit 2)" 2 "$rc"
done

# --- quiet on success --------------------------------------------------------
# A small chain on the sample mails and the fixture repository: every
# tool exits 0 and writes nothing on stderr; -v, its summary line.
quiet() {
	desc=$1
	shift
	run "$@"
	is "$desc: exit 0, nothing on stderr" "0|" "$rc|$(cat "$T/err")"
	cp "$T/out" "$T/quiet.out"
	run "$@" -v
	same "$desc -v: the same output" "$T/quiet.out" "$T/out"
	[ "$rc" -eq 0 ] && [ -s "$T/err" ] && ! grep -qv "^${1##*/}: " "$T/err"
	ok $? "$desc -v: its summary on stderr ($(head -1 "$T/err" | cut -c1-60))"
}
sh "$DATA/repo/mkrepo.sh" repo.git 2>/dev/null
quiet "mbox2tsv" mbox2tsv "$DATA/mail/git-t5100_input_sample.mbox" "$DATA/mail/patch-base64_linux-nvdimm-00051.eml"
mv "$T/out" mails.tsv
quiet "git2tsv" git2tsv repo.git
mv "$T/out" commits.tsv
quiet "patchtok" patchtok mails.tsv
mv "$T/out" mails.tok
patchtok commits.tsv >commits.tok
quiet "patchsim" patchsim mails.tok commits.tok
mv "$T/out" pairs.tsv
patchsim --self mails.tok >self.tsv
quiet "ptcluster" ptcluster mails.tok commits.tok pairs.tsv self.tsv
mv "$T/out" clusters.tsv
quiet "ptmaint" ptmaint -f "$DATA/maintainers/xen-MAINTAINERS" mails.tok
mv "$T/out" maint.tsv
quiet "ptreport summary" ptreport summary clusters.tsv mails.tsv commits.tsv mails.tok commits.tok maint.tsv
quiet "ptreport patches" ptreport patches clusters.tsv mails.tsv commits.tsv mails.tok maint.tsv

# --- what is skipped is said whatever the options -----------------------------
printf 'From nobody Mon Jan  6 10:00:00 2020\n' >lone.mbox
run mbox2tsv -q lone.mbox
[ "$rc" -eq 1 ] && grep -q '^mbox2tsv: lone.mbox:0: mail skipped' "$T/err" &&
	grep -q '^mbox2tsv: 1 mails, 0 rows, 1 skipped$' "$T/err"
ok $? "mbox2tsv -q, a mail skipped: named and counted (exit $rc)"
{ head -1 mails.tsv; printf 'only\ttwo\n'; } >bad.tsv
run patchtok -q bad.tsv
[ "$rc" -eq 1 ] && grep -q '^patchtok: bad.tsv:2: ' "$T/err" && grep -q '^patchtok: 0 rows, ' "$T/err"
ok $? "patchtok -q, a bad row: named and counted (exit $rc)"
{ head -1 pairs.tsv; printf 'a\tb\tx\n'; } >badpairs.tsv
run ptcluster -q badpairs.tsv
[ "$rc" -eq 1 ] && grep -q '^ptcluster: badpairs.tsv:2: ' "$T/err" && grep -q '^ptcluster: .* pairs read' "$T/err"
ok $? "ptcluster -q, a bad row: named and counted (exit $rc)"
run mbox2tsv -q "$T/no-such.mbox"
[ "$rc" -eq 2 ] && grep -q 'no-such.mbox' "$T/err"
ok $? "mbox2tsv -q, a missing archive: named (exit $rc)"

done_testing
