"""The table a player feels: the story told in order, moves one can follow, genes explained."""

import copy
import math
import time

import pygame
import pytest
from test_scenes import answer_for_anna, click, confirm_dialog, frames, resting_frame, solo_table

from urland.app import App
from urland.engine import Move
from urland.table.session import Seat, Session
from urland.ui.table import table_overlays as overlays
from urland.userfiles.settings import Settings


def slow_app():
    return App(Settings(animation_speed="normal", ai_pause="none"), size=(1280, 720))


def at_a_scoring_end_of_turn(seed=5):
    """Three players at this screen, the acting one about to end a turn that scores."""
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], seed, None)
    game = session.game
    while True:
        options = game.legal_options()
        end = next((o.move for o in options if o.move.kind == "end"), None)
        if end is not None:
            events = copy.deepcopy(game).play(end)
            if any(e.kind == "score" for e in events):
                return session, end
        game.play(end or options[0].move)


def table_before_a_scoring(a):
    """The table of a game whose next move ends a turn with a scoring, on screen and alone;
    its session and that move."""
    session, end = at_a_scoring_end_of_turn()
    table = a.show("table", session=session)
    table.flow.looks = []
    frames(a, 2)
    a.scenes = [table]
    return table, session, end


def play_show_until(app, table, text):
    """Let the show play (as frames pass) until its caption contains `text`."""
    for _ in range(400):
        if not table.show.busy or text in table.show.callout:
            return
        table.show.update(0.05)
        table.update(0.0)


def test_during_a_scoring_beat_the_track_panel_and_log_show_the_story_so_far_not_its_end():
    a = slow_app()
    try:
        table, session, end = table_before_a_scoring(a)
        before, logged = table.shown.state, len(session.game.log)
        ender = before.colours[before.actor]
        table.submit(end)
        after = table.shown.state
        assert after.track != before.track and after.turn == before.turn + 1
        # The chip turns over first: the track, the panel's scores and the turn are as before.
        assert table.drawn.state.track == before.track and table.drawn.state.turn == before.turn
        scoring = next(table.sentence(e) for e in session.game.log[logged:] if e.kind == "score")
        assert not any(e.text == scoring for e in table.log.entries[-3:])
        play_show_until(a, table, scoring)
        caption = table.show.callout
        assert caption == scoring  # the scoring's caption is on screen ...
        assert table.drawn.state.track == before.track  # ... its points not yet on the track
        assert table.log.entries[-1].text == caption  # its log line appeared with it
        banners: list[str] = []
        real_banner = overlays.draw_banner
        overlays.draw_banner = lambda *args: banners.append(args[4:6]) or real_banner(*args)
        try:
            a.draw()
        finally:
            overlays.draw_banner = real_banner
        # The banner stays with the turn that is ending, naming its player without the
        # instruction: the turn's buttons are gone, so the prompt would ask for what was done.
        assert banners == [(ender, session.names[before.actor])]
        assert not any(e.kind == "turn" for e in table.log.entries[-2:])  # next turn not yet
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        frames(a, 1)
        assert not table.show.busy  # Space jumps to the end of the show: the result, at once
        assert table.drawn is table.shown and table.drawn.state.track == after.track
        assert any(e.kind == "turn" for e in table.log.entries[-3:])
    finally:
        pygame.quit()


def a_show_over_a_solo_table(a):
    """An empty show over a solo table's board, and the position it starts from."""
    from urland.ui.table.event_show import EventShow

    table, session = solo_table(a)
    return EventShow(table.board_view, lambda seat: (0, 0)), table.shown, session.game.board


def empty_scoring(chip):
    """A scoring event of an empty region (nothing else happens)."""
    from urland.engine import Event

    return Event("score", {"chip": chip, "region": chip - 1, "outcome": "none",
                           "points": {}, "removed": {}, "counts": []})


def captioned(*pairs):
    """The events of (event, caption) pairs, and the sentence that gives each its caption."""
    captions = {id(event): caption for event, caption in pairs}
    return [event for event, _ in pairs], lambda event: captions[id(event)]


def test_a_click_in_the_log_during_a_show_opens_its_line_and_the_show_plays_on():
    a = slow_app()
    try:
        table, session, end = table_before_a_scoring(a)
        table.submit(end)
        scoring = next(table.sentence(e) for e in session.game.log if e.kind == "score")
        play_show_until(a, table, scoring)
        a.draw()
        line = next(i for i, e in enumerate(table.log.entries) if e.text == scoring)
        rect = next(r for r, index in table.log._hits if index == line)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1),
                                             buttons=(0, 0, 0)))
        click(a, rect.center)
        assert table.show.busy and line in table.log.expanded  # read, and nothing skipped
        click(a, table.board_view.rect.center)
        assert not table.show.busy  # a click on the board still skips the show
    finally:
        pygame.quit()


def test_ichtos_moved_by_a_beat_are_drawn_where_that_beat_left_them():
    from urland.engine import Event

    a = slow_app()
    try:
        show, view, board = a_show_over_a_solo_table(a)
        state = view.state
        ocean = next(o for o in board.ocean_areas if state.count(o, 0) >= 2)
        swim = Event("swim", {"seat": 0, "src": ocean, "dst": ocean + 1, "count": 2})
        land = Event("land", {"seat": 0, "src": ocean + 1, "dst": 5, "count": 1})
        show.add([swim, land], state.track[:], 1.0, lambda e: "", before=view)
        assert show.drawn.state.count(ocean, 0) == state.count(ocean, 0)  # the start
        assert show.pending(state) == {(ocean, 0): 2}  # the two are in the air
        show.update(show.beats[0].duration + 0.01)  # the swim is over, the landing flies
        assert show.pending(state) == {(ocean, 0): 2, (ocean + 1, 0): -1, }
        assert show.unplayed == 0
        show.skip()
        assert show.drawn is None and show.pending(state) == {}
    finally:
        pygame.quit()


