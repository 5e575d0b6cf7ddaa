#!/bin/sh
# ptreport: people.  The maintainers view names each person by the role
# the data gives them (maintainer: M of a responsible section; reviewer:
# R of one; recipient: only in To or Cc), and a mailmap (git's .mailmap,
# -m) makes one person one row: its four forms, comments, odd spacing
# and bad lines (named by file and line, skipped, counted), the rules of
# git (case, a commit name, later lines, applied once), each with a
# control case; then patchtrack, which hands the repository's .mailmap
# (or --mailmap's file) to the reports.
#
# tests/data/ptreport/people (June 2021, list dev; figures by hand):
#   a1  Ann <ann@a.org>, Cc rita@r.org; answered by "Other Guy"
#       <shared@corp.example> (no mailmap line for that name)
#   a2  Ann, Cc Rita@Home.Example and shared@corp.example; answered by
#       "Rita R." <rita@home.example> after 2 hours
#   a3  "ann" <ann@home.example>, Cc sam@proper.org and max@m.org;
#       answered by "Sam Old" <shared@corp.example> after 3 hours
#   a4  "max" <max@m.org>, Cc tab.old@t.org; ignored
#   maint.tsv: a1 a2 a4 fall in CORE (M Mia, R Rita <rita@r.org>), a3 in
#       DRIVERS (M "Sam Old" <shared@corp.example>, R "Tab Person"
#       <tab.old@t.org>)
#   mailmap: Max's name (form 1), Ann's home address (form 2, in capitals),
#       Rita's home address (form 3, a comment after it), Sam Old at the
#       shared address (form 4), Tab's old address (blanks and tabs
#       around), then six bad lines (14-19).
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
D=$DATA/ptreport/people
git_sandbox

H='kind	name	addr	patches	to	listed	responded	merged	ignored	ttfr_median_h	ttfr_p90_h'

# --- The kinds, without a mailmap: two addresses of Rita are two rows.
run ptreport maintainers --grace 0 "$D/mails.tsv" "$D/clusters.tsv" "$D/maint.tsv"
cat >want <<EOF
$H
maintainer	Mia Maintainer	mia@m.org	3	0	3	0	0	1		
maintainer	Sam Old	shared@corp.example	2	1	1	1	0	0	3.0	3.0
reviewer	Rita Reviewer	rita@r.org	3	1	3	0	0	1		
reviewer	Tab Person	tab.old@t.org	2	1	1	0	0	1		
recipient		sam@proper.org	1	1	0	0	0	0		
recipient	Rita R.	rita@home.example	1	1	0	1	0	0	2.0	2.0
recipient	max	max@m.org	1	1	0	0	0	0		
section	CORE		3	1	3	0	0	1		
section	DRIVERS		1	0	1	1	0	0	3.0	3.0
list	dev.lists.example.org	dev@lists.example.org	4	4	3	3	0	1	2.0	3.0
EOF
is "no mailmap: exit 0" 0 "$rc"
same "no mailmap: every row worked out by hand (M: maintainer, R: reviewer, else recipient)" \
    want "$T/out"
cp "$T/out" plain.tsv

# Control: Rita's R: lines gone, the same person is a recipient; Mia
# keeps her M:.
grep -v '	R	Rita Reviewer	' "$D/maint.tsv" >no-r.tsv
run ptreport maintainers --grace 0 -q "$D/mails.tsv" "$D/clusters.tsv" no-r.tsv
is "control: Rita without her R: line is a recipient (To of a1), Mia still a maintainer" \
    "recipient rita@r.org 1 1 0|maintainer mia@m.org 3 0 3" \
    "$(awk -F'\t' '$3 == "rita@r.org" || $3 == "mia@m.org" { print $1, $3, $4, $5, $6 }' "$T/out" | sort -r | paste -sd'|')"
# M: beats R:: Rita made M of DRIVERS as well (a3) is a maintainer.
{ cat "$D/maint.tsv"; grep '	DRIVERS	.*	M	' "$D/maint.tsv" | sed 's/\tSam Old\tshared@corp.example\t/\tRita Reviewer\trita@r.org\t/'; } >r-and-m.tsv
run ptreport maintainers --grace 0 -q "$D/mails.tsv" "$D/clusters.tsv" r-and-m.tsv
is "R: of CORE and M: of DRIVERS: a maintainer, listed for all four" "maintainer 4 4" \
    "$(awk -F'\t' '$3 == "rita@r.org" { print $1, $4, $6 }' "$T/out")"
