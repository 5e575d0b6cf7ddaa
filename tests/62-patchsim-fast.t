#!/bin/sh
# 62-patchsim-fast.t - patchsim's faster ways change no byte: on the
# shared real data (jailhouse, sparse and erofs mails against their
# commits, each list against itself, and -F 0, where every candidate's
# scores are written; the last 3,000 patches of linux-wireless 2021,
# big driver patches, against themselves) the pairs are the bytes
# patchsim --plain-lcs writes: every LCS the plain bit-parallel way over
# whole texts, one portable machine word at a time, nothing remembered,
# as the scorer computed them before the common head and tail, the
# O(NP) path, wide words and the memo of ratios.  Under sanitizers
# (PT_SAN) the wireless slice is 1,500 patches (of the year's last
# 3,500 mails, read apart), the plain way's reference comes from the
# normal build beside (its own pass checks it), -F 0 runs on the last
# 600 mail patches of each list, erofs's mails against its commits on
# its last 3,000 mail patches and erofs --self on its last 1,500 (the
# same property on a smaller real slice; the normal pass keeps the full
# size).
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox
slice=3000
[ -n "${PT_SAN:-}" ] && slice=1500
# Under sanitizers -F 0 (every candidate scored and written) runs on the
# last $mslice mail patches of each list against all its commits, and
# erofs (the biggest list) on its last 3,000 mail patches against all
# its commits and --self on its last 1,500: the same paths of the scorer
# on the same kind of real pairs, at a third to a tenth of the work.
mslice=600

# The plain way's pairs, the reference: under sanitizers made by the
# normal build beside this one when there is one (make check builds
# both: the same bytes, its own pass checks its plain way against its
# fast one, at a third of the cost), the plain way itself running under
# the sanitizers on jailhouse's mails against its commits.
ref=patchsim
if [ -n "${PT_SAN:-}" ] && [ -x "$top/build/bin/patchsim" ] &&
    [ "$(cd "$top/build/bin" && pwd)" != "$(cd "$BIN" && pwd)" ]; then
	ref=$top/build/bin/patchsim
fi

# cut_tok FILE N: the header and the last N rows of a patch table.
cut_tok() {
	{ head -1 "$1"; tail -n "$2" "$1"; }
}

# compare NAME ARGS...: patchsim ARGS and patchsim --plain-lcs ARGS agree
# byte for byte, and write pairs (the plain way by $plain: $ref, or the
# build under test).
compare() {
	what=$1
	shift
	patchsim -q "$@" >fast.out 2>fast.err
	rc1=$?
	${plain:-$ref} -q --plain-lcs "$@" >plain.out 2>plain.err
	rc2=$?
	is "$what: both exit 0" "0 0" "$rc1 $rc2"
	[ "$(rows plain.out)" -ge 100 ]
	ok $? "$what: $(rows plain.out) pairs written"
	same "$what: the pairs are the plain way's bytes" plain.out fast.out
}

# tables NAME MBOX BUNDLE: NAME.m.tok (and NAME.c.tok when BUNDLE is set):
# mbox2tsv -q | patchtok -q, git2tsv -q | patchtok -q, made once for the
# tests that use them (fixtures: tests/lib.sh).
tables() {
	shared_tables tdir "$2" ${3:+"$3"} || return 1
	ln -s "$tdir/mails.tok" "$1.m.tok" || return 1
	[ -n "$3" ] || return 0
	ln -s "$tdir/commits.tok" "$1.c.tok"
}

for set in jailhouse:jailhouse/jailhouse-dev:jailhouse/jailhouse.bundle \
    sparse:sparse/linux-sparse:sparse/sparse.bundle \
    erofs:erofs/linux-erofs:erofs/erofs-utils.bundle; do
	name=${set%%:*}
	rest=${set#*:}
	mbox=$SHARED/${rest%%:*}.mbox.xz
	bundle=$SHARED/${rest#*:}
	if [ ! -f "$mbox" ] || [ ! -f "$bundle" ] || ! command -v git >/dev/null 2>&1; then
		skip "$name: the shared data (or git) is not there: $mbox"
		continue
	fi
	tables "$name" "$mbox" "$bundle"
	ok $? "$name: $(rows "$name.m.tok") mail patches, $(rows "$name.c.tok") commits"
	if [ "$name" = erofs ] && [ -n "${PT_SAN:-}" ]; then
		cut_tok "$name.m.tok" 3000 >"$name.mc.tok"
		compare "erofs mails x commits, the last 3000 mail patches" "$name.mc.tok" "$name.c.tok"
		cut_tok "$name.m.tok" 1500 >"$name.self.tok"
		compare "erofs --self, the last 1500 mail patches" --self "$name.self.tok"
	else
		plain=
		[ "$name" != jailhouse ] || plain=patchsim
		compare "$name mails x commits" "$name.m.tok" "$name.c.tok"
		plain=
		compare "$name --self" --self "$name.m.tok"
	fi
	if [ -n "${PT_SAN:-}" ]; then
		cut_tok "$name.m.tok" "$mslice" >"$name.m0.tok"
		compare "$name -F 0, the last $mslice mail patches" -F 0 "$name.m0.tok" "$name.c.tok"
	else
		compare "$name -F 0" -F 0 "$name.m.tok" "$name.c.tok"
	fi
done

wl=$SHARED/wireless/linux-wireless-2021.mbox.xz
if [ -f "$wl" ]; then
	if [ -n "${PT_SAN:-}" ]; then
		# Its last 3,500 mails (their last 1,500 patches are the
		# slice): what the slice needs, not the whole year read
		# under the sanitizers.
		xz -dc "$wl" | awk '/^From mboxrd@z / { n++ } n > 12484 - 3500' >wl.mbox &&
			mbox2tsv -q wl.mbox | patchtok -q >wl.m.tok
	else
		tables wl "$wl" ""
	fi
	{ head -1 wl.m.tok; tail -n "$slice" wl.m.tok; } >wls.tok
	ok $? "wireless: the last $(rows wls.tok) of $(rows wl.m.tok) patches"
	# Big patches, as the faster ways must meet them.
	big=$(awk -F'\t' 'NR > 1 && length($0) > 100000 { n++ } END { print n + 0 }' wls.tok)
	[ "$big" -ge 5 ]
	ok $? "wireless: $big patches of more than 100,000 bytes in the slice"
	compare "wireless --self" --self wls.tok
	patchsim -q -j1 --self wls.tok >j1.out
	same "wireless --self -j1: the bytes of the threads (and of the plain way)" plain.out j1.out
else
	skip "wireless: the shared data is not there: $wl"
fi

done_testing
