#!/bin/sh
# ptmaint: each matching rule of get_maintainer.pl on a MAINTAINERS file
# written for it (tests/data/maintainers/rules.MAINTAINERS: trailing '/',
# dir/*, */net/*, '?', '.' literal, the equal-slash rule, a folder named
# without '/', prefix-only anchoring, X: before F:, N: anywhere with /x,
# K: on added and removed lines only), with a control path that must not
# match beside each path that must; depths, the responsible column and
# catch-all sections (rest.MAINTAINERS); rows of a section without M/R/L,
# of a patch in no section, order of sections and entries; names and
# addresses.  Then the real Xen MAINTAINERS files (a copy in
# tests/data/maintainers; the sections expected were read off the files
# by hand), history mode on a throw-away repository holding both Xen
# files (dates before, between and after, first-parent, -r, --path), bad
# input, the command line and deterministic output.
# Its golden cases (tests/golden/ptmaint: whole outputs, stderr and exit
# status) run in 30-golden.
#
# The expected sections (of the fixtures and of the Xen paths) were
# checked against the kernel's scripts/get_maintainer.pl (6.1) --sections
# on a tree of empty files; where ptmaint(1) parts from get_maintainer.pl
# (ties in file order, not hash order; {a,b} as in the shell; a folder
# pattern without a tree) the test says so.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox
D=$DATA/maintainers

cp "$D/rules.MAINTAINERS" "$D/rest.MAINTAINERS" "$D/bad.MAINTAINERS" \
    "$D/xen-MAINTAINERS" "$D/xen-MAINTAINERS-2019" . || exit 1

HDR='id	version	section	status	role	name	addr	depth	responsible	via'

# A patch table by hand: phdr, then prow ID DATE FILES [HUNKS]; FILES
# and HUNKS hold TSV escapes ("a.c\nb.c").
phdr() {
	printf 'id\tdate\tfiles\thunks\n'
}
prow() {
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-}"
}
# secs FILE ID: the sections of patch ID as "SECTION:DEPTH:RESPONSIBLE",
# in output order, '|'-separated ("" for none).
secs() {
	awk -F'\t' -v id="$2" 'NR > 1 && $1 == id && $3 != "" && !(($3) in s) {
		s[$3] = 1; printf "%s%s:%s:%s", (n++ ? "|" : ""), $3, $8, $9 } END { print "" }' "$1"
}
# vias FILE ID: "SECTION=VIA" of patch ID.
vias() {
	awk -F'\t' -v id="$2" 'NR > 1 && $1 == id && $3 != "" && !(($3) in s) {
		s[$3] = 1; printf "%s%s=%s", (n++ ? "|" : ""), $3, $10 } END { print "" }' "$1"
}
# who FILE ID SECTION: "ROLE ADDR" rows of a section, in output order.
who() {
	awk -F'\t' -v id="$2" -v sec="$3" 'NR > 1 && $1 == id && $3 == sec {
		printf "%s%s %s", (n++ ? "|" : ""), $5, $7 } END { print "" }' "$1"
}
# names FILE ID SECTION: "ROLE ADDR NAME" rows of a section.
names() {
	awk -F'\t' -v id="$2" -v sec="$3" 'NR > 1 && $1 == id && $3 == sec {
		printf "%s%s %s %s", (n++ ? "|" : ""), $5, $7, $6 } END { print "" }' "$1"
}
# row FILE ID: the whole rows of patch ID, TABs as '/', '|'-separated.
row() {
	awk -F'\t' -v id="$2" 'NR > 1 && $1 == id { gsub(/\t/, "/"); printf "%s%s", (n++ ? "|" : ""), $0 }
		END { print "" }' "$1"
}
# empty ID [VERSION]: the row of a patch in no section, as row shows it.
empty() {
	printf '%s/%s////////\n' "$1" "${2:-}"
}
# warnings FILE: the lines of stderr that name a MAINTAINERS line.
warnings() {
	grep -E '^ptmaint: [^ ]+:[0-9]+: ' "$1"
}

# --- command line -------------------------------------------------------
run ptmaint --help
is "--help exits 0" 0 "$rc"
grep -q '^usage: ptmaint' "$T/out"
ok $? "--help prints the usage on stdout"
run ptmaint -h
is "-h exits 0" 0 "$rc"
run ptmaint -V
is "-V exits 0" 0 "$rc"
grep -q '^ptmaint (patchtrack) ' "$T/out"
ok $? "-V: 'ptmaint (patchtrack) VERSION'"
run ptmaint --version
grep -q '^ptmaint (patchtrack) ' "$T/out"
ok $? "--version"
phdr >empty.tsv
for bad in "--no-such-option empty.tsv" "-f" "-f rules.MAINTAINERS -g . empty.tsv" \
    "-x empty.tsv" "empty.tsv" "-g" "-g . --tree . empty.tsv" \
    "-f rules.MAINTAINERS -r HEAD empty.tsv" "-f rules.MAINTAINERS --path MAINTAINERS empty.tsv" \
    "-m rules.MAINTAINERS empty.tsv" "-f rules.MAINTAINERS -d . empty.tsv" \
    "-g . -p MAINTAINERS empty.tsv"; do
	eval "run ptmaint $bad"
	is "usage error: $bad exits 2" 2 "$rc"
	[ ! -s "$T/out" ] && grep -q '^usage: ptmaint' "$T/err"
	ok $? "usage error: $bad: nothing on stdout, the usage on stderr"
done
run ptmaint -v -f rules.MAINTAINERS empty.tsv
is "an empty table: exit 0" 0 "$rc"
is "an empty table: the header only" "$HDR" "$(cat "$T/out")"
[ -s "$T/err" ]
ok $? "the summary on stderr"
run ptmaint -q -H -f rules.MAINTAINERS empty.tsv
[ "$rc" -eq 0 ] && [ ! -s "$T/out" ] && [ ! -s "$T/err" ]
ok $? "-q -H: no summary, no header"
run ptmaint -q -f rules.MAINTAINERS <empty.tsv
is "standard input is read" "$HDR" "$(cat "$T/out")"

