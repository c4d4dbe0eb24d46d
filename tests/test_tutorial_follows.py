"""Learn to play follows the player (playtest 4, defect 1): played by keys with other choices
than the prepared ones (another chip, another gene, another ocean), each chapter goes on from the
game the player's own moves made, or its card lists every score, gene, double-turn chip and
region chip that its prepared position changed."""

import time

import pygame
from keyboard_play import KeyboardPlayer, press
from test_keyboard_play import lesson_move
from test_scenes import frames, resting_frame

from urland.engine import genes_in
from urland.texts.genes import gene_name

OTHER_CHOICE = 1  # Right presses in the chip and gene dialogs: not the first on offer
# (the second chip, 4: the third, 10, is refused, White has nothing there)


def other_ocean(table):
    decision = table.decision
    return decision.click(sorted(decision.clickable)[-1])


def drive_with_other_choices(app, watch, before_next=None):
    """Play every step of Learn to play by keys, with other choices than the prepared ones;
    `watch(lesson)` is called on every frame before it is played, `before_next(table)` before
    each Next is pressed. The lesson, once it is back at the title."""
    lesson = app.show("tutorial", chapter=0)
    player = KeyboardPlayer(app, 0)
    deadline = time.monotonic() + 300  # the lessons' computers think in threads
    while app.scene.name != "title" and time.monotonic() < deadline:
        scene, table, step = app.scene, lesson.table, lesson.step
        watch(lesson)
        if scene is lesson and not table.show.busy and not lesson.until_seen():
            move = None
            if step.expect == "panic_ocean" and table.human_turn():
                move = other_ocean(table)
            elif step.expect and table.human_turn():
                move = lesson_move(table, step.expect)
            if step.next:
                if before_next is not None:
                    before_next(table)
                press(app, pygame.K_RETURN)
            elif move is not None:
                player.enter_move(table, move)
        elif scene is not lesson:
            keys = list(table.guide.dialog_keys(scene.name))
            if scene.name in ("choose_chip", "auction_buy"):
                keys += [pygame.K_RIGHT] * OTHER_CHOICE
            for key in [*keys, pygame.K_RETURN]:
                press(app, key)
        resting_frame(app)
    assert app.scene.name == "title"
    return lesson


def play_with_other_choices(app):
    """Every step by keys; returns, per chapter, the position the player left it in (as the
    player sees it), the position the next chapter opened with and its first card."""
    openings = {}  # chapter id -> (position left before it, its opening position, its card)
    left = [None]
    chapter = [0]
    seen_cards = set()  # (step, the scene on top, the card's text, its letter size)

    def watch(lesson):
        table = lesson.table
        seen_cards.add((lesson.step.id, app.scene.name, lesson.card_text(),
                        lesson.drawn_letters))
        if lesson.chapter != chapter[0]:
            chapter[0] = lesson.chapter
            card = lesson.card_text() if lesson.intro is not None else None
            openings[lesson.script.chapters[chapter[0]].id] = (
                left[0], table.now.view.state, card, lesson.told)

    def before_next(table):
        left[0] = table.now.view.state

    lesson = drive_with_other_choices(app, watch, before_next)
    lesson.seen_cards = seen_cards
    return lesson, openings


def listed(state, seat):
    return state.track[seat], state.genes[seat], state.double_chips[seat]


def test_each_chapter_goes_on_from_the_player_s_game_or_its_card_lists_every_change(app):
    _lesson, openings = play_with_other_choices(app)
    names = ["Alex", "Basil", "Greta"]
    # The dead player's chapter is the player's own turn: same scores, the chip the player
    # chose and the two passed to Basil told on its first page.
    left, opened, card, told = openings["dead"]
    assert card is None and opened.key() == left.key()
    assert told.startswith("You chose chip ") and "go to Basil" in told
    chosen = int(told.split()[3].rstrip(":;,"))
    assert chosen in opened.board_chips  # revealed and scored: the player's own chip
    # Every jump: each player whose points, genes or double-turn chips differ is on the card,
    # with what they were; the region chips on the board too.
    for chapter in ("actions", "auction", "panic", "final"):
        left, opened, card, _told = openings[chapter]
        assert card.startswith("A new position: "), chapter
        for seat, name in enumerate(names):
            if listed(left, seat) == listed(opened, seat):
                assert f"{name} {opened.track[seat]} point" not in card, (chapter, name)
                continue
            if left.track[seat] != opened.track[seat]:
                points = "point" if opened.track[seat] == 1 else "points"
                assert f"{name} {opened.track[seat]} {points} (was {left.track[seat]})" in card
            if left.double_chips[seat] != opened.double_chips[seat]:
                assert f"(was {left.double_chips[seat]})" in card
        if sorted(left.board_chips) != sorted(opened.board_chips):
            assert "Region chips on the board: " + ", ".join(
                str(c) for c in sorted(opened.board_chips)) in card, chapter
    # The chapters after the auction go on with the genes bought there: the player's other
    # gene is theirs, and no gene is in the game twice.
    for chapter in ("panic", "final"):
        left, opened, card, _told = openings[chapter]
        assert opened.genes == left.genes and "keeps the genes" in card
        owned = [g for mask in opened.genes for g in genes_in(mask)]
        assert len(set(owned + opened.display)) == len(owned) + len(opened.display)
    bought = genes_in(openings["panic"][1].genes[0])
    assert bought and bought[0] != "wings"  # not the first gene on offer
    assert gene_name(bought[0]) in openings["panic"][2] or "keeps the genes" in openings[
        "panic"][2]


def test_resumed_at_a_chapter_that_follows_the_tutorial_starts_at_the_chapter_before(app):
    from urland.userfiles.tutorial_progress import save_chapter

    script_ids = [c.id for c in app.show("tutorial", chapter=0).script.chapters]
    save_chapter(script_ids.index("dead"))
    app.show("title")
    again = app.show("tutorial")
    frames(app, 2)
    assert script_ids[again.chapter] == "roles" and again.step.id == "welcome"


def test_the_card_keeps_one_letter_size_and_says_what_is_happening_during_shows(app):
    """Playtest 4, defect 12: the card's letters do not jump from step to step; while the
    bids are revealed it no longer asks for a bid; the payment dialog is explained."""
    lesson, _openings = play_with_other_choices(app)
    cards = lesson.seen_cards
    assert len({letters for *_rest, letters in cards if letters}) == 1  # as drawn
    during_reveal = {text for step, scene, text, _l in cards if scene == "auction_reveal"}
    assert during_reveal == {"Watch: the bids are revealed, all at once."}
    assert {text for step, scene, text, _l in cards if scene == "auction"} == {
        "Bid 2: press + twice, then Place secret bid."}  # while the bid is being made
    paying = {text for step, scene, text, _l in cards if scene == "pick_ichtos"}
    assert len(paying) == 1 and next(iter(paying)).startswith("Paying for your gene: take 2 ")
