#!/bin/sh
# 62-patchsim-fast.t - patchsim's faster ways change no byte: on the
# shared real data (jailhouse, sparse and erofs mails against their
# commits, each list against itself, and -m 0, where every candidate's
# scores are written; the last 3,000 patches of linux-wireless 2021,
# big driver patches, against themselves) the pairs are the bytes
# patchsim --plain-lcs writes: every LCS the plain bit-parallel way over
# whole texts, one portable machine word at a time, nothing remembered,
# as the scorer computed them before the common head and tail, the
# O(NP) path, wide words and the memo of ratios.  Under sanitizers
# (PT_SAN) the wireless slice is 1,500 patches and erofs -m 0 is left
# out.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
HOME=$T GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export HOME GIT_CONFIG_NOSYSTEM GIT_CONFIG_GLOBAL
slice=3000
[ -n "${PT_SAN:-}" ] && slice=1500

# compare NAME ARGS...: patchsim ARGS and patchsim --plain-lcs ARGS agree
# byte for byte, and write pairs.
compare() {
	what=$1
	shift
	patchsim -q "$@" >fast.out 2>fast.err
	rc1=$?
	patchsim -q --plain-lcs "$@" >plain.out 2>plain.err
	rc2=$?
	is "$what: both exit 0" "0 0" "$rc1 $rc2"
	[ "$(rows plain.out)" -ge 100 ]
	ok $? "$what: $(rows plain.out) pairs written"
	same "$what: the pairs are the plain way's bytes" plain.out fast.out
}

# tables NAME MBOX BUNDLE: NAME.m.tok (and NAME.c.tok when BUNDLE is set).
tables() {
	xz -dc "$2" | mbox2tsv -q | patchtok -q >"$1.m.tok" || return 1
	[ -n "$3" ] || return 0
	git clone -q --bare "$3" "$1.git" 2>/dev/null &&
	    git2tsv -q "$1.git" | patchtok -q >"$1.c.tok"
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
	compare "$name mails x commits" "$name.m.tok" "$name.c.tok"
	compare "$name --self" --self "$name.m.tok"
	if [ "$name" = erofs ] && [ -n "${PT_SAN:-}" ]; then
		skip "erofs -m 0: left out under sanitizers (slow)"
	else
		compare "$name -m 0" -m 0 "$name.m.tok" "$name.c.tok"
	fi
done

wl=$SHARED/wireless/linux-wireless-2021.mbox.xz
if [ -f "$wl" ]; then
	tables wl "$wl" ""
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
