"""Every event's data follows its kind's schema (engine/events.py's EVENT_DATA), so that the
words, the story, the animation and the sound can read named fields."""

import typing

from random_games import random_games

from urland.engine import EVENT_DATA


def test_every_event_of_random_games_has_exactly_the_fields_of_its_schema():
    hints = {kind: typing.get_type_hints(schema) for kind, schema in EVENT_DATA.items()}
    seen = set()
    for game in random_games(60):
        for event in game.log:
            schema = EVENT_DATA.get(event.kind)
            assert schema is not None, f"no schema for event kind {event.kind!r}"
            fields = hints[event.kind]
            assert set(event.data) <= set(fields), (event.kind, event.data)
            assert schema.__required_keys__ <= set(event.data), (event.kind, event.data)
            for name, value in event.data.items():
                expected = typing.get_origin(fields[name]) or fields[name]
                if expected in (int, str, bool, list, tuple, dict):
                    assert isinstance(value, expected), (event.kind, name, value)
            seen.add(event.kind)
    assert seen == set(EVENT_DATA), f"never seen: {set(EVENT_DATA) - seen}"


def test_an_action_that_carries_ichtos_is_animated_from_its_schema_alone(monkeypatch):
    from urland.engine import Event, event_data
    from urland.ui.table.event_show import glides_of

    monkeypatch.setitem(EVENT_DATA, "jump", event_data.Moved)  # a new gene's action
    glides = glides_of(Event("jump", {"seat": 1, "src": 3, "dst": 4, "count": 2}))
    assert [(g.seat, g.src, g.dst, g.count) for g in glides] == [(1, 3, 4, 2)]


def test_each_action_names_its_event_schema_and_its_menu_place():
    from urland.engine import ACTIONS, event_data

    assert {k for k, a in ACTIONS.items() if a.event is event_data.Moved} >= {
        "land", "swim", "walk", "fly"}
    assert all(EVENT_DATA[k] is a.event for k, a in ACTIONS.items() if a.event)
    menu = sorted((a.menu, k) for k, a in ACTIONS.items() if k not in ("double", "end"))
    assert [k for _, k in menu] == ["proliferate", "egg", "assimilate", "bite", "stink", "land",
                                    "walk", "fly", "swim", "retreat"]
