"""The static board: regions, oceans and the score track, loaded from `assets/board.yaml`.

Areas are numbered once for the whole engine: regions 0..R-1 (printed as their numbers 1..R),
then oceans R..R+O-1 (printed as their ids, O1..O5). Counts of Ichtos are kept per area.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from urland.engine.errors import BoardError, UserFileError
from urland.engine.files import read_yaml

MAX_BOARD_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Board:
    region_numbers: tuple[int, ...]
    region_continents: tuple[str, ...]
    region_oceans: tuple[tuple[int, ...], ...]  # per region: area indices of bordering oceans
    region_straits: tuple[tuple[int, ...], ...]  # per region: region indices across a strait
    volcano_bridge: tuple[int, ...]  # per region: the region index its volcano joins it to
    ocean_ids: tuple[str, ...]
    ocean_names: tuple[str, ...]
    ocean_neighbours: tuple[tuple[int, ...], ...]  # per ocean (0-based): area indices
    mutation_spaces: tuple[int, ...]
    end_threshold: int
    continents: tuple[tuple[str, str], ...]  # (id, name)
    geometry: dict[str, Any] = field(compare=False, hash=False)
    region_geometry: tuple[dict[str, Any], ...] = field(default=(), compare=False, hash=False)
    ocean_geometry: tuple[dict[str, Any], ...] = field(default=(), compare=False, hash=False)
    # derived sizes, stored because the rules ask for them thousands of times a second
    n_regions: int = field(init=False)
    n_oceans: int = field(init=False)
    n_areas: int = field(init=False)
    ocean_areas: range = field(init=False)

    def __post_init__(self) -> None:
        regions, oceans = len(self.region_numbers), len(self.ocean_ids)
        object.__setattr__(self, "n_regions", regions)
        object.__setattr__(self, "n_oceans", oceans)
        object.__setattr__(self, "n_areas", regions + oceans)
        object.__setattr__(self, "ocean_areas", range(regions, regions + oceans))

    def is_ocean(self, area: int) -> bool:
        return area >= self.n_regions

    def area_name(self, area: int) -> str:
        if area < self.n_regions:
            return str(self.region_numbers[area])
        return self.ocean_ids[area - self.n_regions]

    def area_label(self, area: int) -> str:
        """How a sentence names an area: 'region 5' or 'O2 (North Ocean)'."""
        if area < self.n_regions:
            return f"region {self.region_numbers[area]}"
        i = area - self.n_regions
        return f"{self.ocean_ids[i]} ({self.ocean_names[i]})"

    def parse_area(self, text: str) -> int:
        """Inverse of `area_name`; raises ValueError for an unknown name."""
        t = text.strip()
        upper = t.upper()
        if upper in self.ocean_ids:
            return self.n_regions + self.ocean_ids.index(upper)
        if t.isascii() and t.isdigit() and len(t) < 6 and int(t) in self.region_numbers:
            return self.region_numbers.index(int(t))
        raise ValueError(f"unknown area {text!r}")


def _fail(path: Path, where: str, why: str) -> BoardError:
    return BoardError(f"{path.name}: {where}: {why}")


def _require(entry: Any, key: str, path: Path, where: str) -> Any:
    if not isinstance(entry, dict) or key not in entry:
        raise _fail(path, where, f"missing field '{key}'")
    return entry[key]


def _as_list(value: Any, path: Path, where: str, key: str) -> list:
    if not isinstance(value, list):
        raise _fail(path, where, f"'{key}' must be a list")
    return value


def parse_board(data: Any, path: Path) -> Board:
    """Check and convert the YAML document; every problem names the file and the entry."""
    if not isinstance(data, dict):
        raise _fail(path, "top level", "expected a mapping with regions, oceans and track")
    reader = _BoardReader(data, path)
    continents = reader.continents()
    reader.read_ids()
    r_continents, r_oceans, r_straits, bridges = reader.regions({c[0] for c in continents})
    reader.check_straits(r_straits, bridges)
    o_names, o_neigh = reader.oceans()
    spaces, end = reader.track()
    geometry = data.get("geometry") or {}
    if not isinstance(geometry, dict):
        raise _fail(path, "geometry", "must be a mapping")
    ocean_ids = reader.ocean_ids
    region_geometry = tuple(_geometry(r, path, f"region {r['number']}")
                            for r in reader.regions_raw)
    ocean_geometry = tuple(_geometry(o, path, f"ocean {oid}")
                           for o, oid in zip(reader.oceans_raw, ocean_ids, strict=True))
    return Board(
        region_numbers=tuple(reader.numbers),
        region_continents=tuple(r_continents),
        region_oceans=tuple(r_oceans),
        region_straits=tuple(r_straits),
        volcano_bridge=tuple(bridges),
        ocean_ids=tuple(ocean_ids),
        ocean_names=tuple(o_names),
        ocean_neighbours=tuple(o_neigh),
        mutation_spaces=tuple(spaces),
        end_threshold=end,
        continents=tuple(continents),
        geometry=geometry,
        region_geometry=region_geometry,
        ocean_geometry=ocean_geometry,
    )


class _BoardReader:
    """The board file read part by part, in the order its problems are reported."""

    def __init__(self, data: dict, path: Path) -> None:
        self.data, self.path = data, path
        self.ocean_ids: list[str] = []
        self.numbers: list[int] = []
        self.oceans_raw: list = []
        self.regions_raw: list = []

    def _list(self, entry: Any, key: str, where: str) -> list:
        return _as_list(_require(entry, key, self.path, where), self.path, where, key)

    def continents(self) -> list[tuple[str, str]]:
        continents: list[tuple[str, str]] = []
        for i, c in enumerate(self._list(self.data, "continents", "top level")):
            cid = str(_require(c, "id", self.path, f"continent #{i + 1}"))
            continents.append((cid, str(c.get("name", cid))))
        return continents

    def read_ids(self) -> None:
        """The oceans' ids and the regions' numbers, which everything else refers to."""
        path = self.path
        self.oceans_raw = self._list(self.data, "oceans", "top level")
        for i, o in enumerate(self.oceans_raw):
            oid = str(_require(o, "id", path, f"ocean #{i + 1}")).upper()
            if oid in self.ocean_ids:
                raise _fail(path, f"ocean {oid}", "duplicate id")
            self.ocean_ids.append(oid)
        self.regions_raw = self._list(self.data, "regions", "top level")
        for i, r in enumerate(self.regions_raw):
            num = _require(r, "number", path, f"region #{i + 1}")
            if not isinstance(num, int) or isinstance(num, bool) or num < 1:
                raise _fail(path, f"region #{i + 1}",
                            f"number must be a positive integer, not {num!r}")
            if num in self.numbers:
                raise _fail(path, f"region {num}", "duplicate number")
            self.numbers.append(num)
        if not self.numbers or not self.oceans_raw:
            raise _fail(path, "top level", "the board needs at least one region and one ocean")

    def region_index(self, value: Any, where: str) -> int:
        if value not in self.numbers:
            raise _fail(self.path, where, f"unknown region {value!r}")
        return self.numbers.index(value)

    def ocean_area(self, value: Any, where: str) -> int:
        key = str(value).upper()
        if key not in self.ocean_ids:
            raise _fail(self.path, where, f"unknown ocean {value!r}")
        return len(self.numbers) + self.ocean_ids.index(key)

    def regions(self, continent_ids: set[str]) -> tuple[list, list, list, list]:
        """Each region's continent, oceans, straits and volcano bridge."""
        r_continents, r_oceans, r_straits, bridges = [], [], [], []
        for r in self.regions_raw:
            where = f"region {r['number']}"
            cont = str(_require(r, "continent", self.path, where))
            if cont not in continent_ids:
                raise _fail(self.path, where, f"unknown continent {cont!r}")
            r_continents.append(cont)
            oceans = self._list(r, "oceans", where)
            if not oceans:
                raise _fail(self.path, where, "a region must border at least one ocean")
            r_oceans.append(tuple(self.ocean_area(o, where) for o in oceans))
            r_straits.append(tuple(self.region_index(s, where)
                                   for s in self._list(r, "straits", where)))
            bridges.append(self.region_index(_require(r, "volcano_bridge", self.path, where),
                                             where))
        return r_continents, r_oceans, r_straits, bridges

    def check_straits(self, r_straits: list, bridges: list) -> None:
        numbers = self.numbers
        for i, straits in enumerate(r_straits):
            where = f"region {numbers[i]}"
            for j in straits:
                if j == i:
                    raise _fail(self.path, where, "a region cannot be its own strait neighbour")
                if i not in r_straits[j]:
                    raise _fail(self.path, where, f"strait to region {numbers[j]} is one-sided "
                                                  f"(region {numbers[j]} does not list "
                                                  f"{numbers[i]})")
            if bridges[i] not in straits:
                raise _fail(self.path, where, f"volcano_bridge {numbers[bridges[i]]} is not one "
                                              "of its strait neighbours")

    def oceans(self) -> tuple[list[str], list[tuple[int, ...]]]:
        """Each ocean's name and neighbours (both ways)."""
        n_regions, ocean_ids = len(self.numbers), self.ocean_ids
        o_names, o_neigh = [], []
        for o, oid in zip(self.oceans_raw, ocean_ids, strict=True):
            where = f"ocean {oid}"
            o_names.append(str(o.get("name", oid)))
            o_neigh.append(tuple(self.ocean_area(x, where)
                                 for x in self._list(o, "neighbours", where)))
        for k, neigh in enumerate(o_neigh):
            me = n_regions + k
            for other in neigh:
                if other == me:
                    raise _fail(self.path, f"ocean {ocean_ids[k]}",
                                "an ocean cannot neighbour itself")
                if me not in o_neigh[other - n_regions]:
                    raise _fail(self.path, f"ocean {ocean_ids[k]}",
                                f"neighbour {ocean_ids[other - n_regions]} is one-sided")
        return o_names, o_neigh

    def track(self) -> tuple[list[int], int]:
        track = _require(self.data, "track", self.path, "top level")
        spaces = self._list(track, "mutation_spaces", "track")
        end = _require(track, "end_threshold", self.path, "track")
        if not all(isinstance(s, int) and s > 0 for s in spaces) or spaces != sorted(set(spaces)):
            raise _fail(self.path, "track", "mutation_spaces must be increasing positive integers")
        if not isinstance(end, int) or end <= 0:
            raise _fail(self.path, "track", "end_threshold must be a positive integer")
        return spaces, end


def _geometry(entry: dict, path: Path, where: str) -> dict[str, Any]:
    """An entry's optional drawing data; the front end checks its contents."""
    geometry = entry.get("geometry") or {}
    if not isinstance(geometry, dict):
        raise _fail(path, where, "geometry must be a mapping")
    return geometry


def load_board(path: str | Path) -> Board:
    """Read a board file through the bounded reader; any problem is a BoardError naming it."""
    path = Path(path)
    try:
        data = read_yaml(path, limit=MAX_BOARD_BYTES)
    except UserFileError as exc:
        raise BoardError(str(exc)) from None
    return parse_board(data, path)


@lru_cache(maxsize=1)
def standard_board() -> Board:
    """The board every game uses unless told otherwise."""
    from urland.resources import asset_path

    return load_board(asset_path("board.yaml"))
