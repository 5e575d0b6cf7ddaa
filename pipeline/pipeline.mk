# pipeline.mk - the whole chain as file targets, for GNU make.
#
# patchtrack(1) runs it in the output folder (OUT=., so that no target
# holds a blank whatever the folder's path); it first writes
# $(OUT)/inputs.mk, which names the inputs:
#
#   REPO              the git repository (as text; recipes read
#                     $(OUT)/repo.path, its path, and repo.name, its name)
#   ARCHIVES          archive names (a name per mbox, maildir or public-inbox:
#                     a hash of its content and its file name made safe;
#                     its path is in $(OUT)/archives/<name>.path, the name
#                     to show in archives/<name>.name, and
#                     $(OUT)/stamps/<name> changes when it does); an
#                     archive that grows comes in parts, NAME, NAME+2,
#                     NAME+3 ..., each read, tokenized and scored once
#   MBOXARGS_<name>   mbox2tsv's options for the part (where it starts
#                     and ends: --after/--upto, --offset/--end)
#   KNOWN_<name>      the parts of its archive before it (mbox2tsv -k)
#   SEGMENTS          commit segments s1 s2 ...: s1 the history up to the
#                     first run's head, each later one the commits new since
#   SEGARGS_<seg>     git2tsv's revisions for it
#   SEGFLAGS_<seg>    git2tsv's flags for its commits table (side: --side)
#   SINCE_ARG         git2tsv's --since, or nothing
#   HEAD              the commit the last segment ends at
#   SHARDS            scoring shards per block
#   SCORER            the scoring command (default patchsim)
#   JUDGE             the verdict command (default: ptreport's own verdicts)
#
# Paths are read from those files in the recipes by the shell, in double
# quotes ("$$(IFS= read -r l <FILE; printf ...)", line_of below), so
# blanks, quotes and any other letters in them reach the tools as they
# are and make never sees them.  The folders (mails/, pairs/, maint/,
# reports/ ...) are made by patchtrack before make runs.
#
# $(OUT)/tokcols (the patch tables' columns as patchtok writes them:
# tables an older patchtok wrote are made again) is replaced only when it
# changes too.
# $(OUT)/inputs.mk, $(OUT)/scorer (the scoring command) and $(OUT)/links
# (the link templates of report.html: a mail's on line 1, a commit's on
# line 2, either empty for none) are replaced only when they change: a
# run with other archives gathers its blocks again, one with another
# scorer scores every block again, one with other links writes the page
# again (with the reports: one ptreport run makes them all).  So is
# $(OUT)/mailmap (the repository's .mailmap at HEAD, or patchtrack
# --mailmap's file; empty for none): one with another mailmap writes
# the reports again.
#
# Every stage writes $@.tmp and renames it, so a failed or killed stage
# leaves no file behind and the next run redoes it.  Scores come in
# blocks (an archive against a commit segment, an archive against
# itself, two archives against each other), so new mail or new commits
# add blocks and the old ones stay.
#
# With STAGES=yes (patchtrack's default) every stage runs through
# pt-stage, beside this file, which writes one line on stderr as the
# stage finishes: the stage, its input, the rows it wrote and the
# seconds it took.  With STAGES=no (patchtrack -q or -v) the recipes
# are the bare commands.  pt-stage is found beside this file's real
# path, so that a symbolic link to it (in a bin/ folder) will do.
PT_STAGE := $(dir $(realpath $(lastword $(MAKEFILE_LIST))))pt-stage
OUT ?= out
include $(OUT)/inputs.mk

SHARDS  ?= 1
SCORER  ?=
JUDGE   ?=
# The tools are quiet on success and name what they skip whatever their
# flags; -q also keeps their notes (lines of MAINTAINERS or of the
# mailmap skipped, no MAINTAINERS in the history) out of every run's
# log, where the stage lines stand for their summaries (-v: those too).
TOOLFLAGS ?= -q
PLOTS   ?= yes
STAGES  ?= no

