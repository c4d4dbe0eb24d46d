"""A region's marks on the board: its number (bold, faded once it erupted into another, or with
the numbers of the parts it gained), and an extended region's land drawn as one."""

from __future__ import annotations

import pygame

from urland.engine import GameState
from urland.ui import theme
from urland.ui.board import merged, piece_layout
from urland.ui.board.board_canvas import BoardCanvas
from urland.ui.text import render

TAG_BELOW = 22  # an extended region's joined numbers, under its own number (board units)
BADGE_H_CENTRE = piece_layout.BADGE_BOX[0] / 2  # a number's centre from its box's left edge


def draw_number(view: BoardCanvas, surface: pygame.Surface, state: GameState, region: int) -> None:
    """A region's number: bold on a living region; an extended region's names its joined
    parts under it ("8", then "+9"); a part that lost its number by erupting keeps it faded."""
    board = view.board
    number = board.region_numbers[region]
    x, y, _, _ = view.badge_box(region)
    centre = view.to_screen((x + BADGE_H_CENTRE, y + piece_layout.BADGE_BOX[1] / 2))
    if state.root(region) != region:  # joined another region (R1): its number is gone
        badge(surface, str(number), centre, view.px(20), (150, 140, 124), (60, 54, 48),
               alpha=150)
        return
    if not state.region_chips(region):  # every chip left the game: never scored again
        badge(surface, str(number), centre, view.px(24), (150, 140, 120), (80, 70, 60))
        return
    joined = [board.region_numbers[r] for r in view.parts(region) if r != region]
    if joined:
        tag = " ".join(f"+{n}" for n in joined)
        below = view.to_screen((x + BADGE_H_CENTRE, y + piece_layout.BADGE_BOX[1] / 2
                                + TAG_BELOW))
        badge(surface, tag, below, view.px(16), (255, 214, 170), (120, 52, 20))
    badge(surface, str(number), centre, view.px(26), theme.PAPER, theme.INK)


def merged_land(view: BoardCanvas, parts: tuple[int, ...]
                ) -> tuple[pygame.Surface, tuple[int, int]]:
    """The straits between an extended region's parts filled with sand, and one glowing
    lava-coloured line around all of it: a picture and where it goes on the board, made
    once per set of parts and size."""
    key = (parts, view.rect.size)
    made = view.rims.get(key)
    if made is not None:
        return made
    s = view.scale
    erupted = set(view.erupted())
    bridge = view.board.volcano_bridge
    joins = [(view.geo.region_centres[r], view.geo.region_centres[bridge[r]])
             for r in parts if bridge[r] in parts and r in erupted]
    (left, top), land, whole = merged.merged_shape(
        [view.geo.region_outlines[r] for r in parts], joins)
    gap = merged.straits(land, whole)  # the water between the parts: filled with sand
    fill = gap.to_surface(setcolor=(*theme.SAND, 235), unsetcolor=(0, 0, 0, 0))
    w, h = gap.get_size()
    rim = pygame.transform.smoothscale(fill, (max(1, round(w * s)), max(1, round(h * s))))
    edge = [(x * s, y * s) for x, y in merged.outline(whole)]
    if len(edge) >= 3:
        pygame.draw.polygon(rim, (255, 150, 60, 80), edge, view.px(10))
        pygame.draw.polygon(rim, (255, 180, 96, 240), edge, max(2, view.px(3.5)))
    made = view.rims[key] = (rim, (round(left * s), round(top * s)))
    return made


def badge(surface: pygame.Surface, text: str, centre: tuple[int, int], pixels: int,
          fill: theme.Colour, ink: theme.Colour, alpha: int = 255) -> None:
    """A number (or a short text) on a rounded tag; `alpha` below 255 fades it."""
    image = render(text, pixels, ink, True)
    r = image.get_rect(center=centre).inflate(pixels // 2, pixels // 5)
    r.width = max(r.width, r.height)
    r.center = centre
    target, origin = surface, r.topleft
    if alpha < 255:  # faded: drawn apart, then laid on see-through
        target = pygame.Surface(r.size, pygame.SRCALPHA)
        r = r.move(-r.x, -r.y)
    pygame.draw.rect(target, fill, r, border_radius=r.height // 2)
    pygame.draw.rect(target, ink, r, max(1, pixels // 14), border_radius=r.height // 2)
    target.blit(image, image.get_rect(center=(r.centerx, r.centery + 1)))
    if target is not surface:
        target.set_alpha(alpha)
        surface.blit(target, origin)
