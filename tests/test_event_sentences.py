"""Event sentences rendered from event data (urland/texts/events.py), names filled in there."""

import random
import re

import pytest
from positions import BLACK, GREY, WHITE, play, table

from urland.engine import Event, Game, Move, expand, standard_board
from urland.texts.describe import describe
from urland.texts.events import EVENT_KINDS, colour_names, event_sentence, render_event
from urland.texts.messages import MessageError, format_message

B = standard_board()
NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eve"]


def random_logs(games):
    for seed in range(games):
        players = 3 + seed % 3
        colours = list(range(5))[-players:] if seed % 2 else None
        g = Game.new(seed, players, colours)
        pick = random.Random(seed)
        while not g.over:
            option = pick.choice(g.legal_options())
            g.play(pick.choice(list(expand(option, limit=30))))
        yield g


def test_every_event_of_many_random_games_has_its_sentence():
    kinds = set()
    for g in random_logs(60):
        colours = colour_names(g.state.colours)
        for e in g.log:
            kinds.add(e.kind)
            render_event(e, colours)  # raises where event_sentence falls back
            named = render_event(e, NAMES[:g.state.n])
            assert event_sentence(e, NAMES[:g.state.n]) == named
            assert not re.search(r"\bR\d", named)  # no ruling numbers for players
            assert not re.search(r"\b(White|Black|Grey|Purple|Green)\b", named)  # names used
            assert "{" not in named and "}" not in named
    assert kinds == EVENT_KINDS  # every kind the engine says was rendered


def event(kind, **data):
    return Event(kind, data)


O1, O2, O5 = (B.parse_area(a) for a in ("O1", "O2", "O5"))


def region(number):
    return B.parse_area(str(number))


@pytest.mark.parametrize("e,sentence", [
    (event("swim", seat=GREY, src=O1, dst=O2, count=1), "Cleo swims 1 Ichto from O1 to O2."),
    (event("swim", seat=GREY, src=O1, dst=O2, count=3), "Cleo swims 3 Ichtos from O1 to O2."),
    (event("ears_stay", seat=BLACK, stay=1, fled=1, region=region(5)),
     "Ben has Ears: 1 Ichto stays on land, 1 flees."),
    (event("ears_stay", seat=BLACK, stay=0, fled=3, region=region(5)),
     "Ben has Ears: 0 Ichtos stay on land, 3 flee."),
    (event("panic_move", region=region(5), ocean=O5, seats=[WHITE]),
     "Panic in region 5: the Ichtos of Anna flee into O5 (Central Ocean)."),
    (event("panic_move", region=region(5), ocean=O5, seats=[WHITE, BLACK, GREY]),
     "Panic in region 5: the Ichtos of Anna, Ben and Cleo flee into O5 (Central Ocean)."),
    (event("score", chip=7, region=region(7), outcome="competition",
           points={BLACK: 3, GREY: 2}, removed={WHITE: 1}),
     "Region 7 is scored: competition. Anna's 1 Ichto returns to reserve. Ben +3 points, Cleo "
     "+2 points."),
    (event("refill", genes=["wings"]), "New gene on display: Wings."),
    (event("refill", genes=["wings", "care_of_young"]),
     "New genes on display: Wings, Care of Young."),
    (event("game_ends", threshold=30, skipped=True),
     "A marker has reached 30: the game ends after this scoring (the mutation it would "
     "trigger does not happen)."),
    (event("final_land", counts={0: 4, 1: 2, 2: 4}, points={2: 2}, excluded=0,
           winners=[2], best=4),
     "Most Ichtos on land (without Anna, who won the total): Cleo (4): Cleo +2 points."),
    (event("assimilate", seat=GREY, area=region(4), targets=(BLACK, BLACK)),
     "Cleo assimilates in region 4: 2 of Ben's Ichtos return to reserve, 1 Cleo Ichto arrives."),
    (event("bids_revealed", bids=[1, 4, 4], ranking=[BLACK, GREY, WHITE]),
     "Bids revealed: Ben 4, Cleo 4, Anna 1. Equal bids: the one further back on the track "
     "ranks higher."),
    (event("bids_revealed", bids=[1, 4, 2], ranking=[BLACK, GREY, WHITE]),
     "Bids revealed: Ben 4, Cleo 2, Anna 1."),
    (event("retreat", seat=WHITE, picks=((region(5), 2), (B.parse_area("O1"), 1))),
     "Anna retreats 3 Ichtos to the reserve (2 from region 5, 1 from O1 (West Ocean))."),
])
def test_exact_sentences_with_names_and_plural_forms(e, sentence):
    assert render_event(e, NAMES) == sentence


