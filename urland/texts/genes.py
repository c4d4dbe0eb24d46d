"""The gene cards' names and texts for players (assets/texts/genes.yaml)."""

from __future__ import annotations

from functools import lru_cache

import yaml

from urland.resources import asset_path


@lru_cache(maxsize=1)
def gene_texts() -> dict[str, dict]:
    return yaml.safe_load(asset_path("texts", "genes.yaml").read_text(encoding="utf-8"))


def gene_name(gene: str) -> str:
    return gene_texts()[gene]["name"]
