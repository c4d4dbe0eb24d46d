"""The fourth playtest's defects at the table, each in the situation the player met it:
a quick second drag during a glide, the pause menu during a decision dialog."""

from __future__ import annotations

import pygame
import pytest
from test_scenes import area_point, click, drag, frames, solo_table, stack_point

from urland.app import App
from urland.engine import Move
from urland.userfiles.settings import Settings


@pytest.fixture
def slow_app():
    """The window with animations Slow, as the player had them."""
    window = App(Settings(animation_speed="slow", ai_pause="none"), size=(1280, 720))
    yield window
    pygame.quit()


def test_a_second_drag_while_the_first_still_glides_is_played(slow_app):
    """Defect 5: drag O2 -> region 5, and at once (the first still gliding) O2 -> region 5
    again: both moves are played, the second is not lost."""
    table, session = solo_table(slow_app)
    board = session.game.board
    o2, five = board.parse_area("O2"), board.parse_area("5")
    assert session.game.state.count(o2, 0) >= 2
    played = len(session.game.moves)
    drag(slow_app, stack_point(table, "O2", 0), area_point(table, "5"))
    assert table.show.busy  # the first move still glides
    drag(slow_app, stack_point(table, "O2", 0), area_point(table, "5"))
    assert session.game.moves[played:] == [Move("land", o2, five, 1)] * 2


def test_the_menu_opens_over_a_bid_and_the_bid_waits_behind_it(app):
    """Defect 10: at a decision dialog (here the secret bid) Menu and Esc open the pause
    menu; resuming brings the dialog back as it was."""
    from test_table_feel import anna_bids_with_two_on_the_board

    bid = anna_bids_with_two_on_the_board(app)
    assert bid.name == "auction" and bid.menu_button.enabled
    click(app, bid.menu_button.rect.center)
    assert app.scene.name == "pause"
    click(app, app.scene.resume.rect.center)
    assert app.scene is bid
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    frames(app, 2)
    assert app.scene.name == "pause"
    assert "Save and leave to the title" in [b.label for b in app.scene.buttons]


def test_a_language_switch_at_the_table_speaks_the_new_language_in_the_whole_log(app):
    """Defect 4: a game played in German, Italian chosen in the table's Settings: every line
    of the log (not only the new ones) is Italian at once, and the log shows them."""
    from urland.texts import i18n
    from urland.texts.log import log_entries

    i18n.set_language("de")
    try:
        table, _session = solo_table(app)
        frames(app, 2)
        german = [e.text for e in table.log.entries]
        assert any("Runde 1" in line for line in german)
        app.open("pause", leave=table.to_title)
        settings = app.open("settings")
        frames(app, 2)
        settings.language.index = settings.language.values.index("it")
        settings._language(settings.language.index)  # what the language row's arrow does
        frames(app, 2)
        italian = [e.text for e in log_entries(table.door.log(table.now.viewer),
                                               table.sentence, table.now.names)]
        assert any("Turno 1" in line for line in italian)
        assert [e.text for e in table.log.entries] == italian
        drawn = " ".join(text for text, *_ in table.log._lines[1])  # the lines on screen
        assert "Turno 1" in drawn and "Runde" not in drawn
    finally:
        i18n.set_language("en")


def a_table_before_the_last_scoring(app):
    """Three players at this screen, the acting one about to end the turn whose scoring
    ends the game (random play from seed 5); the table, the session and that move."""
    import copy
    import random

    from urland.bots.random_bot import random_move
    from urland.table.session import Seat, Session

    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 5, None)
    game, pick = session.game, random.Random(1)
    while True:
        move = random_move(game.legal_options(), pick)
        if any(e.kind == "game_ends" for e in copy.deepcopy(game).play(move)):
            break
        game.play(move)
    table = app.show("table", session=session)
    table.flow.looks = []
    frames(app, 2)
    app.scenes = [table]
    return table, session, move


