#!/bin/sh
# ptreport: a patch made in another repository's tree (ptreport(1),
# VERDICTS, not-counted foreign-blobs): none of the blobs its diff
# changes is one the history names or an earlier patch resting on it
# made, every file it changes has a name another repository's patches
# change too, no part of its posting rests on the history or was merged,
# it was posted before the history's end, and no tag (else title
# prefix) of it is one the history takes.  Each condition with a control
# that flips it; patchtok's blobs column from a real mail.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
. "$top/tests/tables.sh"

# --- patchtok: the blobs column, from real mails --------------------------------
m=$top/tests/data/mail
mbox2tsv -q "$m"/*.eml >real.tsv 2>/dev/null || true
patchtok -q real.tsv >real.tok
col=$(head -1 real.tok | tr '\t' '\n' | grep -n '^blobs$' | cut -d: -f1)
test -n "$col"
ok $? "patchtok: a blobs column in the header"
# Every index line of every diff, in order, is a line of its row's blobs.
want=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "diff") d = i; next }
	$d != "" { n = split($d, L, /\\n/); s = ""
		for (k = 1; k <= n; k++) if (L[k] ~ /^index [0-9a-f]+\.\.[0-9a-f]+/) {
			x = L[k]; sub(/^index /, "", x); sub(/ .*/, "", x); s = s (s == "" ? "" : "|") x }
		if (s != "") print s }' real.tsv | sort)
got=$(awk -F'\t' -v c="$col" 'NR > 1 && $c != "" { gsub(/\\n/, "|", $c); print $c }' real.tok | sort)
test -n "$want"
ok $? "patchtok: the real mails carry index lines"
is "patchtok: each real diff's index lines, in order, are its blobs" "$want" "$got"

# --- ptreport: the rule on small tables ------------------------------------------
# A patch table with blobs: bhdr, then b KIND ID DATE BLOBS CHANGE...
# (BLOBS: "pre..post" pairs split by |).
bhdr() {
	printf 'id\tkind\tdate\tfiles\tnew\thunks\tflags\tblobs\n'
}
b() {
	kind=$1 id=$2 date=$3 bl=$4
	shift 4
	tokf '' "$kind" "$id" "$date" "$@" | awk -F'\t' -v OFS='\t' -v b="$bl" \
	    '{ gsub(/\|/, "\\n", b); print $0, b }'
}
# The history: c1 makes configure.ac aaaaaaa -> bbbbbbb; c2 creates
# src/tool.c 1111111; c3 merges m1 the next day; c9 ends it in
# September.
C2=$(hexid c2)
C3=$(hexid c3)
{
	chdr
	commit "$C1" 2021-01-01T00:00:00Z 2021-01-01T00:00:00Z
	commit "$C2" 2021-01-02T00:00:00Z 2021-01-02T00:00:00Z
	commit "$C3" 2021-02-03T00:00:00Z 2021-02-03T00:00:00Z
	commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
} >c.tsv
# Mails: k1, another repository's (kernel/ is no folder of the history),
# changes configure.ac too; m1 the project's merged patch (tool:).
bg() {
	tmail k1@x 2021-02-01T09:00:00Z Ker ker@k.org '[PATCH] kern: fix'
	tmail m1@x 2021-02-02T09:00:00Z Ann ann@a.org '[PATCH] tool: merged one'
	# Talk, so that a tag on one patch is no list's own (a fifth of its mails).
	for n in 1 2 3 4 5 6 7 8; do
		tmail "n$n@x" 2021-02-1${n}T09:00:00Z Dee dee@d.org "note $n" other
	done
}
base_tok() {
	b commit "$C1" 2021-01-01T00:00:00Z aaaaaaa..bbbbbbb M:configure.ac
	b commit "$C2" 2021-01-02T00:00:00Z 0000000..1111111 C:src/tool.c
	b commit "$C3" 2021-02-03T00:00:00Z 1111111..3333333 M:src/tool.c
	b commit "$C9" 2021-09-01T00:00:00Z 3333333..2222222 M:src/tool.c
	b mail k1@x 2021-02-01T09:00:00Z 'c0ffee1..c0ffee2|c0ffee3..c0ffee4' M:kernel/foo.c M:configure.ac
	b mail m1@x 2021-02-02T09:00:00Z 1111111..3333333 M:src/tool.c
}
{ khdr; member 1 m1@x mail; member 1 "$C3" commit; } >k.tsv
# run SUBJECT DATE BLOBS CHANGE...: the verdict of p@x, by Bob (RUNBY and
# RUNAT: another), alone with the above.
run() {
	rs=$1 rd=$2 rb=$3
	shift 3
	{
		mhdr; bg; tmail p@x "$rd" "${RUNBY:-Bob}" "${RUNAT:-bob@b.org}" "$rs"
		[ -n "${RUNM2:-}" ] && tmail m2@x 2021-02-02T10:00:00Z Ann ann@a.org "$RUNM2"
		if [ -n "${RUNAWAY:-}" ]; then
			tmail a3@x 2021-02-05T09:00:00Z Ann ann@a.org '[PATCH] build: elsewhere'
			tmail a4@x 2021-02-06T09:00:00Z Ann ann@a.org '[PATCH] build: elsewhere too'
		fi
	} >r.tsv
	{
		bhdr; base_tok; b mail p@x "$rd" "$rb" "$@"
		[ -n "${RUNM2:-}" ] && b mail m2@x 2021-02-02T10:00:00Z 1111111..3333333 M:src/tool.c
		if [ -n "${RUNAWAY:-}" ]; then
			b mail a3@x 2021-02-05T09:00:00Z 9abcde1..9abcde2 M:configure.ac
			b mail a4@x 2021-02-06T09:00:00Z 9abcde2..9abcde3 M:configure.ac
		fi
	} >r.tok
	{ cat k.tsv; member 1 m2@x mail; } >k2.tsv
	verdict p@x --grace 0 r.tsv r.tok k2.tsv c.tsv
}
is "foreign by its blobs: configure.ac from a tree the history never had" \
	"not-counted not for this repository: none of the 1 blobs its diff changes is in the history or made by a patch resting on it (index 1234567..): made in another repository's tree" \
	"$(run '[PATCH] lib: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac)"
