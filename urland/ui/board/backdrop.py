"""The sea-and-islands picture behind the menus: the board, darkened, drawn once per size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from urland.engine import BoardError, standard_board

SEA = (14, 30, 46)  # the painted backdrop's darkened sea, nearly


def plain(size: tuple[int, int]) -> pygame.Surface:
    """The backdrop's sea without the board: behind the window's very first frame, so that
    it need not wait for the board to be painted (the next frame has it)."""
    surf = pygame.Surface(size)
    surf.fill(SEA)
    return surf


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    try:
        board = standard_board()
    except BoardError:  # the title screen says why; the menus still need a background
        surf = pygame.Surface(size)
        surf.fill((18, 40, 62))
        return surf
    from urland.ui.board.board_view import BoardView  # the board's painting code: after frame one

    view = BoardView(board)
    view.labelled = False  # blurred: its words could not be read
    # Painted at a third of the size (it is blurred anyway), which keeps start-up quick.
    third = (max(1, w // 3), max(1, h // 3))
    big = pygame.Rect(0, 0, int(third[0] * 1.25), int(third[1] * 1.25))
    big.center = (third[0] // 2, third[1] // 2)
    view.layout(big)
    surf = pygame.Surface(third)
    surf.fill((18, 40, 62))
    assert view.static is not None
    surf.blit(view.static, view.rect)
    small = pygame.transform.smoothscale(surf, (max(1, w // 6), max(1, h // 6)))
    surf = pygame.transform.smoothscale(small, size)
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((10, 18, 28, 120))
    surf.blit(shade, (0, 0))
    return surf
