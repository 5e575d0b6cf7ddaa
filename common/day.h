/*
 * day.h - calendar arithmetic on UTC times (seconds since the epoch):
 * days since the epoch, the Monday of an ISO 8601 week, months as
 * numbers, and a week's name.  The dates themselves are written and
 * read by text.h (iso_utc(), utc_civil(), iso_parse()).
 */
#ifndef PT_DAY_H
#define PT_DAY_H

#include <stdint.h>

#define DAY 86400

/* Days from 1970-01-01 to the day of t, rounded down (before the epoch too). */
int64_t day_of(int64_t t);
/* The Monday of the ISO 8601 week of t, as days since the epoch. */
int64_t day_monday(int64_t t);
/* Months since year 0 of t: year * 12 + month - 1. */
int64_t day_month(int64_t t);
/* The ISO 8601 week of t: "2019-W18" into week, and when its Monday starts. */
void day_isoweek(int64_t t, char week[9], int64_t *monday);

#endif