# Without a maintainers table everybody is a recipient.
run ptreport maintainers --grace 0 -q "$D/mails.tsv" "$D/clusters.tsv"
is "no maintainers table: only recipients, lists and no sections" "list recipient" \
    "$(sed 1d "$T/out" | cut -f1 | sort -u | xargs)"

# --- The mailmap: one person, one row.
run ptreport maintainers -v --grace 0 -m "$D/mailmap" "$D/mails.tsv" "$D/clusters.tsv" "$D/maint.tsv"
cat >want <<EOF
$H
maintainer	Mia Maintainer	mia@m.org	3	0	3	0	0	1		
maintainer	Sam Proper	sam@proper.org	1	1	1	1	0	0	3.0	3.0
reviewer	Rita Reviewer	rita@r.org	3	2	3	1	0	1	2.0	2.0
reviewer	Tab Person	tab@t.org	2	1	1	0	0	1		
recipient	Max Mustermann	max@m.org	1	1	0	0	0	0		
recipient	Other Guy	shared@corp.example	1	1	0	0	0	0		
section	CORE		3	2	3	1	0	1	2.0	2.0
section	DRIVERS		1	1	1	1	0	0	3.0	3.0
list	dev.lists.example.org	dev@lists.example.org	4	4	3	3	0	1	2.0	3.0
EOF
is "mailmap with bad lines: exit 0" 0 "$rc"
same "mailmap: every row worked out by hand" want "$T/out"
cat >want.err <<EOF
ptreport: $D/mailmap:14: no <address>, line skipped
ptreport: $D/mailmap:15: an address without its closing '>', line skipped
ptreport: $D/mailmap:16: an address alone maps nothing (give a proper name or a second address), line skipped
ptreport: $D/mailmap:17: after the address: neither a second <address> nor a '#' comment, line skipped
ptreport: $D/mailmap:18: after the second address: neither the end of the line nor a '#' comment, line skipped
ptreport: $D/mailmap:19: an empty proper address, line skipped
ptreport: mailmap $D/mailmap: 5 entries, 6 bad lines skipped
ptreport: maintainers: MAINTAINERS (1 versions) and recipients; persons joined by a mailmap of 5 entries
EOF
same "mailmap: each bad line named by file and line, then counted" want.err "$T/err"
cp "$T/out" mapped.tsv
is "two addresses of Rita: two rows without the mailmap, one with it" "2|1" \
    "$(grep -c 'rita@' plain.tsv)|$(grep -c 'rita@' mapped.tsv)"
is "form 3, in another case (Rita@Home.Example): her answer to a2 is hers" "1 2.0" \
    "$(awk -F'\t' '$3 == "rita@r.org" { print $7, $10 }' mapped.tsv)"
is "form 4: Sam Old at the shared address is Sam; Other Guy there stays himself" \
    "Sam Proper sam@proper.org 1|Other Guy shared@corp.example 0" \
    "$(awk -F'\t' '$3 == "sam@proper.org" || $3 == "shared@corp.example" { print $2 " " $3 " " $6 }' mapped.tsv | paste -sd'|')"
is "form 1: Max's name; blanks around a name are not part of it (Tab)" "Max Mustermann|Tab Person" \
    "$(awk -F'\t' '$3 == "max@m.org" || $3 == "tab@t.org" { print $2 }' mapped.tsv | sort | paste -sd'|')"
run ptreport patches --grace 0 -q -m "$D/mailmap" "$D/mails.tsv" "$D/clusters.tsv" "$D/maint.tsv"
is "form 2 (ANN@home.example): a3's author is ann@a.org in the patches too" "ann@a.org" \
    "$(awk -F'\t' '$1 == "a3@x" { print $4 }' "$T/out")"
run ptreport maintainers --grace 0 -q -m "$D/mailmap" "$D/mails.tsv" "$D/clusters.tsv" "$D/maint.tsv"
is "-q: bad lines and notes not named, the same rows" "|0" "$(cat "$T/err")|$(cmp -s mapped.tsv "$T/out"; echo $?)"
run ptreport summary --grace 0 -q -m "$D/mailmap" "$D/mails.tsv" "$D/clusters.tsv" "$D/maint.tsv"
is "summary: the maintainers row says the mailmap" \
    "MAINTAINERS (1 versions) and recipients; persons joined by a mailmap of 5 entries" \
    "$(awk -F'\t' '$1 == "maintainers" { print $3 }' "$T/out")"
