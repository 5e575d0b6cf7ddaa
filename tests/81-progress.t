#!/bin/sh
# A run that says what it is doing: patchtrack writes one line per stage
# as it finishes (stage, input, rows, seconds), nothing with -q, make's
# commands with -v; on a terminal (a pseudo-terminal here, through
# tests/pty-run.py) mbox2tsv, git2tsv and patchsim draw a progress bar on stderr,
# redrawn with carriage returns and cleared at the end, and never
# change a byte of stdout; in a pipe or a file, no bar.  Under the
# sanitizers the tools' bars are checked, the driver's lines left to the
# normal pass (normal_pass, lib.sh).
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox
unset PT_PROGRESS PT_PROGRESS_DELAY

MBOX=$top/sample/jailhouse-dev-2019.mbox.xz
A=jailhouse-dev-2019.mbox.xz
CR=$(printf '\r')
ESC=$(printf '\033')
PTY="python3 $top/tests/pty-run.py"

# pt ARGS: the driver, on the build under test.
pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" "$@"
}

# stages FILE: the stage lines of a run's stderr as "stage input unit",
# sorted (their counts and seconds left out).
stages() {
	sed "s/.*${CR}//; s/${ESC}\\[K//g" "$1" | grep -v '^patchtrack: ' |
		awk '{ s = $1; for (i = 2; i <= NF - 4; i++) s = s " " $i; print s " " $(NF - 2) }' | sort
}

# tables DIR: clusters.tsv, every report and every table of a run.
tables() {
	(cd "$1" && find mails commits pairs maint clusters.tsv tags.tsv reports report.txt \
	    -type f -name '*.t*' ! -name '*.tmp' | sort)
}

bare_clone "$top/sample/jailhouse-2019.bundle" repo.git
ok $? "the sample repository, cloned from its bundle"

# The stages of a run on the sample: input, unit.
{
	printf '%s\n' "mbox2tsv $A mails" "git2tsv repo.git/s1 commits" "git2tsv repo.git/pulls commits" "git2tsv repo.git/tags tags" \
		"git2tsv repo.git/s1.merged commits" \
		"patchtok $A patches" "patchtok repo.git/s1 patches" "ptmaint $A rows" \
		"patchsim $A/s1 pairs" "patchsim $A/self pairs" "ptcluster 2 pair tables patches"
	echo "ptreport all reports kB"
	echo "ptreport report.txt lines"
} | sort >want.stages

if normal_pass "1, 2: patchtrack's stage lines, -q, -v, a failing stage"; then
# --- 1. in a pipe: a line per stage -------------------------------------
pt -o pipe -r master repo.git "$MBOX" 2>pipe.err | cat >pipe.out
[ -s pipe/report.txt ] && [ -s pipe/report.html ]
ok $? "in a pipe: the run makes report.txt and report.html"
is "in a pipe: nothing on stdout" "" "$(cat pipe.out)"
stages pipe.err >got.stages
same "in a pipe: one line per stage, the expected set" want.stages got.stages
is "in a pipe: no carriage return, no escape sequence (no bar)" "" "$(tr -d '\n -~' <pipe.err)"
head -1 pipe.err | grep -q '^patchtrack: 1 archive(s), commits of master up to [0-9a-f]\{12\}, [0-9]* jobs$' &&
	tail -1 pipe.err | grep -q "^patchtrack: done: $T/pipe/report.txt, $T/pipe/report.html\$"
ok $? "in a pipe: the first line says what is read, the last where the report is"
bad=$(grep -v '^patchtrack: ' pipe.err |
	grep -Ev '^[a-z][a-z0-9]* +[^ ].* +[0-9]+ (mails|commits|tags|patches|rows|pairs|lines|kB) +[0-9]+\.[0-9] s$')
is "in a pipe: every stage line is 'stage input N unit S.S s'" "" "$bad"
# The counts are the rows of what the stages wrote.
n_of() {
	grep "^$1 *$2 " pipe.err | awk '{ print $(NF - 3) }'
}
is "mbox2tsv's line counts the mail table's rows" "$(rows pipe/mails/*.tsv)" "$(n_of mbox2tsv "$A")"
is "git2tsv's line counts the commit table's rows" "$(rows pipe/commits/s1.tsv)" "$(n_of git2tsv repo.git/s1)"
is "patchsim's line counts the pairs of the block against s1" "$(rows pipe/pairs/*__s1.1-1.tsv)" \
	"$(n_of patchsim "$A/s1")"
