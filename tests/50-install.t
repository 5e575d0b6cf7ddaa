#!/bin/sh
# make install honours PREFIX and DESTDIR, and installs every tool, the
# driver with its share/patchtrack files and every man page; the
# installed tools run, the installed patchtrack runs the whole chain on
# the bundled sample with nothing but the installed bin/ in PATH (and
# the system's), and the installed ptmaint reads a MAINTAINERS file.
. "$(dirname "$0")/lib.sh"
git_sandbox
cd "$T" || exit 1

root=$T/root
P=$root/opt/pt
# The build is the one under test: with sanitizers, install must not
# rebuild it without them.
san=${PT_SAN:+1}
make -s -C "$top" install BUILD="$BUILD" ${san:+SAN=1} ${san:+"CFLAGS=-O1 -g"} \
	DESTDIR="$root" PREFIX=/opt/pt >"$T/log" 2>&1
ok $? "make install DESTDIR=... PREFIX=/opt/pt"
for t in mbox2tsv git2tsv patchtok patchsim ptcluster ptreport ptmaint; do
	[ -x "$P/bin/$t" ]
	ok $? "$t installed in DESTDIR/PREFIX/bin"
	[ -f "$P/share/man/man1/$t.1" ]
	ok $? "$t(1) installed"
	"$P/bin/$t" --version >/dev/null
	ok $? "the installed $t runs"
done
[ -x "$P/bin/patchtrack" ] && [ -f "$P/share/man/man1/patchtrack.1" ]
ok $? "patchtrack and patchtrack(1) installed"
[ -f "$P/share/patchtrack/pipeline.mk" ] && [ -f "$P/share/patchtrack/pt-stage" ] &&
	[ -f "$P/share/patchtrack/pt-archive" ]
ok $? "pipeline.mk, pt-stage and pt-archive installed in PREFIX/share/patchtrack"
[ -f "$P/share/man/man5/patchtrack-tsv.5" ]
ok $? "patchtrack-tsv(5) installed"

# The installed commands alone: PATH holds the installed bin/ and the
# system's, no build, and PT_BUILD (which points patchtrack at a build)
# is unset.
inst() {
	env -u PT_BUILD PATH="$P/bin:/usr/bin:/bin" "$@"
}
run inst patchtrack --version
is "the installed patchtrack runs" "patchtrack 0.1" "$(cat "$T/out")"

# ptmaint on a small MAINTAINERS file and patch table.
cat >M <<'M'
NETWORKING
M:	Nell Net <nell@example.org>
L:	netdev@example.org
S:	Maintained
F:	net/

THE REST
M:	Rest Person <rest@example.org>
S:	Maintained
F:	*
M
printf 'id\tdate\tfiles\thunks\n' >p.tsv
printf 'a\t2024-01-01T00:00:00Z\tnet/core/dev.c\t\nb\t2024-01-01T00:00:00Z\tREADME\t\n' >>p.tsv
run inst ptmaint -q -f M p.tsv
is "the installed ptmaint: exit 0" 0 "$rc"
is "the installed ptmaint: each patch's sections and people" \
	"a NETWORKING M nell@example.org
a NETWORKING L netdev@example.org
b THE REST M rest@example.org" \
	"$(awk -F'\t' 'NR > 1 { print $1, $3, $5, $7 }' "$T/out")"

# The installed patchtrack on the sample, end to end: its pipeline.mk,
# pt-stage and pt-archive from share/patchtrack, the tools from bin/.
if normal_pass "the installed patchtrack on the sample (the chain's tools run under the sanitizers in 80)"; then
	bare_clone "$top/sample/jailhouse-2019.bundle" repo.git
	ok $? "the sample repository, cloned from its bundle"
	run inst patchtrack -j 2 -r master -o pt repo.git "$top/sample/jailhouse-dev-2019.mbox.xz"
	is "the installed patchtrack on the sample: exit 0" 0 "$rc"
	[ "$rc" -eq 0 ] || diag "$(tail -5 "$T/err")"
	grep -q '^ptreport   report.txt ' "$T/err" &&
		grep -q "^patchtrack: done: $T/pt/report.txt, $T/pt/report.html\$" "$T/err"
	ok $? "the installed patchtrack: its stage lines (pt-stage) and the end"
	[ -s pt/report.html ] && grep -q '</html>' pt/report.html
	ok $? "the installed patchtrack: report.html written whole"
	head -1 pt/report.txt | grep -q "^patchtrack: 1 archive(s), $T/repo.git\$" &&
		grep -q '^Ignored patches' pt/report.txt
	ok $? "the installed patchtrack: report.txt"
	[ "$(rows pt/reports/patches.tsv)" -ge 100 ] && [ "$(rows pt/clusters.tsv)" -ge 100 ]
	ok $? "the installed patchtrack: the patches ($(rows pt/reports/patches.tsv)) and clusters"
	grep -q '^seg 1 0 ' pt/archives/*.state 2>/dev/null ||
		[ -s pt/stamps/"$(ls pt/archives | sed -n 's/\.path$//p' | head -1)" ]
	ok $? "the installed patchtrack: the archive's state or stamp (pt-archive)"
	run inst patchtrack -j 2 -r master -o pt repo.git "$top/sample/jailhouse-dev-2019.mbox.xz"
	is "the installed patchtrack again: exit 0" 0 "$rc"
	is "the installed patchtrack again: nothing to redo but the reports (no table's stage line)" \
		"ptreport all|ptreport report.txt" \
		"$(grep -E '^(mbox2tsv|git2tsv|patchtok|patchsim|ptcluster|ptreport) ' "$T/err" |
		    awk '{ print $1, $2 }' | paste -sd'|')"
	grep -q '^Nothing new since the first run' pt/reports/morning.txt
	ok $? "the installed patchtrack again: the morning view says nothing is new"
fi

done_testing
