/*
 * phrases.c - what the sender's own text may say, as phrases matched
 * on its words (words.c): a patch withdrawn or superseded (the withdraw
 * flag), a request for attention (ping), several patches of a posting
 * (series), a patch not meant to be merged (nosub).  mbox2tsv(1) lists
 * them; keep the lists short, every phrase a habit seen on the lists.
 */
#include <stddef.h>

#include "words.h"

/*
 * The classes.  <subj> (words.c) is "i" or "we", or nothing at the
 * start of a clause ("Will send v2.") or after a filler word there
 * ("ok, will ..."); it keeps "the firmware will send another" and
 * "Bryan will send v2" out.  Some classes are not for phrases: they are
 * what the checks after a match look for.  <num> and <rng> have no
 * words: the reading marks numbers, and the start of a range of patch
 * numbers ("1-3", "#1-#3", "1/3-3/3").
 */
const struct word_class word_classes[] = {
	/*
	 * What a patch is called; "v2" counts too.  <pnx> is the same after
	 * "new", where no noun can follow that makes it something else.
	 */
	{ "pn", B_PN, "patch|patches|patchset|patchsets|series|set|version|revision|"
	    "iteration|respin|submission|posting|one|ones|rfc" },
	{ "pnx", B_PNX, "" },
	/* What may stand before it: "this whole series", "the 1/8 series", "the v2 patch". */
	{ "det", B_DET, "this|that|these|those|the|my|our|any|all|whole|entire|previous|"
	    "prior|earlier|old|older|last|first|above|current|following|wrong|same|"
	    "broken|bad|buggy|patch" },
	{ "nv", B_V2, "" },
	/* What makes it the next one: "a new version", "the updated patch". */
	{ "adj", B_ADJ, "new|updated|revised|fixed|corrected|reworked|improved|next|"
	    "proper|final|cleaned|respun|refreshed|rebased|latest" },
	{ "adv", B_ADV, "just|also|then|soon|now|quickly|probably|definitely|later|"
	    "shortly|first|finally|instead|immediately|hopefully|simply" },
	/* "I'm resending" is the mail itself, not a next one: no -ing forms here. */
	{ "send", B_SEND, "send|resend|post|repost|submit|resubmit|spin|respin" },
	{ "sending", B_SENDING, "sending|resending|posting|reposting|submitting|resubmitting" },
	{ "sent", B_SENT, "sent|resent|posted|reposted|submitted|resubmitted" },
	{ "aux", B_AUX, "be|going|planning|to" },
	{ "subj", B_SUBJ, "i|we" },
	/* Words that may stand before a verb without its subject: "ok, so will send v2". */
	{ "filler", B_FILLER, "so|then|and|ok|okay|sure|now|also|thus|hence|yes|yeah|ack|"
	    "thanks|agreed|right|fine|oops|sorry|anyway|instead|but" },
	/* A sentence with one of these is a condition, not a statement. */
	{ "cond", B_COND, "if|unless|otherwise|whether" },
	/* Just before a phrase, these make it no statement: "maybe this should be dropped". */
	{ "neg", B_NEG, "not|no|never|without|hardly|nobody|dont|didnt|wont|maybe|perhaps" },
	/* Patch words that also start other nouns: "ignore the version check". */
	{ "loose", B_LOOSE, "version|set|one|ones|posting|rfc" },
	{ "of", B_OF, "of" },
	/* ... and the words that may follow them where they do mean the patch. */
	{ "follow", B_FOLLOW, "of|in|from|and|or|i|we|since|as|please|sorry|for|because|"
	    "which|that|too|then|anymore|altogether|entirely|completely|it|you|now|thanks|"
	    "thank|here|there|also|is|was|are|were|has|have|can|could|should|may|will|"
	    "with|without|at|on|to|instead|again|yet|by|but|https|http|link" },
	{ "num", B_NUM, "" },
	{ "rng", B_RANGE, "" },
};

const size_t nword_classes = sizeof word_classes / sizeof word_classes[0];

/*
 * The phrases, by what they say.  The first plain word list that must
 * be there (else the first class word that must) is where a match is
 * looked for.
 */
