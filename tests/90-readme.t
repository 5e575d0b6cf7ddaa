#!/bin/sh
# Every command the README shows runs.  The indented blocks of README.md
# are run in order, each as a shell script, in a folder where the names
# they use exist, made from the bundled sample (sample/): the archive
# (whole, as halves, as a maildir and as a public-inbox), the repository
# under the names the README gives it, a PaStA-style patch-groups file.
# A few names are mapped: the example URL to a local file, lore's and
# kernel.org's mirrors to the local public-inbox and repository, the remote
# machines of the --sshlogin example to this one (tests/80-pipeline.t
# runs that one against a real ssh server).  Left out: the blocks of
# "The two commands", "Layout" and "Install", and fenced blocks (what
# a command prints, not a command), (make check is this very
# run; make install has tests/50-install.t).  Under the sanitizers the
# blocks that run patchtrack are left to the normal pass (their tools run
# under the sanitizers in tests/80-pipeline.t).
. "$(dirname "$0")/lib.sh"

W=$T/world
mkdir -p "$W"
cd "$W" || exit 1
HOME=$W/home
mkdir -p "$HOME/Mail"
export HOME
export PT_BUILD="$BUILD"
# The README runs tools by their names and the driver as patchtrack.
mkdir -p bin
ln -s "$top/pipeline/patchtrack" bin/patchtrack
ln -s "$top/pipeline/pipeline.mk" bin/pipeline.mk
ln -s "$top/examples" examples
# The nightly block's sendmail: the mail kept, not sent.
printf '#!/bin/sh\ncat >"%s/sent.mail"\n' "$W" >bin/sendmail
chmod +x bin/sendmail
PATH=$W/bin:$PATH

# The archive in every form the README names.
xz -dc "$top/sample/jailhouse-dev-2019.mbox.xz" >list.mbox
cp "$top/sample/jailhouse-dev-2019.mbox.xz" list.mbox.xz
cp list.mbox.xz jailhouse-dev.mbox.xz
gzip -c list.mbox >list.mbox.gz
half=$(grep -n '^From mboxrd@z' list.mbox | awk -F: 'NR == 260 { print $1 }')
mkdir -p archives lists/netdev
head -n $((half - 1)) list.mbox | gzip -c >archives/2019-a.mbox.gz
tail -n +"$half" list.mbox | gzip -c >archives/2019-b.mbox.gz
cp archives/2019-a.mbox.gz lists/netdev/2019-a.mbox.gz
# maildir: the second half, a mail a file (mboxrd's ">From " undone).
maildir() {
	mkdir -p "$1/cur" "$1/new" "$1/tmp"
	tail -n +"$half" list.mbox | awk -v d="$1" '
		/^From mboxrd@z/ { if (f) close(f); n++; f = sprintf("%s/cur/%06d.x:2,S", d, n); next }
		{ sub(/^>From /, "From "); print > f }'
}
maildir "$HOME/Mail/netdev"
maildir "$HOME/Mail/lists/linux-sparse"
# public-inbox v2: the first 40 mails, a commit each.
mkdir -p linux-sparse/git pi
git init -q --bare linux-sparse/git/0.git
head -n $((half - 1)) list.mbox | awk '
	/^From mboxrd@z/ { if (f) close(f); n++; f = sprintf("pi/%03d", n); next }
	n <= 40 { sub(/^>From /, "From "); print > f }'
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t \
	GIT_COMMITTER_EMAIL=t@example.com GIT_AUTHOR_DATE='2020-01-01T00:00:00Z' \
	GIT_COMMITTER_DATE='2020-01-01T00:00:00Z'