@pytest.mark.parametrize(("language", "points", "ichtos"), [
    ("en", ("Ben +1 point", "Cleo +3 points"), ("Anna +1 Ichto", "Ben +2 Ichtos")),
    ("de", ("Ben +1 Punkt", "Cleo +3 Punkte"), ("Anna +1 Ichto", "Ben +2 Ichtos")),
    ("fr", ("Ben +1 point", "Cleo +3 points"), ("Anna +1 Ichto", "Ben +2 Ichtos")),
    ("it", ("Ben +1 punto", "Cleo +3 punti"), ("Anna +1 Ichto", "Ben +2 Ichto")),
    ("nl", ("Ben +1 punt", "Cleo +3 punten"), ("Anna +1 ichto", "Ben +2 ichto's")),
])
def test_the_log_says_what_each_number_counts(language, points, ichtos):
    """A scoring line says "+3 points", a proliferation "+2 Ichtos" (the singular for one),
    in every language: a bare "+3" left the player to guess what was counted."""
    from urland.texts import i18n

    i18n.set_language(language)
    try:
        scored = render_event(event("score", chip=7, region=region(7), outcome="majority",
                                    points={GREY: 3, BLACK: 1}, removed={}), NAMES)
        grown = render_event(event("proliferate", seat=WHITE, ocean=B.parse_area("O1"),
                                   gains={WHITE: 1, BLACK: 2}), NAMES)
    finally:
        i18n.set_language("en")
    assert all(p in scored for p in points), scored
    assert all(i in grown for i in ichtos), grown


def test_a_played_move_is_told_with_the_players_names():
    s = table("ichtos=O2:0.0.3.0")
    play(s, "land", src="O2", dst="5", count=1)
    landed = [e for e in s.events if e.kind == "land"]
    assert [event_sentence(e, NAMES) for e in landed] == ["Cleo lands 1 Ichto from O2 on region 5."]


def test_moves_in_words_take_names_the_same_way():
    s = table("genes=-.-.teeth.- ichtos=O4:0.2.1.0")
    bite = Move("bite", src=B.parse_area("O4"), target=(BLACK,))
    assert describe(bite, s) == "Bite an Ichto of Black in O4 (South Ocean)"
    assert describe(bite, s, NAMES) == "Bite an Ichto of Ben in O4 (South Ocean)"
    retreat = Move("retreat", picks=((B.parse_area("5"), 2), (B.parse_area("O1"), 1)))
    assert describe(retreat, s) == "Retreat 3 Ichtos (2 from region 5, 1 from O1 (West Ocean))"
    assert describe(Move("ears_stay", count=1), s) == "Keep 1 Ichto on land"
    assert describe(Move("buy", gene="care_of_young"), s) == "Buy Care of Young"


@pytest.mark.parametrize("template,values,text", [
    ("{n, plural, =0 {no Ichtos} one {# Ichto} other {# Ichtos}}", {"n": 0}, "no Ichtos"),
    ("{n, plural, =0 {no Ichtos} one {# Ichto} other {# Ichtos}}", {"n": 1}, "1 Ichto"),
    ("{who} has {n, plural, one {# gene: {g}} other {# genes}}",
     {"who": "Ben", "n": 1, "g": "Ears"}, "Ben has 1 gene: Ears"),
    ("{k, select, monopoly {alone} other {together}}", {"k": "coexistence"}, "together"),
])
def test_templates_fill_placeholders_and_choose_plural_forms(template, values, text):
    assert format_message(template, values) == text


@pytest.mark.parametrize("template,why", [
    ("{n", "unclosed"), ("n}", "unbalanced"), ("{m}", r"no value for \{m\}"),
    ("{n, ordinal, one {x}}", "unknown placeholder kind"),
])
def test_broken_templates_say_what_is_wrong(template, why):
    with pytest.raises(MessageError, match=why):
        format_message(template, {"n": 1})