is "control: its blob the history's: ignored" "ignored" \
	"$(run '[PATCH] lib: fix' 2021-03-01T09:00:00Z bbbbbbb..7654321 M:configure.ac)"
is "control: a 12-digit abbreviation of the history's blob: ignored" "ignored" \
	"$(run '[PATCH] lib: fix' 2021-03-01T09:00:00Z bbbbbbb00000..765432100000 M:configure.ac)"
is "control: a file whose name no other repository's patch changes (its own tree of a branch the history lacks): ignored" \
	"ignored" "$(run '[PATCH] lib: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:src/tool.c)"
is "foreign (by its files now, before its blobs): beside configure.ac a file the history never had, whatever other patches change" \
	"not-counted not for this repository: 1 of the 2 files it changes were in it at its date (not src/Versions.in)" \
	"$(run '[PATCH] lib: fix' 2021-03-01T09:00:00Z '1234567..7654321|abcdef1..fedcba1' M:configure.ac M:src/Versions.in)"
# A title prefix the history takes keeps the patch of one who works in
# its tree (Ann: m1@x rests on it), made on a branch the history lacks;
# not Bob's, whose patches never rest on it (a fix made in another
# repository's tree under a prefix both use).
is "control: a title prefix the history takes (tool:), by one whose patches rest on the history: ignored" \
	"ignored" \
	"$(RUNBY=Ann RUNAT=ann@a.org run '[PATCH] tool: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac | cut -d' ' -f1)"
# why says what the blobs said of the tree a patch for the project was
# made in; resting nowhere, that the doubt stands.
RUNBY=Ann RUNAT=ann@a.org run '[PATCH] tool: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac >/dev/null
is "why: blobs resting nowhere, kept by a taken prefix of one who works in the tree: a doubt said" \
	"the blob its diff changes does not rest on the history: made on a branch the history lacks, or in another repository's tree, which its files, tags and author did not settle (a doubt)" \
	"$(ptreport why p@x -q --grace 0 r.tsv r.tok k2.tsv c.tsv | sed -n 's/^  repository: .*; //p')"
run '[PATCH] lib: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:src/tool.c >/dev/null
is "why: blobs resting nowhere, kept by a file no other repository's patch changes: the same doubt" \
	"the blob its diff changes does not rest on the history: made on a branch the history lacks, or in another repository's tree, which its files, tags and author did not settle (a doubt)" \
	"$(ptreport why p@x -q --grace 0 r.tsv r.tok k2.tsv c.tsv | sed -n 's/^  repository: .*; //p')"
run '[PATCH] lib: fix' 2021-03-01T09:00:00Z bbbbbbb..7654321 M:configure.ac >/dev/null
is "why: blobs resting on the history" \
	"the 1 blob its diff changes rests on the history: made in its tree" \
	"$(ptreport why p@x -q --grace 0 r.tsv r.tok k2.tsv c.tsv | sed -n 's/^  repository: .*; //p')"
ptreport verdicts -q --grace 0 r.tsv r.tok k2.tsv c.tsv >r.v
is "why: the same with the verdicts given (--verdicts)" \
	"the 1 blob its diff changes rests on the history: made in its tree" \
	"$(ptreport why p@x -q --grace 0 --verdicts r.v r.tsv r.tok k2.tsv c.tsv | sed -n 's/^  repository: .*; //p')"
# One who works in several trees (most of her patches on the project's
# files made elsewhere: two build fixes of another repository's
# configure.ac) is not kept by the prefix: a sibling's build fix under
# the "build:" every repository of the list uses.
is "foreign by its blobs: a taken prefix, by one most of whose patches on its files rest elsewhere" \
	"not-counted" \
	"$(RUNAWAY=1 RUNM2='[PATCH] build: merged two' RUNBY=Ann RUNAT=ann@a.org run '[PATCH] build: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac | cut -d' ' -f1)"
is "foreign by its blobs: the same prefix by one whose patches never rest on the history" \
	"not-counted" \
	"$(run '[PATCH] tool: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac | cut -d' ' -f1)"
# RUNM2: Ann's second merged patch (its subject), so the history takes
# its prefix.  A prefix that is the name of the file the patch changes
# ("configure.ac: ..." changing configure.ac) names the file, not the
# repository: it keeps nothing (the kernel's "MAINTAINERS: add a
# reviewer" on a list a test suite with a MAINTAINERS shares).
is "foreign by its blobs: a taken prefix naming the file it changes keeps nothing, even hers" \
	"not-counted" \
	"$(RUNM2='[PATCH] configure.ac: merged two' RUNBY=Ann RUNAT=ann@a.org run '[PATCH] configure.ac: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac | cut -d' ' -f1)"
is "control: a taken prefix naming no file of it (build:): hers kept, ignored" \
	"ignored" \
	"$(RUNM2='[PATCH] build: merged two' RUNBY=Ann RUNAT=ann@a.org run '[PATCH] build: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac | cut -d' ' -f1)"
is "a tag the history never took decides over a prefix it takes" \
	"not-counted" "$(run '[PATCH lib] tool: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac | cut -d' ' -f1)"
is "control: posted after the history's end: ignored, not judged by blobs" "too-new" \
	"$(run '[PATCH] lib: fix' 2021-10-01T09:00:00Z 1234567..7654321 M:configure.ac | cut -d' ' -f1)"
is "control: a patch that only creates files: ignored" "ignored" \
	"$(run '[PATCH] lib: add' 2021-03-01T09:00:00Z 0000000..7654321 C:src/new.c)"

