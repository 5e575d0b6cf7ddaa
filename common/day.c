/*
 * day.c - calendar arithmetic on UTC times (see day.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "day.h"
#include "text.h"

int64_t
day_of(int64_t t)
{
	return t >= 0 ? t / DAY : -((-t + DAY - 1) / DAY);
}

int64_t
day_monday(int64_t t)
{
	int64_t days = day_of(t);

	/* 1970-01-01 was a Thursday. */
	return days - ((days + 3) % 7 + 7) % 7;
}

int64_t
day_month(int64_t t)
{
	int64_t y;
	int m, d, secs;

	utc_civil(t, &y, &m, &d, &secs);
	return y * 12 + m - 1;
}

void
day_isoweek(int64_t t, char week[9], int64_t *monday)
{
	int64_t mon = day_monday(t), thu = mon + 3, jan1;
	char d[21], y[11];

	/* The week is of the year its Thursday is in. */
	iso_utc(d, thu * DAY);
	memcpy(y, d, 4);
	memcpy(y + 4, "-01-01", 7);
	iso_parse(y, &jan1);
	snprintf(week, 9, "%.4s-W%02d", d, (int)((thu - jan1 / DAY) / 7 + 1));
	*monday = mon * DAY;
}
