"""Which history records have already been replayed and found sound, kept between runs.

Listing the history replays every record once (urland.records.history.summarise), so that a
damaged or forged record is named and never counted. Replaying a thousand records takes seconds;
this file remembers the fingerprint (SHA-256 of the text) of each record found sound, so a
record is replayed again only when its text changed. The list is `.checked-records` in the
history folder, one fingerprint a line. It is only a cache: when it is missing, damaged or
cannot be written, every record is simply replayed. A changed record has another fingerprint, so
damage is always caught; passing a forged record off would take writing its fingerprint here on
purpose."""

from __future__ import annotations

import contextlib
import hashlib
import re
from pathlib import Path

from urland.engine.errors import UserFileError
from urland.engine.files import read_text, write_atomic

CHECKED_FILE = ".checked-records"
MAX_CHECKED_BYTES = 512 * 1024  # 33 bytes a record: some 15,000 records
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class CheckedRecords:
    """The fingerprints of sound records in one history folder, read once, written back when
    the records listed differ from those it held."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / CHECKED_FILE
        self.known = self._read()
        self.seen: set[str] = set()  # sound records met in this listing

    def _read(self) -> set[str]:
        try:
            text = read_text(self.path, MAX_CHECKED_BYTES)
        except UserFileError:
            return set()
        return {line for line in text.split("\n") if _FINGERPRINT.fullmatch(line)}

    def __contains__(self, fp: str) -> bool:
        return fp in self.known

    def sound(self, fp: str) -> None:
        self.seen.add(fp)

    def remember(self, fp: str) -> None:
        """Add one record found sound (one the game just wrote) to the file."""
        self.seen = self.known | {fp}
        self.save()

    def save(self) -> None:
        """Keep the fingerprints of the records listed now (deleted ones are forgotten)."""
        if self.seen == self.known:
            return
        with contextlib.suppress(OSError):
            write_atomic(self.path, "".join(f"{fp}\n" for fp in sorted(self.seen)))
