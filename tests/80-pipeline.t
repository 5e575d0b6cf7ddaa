#!/bin/sh
# patchtrack, the driver, on the bundled sample (525 mails, the Jailhouse
# history): a run and its tables, the same bytes twice, a re-run that
# rebuilds nothing, new commits and a new archive redone incrementally
# to the bytes of a run from scratch, a failing or killed stage that
# leaves nothing half-written, another scorer (examples/same-title),
# shards, patchsim's shards scaled out by hand (xargs, GNU parallel, and
# parallel --sshlogin against a private sshd), the command line, and a
# folder used before with fewer archives or another scorer.  Under the
# sanitizers the runs whose tools meet other input (1, 4, 5, 9) run; the
# driver's own logic is left to the normal pass (normal_pass, lib.sh).
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

MBOX=$top/sample/jailhouse-dev-2019.mbox.xz
REPORTS="patches ignored offlist weekly cycle duration summary"
# The leading columns of each report's header.
head_of() {
	case $1 in
	patches) echo 'id	date	list	author	subject	verdict' ;;
	ignored) echo 'id	list	date	author' ;;
	offlist) echo 'id	date	commit_date	author' ;;
	weekly) echo 'list	week	start	patches' ;;
	cycle) echo 'phase	cycles	patches' ;;
	duration) echo 'cluster	commit	subject' ;;
	summary) echo 'what	value	detail' ;;
	esac
}

# pt ARGS: the driver, on the build under test.
pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -q "$@"
}

# exit0 DESCRIPTION: the last run exited 0 (its stderr shown if not).
exit0() {
	is "$1: exit 0" 0 "$rc"
	[ "$rc" -eq 0 ] || tail -5 "$T/err" | cut -c1-200 | sed 's/^/# /'
}

# snap DIR: every file of an output folder with its time and size (but
# the lock, which every run writes its pid into).
snap() {
	(cd "$1" && find . -type f ! -name lock -printf '%P %T@ %s\n' | sort)
}

# untouched DESCRIPTION PATTERN BEFORE AFTER: the files of snapshot
# BEFORE matching PATTERN (a grep -E) are in AFTER with the same times.
untouched() {
	grep -E "$2" "$3" >"$T/u.before"
	grep -E "$2" "$4" >"$T/u.after"
	if [ -s "$T/u.before" ] && cmp -s "$T/u.before" "$T/u.after"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diff "$T/u.before" "$T/u.after" | head -10 | sed 's/^/# /'
	fi
}

# results DESCRIPTION DIR [REF]: clusters.tsv and every reports/*.tsv of
# DIR are those of REF (default ref, the first run), byte for byte.
results() {
	r=${3:-ref}
	bad=
	for f in clusters.tsv $(for x in $REPORTS; do echo "reports/$x.tsv"; done); do
		cmp -s "$r/$f" "$2/$f" || bad="$bad $f"
	done
	is "$1: clusters.tsv and reports/*.tsv are byte for byte those of $r/" "" "$bad"
}

# ids_of FILE...: the id column of TSV tables, sorted.
ids_of() {
	awk -F'\t' 'FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "id") c = i; next } { print $c }' "$@" | sort
}

