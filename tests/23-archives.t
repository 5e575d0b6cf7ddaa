#!/bin/sh
# mbox2tsv on the shared real archives: one row per mail the index files
# list, with the same Message-IDs, and the same rows from the mbox and
# from the public-inbox form of linux-sparse.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1

# archive NAME MBOX.xz INDEX: rows and ids against the index.
archive() {
	name=$1 mbox=$SHARED/$2 index=$SHARED/$3
	if [ ! -f "$mbox" ] || [ ! -f "$index" ]; then
		skip "$name: $2 not found in $SHARED"
		skip "$name: ids"
		return
	fi
	xz -dc "$mbox" >"$name.mbox"
	mbox2tsv "$name.mbox" >"$name.tsv" 2>"$name.err"
	rc=$?
	want=$(awk -F'\t' 'NR > 1 && $3 == "ok"' "$index" | wc -l)
	is "$name: $want mails, $want rows, exit 0" "$want rows, exit 0" \
	    "$(rows "$name.tsv") rows, exit $rc"
	awk -F'\t' 'NR > 1 && $3 == "ok" { print $5 }' "$index" |
	    sed 's/^<//; s/>$//' | LC_ALL=C sort >"$name.want"
	cut -f1 "$name.tsv" | sed 1d | LC_ALL=C sort >"$name.ids"
	same "$name: the Message-IDs of the index" "$name.want" "$name.ids"
}

archive jailhouse-dev jailhouse/jailhouse-dev.mbox.xz jailhouse/jailhouse-dev.index.tsv
archive linux-sparse sparse/linux-sparse.mbox.xz sparse/linux-sparse.index.tsv

bundle=$SHARED/sparse/linux-sparse-0.bundle
if [ -f "$bundle" ] && [ -f linux-sparse.tsv ]; then
	mkdir -p inbox/git
	git clone -q --mirror "$bundle" inbox/git/0.git 2>/dev/null
	mbox2tsv inbox >pi.tsv 2>pi.err
	rc=$?
	is "linux-sparse public-inbox: 3545 rows, exit 0" "3545 rows, exit 0" \
	    "$(rows pi.tsv) rows, exit $rc"
	# Everything but src is the same as from the mbox.
	sed 1d pi.tsv | cut -f1-21 | LC_ALL=C sort >pi.rows
	sed 1d linux-sparse.tsv | cut -f1-21 | LC_ALL=C sort >mbox.rows
	same "linux-sparse: public-inbox rows equal the mbox rows" mbox.rows pi.rows
else
	skip "linux-sparse public-inbox bundle not found"
	skip "linux-sparse public-inbox rows"
fi

# What the archives hold, as a sanity floor: most [PATCH] mails with a
# diff are patches, and replies stay replies.
if [ -f jailhouse-dev.tsv ]; then
	awk -F'\t' 'NR > 1 && $5 ~ /^\[PATCH/ && $19 != "" { n++; if ($12 == "patch") p++ }
	    END { exit !(p / n > 0.99) }' jailhouse-dev.tsv
	ok $? "jailhouse-dev: >99% of [PATCH] mails with a diff are type patch"
	awk -F'\t' 'NR > 1 && $5 ~ /^Re: / && $12 != "reply" && $12 != "bot" { n++ }
	    END { exit n > 0 }' jailhouse-dev.tsv
	ok $? "jailhouse-dev: every Re: mail is a reply (or a bot's)"
	awk -F'\t' 'NR > 1 && $16 ~ /dmarc/ && $4 ~ /googlegroups/ { n++ }
	    END { exit n > 0 }' jailhouse-dev.tsv
	ok $? "jailhouse-dev: no author left at the list address after the DMARC repair"
fi

# The diffs apply: patches whose title names exactly one commit of the
# repository are checked with git apply against that commit's parent
# (every fifth such patch, and every one that needed format=flowed
# undone or came from an attachment).  Earlier versions of a patch may
# rightly fail against the final commit's parent, so the bar is 90%.
repo=$SHARED/jailhouse/jailhouse.bundle
if [ -f jailhouse-dev.tsv ] && [ -f "$repo" ]; then
	bare_clone "$repo" jh.git 2>/dev/null
	git --git-dir=jh.git log --all --format='%H%x09%s' >subjects
	awk -F'\t' 'NR == FNR { n[$2]++; h[$2] = $1; next }
	    FNR > 1 && $12 == "patch" && n[$6] == 1 { print FNR "\t" h[$6] "\t" $16 }' \
	    subjects jailhouse-dev.tsv >cands
	tried=0 applied=0 special=0 special_ok=0 i=0
	while IFS='	' read -r row commit flags; do
		i=$((i + 1))
		case $flags in
		*flowed*|*attached*) sp=1 ;;
		*) sp=0; [ $((i % 5)) -eq 0 ] || continue ;;
		esac
		GIT_INDEX_FILE=$T/idx git --git-dir=jh.git read-tree "$commit^" 2>/dev/null || continue
		tsvfield jailhouse-dev.tsv diff $((row - 1)) >p.diff
		tried=$((tried + 1))
		special=$((special + sp))
		if GIT_INDEX_FILE=$T/idx git --git-dir=jh.git apply --cached --check p.diff 2>/dev/null; then
			applied=$((applied + 1))
			special_ok=$((special_ok + sp))
		fi
	done <cands
	diag "git apply --check: $applied of $tried patches apply, $special_ok of $special flowed or attached"
	[ "$tried" -gt 100 ] && [ $((applied * 100)) -ge $((tried * 90)) ]
	ok $? "jailhouse-dev: at least 90% of the checked diffs apply to their commit's parent"
	[ "$special" -gt 0 ] && [ "$special_ok" -eq "$special" ]
	ok $? "jailhouse-dev: every flowed or attached patch with a commit applies"
else
	skip "jailhouse repository not found: no git apply check"
	skip "jailhouse repository not found: no git apply check of flowed patches"
fi

done_testing
