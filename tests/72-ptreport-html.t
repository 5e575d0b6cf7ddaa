#!/bin/sh
# ptreport html: the page made from the hand-made tables of
# tests/data/html (a hostile subject, sender name, Message-ID and commit
# id among them): its structure, the escaping of all that was written
# by others, the links through both templates, that it refers to
# nothing outside itself, that it is the same bytes for the same input,
# the messages for bad input; the page of ptreport all, which links the
# TSV reports beside it for the lists the page leaves out (every patch,
# every merged cluster); a big archive, whose tables the page cuts to
# their newest rows, saying how many more the TSV holds; then a real
# browser (headless Chromium) loads the page of ptreport all: no console
# error, tables and plots there, its TSV links lead to the files, a
# click on a header sorts, the filters filter, without script every row
# shows, and a screenshot for review; last, patchtrack writes
# report.html beside report.txt, its TSV links working from both places.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
D=$DATA/html
MAILURL='https://mail.example/r/%s'
COMMITURL='https://git.example/c/%s'
TABLES="$D/mails.tsv $D/clusters.tsv $D/commits.tsv $D/tags.tsv $D/maint.tsv"
EVIL_SUBJECT='[PATCH] <script>alert(1)</script> "><img src=x onerror=alert(1)>'
EVIL_ID='x"><img src=x onerror=alert(2)>@evil.example'

# facts PAGE: what an HTML parser finds in the page, a line each:
#   tag NAME          every start tag
#   attr TAG NAME VALUE  every attribute (value as the parser decodes it)
#   rows TABLE-ID N   rows of each table's body
#   text TAG TEXT     the text of every a, td and title element
#   raw style|script  the element's content's SHA-256, base64
facts() {
	python3 - "$1" <<'EOF'
import base64, hashlib, sys
from html.parser import HTMLParser

class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.table, self.rows, self.text = [], None, {}, None
    def handle_starttag(self, tag, attrs):
        print("tag", tag)
        for k, v in attrs:
            print("attr", tag, k, (v or "").replace("\n", " "))
        if tag == "table":
            self.table = dict(attrs).get("id", "")
            self.rows[self.table] = 0
            self.body = False
        if tag == "tbody":
            self.body = True
        if tag == "tr" and self.table is not None and self.body:
            self.rows[self.table] += 1
        if tag in ("a", "td", "title"):
            self.text = [tag, ""]
    def handle_endtag(self, tag):
        if tag == "table":
            print("rows", self.table, self.rows[self.table])
            self.table = None
        if self.text and tag == self.text[0]:
            print("text", tag, self.text[1].replace("\n", " "))
            self.text = None
    def handle_data(self, data):
        if self.text:
            self.text[1] += data

page = open(sys.argv[1], encoding="utf-8").read()
P().feed(page)
for tag in ("style", "script"):
    body = page.split("<%s>" % tag, 1)[1].split("</%s>" % tag, 1)[0]
    print("raw", tag, base64.b64encode(hashlib.sha256(body.encode()).digest()).decode())
EOF
}

# --- the page ---------------------------------------------------------------
run ptreport html -v -M "$MAILURL" -C "$COMMITURL" -T 'A <title> & "more"' $TABLES
is "html exits 0" 0 "$rc"
cp "$T/out" page.html
grep -q '^ptreport: coverage 2021-01-04 .. 2021-03-31' "$T/err" &&
    grep -q '^ptreport: grace 30.0 days on dev.lists.example.org' "$T/err"
ok $? "notes on stderr: the coverage and each list's grace"
facts page.html >facts
head -1 page.html | grep -qx '<!DOCTYPE html>' && tail -1 page.html | grep -qx '</html>'
ok $? "a whole HTML document"
is "the title, escaped, in <title> and <h1>" \
    '<title>A &lt;title&gt; &amp; &quot;more&quot;</title> <h1>A &lt;title&gt; &amp; &quot;more&quot;</h1>' \
    "$(grep -o '<title>A[^<]*</title>\|<h1>[^<]*</h1>' page.html | tr '\n' ' ' | sed 's/ $//')"
is "sections: summary, plots, ignored, off-list, time to merge and to first response, cycle, maintainers" \
    "waiting summary plots ignored offlist merge response cycle maintainers" \
    "$(awk '$1 == "attr" && $2 == "section" && $3 == "id" { print $4 }' facts | tr '\n' ' ' | sed 's/ $//')"
