/*
 * gmime-parse - the floor for mbox2tsv: parse every message of an mbox
 * with gmime and decode every leaf part, doing nothing with the result.
 *
 *   gmime-parse FILE.mbox
 *
 * Prints the number of messages and parts.  Used by bench/run to set
 * mbox2tsv's speed beside gmime's own.
 */
#include <stdio.h>

#include <gmime/gmime.h>

static unsigned long nparts;

static void
decode(GMimeObject *parent, GMimeObject *part, gpointer data)
{
	GMimeStream *null = data;
	GMimeDataWrapper *w;

	(void)parent;
	if (!GMIME_IS_PART(part))
		return;
	w = g_mime_part_get_content(GMIME_PART(part));
	if (w)
		g_mime_data_wrapper_write_to_stream(w, null);
	nparts++;
}

int
main(int argc, char **argv)
{
	GMimeStream *st, *null;
	GMimeParser *p;
	unsigned long n = 0;
	FILE *fp;

	if (argc != 2) {
		fprintf(stderr, "usage: gmime-parse file.mbox\n");
		return 2;
	}
	fp = fopen(argv[1], "rb");
	if (!fp) {
		perror(argv[1]);
		return 1;
	}
	g_mime_init();
	st = g_mime_stream_file_new(fp);
	null = g_mime_stream_null_new();
	p = g_mime_parser_new_with_stream(st);
	g_mime_parser_set_format(p, GMIME_FORMAT_MBOX);
	while (!g_mime_parser_eos(p)) {
		GMimeMessage *m = g_mime_parser_construct_message(p, NULL);

		if (!m)
			break;
		n++;
		g_mime_message_foreach(m, decode, null);
		g_object_unref(m);
	}
	printf("%lu messages, %lu parts\n", n, nparts);
	g_object_unref(p);
	g_object_unref(null);
	g_object_unref(st);
	g_mime_shutdown();
	return 0;
}
