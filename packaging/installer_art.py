"""The Windows installer's pictures, drawn at build time from the game's own art (assets/sprites).

    welcome_bitmap(path)   # 164x314: the left side of the welcome and finish pages
    header_bitmap(path)    # 150x57: the top right corner of the other pages

NSIS wants uncompressed 24-bit BMP files of these sizes (Modern UI 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Pillow is in the dist extra: imported when a picture is drawn
    from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "assets" / "sprites"
DEEP_SEA = (22, 58, 92)  # the colours of urland/ui/theme.py
SEA = (36, 92, 132)
SAND = (222, 201, 148)
LAND = (118, 152, 84)
WELCOME_SIZE = (164, 314)
HEADER_SIZE = (150, 57)


def _sea(size: tuple[int, int]) -> Image.Image:
    """Deep sea at the top, lighter towards the bottom."""
    from PIL import Image, ImageDraw

    width, height = size
    picture = Image.new("RGB", size)
    draw = ImageDraw.Draw(picture)
    for y in range(height):
        t = y / max(1, height - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(DEEP_SEA, SEA, strict=True))
        draw.line([(0, y), (width, y)], fill=colour)
    return picture


def _sprite(name: str, size: int) -> Image.Image:
    from PIL import Image

    return Image.open(SPRITES / name).convert("RGBA").resize((size, size), Image.LANCZOS)


def welcome_bitmap(path: Path) -> Path:
    """The game's icon over the sea, and Ichtos of every colour on an island below it."""
    from PIL import ImageDraw

    picture = _sea(WELCOME_SIZE)
    icon = _sprite("icon.png", 128)
    picture.paste(icon, (18, 34), icon)
    draw = ImageDraw.Draw(picture)
    draw.ellipse((6, 214, 158, 296), fill=SAND)
    draw.ellipse((14, 220, 150, 290), fill=LAND)
    spots = [("ichto-purple.png", 12, 206), ("ichto-white.png", 62, 196),
             ("ichto-grey.png", 108, 206), ("ichto-black.png", 36, 236),
             ("ichto-green.png", 86, 236)]
    for name, x, y in spots:
        ichto = _sprite(name, 48)
        picture.paste(ichto, (x, y), ichto)
    path.parent.mkdir(parents=True, exist_ok=True)
    picture.save(path, "BMP")
    return path


def header_bitmap(path: Path) -> Path:
    """A white strip (the page header's own colour) with a green Ichto at its right end."""
    from PIL import Image

    picture = Image.new("RGB", HEADER_SIZE, (255, 255, 255))
    ichto = _sprite("ichto-green.png", 52)
    picture.paste(ichto, (HEADER_SIZE[0] - 56, 2), ichto)
    path.parent.mkdir(parents=True, exist_ok=True)
    picture.save(path, "BMP")
    return path