is "tables and their rows (ignored 2, off-list 2, phases 3, maintainers 6): no table of every merged cluster or every patch" \
    "t-waiting 0 t-summary 29 t-ignored 2 t-offlist 2 t-cycle 3 t-maintainers 6" \
    "$(awk '$1 == "rows" { print $2, $3 }' facts | tr '\n' ' ' | sed 's/ $//')"
is "time to merge and to first response: a plot and where the rows are (html alone: the command and its rows)" \
    "Every merged cluster, its commit, subject, first and last posting, commit date, days and mails: the 2 rows of <code>ptreport duration</code> (in a patchtrack folder: <code>reports/duration.tsv</code>).|the 6 rows of <code>ptreport patches</code> (in a patchtrack folder: <code>reports/patches.tsv</code>)." \
    "$(sed -n 's/^<p class="note" id="merge-tsv">\(.*\)<\/p>$/\1/p' page.html)|$(sed -n 's/^<p class="note" id="response-tsv">.*hours it waited: \(.*\)<\/p>$/\1/p' page.html)"
is "waiting, ignored, off-list and maintainers: every row shown, and where they are as TSV" \
    "waiting 0|ignored 2|offlist 2|maintainers 6" \
    "$(sed -n 's/^<p class="note" id="\([a-z]*\)-tsv">Every row as TSV: the \([0-9]*\) rows of <code>ptreport \1<\/code> (in a patchtrack folder: <code>reports\/\1\.tsv<\/code>)\.<\/p>$/\1 \2/p' page.html | tr '\n' '|' | sed 's/|$//')"
is "every ignored row opens its explanation (why); an off-list row only when it says more than the row (trailers, a merge, a cluster): none here" 2 \
    "$(grep -c '<details class="why"><summary>why</summary><pre>' page.html)"
grep -q '<pre>mail [^<]*$' page.html && grep -q '^  verdict: ignored' page.html &&
    grep -q '^  rule: a patch for the project, not merged' page.html
ok $? "... the explanations are ptreport why's: the verdict, the rule"
is "the ignored table has a role column, the off-list one reason and detail" \
    "role|reason detail" \
    "$(grep -o '<th scope="col">role</th>' page.html | sed 's/<[^>]*>//g')|$(grep -o '<th scope="col">reason</th><th scope="col">detail</th>' page.html | sed 's/<\/th><th scope="col">/ /; s/<[^>]*>//g')"
is "three plots as inline SVG: per week, time to merge, time to first response" \
    "plot-weekly plot-merge plot-response" \
    "$(awk '$1 == "attr" && $2 == "svg" && $3 == "id" { print $4 }' facts | tr '\n' ' ' | sed 's/ $//')"
is "the weekly plot: a bar per week with patches (6 weeks of the 9 have a patch), 2 of them ignored" "6 2" \
    "$(grep -c '<rect class="bar" [^>]*><title>week of' page.html) $(grep -c '<rect class="ign" [^>]*><title>week of' page.html)"
{ cat "$D/mails.tsv"; printf 'old@x\t2000-06-01T09:00:00Z\tOld\told@o.org\t[PATCH] misdated\tdev.lists.example.org\t\t\t\t\tpatch\t\t\t\t\n'; } >stray.tsv
ptreport html -q stray.tsv "$D/clusters.tsv" >stray.html
grep -q '<title id="plot-weekly-t">Patches for the project per ISO week</title>' stray.html &&
    grep -q '6 patches for the project in 9 weeks; a cross-posted patch counts once.  Left out: 1 dated outside the coverage.' stray.html
ok $? "a patch dated years off the coverage is left out of the weekly plot, and the caption says so"
grep -q '<title>2-7: 2</title>' page.html
ok $? "the time-to-merge plot: both merged clusters in 2-7 days (3.04 and 4.00)"
grep -q '<title>1-6 h: 1</title>' page.html && grep -q '<title>&gt; 30 d: 1</title>' page.html
ok $? "the time-to-first-response plot: 3 hours in 1-6 h, 720 hours in > 30 d"
is "every table but the summary sorts; the patch and commit tables filter" \
    "t-waiting sortable filter|t-ignored sortable filter|t-offlist sortable filter|t-cycle sortable|t-maintainers sortable|" \
    "$(grep -o '<table id="[^"]*" class="[^"]*"' page.html | sed 's/<table id="\([^"]*\)" class="\([^"]*\)"/\1 \2/' | tr '\n' '|')"
