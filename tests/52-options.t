#!/bin/sh
# 52-options.t - one option vocabulary, and quiet on success.
#
# Every "-x, --long" of the eight commands' --help (the seven tools and
# patchtrack): a letter has one long name across them all, the README's
# table says the same, and each option of a --help is in its man page
# (OPTIONS: ".It Fl x" with "Fl -long", or "Fl -long" alone).  A letter
# means one thing: each help line of a letter says what the table of
# meanings below says.  Then each tool run on good input exits 0 with
# nothing on stderr, says its summary with -v; patchsim's old spellings
# of -F still work, with a note; ptreport all -o makes its folder; and
# input a tool skips is named on stderr even with -q.
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

# --- one meaning per letter ------------------------------------------------
# Each letter, its long name and its meaning: an extended regular
# expression every command's help line for it matches (its description,
# continuation lines joined).  A letter not here, or a help line that
# says something else, fails.
tab=$(printf '\t')
cat >meanings <<'EOF'
h	help	^(print )?this (help|text)
V	version	^print the version
q	quiet	^nothing on stderr but errors and what input was skipped \(cancels -v\)
v	verbose	summary
H	no-header	the header line
j	jobs	threads|stages run at once
o	out	the output folder, made \(with its parents\) when missing
s	since	^from DATE on: (commits whose commit date is|patches posted on) DATE or later
u	until	^up to DATE: (commits whose commit date is|patches posted on) DATE or earlier, a bare day counting whole
r	rev	whose (first-parent )?history counts
m	mailmap	git's \.?mailmap FILE
M	mail-url	a mail('s link| to URL), %s its Message-ID
C	commit-url	a commit('s link| to URL), %s its id
W	no-wait	exit at once
x	skip-branch	^leave the branches GLOB matches out of the side segment
F	floor	^write pairs scoring at least S
t	threshold	^score that accepts a pair
d	dlr	^the least diff length ratio a pair needs: below it
w	weight	^the message's weight in the score
a	accept	accepted whatever the score
D	date-content	a pair via date needs
G	read-groups	patch-groups file
f	file	^one MAINTAINERS file
g	git	the repository's history
U	unified	^lines of diff context
l	list	^the list column
b	bot	as bots
k	known	count as met
O	offset	from byte N on
E	end	before byte N
c	csv	^write CSV
P	pretty	aligned
p	plot	draw FILE
n	top	shown|rows of each kind
R	release	tags that are releases
S	max-series	^leave out series above N
T	title	the page's title
EOF
[ "$(wc -l <meanings)" -ge 30 ]
ok $? "the table of meanings read ($(wc -l <meanings) letters)"
# meaning CMD: "CMD x long description" for each "-x, --long" of CMD.help.
meaning() {
	awk -v c="$1" '
	function flush() { if (cur != "") print c, cur; cur = "" }
	/^  +-[A-Za-z], --[a-z]/ {
		flush()
		line = $0
		sub(/^ +-/, "", line)
		x = substr(line, 1, 1)
		l = substr(line, 6)
		long = l
		sub(/[^a-z-].*/, "", long)
		d = substr(l, length(long) + 1)
		sub(/^ [A-Z][^ ]*/, "", d)     # its argument
		sub(/^ +/, "", d)
		cur = x " " long " " d
		next
	}
	/^        +[^ ]/ && cur != "" { t = $0; sub(/^ +/, "", t); cur = cur " " t; next }
	{ flush() }
	END { flush() }' "$1.help"
}
for c in $TOOLS patchtrack; do
	bad=
	n=0
	meaning "$c" >"$c.meant"
	while read -r cmd x long desc; do
		n=$((n + 1))
		row=$(grep "^$x$tab" meanings)
		if [ -z "$row" ]; then
			bad="$bad -$x: not in the table;"
			continue
		fi
		want=$(printf '%s\n' "$row" | cut -f2)
		pat=$(printf '%s\n' "$row" | cut -f3)
		[ "$long" = "$want" ] || bad="$bad -$x: --$long, not --$want;"
		printf '%s\n' "$desc" | grep -Eq -- "$pat" ||
			bad="$bad -$x: \"$desc\" does not say /$pat/;"
	done <"$c.meant"
	[ "$n" -ge 3 ]
	ok $? "$c --help: its letters' lines read ($n)"
	is "$c --help: each letter means what the table says" "" "$bad"
done

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

# --- old spellings, for one release -------------------------------------------
# patchsim's floor was -t, --threshold and --min-score: read still, the
# same output as -F, and a note on stderr naming the new spelling.
patchsim -F 0 --self mails.tok >floor.out
patchsim --self mails.tok >default.out
! cmp -s floor.out default.out
ok $? "patchsim -F 0: not the default floor's output"
for old in "-t" "--threshold" "--min-score"; do
	case $old in
	-t) note="patchsim: -t is now -F (--floor); -t will go" ;;
	*) note="patchsim: $old is now --floor (-F); $old will go" ;;
	esac
	run patchsim $old 0 --self mails.tok
	is "patchsim $old 0: exit 0, the note on stderr" "0|$note" "$rc|$(cat "$T/err")"
	same "patchsim $old 0: the output of -F 0" floor.out "$T/out"
done

# --- ptreport all -o: the folder made when missing ---------------------------
tables="clusters.tsv mails.tsv commits.tsv mails.tok commits.tok maint.tsv"
run ptreport all -q -o new/deep/out $tables
[ "$rc" -eq 0 ] && [ -s new/deep/out/report.html ] && [ -s new/deep/out/patches.tsv ]
ok $? "ptreport all -o new/deep/out: made with its parents (exit $rc)"
run ptreport all -q -o new/deep/out $tables
is "ptreport all -o: a folder that exists is used as it is" 0 "$rc"
: >plain
run ptreport all -q -o plain/out $tables
[ "$rc" -eq 2 ] && grep -q '^ptreport: plain/out: cannot make the folder' "$T/err"
ok $? "ptreport all -o under a file: named, exit 2 (exit $rc)"

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
