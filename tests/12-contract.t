#!/bin/sh
# 12-contract.t - the tables' contract is common/'s: every tool reads a
# column through table_col() and its kin (common/tables.h), which refuse
# a name that is not one of the table kind's columns, and never through
# tsv_col(), tsv_need(), tsv_skip() or tsv_raw() with a name of its own
# spelling, which would read a misspelt column as absent without a word.
# The unit tests (10-common.t) check the refusal itself.
. "$(dirname "$0")/lib.sh"

TOOLS="mbox2tsv git2tsv patchtok patchsim ptcluster ptreport ptmaint"
# A call of the raw lookups with a string literal among its arguments.
LITERAL='tsv_\(col\|need\|skip\|raw\)[[:space:]]*([^;]*"'

# literal_lookups FILE...: the offending lines, as file:line:text.
literal_lookups() {
	grep -n "$LITERAL" "$@" /dev/null
}

# The check must be able to fail: it finds such calls in a sample.
cat >"$T/sample.c" <<'SAMPLE'
	c = tsv_col(&r, "titel");
	c = tsv_need(r,"id");
	tsv_skip(r, "msg");
	c = table_col(r, TABLE_PATCHES, COL_TITLE);
	c = tsv_col(r, name);
SAMPLE
is "the check finds a literal lookup, and only those" 3 \
    "$(literal_lookups "$T/sample.c" | wc -l | tr -d ' ')"

cd "$top" || exit 1
files=$(for d in $TOOLS; do find "$d" -name '*.[ch]'; done | sort)
[ -n "$files" ]
ok $? "the tools' sources are there"
# shellcheck disable=SC2086
literal_lookups $files >"$T/found"
[ ! -s "$T/found" ]
ok $? "no tool looks a column up by a literal name outside common/"
[ -s "$T/found" ] && diag "$(cat "$T/found")"

# Every reader goes through the contract: the tools that read tables
# call it.
for d in mbox2tsv patchtok patchsim ptcluster ptreport ptmaint; do
	grep -rq --include='*.c' 'table_\(col\|need\)(' "$d"
	ok $? "$d reads its columns through table_col or table_need"
done

done_testing