# save DIR COPY: keep clusters.tsv and reports/*.tsv of a run.
save() {
	mkdir -p "$2/reports"
	cp "$1/clusters.tsv" "$2/"
	cp "$1"/reports/*.tsv "$2/reports/"
}

bare_clone "$top/sample/jailhouse-2019.bundle" repo.git
ok $? "the sample repository, cloned from its bundle"

# --- 1. a run on the sample ---------------------------------------------
run pt -o ref -r master repo.git "$MBOX"
exit0 "the sample"
bad=
for f in report.txt clusters.tsv tags.tsv pulls.tsv commits/HEADS; do
	[ -s "ref/$f" ] || bad="$bad $f"
done
is "report.txt, clusters.tsv, tags.tsv, pulls.tsv and commits/HEADS are there" "" "$bad"
is "pulls.tsv: the pulls table's header (the sample has no pull requests)" \
	"pull	id	date	from_name	from_addr	subject	src" "$(cat ref/pulls.tsv)"
for x in $REPORTS; do
	h=$(head_of "$x")
	case $(head -1 "ref/reports/$x.tsv" 2>/dev/null) in
	"$h"*) ok 0 "reports/$x.tsv starts with its header" ;;
	*) ok 1 "reports/$x.tsv starts with its header"; diag "$(head -1 "ref/reports/$x.tsv" 2>&1)" ;;
	esac
done
[ "$(rows ref/reports/patches.tsv)" -ge 100 ] && [ "$(rows ref/reports/summary.tsv)" -ge 10 ]
ok $? "reports/patches.tsv has rows ($(rows ref/reports/patches.tsv)), summary.tsv its figures"
head -1 ref/report.txt | grep -q "^patchtrack: 1 archive(s), $T/repo.git\$"
ok $? "report.txt begins with the archives and the repository"
grep -q '^merged ' ref/report.txt && grep -q '^Ignored patches' ref/report.txt
ok $? "report.txt holds the summary and the ignored patches"
is "mails/: a mail table and a patch table for the one archive" 2 "$(ls ref/mails | wc -l)"
is "commits/: one segment (s1.tsv, s1.tok, s1.merged.tsv), HEADS, FROM and SIDE (no other branch)" "FROM HEADS SIDE s1.merged.tsv s1.tok s1.tsv" "$(ls ref/commits | tr '\n' ' ' | sed 's/ $//')"
is "commits/HEADS names the head of master" "s1 $(git --git-dir=repo.git rev-parse master)" "$(cat ref/commits/HEADS)"
is "pairs/: a block of the archive against s1 and one against itself" "__s1.1-1.tsv __self.1-1.tsv" \
	"$(ls ref/pairs | sed 's/^.*__/__/' | tr '\n' ' ' | sed 's/ $//')"
ids_of ref/mails/*.tok ref/commits/*.tok | uniq >patch.ids
ids_of ref/clusters.tsv >cluster.ids
[ "$(wc -l <patch.ids)" -ge 2500 ]
ok $? "$(wc -l <patch.ids) distinct patches in mails/*.tok and commits/*.tok"
same "clusters.tsv has a row per patch, each once" patch.ids cluster.ids
is "no .tmp file is left" "" "$(find ref -name '*.tmp')"

if normal_pass "2, 3: the same bytes twice, a re-run that rebuilds nothing"; then
# --- 2. the same bytes twice ----------------------------------------------
run pt -o again -r master repo.git "$MBOX"
exit0 "a second run into another folder"
results "a second run" again
bad=
for f in $(cd ref && find mails commits pairs tags.tsv report.txt -type f); do
	cmp -s "ref/$f" "again/$f" || bad="$bad $f"
done
is "a second run: every table and report.txt the same too" "" "$bad"

# --- 3. a re-run rebuilds no table ----------------------------------------
# (The reports are made on every run: a night with nothing new says so.)
tables_snap() {
	snap "$1" | grep -Ev '^(reports/|report\.(txt|html) )'
}
tables_snap ref >snap.1
run pt -o ref -r master repo.git "$MBOX"
exit0 "a re-run into the same folder"
tables_snap ref >snap.2
same "a re-run: no table written again (names, times, sizes)" snap.1 snap.2
grep -q '^Nothing new since the first run' ref/reports/morning.txt
ok $? "a re-run: the morning view says nothing is new"

fi

# --- 4. new commits -------------------------------------------------------
bare_clone "$top/sample/jailhouse-2019.bundle" grow.git
NEW=$(git --git-dir=grow.git rev-parse master)
OLD=$(git --git-dir=grow.git rev-list -1 --before=2019-07-15 master)
git --git-dir=grow.git update-ref refs/heads/master "$OLD"
run pt -o grow -r master grow.git "$MBOX"
exit0 "master at $(echo "$OLD" | cut -c1-12) (before 2019-07-15)"
snap grow >snap.1
git --git-dir=grow.git update-ref refs/heads/master "$NEW"
run pt -o grow -r master grow.git "$MBOX"
exit0 "master back at $(echo "$NEW" | cut -c1-12)"
snap grow >snap.2
printf 's1 %s\ns2 %s\n' "$OLD" "$NEW" >want
same "commits/HEADS: s1 at the old head, s2 at the new one" want grow/commits/HEADS
# git2tsv leaves out merges (there are none in this range).
git --git-dir=grow.git rev-list --no-merges "$OLD..$NEW" | sort >want
ids_of grow/commits/s2.tsv >got
[ -s want ] && cmp -s want got
ok $? "commits/s2.tsv holds exactly the commits new since the old head"
is "commits/s2.tsv: as many rows as git rev-list --count OLD..NEW" \
	"$(git --git-dir=grow.git rev-list --count "$OLD..$NEW")" "$(wc -l <got | tr -d ' ')"
untouched "new commits: s1's tables untouched" '^commits/s1\.' snap.1 snap.2
untouched "new commits: the mail tables untouched" '^mails/' snap.1 snap.2
untouched "new commits: the pairs of the old blocks untouched" '^pairs/[^ ]*__(s1|self)\.' snap.1 snap.2
grep -q '__s2\.1-1\.tsv ' snap.2
ok $? "new commits: a block of the archive against s2 is scored"
results "new commits, incremental" grow
# report.txt names the repository: compared without its first line,
# nor what changed since the run before (grow/ had one, ref/ none).
sed -E '1d; /^(First run|Nothing new|[0-9]+ changes? since)/,/^what /d' ref/report.txt >want
sed -E '1d; /^(First run|Nothing new|[0-9]+ changes? since)/,/^what /d' grow/report.txt >got
same "new commits: report.txt the same but for the repository's name" want got

# --- 5. a new archive -----------------------------------------------------
xz -dc "$MBOX" >all.mbox
n=$(grep -c '^From mboxrd@z' all.mbox)
at=$(grep -n '^From mboxrd@z' all.mbox | sed -n "$((n / 2 + 1))p" | cut -d: -f1)
head -n $((at - 1)) all.mbox >a1.mbox
tail -n +"$at" all.mbox >a2.mbox
cat a1.mbox a2.mbox | cmp -s - all.mbox && [ "$(grep -c '^From mboxrd@z' a1.mbox)" -gt 200 ] &&
	[ "$(grep -c '^From mboxrd@z' a2.mbox)" -gt 200 ]
ok $? "the sample's $n mails split at a From line: $(grep -c '^From mboxrd@z' a1.mbox) + $(grep -c '^From mboxrd@z' a2.mbox)"
run pt -o split -r master repo.git a1.mbox
exit0 "the first archive"
save split first
snap split >snap.1
run pt -o split -r master repo.git a1.mbox a2.mbox
exit0 "both archives, into the same folder"
snap split >snap.2
untouched "a new archive: the first archive's mail and patch tables untouched" '^mails/[^ ]*_a1\.mbox\.' snap.1 snap.2
untouched "a new archive: the first archive's pairs untouched" '^pairs/[^ ]*_a1\.mbox__(s1|self)\.' snap.1 snap.2
grep -q '_a1\.mbox__[^ ]*_a2\.mbox\.1-1\.tsv ' snap.2
ok $? "a new archive: the two archives are scored against each other"
run pt -o both -r master repo.git a1.mbox a2.mbox
exit0 "both archives, from scratch"
results "a new archive, incremental" split both

if normal_pass "6, 7, 8: a failing or killed stage, another scorer, shards"; then
# --- 6. a failing stage, a killed run -----------------------------------
cat >fail-scorer <<'EOF'
#!/bin/sh
# half a pairs table, then a failure
printf 'left\tright\tmsg\tdiff\tdlr\tscore\tvia\n'
printf 'x\ty\t1\t1\t1\t1\tfiles\n'
exit 1
EOF
chmod +x fail-scorer
run pt --scorer "$T/fail-scorer" -o fail -r master repo.git "$MBOX"
[ "$rc" -ne 0 ]
ok $? "a scorer that fails: patchtrack fails ($rc)"
is "a scorer that fails: no pairs table, clusters.tsv, report or report.txt under its final name" "" \
	"$(cd fail && find pairs clusters.tsv reports report.txt pairs.list ! -name '*.tmp' ! -type d 2>/dev/null)"
run pt -o fail -r master repo.git "$MBOX"
exit0 "then patchsim, into the same folder"
results "then patchsim" fail

# news FILE: FILE but what it says changed since the run before (its
# line, and a digest's Subject).
news() {
	sed -E '/^Subject:/,/^[A-Z][A-Za-z-]*: /{/^(Subject:| )/d}' "$1" |
	    grep -Ev '^(First run|Nothing new since|[0-9]+ changes? since)'
}

# killed DIR: every file of a killed run under its final name is whole:
# the reference's bytes (a plot: a PNG to its end).
killed() {
	bad=
	nfinal=0
	for f in $(cd "$1" && find . -type f ! -name '*.tmp' ! -name inputs.mk ! -name pairs.list \
	    ! -path './stamps/*' ! -name HEADS ! -name lock | sed 's|^\./||'); do
		nfinal=$((nfinal + 1))
		case $f in
		*.png) tail -c 12 "$1/$f" | grep -q IEND || bad="$bad $f" ;;
		# ptreport all's, killed before it was moved to the top; it and
		# the morning's files say what changed since the run before.
		reports/report.txt)
			[ "$(news ref/report.txt)" = "$(news "$1/$f")" ] || bad="$bad $f" ;;
		reports/morning.txt|reports/digest.txt|report.txt)
			[ "$(news "ref/$f")" = "$(news "$1/$f")" ] || bad="$bad $f" ;;
		*) cmp -s "ref/$f" "$1/$f" || bad="$bad $f" ;;
		esac
	done
	diag "$1: $nfinal files under their final name, $(find "$1" -name '*.tmp' | wc -l) .tmp"
	is "$1: every file under its final name is whole" "" "$bad"
}

# bg DIR [BUILD]: patchtrack into DIR in the background, a process
# group of its own ($pid).
bg() {
	PT_BUILD=${2:-$BUILD} setsid sh "$top/pipeline/patchtrack" -q -o "$1" -r master repo.git "$MBOX" \
		>/dev/null 2>&1 &
	pid=$!
}
# stop SIGNAL: signal the process group, wait for it (the shell's note
# of a killed job aside).
stop() {
	kill -s "$1" -- "-$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	krc=$?
}
# await FILE: until FILE is there (at most 30 s).
await() {
	i=0
	while [ ! -f "$1" ] && [ $i -lt 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}
# slow DIR TOOL [ARG]: a build in DIR whose TOOL (given ARG first)
# lingers once done, so that a kill meets that stage for sure.
slow() {
	mkdir -p "$1/bin"
	for t in mbox2tsv git2tsv patchtok patchsim ptcluster ptreport; do
		[ "$t" = "$2" ] || ln -s "$BUILD/bin/$t" "$1/bin/"
	done
	printf '#!/bin/sh\n"%s" "$@"\nrc=$?\ncase "$1" in %s*) sleep 30 ;; esac\nexit $rc\n' \
		"$BUILD/bin/$2" "${3:-}" >"$1/bin/$2"
	chmod +x "$1/bin/$2"
}
slow slow-score patchsim
slow slow-report ptreport all

# TERM after 0.3 s (reading the archive and the history, here).
bg kill1
sleep 0.3
stop TERM
[ "$krc" -ne 0 ] && [ ! -f kill1/report.txt ]
ok $? "TERM after 0.3 s: patchtrack stops, failing ($krc)"
killed kill1
run pt -o kill1 -r master repo.git "$MBOX"
exit0 "after TERM, a re-run"
results "after TERM, a re-run" kill1

# TERM while scoring.
bg kill2 "$T/slow-score"
await kill2/commits/s1.tok
sleep 0.2
stop TERM
[ "$krc" -ne 0 ] && [ -f kill2/commits/s1.tok ] && [ -z "$(find kill2/pairs -type f ! -name '*.tmp')" ]
ok $? "TERM while scoring: patchtrack stops, no pairs table under its name ($krc)"
killed kill2
run pt -o kill2 -r master repo.git "$MBOX"
exit0 "after TERM while scoring, a re-run"
results "after TERM while scoring, a re-run" kill2

# KILL (nothing cleans up) while the reports are made: ptreport all has
# written them (it renames its files only once all are written), make
# has not seen it end.
bg kill3 "$T/slow-report"
await kill3/reports/report.html
sleep 0.2
stop KILL
[ "$krc" -ne 0 ] && [ -f kill3/clusters.tsv ] && [ ! -f kill3/report.txt ] &&
	[ -z "$(find kill3/reports -name '*.tmp.*')" ]
ok $? "KILL while the reports are made: patchtrack is stopped, no report.txt, no temporaries ($krc)"
killed kill3
run pt -o kill3 -r master repo.git "$MBOX"
exit0 "after KILL, a re-run"
results "after KILL, a re-run" kill3

# --- 7. another scorer: examples/same-title, as README.md runs it --------
run sh -c "cd '$top' && PT_BUILD='$BUILD' sh pipeline/patchtrack -q --scorer examples/same-title \
	-o '$T/title' -r master '$T/repo.git' '$MBOX'"
exit0 "--scorer examples/same-title"
bad=
for f in report.txt clusters.tsv $(for x in $REPORTS; do echo "reports/$x.tsv"; done); do
	[ -s "title/$f" ] || bad="$bad $f"
done
is "--scorer examples/same-title: report.txt, clusters.tsv and every report" "" "$bad"
merged=$(awk -F'\t' '$1 == "merged" { print $2 }' title/reports/summary.tsv)
[ "${merged:-0}" -gt 0 ]
ok $? "--scorer examples/same-title: the summary counts merged patches (${merged:-none})"
[ "$(awk -F'\t' 'FNR > 1 && $7 == "title"' title/pairs/*.tsv | wc -l)" -gt 50 ] &&
	[ "$(awk -F'\t' 'FNR > 1 && $7 != "title"' title/pairs/*.tsv | wc -l)" -eq 0 ]
ok $? "--scorer examples/same-title: every pair is one of equal titles (via title)"
cmp -s ref/clusters.tsv title/clusters.tsv
[ $? -eq 1 ]
ok $? "--scorer examples/same-title: other clusters than patchsim's"

# --- 8. shards ------------------------------------------------------------
run pt --shards 3 -o n3 -r master repo.git "$MBOX"
exit0 "--shards 3"
results "--shards 3" n3
is "--shards 3: pairs/ holds 3 shards per block" \
	"__s1.1-3.tsv __s1.2-3.tsv __s1.3-3.tsv __self.1-3.tsv __self.2-3.tsv __self.3-3.tsv" \
	"$(ls n3/pairs | sed 's/^.*__/__/' | tr '\n' ' ' | sed 's/ $//')"
for b in s1 self; do
	sed 1d ref/pairs/*__$b.1-1.tsv | sort >want
	for k in 1 2 3; do sed 1d n3/pairs/*__$b.$k-3.tsv; done | sort >got
	[ -s want ] && cmp -s want got
	ok $? "--shards 3: the block against $b, its 3 shards together: the pairs of --shards 1"
done

fi

# --- 9. scaling out patchsim's shards by hand ----------------------------
mkdir so && cp ref/mails/*.tok so/mails.tok && cp ref/commits/s1.tok so/commits.tok
cd so || exit 1
patchsim -q -H mails.tok commits.tok | sort >whole
[ "$(wc -l <whole)" -ge 100 ]
ok $? "patchsim, one run: $(wc -l <whole) pairs"
# shards K: the sorted union of shard.1 .. shard.4 is the one run.
shards() {
	for k in 1 2 3 4; do [ -f "shard.$k" ] || return 1; done
	sort shard.1 shard.2 shard.3 shard.4 | cmp -s whole -
}
seq 1 4 | xargs -P 2 -I{} sh -c 'patchsim -q -H -j1 --shard {}/4 mails.tok commits.tok > shard.{}'
shards
ok $? "xargs -P 2, 4 shards: their union is one run"
rm -f shard.*
if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	parallel --will-cite -j 2 'patchsim -q -H -j1 --shard {}/4 mails.tok commits.tok > shard.{}' ::: 1 2 3 4
	shards
	ok $? "GNU parallel -j 2, 4 shards: their union is one run"
else
	skip "GNU parallel is not installed"
fi
rm -f shard.*

# parallel --sshlogin, against an sshd of our own on 127.0.0.1.
sshd_pid=
stop_sshd() {
	[ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null
	sshd_pid=
}
trap 'stop_sshd; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
why=
if [ "$(id -u)" != 0 ]; then
	why="not root: no sshd of our own"
elif [ ! -x /usr/sbin/sshd ]; then
	why="/usr/sbin/sshd is not installed"
elif ! command -v ssh >/dev/null 2>&1 || ! command -v ssh-keygen >/dev/null 2>&1; then
	why="the ssh client is not installed"
elif ! command -v rsync >/dev/null 2>&1; then
	why="rsync is not installed"
elif ! command -v parallel >/dev/null 2>&1; then
	why="GNU parallel is not installed"
fi
if [ -z "$why" ]; then
	S=$T/sshd
	mkdir -p "$S" /run/sshd
	ssh-keygen -q -t ed25519 -N '' -C pt-test-host -f "$S/host_key" &&
		ssh-keygen -q -t ed25519 -N '' -C pt-test-client -f "$S/client_key" &&
		cp "$S/client_key.pub" "$S/authorized_keys" || why="ssh-keygen failed"
fi
if [ -z "$why" ]; then
	SSH="ssh -i $S/client_key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
	# A free high port: sshd fails when it cannot bind; try a few.
	try=0
	while [ $try -lt 5 ] && [ -z "$sshd_pid" ]; do
		try=$((try + 1))
		port=$((20000 + ($$ * 7 + try * 7919 + $(date +%N | sed 's/^0*//;s/^$/0/') / 1000) % 40000))
		cat >"$S/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $S/host_key
AuthorizedKeysFile $S/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $S/sshd.pid
EOF
		rm -f "$S/sshd.pid"
		/usr/sbin/sshd -f "$S/sshd_config" -E "$S/sshd.log" </dev/null >/dev/null 2>&1 || continue
		i=0
		while [ ! -s "$S/sshd.pid" ] && [ $i -lt 50 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		[ -s "$S/sshd.pid" ] && sshd_pid=$(cat "$S/sshd.pid")
	done
	up=0
	if [ -n "$sshd_pid" ]; then
		i=0
		while [ $i -lt 10 ]; do
			$SSH -p "$port" -o ConnectTimeout=2 root@127.0.0.1 true </dev/null 2>>"$S/ssh.err" && { up=1; break; }
			sleep 0.3
			i=$((i + 1))
		done
	fi
	if [ "$up" = 0 ]; then
		why="our sshd did not come up on 127.0.0.1 ($(tail -1 "$S/sshd.log" 2>/dev/null; tail -1 "$S/ssh.err" 2>/dev/null))"
		stop_sshd
	fi
fi
if [ -z "$why" ]; then
	# The shared tables go to the remote host once (--basefile): with
	# --transferfile every job sends them and every job's --cleanup
	# removes them, under the feet of the jobs still running there.
	# The remote side works in a folder of its own in root's home (--wd).
	parallel --will-cite --ssh "$SSH -p $port" -S 2/root@127.0.0.1 --wd ".pt-test.${T##*.}" \
		--env PATH --basefile mails.tok --basefile commits.tok --return 'shard.{}' --cleanup \
		'patchsim -q -H -j1 --shard {}/4 mails.tok commits.tok > shard.{}' ::: 1 2 3 4 >par.out 2>par.err
	prc=$?
	is "parallel --sshlogin 2/root@127.0.0.1: exit 0" 0 "$prc"
	[ "$prc" -eq 0 ] || head -5 par.err | sed 's/^/# /'
	shards
	ok $? "parallel --sshlogin, 4 shards returned: their union is one run"
	$SSH -p "$port" root@127.0.0.1 "test ! -e .pt-test.${T##*.}" </dev/null
	ok $? "parallel --sshlogin --cleanup: nothing left on the remote side"
	stop_sshd
else
	skip "parallel --sshlogin: $why"
fi
cd "$T" || exit 1

if normal_pass "10, 11: the command line, a folder used before, a checkout"; then
# --- 10. the command line -------------------------------------------------
run pt
is "no operands: exit 2" 2 "$rc"
grep -q '^usage: patchtrack' "$T/err"
ok $? "no operands: the usage on stderr"
run pt repo.git
is "a repository and no archive: exit 2" 2 "$rc"
run pt --no-such-option repo.git "$MBOX"
is "an unknown option: exit 2" 2 "$rc"
grep -q 'unknown option: --no-such-option' "$T/err"
ok $? "an unknown option is named"
: >plain-file
run pt -o e1 plain-file "$MBOX"
is "a repository that is not a folder: exit 2" 2 "$rc"
grep -q 'plain-file' "$T/err"
ok $? "a repository that is not a folder is named"
run pt -o e2 repo.git "$T/no-such.mbox"
is "a missing archive: exit 2" 2 "$rc"
grep -q 'no-such.mbox' "$T/err"
ok $? "a missing archive is named"
cp a1.mbox "a blank.mbox"
run pt -o e3 repo.git "$T/a blank.mbox"
exit0 "an archive path with a blank (tests/82-nightly.t: any path)"
run pt --shards 0 -o e4 repo.git "$MBOX"
is "--shards 0: exit 2" 2 "$rc"
run pt --shards x -o e4 repo.git "$MBOX"
is "--shards x: exit 2" 2 "$rc"
# -s is --since (a scorer there is no date), -n and -S are no options.
run pt -s examples/same-title -o e4 repo.git "$MBOX"
[ "$rc" -eq 2 ] && grep -q -- '--since examples/same-title: not a date' "$T/err"
ok $? "-s with a scorer's name: not a date, exit 2"
for o in "-n 3" "-S 2019-06-01"; do
	run pt $o -o e4 repo.git "$MBOX"
	is "$o: an unknown option, exit 2" 2 "$rc"
done
run pt -j x -o e4 repo.git "$MBOX"
is "-j x: exit 2" 2 "$rc"
run pt -o e5 -r no-such-branch repo.git "$MBOX"
is "-r naming no commit: exit 2" 2 "$rc"
grep -q 'no commit no-such-branch' "$T/err"
ok $? "-r naming no commit: said so"
run pt -h
is "-h: exit 0" 0 "$rc"
grep -q '^usage: patchtrack' "$T/out"
ok $? "-h: the usage on stdout"
run pt -V
grep -q '^patchtrack ' "$T/out"
ok $? "-V: the version"

# --- 11. fewer archives, another scorer, in a folder used before --------
# What a run makes depends on the archives and the scorer given, not
# only on the files' times.
run pt -o title -r master repo.git "$MBOX"
exit0 "patchsim into the folder of --scorer examples/same-title"
results "patchsim into the folder of --scorer examples/same-title" title
run pt -o split -r master repo.git a1.mbox
exit0 "the first archive again, into the folder of both"
results "the first archive again, into the folder of both" split first
# Another --since reads the commits again: the same as a fresh run with it.
run pt -o since-fresh -r master -s 2019-06-01 repo.git "$MBOX"
exit0 "-s 2019-06-01 from scratch"
cp -R ref since-used
run pt -o since-used -r master -s 2019-06-01 repo.git "$MBOX"
exit0 "-s 2019-06-01 into a folder made without it"
results "-s 2019-06-01 into a folder made without it" since-used since-fresh

# --- a repository with a work tree (a checkout, not a bare clone) -------
git clone -q "$top/sample/jailhouse-2019.bundle" checkout
git -C checkout checkout -q master
run pt -o wt -r master checkout "$MBOX"
exit0 "a checkout as the repository"
PT_PROGRESS=0 PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" -o wt -r master checkout "$MBOX" \
    >/dev/null 2>wt.err
rc=$?
[ "$rc" -eq 0 ] && ! grep -q 'rewritten\|read again' wt.err &&
    [ -z "$(grep -Ev '^(patchtrack: |ptreport  *(all|report\.txt) )' wt.err)" ]
ok $? "a checkout, run again: nothing read or made again but the reports (its history is not taken as rewritten)"
[ "$rc" -eq 0 ] || diag "$(cat wt.err)"

fi

done_testing