def test_a_marker_that_jumps_others_says_so_as_it_hops_and_one_that_does_not_just_hops():
    from urland.engine import Event
    from urland.texts.events import render_event

    a = slow_app()
    try:
        show, view, _ = a_show_over_a_solo_table(a)
        names = ["Anna", "Ben", "Cleo", "Dora"]
        jumping = Event("track", {"seat": 1, "start": 4, "end": 9, "jumped": 2})
        plain = Event("track", {"seat": 2, "start": 3, "end": 5, "jumped": 0})
        show.add([jumping, plain], [5, 4, 3, 6], 1.0, lambda e: render_event(e, names),
                 before=view)
        assert show.callout == ("Ben's marker moves from 4 to 9 (it jumps over 2 markers: "
                                "occupied spaces do not count).")
        assert show.markers()[1] == 4.0  # it hops while the caption reads
        show.update(show.beats[0].duration + 0.01)
        assert show.callout == "" and show.beats[0].marker == (2, 3, 5)
    finally:
        pygame.quit()


def test_an_eruption_joins_the_two_lands_on_the_board_at_its_own_beat_not_before():
    from urland.engine import Event

    a = slow_app()
    try:
        show, view, board = a_show_over_a_solo_table(a)
        state = view.state
        region = next(r for r in range(board.n_regions)
                      if state.root(board.volcano_bridge[r]) != state.root(r))
        root = state.root(board.volcano_bridge[region])
        eruption = Event("eruption", {"region": region, "root": root,
                                      "bridge": board.volcano_bridge[region], "joined": True})
        events, sentence = captioned((empty_scoring(chip=3), "Region 3 is scored."),
                                     (eruption, "The volcano erupts."),
                                     (empty_scoring(chip=3), "Region 5 is scored."))
        show.add(events, state.track[:], 1.0, sentence, before=view)
        assert show.callout == "Region 3 is scored."  # the scoring: the two lands still apart
        assert show.drawn.state.root(region) != root
        show.update(show.beats[0].duration + 0.01)
        assert show.callout == "The volcano erupts."  # its caption: still apart ...
        assert show.drawn.state.root(region) != root
        show.update(show.beats[0].duration + 0.01)  # ... joined once its beat has played
        assert show.callout == "Region 5 is scored." and show.drawn.state.root(region) == root
        assert state.root(region) != root  # the table's own position is untouched
    finally:
        pygame.quit()


def test_a_show_that_spans_turns_draws_each_turn_and_its_roles_as_it_reaches_them():
    """The replay of what happened since a player's turn used to keep the first turn's number
    and roles on screen while its captions told of the next turn."""
    from urland.engine import Event

    a = slow_app()
    try:
        show, view, _board = a_show_over_a_solo_table(a)
        state = view.state
        later = (state.turn + 1, (state.env + 1) % state.n)
        turn = Event("turn", {"env": later[1], "dead": 0, "turn": later[0]})
        events, sentence = captioned((empty_scoring(chip=3), "Region 3 is scored."),
                                     (turn, "The next turn."),
                                     (empty_scoring(chip=3), "Region 5 is scored."))
        show.add(events, state.track[:], 1.0, sentence, before=view)
        assert show.callout == "Region 3 is scored."  # still the first turn
        assert (show.drawn.state.turn, show.drawn.state.env) == (state.turn, state.env)
        show.update(show.beats[0].duration + 0.01)
        assert show.callout == "Region 5 is scored."  # the next turn's caption, its turn drawn
        assert (show.drawn.state.turn, show.drawn.state.env) == later
        assert (state.turn, state.env) != later  # the table's own position is untouched
    finally:
        pygame.quit()


def test_a_gene_bought_in_a_show_joins_its_buyers_row_with_its_caption():
    from urland.engine import GENES, Event

    a = slow_app()
    try:
        show, view, _board = a_show_over_a_solo_table(a)
        state = view.state
        gene = state.display[0]
        bit = 1 << GENES.index(gene)
        buy = Event("buy", {"seat": 1, "gene": gene, "paid": 0, "picks": ()})
        refill = Event("refill", {"genes": ["ears"]})
        events, sentence = captioned((buy, f"Ben buys {gene}."), (refill, "New genes."),
                                     (empty_scoring(chip=5), "Region 5 is scored."))
        show.add(events, state.track[:], 1.0, sentence, before=view)
        assert show.callout == f"Ben buys {gene}."  # its caption plays: the gene is his
        assert show.drawn.state.genes[1] & bit and gene not in show.drawn.state.display
        show.update(show.beats[0].duration + 0.01)
        assert "ears" in show.drawn.state.display  # the refill, before the next caption
        assert not state.genes[1] & bit and gene in state.display  # the table's own: untouched
    finally:
        pygame.quit()


def solo_after_the_computers(a, seed=5):
    """A solo table (Anna against two computers): Anna lands once and ends her turn, and the
    computers play until Anna acts again."""
    table, session = solo_table(a, seed)
    table.submit(next(o.move for o in table.decision.options if o.move.kind == "land"))
    table.show.skip()
    table.submit(Move("end"))
    mine = len(session.game.moves)
    deadline = time.monotonic() + 90  # the computers think in threads: bounded by time, not frames
    while time.monotonic() < deadline:
        table.show.update(0.2)
        resting_frame(a)
        state = session.game.state
        if a.scene is not table:  # a private dialog for Anna: answer it
            scene = a.scene
            if scene.name in ("choose_chip", "auction"):
                confirm_dialog(scene)
            elif scene.name in ("peek", "auction_reveal"):
                a.remove(scene)
        elif (state.phase == "action" and state.actor == 0 and not table.show.busy
                and len(session.game.moves) > mine + 2):
            return table, session, mine
    raise AssertionError("the computers never gave the turn back")


def test_the_computers_moves_stay_marked_until_the_player_acts_and_replay_on_request():
    a = slow_app()
    try:
        table, session, mine = solo_after_the_computers(a)
        frames(a, 1)
        theirs = [m for m in session.game.moves[mine:] if m.kind in ("land", "swim", "walk",
                                                                      "fly")]
        paths = table.news.paths
        assert theirs and len(paths) >= 1  # the computers' moves are marked as paths
        assert all(p.seat != 0 for p in paths)
        assert {(p.src, p.dst) for p in paths} >= {(m.src, m.dst) for m in theirs[-1:]}
        button = table.controls.replay_button
        assert button.visible and button.key == pygame.K_r and button.show_key
        # R replays them from the position Anna left: the board goes back, then forward.
        now = table.shown.state.counts[:]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0))
        frames(a, 1)
        assert table.show.busy and table.news.replaying
        assert table.drawn.state.counts != now  # the position just after Anna's last decision
        assert table.show.beats[0].duration > 0
        drawn: list = []
        real = table.news.draw
        import urland.scenes.table.news as news_module
        paths_before = news_module.draw_paths
        news_module.draw_paths = lambda surface, view, state, paths: drawn.append(list(paths))
        try:
            for _ in range(400):
                real(a.screen)
                if not table.show.busy or drawn:
                    break
                table.show.update(0.05)
        finally:
            news_module.draw_paths = paths_before
        # The first path appears with its move, before the replay has reached the others.
        assert (drawn and 0 < len(drawn[0]) < len(paths)) or len(paths) == 1
        assert not table.controls.end_button.visible  # nothing to do while it plays
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        frames(a, 1)
        assert not table.show.busy and table.drawn.state.counts == now  # skipped to now
        # Anna's next action clears the marks.
        table.submit(next(o.move for o in table.decision.options if o.move.kind == "land"))
        frames(a, 1)
        assert table.news.paths == [] and not button.visible
    finally:
        pygame.quit()