parent=
for f in pi/*; do
	blob=$(git --git-dir=linux-sparse/git/0.git hash-object -w "$f")
	tree=$(printf '100644 blob %s\tm\n' "$blob" | git --git-dir=linux-sparse/git/0.git mktree)
	parent=$(echo mail | git --git-dir=linux-sparse/git/0.git commit-tree "$tree" ${parent:+-p $parent})
done
git --git-dir=linux-sparse/git/0.git update-ref refs/heads/master "$parent"

# The repository, under each name; linux.git gets v6.x tags to range over.
bare_clone "$top/sample/jailhouse-2019.bundle" repo.git
for r in jailhouse.git linux.git; do
	git clone -q --bare repo.git "$r"
done
n=0
for c in $(git --git-dir=linux.git rev-list --first-parent master | sed -n '1p;40p;80p'); do
	git --git-dir=linux.git tag "v6.$((2 - n))" "$c"
	n=$((n + 1))
done

# A MAINTAINERS file (Xen's; the sample's repository has none).
cp "$top/tests/data/maintainers/xen-MAINTAINERS" MAINTAINERS

# A patch-groups file as PaStA writes it (made by ptcluster --groups).
mkdir -p pasta
mbox2tsv -q list.mbox | patchtok -q >g.mails.tok
git2tsv -q repo.git | patchtok -q >g.commits.tok
patchsim -q g.mails.tok g.commits.tok >g.pairs
ptcluster -q --groups g.mails.tok g.commits.tok g.pairs >pasta/patch-groups

# The README's blocks: "N<TAB>script" per block.
awk '
/^## / { skip = ($0 ~ /The two commands|Layout|Install/) }
/^```/ { fence = !fence; next }
/^    / && !skip && !fence { if (!inb) { start = NR; inb = 1; buf = "" } buf = buf substr($0, 5) "\n"; next }
{ if (inb) { gsub(/\n/, "\001", buf); print start "\t" buf; inb = 0 } }
END { if (inb) { gsub(/\n/, "\001", buf); print start "\t" buf } }' "$top/README.md" >blocks

# Names mapped to this machine.
map() {
	sed -e "s|https://example.org/list.mbox.gz|file://$W/list.mbox.gz|" \
	    -e 's|-S 4/:,8/alice@node1,8/alice@node2|-S 2/:|' \
	    -e "s|https://lore.kernel.org/linux-sparse/0|$W/linux-sparse/git/0.git|" \
	    -e "s|https://git.kernel.org/pub/scm/devel/sparse/sparse.git|$W/repo.git|"
}

nblocks=0
while IFS='	' read -r line script; do
	nblocks=$((nblocks + 1))
	printf '%s' "$script" | tr '\001' '\n' | map >block.sh
	# The driver's blocks run in the normal pass (normal_pass, lib.sh).
	grep -qw patchtrack block.sh && ! normal_pass "README line $line: $(head -1 block.sh)" && continue
	# So are the blocks scaling patchsim's shards out (xargs, parallel,
	# --sshlogin): 80-pipeline runs them under the sanitizers.
	if [ -n "${PT_SAN:-}" ] && grep -q 'patchsim .*--shard' block.sh; then
		skip "README line $line: $(head -1 block.sh): patchsim's shards scaled out, under the sanitizers in 80-pipeline (section 9)"
		continue
	fi
	sh -e block.sh >"$T/out" 2>"$T/err"
	rc=$?
	first=$(head -1 block.sh)
	is "README line $line runs: $first" 0 "$rc"
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/err" | head -5
done <blocks
[ "$nblocks" -ge 12 ]
ok $? "the README's blocks were found ($nblocks)"

# What the blocks made is what the README says they make.
if normal_pass "what the blocks running patchtrack wrote"; then
[ -s out/report.txt ] && grep -q '^ignored' out/report.txt
ok $? "patchtrack wrote out/report.txt with the summary"
[ -s out-title/report.txt ]
ok $? "the swapped scorer's run wrote its report"
fi
[ "$(rows mails.tsv)" -gt 0 ] && [ "$(rows commits.tsv)" -gt 0 ] && [ "$(rows tags.tsv)" -gt 0 ]
ok $? "mails, commits and tags tables written"
[ -s weekly.png ] || ! command -v gnuplot >/dev/null
ok $? "weekly.png drawn (when gnuplot is there)"
[ -s duration.svg ] || ! command -v gnuplot >/dev/null
ok $? "duration.svg drawn (when gnuplot is there)"
if [ -n "${PT_SAN:-}" ]; then
	skip "the shards were written: their blocks are 80-pipeline's under the sanitizers"
else
ls shard.* >/dev/null 2>&1
ok $? "the shards were written"
fi
[ "$(awk -F'\t' 'NR > 1 && $3 == "THE REST"' maint-file.tsv | wc -l)" -gt 0 ]
ok $? "ptmaint -f put the patches in Xen's THE REST"
grep -q '^list' maintainers.tsv
ok $? "ptreport maintainers wrote the list rows"
[ "$(ls archives/*.tsv | wc -l)" -eq 2 ]
ok $? "one table per archive from xargs and from parallel"

done_testing