grep -q '<tr data-date="2021-02-16T09:00:00Z" data-author="mia@m.org"><td><a href="https://git.example/c/d100000000000000000000000000000000000000" title="d100000000000000000000000000000000000000" rel="noreferrer"><code>d10000000000</code></a></td>' page.html
ok $? "an off-list commit is linked"
grep -q '<td><a href="https://mail.example/r/a4@x" title="a4@x" rel="noreferrer">\[PATCH\] net: nobody answers</a></td>' page.html
ok $? "an ignored patch's subject links to its mail"
is "filters: author, list (every list of the mails), waiting on, from, to" \
    "author list on from to|every list|dev.lists.example.org|net.lists.example.org" \
    "$(awk '$1 == "attr" && ($2 == "input" || $2 == "select") && $3 == "name" { printf "%s%s", n++ ? " " : "", $4 }' facts)|$(grep -o '<option value="[^"]*">[^<]*' page.html | sed 's/.*>//' | tr '\n' '|' | sed 's/|$//')"
# Without script: everything there; only the filter form waits for it.
is "without script all is visible: the form is the one hidden element" \
    "form" "$(awk '$1 == "attr" && $3 == "hidden" { print $2 }' facts)"
grep -q '<tr data-date="2021-01-25T09:00:00Z" data-list="net.lists.example.org" data-author="Carl Coder carl@c.org" data-on="[^"]*">' page.html
ok $? "a row carries what the filters look at: date, lists, author, whom it waited on"

# --- escaping ---------------------------------------------------------------
grep -qF '&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;' page.html
ok $? "the subject's <script> and \"><img onerror> are written as text"
is "... and read back as the very subject" "$EVIL_SUBJECT" \
    "$(awk '$1 == "text" && $2 == "a" && /alert\(1\)/ { sub(/^text a /, ""); print }' facts | sort -u)"
grep -q '<script>alert\|<img\|<script [^>]*src\|onerror=alert[^&]*>' page.html
ok $((! $?)) "no <script>alert, no <img>, no live onerror anywhere in the page"
is "the parser finds one script (the page's own), no img, no on* attribute" "1 0 0" \
    "$(grep -c '^tag script$' facts) $(grep -c '^tag img$' facts) $(grep -c '^attr [^ ]* on' facts)"
grep -qF 'href="https://mail.example/r/x%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%282%29%3E@evil.example"' page.html
ok $? "the hostile Message-ID is percent-encoded in the link"
grep -qF 'title="x&quot;&gt;&lt;img src=x onerror=alert(2)&gt;@evil.example"' page.html
ok $? "... and escaped in the title attribute"
is "... and the title reads back as the Message-ID" "$EVIL_ID" \
    "$(awk '$1 == "attr" && $2 == "a" && $3 == "title" && /alert\(2\)/ { sub(/^attr a title /, ""); print }' facts | sort -u)"
grep -qF 'href="https://git.example/c/e1%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%283%29%3E"' page.html
ok $? "a hostile commit id is percent-encoded in its link"
grep -qF '<code>e1&quot;&gt;&lt;img src</code>' page.html
ok $? "... and escaped as text"
grep -qF 'data-author="Eve &lt;b&gt;Bold&lt;/b&gt; &quot;Q&quot; &amp; &#39;S&#39; eve@evil.example"' page.html &&
    grep -qF '<td title="eve@evil.example">Eve &lt;b&gt;Bold&lt;/b&gt; &quot;Q&quot; &amp; &#39;S&#39;</td>' page.html
ok $? "a sender name with <b>, quotes and & is escaped in text and attributes"
grep -qF '<td>core: &lt;script&gt;alert(3)&lt;/script&gt; never posted</td>' page.html
ok $? "a commit subject with <script> is text"
# Control characters a TSV field may carry become blanks.
printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\n' >ctl.tsv
printf 'c1@x\t2021-01-06T09:00:00Z\tZed\tzed@z.org\t[PATCH] bell\\a\033[31m red\tdev.lists.example.org\t\t\tpatch\n' |
    sed 's/\\a/\a/' >>ctl.tsv
printf 'cluster\tid\tkind\n9\tc1@x\tmail\n' >ctl-clusters.tsv
ptreport html -q $TABLES ctl.tsv ctl-clusters.tsv >ctl.html 2>/dev/null
grep -qF '[PATCH] bell  [31m red' ctl.html && ! grep -q "$(printf '[\a\033]')" ctl.html
ok $? "control characters in a subject are written as blanks"

# --- links ------------------------------------------------------------------
is "mail links through the mail template: the 2 ignored patches" 2 \
    "$(grep -c '^attr a href https://mail.example/r/' facts)"
is "commit links through the commit template: the 2 off-list commits" 2 \
    "$(grep -c '^attr a href https://git.example/c/' facts)"
ptreport html -q $TABLES >default.html
grep -q 'href="https://lore.kernel.org/r/a4@x"' default.html &&
    ! grep -q 'href="[^#"]*d100000000000000000000000000000000000000' default.html &&
    grep -qF '<code title="d100000000000000000000000000000000000000">d10000000000</code>' default.html
ok $? "by default mails link to lore.kernel.org, commits are text"
ptreport html -q -M '' $TABLES >nolinks.html
is "-M '': no link at all, Message-IDs as titles" "0 2" \
    "$(grep -c 'href="[^#]' nolinks.html) $(grep -o '<span title="[^"]*@' nolinks.html | wc -l)"
ptreport html -q -M 'https://x.example/list?id=%s&raw=100%%' -C 'https://x.example/commit/?id=%s' \
    $TABLES >query.html
grep -qF 'href="https://x.example/list?id=a4@x&amp;raw=100%"' query.html &&
    grep -qF 'href="https://x.example/commit/?id=d100000000000000000000000000000000000000"' query.html
ok $? "a template's & is escaped, %% is a %"
ptreport html -q -M 'file:///srv/archive/%s.eml' $TABLES >file.html
grep -qF 'href="file:///srv/archive/a4@x.eml"' file.html
ok $? "a file: template links to local mails"

# --- nothing from outside ---------------------------------------------------
bad=$(grep -Eo '(src|href|action|srcset|xlink:href)="[^"]*"' page.html |
    grep -v '^href="#' | grep -v '^href="https://mail.example/r/' | grep -v '^href="https://git.example/c/')
is "no src, and no href but the templates' links and the page's own anchors" "" "$bad"
bad=$(grep -Eio '(src|href)=["'\'']?(https?:)?//[^ >]*' page.html |
    grep -v '^href="https://mail.example/r/' | grep -v '^href="https://git.example/c/')
is "no http(s) src or href" "" "$bad"
grep -Eiq '<link|<iframe|<object|<embed|@import|url\(|@font-face' page.html
ok $((! $?)) "no link, iframe, object, embed, @import, url() or web font"
csp=$(awk '$1 == "attr" && $2 == "meta" && $3 == "content" && /default-src/ { sub(/^attr meta content /, ""); print }' facts)
is "the Content-Security-Policy allows only the page's own style and script" \
    "default-src 'none'; style-src 'sha256-$(awk '$1 == "raw" && $2 == "style" { print $3 }' facts)'; script-src 'sha256-$(awk '$1 == "raw" && $2 == "script" { print $3 }' facts)'; img-src data:; form-action 'none'; base-uri 'none'" \
    "$csp"
[ "$(grep -c '<style>' page.html)" = 1 ] && [ "$(grep -c '<script>' page.html)" = 1 ]
ok $? "one style element, one script element"

# --- the same bytes ---------------------------------------------------------
ptreport html -M "$MAILURL" -C "$COMMITURL" -T 'A <title> & "more"' $TABLES >again.html 2>/dev/null
same "the same input: the same page" page.html again.html
ptreport html -M "$MAILURL" -C "$COMMITURL" -T 'A <title> & "more"' \
    "$D/maint.tsv" "$D/tags.tsv" "$D/commits.tsv" "$D/clusters.tsv" "$D/mails.tsv" >order.html 2>/dev/null
same "the tables in another order: the same page" page.html order.html
{ head -1 "$D/mails.tsv"; sed 1d "$D/mails.tsv" | sort -r; } >mails-shuffled.tsv
{ head -1 "$D/commits.tsv"; sed 1d "$D/commits.tsv" | sort; } >commits-shuffled.tsv
ptreport html -M "$MAILURL" -C "$COMMITURL" -T 'A <title> & "more"' mails-shuffled.tsv \
    "$D/clusters.tsv" commits-shuffled.tsv "$D/tags.tsv" "$D/maint.tsv" >rows.html 2>/dev/null
same "the rows in another order: the same page" page.html rows.html
grep -q "$(date -u +%Y-%m-%d)" page.html
ok $((! $?)) "no date of the run in the page (its times are the mails')"

# --- what is given, and bad input -------------------------------------------
run ptreport html -q "$D/mails.tsv" "$D/clusters.tsv"
is "mails and clusters only: exit 0" 0 "$rc"
grep -q 'No commits table (git2tsv output) was given' "$T/out" &&
    grep -q 'No tags table (git2tsv --tags output) was given' "$T/out" &&
    grep -q 'No maintainers table (ptmaint output) was given' "$T/out"
ok $? "... the page says which tables were not given"
run ptreport html -q -R '^release-' $TABLES
grep -q 'No phases: no tag of the repository matches the release pattern \^release-' "$T/out"
ok $? "no tag is a release: the page says so, with the pattern"
run ptreport html "$D/mails.tsv"
is "no clusters table: exit 2" 2 "$rc"
is "... and says so" "ptreport: html needs a clusters table (ptcluster output)" "$(cat "$T/err")"
{ cat "$D/mails.tsv"; printf 'bad@x\tyesterday\tA\ta@x\t[PATCH] x\tdev.lists.example.org\t\t\t\t\tpatch\t\t\t\t\n'; } >badrow.tsv
run ptreport html -q badrow.tsv "$D/clusters.tsv"
is "a bad row: exit 1" 1 "$rc"
grep -q '^ptreport: badrow.tsv:12: column date: not a date: yesterday$' "$T/err"
ok $? "... the message names the file and the line"
grep -q '</html>' "$T/out"
ok $? "... and the page of the good rows is written all the same"
run ptreport html -q nosuch.tsv "$D/clusters.tsv"
is "a missing table: exit 2" 2 "$rc"
grep -q '^ptreport: nosuch.tsv: ' "$T/err"
ok $? "... the message names it"
for bad in 'https://x.example/' 'https://x.example/%s/%s' 'https://x.example/%d' 'javascript:alert(%s)' 'data:text/html,%s'; do
	run ptreport html -M "$bad" $TABLES
	is "--mail-url $bad: a usage error" "2 1" "$rc $(grep -c "^ptreport: --mail-url $bad: " "$T/err")"
done
run ptreport html -C 'vbscript:%s' $TABLES
is "--commit-url vbscript:%s: a usage error" "2 1" "$rc $(grep -c '^ptreport: --commit-url vbscript:%s: a scheme other than' "$T/err")"
for o in -c -P '-p x.svg'; do
	run ptreport html $o $TABLES
	is "html $o: a usage error" "2 1" "$rc $(grep -c '^ptreport: html: -[cPp] (--[a-z]*) is not one of its options' "$T/err")"
done

# --- ptreport all: the page links the TSV reports beside it ----------------
# size FILE: its size as the page writes it (812 bytes, 45.3 kB, 2.1 MB).
size() {
	wc -c <"$1" | awk '{ n = $1; if (n < 1000) printf "%d %s\n", n, n == 1 ? "byte" : "bytes"
	    else if (n < 1e6) printf "%.1f kB\n", n / 1e3; else printf "%.1f MB\n", n / 1e6 }'
}
# tsvlinks PAGE: each link of the page to a TSV report, as "href rows size".
tsvlinks() {
	grep -o '<a class="tsv" href="[^"]*">[^<]*</a> ([0-9]* rows*, [^)]*)' "$1" |
	    sed 's/^<a class="tsv" href="\([^"]*\)">[^<]*<\/a> (\([0-9]*\) rows*, \([^)]*\))$/\1 \2 \3/'
}
# tsvwant DIR [PREFIX]: what those links say of the reports in DIR, in
# the page's order (waiting, ignored, off-list, time to merge and to
# first response, maintainers), PREFIX before each name.
tsvwant() {
	for f in waiting ignored offlist duration patches maintainers; do
		echo "${2:-}$f.tsv $(($(wc -l <"$1/$f.tsv") - 1)) $(size "$1/$f.tsv")"
	done
}
mkdir all
run ptreport all -M "$MAILURL" -C "$COMMITURL" -T 'A <title> & "more"' -o all $TABLES
is "all: exit 0" 0 "$rc"
is "all: the page links the six TSV reports beside it by name, with their rows and sizes" \
    "$(tsvwant all)" "$(tsvlinks all/report.html)"