# --- the rules, one patch (one file) each --------------------------------
D0=2024-01-01T00:00:00Z
{
	phdr
	# trailing '/': everything below, at any depth
	prow slash "$D0" drivers/net/foo.c
	prow slash-deep "$D0" drivers/net/wireless/ath/x.c
	# dir/*: files directly in, not below
	prow star-in "$D0" drivers/gpu/drm.c
	prow star-below "$D0" drivers/gpu/drm/x.c
	# */net/*: any top folder, the same number of '/'
	prow anynet "$D0" sound/net/x.c
	prow anynet-deep "$D0" drivers/staging/net/x.c
	# '?' is one character, '.' is a dot
	prow qm "$D0" lib/crc8.c
	prow qm-two "$D0" lib/crc16.c
	prow dot "$D0" lib/crc8xc
	# the equal-slash rule for a pattern not ending in '/'
	prow hdr "$D0" include/linux/list.h
	prow hdr-below "$D0" include/linux/sched/signal.h
	# a folder named without '/': everything below it
	prow godir "$D0" tools/golang/xenlight/types.go
	prow godir-top "$D0" tools/golang/Makefile
	# prefix-only anchoring
	prow anchor-orig "$D0" a/b.c.orig
	prow anchor-x "$D0" x/a/b.c
	prow anchor-ab "$D0" ab.c
	prow anchor-bcc "$D0" b.cc
	prow anchor-src "$D0" src/sub/x.c
	prow anchor-sub "$D0" sub/x/y.c
	# X: is tried first, and only in its own section
	prow ext4 "$D0" fs/ext4/inode.c
	prow ext2 "$D0" fs/ext2/super.c
	prow fsreadme "$D0" fs/README
	prow fsreadme-md "$D0" fs/README.md
	# N: anywhere in the path, blanks of the regex ignored (/x)
	prow tegra "$D0" arch/arm/mach-tegra/board.c
	prow tegra-mid "$D0" drivers/gpu/tegra/x.c
	prow tegra-file "$D0" drivers/tegra.c
	prow integra "$D0" drivers/integra/x.c
	prow tegra-top "$D0" tegra/x.c
	# entries: names, addresses, lists
	prow arm "$D0" arch/arm/kernel/setup.c
	prow orphan "$D0" old/x.c
	prow nostatus "$D0" nostatus/x.c
	prow none "$D0" nowhere/x.c
	# several files: the union, the best depth, sections by depth
	prow multi "$D0" 'old/y.c\nfs/ext2/super.c\ndrivers/net/wireless/x.c'
	prow best "$D0" 'drivers/net/a.c\ndrivers/net/wireless/b.c'
} >rules.tsv
run ptmaint -f rules.MAINTAINERS rules.tsv
is "rules: exit 0" 0 "$rc"
cp "$T/out" rules.out
cp "$T/err" rules.err
is "rules: the header" "$HDR" "$(head -1 rules.out)"
is "rules: no warning about the fixture" "" "$(warnings rules.err)"

is "trailing '/': drivers/net/foo.c in both drivers/net/ sections (file order at equal depth), and */net/* at -1" \
	"TRAILING SLASH:2:1|SECOND ON NET:2:1|ANY NET:-1:0" "$(secs rules.out slash)"
is "trailing '/': the via of each" \
	"TRAILING SLASH=F:drivers/net/|SECOND ON NET=F:drivers/net/|ANY NET=F:*/net/*" "$(vias rules.out slash)"
is "trailing '/': below at any depth; the deeper pattern first (depth 3 before 2)" \
	"SECOND ON NET:3:1|TRAILING SLASH:2:1" "$(secs rules.out slash-deep)"
is "dir/*: a file directly in drivers/gpu (depth 3)" "DIRECT STAR:3:1" "$(secs rules.out star-in)"
is "dir/*: not a file below drivers/gpu/drm" "" "$(secs rules.out star-below)"
is "*/net/*: sound/net/x.c, a catch-all by depth (-1), responsible as the only section" \
	"ANY NET:-1:1" "$(secs rules.out anynet)"
is "*/net/*: '*' crosses '/', but the slash count must be equal (drivers/staging/net/x.c)" \
	"" "$(secs rules.out anynet-deep)"
is "'?': lib/crc8.c in lib/crc?.c" "QUESTION MARK:2:1" "$(secs rules.out qm)"
is "'?': one character, not two (lib/crc16.c)" "" "$(secs rules.out qm-two)"
is "'.': a dot, not any character (lib/crc8xc)" "" "$(secs rules.out dot)"
is "equal slashes: include/linux/list.h in include/linux/*.h (depth 3)" "HEADERS:3:1" "$(secs rules.out hdr)"
is "equal slashes: not include/linux/sched/signal.h ('*' would cross the '/')" "" "$(secs rules.out hdr-below)"
is "a folder without '/': tools/golang covers tools/golang/xenlight/types.go (depth 2)" \
	"GOLANG DIR:2:1" "$(secs rules.out godir)"
is "a folder without '/': and tools/golang/Makefile" "GOLANG DIR:2:1" "$(secs rules.out godir-top)"
is "a folder without '/': the via is the pattern as written" "GOLANG DIR=F:tools/golang" "$(vias rules.out godir)"
is "prefix anchoring: F: a/b.c matches a/b.c.orig" "ANCHORS:2:1" "$(secs rules.out anchor-orig)"
is "prefix anchoring: F: a/b.c does not match x/a/b.c" "" "$(secs rules.out anchor-x)"
is "prefix anchoring: F: b.c does not match ab.c (anchored at the start)" "" "$(secs rules.out anchor-ab)"
is "prefix anchoring: F: b.c matches b.cc (not at the end)" "ANCHORS:1:1" "$(secs rules.out anchor-bcc)"
is "prefix anchoring: F: sub/ does not match src/sub/x.c" "" "$(secs rules.out anchor-src)"
is "prefix anchoring: F: sub/ matches sub/x/y.c" "ANCHORS:1:1" "$(secs rules.out anchor-sub)"
is "X: fs/ext4/ takes fs/ext4/inode.c out of FILESYSTEMS, not out of EXT4" "EXT4:2:1" "$(secs rules.out ext4)"
is "X: only what it names: fs/ext2/super.c stays in FILESYSTEMS" "FILESYSTEMS:1:1" "$(secs rules.out ext2)"
is "X: fs/README beats F: fs/" "" "$(secs rules.out fsreadme)"
is "X: is a prefix pattern too: fs/README.md" "" "$(secs rules.out fsreadme-md)"
is "N: arch/arm/mach-tegra/board.c by F: (depth 3) and by N: (depth 0)" \
	"ARM PORT:3:1|TEGRA:0:1" "$(secs rules.out tegra)"
# via is the first entry of the section that matched, in the order of the
# file (F: arch/arm/), not the one that gave the depth (arch/arm/mach-tegra/).
is "N: the via is the regex as written; F: the first entry that matched" "ARM PORT=F:arch/arm/|TEGRA=N:[^a-z] tegra" \
	"$(vias rules.out tegra)"
is "N: searched anywhere (drivers/gpu/tegra/x.c), the blank ignored (/x)" "TEGRA:0:1" "$(secs rules.out tegra-mid)"
is "N: drivers/tegra.c" "TEGRA:0:1" "$(secs rules.out tegra-file)"
is "N: [^a-z]tegra is not in drivers/integra/x.c" "" "$(secs rules.out integra)"
is "N: nor in tegra/x.c (nothing before it)" "" "$(secs rules.out tegra-top)"

# The comment of an L: line with or without its parentheses (the spec's
# example has none, ptmaint(1) says "the comment").
is "entries in file order; addresses lower-cased; quotes off a name; a bare address has no name; L: comment as the name" \
	"M arm.quoted@example.org Arm, Quoted|M roger.pau@example.com Roger Pau Monné|R plain-reviewer@example.org |L linux-arm@lists.example.org moderated for non-subscribers|L arm-announce@lists.example.org " \
	"$(names rules.out arm "ARM PORT" | sed 's/(\(moderated for non-subscribers\))/\1/')"
diag "the name of 'L: linux-arm@lists.example.org (moderated for non-subscribers)': $(names rules.out arm "ARM PORT" | cut -d'|' -f4)"
is "a whole row: id version section status role name addr depth responsible via" \
	"arm/rules.MAINTAINERS/ARM PORT/Maintained/M/Arm, Quoted/arm.quoted@example.org/2/1/F:arch/arm/" \
	"$(row rules.out arm | cut -d'|' -f1)"