def test_a_computers_move_glides_slower_than_the_players_own():
    from urland.engine import Event
    from urland.ui.table.event_show import EventShow

    a = slow_app()
    try:
        table, _ = solo_table(a)
        show = EventShow(table.board_view, lambda seat: (0, 0))
        fly = Event("fly", {"seat": 1, "src": 1, "dst": 2, "count": 1})
        show.add([fly], [1, 2, 3], 0.6, lambda e: "")
        own = show.beats[0].duration
        show.skip()
        show.add([fly], [1, 2, 3], 0.6, lambda e: "", follow=True)
        assert show.beats[0].duration >= 1.8 > own  # at Slow: long enough to follow
    finally:
        pygame.quit()


def test_a_gene_in_the_player_list_shows_its_card_on_hover_and_f1_opens_its_page(app):
    from urland.engine.genes import GENE_INDEX
    from urland.texts.assets import gene_texts
    from urland.ui.table.table_overlays import hover_tooltip

    table, session = solo_table(app)
    session.game.state.genes[0] |= 1 << GENE_INDEX["legs"] | 1 << GENE_INDEX["egg"]
    table.shown = table.door.view()  # Anna owns Legs and Egg
    frames(app, 2)
    badges = dict(table.panel.gene_badges)
    assert set(badges) == {"legs", "egg"}
    assert not badges["legs"].colliderect(badges["egg"])  # apart, never "EggLegs"
    where = badges["legs"].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    title, text = hover_tooltip(where, table.panel, table.board_view, table.shown.state,
                                table.now.names)
    assert (title, text) == (gene_texts()["legs"]["name"], gene_texts()["legs"]["text"])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
    frames(app, 1)
    assert app.scene.name == "rules" and app.scene.page.gene == "legs"


def test_a_players_gene_tags_line_up_in_one_column_when_they_take_two_lines(app):
    from urland.engine.genes import GENE_INDEX

    table, session = solo_table(app)
    for gene in ("assimilation", "muscles", "turbo", "warm_blood", "care_of_young"):
        session.game.state.genes[1] |= 1 << GENE_INDEX[gene]
    table.shown = table.door.view()  # Ben owns five genes: more than one line holds
    frames(app, 2)
    row = table.panel.rows[1]
    tags = [r for _, r in table.panel.gene_badges if row.contains(r)]
    lines = sorted({r.centery for r in tags})
    assert len(tags) == 5 and len(lines) >= 2
    firsts = {min(r.left for r in tags if r.centery == y) for y in lines}
    assert len(firsts) == 1  # each line's first tag starts at the same place


def test_in_the_tutorial_tooltips_and_menus_lie_over_its_labels_and_card(app, monkeypatch):
    import urland.scenes.tutorial as tutorial_scene
    from urland.ui.table import table_overlays

    order: list[str] = []

    def recording(name, real):
        def draw(*args, **kwargs):
            order.append(name)
            return real(*args, **kwargs)
        return draw

    monkeypatch.setattr(tutorial_scene, "draw_card", recording("card", tutorial_scene.draw_card))
    monkeypatch.setattr(tutorial_scene, "draw_pin", recording("label", tutorial_scene.draw_pin))
    monkeypatch.setattr(table_overlays, "draw_tooltip",
                        recording("tooltip", table_overlays.draw_tooltip))
    from urland.table.tutorial import load_script

    chapters = [c.id for c in load_script().chapters]
    scene = app.show("tutorial", chapter=chapters.index("actions"))
    frames(app, 3)
    table = scene.table
    where = table.board_view.to_screen(table.board_view.anchor(table.now.board.parse_area("3")))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    order.clear()
    app.draw()
    assert "tooltip" in order and order.index("tooltip") > order.index("card")
    if "label" in order:
        assert order.index("tooltip") > order.index("label")
    menu = recording("menu", table.gestures.draw_menu)
    monkeypatch.setattr(table.gestures, "draw_menu", menu)
    order.clear()
    app.draw()
    assert order.index("menu") > order.index("card")  # an area's menu lies over the card


def test_the_tutorials_bid_dialog_leaves_the_steps_instruction_in_sight(app):
    from urland.table.tutorial import load_script

    chapters = [c.id for c in load_script().chapters]
    scene = app.show("tutorial", chapter=chapters.index("auction"))
    game = scene.table.door.session.game
    deadline = time.monotonic() + 90  # the computers think in threads: bounded by time
    while time.monotonic() < deadline:  # play the lesson's moves up to the secret bid
        resting_frame(app)
        if app.scene.name == "auction":
            break
        if app.scene is scene and scene.step.next:
            scene.advance()
        elif app.scene is scene and scene.step.id in ("coexist", "end_coexist"):
            move = next(o.move for o in scene.table.decision.options
                        if o.move.kind == ("land" if scene.step.id == "coexist" else "end")
                        and (o.move.kind == "end" or o.move.dst == game.board.parse_area("4")))
            scene.table.submit(move)
    dialog = app.scene
    assert dialog.name == "auction" and scene.step.id == "bid"
    assert not dialog.box().colliderect(scene.card)  # the card is beside the dialog
    drawn: list[str] = []
    real = scene.draw_coach
    scene.draw_coach = lambda surface: drawn.append("card") or real(surface)
    app.draw()
    assert drawn == ["card", "card"]  # under the shade, then again over it
    assert "press + twice" in scene.card_text()


