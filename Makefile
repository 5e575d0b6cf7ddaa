# patchtrack - trace patches from mailing lists to git commits.
#
#   make            build the tools into $(BUILD)/
#   make check      unit and end-to-end tests on the normal build and on one
#                   with ASan+UBSan (build-asan/), both passes at once, in
#                   parallel (tests/run), then a short fuzzing run
#   make check-fast the normal pass alone, in parallel: the edit loop
#   make demo       the pipeline on the bundled sample data
#   make install    PREFIX=/usr/local DESTDIR=
#
# Missing libraries are installed by scripts/deps (apt-get as root) or
# it prints the command to run.

PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
BUILD    ?= build
CC       ?= cc
CFLAGS   ?= -O2 -g
SAN      ?=
VERSION  := 0.1

WARN     := -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wpointer-arith -Wformat=2
ALLCFLAGS = -std=c99 $(WARN) $(CFLAGS) $(SANFLAGS) -Icommon \
            -D_POSIX_C_SOURCE=200809L -DPT_VERSION='"$(VERSION)"'
ifneq ($(SAN),)
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all
endif

# pkg-config runs in the recipes, after deps had its chance to install.
CSV_LIBS     := -lcsv
Z_LIBS       := -lz -llzma

TOOLS    := mbox2tsv git2tsv patchtok patchsim ptcluster ptreport ptmaint
COMMON   := util buf zio tsv hash text day subject diff charset progress groups hunks via uf tables opool person addr vocab mailthread
COMMON_OBJ := $(COMMON:%=$(BUILD)/obj/common/%.o)
LIBCOMMON  := $(BUILD)/libcommon.a

MBOX2TSV_OBJ := $(addprefix $(BUILD)/obj/mbox2tsv/,main.o parse.o headers.o author.o mime.o analyse.o row.o emit.o pool.o \
    body.o own.o words.o phrases.o cites.o source.o dirs.o mbox.o maildir.o inbox.o processes.o rfc2047.o)
GIT2TSV_OBJ  := $(addprefix $(BUILD)/obj/git2tsv/,main.o commit.o diff.o keep.o history.o packs.o revs.o)

# The unit tests of common/, one program per module or group (tap.c's
# helpers linked in), run by tests/10-common.t.
UNIT_COMMON := test-util test-buf test-tsv test-zio test-hash test-text test-subject \
               test-diff test-opool test-uf test-groups test-via test-tables
UNIT     := $(UNIT_COMMON) tsvfield test-ratio
UNIT_BIN := $(UNIT:%=$(BUILD)/tests/%)
# Preloaded by tests: a table cut short under patchsim (no sanitizer in it).
PRELOAD  := $(BUILD)/tests/shortread.so $(BUILD)/tests/killchild.so

MAN1     := $(TOOLS:%=man/%.1) man/patchtrack.1
DATADIR  ?= $(PREFIX)/share/patchtrack
MAN5     := man/patchtrack-tsv.5

.PHONY: all deps check check-fast test test-asan san-build demo install clean lint-man bench bench-scale bench-chain bench-page

all: $(BUILD)/.deps $(TOOLS:%=$(BUILD)/bin/%) $(UNIT_BIN) $(PRELOAD)

# The stamp keeps deps from running on every build; delete it to re-check.
$(BUILD)/.deps: scripts/deps
	@mkdir -p $(BUILD)
	@sh scripts/deps
	@touch $@

deps:
	@sh scripts/deps

$(BUILD)/obj/common/%.o: common/%.c common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