grep -q '^<p class="note" id="response-tsv">Every patch mail with its verdict .*: <a class="tsv" href="patches.tsv">patches.tsv</a> (6 rows, [0-9.]* kB)\.</p>$' all/report.html &&
    grep -q '^<p class="note" id="ignored-tsv">Every row as TSV: <a class="tsv" href="ignored.tsv">ignored.tsv</a> (2 rows, [0-9]* bytes)\.</p>$' all/report.html
ok $? "all: ... in sentences: every patch mail in patches.tsv, every ignored one in ignored.tsv"
grep -v '^<p class="note" id="[a-z]*-tsv">' page.html >page.rest
grep -v '^<p class="note" id="[a-z]*-tsv">' all/report.html >all.rest
same "all: but for those paragraphs, the page is html's, byte for byte" page.rest all.rest

# --- a big archive: the page holds the newest rows --------------------------
# 1300 patches, one a day (28 a month) from 2018, nobody answers: more
# ignored than the page holds (HTML_ROWS, 1000); 1300 commits nobody
# posted: more off-list commits than it holds; each patch to a
# maintainer and a section of its own: more rows of those kinds than
# the maintainers view holds (HTML_KIND_ROWS, 200 of each kind).
awk 'BEGIN {
	OFS = "\t"
	print "id", "date", "from_name", "from_addr", "subject", "list", "in_reply_to",
	    "references", "to", "type" >"big-mails.tsv"
	print "cluster", "id", "kind" >"big-clusters.tsv"
	print "id", "version", "section", "status", "role", "name", "addr", "depth",
	    "responsible", "via" >"big-maint.tsv"
	print "id", "date", "from_name", "from_addr", "subject", "committer_name",
	    "committer_addr", "commit_date", "parents", "type" >"big-commits.tsv"
	for (i = 0; i < 1300; i++) {
		mo = int(i / 28)
		d = sprintf("%04d-%02d-%02dT09:00:00Z", 2018 + int(mo / 12), mo % 12 + 1, i % 28 + 1)
		print "b" i "@x", d, "Big " i, "big" i "@b.org", "[PATCH] big: change " i,
		    "dev.lists.example.org", "", "", "m" i "@m.org", "patch" >"big-mails.tsv"
		print i + 1, "b" i "@x", "mail" >"big-clusters.tsv"
		print "b" i "@x", "", "SECTION " i, "Maintained", "M", "Mia " i, "m" i "@m.org", 1, 1,
		    "F:big/" i >"big-maint.tsv"
		print sprintf("%040x", i + 1), d, "Cy " i, "cy" i "@c.org", "big: commit " i, "Cy " i,
		    "cy" i "@c.org", d, "", "commit" >"big-commits.tsv"
	}
}'
mkdir big
run ptreport all -q -o big big-mails.tsv big-clusters.tsv big-maint.tsv big-commits.tsv
is "big: exit 0" 0 "$rc"
ni=$(($(wc -l <big/ignored.tsv) - 1))
no=$(($(wc -l <big/offlist.tsv) - 1))
[ "$ni" -gt 1000 ] && [ "$no" -gt 1000 ]
ok $? "big: more ignored patches ($ni) and off-list commits ($no) than the page holds"
facts big/report.html >big.facts
is "big: the page holds the newest 1000 of each" "t-ignored 1000 t-offlist 1000" \
    "$(awk '$1 == "rows" && ($2 == "t-ignored" || $2 == "t-offlist") { print $2, $3 }' big.facts | tr '\n' ' ' | sed 's/ $//')"
