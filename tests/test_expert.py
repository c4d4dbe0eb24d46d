"""The expert bot: legal through whole games, blind to what its seat cannot see, comparing more
of the hard bot's moves the longer it thinks, and playing the rest of the turn as players who
look ahead would."""

import random

import pytest
from positions import BLACK, GREY, area, table
from test_auction import auction
from test_bots import _position_with_secrets

from urland.bots.bidding import best_bid, strong_rivals
from urland.bots.candidates import candidate_moves
from urland.bots.evaluate import win_chance
from urland.bots.expert import HARD_SHARE, MOVES, WALL_FACTOR, ExpertBot
from urland.bots.gene_worth import measured_gene_worth
from urland.bots.ismcts import HardBot
from urland.bots.judge import learned_win_chance
from urland.bots.registry import BOTS, OFFERED_KINDS, make_bot
from urland.bots.turn_search import TurnSearch, likeliest_chips
from urland.engine import Game, Move, check_move, legal_options, view


def steady_expert(seed: int = 1) -> ExpertBot:
    """An expert whose searches are never cut by the clock: the same moves on any machine."""
    return ExpertBot(seed, seconds=600.0, hard_iterations=40)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_expert_answers_every_decision_legally_through_a_whole_game(players):
    game = Game.new(players * 29, players)
    seated = [steady_expert(seat) if seat == 0 else make_bot("medium", seat)
              for seat in range(players)]
    searched = 0
    while not game.over:
        seat = game.state.actor
        move = seated[seat].choose(game.view(seat))
        check_move(game.state, move)
        searched += seat == 0 and seated[0].last_compared > 0
        game.play(move)
        for bot in seated:
            if hasattr(bot, "watch"):
                bot.watch(game.view(seated.index(bot)))
    assert searched > 5


def test_the_expert_decides_the_same_whatever_it_cannot_see():
    game = _position_with_secrets()
    state = game.state
    seat = state.actor
    other = state.clone()
    i = next(i for i, c in enumerate(other.pile) if c != 0)
    other.chosen, other.pile[i] = other.pile[i], other.chosen
    other.pile.reverse()
    other.deck.reverse()
    other.rng ^= 0xDEADBEEF
    assert view(other, seat) == view(state, seat)
    assert steady_expert(5).choose(view(state, seat)) == \
        steady_expert(5).choose(view(other, seat))


def test_the_expert_leaves_the_game_and_its_view_untouched():
    game = _position_with_secrets()
    seen = game.view(game.state.actor)
    before, seen_before = game.state.key(), seen.state.key()
    steady_expert(2).choose(seen)
    assert game.state.key() == before and seen.state.key() == seen_before


def crowded_decision():
    """A decision with more moves than the expert compares, and the hard bot's ranking of them
    (the ranking the expert's own hard search makes, at the same seed and iterations)."""
    s = table("ichtos=1:2.2.2.2,O1:3.3.3.3,O2:3.3.3.3")
    seen = view(s, s.actor)
    return seen, HardBot(1, max_iterations=40, read_styles=True).search(seen)


def test_the_expert_thinking_longer_compares_more_of_the_hard_bots_moves():
    seen, ranked = crowded_decision()
    assert len(ranked) > MOVES
    hurried = ExpertBot(1, seconds=0.0, hard_iterations=40)
    assert hurried.choose(seen) == ranked[0]  # no time to compare: the hard bot's choice
    assert hurried.last_compared == 0
    steady = steady_expert(1)
    steady.choose(seen)
    assert steady.last_compared == MOVES  # the hard bot's best six, and no more
    assert steady.last_iterations > 0


class Clocks:
    """A processor clock and a wall clock that move on by fixed steps each time they are read
    (a busy machine: the wall clock runs ahead of the processor time the thread gets)."""

    def __init__(self, cpu_step: float, wall_step: float) -> None:
        self.cpu = self.wall = 0.0
        self.cpu_step, self.wall_step = cpu_step, wall_step

    def read_cpu(self) -> float:
        self.cpu += self.cpu_step
        return self.cpu

    def read_wall(self) -> float:
        self.wall += self.wall_step
        return self.wall