# $(call stage,STAGE,INPUT,UNIT,FILE[,-a 1]) goes before a command:
# the line for it when it is done.  A compound command takes $(T0)
# before it and $(call stage_end,...) after it instead.
ifeq ($(STAGES),yes)
stage = sh $(PT_STAGE) $(5) $(1) "$(2)" $(3) $(4) --
T0 = t0=$$(sh $(PT_STAGE) -t);
stage_end = && sh $(PT_STAGE) -s "$$t0" $(1) "$(2)" $(3) $(4)
else
stage =
T0 =
stage_end =
endif
# A stage's exit status (common/util.h): 0 all read; 1 some input named
# on stderr and skipped, the table good; 2 failed.  $(KEEP) after the
# command keeps $@.tmp for the rename that follows on 0 and 1, and
# notes a 1 in $(OUT)/skipped (patchtrack's own status); 2 or anything
# else (a signal) removes $@.tmp and fails the recipe.  A foreign
# scorer's 1 means what it means: $(STRICT) keeps only 0.
KEEP = || { st=$$?; [ $$st -eq 1 ] || { rm -f $@.tmp; exit $$st; }; echo '$(patsubst $(OUT)/%,%,$@)' >>$(OUT)/skipped; }
STRICT = || { st=$$?; rm -f $@.tmp; exit $$st; }
# Names for the lines: an archive by its file name, a commit segment
# as repo/s1, a block as archive/s1, archive/self or archive/archive.
# The names and paths come from files, read by the shell itself
# (line_of: the first line of a file, no process started for it; it
# fails, as cat would, when there is none).
line_of = $$(IFS= read -r l <$(1) || [ -n "$$l" ] && printf '%s' "$$l")
REPO_NAME = $(call line_of,$(OUT)/repo.name)
REPO_PATH = "$(call line_of,$(OUT)/repo.path)"
SCORE_NAME := $(if $(SCORER),$(notdir $(firstword $(SCORER))),patchsim)
# A part of an archive (NAME+2) is shown as the archive's name and +2.
unit_arch = $(firstword $(subst +, ,$(1)))
unit_part = $(if $(word 2,$(subst +, ,$(1))),+$(word 2,$(subst +, ,$(1))))
arch_name = $(call line_of,$(OUT)/archives/$(call unit_arch,$(1)).name)$(call unit_part,$(1))
# Archives, not their parts, for the reports' titles.
NARCHIVES = $(words $(foreach a,$(ARCHIVES),$(if $(call unit_part,$(a)),,$(a))))
tok_name = $(if $(filter mails/%,$(1)),$(call arch_name,$(notdir $(1))),$(REPO_NAME)/$(notdir $(1)))
shard_name = $(if $(filter-out 1,$(SHARDS)), $(1)/$(SHARDS))

.DELETE_ON_ERROR:
.SUFFIXES:
.PHONY: all reports

SHARDLIST := $(shell seq 1 $(SHARDS))

MAILS_TSV   := $(ARCHIVES:%=$(OUT)/mails/%.tsv)
MAILS_TOK   := $(ARCHIVES:%=$(OUT)/mails/%.tok)
COMMITS_TSV := $(SEGMENTS:%=$(OUT)/commits/%.tsv)
COMMITS_TOK := $(SEGMENTS:%=$(OUT)/commits/%.tok)
COMMITS_MERGED := $(SEGMENTS:%=$(OUT)/commits/%.merged.tsv)
MAINT_TSV   := $(ARCHIVES:%=$(OUT)/maint/%.tsv)

# Pairs of every block and shard.
pairs_of = $(foreach k,$(SHARDLIST),$(OUT)/pairs/$(1).$(k)-$(SHARDS).tsv)
# Unordered pairs of archives, each once: a__b with a before b.
cross = $(if $(2),$(foreach b,$(2),$(1)__$(b)) $(call cross,$(firstword $(2)),$(wordlist 2,$(words $(2)),$(2))))
BLOCKS := $(foreach a,$(ARCHIVES),$(foreach s,$(SEGMENTS),$(a)__$(s))) \
          $(ARCHIVES:%=%__self) \
          $(if $(ARCHIVES),$(call cross,$(firstword $(ARCHIVES)),$(wordlist 2,$(words $(ARCHIVES)),$(ARCHIVES))))
PAIRS := $(foreach b,$(BLOCKS),$(call pairs_of,$(b)))

REPORTS := patches ignored offlist weekly cycle duration summary maintainers waiting changes \
    changes-log state verdicts
REPORT_TSV := $(REPORTS:%=$(OUT)/reports/%.tsv)
TABLES := $(OUT)/clusters.tsv $(MAILS_TSV) $(COMMITS_TSV) $(MAILS_TOK) $(COMMITS_TOK) $(MAINT_TSV) \
    $(COMMITS_MERGED)
# One person, one row: the reports read the people through the mailmap.
MAILMAP := $(OUT)/mailmap