is "big: ... and says how many more ignored.tsv holds, with its rows and size" \
    "The 1000 newest are shown, and $((ni - 1000)) more are in <a class=\"tsv\" href=\"ignored.tsv\">ignored.tsv</a> ($ni rows, $(size big/ignored.tsv))." \
    "$(sed -n 's/^<p class="note" id="ignored-tsv">\(.*\)<\/p>$/\1/p' big/report.html)"
is "big: ... and offlist.tsv" \
    "The 1000 newest (by commit date) are shown, and $((no - 1000)) more are in <a class=\"tsv\" href=\"offlist.tsv\">offlist.tsv</a> ($no rows, $(size big/offlist.tsv))." \
    "$(sed -n 's/^<p class="note" id="offlist-tsv">\(.*\)<\/p>$/\1/p' big/report.html)"
# rowdates PAGE TABLE: the data-date of each row of the table.
rowdates() {
	sed -n "/<table id=\"$2\"/,/<\/table>/p" "$1" | sed -n 's/^<tr data-date="\([^"]*\)".*/\1/p'
}
sed 1d big/ignored.tsv | cut -f3 | tail -n 1000 >want.dates
rowdates big/report.html t-ignored >got.dates
same "big: the ignored rows shown are the newest, in the report's order" want.dates got.dates
sed 1d big/offlist.tsv | cut -f3 | tail -n 1000 >want.dates
rowdates big/report.html t-offlist >got.dates
same "big: the off-list rows shown are the newest by commit date, in the report's order" want.dates got.dates
# The maintainers view: the first 200 rows of each kind (the report puts
# those with most patches first).
awk -F'\t' 'NR > 1 && n[$1]++ < 200 { print $1, $2 }' big/maintainers.tsv >want.maint
sed -n '/<table id="t-maintainers"/,/<\/table>/p' big/report.html |
    sed -n 's/^<tr><td>\([^<]*\)<\/td><td>\([^<]*\)<\/td>.*/\1 \2/p' >got.maint
