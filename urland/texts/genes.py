"""The gene cards' names and texts for players, from the engine's one gene data file
(assets/genes.yaml)."""

from __future__ import annotations

from functools import lru_cache

from urland.engine import GENE_CARDS
from urland.engine import gene_name as gene_name


@lru_cache(maxsize=1)
def gene_texts() -> dict[str, dict]:
    """Each gene card's name, kind and text, in card order."""
    return {c.key: {"name": c.name, "kind": c.kind, "text": c.text} for c in GENE_CARDS}
