#!/bin/sh
# 79-archive.t - patchtrack's archive logic (pipeline/pt-archive) by
# itself: the library sourced here, each case checked on the functions'
# answers (an archive's id, its state's parts, what segments gives make
# to read) without a run of the chain.  An archive moved keeps its id;
# an mbox that grew is read from its old end, one changed before its end
# is read again whole; a public-inbox epoch that grew is read after its
# last commit read, a rewritten one again whole, one made anew is
# another archive; a maildir's new files are read alone; a public-inbox
# folder gaining commits or an epoch is read after its last commit.
. "$(dirname "$0")/lib.sh"
git_sandbox
cd "$T" || exit 1

# What patchtrack sets before the archives, and its say (kept in said).
# The library's variables are the shell's (id, size, st, line ...): the
# test's own have other names.
out=$T/out
mkdir -p "$out/archives" "$out/stamps"
vars=$T/vars
say() { echo "$*" >>"$T/said"; }
. "$top/pipeline/pt-archive"

# take PATH...: one run's archives as patchtrack's loop takes them: the
# id of each in ID_n (n from 1), its name in NAME_n; names, the units to
# make; vars, their make variables; said, what was said.  The sums are
# filled in as at the end of a run.
take() {
	names= ids= fi_path= fi_st= verified= sums=
	: >"$vars"
	: >"$T/said"
	tk=0
	for a in "$@"; do
		tk=$((tk + 1))
		identity "$a"
		ids="$ids $id"
		name=
		for f in "$out/archives/${id}_"*.path; do
			[ -f "$f" ] || continue
			name=${f##*/}
			name=${name%.path}
			break
		done
		[ -n "$name" ] || name=${id}_$(printf '%s\n' "${a##*/}" | LC_ALL=C sed 's/[^A-Za-z0-9.-]/_/g')
		put "$out/archives/$name.path" "$a"
		put "$out/archives/$name.name" "${a##*/}"
		[ ! -f "$a" ] || put "$out/archives/$name.head" "$fi_head"
		segments "$a" "$name" || return 1
		eval "ID_$tk=\$id NAME_$tk=\$name"
	done
	fill_sums
}

# mails FIRST LAST: an mboxrd of mails FIRST to LAST, each about 600
# bytes (a hundred are more than the 64 KiB that name an mbox).
mails() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		for (i = a; i <= b; i++) {
			print "From mboxrd@z Thu Jan  1 00:00:00 1970"
			print "From: Some One <one@example.org>"
			printf "Subject: [PATCH] change number %d\n", i
			printf "Message-ID: <m%d@example.org>\n", i
			print "Date: Mon, 06 Jan 2020 10:00:00 +0000"
			print ""
			for (j = 0; j < 8; j++)
				printf "line %d of mail %d, written out long enough to take some room\n", j, i
			print ""
		}
	}'
}

# state NAME: the parts of an archive's state, sums left out.
state() {
	awk '$1 == "seg" { print $1, $2, $3, $4 }' "$out/archives/$1.state"
}

# --- the checksums ----------------------------------------------------------
mails 1 150 >a.mbox
sz1=$(stat -c %s a.mbox)
is "prefix_sum of the whole file: cksum's CRC" "c$(cksum <a.mbox | cut -d' ' -f1)" "$(prefix_sum a.mbox "$sz1")"
is "prefix_sum of a part: the CRC of its bytes" "c$(head -c 1000 a.mbox | cksum | cut -d' ' -f1)" \
	"$(prefix_sum a.mbox 1000)"
prefix_is a.mbox 1000 "$(prefix_sum a.mbox 1000)"
ok $? "prefix_is: the part as it was"
! prefix_is a.mbox 1001 "$(prefix_sum a.mbox 1000)"
ok $? "prefix_is: another length is not"
! prefix_is a.mbox 1000 -
ok $? "prefix_is: no sum (-) never matches"
prefix_is a.mbox 1000 "$(head -c 1000 a.mbox | b2sum | cut -c1-64)" &&
	! prefix_is a.mbox 1000 "$(head -c 999 a.mbox | b2sum | cut -c1-64)"