nm=$(($(wc -l <big/maintainers.tsv) - 1))
shown=$(wc -l <want.maint)
[ "$shown" -lt "$nm" ] && [ "$(awk '$1 == "maintainer"' want.maint | wc -l)" -eq 200 ]
ok $? "big: more maintainers view rows ($nm) than it holds ($shown)"
same "big: the maintainers view holds the first 200 rows of each kind" want.maint got.maint
is "big: ... and says how many more maintainers.tsv holds" \
    "The $shown rows with most patches (at most 200 of each kind) are shown, and $((nm - shown)) more are in <a class=\"tsv\" href=\"maintainers.tsv\">maintainers.tsv</a> ($nm rows, $(size big/maintainers.tsv))." \
    "$(sed -n 's/^<p class="note" id="maintainers-tsv">\(.*\)<\/p>$/\1/p' big/report.html)"
ptreport html -q big-mails.tsv big-clusters.tsv big-maint.tsv big-commits.tsv >big.html
is "big, html alone: the note names the command for every row" \
    "The 1000 newest are shown, and $((ni - 1000)) more are in the $ni rows of <code>ptreport ignored</code> (in a patchtrack folder: <code>reports/ignored.tsv</code>)." \
    "$(sed -n 's/^<p class="note" id="ignored-tsv">\(.*\)<\/p>$/\1/p' big.html)"

