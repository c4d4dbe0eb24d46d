"""Every event's data follows its kind's schema (engine/events.py's EVENT_DATA), so that the
words, the story, the animation and the sound can read named fields."""

import random
import typing

from urland.bots.random_bot import random_move
from urland.engine import Game
from urland.engine.events import EVENT_DATA


def _games(count):
    for seed in range(count):
        game = Game.new(seed, 3 + seed % 3)
        rng = random.Random(seed)
        while not game.over:
            game.play(random_move(game.legal_options(), rng))
        yield game


def test_every_event_of_random_games_has_exactly_the_fields_of_its_schema():
    hints = {kind: typing.get_type_hints(schema) for kind, schema in EVENT_DATA.items()}
    seen = set()
    for game in _games(60):
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
