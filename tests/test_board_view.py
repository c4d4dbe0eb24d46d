"""The board reads at a glance: the score track's numbers are never covered, pieces never
cover one another or the board's marks, an extended region is drawn as one land, and every
mark explains itself on hover."""

import math

import pygame
import pytest
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_scenes import frames, solo_table

from urland.app import App
from urland.engine import standard_board
from urland.engine.setup import new_game
from urland.engine.volcano import erupt
from urland.ui import theme as th
from urland.ui.board import board_static, merged, piece_layout
from urland.ui.board.board_view import BoardView
from urland.ui.board.track import MARKER, boxes_overlap
from urland.ui.caches import clear_caches
from urland.ui.table.table_overlays import hover_tooltip
from urland.userfiles.settings import Settings


@pytest.fixture
def view():
    pygame.init()
    clear_caches()  # fonts made before an earlier pygame.quit() are gone
    bv = BoardView(standard_board())
    bv.animate = False
    bv.layout(pygame.Rect(0, 0, 1000, 820))
    yield bv
    pygame.quit()


@pytest.fixture
def app():
    a = App(Settings(animation_speed="instant", ai_pause="none"), size=(1280, 720))
    yield a
    pygame.quit()


def marker_box(point):
    return (point[0] - MARKER / 2, point[1] - MARKER / 2, MARKER, MARKER)


# --- the score track ----------------------------------------------------------------------

def test_track_runs_to_the_end_and_a_little_past_it(view):
    board = view.board
    numbers = [s.number for s in view.track]
    assert numbers == list(range(1, len(numbers) + 1))
    # to 30 (rules 8), and room for a last and final scoring past it, not a second lap
    assert board.end_threshold + 5 <= len(numbers) <= board.end_threshold + 15
    kinds = {s.number: s.kind for s in view.track}
    assert [n for n in numbers if kinds[n] == "mutation"] == list(board.mutation_spaces)
    assert kinds[board.end_threshold] == "end"


def test_no_marker_and_no_mark_covers_a_track_number(view):
    numbers = [s.number_box for s in view.track]
    covers = [marker_box(s.marker) for s in view.track]
    covers += [s.mark_box for s in view.track if s.mark_box is not None]
    for number in numbers:
        assert not any(boxes_overlap(number, c) for c in covers)
    board_rect = (0, 0, *view.geo.canvas)
    for s in view.track:  # and everything stays on the board
        for box in (s.tile, marker_box(s.marker)):
            assert boxes_overlap(box, board_rect) and box[0] >= 0 and box[1] >= 0


def test_a_groove_joins_each_marker_to_its_own_number_not_the_next(view):
    """A marker stands between two numbers; the groove drawn under a tile and its marker's
    place says which number it is on."""
    surface = pygame.Surface(view.rect.size)
    state = new_game(3, 5, events=False)
    state.track = [1, 2, 3]
    view.draw(surface, state)
    s = view.scale

    def colour(point: tuple[float, float]) -> tuple[int, ...]:
        return tuple(surface.get_at((round(point[0] * s), round(point[1] * s))))[:3]

    gaps = 0
    for space, after in zip(view.track[3:], view.track[4:], strict=False):
        mx, my = space.marker
        assert colour((mx, my)) == board_static.SOCKET, space.number  # its place: the groove
        ax, ay, aw, ah = after.tile
        centre = (ax + aw / 2, ay + ah / 2)
        far = math.dist((mx, my), centre) - max(aw, ah) / 2 - MARKER / 2  # room to the next
        if far >= 8 and (abs(centre[0] - mx) < 1 or abs(centre[1] - my) < 1):  # same side
            step = (MARKER / 2 + far / 2) / math.dist((mx, my), centre)
            between = (mx + (centre[0] - mx) * step, my + (centre[1] - my) * step)
            assert colour(between) != board_static.SOCKET, space.number  # not joined on
            gaps += 1
    assert gaps >= 10


