"""What each seat may know, rules section 9."""

import random

from positions import BLACK, GREY, WHITE, play, table

from urland.bots.random_bot import random_move
from urland.engine import UNKNOWN, Game, Move, legal_options, view
from urland.engine.state import PANIC


def test_environment_player_sees_own_three_chips_nobody_else_does():
    g = Game.new(5, 4)
    env = g.state.env
    mine = g.view(env)
    assert sorted(mine.known_hand()) == sorted(g.state.hand)
    for seat in range(4):
        if seat != env:
            assert g.view(seat).state.hand == [UNKNOWN] * 3
            assert set(g.state.hand) <= set(g.view(seat).unseen_chips)


def test_chosen_chip_known_to_chooser_passed_chips_to_chooser_and_dead():
    g = Game.new(5, 4)
    env, dead = g.state.env, g.state.dead
    chip = sorted(g.state.hand)[0]
    g.play(g.legal_options()[0].move)
    assert g.view(env).state.chosen == chip
    assert g.view(dead).state.chosen == UNKNOWN
    passed = sorted(g.state.hand)
    assert g.view(dead).known_hand() == passed
    assert g.view(env).known_hand() == passed
    third = next(s for s in range(4) if s not in (env, dead))
    assert g.view(third).known_hand() == []
    assert g.view(None).known_hand() == [] and g.view(None).state.chosen == UNKNOWN


def test_draw_pile_order_gene_deck_order_and_random_state_are_hidden():
    g = Game.new(5, 4)
    v = g.view(0).state
    assert v.pile == [UNKNOWN] * len(g.state.pile)
    assert v.deck == sorted(g.state.deck)
    assert v.rng == 0
    assert PANIC in g.view(0).unseen_chips


def test_public_information_is_in_every_view():
    g = Game.new(5, 4)
    for seat in (0, 1, 2, 3, None):
        v = g.view(seat).state
        assert v.counts == g.state.counts and v.reserve == g.state.reserve
        assert v.track == g.state.track and v.display == g.state.display
        assert v.double_chips == g.state.double_chips and v.genes == g.state.genes


def test_states_differing_only_in_hidden_things_give_equal_views():
    a = table("ichtos=O1:3.3.3.3")
    # another pile order, another gene deck order, another generator
    b = table("ichtos=O1:3.3.3.3 pile=11,10,9,8,7,6,5,4,3,P rng=3039 "
              "deck=muscles,ears,wings,warm_blood,assimilation,care_of_young,egg")
    for seat in (BLACK, GREY, None):
        assert view(a, seat) == view(b, seat)
    # the chosen chip swapped with the top chip of the pile
    c = table("ichtos=O1:3.3.3.3 chosen=11 pile=P,3,4,5,6,7,8,9,10,12 seen=12:p1")
    assert view(a, GREY) == view(c, GREY)
    assert view(a, WHITE) != view(c, WHITE)  # White chose it, and knows


def test_secret_events_are_shown_only_to_their_seats():
    g = Game.new(9, 4)
    env = g.state.env
    other = (env + 2) % 4
    assert any(e.kind == "draw_secret" for e in g.log_for(env))
    assert not any(e.kind == "draw_secret" for e in g.log_for(other))
    assert not any(e.visible_to is not None for e in g.log_for(None))


def test_no_view_ever_shows_a_hidden_chip_in_random_games():
    for seed in range(5):
        g = Game.new(seed, 4)
        r = random.Random(seed)
        while not g.over and len(g.moves) < 120:
            s = g.state
            for seat in range(4):
                v = view(s, seat).state
                for chip in v.pile:
                    assert chip == UNKNOWN
                for chip in v.hand:
                    assert chip == UNKNOWN or s.seen[chip] >> seat & 1
            g.play(random_move(g.legal_options(), r))


def test_view_lists_legal_options_only_for_the_deciding_seat():
    s = table("ichtos=O1:3.3.3.3")
    assert view(s, GREY).legal_options() == legal_options(s)
    assert view(s, BLACK).legal_options() == []
    play(s, "end")
    assert view(s, GREY).legal_options() == []


def test_knowing_a_chip_is_not_knowing_whether_it_was_chosen_or_passed():
    # Turn 1: env E passes two chips to D. Turn 2: D holds them plus a drawn chip and E, who
    # knows two of D's three chips, must not learn which one D lays face down.
    g = Game.new(5, 4)
    e = g.state.env
    g.play(g.legal_options()[0].move)
    known_to_e = set(g.view(e).known_hand())
    while g.state.env == e:
        g.play(g.legal_options()[-1].move)  # 'end' for each Ichto player
    d = g.state.env
    assert g.state.phase == "choose_chip"  # with this seed no Panic comes between
    assert known_to_e <= set(g.state.hand)
    assert set(g.view(e).known_hand()) == known_to_e
    chip = sorted(known_to_e)[0]
    g.play(Move("chip", count=chip))
    assert g.view(e).state.chosen == UNKNOWN
    assert g.view(e).known_hand() == []
    assert g.view(d).state.chosen == chip
