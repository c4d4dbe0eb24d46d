"""The engine's events are a kind and plain data, never a sentence: the words players read are
made from them in urland/texts/events.py, in the player's language. These tests fail when the
engine builds a sentence again, or when a kind of event has no sentence."""

import ast
import json
import re
from pathlib import Path

from random_games import random_games

from urland.engine import EVENT_DATA, Event
from urland.net.wire import event_from_wire, events_to_wire
from urland.texts.events import EVENT_KINDS, render_event
from urland.texts.words import colour_names

ENGINE = Path(__file__).parent.parent / "urland" / "engine"
KEY = re.compile(r"[a-z][a-z0-9_]*")  # a gene, an outcome, a reason: a key, not words


def _plain_problem(value, where):
    """Why `value` is not plain data (None when it is): numbers, truth values, keys, None, and
    lists, tuples and dicts of them (dicts keyed by seat or area numbers)."""
    if value is None or isinstance(value, bool | int):
        return None
    if isinstance(value, str):
        return None if KEY.fullmatch(value) else f"{where}: the text {value!r} is not a key"
    if isinstance(value, list | tuple):
        return next((p for i, v in enumerate(value) if (p := _plain_problem(v, f"{where}[{i}]"))),
                    None)
    if isinstance(value, dict):
        for k, v in value.items():
            problem = (None if isinstance(k, int) and not isinstance(k, bool)
                       else f"{where}: key {k!r}") or _plain_problem(v, f"{where}[{k}]")
            if problem:
                return problem
        return None
    return f"{where}: {type(value).__name__} is not plain data"


def _lists(value):
    """`value` with its tuples as lists, as JSON keeps them."""
    if isinstance(value, list | tuple):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


def test_an_event_has_a_kind_data_and_who_may_see_it_and_no_text():
    assert Event._fields == ("kind", "data", "visible_to")


def test_every_event_of_random_games_is_plain_data_that_travels_as_json_unchanged():
    seen = set()
    for game in random_games(60):
        for event in game.log:
            seen.add(event.kind)
            assert all(KEY.fullmatch(field) for field in event.data), event
            assert not [p for field, v in event.data.items()
                        if (p := _plain_problem(v, f"{event.kind}.{field}"))], event
            (sent,) = json.loads(json.dumps(events_to_wire([event])))
            seat = None if event.visible_to is None else (event.visible_to & -event.visible_to
                                                          ).bit_length() - 1
            received = event_from_wire(sent, seat)
            assert (received.kind, _lists(received.data), received.visible_to) == (
                event.kind, _lists(event.data), event.visible_to)
    assert seen == set(EVENT_DATA)


def test_every_kind_of_event_the_engine_declares_has_its_sentence():
    assert set(EVENT_DATA) <= EVENT_KINDS
    names = colour_names(range(5))
    for game in random_games(3):
        for event in game.log:
            assert render_event(event, names)  # from the catalogue, never a fallback


def _say_calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "say":
            yield node


def _builds_text(node):
    """Does this argument build words: a lambda, an f-string, a sentence, a name of a colour?"""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Lambda | ast.JoinedStr):
            return True
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str) \
                and not KEY.fullmatch(inner.value):
            return True
        if isinstance(inner, ast.Attribute) and inner.attr in ("colour_name", "area_label"):
            return True
    return False


def test_the_engine_says_each_event_with_its_kind_and_data_alone():
    calls = 0
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("urland.texts"), path.name
        for call in _say_calls(tree):
            calls += 1
            where = f"{path.name}:{call.lineno}"
            assert len(call.args) == 2, f"{where}: say(state, kind, **data) takes no sentence"
            assert not any(_builds_text(k.value) for k in call.keywords), where
    assert calls >= 45  # every event the engine tells


def test_the_saves_and_records_of_0_1_0_show_their_whole_log_in_sentences():
    from urland.engine.save import load_game
    from urland.net.wire import record_from_wire
    from urland.records.history import load_record
    from urland.records.replay import Replay

    old = Path(__file__).parent / "fixtures" / "v0_1_0"
    games = [load_game(old / "autosave.yaml")[0],
             load_game(old / "saves" / "game-2026-11-30T20-10-00.yaml")[0],
             load_record(next((old / "history").glob("*.yaml")))[0],
             record_from_wire(json.loads((old / "network-record.json").read_text("utf-8")))[0]]
    for game in games:
        names = colour_names(game.state.colours)
        assert len(game.log) > 100
        for event in game.log:
            assert render_event(event, names, game.board)  # its sentence, never a fallback
        if game.over:
            lines = Replay(game).lines
            assert lines and lines[-1].kind == "winner" and lines[-1].text.endswith(" points.")


def test_an_event_on_the_wire_is_its_kind_and_data_for_clients_old_and_new():
    from urland.net.wire import event_to_wire

    passed = Event("pass", {"seat": 1})
    data = {"pairs": [["seat", 1]]}
    assert event_to_wire(passed) == {"kind": "pass", "text": "", "data": data}
    # the text a 0.1.0 server sent is not read: the client tells the event in its language
    assert event_from_wire({"kind": "pass", "text": "Black passes.", "data": data}, 0) == passed
    assert event_from_wire({"kind": "pass", "data": data}, 0) == passed
