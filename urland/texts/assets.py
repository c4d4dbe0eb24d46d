"""The texts the game shows, read once and checked: the rules (assets/texts/rules.yaml), the
gene cards (the engine's assets/genes.yaml) and the sentences of events and moves
(assets/texts/sentences.yaml).

A missing or damaged text file never stops the game: the loaders fall back to short stand-ins
(the engine's own sentences, gene keys for names), and `text_problems()` says what is wrong so
that the title screen can tell the player at start. The gene file is rules data as well: when
it cannot be read no game can start, which the start-up check of the board and genes reports.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from urland.engine import GENES, DataError, UserFileError, gene_cards
from urland.engine.files import read_yaml
from urland.resources import asset_path
from urland.texts.messages import Catalogue, MessageError, parse_catalogue

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
def _genes() -> dict[str, dict]:
    try:
        return {c.key: {"name": c.name, "kind": c.kind, "text": c.text} for c in gene_cards()}
    except DataError as exc:
        problem = f"The gene cards cannot be shown: {exc} {REINSTALL}"
        return {g: {"name": g.replace("_", " ").capitalize(), "kind": "action", "text": problem}
                for g in GENES}


@lru_cache(maxsize=1)
def _sentences() -> tuple[Catalogue | None, str]:
    try:
        data = read_yaml(asset_path("texts", "sentences.yaml"))
        return parse_catalogue(data, "sentences.yaml", "messages"), ""
    except (UserFileError, MessageError) as exc:
        return None, (f"The game's sentences cannot be shown, plainer ones are used: {exc} "
                      f"{REINSTALL}")


@lru_cache(maxsize=1)
def gene_examples() -> dict[str, str]:
    """Per gene key, a one-line example for its rules page; {} when the file is unreadable
    (the pages then show the card's text alone)."""
    try:
        data = read_yaml(asset_path("texts", "gene_examples.yaml"))
    except UserFileError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str)}


def rules_text() -> list[dict]:
    """The rules as sections of {title, text}."""
    return _rules()[0]


def gene_texts() -> dict[str, dict]:
    """Per gene (engine key): {name, kind ('always' or 'action'), text}."""
    return _genes()


def sentences() -> Catalogue | None:
    """The sentences of events and moves; None when the file is missing or damaged."""
    return _sentences()[0]


def text_problems() -> list[str]:
    """A sentence for each text file that is missing or damaged (the gene file: see
    urland.startup, since without it no game can start)."""
    return [p for p in (_rules()[1], _sentences()[1]) if p]


def clear() -> None:
    """Forget what was read (tests that damage the files call this)."""
    _rules.cache_clear()
    _genes.cache_clear()
    _sentences.cache_clear()
    gene_examples.cache_clear()
    gene_cards.cache_clear()