def test_gene_cards_in_the_bid_dialog_are_written_large_enough_to_read(app):
    from urland.scenes.table.auction import card_text_size
    from urland.texts.genes import gene_texts

    t = app.theme if hasattr(app, "theme") else app.scene.theme
    body = pygame.Rect(0, 0, t.px(216), t.px(156))
    sizes = {g: card_text_size(t, text["text"], body) for g, text in gene_texts().items()}
    assert min(sizes.values()) >= t.px(19)  # was 17 (about 11 pixels high at 1280x720)


def anna_bids_with_two_on_the_board(app):
    """Anna's bid dialog: White has 2 Ichtos on the board and owns Legs, so a bid of 1 costs
    2 and one of 2 costs 3."""
    from positions import table as position

    from urland.engine import Game
    from urland.engine.auction import start_mutation

    state = position("track=1.2.3.4 ichtos=O1:2.5.5.5 genes=legs.-.-.- phase=- agenda=end_turn")
    start_mutation(state)
    seats = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy"),
             Seat("Dora", 3, "easy")]
    app.show("table", session=Session(Game.from_position(state), seats))
    frames(app, 2)
    assert app.scene.name == "auction"
    return app.scene


def test_the_bid_dialog_says_what_the_bid_decides_and_what_the_bidder_could_pay_with(app):
    from urland.ui import text as text_ui

    anna_bids_with_two_on_the_board(app)
    watch = text_ui.start_watching()
    app.draw()
    text_ui.stop_watching()
    said = " ".join(watch.seen)
    assert "Highest bid first; on equal bids, whoever is further back on the track." in said
    assert "The first must buy a gene; the others may buy or pass." in said
    assert "You have 2 Ichtos on the board." in said
    assert not watch.overflows


def test_the_bid_steps_with_plus_and_minus_as_well_as_the_arrows(app):
    dialog = anna_bids_with_two_on_the_board(app)
    start = dialog.stepper.value
    for code, step in ((pygame.K_PLUS, 1), (pygame.K_EQUALS, 1), (pygame.K_UP, 1),
                       (pygame.K_MINUS, -1), (pygame.K_KP_MINUS, -1), (pygame.K_LEFT, -1)):
        before = dialog.stepper.value
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                             scancode=0))
        frames(app, 1)
        assert dialog.stepper.value == before + step, code
    assert dialog.stepper.value == start


def test_the_bid_dialog_says_in_red_when_the_board_could_not_pay_the_price(app, monkeypatch):
    from urland.scenes.table import auction
    from urland.ui import theme as th

    dialog = anna_bids_with_two_on_the_board(app)
    colours = []
    real = auction.blit_wrapped

    def watched(surface, text, rect, size, colour, **kwargs):
        if text.startswith("Bid from"):  # the price sentence (the gene cards are wrapped too)
            colours.append((colour, text.endswith("Anna cannot pay 3 and is out of this "
                                                  "auction.")))
        return real(surface, text, rect, size, colour, **kwargs)

    monkeypatch.setattr(auction, "blit_wrapped", watched)
    for bid, colour, out in ((1, th.INK, False), (2, th.BAD, True)):
        dialog.stepper.value = bid
        colours.clear()
        app.draw()
        assert colours == [(colour, out)]


def test_the_revealed_bids_of_five_players_leave_the_rules_below_them_clear():
    from urland.ui import text as text_ui

    app = App(Settings(animation_speed="instant", ai_pause="none", text_size=130),
              size=(960, 540))
    seats = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy"),
             Seat("Dora", 3, "easy"), Seat("Emil", 4, "easy")]
    table = app.show("table", session=Session.new(seats, 5, None))
    frames(app, 1)
    app.open("auction_reveal", table=table, bids=[3, 1, 4, 4, 0], ranking=[3, 2, 0, 1, 4],
             track=[5, 4, 3, 2, 1])
    frames(app, 1)
    watch = text_ui.start_watching()
    try:
        app.draw()
        drawn = {d.what: d.rect for d in watch.frame}
        rules = min(r.top for what, r in drawn.items() if what.startswith("Highest bid"))
        assert drawn["Emil"].bottom <= rules  # the fifth row ends above the rules
        text_ui.end_frame()
        assert not watch.overlaps and not watch.overflows
    finally:
        text_ui.stop_watching()
        pygame.quit()


def lesson(app, chapter_id):
    from urland.table.tutorial import load_script

    chapters = [c.id for c in load_script().chapters]
    scene = app.show("tutorial", chapter=chapters.index(chapter_id))
    frames(app, 3)
    return scene, scene.table.door.session.game


def test_in_a_lesson_the_hint_repeats_the_step_and_never_advises_a_refused_move(app):
    from urland.engine import parse_move

    scene, game = lesson(app, "auction")  # the step asks for O2 -> region 4
    assert scene.step.id == "coexist"
    scene.table.ask_hint()
    frames(app, 2)
    assert "O2" in scene.table.hint_text and "region 4" in scene.table.hint_text
    assert scene.table.hint.move == parse_move("land O2 4 x1", game.board)  # its arrow
    assert not scene.table.flow.thinker.asked("hint", scene.table.now.position)


def test_after_an_undo_the_lesson_steps_back_and_the_move_can_be_made_again(app):
    from urland.engine import parse_move

    scene, game = lesson(app, "auction")
    move = parse_move("land O2 4 x1", game.board)
    scene.table.submit(move)
    frames(app, 3)
    assert scene.step.id == "end_coexist"  # the lesson moved on: now "Press End turn"
    scene.table.undo()
    frames(app, 2)
    assert scene.step.id == "coexist"  # ... and back with the Undo
    played = len(game.moves)
    scene.table.submit(move)
    assert len(game.moves) == played + 1 and scene.nudge_text == ""  # done again, not refused


def test_a_refusal_on_the_tutorial_card_wraps_inside_the_card(app, monkeypatch):
    from urland.engine import parse_move
    from urland.ui.table import coach_card
    from urland.ui.text import render

    scene, game = lesson(app, "actions")
    scene.table.submit(parse_move("land O2 4 x1", game.board))  # not what the step asks
    assert scene.nudge_text
    scene.nudge_text = ("Not that one yet: drag one White Ichto from the West Ocean to region 2, "
                        "the region the arrow points at, and let go there.")
    scene.layout_card()
    widths: list[int] = []
    real = coach_card.blit_text

    def measuring(surface, text, pos, size, colour, bold=False, *args, **kwargs):
        if bold and text in scene.nudge_text:
            widths.append(render(text, size, colour, True).get_width())
        return real(surface, text, pos, size, colour, bold, *args, **kwargs)

    monkeypatch.setattr(coach_card, "blit_text", measuring)
    app.draw()
    pad = app.scene.theme.px(16)
    assert len(widths) >= 2 and max(widths) <= scene.card.width - 2 * pad