def test_the_log_and_banner_wait_for_the_last_scoring_to_play(slow_app):
    """Defect 9: ending the turn whose scoring ends the game: while the show plays, the log
    has no line of a beat still to come ("the game ends after this scoring" only once its
    caption shows) and the banner never tells what comes after the show."""
    table, session, end = a_table_before_the_last_scoring(slow_app)
    mover = session.game.state.actor
    table.submit(end)
    events = [e for e in session.game.log if e.visible(table.now.viewer)]
    ends = table.sentence(next(e for e in events if e.kind == "game_ends"))
    said = False
    while table.show.busy:
        said = said or table.show.callout == ends
        logged = [e.text for e in table.log.entries]
        assert (ends in logged) == said, table.show.callout
        assert table.held == (table.now.names[mover], mover)  # only who moved
        table.show.update(0.05)
        table.update(0.0)
    assert said and ends in [e.text for e in table.log.entries]


def test_the_banner_does_not_announce_a_panic_before_the_show_reaches_it(slow_app):
    """Defect 9: Anna ends a turn whose scoring sets off a Panic that she chooses: while the
    chip is revealed and the region scored, the banner names only her, not "Panic! ...
    chooses"; the Panic prompt comes once the show is over."""
    import copy
    import random

    from urland.bots.random_bot import random_move
    from urland.table.session import Seat, Session

    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 5, None)
    game, pick = session.game, random.Random(1)
    while True:  # random play from seed 5 until such a turn's end (the 11th move)
        move = random_move(game.legal_options(), pick)
        after = copy.deepcopy(game)
        if (any(e.kind == "panic" for e in after.play(move)) and not after.over
                and after.state.actor == game.state.actor
                and after.decision().kind == "panic_ocean"):
            break
        game.play(move)
    mover = game.state.actor
    table = slow_app.show("table", session=session)
    table.flow.looks = []
    frames(slow_app, 2)
    slow_app.scenes = [table]
    table.submit(move)
    assert table.show.busy and table.decision.kind == "panic_ocean"
    assert table.held == (table.now.names[mover], mover)  # the banner: who moved, no more
    table.show.skip()
    assert "Panic" in table.banner_text()  # now it is told


def test_double_turn_chips_are_labelled_in_the_player_rows(app):
    """Defect 19: each double-turn chip in a player's row says "+2" (what it gives), and the
    mouse over it explains it."""
    from urland.ui import text as text_ui

    table, session = solo_table(app)
    chips = session.game.state.double_chips
    assert chips[0] >= 1
    watch = text_ui.start_watching()
    try:
        table.panel._cache = None  # the rows drawn anew, not their picture kept
        app.draw()
        drawn = [d for d in watch.frame if d.what == "+2"]
        text_ui.end_frame()
    finally:
        text_ui.stop_watching()
    rows = table.panel.rows
    assert sorted(next(i for i, r in enumerate(rows) if r.contains(d.rect)) for d in drawn) == \
        sorted(i for i, k in enumerate(chips) for _ in range(k))
    title, text = table.panel.mark_at(drawn[0].rect.center)
    assert str(title) == "Double-turn chips" and "+2" in str(text)


def test_the_menu_opens_over_the_gene_choice_and_the_choice_waits_behind_it(app):
    """Defect 10, as the player met it: Anna won the auction and is to "choose a gene"
    (rules 6, the top bidder buys); Menu and Esc open the pause menu, whose Save and leave is
    there; resuming brings the gene dialog back with the gene she had selected."""
    from keyboard_play import press
    from positions import table as position

    from urland.engine import Game
    from urland.engine.auction import start_mutation
    from urland.table.session import Seat, Session

    state = position("track=1.2.3.4 ichtos=O1:2.5.5.5 genes=legs.-.-.- phase=- agenda=end_turn")
    start_mutation(state)
    game = Game.from_position(state)
    for bid in (1, 0, 0, 0):  # Anna bids 1, the others nothing: she buys
        game.play(Move("bid", count=bid))
    seats = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy"),
             Seat("Dora", 3, "easy")]
    app.show("table", session=Session(game, seats))
    frames(app, 2)
    choice = app.scene
    assert choice.name == "auction_buy" and choice.menu_button.enabled
    press(app, pygame.K_RIGHT)  # another gene selected
    selected = choice.selected
    click(app, choice.menu_button.rect.center)
    assert app.scene.name == "pause"
    assert "Save and leave to the title" in [b.label for b in app.scene.buttons]
    click(app, app.scene.resume.rect.center)
    assert app.scene is choice and choice.selected == selected
    press(app, pygame.K_ESCAPE)
    assert app.scene.name == "pause"

