"""The story of a game: points by source, the score through the game, genes, Ichtos lost."""

from pathlib import Path

import pytest
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import BLACK, GREY, PURPLE, WHITE, table

from urland.bots.registry import make_bot
from urland.engine import Game, GameOptions, Move
from urland.engine.genes import BIT
from urland.engine.save import load_game
from urland.records.story import SOURCES, tell

GAMES = sorted((Path(__file__).parent / "games").glob("*.yaml"))


@pytest.fixture(params=GAMES, ids=[p.stem for p in GAMES])
def recorded(request):
    game, _ = load_game(request.param)
    return game


def points_from_events(game):
    """Each player's points per kind of scoring, summed straight from the log."""
    n = game.options.players
    out = [dict.fromkeys(("monopoly", "competition", "coexistence", "total", "land"), 0)
           for _ in range(n)]
    for e in game.log:
        source = {"score": e.data.get("outcome"), "final_total": "total",
                  "final_land": "land"}.get(e.kind)
        if source in ("empty", None):
            continue
        for seat, p in e.data["points"].items():
            out[seat][source] += p
    return out


def test_points_by_source_are_the_points_of_the_games_scorings(recorded):
    story = tell(recorded)
    expected = points_from_events(recorded)
    for seat in range(recorded.options.players):
        for source, points in expected[seat].items():
            assert story.points[seat][source] == points, (seat, source)


def test_the_sources_add_up_to_the_final_scores(recorded):
    story = tell(recorded)
    assert story.final == recorded.state.track
    for seat in range(recorded.options.players):
        assert sum(story.points[seat][s] for s in SOURCES) == recorded.state.track[seat]
        assert story.points[seat]["jumps"] >= 0


def test_the_start_spaces_are_those_of_the_set_up(recorded):
    fresh = Game.new(recorded.seed, recorded.options.players, recorded.options.colours)
    assert tell(recorded).start == fresh.state.track


def test_scores_turn_by_turn_start_at_the_set_up_and_end_at_the_final_score(recorded):
    story = tell(recorded)
    assert story.turns == recorded.state.turn
    for seat in range(recorded.options.players):
        by_turn = story.turn_scores[seat]
        assert len(by_turn) == story.turns + 1
        assert by_turn[0] == story.start[seat] and by_turn[-1] == story.final[seat]
        assert by_turn == sorted(by_turn)  # a marker never moves back
        moments = [x for x, _ in story.series[seat]]
        assert moments == sorted(moments) and moments[-1] == story.turns


def test_turn_scores_match_the_position_replayed_to_the_end_of_each_turn(recorded):
    story = tell(recorded)
    tracks_at_turn_end = {}
    again = Game.new(recorded.seed, recorded.options.players, recorded.options.colours)
    for move in recorded.moves:
        turn = again.state.turn
        again.play(move)
        if again.state.turn != turn:  # the move ended `turn`
            tracks_at_turn_end[turn] = again.state.track[:]
    for turn, track in tracks_at_turn_end.items():
        assert [story.turn_scores[s][turn] for s in range(len(track))] == track


def test_marks_count_the_epochs_mutations_panics_and_eruptions(recorded):
    story = tell(recorded)
    state = recorded.state
    assert story.count("mutation") == state.mutations
    assert story.count("panic") == state.panics
    assert story.count("epoch") == state.epoch - 1 == story.epochs - 1
    assert story.count("eruption") == state.volcanoes - 1  # the set-up eruption is not marked
    assert story.count("final") == 1


def test_genes_bought_are_the_genes_owned_and_their_price_follows_the_rule(recorded):
    story = tell(recorded)
    owned = [0] * recorded.options.players
    for bought in story.genes:
        # price = bid + genes already owned (rules 6.1)
        assert bought.price == bought.bid + bin(owned[bought.seat]).count("1")
        owned[bought.seat] |= BIT[bought.gene]
    assert owned == recorded.state.genes


def game_at(state):
    """A Game holding a stated position, so its moves are logged like any other."""
    return Game(seed=0, options=GameOptions(state.n), state=state)


def test_ichtos_lost_to_panic_count_every_colour_driven_off_the_land():
    s = table("track=9.8.2.6 ichtos=5:2.1.0.2,7:1.0.0.0 pile=3,4,P")
    game = game_at(s)
    game.play(Move("end"))
    game.play(Move("end"))  # Black draws the Panic chip: region 5 empties into O2
    losses = tell(game).losses
    assert [loss["panic"] for loss in losses] == [2, 1, 0, 2]


def test_an_ears_owner_loses_only_the_ichtos_that_flee():
    s = table("track=9.8.2.6 genes=ears.-.-.- ichtos=5:3.2.0.0 pile=3,4,P")
    game = game_at(s)
    game.play(Move("end"))
    game.play(Move("end"))
    game.play(Move("ears_stay", count=1))
    losses = tell(game).losses
    assert losses[WHITE]["panic"] == 2 and losses[BLACK]["panic"] == 2


def test_ichtos_lost_to_competition_and_bites():
    s = table("env=p1 genes=-.-.teeth.- ichtos=12:3.1.2.0,O3:1.0.1.2")
    assert s.actor == GREY
    game = game_at(s)
    game.play(Move("bite", src=s.board.parse_area("O3"), target=(PURPLE,)))
    game.play(Move("end"))
    game.play(Move("end"))  # chip 12: 3 White, 1 Black, 2 Grey -> Black's Ichto leaves
    losses = tell(game).losses
    assert losses[PURPLE]["bite"] == 1
    assert [loss["competition"] for loss in losses] == [0, 1, 0, 0]


def random_game(seed, players):
    game = Game.new(seed, players)
    bots = [make_bot("random", seed * 7 + i) for i in range(players)]
    while not game.over:
        seat = game.state.actor
        game.play(bots[seat].choose(game.view(seat)))
    return game


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_any_game_story_adds_up(seed, players):
    game = random_game(seed, players)
    story = tell(game)
    expected = points_from_events(game)
    for seat in range(players):
        assert sum(story.points[seat].values()) == game.state.track[seat]
        for source, points in expected[seat].items():
            assert story.points[seat][source] == points
    assert story.winner == game.state.winner