is "a section without M/R/L: one row, role empty" \
	"orphan/rules.MAINTAINERS/ORPHAN AREA/Orphan////1/1/F:old/" "$(row rules.out orphan)"
is "a section without S:: status empty" \
	"nostatus/rules.MAINTAINERS/NO STATUS//M/Nora Status/nora@example.org/1/1/F:nostatus/" \
	"$(row rules.out nostatus)"
is "a patch in no section: one row, the version set, all else empty" \
	"$(empty none rules.MAINTAINERS)" "$(row rules.out none)"
is "several files: the union, by depth, then file order" \
	"SECOND ON NET:3:1|TRAILING SLASH:2:1|FILESYSTEMS:1:1|ORPHAN AREA:1:1" "$(secs rules.out multi)"
is "several files: a section's depth is its best over the files" \
	"SECOND ON NET:3:1|TRAILING SLASH:2:1|ANY NET:-1:0" "$(secs rules.out best)"
awk -F'\t' 'NR > 1 { print $1 }' rules.out | uniq >ids
cut -f1 rules.tsv | sed 1d >ids.want
same "patches in input order, the rows of a patch together" ids.want ids
awk -F'\t' 'NR > 1 && NF != 10 { bad++ } END { print bad + 0 }' rules.out >nf
is "every row has 10 fields" 0 "$(cat nf)"
is "via: the first entry that matched, though a later one gave the depth" \
	"SECOND ON NET=F:drivers/net/|TRAILING SLASH=F:drivers/net/" "$(vias rules.out slash-deep)"

# A folder named without '/': with -f and no tree, F: tools/golang is also
# a prefix of tools/golangci.yml (the same number of '/'); with --tree and a
# tree where tools/golang is a folder it is not (get_maintainer.pl asks
# its working tree).  Only a pattern without '.', '*' or '?' names a folder.
{
	phdr
	prow golangci "$D0" tools/golangci.yml
	prow godir2 "$D0" tools/golang/xenlight/types.go
	prow dotdir "$D0" lib/v1.2/x.c
	prow dotdir-prefix "$D0" lib/v1.23
} >golangci.tsv
mkdir -p tree/tools/golang tree/lib/v1.2
ptmaint -q -f rules.MAINTAINERS golangci.tsv >golangci.out
is "a folder without '/', no tree: tools/golangci.yml by prefix" "GOLANG DIR:2:1" "$(secs golangci.out golangci)"
is "a pattern with '.' names no folder: not lib/v1.2/x.c" "" "$(secs golangci.out dotdir)"
is "a pattern with '.': lib/v1.23 by prefix" "DOTTED:2:1" "$(secs golangci.out dotdir-prefix)"
run ptmaint -q -f rules.MAINTAINERS --tree tree golangci.tsv
is "--tree: exit 0" 0 "$rc"
is "--tree: tools/golang is a folder of the tree: not tools/golangci.yml" "" "$(secs "$T/out" golangci)"
is "--tree: tools/golang/xenlight/types.go still" "GOLANG DIR:2:1" "$(secs "$T/out" godir2)"
is "--tree: lib/v1.2 is a folder of the tree, but has a '.': still not lib/v1.2/x.c" "" "$(secs "$T/out" dotdir)"

# --- K: the added and removed lines of hunks -----------------------------
# Mails through mbox2tsv and patchtok, so the hunks are what the pipeline
# makes: context lines, hunk headings and the message are not searched.
kmail() { # ID DATE SUBJECT FILE BODY-LINE DIFF-LINES...
	id=$1 date=$2 subj=$3 file=$4 body=$5
	shift 5
	printf 'From x@y Thu Jan  1 00:00:00 1970\nFrom: A <a@example.com>\nTo: l@example.com\n'
	printf 'Subject: [PATCH] %s\nDate: %s\nMessage-ID: <%s>\n\n%s\n\nSigned-off-by: A <a@example.com>\n---\n' \
	    "$subj" "$date" "$id" "$body"
	printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n' "$file" "$file" "$file" "$file"
	for l in "$@"; do printf '%s\n' "$l"; done
	printf -- '-- \n2.40.0\n\n'
}
{
	kmail k-add 'Mon, 1 Jan 2024 10:00:00 +0000' 'add' docs/a.txt 'plain' \
	    '@@ -1,2 +1,2 @@' ' ctx' '-old' '+int magic_number;'
	kmail k-del 'Mon, 1 Jan 2024 10:01:00 +0000' 'del' docs/a.txt 'plain' \
	    '@@ -1,2 +1,2 @@' ' ctx' '-FROB it' '+new'
	kmail k-word 'Mon, 1 Jan 2024 10:02:00 +0000' 'word' docs/a.txt 'plain' \
	    '@@ -1,2 +1,2 @@' ' ctx' '-old' '+FROBS'
	kmail k-ctx 'Mon, 1 Jan 2024 10:03:00 +0000' 'ctx' docs/a.txt 'plain' \
	    '@@ -1,3 +1,3 @@ void magic_init(void)' ' magic_context FROB' '-old' '+new' ' FROB'
	kmail k-msg 'Mon, 1 Jan 2024 10:07:00 +0000' 'msg' docs/a.txt \
	    'the magic_thing of the message' '@@ -1,2 +1,2 @@' ' ctx' '-old' '+new'
	kmail k-file 'Mon, 1 Jan 2024 10:04:00 +0000' 'file' docs/magic_notes.txt 'plain' \
	    '@@ -1,2 +1,2 @@' ' ctx' '-old' '+new'
	kmail k-both 'Mon, 1 Jan 2024 10:05:00 +0000' 'both' kw/a.c 'plain' \
	    '@@ -1,2 +1,2 @@' ' ctx' '-old' '+magic_x'
	kmail k-space 'Mon, 1 Jan 2024 10:06:00 +0000' 'space' docs/b.txt 'plain' \
	    '@@ -1,2 +1,2 @@' ' ctx' '-old' '+spaced_word'
} >k.mbox
mbox2tsv -q k.mbox | patchtok -q >k.tok
is "K: the mails became $(rows k.tok) patches" 8 "$(rows k.tok)"
run ptmaint -f rules.MAINTAINERS k.tok
is "K: a patchtok table is read: exit 0" 0 "$rc"
cp "$T/out" k.out
is "K: an added line (depth 0)" "KEYWORDS:0:1" "$(secs k.out k-add)"
is "K: the via is the regex" "KEYWORDS=K:magic_.*" "$(vias k.out k-add)"
# TSV escapes the backslashes of the regex in the via column.
is "K: a removed line, by the second K:" 'KEYWORDS=K:\\b(frobnicate|FROB)\\b' "$(vias k.out k-del)"
is "K: a word boundary: FROBS is not the word FROB" "" "$(secs k.out k-word)"
is "K: not context lines, not the hunk heading" "" "$(secs k.out k-ctx)"
# ptmaint(1) searches the message too, as get_maintainer.pl does (the
# spec said added and removed lines only).
is "K: the message (msg) is searched (ptmaint(1), get_maintainer.pl)" "KEYWORDS:0:1" "$(secs k.out k-msg)"
is "K: not the file name" "" "$(secs k.out k-file)"
is "K: and F: in one section: the best depth (F: kw/, 1)" "KEYWORDS:1:1" "$(secs k.out k-both)"
is "K: blanks ignored (/x)" \
	"SPACED KEYWORD:0:1" "$(secs k.out k-space)"
{
	phdr
	prow hk-add "$D0" docs/a.txt 'F docs/a.txt\tdocs/a.txt\n@ \n-old\n+x magic_y'
	prow hk-head "$D0" docs/a.txt 'F docs/a.txt\tdocs/a.txt\n@ int magic_init(void)\n-old\n+new'
	prow hk-f "$D0" docs/magic_a.txt 'F docs/magic_a.txt\tdocs/magic_a.txt\n@ \n-old\n+new'
	prow hk-none "$D0" docs/a.txt ''
} >hk.tsv
run ptmaint -q -f rules.MAINTAINERS hk.tsv
cp "$T/out" hk.out
is "K: a hand-made hunks column: an added line" "KEYWORDS:0:1" "$(secs hk.out hk-add)"
is "K: a hand-made hunks column: not the '@' heading" "" "$(secs hk.out hk-head)"
is "K: a hand-made hunks column: not the 'F' line" "" "$(secs hk.out hk-f)"
is "K: an empty hunks field: no keyword" "" "$(secs hk.out hk-none)"
cut -f1-3 hk.tsv >nohunks.tsv
run ptmaint -q -f rules.MAINTAINERS nohunks.tsv
is "K: without a hunks column: exit 0 (hunks is optional)" 0 "$rc"
is "K: without a hunks column: no keyword matches" "" "$(secs "$T/out" hk-add)"

