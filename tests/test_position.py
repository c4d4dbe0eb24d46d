"""Positions as text (docs/position-notation.md): exact round trips, clear refusals, and move
counts from fixed positions (like chess perft) so that any change in move generation shows up."""

import random
import re
from pathlib import Path

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from urland.engine import (
    Game,
    PositionError,
    UrlandError,
    apply_move,
    expand,
    legal_options,
    position_from_text,
    position_to_text,
    view,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "position-notation.md"


def assert_round_trip(state):
    text = position_to_text(state)
    back = position_from_text(text, state.board)
    assert back.key() == state.key()
    assert position_to_text(back) == text


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]),
       moves=st.integers(0, 300))
def test_every_position_of_random_legal_play_round_trips_exactly(seed, players, moves):
    game = Game.new(seed, players)
    pick = random.Random(seed)
    for _ in range(moves):
        assert_round_trip(game.state)
        if game.over:
            break
        option = pick.choice(game.legal_options())
        game.play(pick.choice(list(expand(option, limit=40))))
    for seat in [None, *range(players)]:
        assert_round_trip(view(game.state, seat).state)  # views too, with their unknowns


def test_the_start_of_a_game_in_notation():
    text = position_to_text(Game.new(7, 4).state)
    assert text.startswith("upn1 players=4 phase=choose_chip actor=p4 env=p4 track=4.3.2.1 ")
    assert " hand=5,10,8 " in text and " out=3 " in text and " seen=5:p4,8:p4,10:p4 " in text


def test_a_position_written_by_hand_takes_defaults_for_what_it_leaves_out():
    s = position_from_text("upn1 players=3 phase=action actor=p2 actions=3 track=1.2.3 "
                           "ichtos=O1:0.5.0,4:1.0.0 genes=-.legs+wings.-")
    assert s.count(s.board.parse_area("O1"), 1) == 5 and s.count(s.board.parse_area("4"), 0) == 1
    assert s.reserve == [26, 22, 27]  # every Ichto not on the board, less the score marker
    assert s.double_chips == [1, 1, 1]  # as set-up gives with 3 players
    assert s.turn == 1 and s.epoch == 1 and s.pile == [] and s.chosen == -1
    kinds = {o.move.kind for o in legal_options(s)}
    assert kinds == {"proliferate", "land", "swim", "retreat", "end"}
    assert any(o.counts == (1, 2) for o in legal_options(s) if o.move.kind == "land")  # Legs


def test_chips_out_of_the_game_merge_their_regions_in_order():
    s = position_from_text("upn1 players=4 out=11,12")
    region = s.board.parse_area
    assert s.root(region("11")) == s.root(region("12")) == region("10")
    assert s.volcanoes == 2


@pytest.mark.parametrize("text,why", [
    ("", "must begin with 'upn1'"),
    ("players=4", "must begin with 'upn1'"),
    ("upn1", "'players' .* is required"),
    ("upn1 players=6", r"field 'players' \(token 2\): Urland is played by 3, 4 or 5"),
    ("upn1 players=4 turn", r"token 3 'turn': expected key=value"),
    ("upn1 players=4 turn=", r"field 'turn' \(token 3\): empty value"),
    ("upn1 players=4 colour=0123", "unknown field 'colour'"),
    ("upn1 players=4 turn=1 turn=2", "field 'turn' given twice"),
    ("upn1 players=4 track=1.2.3", r"field 'track' \(token 3\): expected 4 values"),
    ("upn1 players=4 colours=0012", "expected 4 different colour digits"),
    ("upn1 players=4 ichtos=O9:1.1.1.1", "field 'ichtos'.*unknown area 'O9'"),
    ("upn1 players=4 ichtos=O1:1.1", "field 'ichtos'.*one count per seat"),
    ("upn1 players=4 genes=gills.-.-.-", "field 'genes'.*unknown gene 'gills'"),
    ("upn1 players=4 phase=dance", "unknown phase 'dance'"),
    ("upn1 players=4 actor=p5", "field 'actor'.*'p5' is not a seat"),
    ("upn1 players=4 pile=13", "field 'pile'.*'13' is not a chip"),
    ("upn1 players=4 out=P", "Panic chip never leaves"),
    ("upn1 players=4 out=5,5", "chip 5 is out twice"),
    ("upn1 players=4 mutated=13", "'13' is not a mutation space"),
    ("upn1 players=4 agenda=ichto", "step 'ichto' takes 1 number"),
    ("upn1 players=4 agenda=fly", "unknown agenda step 'fly'"),
    ("upn1 players=4 rng=xyz", "'xyz' is not a hexadecimal number"),
    ("upn1 players=4 turn=²", "'²' is not a whole number"),
    ("upn1 players=4 seen=5:p1p", "not CHIP:seats"),
    ("upn1 players=4 queue=p1:5", "not SEAT:REGION:COUNT"),
])
def test_bad_text_is_refused_saying_what_and_where(text, why):
    with pytest.raises(PositionError, match=why):
        position_from_text(text)