# make -j starts what comes first: the biggest archive's mail table
# (patchtrack's BIG_FIRST), the commits, the other mail tables, the
# biggest archive's block against itself; the longest chain first.
BIG := $(firstword $(BIG_FIRST))
all: $(if $(BIG),$(OUT)/mails/$(BIG).tsv) $(COMMITS_TSV) \
    $(patsubst %,$(OUT)/mails/%.tsv,$(wordlist 2,$(words $(BIG_FIRST)),$(BIG_FIRST))) \
    $(if $(BIG),$(call pairs_of,$(BIG)__self)) $(OUT)/report.txt $(OUT)/report.html

# Ingest: one mail table per archive, one commit table per segment.
define archive_rule
$(OUT)/mails/$(1).tsv: $(OUT)/stamps/$(1) $(KNOWN_$(1):%=$(OUT)/mails/%.tsv)
	$$(call stage,mbox2tsv,$$(call arch_name,$(1)),mails,$$@.tmp,-a 1) mbox2tsv $(TOOLFLAGS) $(MBOXARGS_$(1)) $(KNOWN_$(1):%=-k $(OUT)/mails/%.tsv) "$$(call line_of,$(OUT)/archives/$(call unit_arch,$(1)).path)" >$$@.tmp $$(KEEP)
	mv $$@.tmp $$@
endef
$(foreach a,$(ARCHIVES),$(eval $(call archive_rule,$(a))))

define segment_rule
$(OUT)/commits/$(1).tsv:
	$$(call stage,git2tsv,$$(REPO_NAME)/$(1),commits,$$@.tmp,-a 1) git2tsv $(TOOLFLAGS) $(SINCE_ARG) $(SEGFLAGS_$(1)) $$(REPO_PATH) $(SEGARGS_$(1)) >$$@.tmp $$(KEEP)
	mv $$@.tmp $$@
endef
$(foreach s,$(SEGMENTS),$(eval $(call segment_rule,$(s))))

# Which merge brought each commit of a segment in (a pull request, a
# branch), for the reasons of off-list commits.
define merged_rule
$(OUT)/commits/$(1).merged.tsv:
	$$(call stage,git2tsv,$$(REPO_NAME)/$(1).merged,commits,$$@.tmp,-a 1) git2tsv $(TOOLFLAGS) --merged $$(REPO_PATH) $(SEGARGS_$(1)) >$$@.tmp $$(KEEP)
	mv $$@.tmp $$@
endef
$(foreach s,$(SEGMENTS),$(eval $(call merged_rule,$(s))))

$(OUT)/tags.tsv: $(COMMITS_TSV)
	$(call stage,git2tsv,$(REPO_NAME)/tags,tags,$@.tmp,-a 1) git2tsv $(TOOLFLAGS) --tags $(REPO_PATH) >$@.tmp $(KEEP)
	mv $@.tmp $@

# The commits of a forge's pull requests the main line lacks (refs/pull/N/head:
# a GitHub mirror's), for the patches opened as one too and the commits
# rebased from one.
$(OUT)/pulls.tsv: $(COMMITS_TSV)
	$(call stage,git2tsv,$(REPO_NAME)/pulls,commits,$@.tmp,-a 1) git2tsv $(TOOLFLAGS) --pulls $(REPO_PATH) $(HEAD) >$@.tmp $(KEEP)
	mv $@.tmp $@

# Tokens.
$(OUT)/%.tok: $(OUT)/%.tsv $(OUT)/tokcols
	$(call stage,patchtok,$(call tok_name,$*),patches,$@.tmp,-a 1) patchtok $(TOOLFLAGS) $< >$@.tmp $(KEEP)
	mv $@.tmp $@

# Who should have answered: each archive's patches against MAINTAINERS
# as it was at their dates (no rows of sections if the repository has
# none); again when the archive or the head changes.
$(OUT)/maint/%.tsv: $(OUT)/mails/%.tok $(OUT)/commits/HEADS
	$(call stage,ptmaint,$(call arch_name,$*),rows,$@.tmp,-a 1) ptmaint $(TOOLFLAGS) -g $(REPO_PATH) -r $(HEAD) $< >$@.tmp $(KEEP)
	mv $@.tmp $@