# --- catch-all sections and responsible ----------------------------------
{
	phdr
	prow r-src "$D0" src/a.c
	prow r-top "$D0" README
	prow r-doc "$D0" docs/x.txt
	prow r-ac "$D0" configure.ac
	prow r-mix "$D0" 'docs/x.txt\nsrc/a.c'
} >rest.tsv
run ptmaint -q -f rest.MAINTAINERS rest.tsv
cp "$T/out" rest.out
is "catch-all: with a specific section, THE REST is not responsible" \
	"SPECIFIC:1:1|THE REST:-1:0" "$(secs rest.out r-src)"
is "catch-all: THE REST by F: */ (it does not match src/a.c by F: *)" \
	"SPECIFIC=F:src/|THE REST=F:*/" "$(vias rest.out r-src)"
is "catch-all: only THE REST matched: responsible" "THE REST:-1:1" "$(secs rest.out r-top)"
is "catch-all: README by F: * (no '/'), docs/x.txt by F: */" "THE REST=F:*|THE REST=F:*/" \
	"$(vias rest.out r-top)|$(vias rest.out r-doc)"
is "catch-all: two catch-all sections (F: *.ac and F: *) both responsible, in file order" \
	"ALSO STAR:-1:1|THE REST:-1:1" "$(secs rest.out r-ac)"
is "catch-all: responsible is per patch: one file in SPECIFIC makes THE REST not" \
	"SPECIFIC:1:1|THE REST:-1:0" "$(secs rest.out r-mix)"
is "catch-all: THE REST's M and L" "M rest@example.org|L all@lists.example.org" "$(who rest.out r-top 'THE REST')"
is "catch-all: status" "Buried alive in reporters" \
	"$(awk -F'\t' '$1 == "r-top" { print $4; exit }' rest.out)"

# --- the real Xen MAINTAINERS (2026-08) ----------------------------------
{
	phdr
	prow shadow "$D0" xen/arch/x86/mm/shadow/multi.c
	prow vmx "$D0" xen/arch/x86/hvm/vmx/vmx.c
	prow tee "$D0" xen/arch/arm/tee/optee.c
	prow armvm "$D0" xen/arch/arm/vm_event.c
	prow armlp "$D0" xen/arch/arm/include/asm/livepatch.h
	prow remus "$D0" tools/libs/light/libxl_remus_disk_drbd.c
	prow arinc "$D0" tools/libs/ctrl/xc_arinc653.c
	prow golang "$D0" tools/golang/xenlight/xenlight.go
	prow confac "$D0" configure.ac
	prow versac "$D0" version.ac
	prow toolsac "$D0" tools/configure.ac
	prow vtd "$D0" xen/drivers/passthrough/vtd/iommu.c
	prow pci "$D0" xen/drivers/passthrough/pci.c
	prow pdt "$D0" xen/drivers/passthrough/device_tree.c
	prow acpiboot "$D0" xen/arch/x86/acpi/boot.c
	prow acpipower "$D0" xen/arch/x86/acpi/power.c
	prow xsm "$D0" xen/xsm/flask/hooks.c
	prow xsm-k1 "$D0" docs/misc/hypfs-paths.pandoc 'F docs/misc/hypfs-paths.pandoc\tdocs/misc/hypfs-paths.pandoc\n@ \n+see xsm_hypfs_op'
	prow xsm-k2 "$D0" docs/misc/hypfs-paths.pandoc 'F docs/misc/hypfs-paths.pandoc\tdocs/misc/hypfs-paths.pandoc\n@ \n-the XSM policy'
	prow xsm-k0 "$D0" docs/misc/hypfs-paths.pandoc 'F docs/misc/hypfs-paths.pandoc\tdocs/misc/hypfs-paths.pandoc\n@ \n-the xsmpolicy'
	prow efi "$D0" xen/common/efi/boot.c
	prow xenstore-doc "$D0" docs/misc/xenstore.txt
	prow kexec "$D0" xen/common/kexec.c
	prow kimage "$D0" xen/common/kimage.c
	prow kexe "$D0" xen/common/kexe.c
	prow paging "$D0" xen/arch/x86/mm/mem_paging.c
	prow readme "$D0" README
} >xen.tsv
run ptmaint -f xen-MAINTAINERS xen.tsv
is "xen: exit 0" 0 "$rc"
cp "$T/out" xen.out
is "xen: no warning about the real file (V: lines, {kexec,kimage} patterns)" "" "$(warnings "$T/err")"
is "xen: shadow/multi.c: SHADOW (5), X86 (3), THE REST (-1, not responsible)" \
	"X86 SHADOW PAGETABLES:5:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs xen.out shadow)"
is "xen: shadow/multi.c: the shadow people, in file order" \
	"M jbeulich@suse.com|M andrew.cooper3@citrix.com|R tim@xen.org" "$(who xen.out shadow 'X86 SHADOW PAGETABLES')"
is "xen: shadow/multi.c: X86 with the UTF-8 name and its list" \
	"M jbeulich@suse.com Jan Beulich|M andrew.cooper3@citrix.com Andrew Cooper|M roger@xenproject.org Roger Pau Monné|R teddy.astie@vates.tech Teddy Astie|L xen-devel@lists.xenproject.org " \
	"$(names xen.out shadow 'X86 ARCHITECTURE')"
is "xen: vmx.c: no VT-X section any more" "X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs xen.out vmx)"
is "xen: arm/tee/optee.c: TEE (4) before ARM (3)" \
	"TEE MEDIATORS:4:1|ARM (W/ VIRTUALISATION EXTENSIONS) ARCHITECTURE:3:1|THE REST:-1:0" "$(secs xen.out tee)"
