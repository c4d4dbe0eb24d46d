"""The title screen's layout and the New game screen (colours, remembered set-up, AI strengths),
driven headless with posted mouse and key events."""

import itertools

import pygame
import pytest
from test_scenes import click, frames

from urland import paths
from urland.app import App
from urland.scenes.seat_row import KIND_LINES
from urland.table.session import Seat, Session
from urland.ui import art
from urland.ui import theme as th
from urland.userfiles.settings import Settings
from urland.userfiles.setup_memory import read_setup, setup_from

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def make_app(size=(1280, 720), notices=None):
    return App(Settings(animation_speed="instant", ai_pause="none"), size=size, notices=notices)


@pytest.fixture
def app():
    a = make_app()
    yield a
    pygame.quit()


def press(app, key, text=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    frames(app, 1)


def type_text(app, text):
    for ch in text:
        press(app, pygame.key.key_code(ch), ch)


# --- the title screen ------------------------------------------------------------------------

def border_width(title):
    return max(1, title.theme.px(18) // 6)  # the card's panel border


@pytest.mark.parametrize("size", SIZES)
def test_title_fish_stay_inside_the_card_clear_of_its_border(size, user_home):
    a = make_app(size)
    try:
        title = a.show("title")
        frames(a)
        inner = title.card.inflate(-2 * border_width(title) - 2, -2 * border_width(title) - 2)
        for colour, where in enumerate(title.fish):
            drawn = art.ichto(colour, where.width).get_bounding_rect().move(where.topleft)
            assert inner.contains(drawn), (colour, drawn, title.card)
        # and on screen: the card's border runs unbroken above and below each fish
        for fish in title.fish:
            for y in (title.card.top, title.card.bottom - 1):
                assert tuple(a.screen.get_at((fish.centerx, y)))[:3] == th.ACCENT_DARK
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_all_title_buttons_fit_the_window_and_overlap_nothing(size, user_home):
    a = make_app(size, notices=["settings.yaml: damaged (not valid YAML, line 3). It was moved "
                                "aside and the usual settings are used."])
    try:
        title = a.show("title")
        frames(a)
        window = a.screen.get_rect()
        rects = [b.rect for b in title.buttons]
        assert len(rects) == 9  # five to play (Join online game, Learn to play), four in the row
        for r in rects:
            assert window.contains(r) and r.width > 0 and r.height > 0
        for r1, r2 in itertools.combinations(rects, 2):
            assert not r1.colliderect(r2)
        for r in (*rects, title.card):
            assert not r.colliderect(title.notice_box)
            assert r is title.card or not r.colliderect(title.card)
        assert window.contains(title.card) and window.contains(title.notice_box)
    finally:
        pygame.quit()


def test_title_keys_still_work_and_continue_names_the_game(app, user_home):
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")], 5,
                          paths.autosave_path())
    assert session.save()
    title = app.show("title")
    frames(app)
    assert title.continue_button.enabled
    assert title.continue_button.detail == title.latest.status_text()
    assert title.continue_button.detail.startswith("Turn 1: ")
    press(app, pygame.K_r)
    assert app.scene.name == "rules"
    app.show("title")
    frames(app)
    press(app, pygame.K_n)
    assert app.scene.name == "new_game"


def test_continues_line_follows_a_change_of_language_at_once(app, user_home):
    """Settings opened over the title switch the language: the line under Continue changes
    with the labels, not only once the title is built again."""
    session = Session.new([Seat("Anna", 4), Seat("Ben", 0, "easy"), Seat("Cleo", 3, "easy")], 5,
                          paths.autosave_path())
    assert session.save()
    title = app.show("title")
    frames(app)
    try:
        app.set_language("fr")
        frames(app)
        assert title.continue_button.detail == "Tour 1\u00a0: à Ben de jouer"
    finally:
        app.set_language("en")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=["960x540", "1280x720"])
@pytest.mark.parametrize("text_size", [115, 130])
def test_a_large_text_size_keeps_every_button_of_title_and_new_game_in_the_window(size,
                                                                               text_size):
    """At 115 % the title's History, Rules, Settings and Quit had left the window."""
    a = App(Settings(animation_speed="instant", ai_pause="none", text_size=text_size),
            size=size)
    try:
        for name in ("title", "new_game"):
            scene = a.show(name)
            frames(a)
            window = a.screen.get_rect()
            assert all(window.contains(b.rect) for b in scene.buttons if b.visible), name
            assert scene.theme.scale > a.theme.window_scale  # larger than at 100 %, still
    finally:
        pygame.quit()