is "report.txt's line counts its lines" "$(wc -l <pipe/report.txt | tr -d ' ')" "$(n_of ptreport report.txt)"

# A re-run makes no table: the reports' stage lines alone (they are made
# on every run: a night with nothing new says so).  The first run's
# folder is kept to compare the others with.
cp -r pipe first
pt -o pipe -r master repo.git "$MBOX" 2>rerun.err | cat >/dev/null
is "a re-run that makes no table: the reports' stage lines alone" "ptreport all|ptreport report.txt" \
    "$(grep -v '^patchtrack: ' rerun.err | awk '{ print $1, $2 }' | paste -sd'|')"

# --- 2. -q: nothing at all; -v: make's commands ---------------------------
run pt -q -o quiet -r master repo.git "$MBOX"
is "-q: exit 0" 0 "$rc"
is "-q: nothing on stderr" "" "$(cat "$T/err")"
is "-q: nothing on stdout" "" "$(cat "$T/out")"
run pt -v -o verbose -r master repo.git "$MBOX"
is "-v: exit 0" 0 "$rc"
# make runs in the output folder and reads the archive's path from a file.
grep -q '^mbox2tsv -v .*"$(IFS= read -r l <\./archives/[^ ]*\.path .*printf .*)" >mails/[^ ]*\.tsv\.tmp' "$T/out" &&
	grep -q "^patchsim -v .* --self mails/" "$T/out" && grep -q '^mv ' "$T/out" &&
	grep -qx "$MBOX" verbose/archives/*.path
ok $? "-v: make's commands on stdout, as they are run"
is "-v: no pt-stage in the commands" "" "$(grep 'pt-stage' "$T/out")"
# Each tool says what it read and made (its -v), a line a run; ptreport
# all its notes once, not once a report.
for t in mbox2tsv git2tsv patchtok patchsim ptcluster ptmaint ptreport; do
	grep -q "^$t: " "$T/err" || echo "$t"
done >silent
is "-v: every tool's summary on stderr" "" "$(cat silent)"
is "-v: patchsim's: the candidate pairs of both blocks" 2 \
	"$(grep -c '^patchsim: .* candidate pairs' "$T/err")"
is "-v: ptreport all's notes each once" "" "$(grep '^ptreport: ' "$T/err" | sort | uniq -d)"
is "-v: no stage line" "" "$(grep -E ' [0-9]+ (mails|commits|tags|patches|rows|pairs|lines|kB) +[0-9]+\.[0-9] s$' "$T/err")"
bad=
for f in $(tables first); do
	cmp -s "first/$f" "quiet/$f" && cmp -s "first/$f" "verbose/$f" || bad="$bad $f"
done
is "the tables and reports are the same bytes with the stage lines, -q and -v" "" "$bad"

# A stage that fails has no line; make's error is shown, even with -q.
printf '#!/bin/sh\necho "fail-scorer: no scores today" >&2\nexit 3\n' >fail-scorer
chmod +x fail-scorer
run pt --scorer "$T/fail-scorer" -o fail -r master repo.git "$MBOX"
[ "$rc" -ne 0 ] && grep -q 'no scores today' "$T/err" && ! grep -q '^fail-scorer ' "$T/err" &&
	grep -q "^mbox2tsv *$A " "$T/err"
ok $? "a scorer that fails: its error, no line for it, the lines of the stages that ran"
run pt -q --scorer "$T/fail-scorer" -o fail-q -r master repo.git "$MBOX"
[ "$rc" -ne 0 ] && grep -q 'no scores today' "$T/err" && ! grep -q "^mbox2tsv " "$T/err"
ok $? "a scorer that fails, -q: its error, no stage line"

fi

# --- 3. the bar, on a terminal ------------------------------------------
if ! python3 -c 'import pty, termios' 2>/dev/null; then
	skip "python3 with pty and termios is not here: no terminal for the bar"
	done_testing
fi

# mbox2tsv: the bar from the start (PT_PROGRESS_DELAY=0), by bytes read.
mbox2tsv -q "$MBOX" >plain.tsv
PT_PROGRESS=1 PT_PROGRESS_DELAY=0 $PTY bar.tsv bar.err mbox2tsv -q "$MBOX"
is "mbox2tsv on a terminal: exit 0" 0 "$?"
same "mbox2tsv on a terminal, with its bar: stdout the same bytes" plain.tsv bar.tsv
grep -q "^${CR}mbox2tsv $A \\[[#.]*\\] *[0-9]*%" bar.err
ok $? "mbox2tsv's bar: its label, a bar and a share, after a carriage return"
n=$(tr -cd '\r' <bar.err | wc -c)
[ "$n" -ge 2 ]
ok $? "mbox2tsv's bar is drawn and redrawn with carriage returns ($n)"
is "mbox2tsv's bar is cleared at the end, no newline" "$(printf '\r\033[K')" \
	"$(tail -c 4 bar.err)"
is "mbox2tsv's bar: no newline anywhere" 0 "$(wc -l <bar.err | tr -d ' ')"

# Without PT_PROGRESS, or with stderr in a file, no bar.
$PTY nobar.tsv nobar.err mbox2tsv -q "$MBOX"
is "mbox2tsv on a terminal without PT_PROGRESS: no bar" "" "$(cat nobar.err)"
PT_PROGRESS=1 PT_PROGRESS_DELAY=0 mbox2tsv -q "$MBOX" >file.tsv 2>file.err
is "mbox2tsv with PT_PROGRESS=1 and stderr in a file: no bar" "" "$(cat file.err)"
# A part of a plain file (--offset, --end): the bar counts its bytes,
# from 0 % to 100 %, not the offsets of the whole file.
xz -dc "$MBOX" >whole.mbox
size=$(wc -c <whole.mbox)
off=$(grep -b '^From mboxrd@z' whole.mbox | awk -F: -v s="$size" '$1 > s * 3 / 5 { print $1; exit }')
PT_PROGRESS=1 PT_PROGRESS_DELAY=0 $PTY part.tsv part.err mbox2tsv -q -O "$off" whole.mbox
shares=$(tr '\r' '\n' <part.err | sed -n 's/.*\] *\([0-9]*\)%.*/\1/p')
[ -n "$shares" ] && [ "$(echo "$shares" | head -1)" -lt 50 ] && [ "$(echo "$shares" | sort -n | tail -1)" -le 100 ]
ok $? "mbox2tsv --offset: the bar counts the part's bytes ($(echo $shares | tr ' ' ',' | cut -c1-40))"

