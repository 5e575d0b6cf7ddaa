# lib.sh - TAP helpers for the end-to-end tests (sourced by tests/*.t).
#
# Tests run from any directory; paths are made absolute here.
#   PT_BUILD   build folder holding bin/ and tests/ (default: build)
#   PT_SHARED  the shared data folder (default: ../shared/data beside the
#              project); tests that need it skip, saying so, without it.
#   PT_SAN     set when the tools are built with sanitizers (slower).
#   PT_FIXTURES  where fixtures are kept (default: build/fixtures): see
#              "Fixtures" below.
#
# Every test has its own folder $T (removed at its end) and writes
# nowhere else but the fixture cache, so tests run at once (prove -j,
# and the normal and sanitizer passes side by side: make check).

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${PT_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$top/$BUILD ;; esac
BIN=$BUILD/bin
TBIN=$BUILD/tests
SHARED=${PT_SHARED:-$top/../shared/data}
DATA=$top/tests/data
PATH=$BIN:$TBIN:$PATH
export PATH LC_ALL=C TZ=UTC

T=$(mktemp -d "${TMPDIR:-/tmp}/pt-test.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM

tap_n=0
tap_fail=0

# ok STATUS DESCRIPTION: pass when STATUS is 0.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_fail=$((tap_fail + 1))
	fi
}

# skip DESCRIPTION: a test that cannot run here, and why.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # skip $1"
}

diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

# same DESCRIPTION EXPECTED ACTUAL: files equal (shows a diff if not).
same() {
	if cmp -s "$2" "$3"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diff -u "$2" "$3" | head -40 | cut -c1-240 | sed 's/^/# /'
	fi
}

# is DESCRIPTION EXPECTED ACTUAL: strings equal.
is() {
	if [ "$2" = "$3" ]; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diag "expected: $2" "     got: $3"
	fi
}

# run CMD...: run, keeping stdout in $T/out, stderr in $T/err, status in $rc.
run() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# has_shared PATH: is this shared data file there?
has_shared() {
	[ -e "$SHARED/$1" ]
}

# rows FILE: number of data rows of a TSV file.
rows() {
	echo $(($(wc -l <"$1") - 1))
}

# Under sanitizers a crash or report exits with a code above 1.
crashed() {
	[ "$1" -gt 2 ]
}

# normal_pass WHAT: true in the normal pass.  Under sanitizers (PT_SAN)
# it is false and says so with a skip naming WHAT: for checks of
# patchtrack's driver (its shell and pipeline.mk: locks, signals, paths,
# what a re-run redoes) that run no C code of ours but the tools, which
# other checks run under the sanitizers (tests/run lists them).
#   if normal_pass "locks"; then ... fi
normal_pass() {
	[ -z "${PT_SAN:-}" ] && return 0
	skip "$1: the driver's logic, left to the normal pass (its C tools run under the sanitizers elsewhere: tests/run)"
	return 1
}

# git_sandbox: git (and libgit2) read neither the user's nor the
# system's configuration, and no GIT_* variable of the caller leaks in:
# HOME is the test's folder.
git_sandbox() {
	HOME=$T
	XDG_CONFIG_HOME=$T/.config
	GIT_CONFIG_NOSYSTEM=1
	GIT_CONFIG_GLOBAL=/dev/null
	export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_CONFIG_GLOBAL
	unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY \
	    GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_CEILING_DIRECTORIES GIT_NAMESPACE
}

