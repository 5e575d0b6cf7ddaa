#!/bin/sh
# The demo's sample (sample/linux-erofs-2026.mbox.xz and
# sample/erofs-utils-2026.bundle, sample/README.md) through scripts/demo
# as make demo runs it: the demo exists to show what the tool finds, so
# its tables must hold rows of every kind (merged, ignored, too new,
# withdrawn or superseded, off-list with at least two reasons), each
# kind's rows agreeing with the summary, the ignored rows truly without
# an answer or a commit in the tables, the too new ones inside the grace
# before the archive ends, and the page showing the ignored and off-list
# rows.  Every count comes from the tables, not from text kept here.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

D=$T/demo
R=$D/reports
run env PT_OUT="$D" sh "$top/scripts/demo" "$BUILD"
is "scripts/demo on the sample: exit 0" 0 "$rc"
[ "$rc" -eq 0 ] || tail -5 "$T/err" | cut -c1-200 | sed 's/^/# /'
cp "$T/out" demo.out
is "scripts/demo: nothing on stderr" "" "$(cat "$T/err")"
grep -q "^Sample: the linux-erofs list" demo.out &&
    grep -qF "output in $D/" demo.out
ok $? "scripts/demo names the sample and the folder it wrote"
tail -n +4 demo.out | head -n "$(wc -l <"$D/report.txt")" >printed.txt
same "scripts/demo prints report.txt" "$D/report.txt" printed.txt

# col FILE NAME: the number of the column NAME in FILE's header.
col() {
	head -1 "$1" | tr '\t' '\n' | grep -nx "$2" | cut -d: -f1
}
# summary ROW: the value of the summary's row ROW (its first, by name).
summary() {
	awk -F'\t' -v w="$1" '$1 == w { print $2; exit }' "$R/summary.tsv"
}
# verdicts KIND: patches.tsv's rows judged KIND.
v=$(col "$R/patches.tsv" verdict)
verdicts() {
	awk -F'\t' -v c="$v" -v k="$1" 'NR > 1 && $c == k' "$R/patches.tsv" | wc -l
}

# --- every kind, agreeing with the summary --------------------------------
merged=$(verdicts merged)
ignored=$(verdicts ignored)
toonew=$(verdicts too-new)
gone=$(($(verdicts withdrawn) + $(verdicts superseded)))
[ "$merged" -gt 0 ]
ok $? "merged patches: $merged"
[ "$ignored" -gt 0 ]
ok $? "ignored patches: $ignored"
[ "$toonew" -gt 0 ]
ok $? "too new patches: $toonew"
[ "$gone" -gt 0 ]
ok $? "withdrawn or superseded patches: $gone"
is "summary: merged = the patches judged merged" "$merged" "$(summary merged)"
is "summary: ignored = the patches judged ignored" "$ignored" "$(summary ignored)"
is "summary: ignored = the ignored table's rows" "$ignored" "$(rows "$R/ignored.tsv")"
is "summary: too new = the patches judged too new" "$toonew" "$(summary 'too new')"
is "summary: withdrawn and superseded = the patches judged so" "$gone" \
	"$(($(summary withdrawn) + $(summary superseded)))"
# At least one ignored patch is a contribution, not a committer's own.
[ "$(summary '  contributions')" -gt 0 ] &&
    awk -F'\t' -v c="$(col "$R/ignored.tsv" role)" 'NR > 1 && $c == "contributor"' \
	"$R/ignored.tsv" | grep -q .
ok $? "ignored: contributions among them ($(summary '  contributions'))"

offlist=$(rows "$R/offlist.tsv")
[ "$offlist" -gt 0 ]
ok $? "off-list commits: $offlist"
is "summary: off-list = the off-list table's rows" "$offlist" "$(summary '  off-list')"
rc_=$(col "$R/offlist.tsv" reason)
awk -F'\t' -v c="$rc_" 'NR > 1 { print $c }' "$R/offlist.tsv" | sort -u >reasons
[ "$(wc -l <reasons)" -ge 2 ]
ok $? "off-list: at least two reasons ($(tr '\n' ' ' <reasons))"
bad=
while read -r r; do
	case $r in
	release | revert | translation | posted-elsewhere | follow-up | posted-unlinked | posted-in-reply | ported | \
	    pull-request | committer-own) ;;
	*) bad="$bad $r" ;;
	esac
	n=$(awk -F'\t' -v w="    $r" '$1 == w { print $2 }' "$R/summary.tsv")
	m=$(awk -F'\t' -v c="$rc_" -v r="$r" 'NR > 1 && $c == r' "$R/offlist.tsv" | wc -l)
	[ "$n" = "$m" ] || bad="$bad $r:$n/$m"
done <reasons
is "off-list: every reason known, its rows = its summary row" "" "$bad"