# --- a real browser ---------------------------------------------------------
if ! command -v python3 >/dev/null 2>&1; then
	skip "the browser test: python3 is not installed (it drives Chromium)"
elif ! command -v chromium >/dev/null 2>&1; then
	skip "the browser test: chromium is not installed (Debian: apt-get install chromium; scripts/deps installs it as root)"
else
	mkdir -p "$TBIN"
	shot=$TBIN/72-ptreport-html.png
	start=$(date +%s)
	python3 "$top/tests/browser.py" all/report.html "$shot" >browser.out 2>browser.err
	brc=$?
	if grep -q '^SKIP ' browser.out; then
		skip "the browser test: $(sed -n 's/^SKIP //p' browser.out)"
	elif [ "$brc" -ne 0 ] || ! grep -q '^PASS ' browser.out; then
		ok 1 "the browser test ran (exit $brc)"
		sed 's/^/# /' browser.out browser.err | tail -30
	else
		while IFS= read -r line; do
			case $line in
			"PASS "*) ok 0 "chromium: ${line#PASS }" ;;
			"FAIL "*) ok 1 "chromium: ${line#FAIL }" ;;
			"DIAG "*) diag "${line#DIAG }" ;;
			esac
		done <browser.out
		[ -s "$shot" ]
		ok $? "chromium: a screenshot for review: $shot"
		diag "the browser test took $(($(date +%s) - start)) s"
	fi