run ptreport maintainers --grace 0 -m nosuch "$D/mails.tsv" "$D/clusters.tsv" "$D/maint.tsv"
is "a mailmap that cannot be read: exit 2 (failed), named, the rows without it" \
    "2|ptreport: nosuch: No such file or directory|0" \
    "$rc|$(head -1 "$T/err")|$(cmp -s plain.tsv "$T/out"; echo $?)"

# --- git's rules on a few lines each (recipients only: a2's Cc).
mm() {
	printf '%s\n' "$@" >mm.txt
	ptreport maintainers --grace 0 -q -m mm.txt "$D/mails.tsv" "$D/clusters.tsv" >"$T/out" 2>"$T/err"
	awk -F'\t' '$1 == "recipient" { print $2 "<" $3 ">" }' "$T/out" | sort | paste -sd' '
}
base=$(mm '# nothing')
is "recipients by hand (no name in Cc: named by their newest mail)" \
    "<rita@r.org> <sam@proper.org> <tab.old@t.org> Rita R.<rita@home.example> Sam Old<shared@corp.example> max<max@m.org>" \
    "$base"
ptreport maintainers --grace 0 -q "$D/mails.tsv" "$D/clusters.tsv" >plain-r.tsv
ptreport maintainers --grace 0 -q -m mm.txt "$D/mails.tsv" "$D/clusters.tsv" >comments-r.tsv
cmp -s plain-r.tsv comments-r.tsv
ok $? "control: a mailmap of comments only changes nothing"
is "a name line and an address line for one address add up (and join a1's rita@r.org)" \
    "<sam@proper.org> <tab.old@t.org> Rita<rita@r.org> Sam Old<shared@corp.example> max<max@m.org>" \
    "$(mm 'Rita <rita@home.example>' '<rita@r.org> <rita@home.example>')"
is "a later line for an address replaces an earlier one's address" \
    "<rita@r.org> <sam@proper.org> <tab.old@t.org> Rita R.<two@r.org> Sam Old<shared@corp.example> max<max@m.org>" \
    "$(mm '<one@r.org> <rita@home.example>' '<two@r.org> <rita@home.example>')"
is "a mapping is applied once, not again to its result" \
    "<rita@r.org> <sam@proper.org> <tab.old@t.org> Rita R.<b@r.org> Sam Old<shared@corp.example> max<max@m.org>" \
    "$(mm '<b@r.org> <rita@home.example>' '<c@r.org> <b@r.org>')"
# Form 4 maps Rita's answer (signed Rita R.) but not the Cc, which has no
# name: rita@home.example stays a row, nameless now that no mail of it is left.
is "form 4 needs the commit name: the sender is mapped, a Cc (no name) is not" \
    "<rita@home.example> <sam@proper.org> <tab.old@t.org> Rita<rita@r.org> Sam Old<shared@corp.example> max<max@m.org>" \
    "$(mm 'Rita <rita@r.org> Rita R. <rita@home.example>')"
is "control: the same line without the commit name maps the Cc too" \
    "<sam@proper.org> <tab.old@t.org> Rita<rita@r.org> Sam Old<shared@corp.example> max<max@m.org>" \
    "$(mm 'Rita <rita@r.org> <rita@home.example>')"
is "control: another commit name maps nothing" "$base" "$(mm 'Rita <rita@r.org> Rita Q. <rita@home.example>')"
is "the commit name matches in any case, the commit address too" \
    "<rita@r.org> <sam@proper.org> <tab.old@t.org> Max M<max@m.org> Rita R.<rita@home.example> Sam Old<shared@corp.example>" \
    "$(mm 'Max M <max@m.org> MAX <MAX@M.ORG>')"
is "a '#' after the address is a comment, one at the start of a line too" \
    "<rita@r.org> <sam@proper.org> <tab.old@t.org> Max M<max@m.org> Rita R.<rita@home.example> Sam Old<shared@corp.example>" \
    "$(mm '# Max <wrong@m.org> <max@m.org>' 'Max M <max@m.org>#a comment <x@y>')"
printf 'ok <a@b> <c@d>\n\nbad line\n' >mm.txt
run ptreport maintainers -v --grace 0 -m mm.txt "$D/mails.tsv" "$D/clusters.tsv"
is "a bad line among good ones: named with its line number, exit 0" \
    "0|ptreport: mm.txt:3: no <address>, line skipped|ptreport: mailmap mm.txt: 1 entries, 1 bad lines skipped" \
    "$rc|$(grep mm.txt "$T/err" | paste -sd'|')"

