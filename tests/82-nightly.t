#!/bin/sh
# patchtrack as a nightly job runs it, on the bundled sample: two runs
# into one folder at once (the lock: the second waits, or with
# --no-wait exits 3; a killed holder blocks nothing), archive, repository
# and output paths with blanks, quotes and letters beyond ASCII, and an
# archive moved and renamed, which is not read again.  Under the
# sanitizers the runs whose tools meet other input (a single run, any
# path, an epoch grown) run; the driver's own logic is left to the
# normal pass (normal_pass, lib.sh).
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

MBOX=$top/sample/jailhouse-dev-2019.mbox.xz
REPORTS="patches ignored offlist weekly cycle duration summary maintainers"

# pt ARGS: the driver, on the build under test (PT_BUILD may name another).
pt() {
	PT_BUILD=${PT_BUILD_RUN:-$BUILD} sh "$top/pipeline/patchtrack" "$@"
}

# exit0 DESCRIPTION: the last run exited 0 (its stderr shown if not).
exit0() {
	is "$1: exit 0" 0 "$rc"
	[ "$rc" -eq 0 ] || tail -5 "$T/err" | cut -c1-200 | sed 's/^/# /'
}

# results DESCRIPTION DIR [REF]: the tables, clusters.tsv, every report
# and report.txt of DIR are those of REF (default ref), byte for byte.
results() {
	r=${3:-ref}
	bad=
	for f in clusters.tsv tags.tsv $(for x in $REPORTS; do echo "reports/$x.tsv"; done) \
	    $(cd "$r" && ls mails/*.tsv mails/*.tok commits/*.tsv commits/*.tok 2>/dev/null); do
		cmp -s "$r/$f" "$2/$f" || bad="$bad $f"
	done
	# report.txt but its line on what changed since the run before.
	[ "$(headless "$r/report.txt")" = "$(headless "$2/report.txt")" ] || bad="$bad report.txt"
	is "$1: the tables, clusters, reports and report.txt are byte for byte those of $r/" "" "$bad"
}

# headless FILE: FILE without the line that says what changed since the
# run before (a first run's, or "Nothing new since").
headless() {
	grep -Ev '^(First run|Nothing new since|[0-9]+ changes? since)' "$1"
}

# stages FILE: the stage lines of a run's stderr (stage and input), but
# the reports', made on every run.
stages() {
	grep -Ev '^patchtrack: ' "$1" | awk '{ print $1, $2 }' |
	    grep -Ev '^ptreport (all|report\.txt)$'
}

# slow DIR TOOL SECONDS: a build in DIR whose TOOL lingers SECONDS once
# done, so that a run is still going when another starts or is killed.
slow() {
	mkdir -p "$1/bin"
	for t in mbox2tsv git2tsv patchtok patchsim ptcluster ptmaint ptreport; do
		[ "$t" = "$2" ] || ln -s "$BUILD/bin/$t" "$1/bin/"
	done
	printf '#!/bin/sh\n"%s" "$@"\nrc=$?\nsleep %s\nexit $rc\n' "$BUILD/bin/$2" "$3" >"$1/bin/$2"
	chmod +x "$1/bin/$2"
}

bare_clone "$top/sample/jailhouse-2019.bundle" repo.git
ok $? "the sample repository, cloned from its bundle"
run pt -q -o ref -r master repo.git "$MBOX"
exit0 "a single run"

if normal_pass "1, 2: two runs at once, --no-wait, a killed holder"; then
# --- 1. two runs at once into one folder ----------------------------------
slow "$T/slow1" patchsim 3
PT_BUILD_RUN=$T/slow1
(exec sh "$top/pipeline/patchtrack" -o two -r master repo.git "$MBOX" >a.out 2>a.err) &
pa=$!
(exec sh "$top/pipeline/patchtrack" -o two -r master repo.git "$MBOX" >b.out 2>b.err) &
pb=$!
wait $pa
ra=$?
wait $pb
rb=$?
PT_BUILD_RUN=
is "two runs started together: both exit 0" "0 0" "$ra $rb"
na=$(grep -c "^patchtrack: $T/two: another run holds it (pid $pb); waiting\$" a.err)
nb=$(grep -c "^patchtrack: $T/two: another run holds it (pid $pa); waiting\$" b.err)
is "two runs started together: one of them says it waits for the other, naming its pid, once" \
	1 "$((na + nb))"
if [ "$na" = 1 ]; then first=b second=a; else first=a second=b; fi
stages $first.err | grep -q '^mbox2tsv ' && grep -q '^ptreport *report.txt' $first.err
ok $? "two runs started together: the first does the work"
is "two runs started together: the second, run after it, finds nothing to do but the reports (no table's stage line)" \
	"" "$(stages $second.err)"
grep -q 'waiting' $first.err
[ $? -eq 1 ]
ok $? "two runs started together: the first did not wait"
results "two runs started together" two
is "two runs started together: no .tmp file left" "" "$(find two -name '*.tmp')"

# --- 2. --no-wait, and a holder killed with SIGKILL --------------------
slow "$T/slow30" patchsim 30
PT_BUILD=$T/slow30 setsid sh "$top/pipeline/patchtrack" -q -o held -r master repo.git "$MBOX" \
	>/dev/null 2>&1 &
ph=$!
i=0
while [ ! -f held/commits/s1.tok ] && [ $i -lt 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
sleep 0.3
t0=$(date +%s)
run pt -q -W -o held -r master repo.git "$MBOX"
t1=$(date +%s)
is "--no-wait while another run holds the folder: exit 3" 3 "$rc"
is "--no-wait: one line on stderr naming the folder and the holder" \
	"patchtrack: $T/held: another run holds it (pid $ph); not waiting (--no-wait)" "$(cat "$T/err")"
[ $((t1 - t0)) -le 5 ]
ok $? "--no-wait: at once ($((t1 - t0)) s)"
kill -s KILL -- "-$ph" 2>/dev/null
wait "$ph" 2>/dev/null
[ ! -f held/report.txt ]
ok $? "the holder, killed with SIGKILL before its end, left no report.txt"
t0=$(date +%s)
run pt -W -o held -r master repo.git "$MBOX"
t1=$(date +%s)
exit0 "after the holder was killed, a run with --no-wait"
grep -q 'another run holds it' "$T/err"
[ $? -eq 1 ]
ok $? "after the holder was killed: the folder is free (no word of another run)"
results "after the holder was killed, a run" held

fi

# --- 3. any path ------------------------------------------------------------
mkdir -p "$T/My Lists" "$T/dépôt git" "$T/sortie d'été"
cp -p "$MBOX" "$T/My Lists/jh dév's.mbox.xz"
bare_clone "$top/sample/jailhouse-2019.bundle" "$T/dépôt git/jail house.git"
W=$T/sortie\ d\'été/out\ put
run pt -o "$W" -r master "$T/dépôt git/jail house.git" "$T/My Lists/jh dév's.mbox.xz"
exit0 "archive, repository and output folder with blanks, quotes and letters beyond ASCII"
stages "$T/err" | sort -u >got
grep -q "^mbox2tsv  *jh dév's.mbox.xz  " "$T/err" && grep -q '^git2tsv  *jail house.git/s1  ' "$T/err"
ok $? "any path: the stage lines name the archive and the repository as they are"
bad=
for f in clusters.tsv $(for x in $REPORTS; do echo "reports/$x.tsv"; done); do
	cmp -s "ref/$f" "$W/$f" || bad="$bad $f"
done
# The tables but their src column (the path a row was read from).
for f in $(cd ref && ls mails/*.tsv commits/*.tsv); do
	g=$(cd "$W" && ls "${f%%/*}"/*"${f#*/}" 2>/dev/null | head -1)
	[ -z "${f##mails/*}" ] && g=$(cd "$W" && ls mails/*.tsv)
	awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "src") c = i } { $c = ""; print }' "ref/$f" >want
	awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "src") c = i } { $c = ""; print }' "$W/$g" >got
	cmp -s want got || bad="$bad $f"
done
is "any path: clusters, reports and tables (but src) are those of a run on plain paths" "" "$bad"
sed 1d ref/report.txt >want
sed 1d "$W/report.txt" >got
same "any path: report.txt the same but for the repository's path" want got
is "any path: report.txt names the repository's path" \
	"patchtrack: 1 archive(s), $T/dépôt git/jail house.git" "$(head -1 "$W/report.txt")"
grep -q "src" "$W/mails/"*.tsv && grep -q "My Lists/jh dév's.mbox.xz:" "$W/mails/"*.tsv
ok $? "any path: the mail table's src names the archive's path"
run pt -o "$W" -r master "$T/dépôt git/jail house.git" "$T/My Lists/jh dév's.mbox.xz"
exit0 "any path, again"
is "any path, again: nothing to redo but the reports (no table's stage line)" "" "$(stages "$T/err")"
is "any path: make saw no path (inputs.mk holds no blank but between words)" "" \
	"$(grep -E "My Lists|dév|sortie" "$W/inputs.mk" | grep -v '^REPO := ')"

if normal_pass "4: an archive moved and renamed"; then
# --- 4. an archive moved and renamed ------------------------------------------
mkdir -p "$T/here"
cp -p "$MBOX" "$T/here/list.mbox.xz"
run pt -q -o moved -r master repo.git "$T/here/list.mbox.xz"
exit0 "an archive, before its move"
mkdir -p moved.before/reports
cp moved/clusters.tsv moved/report.txt moved.before/
cp moved/reports/*.tsv moved.before/reports/
mkdir -p "$T/there/new place"
mv "$T/here/list.mbox.xz" "$T/there/new place/renamed.mbox.xz"
run pt -o moved -r master repo.git "$T/there/new place/renamed.mbox.xz"
exit0 "the archive moved and renamed"
is "moved and renamed: not read, tokenized or scored again (no stage line)" "" "$(stages "$T/err")"
bad=
for f in clusters.tsv $(for x in $REPORTS; do echo "reports/$x.tsv"; done); do
	cmp -s "moved.before/$f" "moved/$f" || bad="$bad $f"
done
[ "$(headless moved.before/report.txt)" = "$(headless moved/report.txt)" ] || bad="$bad report.txt"
is "moved and renamed: the reports are those of before the move" "" "$bad"
grep -qx "$T/there/new place/renamed.mbox.xz" moved/archives/*.path
ok $? "moved and renamed: the folder knows the archive's new path"
# Another archive under the old name is another archive.
xz -dc "$MBOX" | awk '/^From mboxrd@z/ { n++ } n > 200' >"$T/here/list.mbox"
run pt -o moved -r master repo.git "$T/here/list.mbox"
exit0 "another archive at the old place"
stages "$T/err" | grep -q '^mbox2tsv list.mbox$'
ok $? "another archive at the old place is read"

fi

# --- 5. new mail, read and scored alone ---------------------------------------
# fresh_same DESCRIPTION DIR FRESH: what a reader reads of DIR (clusters,
# reports, report.txt and report.html) is FRESH's, byte for byte.
# What changed since the run before (changes.tsv, the log, its feed, the
# digest, morning.txt) is what the two histories differ by: of those,
# the queue (morning.txt up to the changes) and report.txt below it.
fresh_same() {
	bad=
	for f in clusters.tsv report.html $(cd "$3" && ls reports/* | grep -Ev \
	    '/(changes\.tsv|changes-log\.tsv|changes\.atom|digest\.txt|morning\.txt)$'); do
		cmp -s "$3/$f" "$2/$f" || bad="$bad $f"
	done
	[ "$(sed '/^What waits/,/^what /d' "$3/report.txt")" = "$(sed '/^What waits/,/^what /d' "$2/report.txt")" ] ||
		bad="$bad report.txt"
	[ "$(sed -E '/^(First run|Nothing new|[0-9]+ changes? since)/,$d' "$3/reports/morning.txt")" = \
	    "$(sed -E '/^(First run|Nothing new|[0-9]+ changes? since)/,$d' "$2/reports/morning.txt")" ] ||
		bad="$bad morning.txt"
	is "$1: clusters, every report, report.txt and report.html are a fresh run's" "" "$bad"
}
# only DESCRIPTION WANT: the last run's stage lines (stage and input,
# sorted, ptcluster and ptreport aside) are WANT's lines.
only() {
	stages "$T/err" | grep -Ev '^(ptcluster|ptreport) ' | sort >got
	printf '%s\n' "$2" | sort >want
	same "$1: only the new part read, tokenized and scored (stage lines)" want got
}
EPOCH=$top/bench/make-epoch
sh "$EPOCH" -n 400 ep.git "$MBOX"
ok $? "a public-inbox epoch of the sample's first 400 mails (bench/make-epoch)"
run pt -q -o inc -r master repo.git ep.git
exit0 "the epoch"
sh "$EPOCH" -s 400 ep.git "$MBOX"
is "the epoch grown by the sample's other 125 mails" 525 "$(git --git-dir=ep.git rev-list --count HEAD)"
run pt -o inc -r master repo.git ep.git
exit0 "the epoch, grown"
only "the epoch, grown" "mbox2tsv ep.git+2
patchtok ep.git+2
patchsim ep.git+2/self
patchsim ep.git/ep.git+2
patchsim ep.git+2/s1
ptmaint ep.git+2"
is "the epoch, grown: its parts are the commits up to the first head, then after it" \
	"seg 1 - $(git --git-dir=ep.git rev-parse HEAD~125)
seg 2 $(git --git-dir=ep.git rev-parse HEAD~125) $(git --git-dir=ep.git rev-parse HEAD)" \
	"$(cat inc/archives/*.state)"
if normal_pass "5 and on: the grown epoch against a fresh run, a rewritten one, a public-inbox folder, an mbox, a maildir (their parts: 25-mbox2tsv-parts)"; then
run pt -q -o inc.fresh -r master repo.git ep.git
exit0 "the grown epoch, from scratch"
fresh_same "the epoch, grown" inc inc.fresh
run pt -o inc -r master repo.git ep.git
is "the epoch, unchanged: nothing to redo" "" "$(stages "$T/err")"
# A rewritten epoch (public-inbox purges spam so): read again whole.
git --git-dir=ep.git update-ref refs/heads/master HEAD~50
sh "$EPOCH" -s 480 ep.git "$MBOX"
run pt -o inc -r master repo.git ep.git
exit0 "the epoch, rewritten"
grep -q "^patchtrack: ep.git: its history was rewritten: read again" "$T/err" &&
	stages "$T/err" | grep -q '^mbox2tsv ep.git$'
ok $? "the epoch, rewritten: said so and read again whole"
run pt -q -o inc.fresh2 -r master repo.git ep.git
exit0 "the rewritten epoch, from scratch"
fresh_same "the epoch, rewritten" inc inc.fresh2

# A public-inbox folder whose next epoch begins.
mkdir -p inbox/git
sh "$EPOCH" -n 300 inbox/git/0.git "$MBOX"
run pt -q -o inb -r master repo.git inbox
exit0 "a public-inbox folder, epoch 0"
sh "$EPOCH" -s 300 inbox/git/1.git "$MBOX"
run pt -o inb -r master repo.git inbox
exit0 "a public-inbox folder, epoch 1 begun"
only "epoch 1 begun" "mbox2tsv inbox+2
patchtok inbox+2
patchsim inbox+2/self
patchsim inbox/inbox+2
patchsim inbox+2/s1
ptmaint inbox+2"
run pt -q -o inb.fresh -r master repo.git inbox
exit0 "the folder of two epochs, from scratch"
fresh_same "epoch 1 begun" inb inb.fresh

# An mbox that grows.
xz -dc "$MBOX" >all.mbox
n=$(grep -c '^From mboxrd@z' all.mbox)
at=$(grep -n '^From mboxrd@z' all.mbox | sed -n "$((n - 100))p" | cut -d: -f1)
head -n $((at - 1)) all.mbox >grow.mbox
run pt -q -o mb -r master repo.git grow.mbox
exit0 "an mbox of all but the sample's last 101 mails"
tail -n +"$at" all.mbox >>grow.mbox
run pt -o mb -r master repo.git grow.mbox
exit0 "the mbox, grown by 101 mails"
only "the mbox, grown" "mbox2tsv grow.mbox+2
patchtok grow.mbox+2
patchsim grow.mbox+2/self
patchsim grow.mbox/grow.mbox+2
patchsim grow.mbox+2/s1
ptmaint grow.mbox+2"
is "the mbox, grown: the new part's mails" 101 "$(rows mb/mails/*+2.tsv)"
cp grow.mbox grown.mbox
run pt -q -o mb.fresh -r master repo.git grown.mbox
exit0 "the grown mbox, from scratch"
fresh_same "the mbox, grown" mb mb.fresh
touch grow.mbox
run pt -o mb -r master repo.git grow.mbox
is "the mbox touched, not changed: nothing to redo" "" "$(stages "$T/err")"
# The hash of the part read last is made beside the stages and written
# in at the end; a run stopped before that leaves "-": the next one
# makes it again, and reads nothing again.
st=$(ls mb/archives/*.state)
cp "$st" state.before
awk '$1 == "seg" { l = NR } { a[NR] = $0 }
	END { for (i = 1; i <= NR; i++) { if (i == l) sub(/ [0-9a-f]+$/, " -", a[i]); print a[i] } }' \
	state.before >"$st"
grep -q '^seg .* -$' "$st"
ok $? "a run stopped before the mbox's hash was written: its state says -"
run pt -o mb -r master repo.git grow.mbox
exit0 "the run after one stopped before the hash"
is "the run after one stopped before the hash: nothing to redo" "" "$(stages "$T/err")"
same "the run after one stopped before the hash: the hash made again" state.before "$st"
# A byte changed before the old end (past the first 64 KiB): read again.
at=$(grep -n '^Subject: ' grow.mbox | sed -n 300p | cut -d: -f1)
sed -i "${at}s/^Subject: /Subject: Re: /" grow.mbox
run pt -o mb -r master repo.git grow.mbox
exit0 "the mbox changed before its old end"
grep -q '^patchtrack: grow.mbox: changed before its end: read again' "$T/err" &&
	stages "$T/err" | grep -q '^mbox2tsv grow.mbox$'
ok $? "the mbox changed before its old end: said so and read again whole"
cp grow.mbox changed.mbox
run pt -q -o mb.fresh2 -r master repo.git changed.mbox
fresh_same "the mbox changed before its old end" mb mb.fresh2

# A maildir that gains files (delivered into new/).
mkdir -p md/cur md/new md.later
xz -dc "$MBOX" | awk '/^From mboxrd@z/ { if (f) close(f); n++
	f = sprintf("md/%s/%06d.h:2,S", n <= 400 ? "cur" : n <= 499 ? "new" : "../md.later", n); next }
	{ sub(/^>From /, "From "); print > f }'
is "a maildir of the sample's first 499 mails, 26 held back" "499 26" \
	"$(($(ls md/cur | wc -l) + $(ls md/new | wc -l))) $(ls md.later | wc -l)"
run pt -q -o md.out -r master repo.git md
exit0 "the maildir"
mv md.later/* md/new/
run pt -o md.out -r master repo.git md
exit0 "the maildir, 26 files more"
only "the maildir, 26 files more" "mbox2tsv md+2
patchtok md+2
patchsim md+2/self
patchsim md/md+2
patchsim md+2/s1
ptmaint md+2"
run pt -q -o md.fresh -r master repo.git md
exit0 "the grown maildir, from scratch"
fresh_same "the maildir, 26 files more" md.out md.fresh
# A mail read (new/ to cur/, flagged): the order read changes, so whole.
f=$(ls md/new | head -1)
mv "md/new/$f" "md/cur/${f%%:*}:2,RS"
run pt -o md.out -r master repo.git md
exit0 "the maildir, a mail moved to cur/"
grep -q '^patchtrack: md: files renamed or gone: read again' "$T/err" &&
	stages "$T/err" | grep -q '^mbox2tsv md$'
ok $? "the maildir, a mail moved to cur/: said so and read again whole"
run pt -q -o md.fresh2 -r master repo.git md
fresh_same "the maildir, a mail moved to cur/" md.out md.fresh2

# --- 6. mboxes that share their first 64 KiB ---------------------------------
# An mbox is known by its first 64 KiB and by the part of it read before:
# two mboxes that begin alike (the sample's first 30 mails, about 1 MB)
# and go on apart, and one that is their beginning, are three archives,
# in one run and in the next, whatever the order (none read again); the
# same one twice is refused; one of them grown is read only for what it
# gained.
# mails FIRST LAST: the sample's mails FIRST to LAST.
mails() {
	awk -v a="$1" -v b="$2" '/^From mboxrd@z/ { n++ } n >= a && n <= b' all.mbox
}
mails 1 30 >pre.mbox
{ mails 1 30; mails 31 60; } >twin1.mbox
{ mails 1 30; mails 61 90; } >twin2.mbox
run pt -o twins -r master repo.git twin1.mbox twin2.mbox pre.mbox
exit0 "two mboxes beginning alike and their beginning"
stages "$T/err" | grep '^mbox2tsv ' | sort >got
printf 'mbox2tsv pre.mbox\nmbox2tsv twin1.mbox\nmbox2tsv twin2.mbox\n' >want
same "beginning alike: three archives, each read" want got
is "beginning alike: their mails (30, 60, 60)" "30 60 60" \
    "$(for f in pre twin1 twin2; do rows twins/mails/*_$f.mbox.tsv; done | tr '\n' ' ' | sed 's/ $//')"
# read DESCRIPTION WANT: the last run read and tokenized WANT's parts.
read_only() {
	is "$1: read and tokenized: $2" "$2" \
	    "$(stages "$T/err" | grep -E '^(mbox2tsv|patchtok) ' | sort | tr '\n' ' ' | sed 's/ $//')"
}
run pt -o twins -r master repo.git pre.mbox twin2.mbox twin1.mbox
exit0 "beginning alike, in another order"
read_only "beginning alike, in another order" ""
run pt -o twins -r master repo.git twin1.mbox pre.mbox "$T/twin1.mbox"
is "the same mbox twice: refused" "2|patchtrack: $T/twin1.mbox: given twice (or another archive with the same content)" \
    "$rc|$(cat "$T/err")"
mails 91 110 >>twin2.mbox
run pt -o twins -r master repo.git twin1.mbox twin2.mbox pre.mbox
exit0 "one of them grown"
read_only "one of them grown" "mbox2tsv twin2.mbox+2 patchtok twin2.mbox+2"

fi

# -h names the option.
run pt -h
grep -q -- '--no-wait' "$T/out" && grep -q 'status 3' "$T/out"
ok $? "-h: --no-wait and its status 3"

done_testing