def test_the_expert_plays_the_best_it_compared_when_its_processor_time_runs_out():
    # The budget is read once at the start (processor second 1), then before each comparison
    # (2, 3, 4): 2.5 s buys two comparisons, the third finds the budget spent. The wall clock
    # runs three times as fast (a busy machine) but stays below its cap of four budgets.
    seen, ranked = crowded_decision()
    clocks = Clocks(cpu_step=1.0, wall_step=3.0)
    hurried = ExpertBot(1, seconds=2.5, hard_iterations=40,
                        clocks=(clocks.read_cpu, clocks.read_wall))
    move = hurried.choose(seen)
    assert hurried.last_compared == 2 and hurried.last_stop == "processor"
    assert move in ranked[:2]
    assert clocks.wall - 3.0 < WALL_FACTOR * 2.5  # the clock never reached its cap


def test_a_busy_clock_below_its_cap_never_cuts_the_experts_thinking_short():
    # Processor time hardly moves (a starved thread), the clock runs: every one of the six
    # comparisons is made as long as the clock stays below four budgets.
    seen, _ = crowded_decision()
    clocks = Clocks(cpu_step=0.001, wall_step=0.5)
    steady = ExpertBot(1, seconds=1.0, hard_iterations=40,
                       clocks=(clocks.read_cpu, clocks.read_wall))
    steady.choose(seen)
    assert steady.last_compared == MOVES and steady.last_stop == ""
    assert clocks.wall < WALL_FACTOR * 1.0


def test_a_starved_expert_answers_when_the_clock_reaches_its_cap():
    # The thread gets no processor time at all; at four budgets on the clock the expert plays
    # the best it has compared.
    seen, ranked = crowded_decision()
    clocks = Clocks(cpu_step=0.0, wall_step=1.5)
    starved = ExpertBot(1, seconds=1.0, hard_iterations=40,
                        clocks=(clocks.read_cpu, clocks.read_wall))
    move = starved.choose(seen)
    # The clock reads 1.5 at the start, then 3.0, 4.5 (under the cap of 1.5 + 4), 6.0 (over).
    assert starved.last_compared == 2 and starved.last_stop == "clock"
    assert move in ranked[:2]


def test_the_experts_own_hard_search_stops_on_the_budget_not_on_a_busy_clock():
    # Without fixed iterations the hard search inside the expert is held to the expert's
    # processor budget: its 60 iterations take 3 s on a busy clock (past the hard bot's own
    # 0.8-s limit, below the cap) and none is cut.
    seen, _ = crowded_decision()
    clocks = Clocks(cpu_step=0.0, wall_step=0.05)
    patient = ExpertBot(1, seconds=1.0, clocks=(clocks.read_cpu, clocks.read_wall))
    patient.hard.max_iterations = 60
    patient.choose(seen)
    assert patient.hard.last_iterations == 60


def test_an_expert_whose_budget_is_spent_before_its_hard_search_begins_still_plays():
    # A machine so busy that the thread's processor time is spent before the hard search's
    # first iteration (each read of the processor clock moves on by a whole budget): the
    # search answers with its candidates in the hard bot's order, and the expert plays one.
    seen, _ = crowded_decision()
    clocks = Clocks(cpu_step=1.0, wall_step=0.0)
    rushed = ExpertBot(1, seconds=1.0, clocks=(clocks.read_cpu, clocks.read_wall))
    move = rushed.choose(seen)
    assert rushed.hard.last_iterations == 0
    check_move(seen.state, move)


def test_the_expert_is_offered_everywhere_and_takes_a_thinking_time():
    assert "expert" in OFFERED_KINDS
    assert str(BOTS["expert"].label) == "AI expert"
    assert make_bot("expert", 3, 2.5).seconds == 2.5
    assert make_bot("expert", 3).seconds == 1.0
    assert make_bot("hard", 3, 2.5).name == "hard"  # a bot without a time budget ignores it


