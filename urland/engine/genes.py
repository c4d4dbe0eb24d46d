"""The eleven genes (rules section 7): keys and bits here, every other fact in assets/genes.yaml.

The rules refer to genes by key, and a seat's gene set is a bit mask (`state.genes[seat]`) whose
bit i is GENES[i]; both are fixed here, so that no data file can renumber them. The gene file,
the one source of the cards' facts, gives each card's name, kind, the move only it allows, the
smallest table it is used at and its text. It is read on first use (`gene_cards()`); a missing or
damaged file is a DataError naming the file and the gene, as a damaged board is a BoardError.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from urland.engine.errors import DataError, UserFileError
from urland.engine.files import read_yaml

GENES: tuple[str, ...] = ("assimilation", "legs", "care_of_young", "egg", "wings", "muscles",
                          "ears", "stinkglands", "turbo", "warm_blood", "teeth")
RULE_GENES = GENES  # the keys the rules act on: the file must give exactly these
KINDS = ("action", "always")

GENE_INDEX = {g: i for i, g in enumerate(GENES)}
BIT = {g: 1 << i for i, g in enumerate(GENES)}

ASSIMILATION = BIT["assimilation"]
LEGS = BIT["legs"]
CARE_OF_YOUNG = BIT["care_of_young"]
EGG = BIT["egg"]
WINGS = BIT["wings"]
MUSCLES = BIT["muscles"]
EARS = BIT["ears"]
STINKGLANDS = BIT["stinkglands"]
TURBO = BIT["turbo"]
WARM_BLOOD = BIT["warm_blood"]
TEETH = BIT["teeth"]


class GeneCard(NamedTuple):
    key: str
    name: str
    kind: str  # "action" or "always"
    move: str  # the move kind only this gene allows, or ""
    min_players: int
    text: str


def parse_genes(data: Any, name: str = "genes.yaml") -> tuple[GeneCard, ...]:
    """Check and convert the gene file's document; every problem names the file and the gene.
    The cards come back in the order of GENES, whatever the order of the file."""
    if not isinstance(data, dict) or not data:
        raise DataError(f"{name}: expected a mapping from gene keys to cards.")
    cards = {}
    for key, entry in data.items():
        where = f"{name}: gene {key!r}"
        if key not in GENE_INDEX:
            raise DataError(f"{where}: unknown (the rules know {', '.join(GENES)}).")
        if not isinstance(entry, dict):
            raise DataError(f"{where}: expected a mapping with name, kind and text.")
        for field in ("name", "kind", "text"):
            if not isinstance(entry.get(field), str) or not entry[field]:
                raise DataError(f"{where}: '{field}' must be a non-empty text.")
        if entry["kind"] not in KINDS:
            raise DataError(f"{where}: kind must be one of {', '.join(KINDS)}.")
        min_players = entry.get("min_players", 3)
        if not isinstance(min_players, int) or not 3 <= min_players <= 5:
            raise DataError(f"{where}: min_players must be 3, 4 or 5.")
        cards[key] = GeneCard(key, entry["name"], entry["kind"], str(entry.get("move") or ""),
                              min_players, entry["text"])
    missing = [g for g in GENES if g not in cards]
    if missing:
        raise DataError(f"{name}: gene {missing[0]!r} is missing (the rules need it).")
    return tuple(cards[g] for g in GENES)


def load_genes(path: str | Path) -> tuple[GeneCard, ...]:
    """Read a gene file through the bounded reader; any problem is a DataError naming it."""
    path = Path(path)
    try:
        data = read_yaml(path)
    except UserFileError as exc:
        raise DataError(str(exc)) from None
    return parse_genes(data, path.name)


@lru_cache(maxsize=1)
def gene_cards() -> tuple[GeneCard, ...]:
    """The cards of the standard gene file, in the order of GENES (read once)."""
    from urland.resources import asset_path

    return load_genes(asset_path("genes.yaml"))


def card(gene: str) -> GeneCard:
    return gene_cards()[GENE_INDEX[gene]]


def gene_name(gene: str) -> str:
    return card(gene).name


def gene_of_move(kind: str) -> int:
    """The bit of the gene a move kind needs, or 0 when any Ichto player may make it."""
    return _move_table(gene_cards()).get(kind, 0)


@lru_cache(maxsize=1)
def _move_table(cards: tuple[GeneCard, ...]) -> dict[str, int]:
    return {c.move: BIT[c.key] for c in cards if c.move}


def genes_for_players(players: int) -> list[str]:
    """The gene cards used at a table of `players`, in card order (set-up step 7)."""
    return [c.key for c in gene_cards() if c.min_players <= players]


class _Names(Mapping[str, str]):
    """gene key → card name, read from the gene file on first use."""

    def __getitem__(self, gene: str) -> str:
        return gene_name(gene)

    def __iter__(self) -> Iterator[str]:
        return iter(GENES)

    def __len__(self) -> int:
        return len(GENES)


GENE_NAMES: Mapping[str, str] = _Names()


def genes_in(mask: int) -> list[str]:
    return [g for i, g in enumerate(GENES) if mask >> i & 1]


def parse_gene(text: str) -> str:
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    if key not in GENE_INDEX:
        raise ValueError(f"unknown gene {text!r}")
    return key
