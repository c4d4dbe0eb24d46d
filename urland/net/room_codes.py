"""Room policy for codes people choose (`serve --room`): a word is guessable, so it gets a
random suffix unless the operator says it must stay plain (`--plain-code`).

The server's own codes are 12 characters of a 32-letter alphabet (60 bits, from `secrets`):
at the guess limit (`urland.net.guesses`) finding one would take longer than anyone plays. A
chosen code is counted as word-like unless it has that strength: at least 12 characters of the
code alphabet, with both letters and digits among them. A word-like code gets "-" and 8 more
characters of the alphabet (40 bits); a room kept under such a code is carried on when the
server starts again with the same `--room`.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from urland.master.room import CODE_ALPHABET, normal_code

SUFFIX_LENGTH = 8  # 32**8 = 2**40 codes for a word given with --room


def word_like(code: str) -> bool:
    """True for a code a person would choose (a word, a name, a short phrase)."""
    normal = normal_code(code)
    return not (len(normal) >= 12 and all(ch in CODE_ALPHABET for ch in normal)
                and any(ch.isdigit() for ch in normal) and any(ch.isalpha() for ch in normal))


def with_suffix(code: str) -> str:
    return f"{code}-" + "".join(secrets.choice(CODE_ALPHABET) for _ in range(SUFFIX_LENGTH))


def strengthened(code: str, kept: Iterable[str]) -> str:
    """The code to open for a word-like `--room CODE`: the one kept unfinished under it with a
    suffix (the server started again), else the code with a new random suffix."""
    stem = normal_code(code)
    for candidate in kept:
        normal = normal_code(candidate)
        if len(normal) == len(stem) + SUFFIX_LENGTH and normal.startswith(stem) and all(
                ch in CODE_ALPHABET for ch in normal[len(stem):]):
            return candidate
    return with_suffix(code)


WARNING = ("urland serve: the room code {given!r} is a word anyone may guess; the room is "
           "{code} instead (give --plain-code to keep the code as it is).")
# ... when that code is a new one: the same word after a game that has ended gives a new code
NEW_GAME = ("urland serve: {code} is a new game: no unfinished game is kept under {given!r} (a "
            "game that has ended is not carried on, and its code is not used again), so pass "
            "on the new invitation.")