# git_days ZONE: the helpers of a test that builds a repository commit
# by commit, day by day (the caller sets GIT_AUTHOR_* and GIT_COMMITTER_*):
#   at DAY        the dates of the next commit: day 1 is 2020-01-01, the
#                 commit date noon UTC of that day, the author date 2h15
#                 earlier, written in ZONE (+0530: the UTC conversion shows)
#   commit DAY SUBJECT [BODY]   commit the work tree as it is
#   lines FROM TO WORD          numbered lines of text
git_days() {
	gd_zone=$1
	gd_base=1577880000   # 2020-01-01T12:00:00Z
	at() {
		GIT_COMMITTER_DATE="$((gd_base + ($1 - 1) * 86400)) +0000"
		GIT_AUTHOR_DATE="$((gd_base + ($1 - 1) * 86400 - 8100)) $gd_zone"
		export GIT_COMMITTER_DATE GIT_AUTHOR_DATE
	}
	commit() {
		at "$1"
		git add -A
		printf '%s\n' "$2" >"$T/msg"
		[ $# -gt 2 ] && printf '\n%s\n' "$3" >>"$T/msg"
		git commit -q --allow-empty -F "$T/msg"
	}
	lines() {
		i=$1
		while [ "$i" -le "$2" ]; do
			echo "line $i of the $3 file, long enough to count"
			i=$((i + 1))
		done
	}
}

# --- ptcluster's tables (70, 75) ---------------------------------------------
# A pairs table by hand, as patchsim writes them: fphdr, then
#   fpair LEFT RIGHT MSG DIFF DLR SCORE FDIFF VIA
fphdr() {
	printf 'left\tright\tmsg\tdiff\tdlr\tscore\tfdiff\tvia\n'
}
fpair() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@"
}
# members FILE: the clusters of ptcluster's output as "c: id id ...",
# one a line, in output order.
members() {
	awk -F'\t' 'NR > 1 { if ($1 != c) { if (c != "") print s; c = $1; s = c ":" }
		s = s " " $2 } END { if (c != "") print s }' "$1"
}
# cl ARGS...: ptcluster -q ARGS, its clusters on one line, "|" between.
cl() {
	ptcluster -q "$@" | members /dev/stdin | tr '\n' '|' | sed 's/|$//'
}

