/*
 * test-tsv.h - the tests of test-tsv-files.c that test-tsv.c's main runs.
 */
#ifndef TEST_TSV_H
#define TEST_TSV_H

/* Random tables written to files, plain, gzip and xz, read back. */
void test_tsv_roundtrip_files(void);
/* Compressed tables cut short or damaged: no partial row, a sticky error. */
void test_tsv_compressed_errors(void);
/* "-": a gzip table on stdin through a pipe. */
void test_tsv_stdin(void);

#endif