# Stacked: q@x on p@x's result: it rests on the history when p@x does.
stack() {
	sb=$1
	{ mhdr; bg; tmail p@x 2021-03-01T09:00:00Z Bob bob@b.org '[PATCH] lib: one'
	  tmail q@x 2021-03-02T09:00:00Z Cy cy@c.org '[PATCH] lib: two'; } >s.tsv
	{ bhdr; base_tok; b mail p@x 2021-03-01T09:00:00Z "$sb..5555555" M:configure.ac
	  b mail q@x 2021-03-02T09:00:00Z 5555555..6666666 M:configure.ac; } >s.tok
	verdict q@x --grace 0 s.tsv s.tok k.tsv c.tsv | cut -d' ' -f1
}
is "stacked on a patch resting on the history: ignored" "ignored" "$(stack bbbbbbb)"
is "stacked on a patch from another tree: not-counted" "not-counted" "$(stack 1234567)"

# A posting: part 2 from another tree, part 1 resting on the history: the posting keeps both.
post() {
	pb=$1
	{ mhdr; bg
	  mrow s0@x 2021-03-01T09:00:00Z Bob bob@b.org '[PATCH 0/2] lib: two' dev '' '' cover '' 0 2 '' '' ''
	  mrow s1@x 2021-03-01T09:01:00Z Bob bob@b.org '[PATCH 1/2] lib: one' dev s0@x s0@x patch '' 1 2 '' '' ''
	  mrow s2@x 2021-03-01T09:02:00Z Bob bob@b.org '[PATCH 2/2] lib: two' dev s0@x s0@x patch '' 2 2 '' '' ''
	} >p.tsv
	{ bhdr; base_tok; b mail s1@x 2021-03-01T09:01:00Z "$pb..5555555" M:configure.ac
	  b mail s2@x 2021-03-01T09:02:00Z 1234567..6666666 M:configure.ac; } >p.tok
	ptreport patches -q --grace 0 p.tsv p.tok k.tsv c.tsv |
	    awk -F'\t' '$1 == "s2@x" { print $6 }'
}
is "a posting another part of which rests on the history: part 2 kept" "ignored" "$(post bbbbbbb)"
is "control: every part from another tree: part 2 not-counted" "not-counted" "$(post 1234567)"

# A posting of two parts, tied by their files: part 1 another repository's
# (kernel/, no folder of the history), part 2 changing the project's own
# src/tool.c from a tree the history lacks (a library's series whose
# second part changes a Makefile.am the project has too): part 2 goes
# with part 1, when its blobs rest nowhere.
sib() {
	b1=$1 b2=$2 f1=$3
	{ mhdr; bg
	  mrow t0@x 2021-03-01T09:00:00Z Bob bob@b.org '[PATCH 0/2] lib: two' dev '' '' cover '' 0 2 '' '' ''
	  mrow t1@x 2021-03-01T09:01:00Z Bob bob@b.org '[PATCH 1/2] lib: one' dev t0@x t0@x patch '' 1 2 '' '' ''
	  mrow t2@x 2021-03-01T09:02:00Z Bob bob@b.org '[PATCH 2/2] lib: two' dev t0@x t0@x patch '' 2 2 '' '' ''
	} >t.tsv
	{ bhdr; base_tok; b mail t1@x 2021-03-01T09:01:00Z "$b1..5555555" "M:$f1"
	  b mail t2@x 2021-03-01T09:02:00Z "$b2..6666666" M:src/tool.c; } >t.tok
	ptreport patches -q --grace 0 t.tsv t.tok k.tsv c.tsv |
	    awk -F'\t' '$1 == "t2@x" { print $6, $7 }'
}
is "a part from another tree beside another repository's part: not-counted, and why" \
	"not-counted not for this repository: none of the 1 blobs its diff changes is in the history or made by a patch resting on it (index 7777777..), and 1 other part of its posting is another repository's: made in another repository's tree" \
	"$(sib c0ffee5 7777777 kernel/foo.c)"
is "control: its blob the history's: ignored" "ignored " "$(sib c0ffee5 3333333 kernel/foo.c)"
is "control: the other part the project's (src/, its own file): ignored" "ignored " \
	"$(sib 7777778 7777777 src/tool.c)"
is "control: the other part the project's, resting on the history: ignored" "ignored " \
	"$(sib bbbbbbb 7777777 configure.ac)"