def test_clicking_an_ocean_lists_a_few_rows_and_the_destination_is_chosen_on_the_board(app):
    from test_scenes import area_point, click

    from urland.engine import expand

    table, session = solo_table(app)
    board = session.game.board
    ocean = board.parse_area("O5")
    every = [m for o in table.decision.options for m in expand(o) if m.src == ocean]
    assert len(every) > 12  # a menu of every variant would be long
    click(app, area_point(table, "O5"))
    menu = table.gestures.menu
    assert len(menu.items) <= 3  # proliferate, lift the Ichtos, perhaps one gene action
    lift_row = next(r for r, (_, v) in zip(menu.rows, menu.items, strict=False)
                    if type(v).__name__ == "Lift")[0]
    click(app, lift_row.center)
    drag = table.gestures.drag
    assert drag is not None and drag.lifted and drag.count == 1
    lit, _ = table.gestures.targets()
    assert lit  # the destinations glow
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    frames(app, 1)
    assert drag.count == min(3, table.decision.carry_limit(ocean, 0))
    lit, _ = table.gestures.targets()
    goal = next(iter(sorted(lit)))
    moves = len(session.game.moves)
    click(app, area_point(table, board.area_name(goal)))
    played = session.game.moves[moves]
    assert (played.src, played.dst, played.count) == (ocean, goal, drag.count)


def test_a_lifted_ichto_goes_back_with_escape(app):
    from test_scenes import area_point

    table, session = solo_table(app)
    played = len(session.game.moves)
    table.gestures.lift(session.game.board.parse_area("O5"), area_point(table, "O5"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    frames(app, 1)
    assert table.gestures.drag is None and app.scene is table  # no pause menu, no move
    assert len(session.game.moves) == played


def test_the_pay_and_retreat_dialog_says_how_many_ichtos_stand_in_each_area(app):
    from urland.scenes.table import pick

    table, session = solo_table(app)
    option = next(o for o in table.decision.options if o.move.kind == "retreat")
    app.open("pick_ichtos", table=table, seat=0, title="Retreat", option=option, suggested={})
    frames(app, 1)
    written: list[str] = []
    real = pick.blit_text
    pick.blit_text = lambda surface, text, *a, **k: written.append(text) or real(
        surface, text, *a, **k)
    try:
        app.draw()
    finally:
        pick.blit_text = real
    state = session.game.state
    for area in app.scene.areas:
        count = state.count(area, 0)
        assert any(f"{count} Ichto" in line and
                   session.game.board.area_name(area).split()[0] in line for line in written)


def test_the_pay_dialogs_confirm_stands_clear_of_see_the_board(app):
    """The pay-for-gene and Retreat dialog: its Confirm had crowded "See the board" to 6 px."""
    table, _ = solo_table(app)
    option = next(o for o in table.decision.options if o.move.kind == "retreat")
    for size in ((1280, 720), (960, 540)):
        app.resize(size)
        app.open("pick_ichtos", table=table, seat=0, title="Pay 3 for Assimilation",
                 option=option, suggested={})
        frames(app, 1)
        app.draw()
        dialog = app.scene
        gap = dialog.ok.rect.left - dialog.peek_button.rect.right
        assert gap >= app.theme.px(24), (size, gap)
        assert dialog.box().contains(dialog.back.rect)
        app.remove(dialog)


@pytest.mark.parametrize(("size", "text_size"), [((1280, 720), 130), ((960, 540), 100)])
def test_paying_from_every_area_lists_them_all_readably(size, text_size):
    """With more than ten areas the pay dialog had three columns, too narrow for the labels,
    which ran under the next column's buttons and off the dialog."""
    from urland.ui import text as text_ui

    a = App(Settings(animation_speed="instant", ai_pause="none", text_size=text_size),
            size=size)
    try:
        table, session = solo_table(a)
        board = session.game.board
        everywhere = tuple((area, 2) for area in range(board.n_regions + len(board.ocean_areas)))
        option = next(o for o in table.decision.options if o.move.kind == "retreat")
        option = option._replace(picks=option.picks._replace(limits=everywhere, lo=1, hi=3))
        a.open("pick_ichtos", table=table, seat=0, title="Pay 3 for Egg", option=option,
               suggested={})
        frames(a, 1)
        watch = text_ui.start_watching()
        a.draw()
        dialog = a.scene
        labels = [d.rect for d in watch.frame if d.what.endswith(" there")]
        text_ui.end_frame()
        assert len(labels) == len(everywhere)
        assert all(dialog.box().contains(r) for r in labels)
        assert not watch.overlaps and not watch.overflows
    finally:
        text_ui.stop_watching()
        pygame.quit()


def test_every_settings_choice_steps_both_ways_and_960x540_is_offered(app):
    from test_scenes import click

    scene = app.open("settings")
    frames(app, 2)
    assert "960 x 540" in scene.size.labels
    speed = scene.speed
    start = speed.value
    click(app, (speed.rect.right - 5, speed.rect.centery))  # forward
    assert speed.value != start
    click(app, speed.back_arrow().center)  # and back
    assert speed.value == start and app.settings.animation_speed == start
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=speed.rect.center, button=3))
    frames(app, 1)
    values = list(speed.values)
    assert speed.value == values[(values.index(start) - 1) % len(values)]  # right button: back