$(LIBCOMMON): $(COMMON_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/obj/mbox2tsv/%.o: mbox2tsv/%.c mbox2tsv/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread $$(pkg-config --cflags gmime-3.0 libgit2) -c -o $@ $<

$(BUILD)/bin/mbox2tsv: $(MBOX2TSV_OBJ) $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread -o $@ $(MBOX2TSV_OBJ) $(LIBCOMMON) \
		$$(pkg-config --libs gmime-3.0 libgit2) $(Z_LIBS)

$(BUILD)/obj/git2tsv/%.o: git2tsv/%.c git2tsv/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread $$(pkg-config --cflags libgit2) -c -o $@ $<

$(BUILD)/bin/git2tsv: $(GIT2TSV_OBJ) $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread -o $@ $(GIT2TSV_OBJ) $(LIBCOMMON) \
		$$(pkg-config --libs libgit2) $(Z_LIBS)

# Tools that need nothing but common/ and libc.
$(BUILD)/obj/%.o: %.c common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

# patchtok's diff parser (patch.c) and ptmaint's MAINTAINERS files
# (maint.c) are theirs alone; the fuzz harnesses link them too.
PATCHTOK_OBJ := $(addprefix $(BUILD)/obj/patchtok/,main.o patch.o)
PTMAINT_OBJ  := $(addprefix $(BUILD)/obj/ptmaint/,main.o maint.o)

$(BUILD)/obj/patchtok/%.o: patchtok/%.c patchtok/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

$(BUILD)/bin/patchtok: $(PATCHTOK_OBJ) $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread -o $@ $(PATCHTOK_OBJ) $(LIBCOMMON) $(Z_LIBS)

$(BUILD)/obj/ptmaint/%.o: ptmaint/%.c ptmaint/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $$(pkg-config --cflags libgit2) -c -o $@ $<

$(BUILD)/bin/ptmaint: $(PTMAINT_OBJ) $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -o $@ $(PTMAINT_OBJ) $(LIBCOMMON) $$(pkg-config --libs libgit2) $(Z_LIBS)

PTCLUSTER_OBJ := $(addprefix $(BUILD)/obj/ptcluster/,main.o graph.o read.o cluster.o write.o)

$(BUILD)/obj/ptcluster/%.o: ptcluster/%.c ptcluster/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

$(BUILD)/bin/ptcluster: $(PTCLUSTER_OBJ) $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -o $@ $(PTCLUSTER_OBJ) $(LIBCOMMON) $(Z_LIBS)

# ptreport in three parts, each calling only the ones below it: render/
# (the reports) over judge/ (the verdicts) over model/ (the tables in
# memory); main.c and all.c drive them.
PTREPORT_MODEL  := model load clusters paths sections threads titles replypost quotes mailmap people \
    coverage pulls vrows corrtable issues
PTREPORT_JUDGE  := verdict roles versions family applied tags blobs responses reasons carried lines fixups postlines corrections offlist foreign \
    release vtext vtable
PTREPORT_RENDER := waiting changes feed digest figures patches offlist weekly cycle duration summary \
    maintainers eval out plot html html-assets html-escape html-cells html-svg html-sections capture \
    overview why whyrule verdicts
PTREPORT_OBJ := $(addprefix $(BUILD)/obj/ptreport/,main.o all.o $(PTREPORT_MODEL:%=model/%.o) \
    $(PTREPORT_JUDGE:%=judge/%.o) $(PTREPORT_RENDER:%=render/%.o))
PTREPORT_INC := -Iptreport

$(BUILD)/obj/ptreport/%.o: ptreport/%.c ptreport/*/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $(PTREPORT_INC) -c -o $@ $<

$(BUILD)/bin/ptreport: $(PTREPORT_OBJ) $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -o $@ $(PTREPORT_OBJ) $(LIBCOMMON) $(CSV_LIBS) $(Z_LIBS) -lm

PATCHSIM_OBJ := $(addprefix $(BUILD)/obj/patchsim/,main.o load.o texts.o index.o score.o evidence.o contain.o shingle.o ratio.o tokensort.o)

$(BUILD)/obj/patchsim/%.o: patchsim/%.c patchsim/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread $$(pkg-config --cflags glib-2.0) -c -o $@ $<

$(BUILD)/bin/patchsim: $(PATCHSIM_OBJ) $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread -o $@ $(PATCHSIM_OBJ) $(LIBCOMMON) \
		$$(pkg-config --libs glib-2.0) $(Z_LIBS) -lm

$(BUILD)/tests/test-ratio: tests/unit/test-ratio.c $(BUILD)/obj/patchsim/ratio.o \
    $(BUILD)/obj/patchsim/tokensort.o $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Ipatchsim -o $@ $< $(BUILD)/obj/patchsim/ratio.o \
		$(BUILD)/obj/patchsim/tokensort.o $(LIBCOMMON) \
		$$(pkg-config --libs glib-2.0) -lm

$(BUILD)/tests/%.so: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) -std=c99 $(WARN) -O2 -fPIC -shared -o $@ $< -ldl

$(BUILD)/obj/tests/tap.o: tests/unit/tap.c tests/unit/tap.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Itests/unit -c -o $@ $<

$(BUILD)/tests/test-%: tests/unit/test-%.c tests/unit/tap.h $(BUILD)/obj/tests/tap.o $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Itests/unit -pthread -o $@ $< $(BUILD)/obj/tests/tap.o $(LIBCOMMON) $(Z_LIBS)

# test-tsv is one program of two files: the whole-table tests are in
# test-tsv-files.c (the random tables go on from the same PRNG state).
$(BUILD)/tests/test-tsv: tests/unit/test-tsv.c tests/unit/test-tsv-files.c tests/unit/test-tsv.h \
    tests/unit/tap.h $(BUILD)/obj/tests/tap.o $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Itests/unit -pthread -o $@ tests/unit/test-tsv.c tests/unit/test-tsv-files.c \
		$(BUILD)/obj/tests/tap.o $(LIBCOMMON) $(Z_LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIBCOMMON)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -pthread -o $@ $< $(LIBCOMMON) $(Z_LIBS)

BENCH_BIN := $(BUILD)/bench/runstat $(BUILD)/bench/gmime-parse

$(BUILD)/bench/runstat: bench/runstat.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -o $@ $<

$(BUILD)/bench/gmime-parse: bench/gmime-parse.c | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $$(pkg-config --cflags gmime-3.0) -o $@ $< \
		$$(pkg-config --libs gmime-3.0)

# Fuzzing: libFuzzer harnesses (fuzz/) for mbox2tsv's mail parser and
# archive reader, the TSV reader, the diff parsers and MAINTAINERS files
# (ptmaint), built with clang,
# ASan and UBSan into $(FUZZ_BUILD)/; corpora are seeded by fuzz/seeds.
#   make fuzz         each harness for FUZZ_TIME seconds (fuzz/run)
#   make fuzz-smoke   each for FUZZ_SMOKE_TIME seconds; make check runs it
#                     when clang's libFuzzer runtime is installed
FUZZ_BUILD      ?= build-fuzz
FUZZ_CC         ?= clang
FUZZ_TIME       ?= 300
FUZZ_SMOKE_TIME ?= 5
FUZZ_HARNESSES  := mail mbox tsv patch maint
FUZZ_CFLAGS     := -std=c99 $(WARN) -Wno-format-nonliteral -g -O1 -fno-omit-frame-pointer \
                   -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
                   -Icommon -Imbox2tsv -Ipatchtok -Iptmaint -D_POSIX_C_SOURCE=200809L -DPT_VERSION='"$(VERSION)"'
FUZZ_LIBCOMMON  := $(FUZZ_BUILD)/libcommon.a
FUZZ_MBOX2TSV   := $(addprefix $(FUZZ_BUILD)/obj/mbox2tsv/,parse.o headers.o author.o mime.o analyse.o \
    row.o emit.o pool.o body.o own.o words.o phrases.o cites.o source.o dirs.o mbox.o maildir.o inbox.o processes.o \
    rfc2047.o)
FUZZ_PATCHTOK   := $(FUZZ_BUILD)/obj/patchtok/patch.o
FUZZ_PTMAINT    := $(FUZZ_BUILD)/obj/ptmaint/maint.o
FUZZ_BIN        := $(FUZZ_HARNESSES:%=$(FUZZ_BUILD)/bin/fuzz-%)

.PHONY: fuzz fuzz-build fuzz-smoke fuzz-clean

$(FUZZ_BUILD)/obj/common/%.o: common/%.c common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_LIBCOMMON): $(COMMON:%=$(FUZZ_BUILD)/obj/common/%.o)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/obj/mbox2tsv/%.o: mbox2tsv/%.c mbox2tsv/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $$(pkg-config --cflags gmime-3.0 libgit2) -c -o $@ $<

$(FUZZ_BUILD)/obj/patchtok/%.o: patchtok/%.c patchtok/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/obj/ptmaint/%.o: ptmaint/%.c ptmaint/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/obj/fuzz/%.o: fuzz/%.c fuzz/fuzz.h mbox2tsv/*.h patchtok/*.h ptmaint/*.h common/*.h | $(BUILD)/.deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $$(pkg-config --cflags gmime-3.0) -c -o $@ $<

$(FUZZ_BUILD)/bin/fuzz-mail $(FUZZ_BUILD)/bin/fuzz-mbox: $(FUZZ_BUILD)/bin/fuzz-%: \
    $(FUZZ_BUILD)/obj/fuzz/%.o $(FUZZ_BUILD)/obj/fuzz/fuzz.o $(FUZZ_MBOX2TSV) $(FUZZ_LIBCOMMON)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ \
		$$(pkg-config --libs gmime-3.0 libgit2) $(Z_LIBS)

$(FUZZ_BUILD)/bin/fuzz-tsv: $(FUZZ_BUILD)/bin/fuzz-%: \
    $(FUZZ_BUILD)/obj/fuzz/%.o $(FUZZ_BUILD)/obj/fuzz/fuzz.o $(FUZZ_LIBCOMMON)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(Z_LIBS)

$(FUZZ_BUILD)/bin/fuzz-patch: $(FUZZ_BUILD)/obj/fuzz/patch.o $(FUZZ_BUILD)/obj/fuzz/fuzz.o \
    $(FUZZ_PATCHTOK) $(FUZZ_LIBCOMMON)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(Z_LIBS)

$(FUZZ_BUILD)/bin/fuzz-maint: $(FUZZ_BUILD)/obj/fuzz/maint.o $(FUZZ_BUILD)/obj/fuzz/fuzz.o \
    $(FUZZ_PTMAINT) $(FUZZ_LIBCOMMON)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(Z_LIBS)

# The seeds need the ordinary tools (tables, diffs); delete the stamp to reseed.
$(FUZZ_BUILD)/corpus/.stamp: fuzz/seeds | all
	sh fuzz/seeds $(BUILD) $(FUZZ_BUILD)/corpus
	@touch $@

fuzz: $(FUZZ_BIN) $(FUZZ_BUILD)/corpus/.stamp
	sh fuzz/run $(FUZZ_BUILD) $(FUZZ_TIME) $(FUZZ_HARNESSES)

# Is clang's libFuzzer runtime there? (a shell condition for recipes)
FUZZ_PROBE = { printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' | \
	$(FUZZ_CC) -fsanitize=fuzzer -x c -o $(FUZZ_BUILD).probe - >/dev/null 2>&1; \
	probe=$$?; rm -f $(FUZZ_BUILD).probe; [ $$probe -eq 0 ]; }

# The harnesses and their seeds, when they can be built (make check
# builds them beside the sanitizer build, before the tests: 96-fuzz
# replays its findings through them).
fuzz-build:
	@if $(FUZZ_PROBE); then \
		$(MAKE) --no-print-directory $(FUZZ_BIN) $(FUZZ_BUILD)/corpus/.stamp; \
	fi

# Each harness FUZZ_SMOKE_TIME seconds, CHECK_J of them at once, each
# one's lines printed whole when it ends.
fuzz-smoke:
	@if $(FUZZ_PROBE); then \
		$(MAKE) --no-print-directory $(FUZZ_BIN) $(FUZZ_BUILD)/corpus/.stamp && \
		mkdir -p $(FUZZ_BUILD)/logs && \
		echo "sh fuzz/run $(FUZZ_BUILD) $(FUZZ_SMOKE_TIME) HARNESS: $(FUZZ_HARNESSES), $(CHECK_J) at once" && \
		printf '%s\n' $(FUZZ_HARNESSES) | xargs -P $(CHECK_J) -I{} sh -c \
		    'sh fuzz/run $(FUZZ_BUILD) $(FUZZ_SMOKE_TIME) {} >$(FUZZ_BUILD)/logs/{}.smoke 2>&1; \
		     rc=$$?; cat $(FUZZ_BUILD)/logs/{}.smoke; exit $$rc'; \
	else \
		echo "fuzz-smoke: skipped: $(FUZZ_CC) has no libFuzzer runtime (Debian: libclang-rt-14-dev)"; \
	fi

fuzz-clean:
	rm -rf $(FUZZ_BUILD)

# Tests: tests/run runs every tests/*.t once per build named, all under
# one prove -j (CHECK_J at once), the slowest first; what several tests
# make from the shared data is made once into $(BUILD)/fixtures and kept
# (tests/lib.sh, "Fixtures").
#   check       the tools, the sanitizer build ($(SAN_BUILD)/) and the fuzz
#               harnesses built at once (CHECK_J jobs), then the normal and
#               the sanitizer pass side by side, then fuzz-smoke
#   check-fast  the normal pass alone, in parallel: for the edit loop
#   test        the same as check-fast
#   test-asan   the sanitizer pass alone
# One test or a few: sh tests/run build -- 62-patchsim-fast.t
NPROC     := $(shell nproc 2>/dev/null || echo 2)
CHECK_J   ?= $(NPROC)
SAN_BUILD := $(BUILD)-asan

# (bench/runstat is 95-extremes' memory meter: built here, not in the test.)
check:
	@$(MAKE) --no-print-directory -j$(CHECK_J) all lint-man $(BUILD)/bench/runstat \
	    san-build fuzz-build
	sh tests/run -j $(CHECK_J) $(BUILD) $(SAN_BUILD):san
	@$(MAKE) --no-print-directory fuzz-smoke

check-fast test: all $(BUILD)/bench/runstat
	sh tests/run -j $(CHECK_J) $(BUILD)

test-asan: san-build
	sh tests/run -j $(CHECK_J) $(SAN_BUILD):san

# The tools with ASan and UBSan, into $(SAN_BUILD)/.
san-build:
	@$(MAKE) --no-print-directory BUILD=$(SAN_BUILD) SAN=1 CFLAGS="-O1 -g" all

lint-man:
	mandoc -Tlint -Wwarning $(MAN1) $(MAN5)

# git2tsv beside git log -p -M on a long history (bench/make-history).
.PHONY: bench-git2tsv
bench-git2tsv: all $(BUILD)/bench/runstat
	sh bench/git2tsv-vs-git -b $(BUILD)

demo: all
	sh scripts/demo $(BUILD)

bench: all $(BENCH_BIN)
	sh bench/run $(BUILD)

# The whole chain beside the ingest floor (gmime parse + git log -p).
bench-chain: all $(BENCH_BIN)
	sh bench/chain $(BUILD)

# How each stage grows with the data, and the kernel's size projected.
bench-scale: all $(BUILD)/bench/runstat
	sh bench/scale $(BUILD)

# report.html on 250,000 patches: ptreport all, the page, Chromium.
bench-page: all $(BUILD)/bench/runstat
	sh bench/page-scale $(BUILD)

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5
	for t in $(TOOLS); do cp $(BUILD)/bin/$$t $(DESTDIR)$(BINDIR)/$$t; done
	cp pipeline/patchtrack $(DESTDIR)$(BINDIR)/patchtrack
	chmod 755 $(DESTDIR)$(BINDIR)/patchtrack
	mkdir -p $(DESTDIR)$(DATADIR)
	cp pipeline/pipeline.mk $(DESTDIR)$(DATADIR)/pipeline.mk
	cp pipeline/pt-stage $(DESTDIR)$(DATADIR)/pt-stage
	cp pipeline/pt-archive $(DESTDIR)$(DATADIR)/pt-archive
	cp $(MAN1) $(DESTDIR)$(MANDIR)/man1/
	cp $(MAN5) $(DESTDIR)$(MANDIR)/man5/

clean:
	rm -rf $(BUILD) $(BUILD)-asan
