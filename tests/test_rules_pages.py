"""The rules that show: a page per topic and per gene, the rulebook's worked examples played by
the engine and drawn by the board renderer, a search by word, F1 opening the page that fits."""

import pygame
import pytest
from test_scenes import frames, solo_table

from urland.app import App
from urland.engine import GENES
from urland.texts.rules_pages import page_index, pages, search
from urland.userfiles.settings import Settings


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def app(request):
    a = App(Settings(animation_speed="instant", ai_pause="none"), size=request.param)
    yield a
    pygame.quit()


def page(key):
    return pages()[page_index(key)]


def counts(state, area_name):
    return list(state.area_counts(state.board.parse_area(area_name)))


def test_the_worked_examples_are_the_rulebook_s_played_by_the_engine():
    (prolif,) = page("rules:actions").diagrams
    assert counts(prolif.before, "O5") == [6, 3, 2]
    assert counts(prolif.after, "O5") == [8, 4, 2]  # +2 / +1 / +0
    first, second, leap = page("rules:scoring").diagrams
    assert counts(first.before, "8") == [4, 3, 2, 1]
    assert counts(first.after, "8") == [4, 3, 2, 0]  # the 1 went home
    assert [a - b for a, b in zip(first.after.track, first.before.track, strict=True)][:2] \
        == [6, 3]  # 3 points for the 4 (jumping two markers), 2 for the 3 (jumping one)
    assert counts(second.after, "8") == [4, 4, 0, 0]  # both 1s went home
    assert leap.before.track[:2] == [5, 4] and leap.after.track[:2] == [8, 9]  # the leapfrog
    (bids,) = page("rules:mutations").diagrams
    assert bids.before.bids == [4, 1, 4, 4] and bids.before.ranking[0] == 3  # Purple, on 5
    (volcano,) = page("rules:volcanoes").diagrams
    assert counts(volcano.before, "9")[1] + counts(volcano.before, "8")[1] == 5
    assert counts(volcano.after, "8")[1] == 1  # Black 2 + 3 -> 1
    (panic,) = page("rules:panic").diagrams
    assert sorted(panic.before.choices) == [4, 5]  # regions 5 and 6 tie
    assert counts(panic.after, "6") == [0, 0, 0]  # region 6 panicked ...
    assert counts(panic.after, "O5") == [4, 5, 3]  # ... into O5: White +1, Black +2
    assert counts(panic.before, "5")[2] == counts(panic.before, "6")[2] == 0  # Grey: none


def test_every_example_with_a_move_shows_its_board_changed():
    for each in pages():
        for diagram in each.diagrams:
            if diagram.after is not None:
                board = diagram.before.board
                areas = range(board.n_regions + len(board.ocean_areas))
                assert ([diagram.after.area_counts(a) for a in areas] != [
                    diagram.before.area_counts(a) for a in areas]
                    or diagram.after.track != diagram.before.track), each.title


def test_every_gene_has_a_page_with_an_example():
    genes = [p for p in pages() if p.gene]
    assert len(genes) == len(GENES)
    assert all(p.example for p in genes)


def test_the_search_finds_pages_by_a_word():
    assert [p.title for p in search("leapfrog")] == ["Scoring a region"]
    assert "Volcanoes and epochs" in [p.title for p in search("VOLCANO")]
    assert any(p.gene == "ears" for p in search("volcano"))
    assert search("no such word anywhere") == []


def test_the_search_lists_pages_titled_with_the_word_first_and_finds_a_gene_by_its_move():
    from urland.texts.i18n import set_language

    assert search("scor")[0].title == "Scoring a region"  # not "The aim", which mentions it
    assert "Teeth (action)" in [p.title for p in search("bite")]
    assert "Legs (action)" in [p.title for p in search("walk")]
    set_language("fr")
    try:
        assert [p.gene for p in search("mordre")] == ["teeth"]
    finally:
        set_language("en")


def test_every_page_and_example_fits_the_window(app):
    app.show("title")
    rules = app.open("rules")
    box = rules.box()
    for each in rules.listed:
        rules.open_page(each)
        for example in range(max(1, len(each.diagrams))):
            rules.example = example
            frames(app, 1)
            assert rules.content_bottom <= box.bottom, (each.title, example)
    # the whole list of pages is in sight
    assert len(rules.rows) == len(pages())
    assert all(box.contains(row) for row, _ in rules.rows)


def test_on_a_small_window_the_list_of_pages_keeps_the_open_page_in_sight():
    from urland.app import App
    from urland.userfiles.settings import Settings

    a = App(Settings(animation_speed="instant", ai_pause="none", text_size=130),
            size=(960, 540))
    try:
        a.show("title")
        rules = a.open("rules")
        box = rules.box()
        for each in rules.listed:
            rules.open_page(each)
            frames(a, 1)
            assert each in [page for _, page in rules.rows], each.title
            assert all(box.contains(row) for row, _ in rules.rows)
    finally:
        pygame.quit()


def test_typing_filters_the_pages_and_escape_clears_the_search(app):
    app.show("title")
    rules = app.open("rules")
    for letter in "panic":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(letter), mod=0,
                                             unicode=letter, scancode=0))
    frames(app, 2)
    assert rules.query == "panic" and rules.page.title == "Panic"
    assert all("panic" in p.words for p in rules.listed)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=0))
    frames(app, 2)
    assert rules.query == "" and app.scene is rules  # the first Escape only clears
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=0))
    frames(app, 2)
    assert app.scene is not rules


def f1(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="",
                                         scancode=0))
    frames(app, 1)
    return app.scene


def test_f1_over_a_gene_opens_that_gene_and_elsewhere_the_decision_s_rules(app):
    table, _ = solo_table(app)
    gene, card = table.panel.gene_cards[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 1)
    rules = f1(app)
    assert rules.name == "rules" and rules.page.gene == gene
    app.pop()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.board_view.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    assert f1(app).page.title == "Actions"  # an Ichto player's turn


def test_chips_track_spaces_and_volcanoes_on_the_board_explain_themselves(app):
    from urland.engine import Game, position_from_text
    from urland.ui.table.table_overlays import hover_tooltip

    table, _ = solo_table(app)
    state = position_from_text(
        "upn1 players=3 track=12.3.1 mutated=12 scored=6 out=1 ichtos=6:1.0.0")
    view, names = table.board_view, ["Anna", "Ben", "Cleo"]
    Game.from_position(state)  # a position the engine accepts

    def tip(point):
        return hover_tooltip(view.to_screen(point), table.panel, view, state, names)

    title, body = tip(view.geo.volcano_spaces[state.chip_area(6)])
    assert title == "Chip 6: scored" and "scored with this chip" in body
    title, body = tip(view.track_point(12))
    assert title == "Mutation at 12" and "Anna stands here." in body
    assert "mutation has taken place" in body
    title, body = tip(view.track_point(16))
    assert "starts a mutation" in body
    assert "game ends" in tip(view.track_point(30))[1]
    board = state.board
    title, body = tip(view.geo.strait_centre(0, board.volcano_bridge[0]))
    assert title == "Volcano of region 1: erupted"
    assert "Region 1 erupted and joined region 2" in body
    title, body = tip(view.geo.volcano_spaces[board.parse_area("9")])
    assert title == "Volcano of region 9" and "joins region 8" in body
