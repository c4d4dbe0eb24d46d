"""The game review: it marks a planted blunder as that person's costliest decision, judges
each decision from the deciding seat's view only, can be stopped, refuses a damaged record,
and its page opens from the game-over screen and from History."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from functools import partial

import pygame
import pytest
from positions import GREY, table
from review_games import game_with_blunder
from test_scenes import click, frames

from urland import paths
from urland.bots.appraise import TURN_MOVES, appraise, candidates
from urland.engine import ACTION, UNKNOWN, PlayerView, SaveError, view
from urland.records.history import write_record
from urland.records.review import (
    THRESHOLD,
    Judged,
    Review,
    ReviewJob,
    judge_decision,
    review_seed,
)
from urland.records.review_words import why
from urland.table.session import Session

# A judge with a fixed number of samples: the same figures on a busy machine as on a quiet one.
STEADY = partial(appraise, rounds=16)
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Ben", "kind": "medium"},
         {"name": "Cleo", "kind": "medium"}, {"name": "Dora", "kind": "medium"}]


def steady(seen, seconds, seed, also=()):
    return STEADY(seen, 1e6, seed, also)


@pytest.fixture(scope="module")
def blunder_game():
    return game_with_blunder(seed=12)


def test_the_review_marks_a_planted_blunder_as_the_costliest_decision(blunder_game):
    game, planted = blunder_game
    blunder = game.moves[planted]
    assert blunder.kind == "retreat" and sum(k for _, k in blunder.picks) >= 5
    review = Review(game, [0], judge=steady)
    review.run()
    assert review.done and review.progress == 1.0
    worst = review.costliest(0)
    assert worst is not None and worst.step == planted
    assert worst.played == blunder and worst.better != blunder
    assert worst.lost > 2 * THRESHOLD
    marked = review.marked(0)
    assert worst in marked and len(marked) <= 5
    assert all(j.lost > THRESHOLD for j in marked)
    # every other decision of seat 0 is judged too, and only seat 0's
    assert {j.seat for j in review.judged} == {0}
    assert len(review.judged) == len(review.steps) > 10
    # the sentence of why: the better move keeps the Ichtos the blunder sent back
    c = worst.why
    assert c is not None and c.board >= 5 and c.value > 2 * THRESHOLD  # a loss there too
    sentence = why(c, worst.played, game.board)
    assert sentence in (
        f"The better move would have kept {round(c.board)} Ichtos more on the board.",
        f"The better move would have scored about {round(c.scored)} points more when region "
        f"{game.board.region_numbers[max(0, c.region)]} was scored."), sentence


def test_decisions_with_one_legal_move_are_not_judged(blunder_game):
    game, _ = blunder_game
    review = Review(game, [0], judge=steady)
    from urland.engine import legal_options

    for step in review.steps:
        state = review.states[step]
        options = legal_options(state)
        assert state.actor == 0 and not (len(options) == 1 and options[0].complete)


def test_the_judge_sees_only_the_deciding_seats_view(blunder_game):
    """The judge's input is the seat's view; a true state whose face-down chip lies elsewhere
    gives the same view and the same judgement of a decision made before the reveal."""
    game, _ = blunder_game
    review = Review(game, [0], judge=steady)
    step = next(s for s in review.steps if review.states[s].phase == ACTION
                and review.view_at(s).state.chosen == UNKNOWN)
    state = review.states[step]
    assert state.chosen > 0  # the true state knows the chip
    other = next(c for c in state.pile if c > 0 and c != state.chosen)
    elsewhere = state.clone()
    at = elsewhere.pile.index(other)
    elsewhere.pile[at], elsewhere.chosen = elsewhere.chosen, other
    seen_inputs = []

    def spy(seen, seconds, seed, also):
        seen_inputs.append(seen)
        return steady(seen, seconds, seed, also)

    played = game.moves[step]
    first = judge_decision(state, played, step, spy, 0.2, 99)
    second = judge_decision(elsewhere, played, step, spy, 0.2, 99)
    assert all(isinstance(s, PlayerView) and s.seat == 0 for s in seen_inputs)
    assert seen_inputs[0] == view(state, 0) == view(elsewhere, 0) == seen_inputs[1]
    assert seen_inputs[0].state.chosen == UNKNOWN
    assert first == second


def test_the_judge_weighs_the_move_played_however_poorly_it_is_rated():
    # Grey, with Ichtos in three oceans, has 50 actions; the turn search judges the eight the
    # medium heuristic likes best, and the move played even when it is rated last of all.
    s = table("ichtos=O1:0.0.3.0,O2:0.0.4.0,O3:0.0.3.0")
    seen = view(s, GREY)
    played = candidates(seen, width=100)[-1]
    worth = dict(appraise(seen, 0.0, 7, (played,)))
    assert len(worth) == TURN_MOVES + 1 and played in worth
    judged = judge_decision(s, played, 0, appraise, 0.0, 7)
    assert judged.better == max(worth, key=worth.__getitem__)
    assert judged.lost == pytest.approx(max(worth.values()) - worth[played])


def test_a_costly_decision_says_its_cost_and_its_reason_from_one_estimate():
    # The played move, rated last of Grey's fifty actions, costs points; the figure on the page
    # ("it cost about N points") and the reason ("would have kept M Ichtos more") come from the
    # one contrast, which for an Ichto action plays the judge's own lines.
    s = table("ichtos=O1:0.0.3.0,O2:0.0.4.0,O3:0.0.3.0")
    seen = view(s, GREY)
    played = candidates(seen, width=100)[-1]
    worth = dict(appraise(seen, 0.0, 7, (played,)))
    judged = judge_decision(s, played, 0, appraise, 0.0, 7)
    assert judged.lost > THRESHOLD and judged.why is not None
    assert judged.lost == judged.why.value
    assert judged.why.value == pytest.approx(max(worth.values()) - worth[played])


def test_a_review_can_be_stopped_and_goes_on_later(blunder_game):
    game, _ = blunder_game
    started = threading.Event()
    release = threading.Event()

    def slow(seen, seconds, seed, also):
        started.set()
        release.wait(5)
        return steady(seen, seconds, seed, also)

    review = Review(game, [0], judge=slow)
    job = ReviewJob(review).start()
    assert started.wait(5)
    job._stop.set()  # as the Stop button does, while a decision is being judged
    release.set()
    job.stop()
    assert not job.running and job.stopped
    assert 1 <= len(review.judged) < len(review.steps)
    review.judge = steady
    kept = len(review.judged)
    review.judge_next()
    assert len(review.judged) == kept + 1  # it went on from where it stopped


def test_two_jobs_on_one_review_judge_each_decision_once(blunder_game):
    game, _ = blunder_game
    review = Review(game, [0], judge=lambda seen, seconds, seed, also: STEADY(
        seen, 1e6, seed, also, rounds=2))
    jobs = [ReviewJob(review).start(), ReviewJob(review).start()]
    for job in jobs:  # however long a busy machine takes (the suite's timeout bounds a hang)
        assert job.wait()
        assert not job.running and not job.failure
    assert review.done and [j.step for j in review.judged] == review.steps


def test_a_damaged_record_is_refused_with_a_sentence(tmp_path, blunder_game):
    game, _ = blunder_game
    path = write_record(game, SEATS, tmp_path, datetime(2026, 3, 1, tzinfo=UTC))
    review = Review.from_record(path)
    assert review.people == (0,)
    path.write_text(path.read_text().replace("moves:", "moves: [nonsense\n"))
    with pytest.raises(SaveError) as caught:
        Review.from_record(path)
    message = str(caught.value)
    assert path.name in message and message.rstrip().endswith(".")


def test_the_review_page_opens_from_the_game_over_screen_and_from_history(app, blunder_game,
                                                                          monkeypatch):
    import urland.records.review as reviewing

    monkeypatch.setattr(reviewing, "JUDGE", steady)
    monkeypatch.setattr(reviewing, "_KEPT", {})
    game, planted = blunder_game
    path = write_record(game, SEATS, paths.history_dir(), datetime(2026, 3, 1, tzinfo=UTC))
    over = app.show("game_over", session=Session.from_record(path), from_history=True)
    frames(app)
    click(app, over.review_button.rect.center)
    page = app.scene
    assert page.name == "review"
    frames(app, 1)
    # the judge runs in its own thread: wait for it, however busy the machine (the suite's
    # timeout bounds a hang)
    assert page.job is not None and page.job.wait()
    assert page.review.done
    frames(app, 2)
    rows = page.review.marked()
    assert any(j.step == planted for j in rows)
    click(app, page.rows[-1][0].center)
    assert page.current() is rows[page.rows[-1][1]]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    frames(app, 1)
    assert app.scene is over
    # from History: the review of the same game is kept, not judged again
    history = app.show("history")
    frames(app)
    click(app, history.review_button.rect.center)
    assert app.scene.name == "review" and app.scene.review is page.review
    assert not app.scene.running


def test_esc_stops_the_review_on_the_page_and_go_on_resumes_it(app, blunder_game, monkeypatch):
    import urland.records.review as reviewing

    gate = threading.Event()

    def waiting(seen, seconds, seed, also=()):
        gate.wait(5)
        return steady(seen, seconds, seed, also)

    monkeypatch.setattr(reviewing, "JUDGE", waiting)
    monkeypatch.setattr(reviewing, "_KEPT", {})  # not the review kept by another test
    game, _ = blunder_game
    path = write_record(game, SEATS, paths.history_dir(), datetime(2026, 3, 2, tzinfo=UTC))
    page = app.open("review", session=Session.from_record(path))
    frames(app)
    assert page.running and page.stop_button.visible
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.step(0.016)  # Esc asks the job to stop; the decision being judged finishes first
    gate.set()
    assert page.job.wait()
    frames(app)
    assert app.scene is page and not page.running  # stopped, still on the page
    judged = len(page.review.judged)
    assert 1 <= judged < len(page.review.steps)
    assert page.go_on_button.visible and not page.stop_button.visible
    click(app, page.go_on_button.rect.center)
    assert page.job.running or page.review.done
    while len(page.review.judged) <= judged:  # it goes on from where it stopped
        threading.Event().wait(0.01)
    page.stop()
    assert len(page.review.judged) > judged


def test_the_sentence_of_why_says_the_biggest_difference():
    from urland.bots.appraise import Contrast
    from urland.engine import GENES, Move, standard_board
    from urland.texts.i18n import set_language

    board = standard_board()
    wings = 1 << GENES.index("wings")
    retreat = Move("retreat", picks=((board.parse_area("O2"), 3),))
    land = Move("land", src=board.parse_area("O2"), dst=board.parse_area("5"), count=1)
    assert why(Contrast(4.0, 0.0, -1, 0.0, wings, 0), land, board) == (
        "The better move would have won Wings.")
    assert why(Contrast(4.0, 0.0, -1, 0.0, 0, wings), land, board) == (
        "Wings was worth less to you than what your move paid for it.")
    assert why(Contrast(4.0, 1.0, -1, 3.0, 0, 0), retreat, board) == (
        "Your move sent Ichtos back from O2 (North Ocean): the better move would have kept "
        "3 Ichtos more on the board.")
    assert why(Contrast(2.0, 0.2, -1, 0.1, 0, 0), land, board) == (
        "The better move would have left you about 2 points better placed against your "
        "rivals.")
    set_language("de")
    try:
        assert why(Contrast(4.0, 1.0, -1, 3.0, 0, 0), retreat, board).startswith(
            "Dein Zug hat Ichtos aus O2 (Nordozean) zurückgezogen")
    finally:
        set_language("en")
    assert why(None, land, board) == ""


def test_the_points_scored_are_the_reason_only_when_the_cost_holds_them():
    # The page says "it cost about N points" beside the reason: a better move that would have
    # scored 5 points more this turn but is worth only 1.2 in the end (it gives the rest up
    # later) is not explained by its 5 points, which would say two figures at odds.
    from urland.bots.appraise import Contrast
    from urland.engine import Move, standard_board

    board = standard_board()
    land = Move("land", src=board.parse_area("O2"), dst=board.parse_area("5"), count=1)
    held = why(Contrast(3.2, 3.0, -1, 0.0, 0, 0), land, board)
    assert held == "The better move would have scored about 3 points more in this turn's scoring."
    traded = why(Contrast(1.2, 5.0, -1, 0.0, 0, 0), land, board)
    assert traded == ("The better move would have left you about 1 point better placed "
                      "against your rivals.")
    # the cost the page says (the judge's) is the one the reason is held to
    assert why(Contrast(1.2, 3.0, -1, 0.0, 0, 0), land, board, lost=3.0) == held


def test_when_the_outcomes_differ_in_nothing_nameable_the_why_is_the_better_moves_reason():
    from positions import GREY, table

    from urland.bots.appraise import Contrast
    from urland.engine import Move, view

    s = table("ichtos=O2:0.0.3.0,5:1.0.0.0")  # Grey to act; region 5 scores later this epoch
    played = Move("end")
    better = Move("land", src=s.board.parse_area("O2"), dst=s.board.parse_area("5"), count=1)
    said = why(Contrast(2.0, 0.2, -1, 0.1, 0, 0), played, s.board, 2.0,
               (view(s, GREY), better))
    assert said.startswith("Builds up region 5") or said.startswith("Aims at region 5")
    assert "better placed" not in said


def reviewed_record(blunder_game, monkeypatch, day):
    """The blunder game kept in the history (dated March `day`), and its review judged to the
    end by the steady judge (the review the page of that record shows)."""
    import urland.records.review as reviewing

    monkeypatch.setattr(reviewing, "JUDGE", steady)
    game, _ = blunder_game
    path = write_record(game, SEATS, paths.history_dir(), datetime(2026, 3, day, tzinfo=UTC))
    review = reviewing.review_for(game, [0])
    review.run()
    return path, review


def record_with_its_blunder_judged(blunder_game, monkeypatch, day):
    """The blunder game kept in the history (dated March `day`), and its review done with the
    planted blunder judged by the steady judge and every other decision entered as one whose
    played move was the best (as the review enters those): a page with a marked decision, for
    a test about the page rather than the judging of a whole game (that is `reviewed_record`).
    The review is forgotten after the test, so no other test is shown it."""
    import urland.records.review as reviewing

    monkeypatch.setattr(reviewing, "_KEPT", {})
    game, planted = blunder_game
    path = write_record(game, SEATS, paths.history_dir(), datetime(2026, 3, day, tzinfo=UTC))
    review = reviewing.review_for(game, [0])
    review.judged = [
        judge_decision(review.states[step], game.moves[step], step, steady, 1e6,
                       review_seed(step)) if step == planted
        else Judged(step, 0, game.moves[step], game.moves[step], 0.0, None)
        for step in review.steps]
    assert review.done and [j.step for j in review.marked()] == [planted]
    return path, review


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=["1280x720", "960x540"])
def test_the_review_page_fits_with_nothing_drawn_over_anything(size, blunder_game,
                                                               monkeypatch):
    from urland.app import App
    from urland.ui import text as text_ui
    from urland.userfiles.settings import Settings

    path, review = reviewed_record(blunder_game, monkeypatch, day=3)
    app = App(Settings(animation_speed="instant", ai_pause="none"), size=size)
    watch = text_ui.start_watching()
    page = None
    try:
        page = app.open("review", session=Session.from_record(path))
        for index in range(len(page.marked())):
            page.select(index)
            app.step(0.016)
            text_ui.end_frame()
        assert page.review is review and page.current().step == review.marked()[-1].step
        assert watch.overflows == [] and sorted(watch.overlaps) == []
    finally:
        text_ui.stop_watching()
        if page is not None:
            page.leave()
        pygame.quit()


def test_the_wheel_scrolls_a_long_list_which_says_how_many_more_it_holds(app, blunder_game,
                                                                        monkeypatch):
    from urland.ui import text as text_ui

    path, review = record_with_its_blunder_judged(blunder_game, monkeypatch, day=4)
    page = app.open("review", session=Session.from_record(path))
    rows = review.marked() * 40  # more marked decisions than the list holds at once
    monkeypatch.setattr(page, "marked", lambda: rows)
    watch = text_ui.start_watching()
    try:
        frames(app, 2)
        shown = len(page.rows)
        assert shown < len(rows)
        assert f"{len(rows) - shown} more below" in watch.seen
        chosen = page.current()
        for _ in range(len(rows)):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        frames(app, 2)
        assert page.rows[-1][1] == len(rows) - 1  # the last card in sight ...
        assert page.current() is chosen  # ... and the decision chosen still chosen
        assert f"{len(rows) - shown} more above" in watch.seen
    finally:
        text_ui.stop_watching()
        page.leave()


def test_a_hinted_ichto_action_is_never_marked_by_the_review():
    """Hints and the review share one judge: a player who follows the hint in a turn is not
    told afterwards that the hinted move was one of their costliest."""
    from pathlib import Path

    from urland.bots.hints import judged_hint
    from urland.engine.save import load_game

    game, _ = load_game(Path(__file__).parent / "games" / "medium-4-players.yaml")
    review = Review(game, [0])
    checked = 0
    for step, state in enumerate(review.states[:-1]):
        if state.actor != 0 or state.phase != ACTION:
            continue
        seen = view(state, 0)
        advised = judged_hint(seen, 0.5, review_seed(step)).move  # as the table asks it
        judged = judge_decision(state, advised, step, appraise, 0.5, review_seed(step))
        assert judged.lost <= THRESHOLD, (step, advised, judged.better, judged.lost)
        checked += 1
    assert checked == 31  # every Ichto action of the seat in that game


def test_a_habit_repeated_through_a_game_is_one_mark_with_its_count(app, blunder_game):
    # Anna ended her turn three times where the double turn was better, and once landed on the
    # wrong region: the page marks the habit once, at its costliest turn, and says how often
    # and what it cost in all, beside the single mistake.
    from urland.engine import Move
    from urland.records.review import Judged
    from urland.scenes.review import ReviewScene

    game, _ = blunder_game
    review = Review(game, [0])
    ended, doubled = Move("end"), Move("double")
    review.judged = [Judged(step, 0, ended, doubled, lost, None)
                     for step, lost in ((10, 1.0), (40, 3.0), (70, 2.0))]
    review.judged.append(Judged(20, 0, Move("land", 1, 2, 1), Move("land", 1, 3, 1), 1.5, None))
    marked = review.marked()
    assert [(j.step, j.lost) for j in marked] == [(20, 1.5), (40, 3.0)]
    assert [j.step for j in review.habit(marked[1])] == [10, 40, 70]
    assert review.habit(marked[0]) == [marked[0]]
    turns = [review.states[s].turn for s in (10, 40, 70)]
    scene = ReviewScene.__new__(ReviewScene)  # its words only: no page drawn
    scene.review, scene.names = review, ["Anna", "Ben", "Cleo", "Dora"]
    assert scene.heading(marked[1]).endswith("· 3 times")
    assert scene.habit_text(marked[1]) == (
        f" The same choice 3 times in this game, at turns {turns[0]}, {turns[1]}, {turns[2]}: "
        "about 6.0 points in all.")
    assert scene.habit_text(marked[0]) == ""
