"""Write the game's own art to assets/sprites/: the program icon and one Ichto per colour.

The game draws its art at run time; these files are for the bundle icon, the .desktop file
and the README. Run: python packaging/make_sprites.py [--out DIR]
"""

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from urland.engine import COLOUR_NAMES
from urland.ui import art

OUT = Path(__file__).resolve().parent.parent / "assets" / "sprites"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write into")
    out = parser.parse_args().out
    pygame.init()
    pygame.display.set_mode((1, 1))
    out.mkdir(parents=True, exist_ok=True)
    pygame.image.save(art.program_icon(256), str(out / "icon.png"))
    for colour, name in enumerate(COLOUR_NAMES):
        pygame.image.save(art.ichto(colour, 128), str(out / f"ichto-{name.lower()}.png"))
    print(f"wrote {len(list(out.glob('*.png')))} images to {out.name}/")


if __name__ == "__main__":
    main()