ok $? "prefix_is: an older run's BLAKE2 sum is checked as it was made"

# --- an mbox ----------------------------------------------------------------
touch -d @1600000000 a.mbox
take "$T/a.mbox"
a_id=$ID_1 a_name=$NAME_1
is "an mbox: its id is its first 64 KiB's" "$(head -c 65536 a.mbox | sha256sum | cut -c1-12)" "$a_id"
is "an mbox: one part, the whole file" "seg 1 0 $sz1" "$(state "$a_name")"
grep -q "^seg 1 0 $sz1 c[0-9]*\$" "$out/archives/$a_name.state"
ok $? "an mbox: the part's checksum written once the run is done"
is "an mbox: mbox2tsv reads it from 0 to its end" "MBOXARGS_$a_name := --offset 0 --end $sz1" \
	"$(grep '^MBOXARGS_' "$vars")"
s1=$(cat "$out/archives/$a_name.state")
take "$T/a.mbox"
is "an mbox unchanged: the same id" "$a_id" "$ID_1"
is "an mbox unchanged: the same state" "$s1" "$(cat "$out/archives/$a_name.state")"
is "an mbox unchanged: its one part" " $a_name" "$names"

# Moved (the same bytes elsewhere under another name): the same archive.
mkdir moved
mv a.mbox moved/b.mbox
take "$T/moved/b.mbox"
is "an mbox moved: the same id" "$a_id" "$ID_1"
is "an mbox moved: the same name (its first)" "$a_name" "$NAME_1"
is "an mbox moved: nothing more to read" "$s1" "$(cat "$out/archives/$a_name.state")"
# Copied (a new time): found by the checksum of the part read.
cp moved/b.mbox a.mbox
touch -d @1600000100 a.mbox
take "$T/a.mbox"
is "an mbox copied back (another time): the same id" "$a_id" "$ID_1"
is "an mbox copied back: nothing more to read" "seg 1 0 $sz1" "$(state "$a_name")"
is "an mbox copied back: nothing said" "" "$(cat said)"

# Grown: only the new part is read.
mails 151 180 >>a.mbox
touch -d @1600000200 a.mbox
sz2=$(stat -c %s a.mbox)
take "$T/a.mbox"
is "an mbox grown: the same id" "$a_id" "$ID_1"
is "an mbox grown: a second part, from the old end to the new" \
	"seg 1 0 $sz1
seg 2 $sz1 $sz2" "$(state "$a_name")"
grep -q "^MBOXARGS_$a_name+2 := --offset $sz1 --end $sz2\$" "$vars" &&
	grep -q "^KNOWN_$a_name+2 := $a_name\$" "$vars"
ok $? "an mbox grown: mbox2tsv reads the new bytes alone, knowing the first part"
is "an mbox grown: both parts are units" " $a_name $a_name+2" "$names"
is "an mbox grown: nothing said" "" "$(cat said)"
is "an mbox grown: each unit's stamp is its part" "seg 2 $sz1 $sz2" "$(cat "$out/stamps/$a_name+2")"

# Changed before its old end, past the head: read again whole.
LC_ALL=C sed '1000,$ s/change number 120$/change number 12O/' a.mbox >c.tmp && mv c.tmp a.mbox
touch -d @1600000300 a.mbox
take "$T/a.mbox"
is "an mbox changed past its head: the same id (its path, its head)" "$a_id" "$ID_1"
is "an mbox changed before its end: one part again, the whole file" "seg 1 0 $sz2" "$(state "$a_name")"
is "an mbox changed before its end: said so" "a.mbox: changed before its end: read again" "$(cat said)"
grep -q "^MBOXARGS_$a_name := --offset 0 --end $sz2\$" "$vars"
ok $? "an mbox changed before its end: mbox2tsv reads it all"