# --- The page: the same rows, their kinds as the report's.
run ptreport html --grace 0 -q -m "$D/mailmap" "$D/mails.tsv" "$D/clusters.tsv" "$D/maint.tsv"
is "html: the maintainers table holds the mapped rows with their kinds" \
    "maintainer reviewer recipient|1" \
    "$(sed -n '/id="t-maintainers"/,/<\/table>/p' "$T/out" | grep -o '<td>\(maintainer\|reviewer\|recipient\)</td>' | sed 's/<[^>]*>//g' | uniq | xargs)|$(sed -n '/id="t-maintainers"/,/<\/table>/p' "$T/out" | grep -c 'rita@')"

# --- patchtrack: the repository's .mailmap at the head, or --mailmap's.
if command -v git >/dev/null 2>&1 && command -v make >/dev/null 2>&1; then
	export GIT_AUTHOR_NAME=Mia GIT_AUTHOR_EMAIL=mia@m.org GIT_COMMITTER_NAME=Mia \
	    GIT_COMMITTER_EMAIL=mia@m.org GIT_AUTHOR_DATE='2021-05-01T00:00:00Z' \
	    GIT_COMMITTER_DATE='2021-05-01T00:00:00Z'
	# The root commit carries no diff: core/a.c comes after it.
	git init -q -b master repo
	printf 'a project\n' >repo/README
	git -C repo add . && git -C repo commit -q -m 'start'
	mkdir -p repo/core
	printf 'int a;\n' >repo/core/a.c
	printf 'Rita Reviewer <rita@r.org> <rita@home.example>\n' >repo/.mailmap
	git -C repo add . && git -C repo commit -q -m 'core: a' && git -C repo tag v1.0
	# Two patches, one Cc'd to each of Rita's addresses.
	for n in 1 2; do
		cc=rita@r.org
		[ $n = 2 ] && cc=rita@home.example
		cat <<EOF
From ann@a.org Tue Jun  1 1$n:00:00 2021
From: Ann Author <ann@a.org>
To: dev@lists.example.org
Cc: $cc
Subject: [PATCH] core: change $n
Date: Tue, 01 Jun 2021 1$n:00:00 +0000
Message-ID: <p$n@x>
List-Id: <dev.lists.example.org>

Change $n.

---
diff --git a/core/a.c b/core/a.c
--- a/core/a.c
+++ b/core/a.c
@@ -1 +1 @@
-int a;
+int a$n;

EOF
	done >list.mbox
	ptrack() {
		PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -q -j 1 "$@" >"$T/out" 2>"$T/err"
		rc=$?
	}
	rita() {
		awk -F'\t' '$3 ~ /^rita@/ { print $3, $4 }' "$1/reports/maintainers.tsv" | paste -sd'|'
	}
	ptrack -o o1 -r master repo list.mbox
	is "patchtrack: the repository's .mailmap: exit 0" 0 "$rc"
	[ "$rc" -eq 0 ] || tail -5 "$T/err" | sed 's/^/# /'
	is "patchtrack: the repository's .mailmap makes Rita one row" "rita@r.org 2" "$(rita o1)"
	ptrack -o o1 -m /dev/null -r master repo list.mbox
	is "control: patchtrack --mailmap /dev/null: two rows" "rita@home.example 1|rita@r.org 1" "$(rita o1)"
	printf 'Rita Reviewer <rita@r.org> <rita@home.example>\n' >my.mailmap
	ptrack -o o1 -m my.mailmap -r master repo list.mbox
	is "patchtrack --mailmap FILE: one row again (the reports redone)" "rita@r.org 2" "$(rita o1)"
	git -C repo rm -q .mailmap && git -C repo commit -q -m 'no mailmap'
	ptrack -o o1 -r master repo list.mbox
	[ "$rc" -eq 0 ] || tail -5 "$T/err" | sed 's/^/# /'
	is "control: the .mailmap gone at the head: two rows" "rita@home.example 1|rita@r.org 1" "$(rita o1)"
	ptrack -o o2 -m nosuch -r master repo list.mbox
	is "patchtrack --mailmap with no such file: exit 2, said, nothing written" \
	    "2|patchtrack: --mailmap nosuch: not a readable file|no" \
	    "$rc|$(cat "$T/err")|$([ -e o2 ] && echo yes || echo no)"
else
	skip "patchtrack: git or make missing"
fi

done_testing
