"""The gene cards' names and texts for players (the engine's assets/genes.yaml, through
urland.texts.assets, which stands in when it cannot be read)."""

from __future__ import annotations

from urland.texts.assets import gene_texts

__all__ = ["gene_name", "gene_texts"]


def gene_name(gene: str) -> str:
    return gene_texts()[gene]["name"]
