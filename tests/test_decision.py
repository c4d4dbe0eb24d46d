"""The pending decision asked of the engine: drags, drops, menus, clicks, prompts and prices.

Grey (seat 2) acts in the `table` positions (4 players, White is the environment player).
"""

from positions import BLACK, GREY, WHITE, area, table

from urland.engine import TRAY, Decision, Game, Move, expand, legal_options


def names(s, targets):
    return {("tray" if t == TRAY else s.board.area_name(t)) for t in targets}


def test_a_drag_carrying_three_lights_only_the_places_three_may_go():
    # rules 4.2: land 1 Ichto per action; swim and retreat take any number
    s = table("ichtos=O1:0.0.4.0")
    d = Decision.of(s)
    o1 = area(s, "O1")
    assert names(s, d.drops(o1, GREY, 1)) == {"1", "2", "3", "O2", "O4", "O5", "tray"}
    assert names(s, d.drops(o1, GREY, 3)) == {"O2", "O4", "O5", "tray"}
    assert d.find_moves(o1, area(s, "O2"), 3) == (Move("swim", o1, area(s, "O2"), 3),)
    assert d.find_moves(o1, TRAY, 3) == (Move("retreat", picks=((o1, 3),)),)
    assert d.find_moves(o1, area(s, "2"), 3) == ()
    assert "At most 1" in d.refusal(o1, area(s, "2"), 3)


def test_legs_lets_two_land_at_once_so_two_light_the_islands():
    s = table("genes=-.-.legs.- ichtos=O1:0.0.4.0")
    d = Decision.of(s)
    o1 = area(s, "O1")
    assert names(s, d.drops(o1, GREY, 2)) == {"1", "2", "3", "O2", "O4", "O5", "tray"}
    assert d.carry_limit(o1, GREY) == 4


def test_an_opponents_ichto_cannot_be_picked_up_without_a_gene():
    s = table("ichtos=O1:2.0.1.0")
    d = Decision.of(s)
    assert not d.can_pick_up(area(s, "O1"), WHITE)
    assert d.drops(area(s, "O1"), WHITE, 1) == {}
    assert "another player's" in d.refusal(area(s, "O1"), TRAY, 1, WHITE)


def test_teeth_lets_an_opponents_ichto_be_dragged_onto_their_reserve():
    s = table("genes=-.-.teeth.- ichtos=O1:2.0.1.0")
    d = Decision.of(s)
    o1 = area(s, "O1")
    assert d.can_pick_up(o1, WHITE) and d.carry_limit(o1, WHITE) == 1
    assert d.drops(o1, WHITE, 1) == {TRAY: (Move("bite", o1, target=(WHITE,)),)}
    assert not d.can_pick_up(o1, BLACK)  # Black has nothing there


def test_walk_or_fly_across_a_strait_is_ambiguous_and_answers_both():
    s = table("genes=-.-.legs+wings.- ichtos=4:0.0.1.0")
    d = Decision.of(s)
    r4, r5 = area(s, "4"), area(s, "5")
    assert set(d.find_moves(r4, r5, 1)) == {Move("walk", r4, r5), Move("fly", r4, r5, 1)}
    assert d.find_moves(r4, area(s, "9"), 1) == (Move("fly", r4, area(s, "9"), 1),)


def test_the_area_menu_lists_exactly_the_legal_moves_that_start_there():
    s = table("genes=-.-.legs+wings+teeth+stinkglands+egg+assimilation.- "
              "ichtos=O2:1.0.3.0,4:1.1.2.0")
    d = Decision.of(s)
    every = [m for o in legal_options(s) for m in expand(o)]
    for name in ("O2", "4", "5"):
        a = area(s, name)
        expected = {m for m in every
                    if m.kind not in ("end", "double")
                    and (m.src == a or (m.kind == "egg" and m.dst == a)
                         or (m.kind == "retreat" and [p[0] for p in m.picks] == [a]))}
        assert set(d.moves_from(a)) == expected
    menu = d.moves_from(area(s, "4"))
    kinds = [m.kind for m in menu]
    assert {"egg", "assimilate", "bite", "stink", "walk", "fly", "retreat"} <= set(kinds)
    assert [m.count for m in menu if m.kind == "fly" and m.dst == area(s, "9")] == [1, 2]
    assert d.moves_from(area(s, "5")) == []


def test_a_click_on_an_ocean_proliferates_only_when_that_is_all_it_can_mean():
    s = table("ichtos=O1:0.0.3.0")
    d = Decision.of(s)
    assert d.only_move_at(area(s, "O1")) is None  # land and swim start there too
    moves = d.moves_from(area(s, "O1"))
    assert moves[0] == Move("proliferate", area(s, "O1"))


def test_prompts_are_data_and_private_decisions_are_flagged():
    game = Game.new(5, 3)
    d = game.decision()
    assert d.kind == "choose_chip" and d.private and d.seat == game.state.env
    assert d.prompt.key == "choose_chip" and d.prompt.values == {"seat": game.state.env}
    assert sorted(m.count for m in (o.move for o in d.options)) == sorted(game.state.hand)
    game.play(d.options[0].move)
    d = game.decision()
    assert d.kind == "action" and not d.private
    assert d.prompt == ("actions", {"seat": d.seat, "left": 3})


def test_the_gene_price_is_the_bid_plus_the_genes_owned():
    # rules 6.1: the price is the bid plus one Ichto per gene already owned
    s = table("genes=-.-.legs+wings.- ichtos=O1:0.0.3.0")
    d = Decision.of(s)
    assert d.price(GREY, bid=4) == 6
    assert d.price(WHITE, bid=4) == 4


def test_a_click_decision_names_the_areas_and_explains_a_wrong_click():
    s = table("ichtos=O1:0.0.3.0 phase=volcano_ears choices=O1,O2")
    d = Decision.of(s)
    assert d.clickable == (area(s, "O1"), area(s, "O2"))
    assert d.click(area(s, "O2")) == Move("ears_dive", dst=area(s, "O2"))
    assert d.click(area(s, "O3")) is None
    assert "O1, O2" in d.click_refusal(area(s, "O3"))