is "xen: ARM's reviewer lower-cased" \
	"M sstabellini@kernel.org|M julien@xen.org|M bertrand.marquis@arm.com|M michal.orzel@amd.com|R volodymyr_babchuk@epam.com|L xen-devel@lists.xenproject.org" \
	"$(who xen.out tee 'ARM (W/ VIRTUALISATION EXTENSIONS) ARCHITECTURE')"
is "xen: arm/vm_event.c: xen/arch/*/vm_event.c (4) before xen/arch/arm/ (3)" \
	"VM EVENT, MEM ACCESS and MONITOR:4:1|ARM (W/ VIRTUALISATION EXTENSIONS) ARCHITECTURE:3:1|THE REST:-1:0" \
	"$(secs xen.out armvm)"
is "xen: arm/include/asm/livepatch.h: xen/arch/*/include/asm/livepatch.h (6)" \
	"LIVEPATCH:6:1|ARM (W/ VIRTUALISATION EXTENSIONS) ARCHITECTURE:3:1|THE REST:-1:0" "$(secs xen.out armlp)"
is "xen: libxl_remus_*: REMUS (4), LIBS (2), TOOLSTACK (1)" \
	"REMUS:4:1|LIBS:2:1|TOOLSTACK:1:1|THE REST:-1:0" "$(secs xen.out remus)"
is "xen: REMUS has no M/R/L: one row, status Orphan" \
	"remus/xen-MAINTAINERS/REMUS/Orphan////4/1/F:tools/libs/light/libxl_remus_*" \
	"$(row xen.out remus | tr '|' '\n' | grep '/REMUS/')"
is "xen: xc_arinc653.c: ARINC653 (4), its list" \
	"ARINC653 SCHEDULER:4:1|LIBS:2:1|TOOLSTACK:1:1|THE REST:-1:0" "$(secs xen.out arinc)"
is "xen: ARINC653's entries" \
	"M nathan.studer@dornerworks.com|M stewart.hildebrand@amd.com|L xen-devel@dornerworks.com" \
	"$(who xen.out arinc 'ARINC653 SCHEDULER')"
is "xen: tools/golang (no '/') covers tools/golang/xenlight/xenlight.go" \
	"GOLANG BINDINGS:2:1|TOOLSTACK:1:1|THE REST:-1:0" "$(secs xen.out golang)"
is "xen: configure.ac: TOOLSTACK by F: configure (a prefix, depth 1)" \
	"TOOLSTACK:1:1|THE REST:-1:0" "$(secs xen.out confac)"
is "xen: version.ac: TOOLSTACK's *.ac and THE REST's *, both catch-all, both responsible" \
	"TOOLSTACK:-1:1|THE REST:-1:1" "$(secs xen.out versac)"
is "xen: version.ac: the vias" "TOOLSTACK=F:*.ac|THE REST=F:*" "$(vias xen.out versac)"
is "xen: tools/configure.ac: TOOLSTACK by tools/ (1) over */*.ac (-1)" \
	"TOOLSTACK:1:1|THE REST:-1:0" "$(secs xen.out toolsac)"
is "xen: tools/configure.ac: TOOLSTACK's via is its first entry that matched (*/configure, a prefix)" \
	"TOOLSTACK=F:*/configure|THE REST=F:*/" "$(vias xen.out toolsac)"
is "xen: passthrough/vtd/: X: takes it out of IOMMU; X86 has it (4)" \
	"X86 ARCHITECTURE:4:1|THE REST:-1:0" "$(secs xen.out vtd)"
is "xen: passthrough/pci.c: IOMMU (3)" \
	"IOMMU VENDOR INDEPENDENT CODE:3:1|THE REST:-1:0" "$(secs xen.out pci)"
is "xen: IOMMU's reviewer (roger@xenproject.com, as the file has it)" \
	"M jbeulich@suse.com|R roger@xenproject.com" "$(who xen.out pci 'IOMMU VENDOR INDEPENDENT CODE')"
is "xen: passthrough/device_tree.c: X: of a file; DEVICE TREE (4)" \
	"DEVICE TREE:4:1|THE REST:-1:0" "$(secs xen.out pdt)"
is "xen: acpi/boot.c: out of POWER MANAGEMENT by X:" \
	"ACPI:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs xen.out acpiboot)"
is "xen: acpi/power.c: ACPI and POWER MANAGEMENT at 4, in file order" \
	"ACPI:4:1|POWER MANAGEMENT:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs xen.out acpipower)"
is "xen: xen/xsm/flask/hooks.c: XSM/FLASK (2)" "XSM/FLASK:2:1|THE REST:-1:0" "$(secs xen.out xsm)"
is "xen: K: xsm_.* on an added line: XSM/FLASK at 0, responsible; THE REST not" \
	"XSM/FLASK:0:1|THE REST:-1:0" "$(secs xen.out xsm-k1)"
is "xen: K: xsm_.* via" "XSM/FLASK=K:xsm_.*|THE REST=F:*/" "$(vias xen.out xsm-k1)"
is "xen: K: (xsm|XSM) between word boundaries, on a removed line" 'XSM/FLASK=K:\\b(xsm|XSM)\\b|THE REST=F:*/' "$(vias xen.out xsm-k2)"
is "xen: K: 'xsmpolicy' is not the word xsm" "THE REST:-1:1" "$(secs xen.out xsm-k0)"
is "xen: EFI: UTF-8 names" \
	"M dpsmith@apertussolutions.com Daniel P. Smith|M marmarek@invisiblethingslab.com Marek Marczykowski-Górecki|R jbeulich@suse.com Jan Beulich" \
	"$(names xen.out efi EFI)"
is "xen: docs/*/xenstore* (3)" "XENSTORE:3:1|THE REST:-1:0" "$(secs xen.out xenstore-doc)"
# get_maintainer.pl would look for the braces themselves; ptmaint(1)
# reads them as the shell does.
is "xen: F: xen/common/{kexec,kimage}.c takes xen/common/kexec.c (ptmaint(1): {a,b} as in the shell)" \
	"KEXEC:3:1|THE REST:-1:0" "$(secs xen.out kexec)"
is "xen: and xen/common/kimage.c, not xen/common/kexecx.c's neighbour kexe.c" "KEXEC:3:1|THE REST:-1:0 THE REST:-1:1" \
	"$(secs xen.out kimage) $(secs xen.out kexe)"
is "xen: X86 MEMORY PAGING (no M/R/L, S: Orphaned)" \
	"paging/xen-MAINTAINERS/X86 MEMORY PAGING/Orphaned////5/1/F:xen/arch/x86/mm/mem_paging.c" \
	"$(row xen.out paging | tr '|' '\n' | grep '/X86 MEMORY PAGING/')"
is "xen: README: THE REST alone, by F: *" \
	"THE REST:-1:1" "$(secs xen.out readme)"
is "xen: THE REST's people" \
	"M andrew.cooper3@citrix.com|M anthony.perard@vates.tech|M michal.orzel@amd.com|M jbeulich@suse.com|M julien@xen.org|M roger@xenproject.org|M sstabellini@kernel.org|L xen-devel@lists.xenproject.org" \
	"$(who xen.out readme 'THE REST')"
{ phdr; prow nxp "$D0" xen/drivers/char/linflex-uart.c; } >nxp.tsv
ptmaint -q -f xen-MAINTAINERS nxp.tsv >nxp.out
diag "spec question: 'L: NXP S32 Linux Team <s32@nxp.com>' (get_maintainer.pl takes the list address to be 'NXP'): $(names nxp.out nxp 'NXP S32G3 PROCESSORS FAMILY SUPPORT')"