# From a pipe the size is unknown: a count of bytes, no bar.
xz -dc "$MBOX" | PT_PROGRESS=1 PT_PROGRESS_DELAY=0 $PTY pipe.tsv pipe-in.err sh -c 'exec mbox2tsv -q -'
grep -q "^${CR}mbox2tsv <stdin> [0-9.]* MB, " pipe-in.err
ok $? "mbox2tsv reading a pipe: the megabytes read, no bar"

# A big plain file read in chunks by processes (-j2): one bar for the
# whole file, never going back, past the first chunk, and cleared; the
# same bytes as one process.
# (eight copies of the sample: long enough to be redrawn)
for i in 1 2 3 4 5 6 7 8; do cat whole.mbox; done >four.mbox
mbox2tsv -q -j1 four.mbox >four1.tsv
PT_PROGRESS=1 PT_PROGRESS_DELAY=0 $PTY four.tsv four.err mbox2tsv -q -j2 four.mbox
is "mbox2tsv in chunks on a terminal: exit 0" 0 "$?"
same "mbox2tsv in chunks, with its bar: the bytes of one process" four1.tsv four.tsv
shares=$(tr '\r' '\n' <four.err | sed -n 's/.*\] *\([0-9]*\)%.*/\1/p')
[ -n "$shares" ] && [ "$shares" = "$(echo "$shares" | sort -n)" ] &&
    [ "$(tail -c 4 four.err)" = "$(printf '\r\033[K')" ] && [ "$(wc -l <four.err)" -eq 0 ]
ok $? "mbox2tsv in chunks: one bar, its share never going back, cleared ($(echo $shares | tr ' ' ',' | cut -c1-40))"
if [ "$(echo "$shares" | wc -l)" -ge 2 ]; then
	[ "$(echo "$shares" | tail -1)" -gt 13 ]
	ok $? "mbox2tsv in chunks: the bar goes past the first of eight chunks"