# Its head changed (the first mail): another archive, read whole.
LC_ALL=C sed '1,20 s/change number 1$/change number one/' a.mbox >c.tmp && mv c.tmp a.mbox
touch -d @1600000400 a.mbox
sz3=$(stat -c %s a.mbox)
take "$T/a.mbox"
[ "$ID_1" != "$a_id" ]
ok $? "an mbox whose head changed: another id ($ID_1)"
is "an mbox whose head changed: read whole" "seg 1 0 $sz3" "$(state "$NAME_1")"

# Two files of the same content: one archive, given twice.
mails 1 150 >x.mbox
cp x.mbox y.mbox
take "$T/x.mbox" "$T/y.mbox"
is "the same bytes under two names: the same id (patchtrack refuses it)" "$ID_1" "$ID_2"

# --- a public-inbox epoch ----------------------------------------------------
EPOCH=$top/bench/make-epoch
mails 1 40 >m.mbox
sh "$EPOCH" -n 30 ep.git m.mbox
h30=$(git --git-dir=ep.git rev-parse HEAD)
is "epoch_head: the epoch's head" "$h30" "$(epoch_head "$T/ep.git")"
take "$T/ep.git"
e_id=$ID_1 e_name=$NAME_1
root=$(git --git-dir=ep.git rev-list --max-parents=0 HEAD)
is "an epoch: its id is its root commit's" "$(echo "$root" | sha256sum | cut -c1-12)" "$e_id"
is "an epoch: one part, up to its head" "seg 1 - $h30" "$(state "$e_name")"
grep -q "^MBOXARGS_$e_name := --upto $h30\$" "$vars"
ok $? "an epoch: mbox2tsv reads up to its head"

sh "$EPOCH" -s 30 ep.git m.mbox
h40=$(git --git-dir=ep.git rev-parse HEAD)
epoch_holds "$T/ep.git" "$h30"
ok $? "epoch_holds: the head read is in the grown epoch's history"
take "$T/ep.git"
is "an epoch grown: the same id" "$e_id" "$ID_1"
is "an epoch grown: a second part, the commits after the head read" \
	"seg 1 - $h30
seg 2 $h30 $h40" "$(state "$e_name")"
grep -q "^MBOXARGS_$e_name+2 := --after $h30 --upto $h40\$" "$vars"
ok $? "an epoch grown: mbox2tsv reads the new commits alone"

mkdir lists
mv ep.git lists/moved.git
take "$T/lists/moved.git"
is "an epoch moved: the same id" "$e_id" "$ID_1"
is "an epoch moved: the same name" "$e_name" "$NAME_1"
is "an epoch moved: nothing more to read" "seg 1 - $h30
seg 2 $h30 $h40" "$(state "$e_name")"

# Rewritten (mails purged, others added): its commits read are no longer
# its history, so it is read again whole.
git --git-dir=lists/moved.git update-ref refs/heads/master "$h30~5"
sh "$EPOCH" -s 35 lists/moved.git m.mbox
hr=$(git --git-dir=lists/moved.git rev-parse HEAD)
! epoch_holds "$T/lists/moved.git" "$h40"
ok $? "epoch_holds: a head no longer in the rewritten history is not held"
take "$T/lists/moved.git"
is "an epoch rewritten: the same archive (its root stays)" "$e_id" "$ID_1"
is "an epoch rewritten: one part again, up to the new head" "seg 1 - $hr" "$(state "$e_name")"
is "an epoch rewritten: said so" "moved.git: its history was rewritten: read again" "$(cat said)"

# Made anew from other mails: another root, another archive.
rm -rf lists/moved.git
sh "$EPOCH" -s 10 lists/moved.git m.mbox
take "$T/lists/moved.git"
[ "$ID_1" != "$e_id" ]
ok $? "an epoch made anew (another root): another id"
is "an epoch made anew: read whole" "seg 1 - $(git --git-dir=lists/moved.git rev-parse HEAD)" \
	"$(state "$NAME_1")"

