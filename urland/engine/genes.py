"""The eleven genes (rules section 7). Their texts for players live in assets/texts/genes.yaml."""

from __future__ import annotations

GENES: tuple[str, ...] = (
    "assimilation",
    "legs",
    "care_of_young",
    "egg",
    "wings",
    "muscles",
    "ears",
    "stinkglands",
    "turbo",
    "warm_blood",
    "teeth",
)
GENE_NAMES: dict[str, str] = {
    "assimilation": "Assimilation",
    "legs": "Legs",
    "care_of_young": "Care of Young",
    "egg": "Egg",
    "wings": "Wings",
    "muscles": "Muscles",
    "ears": "Ears",
    "stinkglands": "Stinkglands",
    "turbo": "Turbo",
    "warm_blood": "Warm Blood",
    "teeth": "Teeth",
}
NOT_WITH_THREE_PLAYERS = frozenset({"stinkglands", "muscles"})

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


def genes_in(mask: int) -> list[str]:
    return [g for i, g in enumerate(GENES) if mask >> i & 1]


def parse_gene(text: str) -> str:
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    if key not in GENE_INDEX:
        raise ValueError(f"unknown gene {text!r}")
    return key