# Scores, block by block and shard by shard.  patchsim compares a
# table with itself with --self (each pair once); another scorer is
# given the same table twice.
# One shard a process: make -j runs them side by side.
PSJOBS := $(if $(filter 1,$(SHARDS)),,-j1)
score = $(if $(SCORER),$(SCORER) $(1) $(2),patchsim $(TOOLFLAGS) $(PSJOBS) --shard $(3) $(1) $(2))
score_self = $(if $(SCORER),$(SCORER) $(1) $(1),patchsim $(TOOLFLAGS) $(PSJOBS) --shard $(2) --self $(1))
# patchsim's 1 keeps its pairs, a foreign scorer's does not.
score_ok = $(if $(SCORER),$(STRICT),$(KEEP))
score_a = $(if $(SCORER),,-a 1)

define block_rules
$(OUT)/pairs/$(1)__$(2).%-$(SHARDS).tsv: $(OUT)/mails/$(1).tok $(OUT)/commits/$(2).tok $(OUT)/scorer
	$$(call stage,$$(SCORE_NAME),$$(call arch_name,$(1))/$(2)$$(call shard_name,$$*),pairs,$$@.tmp,$$(score_a)) $$(call score,$$<,$$(word 2,$$^),$$*/$(SHARDS)) >$$@.tmp $$(score_ok)
	mv $$@.tmp $$@
endef
$(foreach a,$(ARCHIVES),$(foreach s,$(SEGMENTS),$(eval $(call block_rules,$(a),$(s)))))

define self_rule
$(OUT)/pairs/$(1)__self.%-$(SHARDS).tsv: $(OUT)/mails/$(1).tok $(OUT)/scorer
	$$(call stage,$$(SCORE_NAME),$$(call arch_name,$(1))/self$$(call shard_name,$$*),pairs,$$@.tmp,$$(score_a)) $$(call score_self,$$<,$$*/$(SHARDS)) >$$@.tmp $$(score_ok)
	mv $$@.tmp $$@
endef
$(foreach a,$(ARCHIVES),$(eval $(call self_rule,$(a))))

define cross_rule
$(OUT)/pairs/$(1).%-$(SHARDS).tsv: $(OUT)/mails/$(firstword $(subst __, ,$(1))).tok \
    $(OUT)/mails/$(lastword $(subst __, ,$(1))).tok $(OUT)/scorer
	$$(call stage,$$(SCORE_NAME),$$(call arch_name,$(firstword $(subst __, ,$(1))))/$$(call arch_name,$(lastword $(subst __, ,$(1))))$$(call shard_name,$$*),pairs,$$@.tmp,$$(score_a)) $$(call score,$$<,$$(word 2,$$^),$$*/$(SHARDS)) >$$@.tmp $$(score_ok)
	mv $$@.tmp $$@
endef
$(foreach b,$(filter-out $(ARCHIVES:%=%__self) $(foreach a,$(ARCHIVES),$(foreach s,$(SEGMENTS),$(a)__$(s))),$(BLOCKS)),$(eval $(call cross_rule,$(b))))

# Clusters: every pair file, read as one stream.
$(OUT)/pairs.list: $(PAIRS) $(OUT)/inputs.mk
	printf '%s\n' $(PAIRS) >$@.tmp
	mv $@.tmp $@

# A pair table cat cannot read fails the rule too (the pipe would hide it).
$(OUT)/clusters.tsv: $(OUT)/pairs.list $(MAILS_TOK) $(COMMITS_TOK)
	[ ! -e $@.fail ] || rm -f $@.fail; { xargs cat <$(OUT)/pairs.list || echo $$? >$@.fail; } | $(call stage,ptcluster,$(words $(PAIRS)) pair tables,patches,$@.tmp,-a 1) ptcluster $(TOOLFLAGS) $(MAILS_TOK) $(COMMITS_TOK) - >$@.tmp $(KEEP); \
	if [ -e $@.fail ]; then rm -f $@.fail $@.tmp; echo "ptcluster: $(OUT)/pairs.list: a pair table could not be read" >&2; exit 2; fi
	mv $@.tmp $@

# Reports: every one from one reading of the tables (ptreport all),
# which writes them all or, failing, none: the TSV reports, their
# aligned texts, report.html the page, and report.txt (ptreport text),
# the overview a person reads first, which goes to the top of the
# folder.
PLOT_FILES := $(if $(filter yes,$(PLOTS)),$(OUT)/reports/weekly.png $(OUT)/reports/duration.png \
    $(OUT)/reports/maintainers.png)
REPORT_TXT := $(OUT)/reports/summary.txt $(OUT)/reports/cycle.txt $(OUT)/reports/maintainers.txt \
    $(OUT)/reports/morning.txt
