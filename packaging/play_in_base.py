"""Play a whole autoplayed game with the Linux download inside the Debian 11 (glibc 2.31) base.

    python packaging/play_in_base.py      (after make dist; run by .ci/run)

The tar.gz is unpacked there as a player would unpack it, and its launcher (urland/urland)
plays three AI seats to the end under SDL's dummy video and sound drivers. It passes when
the program ends with exit code 0 and the game's record is in its history folder, and when,
started again as a player would start it there (no display, no X libraries in the base, no
video driver asked for), it says why no window opens and ends with exit code 1 instead of
running on unseen.
"""

from __future__ import annotations

import shutil
import sys
import tarfile

import debian_base
from archives import DIST, project_version

PLACE = "tmp/urland-play"  # inside the base

PLAY = """
echo "in the base: $(ldd --version | head -n 1)"
cd /{place}
URLAND_HOME=/{place}/home SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
  timeout 600 /{place}/{top}/urland/urland --autoplay --seats ai,ai,ai --seed 2 --quit-when-over
ls /{place}/home/history/*.yaml > /dev/null
"""

NO_WINDOW = """
cd /{place}
code=0
URLAND_HOME=/{place}/home-no-window SDL_AUDIODRIVER=dummy \
  timeout 120 /{place}/{top}/urland/urland > said.txt 2>&1 || code=$?
cat said.txt
test "$code" = 1
grep -q "Urland cannot open its window" said.txt
"""


def main() -> int:
    top = f"urland-{project_version()}-linux"
    archive = DIST / f"{top}.tar.gz"
    if not archive.exists():
        print(f"{archive.name} is missing: run `make dist` first", file=sys.stderr)
        return 1
    try:
        root = debian_base.ensure_base()
        place = root / PLACE
        shutil.rmtree(place, ignore_errors=True)
        place.mkdir(parents=True)
        with tarfile.open(archive) as tar:
            tar.extractall(place, filter="data")
        try:
            debian_base.run_inside(root, PLAY.format(place=PLACE, top=top))
            debian_base.run_inside(root, NO_WINDOW.format(place=PLACE, top=top))
        finally:
            shutil.rmtree(place, ignore_errors=True)
    except debian_base.BaseError as error:
        print(f"the game in the Debian 11 base failed: {error}", file=sys.stderr)
        return 1
    print("Linux program in Debian 11: a whole autoplayed game ended with exit code 0, "
          "its record in history/; without a display it said why and ended with exit code 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
