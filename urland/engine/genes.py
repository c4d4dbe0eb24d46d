"""The eleven genes (rules section 7), read from their one data file, assets/genes.yaml.

The file gives each card's name, kind, the move only it allows, the smallest table it is used at
and its text; its order fixes each gene's bit in a seat's gene set (`state.genes[seat]`). The
rules refer to genes by key, so every key below must be in the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import yaml

from urland.engine.errors import DataError

# The keys the rules act on; the file may not drop any of them.
RULE_GENES = ("assimilation", "legs", "care_of_young", "egg", "wings", "muscles", "ears",
              "stinkglands", "turbo", "warm_blood", "teeth")
KINDS = ("action", "always")


class GeneCard(NamedTuple):
    key: str
    name: str
    kind: str  # "action" or "always"
    move: str  # the move kind only this gene allows, or ""
    min_players: int
    text: str


def parse_genes(data: Any, name: str = "genes.yaml") -> tuple[GeneCard, ...]:
    """Check and convert the gene file's document; every problem names the file and the gene."""
    if not isinstance(data, dict) or not data:
        raise DataError(f"{name}: expected a mapping from gene keys to cards")
    cards = []
    for key, entry in data.items():
        where = f"{name}: gene {key!r}"
        if not isinstance(entry, dict):
            raise DataError(f"{where}: expected a mapping with name, kind and text")
        for field in ("name", "kind", "text"):
            if not isinstance(entry.get(field), str) or not entry[field]:
                raise DataError(f"{where}: '{field}' must be a non-empty text")
        if entry["kind"] not in KINDS:
            raise DataError(f"{where}: kind must be one of {', '.join(KINDS)}")
        min_players = entry.get("min_players", 3)
        if not isinstance(min_players, int) or not 3 <= min_players <= 5:
            raise DataError(f"{where}: min_players must be 3, 4 or 5")
        cards.append(GeneCard(str(key), entry["name"], entry["kind"], str(entry.get("move", "")),
                              min_players, entry["text"]))
    missing = [g for g in RULE_GENES if g not in data]
    if missing:
        raise DataError(f"{name}: gene {missing[0]!r} is missing (the rules need it)")
    return tuple(cards)


def load_genes(path: Path) -> tuple[GeneCard, ...]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path.name}: cannot be read ({exc.strerror or exc})") from exc
    except yaml.YAMLError as exc:
        raise DataError(f"{path.name}: is not valid YAML ({exc})") from exc
    return parse_genes(data, path.name)


def _standard_genes() -> tuple[GeneCard, ...]:
    from urland.resources import asset_path

    return load_genes(asset_path("genes.yaml"))


GENE_CARDS: tuple[GeneCard, ...] = _standard_genes()
CARD: dict[str, GeneCard] = {c.key: c for c in GENE_CARDS}
GENES: tuple[str, ...] = tuple(CARD)
GENE_NAMES: dict[str, str] = {c.key: c.name for c in GENE_CARDS}
NOT_WITH_THREE_PLAYERS = frozenset(c.key for c in GENE_CARDS if c.min_players > 3)

GENE_INDEX = {g: i for i, g in enumerate(GENES)}
BIT = {g: 1 << i for i, g in enumerate(GENES)}
GENE_OF_MOVE = {c.move: BIT[c.key] for c in GENE_CARDS if c.move}  # move kind → gene bit

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


def genes_for_players(players: int) -> list[str]:
    """The gene cards used at a table of `players`, in card order (set-up step 7)."""
    return [c.key for c in GENE_CARDS if c.min_players <= players]


def gene_name(gene: str) -> str:
    return CARD[gene].name


def genes_in(mask: int) -> list[str]:
    return [g for i, g in enumerate(GENES) if mask >> i & 1]


def parse_gene(text: str) -> str:
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    if key not in GENE_INDEX:
        raise ValueError(f"unknown gene {text!r}")
    return key
