"""Dates as the game writes them, the same in every list: 'Tue 24 Nov, 19:03' (with the year
when it is not this one: 'Sat 21 Nov 2026, 10:31'), in the player's language and local time."""

from __future__ import annotations

import datetime

from urland.texts.i18n import N_, _, fmt

WEEKDAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def day_and_time(at: datetime.datetime, today: datetime.date | None = None) -> str:
    """`at` (already in local time) as a weekday, day, month and time; the year too when it is
    not `today`'s (this year by default)."""
    this_year = (today or datetime.date.today()).year
    values = {"weekday": _(WEEKDAYS[at.weekday()]), "day": at.day,
              "month": _(MONTHS[at.month - 1]), "time": at.strftime("%H:%M")}
    if at.year == this_year:
        return fmt("{weekday} {day} {month}, {time}", **values)
    return fmt("{weekday} {day} {month} {year}, {time}", year=at.year, **values)