@pytest.mark.parametrize("judge", [win_chance, learned_win_chance], ids=["hand-set", "learned"])
def test_the_turn_search_values_a_planted_blunder_below_a_landing(judge):
    # Grey to act with 3 Ichtos in O2 and its reserve full: sending them all back to the
    # reserve throws its only foothold away; landing keeps it.
    s = table("ichtos=O2:0.0.3.0")
    o2 = area(s, "O2")
    seen = view(s, GREY)
    search = TurnSearch.of(seen, {}, random.Random(1), width=5, chips=6, judge=judge)
    blunder = Move("retreat", picks=((o2, 3),))
    landing = next(m for m in candidate_moves(s, legal_options(s)) if m.kind == "land")
    assert search.value(landing) > search.value(blunder) + 0.1


def test_the_turn_search_judges_its_own_lines_by_its_judge_and_the_rivals_as_hard_players():
    # The rivals' replies are chosen as hard players choose them (the hand-set judge), whatever
    # the searching seat's own judge thinks of their positions.
    s = table("ichtos=1:2.2.2.2,O1:3.3.3.3,O2:3.3.3.3")
    seat = s.actor
    asked: dict[str, set[int]] = {"own": set(), "rivals": set()}

    def recorded(name, judge):
        def judging(state, judged):
            asked[name].add(judged)
            return judge(state, judged)
        return judging

    search = TurnSearch.of(view(s, seat), {}, random.Random(1), width=5, chips=6,
                           judge=recorded("own", learned_win_chance))
    search.rival_judge = recorded("rivals", win_chance)
    for move in candidate_moves(s, legal_options(s))[:4]:
        search.value(move)
    assert asked["own"] == {seat}
    assert asked["rivals"] and seat not in asked["rivals"]


def test_the_turn_search_scores_the_turn_under_the_likeliest_chips_only():
    belief = {4: 0.5, 7: 0.3, 9: 0.18, 11: 0.02}
    kept = likeliest_chips(belief, chips=6)
    assert [c for c, _ in kept] == [4, 7, 9]  # 98% of the belief: the last 2% is left out
    assert dict(kept)[4] == pytest.approx(0.5 / 0.98)
    assert [c for c, _ in likeliest_chips(belief, chips=2)] == [4, 7]


def test_the_expert_stays_out_of_a_fight_its_strong_rivals_will_pay_for():
    # Everybody's board is the same. The medium bot's table wants Warm Blood; the measured
    # table, Assimilation. The hard bot expects its rivals to go for Warm Blood and bids to
    # take Assimilation first; the expert expects them to bid as the hard bot does, sees
    # Assimilation fought over at a high price, and bids nothing.
    s = auction("track=1.2.3.4 ichtos=O1:9.9.9.9,O2:3.3.3.3 display=warm_blood,assimilation,ears")
    seat = s.actor
    worth = measured_gene_worth(4)
    assert best_bid(s, seat, random.Random(1), worth=worth) >= 4
    assert best_bid(s, seat, random.Random(1), worth=worth, rivals=strong_rivals(worth)) == 0
    assert HardBot(1).choose(view(s, seat)).count >= 4
    assert ExpertBot(1).choose(view(s, seat)) == Move("bid", count=0)


def test_strong_rivals_buy_what_the_measured_table_rates_highest():
    s = table("ichtos=O1:9.9.9.9 track=9.8.2.6 display=warm_blood,assimilation,ears")
    worth = measured_gene_worth(4)
    rivals = strong_rivals(worth)
    assert max(s.display, key=rivals.wants.__getitem__) == "assimilation"
    # A strong rival's bid is the hard bot's own reasoning for that seat.
    assert rivals.bid(s, BLACK, random.Random(3)) == best_bid(s, BLACK, random.Random(3), 6, worth)


def test_the_experts_hard_search_leaves_a_fifth_of_the_budget_for_its_comparisons():
    # Every reading of the processor clock moves it on 0.01 s: the hard search, with no cap on
    # its iterations, stops at 0.8 of the 1-s budget (about 80 iterations), and the six
    # comparisons still get their turn in the fifth left.
    seen, _ = crowded_decision()
    clocks = Clocks(cpu_step=0.01, wall_step=0.0)
    expert = ExpertBot(1, seconds=1.0, clocks=(clocks.read_cpu, clocks.read_wall))
    expert.hard.max_iterations = 10**6
    expert.choose(seen)
    assert 75 <= expert.hard.last_iterations <= HARD_SHARE * 100
    assert expert.last_compared == MOVES and expert.last_stop == ""
