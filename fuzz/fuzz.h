/*
 * fuzz.h - what the libFuzzer harnesses of fuzz/ share.
 *
 * The readers under test open files by name (zio), so a harness that
 * wants them to read its input writes the bytes to a scratch file:
 * made once per process in $TMPDIR (or /dev/shm, else /tmp) and
 * unlinked at once, so a crash leaves nothing behind; the readers open
 * it again through /proc/self/fd/N, which starts at offset 0.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Write data to the scratch file and return a path that reads it back. */
const char *fuzz_file(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
