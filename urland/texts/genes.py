"""The gene cards' names and texts for players (assets/texts/genes.yaml, read and checked by
urland.texts.assets)."""

from __future__ import annotations

from urland.texts.assets import gene_texts

__all__ = ["gene_name", "gene_texts"]


def gene_name(gene: str) -> str:
    return gene_texts()[gene]["name"]
