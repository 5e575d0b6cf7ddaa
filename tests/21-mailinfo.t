#!/bin/sh
# mbox2tsv against git's own answers: the mails of git's t5100 test with
# the author, subject, message and patch git mailinfo finds in them
# (../shared/data/badmail/git-t5100).
#
# Where we part from git on purpose, the test says so and checks our
# answer instead:
#   0005  the patch is converted to UTF-8 like the rest (git keeps the
#         mail's Latin-1 bytes in the patch)
#   0007, 0008  mails without a diff are not patches: message and diff
#         stay empty (git writes the message anyway)
#   0015  an in-body "From:" without an address is ignored (git empties
#         the author)
# A patch is compared up to trailing empty lines (git adds one at the
# end of each multipart body).
. "$(dirname "$0")/lib.sh"

G=$SHARED/badmail/git-t5100
if [ ! -d "$G" ]; then
	skip "git-t5100 samples not found in $SHARED"
	done_testing
fi

cd "$T" || exit 1

# info FILE.tsv: Author/Email/Subject lines as git mailinfo prints them.
info() {
	printf 'Author: %s\nEmail: %s\nSubject: %s\n' \
	    "$(tsvfield "$1" from_name)" "$(tsvfield "$1" from_addr)" \
	    "$(tsvfield "$1" title)"
}

# Email case: git keeps it, we lower-case addresses.
expected_info() {
	grep -v '^Date' "$1" | sed '/^$/d' |
	    awk '/^Email: /{ print "Email: " tolower(substr($0, 8)); next } { print }'
}

for i in $(seq -w 1 18); do
	mail=$G/split/sample/00$i.eml
	mbox2tsv -q "$mail" >o.tsv
	info o.tsv >info
	expected_info "$G/expected/info00$i" >info.want
	if [ "$i" = 15 ]; then
		printf 'Author: A U Thor\nEmail: a.u.thor@example.com\nSubject: check bogus body header (from)\n' >info.want
	fi
	same "sample $i: author, email and subject as git" info.want info

	tsvfield o.tsv diff >diff
	if [ ! -s diff ]; then
		tsvfield o.tsv message >msg
		[ ! -s msg ] && ! grep -q '^@@ ' "$G/expected/patch00$i"
		ok $? "sample $i: no diff, so no message (git has no hunk either)"
		continue
	fi
	tsvfield o.tsv message >msg
	git stripspace <"$G/expected/msg00$i" >msg.want
	same "sample $i: message as git am keeps it" msg.want msg

	{ tsvfield o.tsv annotation; cat diff; } | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >patch
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$G/expected/patch00$i" >patch.want
	if [ "$i" = 05 ]; then
		iconv -f ISO-8859-1 -t UTF-8 patch.want >p && mv p patch.want
	fi
	same "sample $i: annotation and diff are git's patch" patch.want patch
done

for i in $(seq -w 1 11); do
	mbox2tsv -q "$G/split/rfc2047/00$i.eml" >o.tsv
	{
		if [ -n "$(tsvfield o.tsv from_addr)" ]; then
			printf 'Author: %s\nEmail: %s\n' "$(tsvfield o.tsv from_name)" \
			    "$(tsvfield o.tsv from_addr)"
		fi
		printf 'Subject: %s\n' "$(tsvfield o.tsv title)"
	} >info
	expected_info "$G/expected/rfc2047-info-00$i" >info.want
	same "rfc2047 sample $i: decoded as git does" info.want info
done

for f in quoted-from embed-from info-from comment quoted-string; do
	mbox2tsv -q "$G/input/$f.in" >o.tsv
	if grep -q '^Author' "$G/expected/$f.expect"; then
		info o.tsv >info
		expected_info "$G/expected/$f.expect" >info.want
		same "$f: author, email and subject as git" info.want info
	else
		# The expectation is a message; these mails carry no diff.
		is "$f: no diff, no message" "" "$(tsvfield o.tsv message)"
	fi
done

# The whole sample mbox: every mail, in order, with git's subjects.
mbox2tsv -q "$G/input/sample.mbox" >all.tsv
is "sample.mbox splits into git's 18 mails" 18 "$(rows all.tsv)"
for i in $(seq 1 18); do
	grep '^Subject: ' "$G/expected/info$(printf %04d "$i")" | sed 's/^Subject: //'
done >subj.want
for i in $(seq 1 18); do
	tsvfield all.tsv title "$i"
	echo
done >subj
same "sample.mbox: titles in git's order" subj.want subj

done_testing