const struct phrase_def phrase_defs[] = {
	/* ---- withdraw: the patch is withdrawn or superseded ---- */
	/* "please ignore this patch", "kindly disregard the previous version" */
	{ SAYS_WITHDRAW, ASK_OK, "please|pls|plz|kindly ?just|simply|also ignore|disregard|discard|drop|"
	    "forget ?about *<det> <pn>" },
	/* "you can ignore this patch", "just drop the series" (not "you could drop it": an offer) */
	{ SAYS_WITHDRAW, 0, "just|simply|can ignore|disregard|discard|drop|forget ?about *<det> <pn>" },
	/* "Ignore this patch, sent by mistake." (not "drop": changelogs say "- drop the patch ...") */
	{ SAYS_WITHDRAW, 0, "<^> ignore|disregard|discard|forget ?about *<det> <pn>" },
	/* "Please ignore.", "Please disregard, I rebased wrongly", "please ignore this." */
	{ SAYS_WITHDRAW, ASK_OK, "please|pls|plz|kindly ?just ignore|disregard <$>" },
	{ SAYS_WITHDRAW, ASK_OK, "please|pls|plz|kindly ?just ignore|disregard this|that <$>" },
	{ SAYS_WITHDRAW, ASK_OK, "please|pls|plz|kindly ?just ignore|disregard this and" },
	{ SAYS_WITHDRAW, ASK_OK, "please|pls|plz|kindly ?just ignore|disregard this ?e mail|email|message" },
	{ SAYS_WITHDRAW, 0, "<^> ignore|disregard this ?e mail|email|message" },
	/* "this patch can be dropped", "the series should be ignored" */
	{ SAYS_WITHDRAW, 0, "this|<pn> can|could|should|may ?now|just|safely be ignored|dropped|disregarded|"
	    "discarded" },
	/* "please don't apply this patch", "Don't merge the 1/8 series" */
	{ SAYS_WITHDRAW, ASK_OK, "please|pls|kindly do not apply|merge|take|pick|queue *<det> <pn>" },
	{ SAYS_WITHDRAW, ASK_OK, "please|pls|kindly dont apply|merge|take|pick|queue *<det> <pn>" },
	{ SAYS_WITHDRAW, 0, "<^> do not apply|merge *<det> <pn>" },
	{ SAYS_WITHDRAW, 0, "<^> dont apply|merge *<det> <pn>" },
	/* "I will drop this patch", "I'm going to drop the series" */
	{ SAYS_WITHDRAW, 0, "<subj> will|shall|am|are *<aux> ?<adv> drop|withdraw *<det> <pn>" },
	/* "scratch this", "scratch that one" */
	{ SAYS_WITHDRAW, 0, "<^> scratch this|that <$>" },
	{ SAYS_WITHDRAW, 0, "<^> scratch this|that <pn>" },
	/* self-NAK, "NAK myself", "NACK. I'll resend ..." */
	{ SAYS_WITHDRAW, 0, "self nak|nack|naks|nacks|nakd|nackd|naked|nacked|naking|nacking" },
	{ SAYS_WITHDRAW, 0, "selfnak|selfnack|selfnacked|selfnaked" },
	{ SAYS_WITHDRAW, 0, "nak|nack|naking|nacking myself" },
	/* "NACKed by myself" */
	{ SAYS_WITHDRAW, 0, "nak|nack|naks|nacks|nakd|nackd|naked|nacked by myself" },
	{ SAYS_WITHDRAW, 0, "nak|nack ?,|. ?i|we will|shall <send>" },
	/* "I'll send v2", "will send out a V3", "I'm going to resend as v2", "let me send v3" */
	{ SAYS_WITHDRAW, 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> <send> "
	    "?out|over|up ?as ?a|an|the|my|our ?patch <nv>" },
	/* "I will send a new version", "will send an updated patch", "the next revision" */
	{ SAYS_WITHDRAW, 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> <send> "
	    "?out|over|up ?a|an|the|my|our <adj> *<adj> <pnx>" },
	{ SAYS_WITHDRAW, 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> <send> "
	    "?out|over|up another version|revision|iteration|spin|respin|round" },
	{ SAYS_WITHDRAW, 0, "<subj> will|shall ?<adv> be <sending> ?out|over|up ?a|an|the ?patch <nv>" },
	{ SAYS_WITHDRAW, 0, "<subj> will|shall ?<adv> be <sending> ?out|over|up ?a|an|the <adj> *<adj> <pnx>" },
	{ SAYS_WITHDRAW, 0, "let me ?<adv> <send> ?out ?a|an|the <nv>" },
	{ SAYS_WITHDRAW, 0, "let me ?<adv> <send> ?out ?a|an|the <adj> *<adj> <pnx>" },
	{ SAYS_WITHDRAW, 0, "let me ?<adv> <send> ?out another version|revision|iteration|spin|respin|round" },
	/* "will resend", "I'll respin" */
	{ SAYS_WITHDRAW, 0, "<subj> will|shall|am|are|plan|planning|going|gonna *<aux> ?<adv> "
	    "resend|repost|resubmit|respin" },
	/* "I sent v2", "I have posted an updated version", "v2 is sent" */
	{ SAYS_WITHDRAW, 0, "<subj> ?have|had|just|already|now|also *<adv> <sent> ?out|over|up ?as "
	    "?a|an|the ?patch <nv>" },
	{ SAYS_WITHDRAW, 0, "<subj> ?have|had|just|already|now|also *<adv> <sent> ?out|over|up "
	    "?a|an|the <adj> *<adj> <pnx>" },
	{ SAYS_WITHDRAW, 0, "<nv> ?patch|series|patchset is|was|has|have ?been|now sent|posted" },
	/* "this one is superseded by ...", "Patch set to Superseded", "supersedes v1" */
	{ SAYS_WITHDRAW, 0, "this|<pn> *is|was|are|were|has|have|been|now|hereby|already|being|therefore|"
	    "thus|also|probably|obviously superseded|superceded" },
	{ SAYS_WITHDRAW, 0, "this|<pn> supersedes|supercedes" },
	{ SAYS_WITHDRAW, 0, "mark|marked|marking|set *<det> ?<pn> as|to superseded|superceded" },
	/* "sent by mistake", "I accidentally sent", "sorry for sending the wrong version" */
	{ SAYS_WITHDRAW, 0, "i|we|was|were|been|is|are|got|this|it|<pn>|<^> ?accidentally|mistakenly|"
	    "wrongly|also|just sent|send|sending|posted|resent ?this|it|that|them|these|"
	    "those ?out by|in mistake|accident|error" },
	{ SAYS_WITHDRAW, 0, "i|we|<^> ?have|had|just accidentally|mistakenly|erroneously|wrongly|"
	    "inadvertently sent|posted|resent|send|sending" },
	{ SAYS_WITHDRAW, 0, "i|we|for|<^> ?have|had|just|accidentally|mistakenly sent|sending|posted|send "
	    "?out ?a|an|the wrong|incorrect|stale|broken *<det> <pn>" },
	/* "v4 will come shortly", "a new version will follow", "v2 follows" */
	{ SAYS_WITHDRAW, 0, "<nv> ?patch|series|patchset will|shall ?<adv> come|follow|arrive" },
	{ SAYS_WITHDRAW, 0, "<adj> *<adj> <pnx> will|shall ?<adv> come|follow|arrive" },
	{ SAYS_WITHDRAW, 0, "<nv> ?patch|series|patchset follows|coming|arrives" },
	/* "=> rejecting this in patchwork", "marked it rejected" */
	{ SAYS_WITHDRAW, 0, "rejecting|rejected|reject this|it|<pn> in|on patchwork" },
	{ SAYS_WITHDRAW, 0, "mark|marked|marking|set this|it *<det> ?<pn> as|to rejected" },
	/* "I withdraw this patch", "withdrawing the series", "this patch is withdrawn" */
	{ SAYS_WITHDRAW, 0, "i|we ?hereby|herewith withdraw|withdrew <$>" },
	{ SAYS_WITHDRAW, 0, "withdraw|withdrawing|withdrew *<det> <pn>" },
	{ SAYS_WITHDRAW, 0, "this|<pn> *is|was|are|were|has|have|been|now|hereby withdrawn" },

	/*
	 * ---- ping: asks for attention (mbox2tsv flags it only when that is
	 * all a short mail says) ----
	 */
	/*
	 * "Ping.", "Ping, any comments?", "Just pinging", "Bump?" at a
	 * sentence's start or end: "Hi Ping," and "Hi Li, Ping, Cyril" greet
	 * a person, "Ping-Ke" signs; not "ping 10.0.0.1", "ping fails".
	 */
	{ SAYS_PING, ANY_MOOD, "<^^> ?just|simply ping|pinging|poke|reminder",
	    "<num>|test|tests|testcase|command|binary|tool|packet|packets|fails|failed|"
	    "failure|fail|works|reply|request|flood|timeout|process|from|times|count|"
	    "interval|size|target|host|address|localhost|ke" },
	/* "Bump.", "Bump - anybody?" (not "iwlwifi: bump FW API to 64") */
	{ SAYS_PING, ANY_MOOD, "<^^> bump|bumping",
	    "<num>|fw|api|the|to|up|a|an|it|this|my|our|its|version|versions|minimum|min|max|"
	    "kernel|firmware|required|requirement|dependency|dependencies|abi|so|soname" },
	/* "a gentle ping", "Friendly reminder", "another bump" */
	{ SAYS_PING, ANY_MOOD, "gentle|gently|friendly|kind|kindly|soft|polite|humble|quick|"
	    "small|little|another !ping|pinging|bump|poke|reminder" },
	/* "Hi Petr ping.", "Hi all, Ping", "A little ping." (not "busybox ping.", "Hi Ping,") */
	{ SAYS_PING, ANY_MOOD, "<^> ?hi|hello|dear ?<w> ?<w> ping|pinging|bump <$$>" },
	{ SAYS_PING, ANY_MOOD, "i|we am|are ?just|only|kindly|gently !pinging" },
	/*
	 * "Any comments?", "Any feedback would be appreciated", "do you have
	 * any objections?" (not "I'm open to any concerns", "tell me if you
	 * have any objection")
	 */
	{ SAYS_PING, ANY_MOOD, "<^> any ?more|further|other|new comments|comment|feedback|"
	    "update|updates|news|thoughts|objections|objection|progress|reviews|review|concerns|"
	    "opinions|input|status" },
	{ SAYS_PING, ASK, "any ?more|further|other|new comments|comment|feedback|update|"
	    "updates|news|thoughts|objections|objection|progress|reviews|review|concerns|"
	    "opinions|input|status" },
	/*
	 * "Could someone please review", "can you merge it", "would anyone
	 * have a look" (not "can you have a look if it covers ...": a task
	 * for the author)
	 */
	{ SAYS_PING, ANY_MOOD, "could|can|would|will someone|anyone|somebody|anybody|you ?please|"
	    "pls|kindly ?help ?to !review|merge|apply|ack" },
	{ SAYS_PING, ANY_MOOD, "could|can|would|will someone|anyone|somebody|anybody ?please|"
	    "pls|kindly take|have a ?quick|closer !look" },
	/* "Kindly review" */
	{ SAYS_PING, ANY_MOOD, "kindly|please|pls ?help !review" },
	/* "What is the status of this patch?", "what's the status" ("what's" is "what") */
	{ SAYS_PING, ANY_MOOD, "what ?is|about the|this !status" },
	/*
	 * "+Cc Petr", "Cc'ing the maintainers", "adding Petr to Cc", "forgot
	 * to Cc the list" (not "I forgot to add your tag")
	 */
	{ SAYS_PING, ANY_MOOD, "pluscc|ccing" },
	{ SAYS_PING, ANY_MOOD, "adding|add|added *<w> to|in|into ?the !cc|ccs" },
	{ SAYS_PING, ANY_MOOD, "forgot|forget|forgotten|forgetting to cc" },
	/* "Resending with the list in Cc", "I'm resending this", "this is a resend" */
	{ SAYS_PING, 0, "<^> ?just resend|resending|resent" },
	{ SAYS_PING, 0, "i|we ?am|are|have|had ?just|now|simply !resending|resent" },
	{ SAYS_PING, 0, "is ?just a !resend" },

	/* ---- series: speaks of several patches of a posting ---- */
	/* "for the whole series", "this patchset" (not "the 5.4.y kernel series") */
	{ SAYS_SERIES, BARE, "series|patchset|patchsets|patchseries", NULL,
	    "kernel|kernels|stable|lts|release|releases|distro|time|tv" },
	/* "the patch set" (not patchwork's "Patch set to Superseded") */
	{ SAYS_SERIES, BARE, "patch set", "to" },
	/* "these patches", "both patches", "all the patches", "all 3 patches" */
	{ SAYS_SERIES, BARE, "these|those|both|all ?of ?the|these|those|<num>|two|three|four|five|"
	    "six !patches|patchsets" },
	/* "neither patches apply", "the remaining patches", "the rest of the series" */
	{ SAYS_SERIES, BARE, "neither|remaining !patches|patchsets" },
	{ SAYS_SERIES, BARE, "rest of the !patches|set" },
	/* "This should be static (in all files)", "the same for every file" */
	{ SAYS_SERIES, BARE, "in|to|for all|every|each ?of ?the !files|file" },
	/* "Acked for all of them.", "both of them look good" (not "all of them failed") */
	{ SAYS_SERIES, BARE, "all|both of !them <$>" },
	{ SAYS_SERIES, BARE, "all|both of them !look|looks|lgtm|applied|merged|pushed|queued|seem" },
	/* "the whole set", "the entire set" */
	{ SAYS_SERIES, BARE, "whole|entire set|patchset" },
	/* "Reviewed-by: ... for all.", "LGTM for all" */
	{ SAYS_SERIES, BARE, "for !all <$>" },
	/* A range of patch numbers: "For 1-3:", "patches #1-#3", "1/3-3/3 look good" */
	{ SAYS_SERIES, BARE, "<^> <rng>" },
	{ SAYS_SERIES, BARE, "for|patch|patches|series|applied|merged|pushed|queued|picked|"
	    "took|taken|and !<rng>" },
	{ SAYS_SERIES, BARE, "!<rng> <num> ?<num> ?<num> look|looks|applied|merged|pushed|are|lgtm" },
	/* "patches 1 to 6", "up to patch 6", "patches 2 and 3" */
	{ SAYS_SERIES, BARE, "patch|patches <num> to|through|thru|till|until <num>" },
	{ SAYS_SERIES, BARE, "up to|till|until patch|patches <num>" },
	{ SAYS_SERIES, BARE, "patches <num> and|, <num>" },

	/*
	 * ---- nosub: the patch is not meant to be merged ----
	 * A commit message is read for these alone, and only when it holds
	 * one of their anchors ("!"): rare words keep that cheap.
	 */
	/* "DO NOT MERGE", "please don't apply this yet" (not "even if I don't apply this patch") */
	{ SAYS_NOSUB, BARE, "<^> ?please|pls|kindly do not !merge|apply "
	    "?this|these|it|them ?<pn> ?yet <$>" },
	/* "not for merging", "not meant to be merged", "not intended for inclusion" */
	{ SAYS_NOSUB, BARE, "not for !merging|merge|inclusion|applying" },
	{ SAYS_NOSUB, BARE, "not !meant|intended|supposed ?to be merged|applied|upstreamed" },
	{ SAYS_NOSUB, BARE, "not !meant|intended for merging|inclusion" },
	/* "Please ignore this.", "please ignore" (not "please ignore the warning") */
	{ SAYS_NOSUB, ANY_MOOD, "please|pls|kindly ?just !ignore ?this|it|me <$>" },
	{ SAYS_NOSUB, ANY_MOOD, "please|pls|kindly ?just !ignore this|it patch|mail|email|one|"
	    "series|patchset <$>" },
	/* "a test patch", "my complete testing patch", "debug patch" (not "a memcontrol test patch") */
	{ SAYS_NOSUB, ANY_MOOD, "a|an|the|this|my|correct|following|below|attached|complete|"
	    "small|simple|another|quick !test|testing|debug|debugging patch|patches|series" },
	/* "This is just a test.", "just a test mail" */
	{ SAYS_NOSUB, BARE, "just a !test ?mail|email|message|patch|post|posting|series|run <$>" },
	/* "for testing only", "Testing only" (not a cover's "assert() helper for DEBUG only") */
	{ SAYS_NOSUB, BARE, "for !testing|test ?purpose|purposes only" },
	{ SAYS_NOSUB, BARE, "<^> !testing only <$>" },
	/* "no need to merge this" */
	{ SAYS_NOSUB, BARE, "no need to !merge|apply ?this|it|them <$>" },
};

const size_t nphrase_defs = sizeof phrase_defs / sizeof phrase_defs[0];