# The morning view: the queue and the changes as feeds and a mail.  The
# run before's state.tsv and changes-log.tsv are read before these
# replace them.
REPORT_MORNING := $(OUT)/reports/waiting.atom $(OUT)/reports/changes.atom $(OUT)/reports/digest.txt
REPORT_FILES := $(REPORT_TSV) $(REPORT_TXT) $(PLOT_FILES) $(REPORT_MORNING) \
    $(OUT)/reports/report.html $(OUT)/report.txt

# Another judge (JUDGE, patchtrack --judge CMD): ptreport's own verdicts
# (verdicts.own.tsv, patchtrack-tsv(5)) and the tables go to
# "CMD verdicts.own.tsv TABLE ...", whose verdicts table on stdout
# (verdicts.tsv) the reports render instead of judging: ptreport all
# --verdicts.  Made again when the tables, the mailmap or the command
# ($(OUT)/judge) change.
ifneq ($(JUDGE),)
JUDGED := $(OUT)/verdicts.tsv
$(OUT)/verdicts.own.tsv: $(TABLES) $(OUT)/pairs.list $(OUT)/tags.tsv $(OUT)/pulls.tsv $(MAILMAP)
	$(call stage,ptreport,verdicts,rows,$@.tmp) ptreport verdicts $(TOOLFLAGS) -m $(MAILMAP) \
		$(TABLES) $(OUT)/tags.tsv $(OUT)/pulls.tsv $(PAIRS) >$@.tmp $(KEEP)
	mv $@.tmp $@

$(OUT)/verdicts.tsv: $(OUT)/verdicts.own.tsv $(OUT)/judge
	$(call stage,judge,$(notdir $(firstword $(JUDGE))),rows,$@.tmp) $(JUDGE) $(OUT)/verdicts.own.tsv \
		$(TABLES) $(OUT)/tags.tsv $(OUT)/pulls.tsv >$@.tmp $(STRICT)
	mv $@.tmp $@
endif

# Made on every run, new input or none: a night with nothing new is
# news too (changes.tsv empty, the morning view and the digest saying
# "nothing new since" the last run with changes), and a corrections
# file edited since is read.  The tables are made again only from new
# input; the reports cost one reading of them.
.PHONY: night
$(REPORT_FILES) &: $(TABLES) $(OUT)/pairs.list $(OUT)/tags.tsv $(OUT)/pulls.tsv $(OUT)/links $(OUT)/digest $(MAILMAP) $(JUDGED) night
	k=$(call line_of,$(OUT)/corrections.path); e=$(call line_of,$(OUT)/feeds.for); f=$(call line_of,$(OUT)/digest); t=$$({ read -r l; IFS= read -r l; } <$(OUT)/digest; printf '%s' "$$l"); \
	$(call stage,ptreport,all reports,kB,$(OUT)/reports/report.html,-a 1) ptreport all $(TOOLFLAGS) \
		-o $(OUT)/reports $(if $(PLOT_FILES),-p png) -m $(MAILMAP) \
		-T "patchtrack: $(NARCHIVES) archive(s), $(call line_of,$(OUT)/repo.path)" \
		-M "$(call line_of,$(OUT)/links)" \
		-C "$$({ read -r l; IFS= read -r l; } <$(OUT)/links; printf '%s' "$$l")" \
		$${f:+--from="$$f"} $${t:+--to="$$t"} \
		$${k:+--corrections="$$k"} $${e:+--person-feeds="$$e"} \
		$(if $(JUDGED),--verdicts $(JUDGED)) $(TABLES) $(OUT)/tags.tsv $(OUT)/pulls.tsv $(PAIRS) $(KEEP)
	$(T0)mv $(OUT)/reports/report.txt $(OUT)/report.txt $(call stage_end,ptreport,report.txt,lines,$(OUT)/report.txt)

# The same as one page for a browser or a mail attachment: the reports,
# the plots drawn inline, mails and commits linked through the templates:
# reports/report.html with its links to the TSV reports beside it
# (<a class="tsv" href="NAME.tsv">, which no escaped text of the page can
# hold) pointed into reports/, so that they work from here too.
$(OUT)/report.html: $(OUT)/reports/report.html
	LC_ALL=C sed 's|<a class="tsv" href="|&reports/|g' $< >$@.tmp || { rm -f $@.tmp; exit 2; }
	mv $@.tmp $@