# The 2019 file, the same paths.
run ptmaint -q -f xen-MAINTAINERS-2019 xen.tsv
is "xen 2019: exit 0" 0 "$rc"
cp "$T/out" xen19.out
is "xen 2019: shadow/multi.c: also X86 MEMORY MANAGEMENT (4)" \
	"X86 SHADOW PAGETABLES:5:1|X86 MEMORY MANAGEMENT:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" \
	"$(secs xen19.out shadow)"
is "xen 2019: shadow: Tim Deegan maintained it" "M tim@xen.org" "$(who xen19.out shadow 'X86 SHADOW PAGETABLES')"
is "xen 2019: vmx.c: INTEL(R) VT FOR X86 (VT-X) (5)" \
	"INTEL(R) VT FOR X86 (VT-X):5:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs xen19.out vmx)"
is "xen 2019: vtd/iommu.c: VT-D (4); X86 did not list it yet" \
	"INTEL(R) VT FOR DIRECTED I/O (VT-D):4:1|THE REST:-1:0" "$(secs xen19.out vtd)"
is "xen 2019: THE REST's people (mixed-case address lower-cased)" \
	"M andrew.cooper3@citrix.com|M george.dunlap@eu.citrix.com|M ian.jackson@eu.citrix.com|M jbeulich@suse.com|M julien@xen.org|M konrad.wilk@oracle.com|M sstabellini@kernel.org|M wl@xen.org|L xen-devel@lists.xenproject.org" \
	"$(who xen19.out readme 'THE REST')"
is "xen 2019: no K: yet" "THE REST:-1:1" "$(secs xen19.out xsm-k1)"
is "xen 2019: version is the file name" "xen-MAINTAINERS-2019" \
	"$(awk -F'\t' 'NR == 2 { print $2 }' xen19.out)"

