/*
 * why.h - the parts of why: a line of its text (why.c), and the lines
 * that say how a patch's verdict was reached (whyrule.c).
 */
#ifndef PT_WHY_H
#define PT_WHY_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "model/model.h"

/* A line of why's text, indented by indent steps of two blanks: line(). */
void why_vline(FILE *fp, int indent, const char *fmt, va_list ap);
static inline void line(FILE *fp, int indent, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void
line(FILE *fp, int indent, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	why_vline(fp, indent, fmt, ap);
	va_end(ap);
}
/* The rule that decided patch mi's verdict (for the project), as a line or two. */
void why_rule(struct model *md, uint32_t mi, FILE *fp);
/* What patch m changes: its diff's files, the first few, as a line. */
void why_files(const struct model *md, const struct mail *m, FILE *fp);
/* Why a counted patch is the project's: its files, its first tag (whyrule.c). */
void why_repository(const struct model *md, const struct mail *m, FILE *fp);

#endif