fi

# --- patchtrack writes report.html ------------------------------------------
git_sandbox
bare_clone "$top/sample/jailhouse-2019.bundle" repo.git
PT_BUILD=$BUILD PT_MAIL_URL='https://archive.example/m/%s' \
    sh "$top/pipeline/patchtrack" -q -j 2 -o p -r master repo.git "$top/sample/jailhouse-dev-2019.mbox.xz"
is "patchtrack on the sample: exit 0" 0 "$?"
[ -s p/report.txt ] && [ -s p/report.html ]
ok $? "report.html beside report.txt"
is "report.html links the TSV reports in reports/, with their rows and sizes" \
    "$(tsvwant p/reports reports/)" "$(tsvlinks p/report.html)"
is "reports/report.html links the same files beside it" "$(tsvwant p/reports)" \
    "$(tsvlinks p/reports/report.html)"
bad=
for h in $(tsvlinks p/report.html | cut -d' ' -f1); do [ -s "p/$h" ] || bad="$bad $h"; done
for h in $(tsvlinks p/reports/report.html | cut -d' ' -f1); do [ -s "p/reports/$h" ] || bad="$bad reports/$h"; done
is "every TSV link of both pages leads to its file" "" "$bad"
sed 's|<a class="tsv" href="reports/|<a class="tsv" href="|g' p/report.html >p-page.html
same "... and the two pages differ in those links alone" p-page.html p/reports/report.html
head -c 2000 p/report.html | grep -q "<title>patchtrack: 1 archive(s), $T/repo.git</title>"
ok $? "its title names the archives and the repository, as report.txt's first line"
# report.txt: ptreport all's (as text writes it), moved to the top.
ptreport text -q -m p/mailmap -T "patchtrack: 1 archive(s), $T/repo.git" p/clusters.tsv \
    p/mails/*.tsv p/mails/*.tok p/commits/*.tsv p/commits/*.tok p/maint/*.tsv p/tags.tsv \
    p/pairs/*.tsv >p-text.txt
same "report.txt is ptreport text's on the folder's tables" p-text.txt p/report.txt
[ ! -e p/reports/report.txt ]
ok $? "... and is at the top of the folder only"
# The sample has no ignored patch and no off-list commit: its page links
# no mail or commit, and its header says the templates.
grep -q 'Mails link to <code>https://archive.example/m/%s</code>, commits to nothing' p/report.html &&
    ! grep -q 'lore\.kernel' p/report.html
ok $? "PT_MAIL_URL sets the mail template"
is "the links file: the mail template, no commit template" "https://archive.example/m/%s|" \
    "$(tr '\n' '|' <p/links | sed 's/|$//')"
made=$(stat -c %y p/clusters.tsv p/mails/*.tsv p/commits/*.tsv p/pairs/*.tsv)
PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -q -j 2 -o p -r master -M 'https://archive.example/m/%s' \
    -C 'https://git.example/jailhouse/commit/%s' repo.git "$top/sample/jailhouse-dev-2019.mbox.xz"
grep -q 'commits to <code>https://git.example/jailhouse/commit/%s</code>' p/report.html
ok $? "-C: a new commit template makes the page again"
# The page comes from the same ptreport run as the reports (one reading
# of the tables), so they are made again too; nothing before them is.
is "... and no table again: the mails, commits, pairs and clusters as they were" "$made" \
    "$(stat -c %y p/clusters.tsv p/mails/*.tsv p/commits/*.tsv p/pairs/*.tsv)"
run env PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -q -o p -C 'https://git.example/' repo.git \
    "$top/sample/jailhouse-dev-2019.mbox.xz"
is "a template without %s: patchtrack stops at once (exit 2)" 2 "$rc"
is "... saying why" "patchtrack: --commit-url https://git.example/: no %s where the id goes" "$(cat "$T/err")"

done_testing