# The same change sent to each repository of the list, one cluster: Ann's
# "[PATCH tool] build: xz" and "[PATCH lib] build: xz" with C5.  The
# history takes [tool] (Bob's t0@x, merged as C4); [lib]'s other two
# patches change LIBF (libsrc/: no folder of the history, another
# repository's by their files).  The companion's merge is none of [lib]'s:
# [lib] is never taken, and the [lib] copy is another repository's, by
# its tag.  Two [lib] patches of the project's own files (src/tool.c):
# no such tag, l1@x merged.
C4=$(hexid c4)
C5=$(hexid c5)
# More talk in March: a tag on three patches is on less than a fifth of
# the list's mails, no list's own tag.
talk() {
	for n in 1 2 3 4 5 6 7 8; do
		tmail "q$n@x" 2021-03-1${n}T09:00:00Z Dee dee@d.org "more $n" other
	done
}
# Ann's two [PATCH TAG] patches (mails, then their patch rows on LIBF).
libmails() {
	tmail a1@x 2021-03-01T09:00:00Z Ann ann@a.org "[PATCH $1] lib: one"
	tmail a2@x 2021-03-02T09:00:00Z Ann ann@a.org "[PATCH $1] lib: two"
}
libtoks() {
	b mail a1@x 2021-03-01T09:00:00Z 4444441..4444442 "M:$1"
	b mail a2@x 2021-03-02T09:00:00Z 4444443..4444444 "M:$1"
}
# c45 C5-DATE: the history's commits table, C4 on 2021-02-20 and C5 then.
c45() {
	chdr
	commit "$C1" 2021-01-01T00:00:00Z 2021-01-01T00:00:00Z
	commit "$C2" 2021-01-02T00:00:00Z 2021-01-02T00:00:00Z
	commit "$C3" 2021-02-03T00:00:00Z 2021-02-03T00:00:00Z
	commit "$C4" 2021-02-20T00:00:00Z 2021-02-20T00:00:00Z
	commit "$C5" "$1" "$1"
	commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z
}
comp() {
	libf=$1
	{ mhdr; bg
	  tmail t0@x 2021-02-15T09:00:00Z Bob bob@b.org '[PATCH tool] tool: fix'
	  libmails lib
	  tmail t1@x 2021-03-05T09:00:00Z Ann ann@a.org '[PATCH tool] build: xz'
	  tmail l1@x 2021-03-05T09:05:00Z Ann ann@a.org '[PATCH lib] build: xz'
	  talk
	} >cp.tsv
	{ bhdr; base_tok
	  b commit "$C4" 2021-02-20T00:00:00Z 3333333..3333334 M:src/tool.c
	  b commit "$C5" 2021-03-06T00:00:00Z bbbbbbb..bbbbbbc M:configure.ac
	  b mail t0@x 2021-02-15T09:00:00Z 3333333..3333334 M:src/tool.c
	  libtoks "$libf"
	  b mail t1@x 2021-03-05T09:00:00Z bbbbbbb..bbbbbbc M:configure.ac
	  b mail l1@x 2021-03-05T09:05:00Z 9999999..bbbbbbd M:configure.ac; } >cp.tok
	{ khdr; member 1 m1@x mail; member 1 "$C3" commit; member 2 t0@x mail; member 2 "$C4" commit
	  member 3 t1@x mail; member 3 l1@x mail; member 3 "$C5" commit; } >k-cp.tsv
	c45 2021-03-06T00:00:00Z >c-cp.tsv
	ptreport patches -q --grace 0 cp.tsv cp.tok k-cp.tsv c-cp.tsv |
	    awk -F'\t' '$1 == "l1@x" || $1 == "t1@x" { print $1, $6, $7 }'
}
is "a copy for another repository, merged beside its companion: not-counted, by its tag" \
	"t1@x merged $C5
l1@x not-counted not for this repository: its subject's tag [lib], a tag none of whose 3 patches the history took, 2 of them another repository's by their files" \
	"$(comp libsrc/a.c)"
is "control: [lib]'s other patches the project's by their files: merged" \
	"t1@x merged $C5
l1@x merged $C5" "$(comp src/tool.c)"

# A tag too few to judge by the rate (a small project on a list of many
# repositories), never taken, most of its patches another repository's
# by their files: it names that repository.  tg TAG LIBF BLOB: Ann's two
# [PATCH TAG] patches on LIBF (libsrc/: no folder of the history), then
# Bob's p@x "[PATCH TAG] build: fix" on configure.ac from BLOB.
tg() {
	tag=$1 libf=$2 pb=$3
	{ mhdr; bg
	  libmails "$tag"
	  tmail p@x 2021-03-05T09:00:00Z Bob bob@b.org "[PATCH $tag] build: fix"
	  talk
	} >tg.tsv
	{ bhdr; base_tok
	  libtoks "$libf"
	  b mail p@x 2021-03-05T09:00:00Z "$pb..bbbbbbe" M:configure.ac; } >tg.tok
	verdict p@x --grace 0 tg.tsv tg.tok k.tsv c.tsv
}
is "a tag never taken, most of its patches another repository's by their files: not-counted" \
	"not-counted not for this repository: its subject's tag [lib], a tag none of whose 3 patches the history took, 2 of them another repository's by their files" \
	"$(tg lib libsrc/a.c 1234567)"
is "control: its patch made in the history's tree (its blob the history's): ignored" "ignored" \
	"$(tg lib libsrc/a.c bbbbbbb)"
is "control: the tag's other patches the project's by their files: ignored" "ignored" \
	"$(tg lib src/tool.c bbbbbbb)"
is "control: the list's name as a tag ([dev] on list dev) names no repository: ignored" "ignored" \
	"$(tg dev libsrc/a.c bbbbbbb)"
is "control: a patch's state ([BUG], [TEST]) names no repository: ignored" "ignored|ignored" \
	"$(tg BUG libsrc/a.c bbbbbbb)|$(tg TEST libsrc/a.c bbbbbbb)"
