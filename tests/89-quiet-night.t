#!/bin/sh
# Three nights on the shared jailhouse archive: the list cut at its first
# mail dated 2023-06-01 or later, then all of it, then nothing new.  The
# second night has changes; the third writes an empty changes.tsv, and
# its morning.txt, report.txt and digest say nothing is new since the
# second (the last run with changes); the feeds keep their entries and
# ids.  (tests/87-morning.t does the same on the bundled sample.)
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
git_sandbox

if ! has_shared jailhouse/jailhouse-dev.mbox.xz || ! has_shared jailhouse/jailhouse.bundle; then
	skip "no shared jailhouse archive"
	done_testing
	exit 0
fi
pt() {
	PT_BUILD=$BUILD sh "$top/pipeline/patchtrack" "$@"
}
xz -dc "$SHARED/jailhouse/jailhouse-dev.mbox.xz" >full.mbox
# The byte offset of the first mail whose Date: is 2023-06-01 or later.
cut=$(/usr/bin/python3 - full.mbox <<'EOF'
import sys, email.utils, datetime
lim = datetime.datetime(2023, 6, 1, tzinfo=datetime.timezone.utc)
off = 0; start = None; hdr = True; found = None
with open(sys.argv[1], 'rb') as f:
    for line in f:
        if line.startswith(b'From '):
            start = off; hdr = True
        elif hdr and line.lower().startswith(b'date:'):
            try:
                d = email.utils.parsedate_to_datetime(line[5:].decode('utf-8', 'replace').strip())
                if d.tzinfo is None:
                    d = d.replace(tzinfo=datetime.timezone.utc)
                if d >= lim:
                    found = start
                    break
            except Exception:
                pass
            hdr = False
        elif line in (b'\n', b'\r\n'):
            hdr = False
        off += len(line)
print(found if found is not None else -1)
EOF
)
[ "$cut" -gt 0 ]
ok $? "the archive has mail from 2023-06-01 on (at byte $cut)"
head -c "$cut" full.mbox >list.mbox
bare_clone "$SHARED/jailhouse/jailhouse.bundle" repo.git
ok $? "the repository, cloned from its bundle"

run pt -q -o o -r master repo.git list.mbox
is "first night, the list to 2023-06-01: exit 0" 0 "$rc"
tail -c +"$((cut + 1))" full.mbox >>list.mbox
run pt -q -o o -r master repo.git list.mbox
is "second night, all of the list: exit 0" 0 "$rc"
R=o/reports
n2=$(rows $R/changes.tsv)
[ "$n2" -gt 0 ]
ok $? "second night: changes ($n2)"
day2=$(awk -F'\t' 'NR == 2 { print substr($1, 1, 10) }' $R/changes-log.tsv)
grep -q "^$n2 changes\{0,1\} since the run before (as of $day2)" $R/morning.txt
ok $? "second night: morning.txt says them (as of $day2)"
cp -r o second

run pt -q -o o -r master repo.git list.mbox
is "third night, nothing new: exit 0" 0 "$rc"
is "third night: changes.tsv has no rows" 0 "$(rows $R/changes.tsv)"
for f in $R/morning.txt o/report.txt $R/digest.txt; do
	grep -q "^Nothing new since $day2, the last run with changes" "$f"
	ok $? "third night: ${f#o/} says nothing is new since the second"
done
grep -qE '^[0-9]+ changes? since the run before' $R/digest.txt
ok $((!$?)) "third night: the digest repeats none of the second night's changes"
same "third night: the changes feed, entries and ids, is the second's" \
    second/reports/changes.atom $R/changes.atom
same "third night: the waiting feed is the second's" second/reports/waiting.atom $R/waiting.atom
same "third night: the same state" second/reports/state.tsv $R/state.tsv

done_testing