# --- a public-inbox folder ---------------------------------------------------
mkdir -p inbox/git
sh "$EPOCH" -n 20 inbox/git/0.git m.mbox
i20=$(git --git-dir=inbox/git/0.git rev-parse HEAD)
take "$T/inbox"
i_id=$ID_1 i_name=$NAME_1
is "a public-inbox folder: its id is its first epoch's root" \
	"$(git --git-dir=inbox/git/0.git rev-list --max-parents=0 HEAD | sha256sum | cut -c1-12)" "$i_id"
is "a public-inbox folder: one part" "seg 1 - $i20" "$(state "$i_name")"
sh "$EPOCH" -s 20 -n 10 inbox/git/0.git m.mbox
i30=$(git --git-dir=inbox/git/0.git rev-parse HEAD)
take "$T/inbox"
is "a public-inbox folder gaining commits: the same id" "$i_id" "$ID_1"
is "a public-inbox folder gaining commits: the new ones alone" "seg 1 - $i20
seg 2 $i20 $i30" "$(state "$i_name")"
sh "$EPOCH" -s 30 inbox/git/1.git m.mbox
j40=$(git --git-dir=inbox/git/1.git rev-parse HEAD)
is "epoch_head of a folder: its last epoch's head" "$j40" "$(epoch_head "$T/inbox")"
take "$T/inbox"
is "a public-inbox folder gaining an epoch: the same id" "$i_id" "$ID_1"
is "a public-inbox folder gaining an epoch: read after the last commit read" "seg 1 - $i20
seg 2 $i20 $i30
seg 3 $i30 $j40" "$(state "$i_name")"

# --- a maildir ---------------------------------------------------------------
mkdir -p md/cur md/new
mails 1 30 | awk '/^From mboxrd@z/ { if (f) close(f); n++
	f = sprintf("md/%s/%06d.h:2,S", n <= 20 ? "cur" : "new", n); next } { print > f }'
take "$T/md"
d_id=$ID_1 d_name=$NAME_1
is "a maildir: its id is its first mail's" "$(sha256sum <md/cur/000001.h:2,S | cut -c1-12)" "$d_id"
is "a maildir: one part, its 30 files" "seg 1 0 30" "$(state "$d_name")"
mails 31 34 | awk '/^From mboxrd@z/ { if (f) close(f); n++
	f = sprintf("md/new/%06d.h", 30 + n); next } { print > f }'
take "$T/md"
is "a maildir with new files: the same id" "$d_id" "$ID_1"
is "a maildir with new files: those alone, a second part" "seg 1 0 30
seg 2 30 34" "$(state "$d_name")"
grep -q "^MBOXARGS_$d_name+2 := --offset 30 --end 34\$" "$vars"
ok $? "a maildir with new files: mbox2tsv reads files 30 to 34"
mv md moved/md2
take "$T/moved/md2"
is "a maildir moved: the same id" "$d_id" "$ID_1"
is "a maildir moved: nothing more to read" "seg 1 0 30
seg 2 30 34" "$(state "$d_name")"
mv moved/md2/new/000025.h:2,S moved/md2/cur/000025.h:2,S
take "$T/moved/md2"
is "a maildir whose files moved to cur/: one part again" "seg 1 0 34" "$(state "$d_name")"
is "a maildir whose files moved: said so" "md2: files renamed or gone: read again" "$(cat said)"

# --- a compressed mbox: one unit, read again when it changes -----------------
mails 1 20 | xz >z.mbox.xz
take "$T/z.mbox.xz"
z1=$(cat "$out/stamps/$NAME_1")
[ ! -e "$out/archives/$NAME_1.state" ] && [ -n "$z1" ] && [ "$names" = " $NAME_1" ]
ok $? "a compressed mbox: no parts, one unit with a stamp"
mails 1 25 | xz >z.mbox.xz
touch -d @1600000500 z.mbox.xz
take "$T/z.mbox.xz"
[ "$(cat "$out/stamps/$NAME_1")" != "$z1" ]
ok $? "a compressed mbox changed: its stamp changes (read again)"

done_testing
