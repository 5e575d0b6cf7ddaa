#!/bin/sh
# make install honours PREFIX and DESTDIR, and installs every tool and
# man page; the installed tools run.
. "$(dirname "$0")/lib.sh"

root=$T/root
# The build is the one under test: with sanitizers, install must not
# rebuild it without them.
san=${PT_SAN:+1}
make -s -C "$top" install BUILD="$BUILD" ${san:+SAN=1} ${san:+"CFLAGS=-O1 -g"} \
	DESTDIR="$root" PREFIX=/opt/pt >"$T/log" 2>&1
ok $? "make install DESTDIR=... PREFIX=/opt/pt"
for t in mbox2tsv git2tsv patchtok patchsim ptcluster ptreport; do
	[ -x "$root/opt/pt/bin/$t" ]
	ok $? "$t installed in DESTDIR/PREFIX/bin"
	[ -f "$root/opt/pt/share/man/man1/$t.1" ]
	ok $? "$t(1) installed"
	"$root/opt/pt/bin/$t" --version >/dev/null
	ok $? "the installed $t runs"
done
[ -f "$root/opt/pt/share/man/man5/patchtrack-tsv.5" ]
ok $? "patchtrack-tsv(5) installed"

done_testing
