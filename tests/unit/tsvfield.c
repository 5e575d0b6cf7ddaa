/*
 * tsvfield - test helper: print one field of a TSV table, unescaped.
 *
 *   tsvfield FILE COLUMN [ROW]     ROW counts data rows from 1 (default 1)
 *
 * Exit 1 when the column or row is missing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "tsv.h"
#include "util.h"

int
main(int argc, char **argv)
{
	struct tsv_reader r;
	long want = 1, row = 0;
	int col, rc;

	setprogname(argv[0]);
	if (argc < 3 || argc > 4 || (argc == 4 && parse_long(argv[3], 1, 1L << 40, &want))) {
		fprintf(stderr, "usage: tsvfield file column [row]\n");
		return 2;
	}
	if (tsv_open(&r, argv[1]) < 0)
		return 1;
	col = tsv_need(&r, argv[2]);
	while ((rc = tsv_read(&r)) != 0) {
		if (rc < 0)
			return 1;
		if (++row == want) {
			fwrite(r.f[col].s, 1, r.f[col].len, stdout);
			tsv_close(&r);
			close_stdout();
			return 0;
		}
	}
	tsv_close(&r);
	return 1;
}
