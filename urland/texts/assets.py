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
from urland.texts import i18n
from urland.texts.catalog_extract import TEXT_KEYS
from urland.texts.i18n import _, fmt, pgettext
from urland.texts.messages import GLUES, PLURAL_RULES, Catalogue, MessageError, parse_catalogue
from urland.texts.problems import problem_text


def reinstall() -> str:
    return _("Reinstalling Urland restores the game's own files.")


def _text_entry(entry: Any, keys: tuple[str, ...]) -> bool:
    return isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in keys)


@lru_cache(maxsize=1)
def _rules() -> tuple[list[dict], str]:
    try:
        data = read_yaml(asset_path("texts", "rules.yaml"))
    except UserFileError as exc:
        problem = (fmt("The rules text cannot be shown: {detail}", detail=problem_text(exc))
                   + " " + reinstall())
    else:
        if isinstance(data, list) and data and all(_text_entry(e, ("title", "text"))
                                                   for e in data):
            return data, ""
        problem = (_("The rules text cannot be shown: rules.yaml: damaged (sections missing).")
                   + " " + reinstall())
    return [{"title": _("The rules are missing"), "text": problem}], problem


@lru_cache(maxsize=1)
def _genes() -> dict[str, dict]:
    try:
        return {c.key: {"name": c.name, "kind": c.kind, "text": c.text, "move": c.move}
                for c in gene_cards()}
    except DataError as exc:
        problem = fmt("The gene cards cannot be shown: {detail}", detail=exc) + " " + reinstall()
        return {g: {"name": g.replace("_", " ").capitalize(), "kind": "action", "text": problem,
                    "move": ""} for g in GENES}


@lru_cache(maxsize=1)
def _sentences() -> tuple[Catalogue | None, str]:
    try:
        data = read_yaml(asset_path("texts", "sentences.yaml"))
        return parse_catalogue(data, "sentences.yaml", "messages"), ""
    except (UserFileError, MessageError) as exc:
        return None, (fmt("The game's sentences cannot be shown, plainer ones are used: {detail}",
                          detail=exc) + " " + reinstall())


_in_context = pgettext  # the contexts are made here: not a text to extract


def gene_examples() -> dict[str, str]:
    """Per gene key, a one-line example for its rules page, in the current language; {} when
    the file is unreadable (the pages then show the card's text alone)."""
    return _gene_examples_in(i18n.language())


@lru_cache(maxsize=8)
def _gene_examples_in(language: str) -> dict[str, str]:
    return {key: _in_context(f"gene:{key}:example", text)
            for key, text in _gene_examples().items()}


@lru_cache(maxsize=1)
def _gene_examples() -> dict[str, str]:
    try:
        data = read_yaml(asset_path("texts", "gene_examples.yaml"))
    except UserFileError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str)}


def rules_text() -> list[dict]:
    """The rules as sections of {title, text, ...}, in the current language (the texts under the
    keys of catalog_extract.TEXT_KEYS, at any depth; the same list until the language changes)."""
    return _rules_in(i18n.language())


@lru_cache(maxsize=8)
def _rules_in(language: str) -> list[dict]:
    return [translated_texts(section, "rules") for section in _rules()[0]]


def translated_texts(node: Any, context: str, key: str = "") -> Any:
    """`node` (YAML data) with each text players read in the current language."""
    if isinstance(node, str):
        return _in_context(context, node) if key in TEXT_KEYS else node
    if isinstance(node, list):
        return [translated_texts(item, context, key) for item in node]
    if isinstance(node, dict):
        return {k: translated_texts(v, context, str(k)) for k, v in node.items()}
    return node


def gene_texts() -> dict[str, dict]:
    """Per gene (engine key): {name, kind ('always' or 'action'), text, move (the kind of
    the move an action gene makes, or '')}, in the current language (the same mapping until
    the language changes)."""
    return _genes_in(i18n.language())


@lru_cache(maxsize=8)
def _genes_in(language: str) -> dict[str, dict]:
    return {key: {"name": _in_context(f"gene:{key}:name", card["name"]),
                  "kind": card["kind"],
                  "text": _in_context(f"gene:{key}:text", card["text"]),
                  "move": card["move"]}
            for key, card in _genes().items()}


def sentences() -> Catalogue | None:
    """The sentences of events and moves in the current language; None when the file is missing
    or damaged."""
    return _translated(i18n.language())


@lru_cache(maxsize=8)
def _translated(language: str) -> Catalogue | None:
    source = _sentences()[0]
    if source is None:
        return None
    messages = {key: pgettext(f"sentence:{key}", template)
                for key, template in source.messages.items()}
    lists = {style: {part: pgettext(f"list:{style}:{part}", template)
                     for part, template in pattern.items()}
             for style, pattern in source.lists.items()}
    return Catalogue(messages, lists, PLURAL_RULES.get(language, source.plural),
                     GLUES.get(language, source.glue))


def text_problems() -> list[str]:
    """A sentence for each text file that is missing or damaged (the gene file: see
    urland.userfiles.startup, since without it no game can start)."""
    return [p for p in (_rules()[1], _sentences()[1]) if p]


def clear() -> None:
    """Forget what was read (tests that damage the files call this)."""
    _rules.cache_clear()
    _genes.cache_clear()
    _sentences.cache_clear()
    _translated.cache_clear()
    _gene_examples.cache_clear()
    for cached in (_rules_in, _genes_in, _gene_examples_in):
        cached.cache_clear()
    gene_cards.cache_clear()
