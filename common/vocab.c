/*
 * vocab.c - the tables' words that are looked up by number (vocab.h).
 */
#include <string.h>

#include "vocab.h"

static const char *const mtypes[MT_N] = {
	"", TYPE_PATCH, TYPE_COVER, TYPE_REPLY, TYPE_PULL, TYPE_BOT, TYPE_OTHER,
};

const char *
mtype_name(int t)
{
	return t >= 0 && t < MT_N ? mtypes[t] : "";
}

int
mtype_parse(const char *s)
{
	for (int t = 1; t < MT_N; t++)
		if (!strcmp(s, mtypes[t]))
			return t;
	return MT_UNKNOWN;
}

const char *const mail_flag_names[F_COUNT] = {
	[F_RFC] = FLAG_RFC,
	[F_RESEND] = FLAG_RESEND,
	[F_STABLE] = FLAG_STABLE,
	[F_NEXT] = FLAG_NEXT,
	[F_WITHDRAW] = FLAG_WITHDRAW,
	[F_NOID] = FLAG_NOID,
	[F_BADID] = FLAG_BADID,
	[F_ODDID] = FLAG_ODDID,
	[F_MULTIID] = FLAG_MULTIID,
	[F_DUPID] = FLAG_DUPID,
	[F_NODATE] = FLAG_NODATE,
	[F_DATE_RECEIVED] = FLAG_DATE_RECEIVED,
	[F_DATE_FROMLINE] = FLAG_DATE_FROMLINE,
	[F_FOLDED] = FLAG_FOLDED,
	[F_DMARC] = FLAG_DMARC,
	[F_INBODY_FROM] = FLAG_INBODY_FROM,
	[F_INBODY_SUBJECT] = FLAG_INBODY_SUBJECT,
	[F_ATTACHED] = FLAG_ATTACHED,
	[F_FLOWED] = FLAG_FLOWED,
	[F_HTML] = FLAG_HTML,
	[F_CHARSET] = FLAG_CHARSET,
	[F_BADCHAR] = FLAG_BADCHAR,
	[F_TRUNCATED] = FLAG_TRUNCATED,
	[F_PING] = FLAG_PING,
	[F_SERIES] = FLAG_SERIES,
	[F_NOSUB] = FLAG_NOSUB,
};

const char *const commit_flag_names[G_COUNT] = {
	FLAG_CP1252, FLAG_BADCHAR, FLAG_DAMAGED, FLAG_SIDE,
};