# --- history: -g over a throw-away repository ----------------------------
git_at() { # DATE git args...
	d=$1
	shift
	GIT_AUTHOR_DATE=$d GIT_COMMITTER_DATE=$d git "$@"
}
GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t@example.com
GIT_COMMITTER_NAME=T GIT_COMMITTER_EMAIL=t@example.com
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
if git init -q -b master repo 2>/dev/null || { rm -rf repo; git init -q repo && git -C repo symbolic-ref HEAD refs/heads/master; }; then
	(
		cd repo || exit 1
		echo readme >README
		git add README
		git_at 2019-01-01T00:00:00Z commit -q -m 'no MAINTAINERS yet'
		cp ../xen-MAINTAINERS-2019 MAINTAINERS
		git add MAINTAINERS
		git_at 2019-12-31T12:00:00Z commit -q -m 'MAINTAINERS as of 2019'
		git checkout -q -b side
		awk '/^THE REST$/ { print "SIDE BRANCH\nM:\tSid Side <sid@example.org>\nS:\tMaintained\nF:\txen/arch/x86/mm/shadow/\n" } { print }' \
		    ../xen-MAINTAINERS-2019 >MAINTAINERS
		git_at 2020-06-01T00:00:00Z commit -q -a -m 'side: a section'
		git checkout -q master
		echo more >>README
		git_at 2020-08-01T00:00:00Z commit -q -a -m 'README only'
		git_at 2021-01-01T00:00:00Z merge -q --no-ff -m 'merge side' side
		cp ../xen-MAINTAINERS MAINTAINERS
		mkdir docs
		cp ../rules.MAINTAINERS docs/MAINTAINERS
		printf 'BAD\nM:\tB <b@example.org>\nN:\tfoo(\nF:\tbad/\n' >>docs/MAINTAINERS
		mkdir -p tools/golang
		echo go >tools/golang/README
		git add MAINTAINERS docs/MAINTAINERS tools/golang/README
		git_at 2026-08-01T00:00:00Z commit -q -m 'MAINTAINERS as of 2026'
	) >git.log 2>&1
	ok $? "history: the repository is built"
	# The first-parent line, newest first: 2026, the merge, README only,
	# the 2019 file, README only.
	set -- $(git -C repo rev-list --first-parent master)
	CNEW=$1 CM=$2 CRD=$3 C19=$4 C0=$5
	CSIDE=$(git -C repo rev-parse side)
	is "history: five commits on the first-parent line" 5 "$#"
	is "history: their commit dates" \
		"2026-08-01T00:00:00Z 2021-01-01T00:00:00Z 2020-08-01T00:00:00Z 2019-12-31T12:00:00Z 2019-01-01T00:00:00Z" \
		"$(TZ=UTC git -C repo log --first-parent --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ master | tr '\n' ' ' | sed 's/ $//')"
	S=xen/arch/x86/mm/shadow/multi.c
	V=xen/arch/x86/hvm/vmx/vmx.c
	{
		phdr
		prow h-1990 1990-01-01T00:00:00Z "$S"
		prow h-2019-06 2019-06-15T00:00:00Z "$S"
		prow h-2020-03 2020-03-01T00:00:00Z "$S"
		prow h-2020-03-vmx 2020-03-01T00:00:00Z "$V"
		prow h-2020-09 2020-09-01T00:00:00Z "$S"
		prow h-2021-02 2021-02-01T00:00:00Z "$S"
		prow h-2026-07 2026-07-31T23:59:59Z "$S"
		prow h-2026-08 2026-08-01T00:00:00Z "$S"
		prow h-2026-09 2026-09-01T00:00:00Z "$S"
		prow h-2026-09-vmx 2026-09-01T00:00:00Z "$V"
		prow h-eq 2019-12-31T12:00:00Z "$S"
		prow h-before 2019-12-31T11:59:59Z "$S"
		prow h-go-2020 2020-03-01T00:00:00Z tools/golangci.yml
		prow h-go-2026 2026-09-01T00:00:00Z tools/golangci.yml
	} >hist.tsv
	run ptmaint -v -g repo hist.tsv
	is "history: exit 0" 0 "$rc"
	cp "$T/out" hist.out
	cp "$T/err" hist.err
	is "history: the header" "$HDR" "$(head -1 hist.out)"
	ver() { awk -F'\t' -v id="$2" '$1 == id { print $2; exit }' "$1"; }
	is "history: before any commit: no version, one empty row" "$(empty h-1990)" "$(row hist.out h-1990)"
	is "history: 2019-06, before the first commit with MAINTAINERS: no version, one empty row" \
		"$(empty h-2019-06)" "$(row hist.out h-2019-06)"
	is "history: 2020-03: the 2019 file" "$C19" "$(ver hist.out h-2020-03)"
	is "history: 2020-03: the 2019 sections" \
		"X86 SHADOW PAGETABLES:5:1|X86 MEMORY MANAGEMENT:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" \
		"$(secs hist.out h-2020-03)"
	is "history: 2020-03: the 2019 people" "M tim@xen.org" "$(who hist.out h-2020-03 'X86 SHADOW PAGETABLES')"
	is "history: 2020-03: vmx.c in VT-X" \
		"INTEL(R) VT FOR X86 (VT-X):5:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs hist.out h-2020-03-vmx)"
	is "history: first parent: 2020-09 does not see the side branch's commit of 2020-06" \
		"X86 SHADOW PAGETABLES:5:1|X86 MEMORY MANAGEMENT:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" \
		"$(secs hist.out h-2020-09)"
	is "history: 2020-09: the version is the commit that last changed the file, not the README commit on top" \
		"$C19" "$(ver hist.out h-2020-09)"
	is "history: 2021-02: the merge brought the side section in" "$CM" "$(ver hist.out h-2021-02)"
	is "history: 2021-02: SIDE BRANCH after SHADOW (both 5, file order)" \
		"X86 SHADOW PAGETABLES:5:1|SIDE BRANCH:5:1|X86 MEMORY MANAGEMENT:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" \
		"$(secs hist.out h-2021-02)"
	is "history: a second before the 2026 commit: the merge" "$CM" "$(ver hist.out h-2026-07)"
	is "history: at the 2026 commit's date (<=): the new file" "$CNEW" "$(ver hist.out h-2026-08)"
	is "history: 2026-09: the new file" "$CNEW" "$(ver hist.out h-2026-09)"
	is "history: 2026-09: the new sections" \
		"X86 SHADOW PAGETABLES:5:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs hist.out h-2026-09)"
	is "history: 2026-09: the new people" \
		"M jbeulich@suse.com|M andrew.cooper3@citrix.com|R tim@xen.org" "$(who hist.out h-2026-09 'X86 SHADOW PAGETABLES')"
	is "history: 2026-09: vmx.c without VT-X" "X86 ARCHITECTURE:3:1|THE REST:-1:0" "$(secs hist.out h-2026-09-vmx)"
	is "history: at the 2019 commit's date: that version" "$C19" "$(ver hist.out h-eq)"
	is "history: a second before it: none" "" "$(ver hist.out h-before)"
	is "history: tools/golangci.yml in 2020: no tools/golang folder in the tree, F: tools/golang a prefix" \
		"GOLANG BINDINGS:2:1|TOOLSTACK:1:1|THE REST:-1:0" "$(secs hist.out h-go-2020)"
	is "history: tools/golangci.yml in 2026: tools/golang is a folder of that tree" \
		"TOOLSTACK:1:1|THE REST:-1:0" "$(secs hist.out h-go-2026)"
	is "history: no warning from the Xen files" "" "$(warnings hist.err)"
	grep -q '^ptmaint: 14 patches, 11 in a section, 3 with no MAINTAINERS' hist.err
	ok $? "history: the summary counts patches, those in a section, those with no version"
	diag "history summary: $(cat hist.err)"

	run ptmaint -q -g repo -r side hist.tsv
	is "history -r side: exit 0" 0 "$rc"
	is "history -r side: 2020-09 sees the side commit" "$CSIDE" "$(ver "$T/out" h-2020-09)"
	is "history -r side: and its section" \
		"X86 SHADOW PAGETABLES:5:1|SIDE BRANCH:5:1|X86 MEMORY MANAGEMENT:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" \
		"$(secs "$T/out" h-2020-09)"
	is "history -r side: 2026-09 uses the side's last version" "$CSIDE" "$(ver "$T/out" h-2026-09)"
	run ptmaint -q -g repo -r "$C19" hist.tsv
	is "history -r COMMIT: 2026-09 uses the 2019 file" "$C19 X86 SHADOW PAGETABLES:5:1|X86 MEMORY MANAGEMENT:4:1|X86 ARCHITECTURE:3:1|THE REST:-1:0" \
		"$(ver "$T/out" h-2026-09) $(secs "$T/out" h-2026-09)"

	{
		phdr
		prow p-2020 2020-03-01T00:00:00Z arch/arm/kernel/setup.c
		prow p-2026 2026-09-01T00:00:00Z arch/arm/kernel/setup.c
		prow p-bad 2026-09-01T00:00:00Z bad/x.c
	} >p.tsv
	run ptmaint -g repo --path docs/MAINTAINERS p.tsv
	is "history --path: a file added in 2026 and a bad line in it: exit 0" 0 "$rc"
	is "history --path: 2020: no version of docs/MAINTAINERS" "$(empty p-2020)" "$(row "$T/out" p-2020)"
	is "history --path: 2026: the rules file" "$CNEW ARM PORT:2:1" "$(ver "$T/out" p-2026) $(secs "$T/out" p-2026)"
	# The commit may be abbreviated.
	line=$(($(wc -l <rules.MAINTAINERS) + 3))
	h=$(sed -n "s/^ptmaint: docs\/MAINTAINERS@\([0-9a-f]\{7,40\}\):$line: .*/\1/p" "$T/err" | head -1)
	n=$(grep -c "^ptmaint: docs/MAINTAINERS@[0-9a-f]*:$line: " "$T/err")
	case $CNEW in "$h"?*) [ -n "$h" ] ;; *) [ "$h" = "$CNEW" ] ;; esac
	ok $? "history --path: the bad N: named as ptmaint: PATH@COMMIT:LINE: ($h)"
	[ "$n" -eq 1 ]
	ok $? "history --path: named once, though two patches use that version"
	is "history --path: the section of the bad N: still matches by F:" "BAD:1:1" "$(secs "$T/out" p-bad)"

	{ phdr; prow d-bad yesterday "$S"; prow d-ok 2026-09-01T00:00:00Z "$S"; } >baddate.tsv
	run ptmaint -q -g repo baddate.tsv
	is "history: a bad date: exit 1" 1 "$rc"
	grep -q "^ptmaint: baddate.tsv:2: .*date" "$T/err"
	ok $? "history: a bad date named as file:line"
	is "history: a bad date: the row written without a version (ptmaint(1)), the good one with" \
		"$(empty d-bad)|$CNEW" "$(row "$T/out" d-bad)|$(ver "$T/out" d-ok)"
	run ptmaint -q -g "$T/no-such-repo" hist.tsv
	is "history: not a repository: exit 2" 2 "$rc"
	grep -q 'no-such-repo' "$T/err"
	ok $? "history: not a repository: named"
	run ptmaint -q -g repo -r no-such-rev hist.tsv
	is "history: an unknown -r: exit 2" 2 "$rc"
	grep -q 'no-such-rev' "$T/err"
	ok $? "history: an unknown -r: named"
	run ptmaint -q -g repo --path no/such/file hist.tsv
	is "history: --path of a file never in the history: exit 0, no version for any patch" \
		"0 0" "$rc $(awk -F'\t' 'NR > 1 && ($2 != "" || $3 != "") { n++ } END { print n + 0 }' "$T/out")"

	# A commit dated before its parent counts from its parent's date.
	(
		git init -q -b master repo2 && cd repo2 || exit 1
		cp ../rest.MAINTAINERS MAINTAINERS
		git add MAINTAINERS
		git_at 2020-01-01T00:00:00Z commit -q -m 'first'
		cp ../rules.MAINTAINERS MAINTAINERS
		git_at 2019-06-01T00:00:00Z commit -q -a -m 'dated before its parent'
	) >>git.log 2>&1
	D2=$(git -C repo2 rev-parse master)
	{
		phdr
		prow s-2019-09 2019-09-01T00:00:00Z old/x.c
		prow s-2020-02 2020-02-01T00:00:00Z old/x.c
	} >skew.tsv
	run ptmaint -q -g repo2 skew.tsv
	is "history: a commit dated before its parent: not used before its parent's date" \
		"$(empty s-2019-09)" "$(row "$T/out" s-2019-09)"
	is "history: a commit dated before its parent: used after it" "$D2 ORPHAN AREA:1:1" \
		"$(ver "$T/out" s-2020-02) $(secs "$T/out" s-2020-02)"
