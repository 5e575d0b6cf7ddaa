# tables.sh - small tables of every kind written row by row, and the
# verdicts ptreport gives them (sourced by tests/74-verdicts.t and
# tests/76-family.t after lib.sh, in the test's folder).
# --- tables by hand ----------------------------------------------------------
# A mails table: mhdr, then rows of its 15 columns (mrow), or
#   mail ID DATE NAME ADDR TYPE IN_REPLY_TO REFERENCES [FLAGS [TOTAL]]
# (the subject "[PATCH] ID", the list dev, no cites, no src).
mhdr() {
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\tlist\tin_reply_to\treferences\ttype\tversion\tpart\ttotal\tflags\tcites\tsrc\n'
}
# mrow ID DATE NAME ADDR SUBJECT LIST IRT REFS TYPE VERSION PART TOTAL FLAGS CITES SRC
mrow() {
	printf '%s' "$1"
	shift
	for f in "$@"; do printf '\t%s' "$f"; done
	printf '\n'
}
mail() {
	mrow "$1" "$2" "$3" "$4" "[PATCH] $1" dev "$6" "$7" "$5" '' '' "${9:-}" "${8:-}" '' ''
}
# tmail ID DATE NAME ADDR SUBJECT [TYPE [IN_REPLY_TO [REFERENCES]]]: a mail
# with its own subject (type patch), on dev.
tmail() {
	mrow "$1" "$2" "$3" "$4" "$5" dev "${7:-}" "${8:-${7:-}}" "${6:-patch}" '' '' '' '' '' ''
}
# smail ID DATE NAME ADDR SUBJECT TYPE IN_REPLY_TO VERSION PART TOTAL: a
# mail of a series (References: its In-Reply-To), on dev.
smail() {
	mrow "$1" "$2" "$3" "$4" "$5" dev "$7" "$7" "$6" "$8" "$9" "${10}" '' '' ''
}
# cmail ID DATE NAME ADDR TYPE CITES: a mail in no thread citing mails.
cmail() {
	mrow "$1" "$2" "$3" "$4" "on $6" dev '' '' "$5" '' '' '' '' "$6" ''
}
# fill LIST YYYY-MM N [ARCHIVE]: N mails of type other on LIST in that
# month, from its 1st to its 28th day at noon (src ARCHIVE:offset).
fill() {
	awk -v l="$1" -v m="$2" -v n="$3" -v a="${4:-}" 'BEGIN {
		for (k = 0; k < n; k++) {
			d = n > 1 ? 1 + int(k * 27 / (n - 1)) : 1
			printf "f.%s.%s.%d@x\t%s-%02dT12:00:00Z\tFil\tfil@f.org\tnote\t%s\t\t\tother\t\t\t\t\t\t%s\n",
			    l, m, k, m, d, l, a == "" ? "" : a ":" (1000 + k)
		}
	}'
}
# A clusters table: khdr, then member CLUSTER ID KIND.
khdr() {
	printf 'cluster\tid\tkind\tdate\tauthor\ttype\tlist\ttitle\n'
}
member() {
	printf '%s\t%s\t%s\t\t\t\t\t\n' "$@"
}
khdr >none.tsv
# A commits table: chdr, then
#   crow ID AUTHOR-DATE NAME ADDR SUBJECT COMMITTER-NAME COMMITTER-ADDR
#        COMMIT-DATE [FLAGS [LINKS [MESSAGE]]]
# or commit ID AUTHOR-DATE COMMIT-DATE [FLAGS] (subject "s: ID", by Max,
# who commits it too).
chdr() {
	printf 'id\tdate\tfrom_name\tfrom_addr\tsubject\ttitle\tcommitter_name\tcommitter_addr\tcommit_date\tparents\ttype\tflags\tlinks\tmessage\n'
}
crow() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\tcommit\t%s\t%s\t%s\n' \
	    "$1" "$2" "$3" "$4" "$5" "$5" "$6" "$7" "$8" "${9:-}" "${10:-}" "${11:-}"
}
commit() {
	crow "$1" "$2" Max maint@m.org "s: $1" Max maint@m.org "$3" "${4:-}"
}
# A patch table: thdr, then
#   tok KIND ID DATE CHANGE... with CHANGE M:path (modifies), C:path
#   (creates), D:path (deletes); files, new and the F lines of hunks are
#   made from them, as patchtok writes them; stok is tok flagged side.
thdr() {
	printf 'id\tkind\tdate\tfiles\tnew\thunks\tflags\n'
}
tokf() {
	flags=$1 kind=$2 id=$3 date=$4
	shift 4
	printf '%s\n' "$@" | awk -v kind="$kind" -v id="$id" -v date="$date" -v flags="$flags" '
	function add(v, x) { return v == "" ? x : v "\\n" x }
	{
		k = substr($0, 1, 1); p = substr($0, 3); o = p; n = p
		if (k == "C") o = "/dev/null"
		if (k == "D") n = "/dev/null"
		files = add(files, p)
		if (k == "C") new = add(new, n)
		hunks = hunks "F " o "\\t" n "\\n@ \\n+x\\n"
	}
	END { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", id, kind, date, files, new, hunks, flags }'
}
tok() {
	tokf '' "$@"
}
stok() {
	tokf side "$@"
}

# verdict ID ARGS...: "verdict detail" of mail ID in ptreport patches -q ARGS.
verdict() {
	id=$1
	shift
	ptreport patches -q "$@" | awk -F'\t' -v id="$id" '$1 == id { print $6 " " $7 }' |
	    sed 's/ $//'
}
# pcol ID COLUMN ARGS...: a column of mail ID's row in ptreport patches -q ARGS.
pcol() {
	id=$1 c=$2
	shift 2
	ptreport patches -q "$@" | awk -F'\t' -v id="$id" -v n="$c" '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next }
		$1 == id { print $c }'
}
# srow WHAT ARGS...: "value|detail" of the summary's row WHAT.
srow() {
	w=$1
	shift
	ptreport summary -q "$@" | awk -F'\t' -v w="$w" '$1 == w { print $2 "|" $3 }'
}
# sval WHAT ARGS...: the value of the summary's row WHAT.
sval() {
	srow "$@" | cut -d'|' -f1
}

# hexid HEX: a commit id, HEX padded with zeros to 40 digits.
hexid() {
	printf '%s%0*d\n' "$1" $((40 - ${#1})) 0
}
C1=$(hexid c1)
C2=$(hexid c2)
C9=$(hexid c9)