def test_text_size_130_makes_the_text_larger_not_the_board_smaller():
    sizes = {}
    for text_size in (100, 130):
        a = App(Settings(animation_speed="instant", ai_pause="none", text_size=text_size),
                size=(1280, 720))
        try:
            table, _ = solo_table(a)
            sizes[text_size] = (table.board_view.rect.size, a.theme.px(24))
        finally:
            pygame.quit()
    # The board keeps its size (only the taller top bar takes a few pixels; the side panel
    # used to grow by a third and take 16 % of the board's width) ...
    assert sizes[130][0][0] >= 0.95 * sizes[100][0][0]
    assert sizes[130][1] > sizes[100][1]  # ... while the text grows


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=["960x540", "1280x720"])
def test_at_text_size_130_five_players_leave_the_log_room_and_the_prompt_shows_whole(size):
    """The rows of five players at a large text size used to push the log out of the window,
    and a long prompt ran under the top bar's buttons."""
    from urland.ui import text as text_ui

    a = App(Settings(animation_speed="instant", ai_pause="none", text_size=130), size=size)
    try:
        seats = [Seat("Maximiliane-Jo", 0, "human"), Seat("Ben", 1, "easy"),
                 Seat("Cleo", 2, "easy"), Seat("Dan", 3, "easy"), Seat("Emil", 4, "easy")]
        table = a.show("table", session=Session.new(seats, 5, None))
        frames(a, 1)
        panel = table.panel
        t = a.theme
        assert (panel.log_rect.height - t.px(12)) // max(t.px(17), 14) >= 3  # lines of the log
        assert panel.rows[-1].bottom < panel.genes_rect.top < panel.log_rect.top
        assert panel.theme.px(25) >= t.window_px(25) * 0.8  # the rows shrink, a little
        watch = text_ui.start_watching()
        try:
            prompt = ("Maximiliane-Jo: 2 actions left - drag an Ichto or click an area, or Tab to "
                      "it and press Enter")
            overlays.draw_banner(a.screen, a.theme, table.banner, "Turn 1", 0, prompt,
                                 table.controls.top_left())
            drawn = [d for d in watch.frame if d.what != "Turn 1"]
            assert " ".join(d.what for d in drawn) == prompt and not watch.overflows
            assert all(table.banner.contains(d.rect) and d.rect.right <= table.controls.top_left()
                       for d in drawn)
        finally:
            text_ui.stop_watching()
    finally:
        pygame.quit()


def test_the_buttons_show_their_keys(app):
    table, _ = solo_table(app)
    controls = table.controls
    for button, key in ((controls.end_button, pygame.K_e), (controls.hint_button, pygame.K_h),
                        (controls.replay_button, pygame.K_r)):
        assert button.key == key and button.show_key


def test_behind_another_door_moves_made_elsewhere_are_marked_and_replayed(app):
    from one_seat_table import FarSide, OneSeatTable

    from urland.bots.registry import make_bot

    session = Session.new([Seat("Anna", 4), Seat("Ben", 0), Seat("Cleo", 3)], 11, None)
    far = FarSide(session)
    table = app.show("table", door=OneSeatTable(far, 0, list(session.seats)))
    others = {1: make_bot("easy", 2), 2: make_bot("easy", 3)}
    acted = False
    for _ in range(300):
        frames(app, 2)
        state = session.game.state
        seat = session.decision().seat
        if app.scene is not table:  # Anna's own dialogs
            confirm_dialog(app.scene) if hasattr(app.scene, "confirm") else app.remove(app.scene)
        elif seat != 0:
            far.play(seat, others[seat].choose(session.game.view(seat)))
        elif state.phase == "action" and not acted:
            table.submit(next(o.move for o in table.decision.options if o.move.kind == "land"))
            table.submit(Move("end"))
            acted = True
        elif state.phase == "action" and table.news.paths:
            break
    assert acted and table.news.paths  # the moves made elsewhere are marked on Anna's board
    assert all(p.seat != 0 for p in table.news.paths)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0))
    frames(app, 1)
    assert table.news.replaying and table.show.busy and table.drawn is not table.shown


def test_a_computers_action_waits_for_the_pace_chosen_in_settings():
    import asyncio

    from urland.table import LocalTable, Moved, TurnFlow, Wait
    from urland.userfiles.settings import AI_PAUSES

    session = Session.new([Seat("Ben", 0, "easy"), Seat("Anna", 4), Seat("Cleo", 3)], 5, None)
    while not session.game.over and session.seats[session.decision().seat].human:
        session.play(session.decision().options[0].move)
    bot = session.decision().seat
    asked: list[float] = []
    pace_over = asyncio.Event()  # the test's clock: the pace is over when the test says so

    async def wait(seconds: float) -> None:
        asked.append(seconds)
        await pace_over.wait()

    door = LocalTable(session, pace=lambda: AI_PAUSES["long"], wait=wait)
    flow = TurnFlow(door)
    flow.looks = []  # the dead player's look is not what this test is about
    try:
        for _ in range(3):
            assert isinstance(flow.next(), Wait)  # thinking, and held back
        assert asked == [AI_PAUSES["long"]]  # the room's bot pause is the chosen pace
        played = len(session.game.moves)
        assert door.now().decision.seat == bot  # nothing played while the pace lasts
        pace_over.set()
        door.room.run_bots()
        step = flow.next()
        assert isinstance(step, Moved) and step.events  # then the computer's move is shown
        assert len(session.game.moves) == played + 1 and session.game.before[-1].actor == bot
    finally:
        door.close()
    assert AI_PAUSES["short"] >= 0.7 and AI_PAUSES["long"] >= 1.5  # long enough to follow


def test_a_computers_path_runs_from_its_own_stack_to_where_its_ichtos_arrived(monkeypatch):
    """Grey lands from O5, where White's stack stands too: the arrow starts on Grey's stack,
    not on White's, and ends on Grey's Ichtos in the region."""
    from positions import table

    from urland.engine import standard_board
    from urland.ui.board import move_trail
    from urland.ui.board.board_view import BoardView
    from urland.ui.caches import clear_caches

    pygame.init()
    clear_caches()
    state = table("ichtos=O5:2.0.3.0,10:0.0.1.0")
    o5, ten = state.board.parse_area("O5"), state.board.parse_area("10")
    view = BoardView(standard_board())
    view.animate = False
    view.layout(pygame.Rect(0, 0, 1000, 820))
    arrows = []
    monkeypatch.setattr(move_trail, "draw_arrow", lambda surface, a, b, *rest: arrows.append(
        (a, b)))
    move_trail.draw_paths(pygame.Surface((1000, 820)), view, state,
                          [move_trail.Path(2, o5, ten)])
    [(start, end)] = arrows
    assert view.stack_at(start, state) == (o5, 2)
    assert view.stack_at(end, state) == (ten, 2)
    centre = view.to_screen(view.stack_slots(ten, [2], state)[2])
    assert math.dist(end, centre) >= view.px(15)  # its head shows beside the Ichtos, not under
    pygame.quit()