# A small project on a list of many repositories: the rate of all the
# list's patches tells nothing of a tag (the list's are mostly the
# kernel's), the rate of the project's own patches does.  sibr SIBF
# LATE: twenty patches of the project's (src/tool.c), each merged; forty
# kernel patches (kernel/); twelve of Ann's "[PATCH sib]", six on SIBF,
# six on configure.ac, the first of those (s7@x) matched to a commit of
# the history (the same change made in both), the last (s12@x) judged.
# With LATE, every [sib] patch but s7@x and s12@x is posted after the
# history's end, when nothing of the tag could have been merged.
O20="01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20"
sdate() {
	if [ -n "$late" ] && [ "$1" != 7 ] && [ "$1" != 12 ]; then
		echo "2021-10-$(($1 + 10))T09:00:00Z"
	else
		echo "2021-06-$(($1 + 10))T09:00:00Z"
	fi
}
sibr() {
	sibf=$1 late=${2:-}
	{ mhdr; bg
	  for n in $O20; do
		tmail "o$n@x" 2021-04-${n}T09:00:00Z Bob bob@b.org "[PATCH] tool: change $n"
	  done
	  for n in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
		tmail "k$n@x" 2021-05-${n}T09:00:00Z Ker ker@k.org "[PATCH] kern: fix $n"
		tmail "j$n@x" 2021-05-${n}T10:00:00Z Ker ker@k.org "[PATCH] kern: more $n"
	  done
	  for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
		tmail "s$n@x" "$(sdate "$n")" Ann ann@a.org "[PATCH sib] sib: change $n"
	  done
	  talk
	} >sb.tsv
	{ bhdr; base_tok
	  for n in $O20; do
		b commit "$(hexid d$n)" 2021-04-${n}T12:00:00Z 3333333..3333334 M:src/tool.c
		b mail "o$n@x" 2021-04-${n}T09:00:00Z 3333333..3333334 M:src/tool.c
	  done
	  for n in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
		b mail "k$n@x" 2021-05-${n}T09:00:00Z c0ffee1..c0ffee2 "M:kernel/f$n.c"
		b mail "j$n@x" 2021-05-${n}T10:00:00Z c0ffee1..c0ffee2 "M:kernel/g$n.c"
	  done
	  b commit "$(hexid e21)" 2021-06-18T00:00:00Z bbbbbbb..bbbbbb7 M:configure.ac
	  for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
		f=configure.ac
		[ "$n" -le 6 ] && f=$sibf
		b mail "s$n@x" "$(sdate "$n")" bbbbbbb..bbbbbb7 "M:$f"
	  done; } >sb.tok
	{ khdr
	  for n in $O20; do member "$n" "o$n@x" mail; member "$n" "$(hexid d$n)" commit; done
	  member 21 s7@x mail; member 21 "$(hexid e21)" commit; } >k-sb.tsv
	{ chdr
	  commit "$C1" 2021-01-01T00:00:00Z 2021-01-01T00:00:00Z
	  commit "$C2" 2021-01-02T00:00:00Z 2021-01-02T00:00:00Z
	  for n in $O20; do
		commit "$(hexid d$n)" 2021-04-${n}T12:00:00Z 2021-04-${n}T12:00:00Z
	  done
	  commit "$(hexid e21)" 2021-06-18T00:00:00Z 2021-06-18T00:00:00Z
	  commit "$C9" 2021-09-01T00:00:00Z 2021-09-01T00:00:00Z; } >c-sb.tsv
	verdict s12@x --grace 0 sb.tsv sb.tok k-sb.tsv c-sb.tsv
}
is "a tag merged far below the project's own rate, half its patches on files only another has: another repository's" \
	"not-counted not for this repository: its subject's tag [sib], a tag of whose 12 patches the history took 1 (it takes 28% of all, 78% of the project's: 4.7 expected)" \
	"$(sibr sibsrc/x.c)"
is "control: none of the tag's patches another repository's by its files: judged by the rate of all, ignored" \
	"ignored" "$(sibr src/tool.c)"
is "control: the tag's other patches posted after the history's end: too few to tell, ignored" \
	"ignored" "$(sibr sibsrc/x.c late)"
tg lib libsrc/a.c bbbbbbb >/dev/null
is "why: how the repository was decided, the tag and why it did not decide" \
	"  repository: the project's: 1 of the 1 files it changes is the repository's at its date, or known from its thread or its author; its tag [lib]: 3 patches, 0 merged, 2 another repository's by their files: another repository's by those files, but not this one, by its blobs; the 1 blob its diff changes rests on the history: made in its tree" \
	"$(ptreport why p@x -q --grace 0 tg.tsv tg.tok k.tsv c.tsv | grep '^  repository: ')"
comp libsrc/a.c >/dev/null
is "why: a tag the history takes" \
	"  repository: the project's: 1 of the 1 files it changes is the repository's at its date, or known from its thread or its author; its tag [tool]: 2 patches, 1 merged, 0 another repository's by their files: a tag the history takes; the 1 blob its diff changes rests on the history: made in its tree" \
	"$(ptreport why t1@x -q --grace 0 cp.tsv cp.tok k-cp.tsv c-cp.tsv | grep '^  repository: ')"

# The clusters of the merged patches: m1@x as C3, o1@x as C4, o2@x as C5.
k_own() {
	khdr
	member 1 m1@x mail; member 1 "$C3" commit; member 2 o1@x mail; member 2 "$C4" commit
	member 3 o2@x mail; member 3 "$C5" commit
}
# A tag the history takes names the project where the files cannot
# tell: [tool], Bob's and Ann's patches merged as C4 and C5 (2 of 2).
# own TAG CHANGE [PARTS]: Cy's p@x "[PATCH TAG] tests: add group"
# making CHANGE; with PARTS, p@x is part 3/3 of a posting whose parts
# 1/3 and 2/3 change kernel/ (no folder of the history).
own() {
	otag=$1 ochg=$2 parts=${3:-}
	{ mhdr; bg
	  tmail o1@x 2021-02-15T09:00:00Z Bob bob@b.org '[PATCH tool] tool: one'
	  tmail o2@x 2021-02-16T09:00:00Z Ann ann@a.org "[PATCH tool] tool: two"
	  if [ -n "$parts" ]; then
		mrow s0@x 2021-03-05T09:00:00Z Cy cy@c.org '[PATCH 0/3] grp: three' dev '' '' cover '' 0 3 '' '' ''
		mrow s1@x 2021-03-05T09:01:00Z Cy cy@c.org '[PATCH 1/3] kern: one' dev s0@x s0@x patch '' 1 3 '' '' ''
		mrow s2@x 2021-03-05T09:02:00Z Cy cy@c.org '[PATCH 2/3] kern: two' dev s0@x s0@x patch '' 2 3 '' '' ''
		mrow p@x 2021-03-05T09:03:00Z Cy cy@c.org "[PATCH$otag 3/3] ${OTITLE:-tests: add group}" dev s0@x s0@x patch '' 3 3 '' '' ''
	  else
		tmail p@x 2021-03-05T09:00:00Z Cy cy@c.org "[PATCH$otag] tests: add group"
	  fi
	  [ -n "${reply:-}" ] &&
		mrow r1@x 2021-03-06T09:00:00Z "${rname:-Eve}" "${raddr:-eve@e.org}" 'Re: [PATCH] grp' dev "$rto" "s0@x $rto" reply '' '' '' "$reply" '' ''
	  talk
	} >ow.tsv
	{ bhdr; base_tok
	  b commit "$C4" 2021-02-20T00:00:00Z 3333333..3333334 M:src/tool.c
	  b commit "$C5" 2021-02-21T00:00:00Z 3333334..3333335 M:src/tool.c
	  b mail o1@x 2021-02-15T09:00:00Z 3333333..3333334 M:src/tool.c
	  b mail o2@x 2021-02-16T09:00:00Z 3333334..3333335 M:src/tool.c
	  b mail s1@x 2021-03-05T09:01:00Z c0ffee1..c0ffee2 M:kernel/foo.c
	  b mail s2@x 2021-03-05T09:02:00Z c0ffee3..c0ffee4 M:kernel/bar.c
	  b mail p@x 2021-03-05T09:00:00Z "${OBLOB:-0000000..5555551}" "$ochg"; } >ow.tok
	k_own >k-ow.tsv
	c45 2021-02-21T00:00:00Z >c-ow.tsv
	# A history naming itself in its titles: 20 more commits "tool: N".
	if [ -n "${ONAMED:-}" ]; then
		for n in $(seq 10 29); do
			crow "$(hexid "e$n")" 2020-12-$n'T00:00:00Z' Max maint@m.org "tool: change $n" \
			    Max maint@m.org 2020-12-$n'T00:00:00Z'
		done >>c-ow.tsv
	fi
	verdict p@x --grace 0 ow.tsv ow.tok k-ow.tsv c-ow.tsv
}
is "a tag the history takes: a patch creating files in a folder it lacks is the project's" \
	"ignored" "$(own ' tool' C:tests/grp/001)"