def test_markers_on_the_marked_spaces_leave_the_number_readable(view):
    """Drawn, not only laid out: with markers on 12, 16, 21 and 30 the pixels of each number
    are the same as on an empty track."""
    surface = pygame.Surface(view.rect.size)
    state = new_game(3, 5, events=False)
    state.track = [1, 2, 3, 4, 5]
    view.draw(surface, state)
    empty = surface.copy()
    state.track = [12, 16, 21, 30, 35]
    view.draw(surface, state)
    for s in view.track:
        if s.number in (12, 16, 21, 30, 35):
            r = pygame.Rect(*(round(v * view.scale) for v in s.number_box))
            assert (pygame.image.tobytes(surface.subsurface(r), "RGB")
                    == pygame.image.tobytes(empty.subsurface(r), "RGB")), s.number


def test_every_track_space_explains_itself_on_hover(app):
    table, session = solo_table(app)
    frames(app, 1)
    bv, state = table.board_view, table.shown.state
    end = state.board.end_threshold
    for space in bv.track:
        centre = bv.to_screen(((space.number_box[0] + space.number_box[2] / 2),
                               space.number_box[1] + space.number_box[3] / 2))
        assert bv.track_space_at(centre) == space.number
        title, body = hover_tooltip(centre, table.panel, bv, state, session.names)
        assert str(space.number) in title and body
        if space.number in state.board.mutation_spaces:
            assert title == f"Mutation at {space.number}"
            assert "gene auction" in body
        if space.number == end:
            assert title == f"{end}: the end" and "game ends" in body
    for seat, at in enumerate(state.track):  # who stands on a space, hovering the marker
        _, body = hover_tooltip(bv.to_screen(bv.track_point(at)), table.panel, bv, state,
                                session.names)
        assert f"{session.names[seat]} stands here" in body


# --- pieces never collide -----------------------------------------------------------------

def scattered(seed, players, eruptions, rng):
    """A position with some volcanoes erupted and random stacks everywhere."""
    state = new_game(seed, players, events=False)
    board = state.board
    for r in eruptions:
        if board.region_numbers[r] not in state.out_chips:
            erupt(state, r)
            state.out_chips.append(board.region_numbers[r])
    n = state.n
    for area in list(state.live_regions()) + list(board.ocean_areas):
        for s in range(n):
            state.counts[area * n + s] = rng.choice([0, 0, 1, 2, 5])
    living = [c for c in board.region_numbers if c not in state.out_chips]
    state.board_chips = rng.sample(living, min(len(living), rng.randint(0, 6)))
    return state


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000),
       eruptions=st.lists(st.integers(0, 11), max_size=7), random=st.randoms())
def test_stacks_never_overlap_each_other_nor_numbers_volcanoes_chips(view, players, seed,
                                                                     eruptions, random):
    state = scattered(seed, players, eruptions, random)
    full = list(range(players))
    feet = []
    for area in list(state.live_regions()) + list(state.board.ocean_areas):
        seats = [s for s in full if state.count(area, s)]
        if not seats:
            continue
        slots = view.stack_slots(area, seats, state)
        assert sorted(slots) == seats
        scale = view.stack_scale(area, len(seats))
        feet += [piece_layout.footprint(p, scale) for p in slots.values()]
    for i, a in enumerate(feet):
        assert not any(boxes_overlap(a, b) for b in feet[i + 1:])
    marks = [view.badge_box(r) for r in range(state.board.n_regions)]
    marks += [piece_layout.volcano_box(view.geo, r) for r in range(state.board.n_regions)]
    marks += [s.number_box for s in view.track]
    for foot in feet:
        assert not any(boxes_overlap(foot, m) for m in marks)


def test_five_colours_find_free_room_in_every_single_region(view):
    state = new_game(1, 5, events=False)
    for r in range(state.board.n_regions):
        slots = view.stack_slots(r, [0, 1, 2, 3, 4], state)
        assert len(slots) == 5 and (r, 5) not in view.crowded


# --- an extended region reads as one land ------------------------------------------------