def test_between_the_computers_moves_the_banner_and_buttons_say_only_what_is_true():
    """While the computers play, "Since my turn" waits for the player's own turn (it used to
    blink on between their moves), and a dialog over the table, which holds the game, never
    sits under a banner saying that a computer is thinking."""
    a = slow_app()
    try:
        session = Session.new([Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy"),
                               Seat("Dora", 1, "easy")], 7, None)
        table = a.show("table", session=session)
        under_dialogs, during_shows, button_seen, thinking_seen = [], [], False, False
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            table.show.update(0.2)
            resting_frame(a)
            if a.scene is not table:  # Anna's dialogs: the table waits for her
                if session.decision().seat != 0:
                    under_dialogs.append(table.banner_text())
                scene = a.scene
                if scene.name in ("choose_chip", "auction"):
                    confirm_dialog(scene)
                else:
                    a.remove(scene)
                continue
            if table.show.busy and table.held:  # a move's show: the computer has decided
                during_shows.append(table.held[0])
            if session.decision().seat != 0:
                button_seen |= table.controls.replay_button.visible
                thinking_seen |= "is thinking" in table.banner_text()
            elif (session.game.state.phase == "action" and not table.show.busy
                  and len(session.game.moves) > 12):
                break
        else:
            pytest.fail("Anna's turn to act never came")
        assert thinking_seen and not button_seen
        assert under_dialogs and not any("thinking" in text for text in under_dialogs)
        assert during_shows and not any("thinking" in text for text in during_shows)
        assert all(text in session.names for text in under_dialogs + during_shows)  # named
        frames(a, 2)
        assert table.controls.replay_button.visible  # Anna's turn: what happened is offered
        banners: list = []
        real_banner = overlays.draw_banner
        overlays.draw_banner = lambda *args: banners.append(args[4:6]) or real_banner(*args)
        try:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0))
            frames(a, 1)
        finally:
            overlays.draw_banner = real_banner
        # The replay shows several players' moves: the banner names none of them.
        assert table.news.replaying and banners[-1] == (None, "")
    finally:
        pygame.quit()


def test_a_shows_caption_keeps_its_skip_line_inside_and_moves_off_the_place_it_tells_of():
    """The skip line used to hang below the caption, over the Ichtos of the ocean under it."""
    from urland.engine import standard_board
    from urland.ui import text as text_ui
    from urland.ui.board.board_view import BoardView
    from urland.ui.caches import clear_caches
    from urland.ui.theme import Theme

    pygame.init()
    clear_caches()  # fonts made before another test's pygame.quit() are gone
    try:
        surface = pygame.Surface((1280, 720))
        view = BoardView(standard_board())
        view.animate = False
        view.layout(pygame.Rect(16, 58, 800, 654))
        watch = text_ui.start_watching()
        caption = ("The volcano of region 1 erupts: it joins region 2, and every Ichto there "
                   "stays where it stands.")
        panel = overlays.draw_callout(surface, Theme((1280, 720)), view, caption)
        drawn = {d.what: d.rect for d in watch.frame}
        skip = drawn["click or Space to skip"]
        assert panel.contains(skip)
        assert all(rect.bottom <= skip.top for what, rect in drawn.items() if rect != skip)
        text_ui.end_frame()
        assert not watch.overlaps and not watch.overflows
        # A caption about the Central Ocean (a Panic's Ichtos flee there) moves off it.
        o5 = view.board.parse_area("O5")
        assert panel.collidepoint(view.to_screen(view.anchor(o5)))
        moved = overlays.draw_callout(surface, Theme((1280, 720)), view, caption, [o5])
        assert not moved.collidepoint(view.to_screen(view.anchor(o5)))
        assert view.rect.contains(moved)
    finally:
        text_ui.stop_watching()
        pygame.quit()


def test_since_my_turn_is_offered_only_when_a_replay_would_show_something():
    """After a player's own End turn, the next turn's chip laid face down is all that happened
    by the time that player acts again: nothing to replay, so no button."""
    a = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    try:
        seats = [Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy"),
                 Seat("Dora", 1, "easy")]
        session = Session.new(seats, 3, None)
        table = a.show("table", session=session)
        seen = {True: 0, False: 0}
        deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
        while time.monotonic() < deadline and not all(seen.values()):
            resting_frame(a)
            if a.scene is table and table.human_turn() and table.decision.kind == "action":
                _, events = table.flow.since_last_decision()
                shows = any(table.show.plays(e) for e in events)
                assert events and table.news.has_news() == shows
                seen[shows] += 1
                table.controls.refresh(True)
                assert table.controls.replay_button.visible == shows
            answer_for_anna(a, table)  # (her turn: ended at once)
        assert all(seen.values()), seen  # both cases met
    finally:
        pygame.quit()