is "control: untagged, the same patch: not-counted by its files" \
	"not-counted not for this repository: it creates files in no folder the repository had at its date (tests/grp/001)" \
	"$(own '' C:tests/grp/001)"
is "control: a tag the history takes on a patch changing files it never had: not-counted" \
	"not-counted not for this repository: 0 of the 1 files it changes were in it at its date (not kernel/baz.c)" \
	"$(own ' tool' M:kernel/baz.c)"
is "a tag the history takes: the project's part of a posting whose other parts are another's" \
	"ignored" "$(own ' tool' M:src/tool.c parts)"
is "control: untagged, the same part goes with its posting: not-counted" "not-counted" \
	"$(own '' M:src/tool.c parts | cut -d' ' -f1)"
# Made in the history's tree (its blob C5's) and naming it as most of
# its commits do ("tool: "): the part keeps its own verdict whatever its
# posting's other parts (one series for three repositories, each part
# its own's).  Controls: its title another prefix; its blob another
# tree's; a history of no such name.
is "untagged, the part made in the history's tree, its title the history's name: its own verdict" \
	"ignored|not-counted|not-counted|not-counted" \
	"$(OBLOB=3333335..5555551 ONAMED=1 OTITLE='tool: add group' own '' M:src/tool.c parts | cut -d' ' -f1)|$(OBLOB=3333335..5555551 ONAMED=1 own '' M:src/tool.c parts | cut -d' ' -f1)|$(ONAMED=1 OTITLE='tool: add group' own '' M:src/tool.c parts | cut -d' ' -f1)|$(OBLOB=3333335..5555551 OTITLE='tool: add group' own '' M:src/tool.c parts | cut -d' ' -f1)"
is "control: a tag never taken ([grp]) decides nothing: not-counted" "not-counted" \
	"$(own ' grp' C:tests/grp/001 | cut -d' ' -f1)"
# Eve's reply to the kernel part 1/3, its words speaking of the series:
# they speak of the kernel's parts, not of the project's 3/3.  Its other
# half answered by one who does not commit to the repository: a doubt
# (as a companion's answer in another thread).
is "a reply to another repository's part, speaking of the series: no answer to the project's part, a doubt" \
	"unsure" "$(reply=series rto=s1@x own ' tool' M:src/tool.c parts | cut -d' ' -f1)"
is "control: the same reply by one who commits to the repository: the posting in conversation" \
	"answered-together" \
	"$(rname=Max raddr=maint@m.org reply=series rto=s1@x own ' tool' M:src/tool.c parts | cut -d' ' -f1)"
is "control: the reply to the cover letter: the project's part answered" "answered" \
	"$(reply=series rto=s0@x own ' tool' M:src/tool.c parts | cut -d' ' -f1)"
# A patch of only files every project has (.gitignore), under a title
# prefix (build:) whose patches are the project's by their files at
# first, another repository's once the tags are judged: Sib's five
# "[PATCH sib] build: ..." on configure.ac, [sib] never taken.  Cy's
# "[PATCH TAG] build: ignore the tarballs" goes with the prefix, but
# for a tag the history takes ([tool]: o1@x and o2@x merged).
gi() {
	{ mhdr; bg
	  tmail o1@x 2021-02-15T09:00:00Z Bob bob@b.org '[PATCH tool] tool: one'
	  tmail o2@x 2021-02-16T09:00:00Z Ann ann@a.org "[PATCH tool] tool: two"
	  for n in 1 2 3 4 5; do
		tmail "s$n@x" "2021-03-0${n}T09:00:00Z" Sib sib@s.org "[PATCH sib] build: sib $n"
	  done
	  tmail p@x 2021-03-07T09:00:00Z Cy cy@c.org "[PATCH$1] build: ignore the tarballs"
	  talk
	} >gi.tsv
	{ bhdr; base_tok
	  b commit "$C4" 2021-02-20T00:00:00Z 3333333..3333334 M:src/tool.c
	  b commit "$C5" 2021-02-21T00:00:00Z 0000000..4444444 C:.gitignore
	  b mail o1@x 2021-02-15T09:00:00Z 3333333..3333334 M:src/tool.c
	  b mail o2@x 2021-02-16T09:00:00Z 0000000..4444444 C:.gitignore
	  for n in 1 2 3 4 5; do
		b mail "s$n@x" "2021-03-0${n}T09:00:00Z" "bbbbbbb..bbbbbc$n" M:configure.ac
	  done
	  b mail p@x 2021-03-07T09:00:00Z 4444444..4444445 M:.gitignore; } >gi.tok
	k_own >k-gi.tsv
	c45 2021-02-21T00:00:00Z >c-gi.tsv
	verdict p@x --grace 0 gi.tsv gi.tok k-gi.tsv c-gi.tsv
}
is "a tag the history takes keeps a patch of files every project has from a prefix judged another's after the tags" \
	"ignored" "$(gi ' tool')"