# --- Fixtures ---------------------------------------------------------------
# What several tests make from the same data (a repository cloned from a
# bundle, the mail and patch tables of a big shared archive) is made
# once and kept in $FIX, shared by the tests and by later runs.  A
# fixture is a folder named by a key: the name, size, time and inode of
# every file it is made from, the tools among them when it holds their
# output (so the sanitizer build has its own, and a rebuilt tool or a
# changed input makes it again, the stale one removed).  It is made
# into a temporary folder and renamed, under a lock (flock), so tests
# running at once wait for one maker and never see half of it.  A test
# only reads a fixture (or copies it); it never changes one.
FIX=${PT_FIXTURES:-$top/build/fixtures}
case $FIX in /*) ;; *) FIX=$top/$FIX ;; esac

# fixture VAR NAME MAKER INPUT...: the folder of fixture NAME in VAR,
# made if need be by "MAKER DIR INPUT..." (DIR: an empty folder to fill;
# MAKER runs in the test's folder, its output in DIR/make.log).  The
# status is MAKER's (0 when the fixture was there).
fixture() {
	_fx_var=$1 _fx_name=$2 _fx_maker=$3
	shift 3
	_fx_key=$(stat -L -c '%n %s %.9Y %i' "$@" 2>&1 | cksum | cut -d' ' -f1)
	_fx_dir=$FIX/$_fx_name/$_fx_key
	eval "$_fx_var=\$_fx_dir"
	[ -f "$_fx_dir/.done" ] && return 0
	mkdir -p "$FIX/$_fx_name" || return 1
	_fx_rc=0
	{
		command -v flock >/dev/null 2>&1 && flock 9
		if [ ! -f "$_fx_dir/.done" ]; then
			# Another key's folder is stale: its inputs changed.
			for _fx_old in "$FIX/$_fx_name"/*; do
				[ "$_fx_old" = "$FIX/$_fx_name/lock" ] || rm -rf "$_fx_old"
			done
			# (in a subshell: a maker may use fixtures of its own)
			mkdir "$_fx_dir.tmp" &&
			    ("$_fx_maker" "$_fx_dir.tmp" "$@") >"$_fx_dir.tmp/make.log" 2>&1 &&
			    touch "$_fx_dir.tmp/.done" && mv -T "$_fx_dir.tmp" "$_fx_dir"
			_fx_rc=$?
			if [ "$_fx_rc" -ne 0 ]; then
				diag "fixture $_fx_name could not be made:"
				tail -5 "$_fx_dir.tmp/make.log" 2>/dev/null | sed 's/^/#   /'
				rm -rf "$_fx_dir.tmp"
			fi
		fi
	} 9>"$FIX/$_fx_name/lock"
	return "$_fx_rc"
}

# Names of fixtures made by the tools carry the build's: the normal
# build's tables and the sanitizer build's are two fixtures.
FIXB=$(basename "$BUILD")-$(echo "$BUILD" | cksum | cut -d' ' -f1)

# make_bare DIR BUNDLE: DIR/repo.git, a bare clone of BUNDLE.
make_bare() {
	git clone -q --bare "$2" "$1/repo.git"
}

# bare_clone BUNDLE DEST: DEST, a bare repository cloned from BUNDLE,
# as git clone --bare BUNDLE DEST makes it: its refs and HEAD.  The
# clone of the bundle is made once (a fixture, both builds share it);
# each test gets its own copy, hard links to the fixture's objects,
# which git never changes in place.
bare_clone() {
	fixture _bc_fix "bare-$(basename "$1")" make_bare "$1" &&
	    git clone -q --bare "$_bc_fix/repo.git" "$2"
}

# make_mail_tables DIR MBOX TOOL...: DIR/mails.tsv (mbox2tsv -q MBOX) and
# DIR/mails.tok (patchtok -q of it).
make_mail_tables() {
	mbox2tsv -q "$2" >"$1/mails.tsv" && patchtok -q "$1/mails.tsv" >"$1/mails.tok"
}

# make_tables DIR MBOX BUNDLE TOOL...: the mail tables and
# DIR/commits.tsv (git2tsv -q of BUNDLE's clone: HEAD's history) and
# DIR/commits.tok.
make_tables() {
	make_mail_tables "$1" "$2" && bare_clone "$3" "$1/repo.git" &&
	    git2tsv -q "$1/repo.git" >"$1/commits.tsv" &&
	    patchtok -q "$1/commits.tsv" >"$1/commits.tok" && rm -rf "$1/repo.git"
}

# shared_tables VAR MBOX [BUNDLE]: in VAR the folder of the tables made
# by the build under test from a shared archive (and repository), as
# make_mail_tables and make_tables write them: made once per build.
# Under the sanitizers they are the normal build's when it is beside
# (make check builds both): the same bytes, and reading the big shared
# archives under ASan was a fifth of its pass.  The tools themselves
# read real archives under the sanitizers in 24 (sparse's mbox and
# epoch), 40 (every commit of jailhouse and sparse), 20, 22, 23, 25
# and 60 (real and broken mail).
shared_tables() {
	_st_var=$1
	_st_bin=$BIN _st_fixb=$FIXB
	if [ -n "${PT_SAN:-}" ] && [ -x "$top/build/bin/mbox2tsv" ] &&
	    [ "$(cd "$top/build" && pwd)" != "$(cd "$BUILD" && pwd)" ]; then
		_st_bin=$top/build/bin
		_st_fixb=build-$(echo "$top/build" | cksum | cut -d' ' -f1)
	fi
	_st_path=$PATH
	PATH=$_st_bin:$PATH
	if [ $# -ge 3 ]; then
		fixture "$_st_var" "tables-$(basename "$2" .mbox.xz)-$(basename "$3" .bundle)-$_st_fixb" \
		    make_tables "$2" "$3" "$_st_bin/mbox2tsv" "$_st_bin/patchtok" "$_st_bin/git2tsv"
	else
		fixture "$_st_var" "tables-$(basename "$2" .mbox.xz)-$_st_fixb" \
		    make_mail_tables "$2" "$_st_bin/mbox2tsv" "$_st_bin/patchtok"
	fi
	_st_rc=$?
	PATH=$_st_path
	return "$_st_rc"
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_fail" -eq 0 ]
	exit $?
}