# --- New game: colours ---------------------------------------------------------------------

def open_new_game(app):
    scene = app.show("new_game")
    frames(app)
    return scene


def test_choosing_a_colour_another_seat_wears_swaps_them_and_says_so(app):
    scene = open_new_game(app)
    anna, ben = scene.rows[0], scene.rows[1]
    assert (anna.colour, ben.colour) == (0, 1)  # White, Black
    click(app, anna.colour_button.rect.center)
    assert scene.picker.seat == 0
    black = dict(scene.picker.swatches)[1]
    click(app, black.center)
    assert (anna.colour, ben.colour) == (1, 0)
    assert scene.picker.seat is None
    assert scene.message == "Anna and Ben swapped colours: Anna is Black, Ben is White."
    assert anna.flash > 0 and ben.flash > 0


def test_a_free_colour_is_taken_without_a_swap(app):
    scene = open_new_game(app)
    click(app, scene.players.minus.rect.center)  # 3 players: Purple and Green are free
    assert scene.players.value == 3
    click(app, scene.rows[0].colour_button.rect.center)
    click(app, dict(scene.picker.swatches)[4].center)
    assert [r.colour for r in scene.active_rows()] == [4, 1, 2]
    assert scene.message == "Anna is Green."
    click(app, scene.players.plus.rect.center)  # the fourth seat never clashes
    colours = [r.colour for r in scene.active_rows()]
    assert len(set(colours)) == 4


def test_a_click_outside_the_colour_strip_closes_it_and_changes_nothing(app):
    scene = open_new_game(app)
    click(app, scene.rows[0].colour_button.rect.center)
    assert scene.picker.seat == 0
    click(app, (scene.box().centerx, scene.box().top + 10))
    assert scene.picker.seat is None
    assert [r.colour for r in scene.rows] == [0, 1, 2, 3, 4]
    assert scene.message == ""


def each_kind(app, row):
    """Click through every kind a seat can be, yielding after each choice."""
    for _ in range(len(KIND_LINES)):
        click(app, row.kind.rect.center)
        yield row.kind.value


def test_seat_kinds_read_people_first_then_bots_weakest_to_strongest_and_stop_at_the_ends(app):
    """Issue 50: "<" from Human jumped round to Online, which sat after the strongest bot."""
    scene = open_new_game(app)
    row = scene.rows[0]
    assert row.kind.value == "human"
    assert [str(label) for label in row.kind.labels] == [
        "Human", "Online", "AI easy", "AI medium", "AI hard", "AI expert"]
    click(app, row.kind.back_arrow().center)  # "<" on the first choice stays there
    assert (row.kind.value, row.kind.label) == ("human", "Human")
    seen = []
    for _ in range(len(row.kind.values) - 1):  # ">" climbs one by one
        click(app, (row.kind.rect.right - 4, row.kind.rect.centery))
        seen.append(row.kind.value)
    assert seen == ["online", "easy", "medium", "hard", "expert"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.kind.rect.center, button=3))
    frames(app, 2)
    assert row.kind.value == "hard"  # and "<" comes back down


def test_each_seat_kind_is_explained_in_one_line(app):
    scene = open_new_game(app)
    row = scene.rows[1]
    seen = {kind: KIND_LINES[kind] for kind in each_kind(app, row)}
    assert seen == {
        "human": "A person at this screen.",
        "easy": "A beginner who knows the rules.",
        "medium": "A solid player.",
        "hard": "Thinks ahead with search, up to a second a move.",
        "expert": "Looks ahead over whole turns, as long as you let it think.",
        "online": "A player who joins from another computer.",
    }
    # the line is written in its own space beside the choice, inside the row
    assert row.rect.contains(row.about) and not row.about.colliderect(row.kind.rect)


def test_the_line_under_the_seats_says_what_table_they_make_an_online_one_included(app):
    from urland.ui import text as text_ui

    scene = open_new_game(app)
    row = scene.rows[1]
    lines = {}
    for kind in each_kind(app, row):
        watch = text_ui.start_watching()
        app.draw()
        text_ui.stop_watching()
        drawn = " ".join(watch.seen)
        lines[kind] = next(
            (key for key, words in (("online", "Online: friends join"),
                                    ("hot-seat", "One screen, passed around"),
                                    ("solo", "Solo against the computer")) if words in drawn), "")
    assert lines == {"human": "hot-seat", "easy": "solo", "medium": "solo", "hard": "solo",
                     "expert": "solo", "online": "online"}