# --- the ignored: no answer, no commit, in the tables ----------------------
M=$(ls "$D"/mails/*.tsv | head -1)
cut -f1 "$R/ignored.tsv" | sed 1d | sort >ignored.ids
awk -F'\t' -v fa="$(col "$M" from_addr)" -v ir="$(col "$M" in_reply_to)" \
    -v rf="$(col "$M" references)" '
	NR == FNR { want[$1] = 1; next }
	FNR == 1 { next }
	{ from[$1] = $fa; n = split($ir " " $rf, a, /[ <>]+/)
	  for (i = 1; i <= n; i++) if (a[i] in want) reply[a[i]] = reply[a[i]] " " $fa }
	END { for (id in want) { split(reply[id], s, " ")
		for (k in s) if (s[k] != from[id]) print id, s[k] } }' ignored.ids "$M" | sort -u >answered
is "ignored: no mail of another sender answers one of them" "" "$(cat answered)"
cc=$(col "$R/ignored.tsv" cluster)
awk -F'\t' -v c="$cc" 'NR > 1 { print $c }' "$R/ignored.tsv" | sort -u >ignored.cl
is "ignored: no commit in the cluster of one of them" "" \
	"$(awk -F'\t' 'NR == FNR { k[$1] = 1; next } FNR > 1 && ($1 in k) && $3 == "commit" { print $2 }' \
	    ignored.cl "$D/clusters.tsv")"

# --- the too new: inside the grace before the archive ends -----------------
grace=$(summary '  grace')
last=$(awk -F'\t' -v c="$(col "$M" date)" 'FNR > 1 && $c > d { d = $c } END { print d }' "$M")
from=$(($(date -u -d "$last" +%s) - ${grace%.*} * 86400))
dc=$(col "$R/patches.tsv" date)
early=$(awk -F'\t' -v c="$v" -v d="$dc" 'NR > 1 && $c == "too-new" { print $d }' "$R/patches.tsv" |
	while read -r t; do [ "$(date -u -d "$t" +%s)" -ge "$from" ] || echo "$t"; done)
is "too new: each posted within the grace ($grace days) before the last mail ($last)" "" "$early"

# --- the page shows them ---------------------------------------------------
if command -v python3 >/dev/null 2>&1; then
	python3 - "$D/report.html" >page.rows <<'EOF'
import sys
from html.parser import HTMLParser

class P(HTMLParser):
    """Per table id: each body row's title attributes (the page keeps a
    mail's Message-ID and a commit's full id there)."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.table = None
        self.row = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.table = a.get("id")
        elif tag == "tbody":
            self.body = True
        elif tag == "tr" and self.table and getattr(self, "body", False):
            self.row = []
        elif self.row is not None and a.get("title"):
            self.row.append(a["title"])
    def handle_endtag(self, tag):
        if tag == "tr" and self.row is not None:
            print(self.table, *self.row, sep="\t")
            self.row = None
        elif tag == "table":
            self.table, self.body = None, False

P().feed(open(sys.argv[1], encoding="utf-8").read())
EOF
	n=$(grep -c '^t-ignored	' page.rows)
	is "report.html: the ignored table has a row per ignored patch" "$ignored" "$n"
	miss=$(while read -r id; do
		grep '^t-ignored	' page.rows | cut -f2- | tr '\t' '\n' | grep -qxF "$id" || echo "$id"
	done <ignored.ids)
	is "report.html: every ignored patch's Message-ID in its table" "" "$miss"
	n=$(grep -c '^t-offlist	' page.rows)
	is "report.html: the off-list table has a row per off-list commit" "$offlist" "$n"
	miss=$(cut -f1 "$R/offlist.tsv" | sed 1d | while read -r id; do
		grep '^t-offlist	' page.rows | cut -f2- | tr '\t' '\n' | grep -qxF "$id" || echo "$id"
	done)
	is "report.html: every off-list commit in its table" "" "$miss"
	miss=$(while read -r r; do
		grep -q "<td>$r</td>" "$D/report.html" || echo "$r"
	done <reasons)
	is "report.html: every off-list reason shown" "" "$miss"
	toonew=$(awk -F'\t' -v c="$v" 'NR > 1 && $c == "too-new"' "$R/patches.tsv" | wc -l)
	is "waiting.tsv: a row per too-new patch" "$toonew" "$(rows "$R/waiting.tsv")"
	is "report.html: the waiting queue has a row per waiting patch" "$toonew" \
	    "$(grep -c '^t-waiting	' page.rows)"
	miss=$(cut -f1 "$R/waiting.tsv" | sed 1d | while read -r id; do
		grep '^t-waiting	' page.rows | cut -f2- | tr '\t' '\n' | grep -qxF "$id" || echo "$id"
	done)
	is "report.html: every waiting patch's Message-ID in the queue" "" "$miss"
else
	skip "report.html's rows: python3 is not installed"
fi

done_testing
