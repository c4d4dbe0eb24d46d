"""The rules and gene texts the game shows (assets/texts/), read once and checked.

A missing or damaged text file never stops the game: the loaders fall back to short stand-ins
(the gene names the engine knows), and `text_problems()` says what is wrong so that the title
screen can tell the player at start.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from urland.engine import UserFileError
from urland.engine.files import read_yaml
from urland.engine.genes import GENE_NAMES
from urland.resources import asset_path

GENE_KINDS = ("always", "action")
REINSTALL = "Reinstalling Urland brings it back."


def _text_entry(entry: Any, keys: tuple[str, ...]) -> bool:
    return isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in keys)


@lru_cache(maxsize=1)
def _rules() -> tuple[list[dict], str]:
    try:
        data = read_yaml(asset_path("texts", "rules.yaml"))
    except UserFileError as exc:
        problem = f"The rules text cannot be shown: {exc} {REINSTALL}"
    else:
        if isinstance(data, list) and data and all(_text_entry(e, ("title", "text"))
                                                   for e in data):
            return data, ""
        problem = ("The rules text cannot be shown: rules.yaml: damaged (sections missing). "
                   f"{REINSTALL}")
    return [{"title": "The rules are missing", "text": problem}], problem


@lru_cache(maxsize=1)
def _genes() -> tuple[dict[str, dict], str]:
    try:
        data = read_yaml(asset_path("texts", "genes.yaml"))
    except UserFileError as exc:
        problem = f"The gene cards cannot be shown: {exc} {REINSTALL}"
    else:
        if isinstance(data, dict) and all(
                _text_entry(data.get(g), ("name", "kind", "text"))
                and data[g]["kind"] in GENE_KINDS for g in GENE_NAMES):
            return {g: data[g] for g in GENE_NAMES}, ""
        problem = ("The gene cards cannot be shown: genes.yaml: damaged (a gene is missing). "
                   f"{REINSTALL}")
    stand_ins = {g: {"name": name, "kind": "action", "text": problem}
                 for g, name in GENE_NAMES.items()}
    return stand_ins, problem


def rules_text() -> list[dict]:
    """The rules as sections of {title, text}."""
    return _rules()[0]


def gene_texts() -> dict[str, dict]:
    """Per gene (engine key): {name, kind ('always' or 'action'), text}."""
    return _genes()[0]


def text_problems() -> list[str]:
    """A sentence for each text file that is missing or damaged."""
    return [p for p in (_rules()[1], _genes()[1]) if p]


def clear() -> None:
    """Forget what was read (tests that damage the files call this)."""
    _rules.cache_clear()
    _genes.cache_clear()