else
	skip "history: git init failed"
fi

# --- bad input ------------------------------------------------------------
{
	phdr
	prow b-good "$D0" good/x.c
	prow b-re "$D0" badre/x.c
	prow b-unk "$D0" unk/x.c
} >bad.tsv
run ptmaint -f bad.MAINTAINERS bad.tsv
# ptmaint(1): skipped entries are named, the exit status is that of the tables.
is "a bad regex and an unknown type in MAINTAINERS: named, exit 0" 0 "$rc"
grep -q '^ptmaint: bad.MAINTAINERS:7: ' "$T/err"
ok $? "the regex that does not compile named as ptmaint: FILE:LINE:"
grep -q '^ptmaint: bad.MAINTAINERS:12: ' "$T/err"
ok $? "the line of an unknown type (Z:) named as ptmaint: FILE:LINE:"
is "only those two lines named" 2 "$(warnings "$T/err" | wc -l | tr -d ' ')"
is "the entries around them are kept" "GOOD:1:1 BAD REGEX:1:1 UNKNOWN TYPE:1:1" \
	"$(secs "$T/out" b-good) $(secs "$T/out" b-re) $(secs "$T/out" b-unk)"
run ptmaint -q -f bad.MAINTAINERS bad.tsv
is "-q: skipped entries not named" "0 " "$rc $(cat "$T/err")"
run ptmaint -f "$T/no-such-file" bad.tsv
is "a missing MAINTAINERS: exit 2" 2 "$rc"
grep -q 'no-such-file' "$T/err"
ok $? "a missing MAINTAINERS is named"

printf 'id\tdate\n' >nofiles.tsv
prow x "$D0" >>nofiles.tsv
run ptmaint -f rules.MAINTAINERS nofiles.tsv
is "a table without files: exit 2" 2 "$rc"
grep -q "nofiles.tsv: missing column 'files'" "$T/err"
ok $? "a table without files: the column is named"
printf 'id\tfiles\nx\tfs/a.c\n' >nodate.tsv
run ptmaint -f rules.MAINTAINERS nodate.tsv
is "a table without date (-g): exit 2" 2 "$rc"
grep -q "nodate.tsv: missing column 'date'" "$T/err"
ok $? "a table without date: the column is named"
{
	phdr
	prow f-ok "$D0" fs/ext2/a.c
	printf 'f-short\t%s\n' "$D0"
	prow f-bad yesterday fs/ext2/b.c
	printf 'f-esc\t%s\tfs/\\q\t\n' "$D0"
	prow f-ok2 "$D0" fs/ext2/c.c
} >rowbad.tsv
run ptmaint -f rules.MAINTAINERS rowbad.tsv
is "bad rows: exit 1" 1 "$rc"
grep -q '^ptmaint: rowbad.tsv:3: 2 fields, the header has 4' "$T/err"
ok $? "a short row named with file:line"
grep -q "^ptmaint: rowbad.tsv:5: column 'files': invalid escape" "$T/err"
ok $? "an invalid escape named with file:line and column"
diag "with -f, the date 'yesterday': $(grep 'rowbad.tsv:4' "$T/err")"
is "bad rows: the good rows are written" "f-ok f-bad f-ok2" \
	"$(awk -F'\t' 'NR > 1 { print $1 }' "$T/out" | tr '\n' ' ' | sed 's/ $//')"
# A patch's message and hunks are read only for K: lines: without any,
# ptmaint(1) leaves them unread (most of a patch table's bytes), so a
# bad escape there is no bad row; with K: it is.
{
	phdr
	prow h-ok "$D0" fs/ext2/a.c 'F fs/ext2/a.c\tfs/ext2/a.c\n@ \n+x'
	prow h-esc "$D0" fs/ext2/b.c 'F fs/ext2/b.c\tfs/ext2/b.c\n@ \n+\q'
} >hunkbad.tsv
printf 'EXT2\nM:\tE <e@example.com>\nF:\tfs/ext2/\n' >nok.MAINTAINERS
run ptmaint -f nok.MAINTAINERS hunkbad.tsv
is "no K: lines: the hunks are not read, a bad escape there is no bad row (exit 0)" \
	"0 h-ok:EXT2:2:1 h-esc:EXT2:2:1" \
	"$rc h-ok:$(secs "$T/out" h-ok) h-esc:$(secs "$T/out" h-esc)"
run ptmaint -f rules.MAINTAINERS hunkbad.tsv
is "K: lines: the same bad escape is a bad row (exit 1)" 1 "$rc"
grep -q "^ptmaint: hunkbad.tsv:3: column 'hunks': invalid escape" "$T/err"
ok $? "K: lines: the bad hunks named with file:line and column"
run ptmaint -f rules.MAINTAINERS "$T/missing.tsv" rules.tsv
is "a missing table: exit 2" 2 "$rc"
grep -q 'missing.tsv' "$T/err"
ok $? "a missing table is named"
gzip -c rules.tsv >rules.tsv.gz
ptmaint -q -f rules.MAINTAINERS rules.tsv.gz >gz.out
same "a gzip table is read as the plain one" rules.out gz.out
gzip -c rules.MAINTAINERS >r.gz
ptmaint -q -f r.gz rules.tsv | sed 's/\tr\.gz\t/\trules.MAINTAINERS\t/' >gzm.out
same "a gzip MAINTAINERS is read as the plain one" rules.out gzm.out
ptmaint -q -f rules.MAINTAINERS - <rules.tsv >dash.out
same "'-' is standard input" rules.out dash.out

# --- deterministic ----------------------------------------------------------
ptmaint -q -f rules.MAINTAINERS rules.tsv >again.out
same "the same bytes twice" rules.out again.out
{ head -1 rules.tsv; sed 1d rules.tsv | sort -r; } >shuffled.tsv
{ head -1 rules.tsv; sed 1d rules.tsv | awk '{ print NR % 7 "\t" $0 }' | sort -k1,1n -s | cut -f2-; } >shuffled2.tsv
ptmaint -q -f rules.MAINTAINERS shuffled.tsv >shuffled.out
ptmaint -q -f rules.MAINTAINERS shuffled2.tsv >shuffled2.out
sort -s -t'	' -k1,1 rules.out >a.sorted
sort -s -t'	' -k1,1 shuffled.out >b.sorted
sort -s -t'	' -k1,1 shuffled2.out >c.sorted
same "rows reversed: the same rows per patch" a.sorted b.sorted
same "rows shuffled: the same rows per patch" a.sorted c.sorted
cat xen.tsv rules.tsv >both.tsv
ptmaint -q -f xen-MAINTAINERS both.tsv | awk -F'\t' 'NR > 1 && $1 == "shadow"' >both.shadow
awk -F'\t' '$1 == "shadow"' xen.out >xen.shadow
same "a header line repeated inside the input is skipped; other patches change nothing" xen.shadow both.shadow

done_testing