else
	skip "mbox2tsv in chunks: done before the bar was redrawn"
fi

# patchsim: by left rows scored.
patchtok -q plain.tsv >mails.tok
patchsim -q --self mails.tok >plain.pairs
PT_PROGRESS=1 PT_PROGRESS_DELAY=0 $PTY bar.pairs sim.err patchsim -q --self mails.tok
is "patchsim on a terminal: exit 0" 0 "$?"
same "patchsim on a terminal, with its bar: stdout the same bytes" plain.pairs bar.pairs
grep -q "^${CR}patchsim mails.tok \\[[#.]*\\] *[0-9]*%" sim.err &&
	[ "$(tail -c 4 sim.err)" = "$(printf '\r\033[K')" ]
ok $? "patchsim's bar: drawn after a carriage return, cleared at the end"

# git2tsv: by commits met, against a count of the walk.
git2tsv -q repo.git >plain.commits
PT_PROGRESS=1 PT_PROGRESS_DELAY=0 $PTY bar.commits git.err git2tsv -q repo.git
is "git2tsv on a terminal: exit 0" 0 "$?"
same "git2tsv on a terminal, with its bar: stdout the same bytes" plain.commits bar.commits
grep -q "^${CR}git2tsv repo.git \\[[#.]*\\] *[0-9]*%" git.err &&
	[ "$(tail -c 4 git.err)" = "$(printf '\r\033[K')" ]
ok $? "git2tsv's bar: drawn after a carriage return, cleared at the end"
PT_PROGRESS=1 PT_PROGRESS_DELAY=0 $PTY bar.range git-range.err git2tsv -q -j1 repo.git master~100..master
git2tsv -q -j1 repo.git master~100..master >plain.range
same "git2tsv -j1 on a range, on a terminal: stdout the same bytes" plain.range bar.range
grep -q "^${CR}git2tsv repo.git \\[" git-range.err
ok $? "git2tsv -j1 on a range: a bar"

if normal_pass "patchtrack on a terminal (the bars drawn by the tools, checked above)"; then
# The whole run on a terminal: the bars, the stage lines clearing them,
# the same tables as in a pipe.
PT_PROGRESS_DELAY=0 PT_BUILD=$BUILD $PTY tty.out tty.err sh "$top/pipeline/patchtrack" \
	-o tty -r master repo.git "$MBOX"
is "patchtrack on a terminal: exit 0" 0 "$?"
grep -q "${CR}mbox2tsv $A \\[" tty.err && grep -q "${CR}patchsim $A/[a-z0-9]* \\[" tty.err
ok $? "patchtrack on a terminal: mbox2tsv and patchsim draw their bars"
stages tty.err >got.stages
same "patchtrack on a terminal: the same stage lines" want.stages got.stages
bad=$(grep ' s$' tty.err | grep -v "${CR}${ESC}\\[K[a-z][a-z0-9]*  .* s\$")
is "patchtrack on a terminal: each stage line starts by clearing the bar" "" "$bad"
bad=
for f in $(tables first); do
	cmp -s "first/$f" "tty/$f" || bad="$bad $f"
done
is "patchtrack on a terminal: the tables and reports are those of the run in a pipe" "" "$bad"
PT_PROGRESS=0 PT_PROGRESS_DELAY=0 PT_BUILD=$BUILD $PTY tty0.out tty0.err sh "$top/pipeline/patchtrack" \
	-o tty0 -r master repo.git "$MBOX"
is "patchtrack on a terminal with PT_PROGRESS=0: the stage lines, no bar" "" "$(tr -d '\n -~' <tty0.err)"

fi

# --- 4. by hand on the shared jailhouse data: redrawn several times -----
if has_shared jailhouse/jailhouse-dev.mbox.xz; then
	PT_PROGRESS=1 $PTY big.tsv big.err mbox2tsv -q "$SHARED/jailhouse/jailhouse-dev.mbox.xz"
	n=$(tr -cd '\r' <big.err | wc -c)
	[ "$n" -ge 3 ] && grep -q ' left' big.err
	ok $? "mbox2tsv on the shared jailhouse archive: a bar with the time left, redrawn ($n carriage returns)"
else
	skip "no shared jailhouse data ($SHARED/jailhouse)"
fi

done_testing