def test_a_continued_game_still_marks_and_replays_the_moves_since_my_turn(user_home):
    from urland import paths

    a = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    try:
        seats = [Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")]
        session = Session.new(seats, 5, paths.autosave_path())
        table = a.show("table", session=session)
        deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
        acted = False
        while time.monotonic() < deadline:
            resting_frame(a)
            if a.scene is table and table.human_turn() and table.decision.kind == "action":
                if acted and table.news.count:
                    break
                acted = True
            answer_for_anna(a, table)  # (her turn: ended at once)
        news, paths_before = table.news.count, list(table.news.paths)
        assert news and session.save()
        continued = a.show("table", session=Session.load(paths.autosave_path()))
        frames(a, 2)
        assert continued.news.count == news and continued.news.paths == paths_before
        assert continued.controls.replay_button.visible
        continued.news.replay()
        assert continued.show.busy
    finally:
        pygame.quit()


def test_the_board_rings_what_a_caption_or_a_panic_choice_is_about(app, monkeypatch):
    """The region scored is ringed while its caption plays; the panicking region while the
    player furthest back chooses where its Ichtos flee, and with that ocean as they flee."""
    from positions import table as position

    from urland.engine import Game

    state = position("track=9.8.2.6 ichtos=1:4.0.0.0,7:1.1.0.0 pile=3,4,P")
    seats = [Seat("Anna", 0, "easy"), Seat("Ben", 1, "easy"), Seat("Cleo", 2),
             Seat("Dora", 3, "easy")]
    app.settings.animation_speed = "normal"
    app.show("table", session=Session(Game.from_position(state), seats))
    table = app.scene
    board = table.now.board
    drawn: list[set[int]] = []
    real_draw = table.board_view.draw
    monkeypatch.setattr(table.board_view, "draw", lambda *a, marked=None, **k: (
        drawn.append(set(marked or ())), real_draw(*a, marked=marked, **k))[1])
    captions: dict[str, set[int]] = {}
    deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
    while time.monotonic() < deadline:
        resting_frame(app)
        beat = table.show.beats[0] if table.show.beats else None
        if beat is not None and beat.text:
            captions.setdefault(beat.text.split(":")[0], drawn[-1])
        if beat is None and table.decision.kind == "action" and table.decision.seat == 2:
            table.submit(Move("end"))
        if beat is None and table.decision.kind == "panic_ocean":
            break
    region_1, region_12 = board.parse_area("1"), board.parse_area("12")
    assert captions["Region 12 is scored"] == {region_12}
    assert drawn[-1] == {region_1}  # beside the glowing oceans Cleo chooses from
    table.submit(Move("panic_ocean", dst=board.parse_area("O1")))
    fleeing = []
    for _ in range(400):
        frames(app, 1)
        beat = table.show.beats[0] if table.show.beats else None
        if beat is not None and beat.glides:
            fleeing.append(drawn[-1])
        if not table.show.busy and fleeing:
            break
    assert {region_1, board.parse_area("O1")} in fleeing


def test_the_environment_players_row_shows_the_chip_laid_face_down_until_it_is_scored(app):
    from positions import table as position

    from urland.engine import Game

    seats = [Seat("Anna", 0, "easy"), Seat("Ben", 1), Seat("Cleo", 2),
             Seat("Dora", 3, "easy")]
    state = position("ichtos=1:1.1.1.1 seen=12:p1,1:p1p2,2:p1p2")  # Anna laid 12; Cleo acts
    app.show("table", session=Session(Game.from_position(state), seats))
    frames(app, 2)
    table = app.scene
    env_marks = [r for what, r in table.panel.marks if what == "env"]
    assert len(env_marks) == 2  # the role's word and the chip after it, both explained
    assert env_marks[1].left > env_marks[0].right
    assert table.drawn.chip_laid and table.drawn.state.chosen < 0  # face down to Cleo
    table.submit(Move("end"))
    deadline = time.monotonic() + 60  # the computers think in threads: bounded by time
    while time.monotonic() < deadline:
        resting_frame(app)
        table.show.skip()
        if table.decision.kind == "choose_chip":  # Ben, the next environment player
            break
    table.draw(app.screen)
    assert not table.drawn.chip_laid  # scored: the chip lies on the board now
    assert len([r for what, r in table.panel.marks if what == "env"]) == 1


def test_a_hint_note_leaves_the_top_row_of_the_track_clear_and_the_places_it_names(app):
    table, _ = solo_table(app)
    frames(app, 2)
    board, t = table.board_view, table.theme
    parse = table.now.board.parse_area
    top_row = board.track_space_screen(overlays.TOP_ROW)[1]
    bottom_row = board.track_space_screen(overlays.BOTTOM_ROW)[1]
    text = "Hint: Swim 3 Ichtos from O1 to O2. Moves Ichtos into O2."
    south = overlays.draw_board_note(app.screen, t, board, text, False, [parse("O4")])
    north = overlays.draw_board_note(app.screen, t, board, text, False, [parse("O2")])
    assert south.top > top_row + t.px(10)  # under the track's top row: its numbers show
    north_point = board.to_screen(board.anchor(parse("O2")))
    assert not north.collidepoint(north_point) and north.bottom < bottom_row - t.px(10)


def test_clicking_an_ocean_where_one_cannot_breed_says_why_not_to_click_it(app):
    from positions import table as position
    from test_scenes import area_point, click

    from urland.engine import Game

    state = position("ichtos=O1:0.0.1.0,1:0.0.1.0")  # Cleo (grey) acts; nobody is in O4
    seats = [Seat("Anna", 0, "easy"), Seat("Ben", 1, "easy"), Seat("Cleo", 2),
             Seat("Dora", 3, "easy")]
    app.show("table", session=Session(Game.from_position(state), seats))
    frames(app, 2)
    table = app.scene
    click(app, area_point(table, "O4"))
    assert table.message == ("You would gain nothing in O4 (South Ocean): you need 3 Ichtos "
                             "there to proliferate.")
    click(app, area_point(table, "12"))
    assert table.message.startswith("Nothing to do in region 12")


def test_at_960x540_and_115_percent_every_gene_shows_in_the_environment_players_row():
    """The chip laid face down sits after the role's word; the genes' tags find room in the
    row's other lines (in smaller letters if need be), none drawn over another."""
    from positions import table as position

    from urland.engine import Game
    from urland.ui import text as text_ui

    a = App(Settings(animation_speed="instant", ai_pause="none", text_size=115), size=(960, 540))
    try:
        state = position("ichtos=1:1.1.1.1 seen=12:p1,1:p1p2,2:p1p2 "
                         "genes=care_of_young+warm_blood.legs+wings.teeth.-")
        seats = [Seat("Anna", 0), Seat("Ben", 1, "easy"), Seat("Cleo", 2, "easy"),
                 Seat("Dora", 3, "easy")]
        watch = text_ui.start_watching()
        table = a.show("table", session=Session(Game.from_position(state), seats))
        frames(a, 3)
        text_ui.stop_watching()
        tags = [(gene, r) for gene, r in table.panel.gene_badges]
        assert sorted(g for g, _ in tags) == ["care_of_young", "legs", "teeth", "warm_blood",
                                              "wings"]
        rects = [r for _, r in tags]
        assert all(r.collidelist(rects[:i] + rects[i + 1:]) == -1 for i, r in enumerate(rects))
        anna = table.panel.rows[0]
        assert all(anna.contains(r) for g, r in tags if g in ("care_of_young", "warm_blood"))
        assert not [o for o in watch.overflows if "gene" in o]
    finally:
        pygame.quit()


def test_a_tooltip_does_not_come_back_where_the_mouse_was_before_a_dialog(app, monkeypatch):
    from test_scenes import area_point

    table, _ = solo_table(app)
    shown = []
    monkeypatch.setattr(overlays, "draw_tooltip", lambda surface, t, title, *rest: shown.append(
        title))
    spot = area_point(table, "5")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=()))
    frames(app, 1)
    app.draw()
    assert shown  # the region's tooltip, under the mouse
    table.pause()
    frames(app, 1)
    app.draw()
    app.remove(app.scene)  # the menu closed with a click elsewhere: no motion reached the table
    shown.clear()
    frames(app, 1)
    app.draw()
    assert not shown
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 0), buttons=()))
    frames(app, 1)
    app.draw()
    assert shown  # back as soon as the mouse moves over it