def test_the_refusal_is_the_engines_own_error():
    assert issubclass(PositionError, UrlandError)


def test_every_example_in_the_notation_document_reads_and_is_written_back_the_same():
    examples = re.findall(r"^upn1 .*$", DOC.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(examples) >= 3
    for text in examples:
        assert position_to_text(position_from_text(text)) == text


# --- move counts from fixed positions (perft) ---------------------------------------------

def perft(state, depth):
    """How many sequences of `depth` concrete moves the rules allow from `state`."""
    if depth == 0:
        return 1
    total = 0
    for option in legal_options(state):
        for move in expand(option):
            if depth == 1:
                total += 1
                continue
            child = state.clone()
            apply_move(child, move)
            total += perft(child, depth - 1)
    return total


PERFT = [
    # the start of the 4-player game of seed 7: 3 chips, then every move of the first Ichto
    # player (Retreat alone can take any subset of 20 Ichtos in 9 areas)
    ("upn1 players=4 phase=choose_chip actor=p4 env=p4 track=4.3.2.1 "
     "ichtos=2:1.1.0.0,5:0.1.1.0,6:1.0.0.1,8:0.0.1.1,9:1.0.0.1,10:1.1.0.0,11:0.1.1.0,12:0.0.1.1,"
     "O1:3.3.3.3,O2:3.3.3.3,O3:3.3.3.3,O4:3.3.3.3,O5:3.3.3.3 pile=12,6,1,11,P,4,7,2,9 "
     "hand=5,10,8 out=3 seen=5:p4,8:p4,10:p4 display=warm_blood,stinkglands,ears,turbo "
     "deck=legs,muscles,egg,assimilation,teeth,care_of_young,wings rng=c1bbacc2bf91937",
     3, 3, 49368),
    # Grey with six action genes in the middle of a turn
    ("upn1 players=4 phase=action actor=p3 actions=2 track=1.2.3.4 "
     "genes=-.-.legs+wings+teeth+egg+assimilation+turbo.- "
     "ichtos=O1:0.1.5.0,O5:0.0.1.2,2:1.0.1.0 pile=P,3,4,5,6,7,8,9,10,11 hand=1,2 chosen=12 "
     "seen=12:p1 agenda=end_turn,score_chosen", 42, 83, 5931),
    # a 3-player auction: Grey bids first (any number up to the reserve), then the others
    ("upn1 players=3 phase=bid actor=p3 double_used=1 env=p3 turn=5 track=13.7.5 double=0.0.1 "
     "ichtos=1:0.0.1,2:2.0.0,3:0.1.0,4:0.1.0,6:2.0.0,7:1.2.0,8:3.0.1,10:0.1.1,11:0.1.1,12:3.0.0,"
     "O1:2.0.3,O2:0.3.3,O3:4.1.5,O4:2.2.1,O5:1.6.3 pile=4,10,2,P,11 hand=1,5 scored=6,8,3,7,12 "
     "out=9 seen=1:p1p3,3:p1p2p3,5:p1p3,6:p1p2p3,7:p1p2p3,8:p1p2p3,12:p1p2p3 "
     "display=legs,teeth,ears deck=egg,care_of_young,assimilation,warm_blood,wings,turbo "
     "mutated=12 mutations=1 bids=_._._ must_buy=1 agenda=end_turn rng=b89766b9b0efb4a4",
     1, 9, 72),
    # Black must buy (price 2 + 1 gene owned = 3 Ichtos), then Grey may buy (price 1) or pass
    ("upn1 players=4 phase=buy actor=p2 turn=3 track=13.4.7.2 genes=-.legs.-.- "
     "ichtos=O1:3.3.3.3,5:1.1.0.0 display=stinkglands,teeth,turbo,egg deck=muscles,ears "
     "mutated=12 mutations=1 bids=0.2.1.0 ranking=p2,p3,p4,p1 must_buy=1 agenda=end_turn",
     4, 8, 32),
    # Panic: three regions tie; the rearmost player chooses
    ("upn1 players=3 phase=panic_region actor=p3 env=p2 turn=13 epoch=2 track=16.14.12 "
     "double=0.0.0 genes=legs.teeth.turbo ichtos=1:1.1.2,3:2.2.0,4:0.1.0,6:2.0.0,7:1.2.1,8:0.1.0,"
     "12:0.0.1,O1:0.0.2,O2:0.2.0,O3:2.1.0,O4:3.0.7,O5:0.0.1 pile=7,8,1,6 hand=11,3 aside=1 "
     "scored=4,12,5 out=9,2,10 seen=P:p1p2p3,2:p1p2p3,3:p1p2,4:p1p2p3,5:p1p2p3,10:p1p2p3,"
     "11:p1p2,12:p1p2p3 display=ears,wings,warm_blood,assimilation deck=egg,care_of_young "
     "mutated=12,16 mutations=2 panics=2 bids=4.10.3 bought=2 choices=1,3,7 focus=8 "
     "focus_ocean=O5 agenda=start_turn,draw rng=e6c227f8a9d88d76", 3, 3, 7),
    # Panic with Ears: Grey says how many of 1 Ichto stay on land
    ("upn1 players=4 phase=panic_ears actor=p3 env=p2 turn=10 track=12.9.24.6 double=0.0.0.1 "
     "genes=wings+warm_blood.muscles.ears.legs+teeth ichtos=2:0.0.1.0,3:1.0.2.0,5:0.1.0.0,"
     "6:1.0.1.0,7:0.0.2.0,10:2.1.0.0,12:1.1.0.0,O1:1.4.0.0,O2:2.2.0.0,O3:1.0.0.0,O5:3.1.0.0 "
     "hand=2,5 aside=1 scored=3,10,7,12,4,11,8,9,6 out=1 seen=P:p1p2p3p4,2:p1p2,3:p1p2p3p4,"
     "4:p1p2p3p4,5:p1p2,6:p1p2p3p4,7:p1p2p3p4,8:p1p2p3p4,9:p1p2p3p4,10:p1p2p3p4,11:p1p2p3p4,"
     "12:p1p2p3p4 display=egg,turbo,assimilation,care_of_young,stinkglands mutated=12,16,21 "
     "mutations=3 panics=1 bids=3.12.0.26 bought=1 queue=p3:2:1 focus=2 focus_ocean=O5 "
     "agenda=start_turn,draw rng=56cee073303a30b9", 1, 2, 6),
    # after an eruption, Purple's excess Ichto dives into one of three oceans (Ears)
    ("upn1 players=5 phase=volcano_ears actor=p4 env=p5 turn=17 epoch=2 track=8.16.20.12.28 "
     "double=0.0.0.0.0 genes=wings+turbo.warm_blood.assimilation+care_of_young.ears.muscles+teeth "
     "ichtos=1:1.0.0.0.2,2:0.0.0.0.2,5:0.0.1.2.1,8:0.0.2.0.0,11:0.0.0.0.1,O1:0.0.1.0.4,"
     "O2:2.0.5.1.0,O3:1.0.13.0.1,O4:4.0.0.0.0,O5:0.0.2.0.0 aside=1 scored=2,5,9,1,11,12,8 "
     "out=10,4,3,6,7 seen=P:p1p2p3p4p5,1:p1p2p3p4p5,2:p1p2p3p4p5,3:p1p2p3p4p5,4:p1p2p3p4p5,"
     "5:p1p2p3p4p5,6:p1p2p3p4p5,7:p1p2p3p4p5,8:p1p2p3p4p5,9:p1p2p3p4p5,11:p1p2p3p4p5,"
     "12:p1p2p3p4p5 display=egg,legs,stinkglands mutated=12,16,21 mutations=3 panics=2 "
     "bids=7.13.2.7.11 bought=2 choices=O2,O3,O5 queue=p4:5:1 focus=7 focus_ocean=O3 "
     "agenda=start_turn,new_epoch rng=5fa00edea7027dca", 3, 3, 9),
]


@pytest.mark.parametrize("text,options,depth1,depth2", PERFT)
def test_move_counts_from_fixed_positions(text, options, depth1, depth2):
    s = position_from_text(text)
    assert len(legal_options(s)) == options
    assert perft(s, 1) == depth1
    assert perft(s, 2) == depth2


VALID = ("upn1 players=4 phase=action actor=p3 actions=2 track=1.2.3.4 genes=-.-.legs.- "
         "ichtos=O1:0.1.5.0,2:1.0.1.0 pile=P,3,4 hand=1,2 chosen=12 seen=12:p1 out=9 "
         "bids=_.2.?.0 queue=p2:5:1 agenda=end_turn,ichto:0 rng=ff")


@settings(max_examples=examples(300), deadline=None)
@given(field=st.sampled_from(sorted(set(re.findall(r"(\w+)=", VALID)) | {"colours", "mutated"})),
       value=st.text(alphabet="0123456789p?P_-.,:+=OxaelgsR ", min_size=0, max_size=12))
def test_any_damaged_field_is_refused_with_a_position_error_or_read(field, value):
    fields = dict(token.split("=", 1) for token in VALID.split()[1:])
    fields[field] = value
    text = "upn1 " + " ".join(f"{k}={v}" for k, v in fields.items())
    try:
        state = position_from_text(text)
    except PositionError:
        return
    assert position_from_text(position_to_text(state)).key() == state.key()


def test_every_field_of_the_state_is_declared_once_and_the_notation_follows_it():
    """The notation's order and keys are the state's table (engine/state.py): a field added
    there with a notation key is written and read, and the slots are the table's names."""
    from urland.engine import position
    from urland.engine.state import FIELDS as STATE_FIELDS
    from urland.engine.state import GameState

    assert GameState.__slots__ == tuple(f.name for f in STATE_FIELDS)
    keys = [f.notation for f in STATE_FIELDS if f.notation]
    assert list(position.FIELDS) == keys
    assert set(position._WRITERS) == set(keys)
    assert set(position._READERS) | set(position._READ_FIRST) == set(keys)