# --- New game: the set-up is remembered ----------------------------------------------------

def test_the_set_up_comes_back_in_the_next_new_game(app):
    scene = open_new_game(app)
    click(app, scene.players.minus.rect.center)  # 3 players
    click(app, scene.rows[0].name.rect.center)
    for _ in range(4):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "zoe")
    press(app, pygame.K_RETURN)  # leaves the field (and starts nothing)
    click(app, scene.rows[2].kind.rect.center)  # Cleo: medium -> hard
    click(app, scene.rows[0].colour_button.rect.center)
    click(app, dict(scene.picker.swatches)[2].center)  # zoe takes Grey from Cleo
    click(app, scene.start.rect.center)
    table = app.scenes[0]
    assert table.name == "table"
    assert [(s.name, s.kind, s.colour) for s in table.door.session.seats] == [
        ("zoe", "human", 2), ("Ben", "medium", 1), ("Cleo", "hard", 0)]

    again = app.show("new_game")
    frames(app)
    assert again.players.value == 3
    assert [(r.name.text, r.kind.value, r.colour) for r in again.active_rows()] == [
        ("zoe", "human", 2), ("Ben", "medium", 1), ("Cleo", "hard", 0)]
    assert again.rows[2].kind.label == "AI hard"
    assert again.seed.text == ""  # the seed is new each game
    assert again.message == ""


def test_back_remembers_the_set_up_too(app):
    scene = open_new_game(app)
    click(app, scene.players.plus.rect.center)
    click(app, scene.back.rect.center)
    assert open_new_game(app).players.value == 5


@pytest.mark.parametrize("damage", [
    b"players: [\n",  # not YAML
    b"\xff\xfe\x00garbage",  # not text
    b"- just\n- a list\n",  # not a set-up
    b"players: 99\nseats: {a: 1}\n",  # out of range, wrong shape
])
def test_a_damaged_set_up_file_gives_the_usual_seats(app, user_home, damage):
    paths.setup_path().parent.mkdir(parents=True, exist_ok=True)
    paths.setup_path().write_bytes(damage)
    scene = open_new_game(app)
    assert scene.players.value == 4
    assert [(r.name.text, r.kind.value, r.colour) for r in scene.rows] == [
        ("Anna", "human", 0), ("Ben", "medium", 1), ("Cleo", "medium", 2), ("Dan", "medium", 3),
        ("Eve", "medium", 4)]


def test_an_unreadable_set_up_file_is_mentioned_once_on_the_screen(app, user_home):
    paths.setup_path().parent.mkdir(parents=True, exist_ok=True)
    paths.setup_path().write_text("seats: [\n")
    scene = open_new_game(app)
    [kept] = [p.name for p in paths.setup_path().parent.glob("new_game.damaged-*.yaml")]
    assert scene.message == ("The last set-up could not be read, so these are the usual seats. "
                             f"The damaged file was kept as {kept}.")
    click(app, scene.start.rect.center)
    assert read_setup()[1] == ""  # starting a game wrote a good one


def test_bad_values_in_a_set_up_fall_back_one_by_one():
    setup = setup_from({
        "players": 3,
        "seats": [{"name": "Zoe", "kind": "wizard", "colour": 4},
                  {"name": "x" * 40, "kind": "hard", "colour": 4},
                  "nonsense"],
    })
    assert setup.players == 3
    assert setup.seats[0].name == "Zoe" and setup.seats[0].kind == "human"
    assert setup.seats[1].name == "Ben" and setup.seats[1].kind == "hard"
    # two seats in Green: every colour goes back to the usual one
    assert [s.colour for s in setup.seats] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("code", ["en", "de", "fr", "it", "nl"])
def test_every_seat_kind_keeps_clear_of_its_arrows_in_every_language(app, code):
    from urland.texts import i18n
    from urland.ui.text import fitting_size, text_width

    app.set_language(code)
    try:
        scene = open_new_game(app)
        choice, t = scene.rows[1].kind, app.theme
        # the arrows' glyphs are centred in squares at both ends
        arrow_edge = (choice.back_arrow().width + text_width(">", t.px(24), bold=True)) // 2
        room = choice.label_room(t, choice.rect.centerx)
        for label in choice.labels:  # "AI gemiddeld" once ran into them in Dutch
            text = str(label)
            width = text_width(text, fitting_size(text, t.px(24), room, bold=True), bold=True)
            assert (choice.rect.width - width) // 2 - arrow_edge >= t.px(12), (code, text)
    finally:
        i18n.set_language("en")
