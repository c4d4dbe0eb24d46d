"""The engine's small public queries answer as the rules do (rules 4, 6.1, 6.2, 7)."""

from positions import BLACK, GREEN, GREY, PURPLE, WHITE, at, play, table

from urland.engine import (
    actions_per_turn,
    after_panic,
    gene_price,
    ichto_players,
    land_per_action,
    seat_counts,
)


def test_ichto_players_act_clockwise_from_the_dead_players_left():
    assert ichto_players(table("players=5 env=p4")) == [WHITE, BLACK, GREY]  # Green is dead
    assert ichto_players(table("players=4 env=p1")) == [GREY, PURPLE]
    assert ichto_players(table("players=3 env=p2")) == [WHITE]


def test_actions_per_turn_and_the_turn_starts_with_them():
    assert actions_per_turn(table(), GREY) == 2
    assert actions_per_turn(table("players=3"), GREY) == 3
    assert actions_per_turn(table("players=5 genes=-.-.-.-.warm_blood"), GREEN) == 3
    assert actions_per_turn(table("players=3 genes=-.-.warm_blood"), GREY) == 4
    # the engine's own turn start agrees: Purple, next after Grey, gets Warm Blood's action
    s = table("genes=-.-.-.warm_blood")
    play(s, "end")
    assert s.actor == PURPLE and s.actions_left == actions_per_turn(s, PURPLE) == 3


def test_land_per_action_is_two_with_legs_or_turbo():
    s = table("genes=-.-.legs.turbo")
    assert [land_per_action(s, seat) for seat in range(4)] == [1, 1, 2, 2]


def test_gene_price_is_bid_plus_genes_owned():
    s = table("genes=-.-.legs+egg.-")
    assert gene_price(s, GREY, bid=3) == 5
    assert gene_price(s, WHITE, bid=0) == 0


def test_seat_counts_lists_a_seats_ichtos_by_area():
    s = table("ichtos=5:1.0.2.0,O2:0.0.3.0")
    own = seat_counts(s, GREY)
    assert own[s.board.parse_area("5")] == 2 and own[s.board.parse_area("O2")] == 3
    assert sum(own) == 5


def test_after_panic_moves_everybody_except_what_ears_keep_and_leaves_the_state_alone():
    s = table("ichtos=5:3.2.1.0 genes=ears.-.-.-")
    five, o2 = s.board.parse_area("5"), s.board.parse_area("O2")
    before = s.key()
    after = after_panic(s, five, o2, stay={WHITE: 2, BLACK: 2})  # Black has no Ears
    assert at(after, "5") == [2, 0, 0, 0]
    assert at(after, "O2") == [1, 2, 1, 0]
    assert s.key() == before