is "control: untagged, the same patch goes with its prefix: not-counted" \
	"not-counted not for this repository: it changes only files every project has, and most patches under its title's prefix are another repository's (5 of the 5 judged by their files)" \
	"$(gi '')"
own ' tool' C:tests/grp/001 >/dev/null
is "why: the tag decided where the files could not" \
	"  repository: the project's by its tag: it creates files in no folder the repository has at its date; its tag [tool]: 3 patches, 2 merged, 1 another repository's by their files: a tag the history takes, which decides where its files cannot (it creates files in folders the repository lacks)" \
	"$(ptreport why p@x -q --grace 0 ow.tsv ow.tok k-ow.tsv c-ow.tsv | grep '^  repository: ')"

# What another repository's patch by its tag made known teaches nothing:
# Ann's "[PATCH lib] lib: add new" creates src/new.c (a folder the
# history has: the project's by its files, another repository's by its
# tag [lib], whose two other patches change libsrc/); her later untagged
# p@x changes src/new.c, a file the history never had: another
# repository's too.  The same a3@x untagged: the project's, and so p@x.
taught() {
	{ mhdr; bg
	  libmails lib
	  tmail a3@x 2021-03-03T09:00:00Z Ann ann@a.org "[PATCH$1] lib: add new"
	  tmail p@x 2021-03-05T09:00:00Z Ann ann@a.org '[PATCH] lib: fix new'
	  talk
	} >ta.tsv
	{ bhdr; base_tok
	  libtoks libsrc/a.c
	  b mail a3@x 2021-03-03T09:00:00Z 0000000..5555551 C:src/new.c
	  b mail p@x 2021-03-05T09:00:00Z 5555551..5555552 M:src/new.c; } >ta.tok
	verdict p@x --grace 0 ta.tsv ta.tok k.tsv c.tsv
}
is "a file only another repository's patch (by its tag) created: another repository's" \
	"not-counted not for this repository: 0 of the 1 files it changes were in it at its date (not src/new.c)" \
	"$(taught ' lib')"
is "control: the patch creating it the project's: ignored" "ignored" "$(taught '')"

# The verdicts table names the rule; the same table given renders the same.
run '[PATCH] lib: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac >/dev/null
ptreport verdicts -q --grace 0 r.tsv r.tok k.tsv c.tsv >v.tsv
is "verdicts: reason foreign-blobs" "not-counted foreign-blobs" \
	"$(awk -F'\t' '$2 == "p@x" { print $3, $4 }' v.tsv)"
ptreport patches -q --grace 0 r.tsv r.tok k.tsv c.tsv >judged.out
ptreport patches -q --grace 0 --verdicts v.tsv r.tsv r.tok k.tsv c.tsv >given.out
same "verdicts given: the same patches report" judged.out given.out
# A patch table without the column: the rule is silent.
cut -f1-7 r.tok >r7.tok
is "a patch table without blobs: no such verdict" "ignored" \
	"$(verdict p@x --grace 0 r.tsv r7.tok k.tsv c.tsv)"

# A blobs field of another shape: named by file and line, counted, exit
# 1; the row kept, its blobs unread (the rule judges it not).
run '[PATCH] lib: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac >/dev/null
sed 's/1234567\.\.7654321/1234567-7654321/' r.tok >rbad.tok
ptreport patches -q --grace 0 r.tsv rbad.tok k.tsv c.tsv >bad.out 2>bad.err
is "a bad blobs field: exit 1" 1 $?
grep -q '^ptreport: rbad.tok:8: column blobs: not PRE..POST (7 to 40 hex digits a side): 1234567-7654321 (the row.s blobs left out)$' bad.err
ok $? "a bad blobs field: named by file and line"
grep -q '^ptreport: 1 blobs fields, named above, were not read (their rows kept)$' bad.err
ok $? "a bad blobs field: counted"
is "a bad blobs field: the row kept, not judged by blobs" "ignored" \
	"$(awk -F'\t' '$1 == "p@x" { print $6 }' bad.out)"
# A commit's bad blobs field: the rule left out (a blob of the history may be unknown).
sed 's/3333333\.\.2222222/33333..2222222/' r.tok >rbadc.tok
is "a commit's bad blobs field: no verdict by blobs" "ignored" \
	"$(verdict p@x --grace 0 r.tsv rbadc.tok k.tsv c.tsv 2>/dev/null)"

# A second patch table from an older patchtok (no blobs column) beside
# one with it: a blob unknown may be one of its rows: the rule is silent.
run '[PATCH] lib: fix' 2021-03-01T09:00:00Z 1234567..7654321 M:configure.ac >/dev/null
{ thdr; tok commit "$(hexid c4)" 2021-01-05T00:00:00Z M:src/tool.c; } >old.tok
is "another patch table without blobs: no such verdict" "ignored" \
	"$(verdict p@x --grace 0 r.tsv r.tok old.tok k.tsv c.tsv)"