def test_an_extended_region_is_drawn_as_one_land(view):
    board = view.board
    eight, nine = board.region_numbers.index(8), board.region_numbers.index(9)
    apart = new_game(2, 4, events=False)
    state = apart.clone()
    erupt(state, nine)  # 9 joins 8 (R1)
    state.out_chips.append(9)
    outlines = [view.geo.region_outlines[r] for r in (eight, nine)]
    (left, top), land, whole = merged.merged_shape(
        outlines, [(view.geo.region_centres[nine], view.geo.region_centres[eight])])
    assert len(whole.connected_components()) == 1  # one shape, one rim around it
    gap = whole.copy()
    gap.erase(land, (0, 0))
    assert gap.count() > 100  # the strait between them is filled in
    assert merged.straits(land, whole).count() >= gap.count()
    # a point of that strait: water while apart, land (sand) once joined
    bridge, _, _ = view.bridge_pose(nine)  # away from the lava bridge drawn over it
    x, y = next((x, y) for x in range(gap.get_size()[0]) for y in range(gap.get_size()[1])
                if gap.get_at((x, y)) and all(gap.get_at((x + dx, y + dy))
                                              for dx in (-3, 3) for dy in (-3, 3))
                and abs(x + left - bridge[0]) + abs(y + top - bridge[1]) > 40)
    point = (x + left, y + top)
    surface = pygame.Surface(view.rect.size)
    screen = view.to_screen(point)
    if apart.root(nine) == apart.root(eight):
        pytest.skip("this set-up already joined them")
    view.draw(surface, apart)
    before = surface.get_at(screen)[:3]
    view.draw(surface, state)
    after = surface.get_at(screen)[:3]
    assert before[2] > before[0]  # blue water
    assert sum(abs(a - b) for a, b in zip(after, th.SAND, strict=True)) < 60


def test_an_extended_region_has_one_number_naming_its_parts(app):
    table, session = solo_table(app)
    state = table.shown.state
    bv = table.board_view
    for root in state.live_regions():
        joined = [r for r in range(state.board.n_regions) if r != root and state.root(r) == root]
        if joined:
            break
    else:
        pytest.skip("no extended region at the start of this game")
    number = state.board.region_numbers[root]
    for part in [root, *joined]:  # hovering any of its land names the one region
        title, _ = hover_tooltip(bv.to_screen(bv.geo.region_centres[part]), table.panel, bv,
                                 state, session.names)
        assert title.startswith(f"Region {number}, joined by")
    height = bv.badge_box(root)[3]
    assert height > piece_layout.BADGE_BOX[1]  # room for "+n" under the number


# --- chips and volcanoes explain themselves ------------------------------------------------

def test_chips_and_volcanoes_explain_themselves_on_hover(app):
    table, session = solo_table(app)
    bv = table.board_view
    state = table.shown.state.clone()
    board = state.board
    living = [r for r in range(board.n_regions) if board.region_numbers[r] not in state.out_chips]
    chip = board.region_numbers[living[0]]
    state.board_chips = [chip]
    at_chip = bv.to_screen(bv.geo.volcano_spaces[living[0]])
    title, body = hover_tooltip(at_chip, table.panel, bv, state, session.names)
    assert title == f"Chip {chip}: scored" and "draw pile" in body
    volcano = living[1]
    title, body = hover_tooltip(bv.to_screen(bv.geo.volcano_spaces[volcano]), table.panel, bv,
                                state, session.names)
    bridge = board.region_numbers[board.volcano_bridge[volcano]]
    assert title == f"Volcano of region {board.region_numbers[volcano]}"
    assert f"region {bridge}" in body
    gone = next(r for r in range(board.n_regions) if board.region_numbers[r] in state.out_chips)
    title, _ = hover_tooltip(bv.to_screen(bv.geo.volcano_spaces[gone]), table.panel, bv,
                             state, session.names)
    assert title.endswith("erupted")


def test_a_tooltip_near_the_windows_edge_opens_left_of_and_above_the_mouse_not_under_it(app):
    import pygame

    from urland.ui import theme as th
    from urland.ui.tooltip import tooltip

    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    theme = th.Theme((1280, 720))
    for pos in ((1270, 710), (1200, 100), (100, 700), (640, 360)):
        surface.fill((0, 0, 0, 0))
        tooltip(surface, theme, "Anna", "White · AI medium. Ichto player this turn.", pos)
        card = pygame.Rect(surface.get_bounding_rect())
        assert card.width > 200 and not card.collidepoint(pos), pos