# --- an off-list commit's blobs: a port, a posting's change ---------------------
# Max's P (02-10) changes src/uapi.h 5555555 -> 6666666, as Ker's kp@x
# (02-03), another repository's patch (kernel/include/uapi.h: its copy
# there), changed it: ported, blob for blob.  Controls: another blob
# before; the mail after the commit; a file created (two new files may
# be one blob).
P=$(hexid 9a1)
port() {
	kb=$1 kd=$2 pb=$3 pc=$4
	{
		mhdr; bg; tmail kp@x "$kd" Ker ker@k.org '[PATCH] kern: uapi: add a flag'
		[ -n "${PORTOWN:-}" ] && tmail mp@x 2021-02-04T09:00:00Z Max maint@m.org '[PATCH] tool: sync the header'
	} >p.tsv
	{
		bhdr; base_tok
		b mail kp@x "$kd" "$kb" M:kernel/include/uapi.h
		[ -n "${PORTOWN:-}" ] && b mail mp@x 2021-02-04T09:00:00Z "$pb" "$pc"
		b commit "$P" 2021-02-10T00:00:00Z "$pb" "$pc"
	} >p.tok
	{ cat c.tsv; commit "$P" 2021-02-10T00:00:00Z 2021-02-10T00:00:00Z; } >cp.tsv
	ptreport offlist -q p.tsv p.tok k.tsv cp.tsv | awk -F'\t' -v id="$P" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == id { print $c["reason"] }'
}
is "ported: an off-list commit changing a file blob for blob as another repository's patch mail" \
	"ported" "$(port 5555555..6666666 2021-02-03T09:00:00Z 5555555..6666666 M:src/uapi.h)"
ptreport why "$P" -q p.tsv p.tok k.tsv cp.tsv >why.out
grep -q '^    its change was posted for another repository: kp@x "\[PATCH\] kern: uapi: add a flag"$' why.out
ok $? "ported by blobs: why names the mail"
is "... but posted here too, by its author (the same change for this repository): not off-list" "" \
	"$(PORTOWN=1 port 5555555..6666666 2021-02-03T09:00:00Z 5555555..6666666 M:src/uapi.h)"
# The commit's blobs field with a line of another shape: named, counted,
# and the whole field left out, as the model leaves it: no port.
port 5555555..6666666 2021-02-03T09:00:00Z '5555555..6666666|xyz' M:src/uapi.h >/dev/null 2>&1
ptreport offlist -q p.tsv p.tok k.tsv cp.tsv >pbad.out 2>pbad.err
is "a commit's bad blobs field: exit 1" 1 $?
grep -q "^ptreport: p.tok:[0-9]*: column blobs: not PRE..POST" pbad.err
ok $? "... named by file and line"
is "... its good line not read alone: its own, not ported" "committer-own" \
	"$(awk -F'\t' -v id="$P" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $1 == id { print $c["reason"] }' pbad.out)"
is "controls: another blob before; the mail after it; a file created: its own" \
	"committer-own|committer-own|committer-own" \
	"$(port 5555554..6666666 2021-02-03T09:00:00Z 5555555..6666666 M:src/uapi.h)|$(port 5555555..6666666 2021-02-15T09:00:00Z 5555555..6666666 M:src/uapi.h)|$(port 0000000..6666666 2021-02-03T09:00:00Z 0000000..6666666 C:src/uapi.h)"

# Ann's [PATCH 3/5] sp@x (02-03) takes src/fan.c 7777777 -> 9999999;
# Max merged it as K (02-10, 7777777 -> 8888888) and her S the next
# day (8888888 -> 9999999): the line the review asked to go alone,
# split out of the posting.  Or S is the posting's own pair, unmerged.
# Controls: a posting made on another tree (its blob before not K's: a
# patch on top of S, the same file after); S by Bob.
K=$(hexid 9b1)
S=$(hexid 9b2)
split() {
	sb=$1 merged=$2 sby=${3:-Ann} sat=${4:-ann@a.org}
	{ mhdr; bg; tmail sp@x 2021-02-03T10:00:00Z Ann ann@a.org '[PATCH 3/5] tool: watch the directory'; } >s.tsv
	{
		bhdr; base_tok
		b mail sp@x 2021-02-03T10:00:00Z "$sb" M:src/fan.c
		b commit "$K" 2021-02-10T00:00:00Z 7777777..8888888 M:src/fan.c
		b commit "$S" 2021-02-11T12:00:00Z 8888888..9999999 M:src/fan.c
	} >s.tok
	{
		cat c.tsv
		crow "$K" 2021-02-09T00:00:00Z Ann ann@a.org 'tool: watch the directory' Max maint@m.org 2021-02-10T00:00:00Z
		crow "$S" 2021-02-11T11:00:00Z "$sby" "$sat" 'tool: fix the ignored mark' Max maint@m.org 2021-02-11T12:00:00Z
	} >cs.tsv
	{ cat k.tsv; [ "$merged" = yes ] && { member 2 sp@x mail; member 2 "$K" commit; }; } >ks.tsv
	ptreport offlist -q -H s.tsv s.tok ks.tsv cs.tsv | cut -f1 | grep -c "^$S"
}
is "posted: her commit finishing her posting's change of a file its merged commit began: not off-list" \
	"0" "$(split 7777777..9999999 yes)"
ptreport why "$S" -q s.tsv s.tok ks.tsv cs.tsv >why.out
is "... why names the posting" \
	"  verdict: posted: its lines are a posting's of its author (split out of it, or a next version pushed unposted, or the same lines removed another way): sp@x \"[PATCH 3/5] tool: watch the directory\"" \
	"$(grep '^  verdict:' why.out)"
is "posted: her commit making her unmerged posting's change of a file, blob for blob: not off-list" \
	"0" "$(split 8888888..9999999 no)"
is "controls: a posting made on another tree (the same file after); the commit Bob's: off-list" \
	"1|1" "$(split 1212121..9999999 yes)|$(split 7777777..9999999 yes Bob bob@b.org)"

done_testing
