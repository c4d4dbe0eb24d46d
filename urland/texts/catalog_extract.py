"""Babel extractors for the texts kept as data (see babel.cfg), so that the .pot catalogue holds
them beside the code's strings and a translator finds everything in one file.

Each text is extracted with a context naming where it belongs; urland.texts.assets looks them up
with the same contexts:

    sentence:<id>            a sentence template of assets/texts/sentences.yaml
    list:<style>:<part>      a list pattern of the same file
    gene:<key>:name|text     a gene card (assets/genes.yaml)
    ocean                    an ocean's name (assets/board.yaml)
    rules                    a title, text or caption of the rules pages (assets/texts/rules.yaml)
    tutorial                 a title, text or nudge of the tutorial (assets/texts/tutorial.yaml)
    gene:<key>:example       a gene's worked example (assets/texts/gene_examples.yaml)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

import yaml

Found = tuple[int, str, tuple[str, str], list[str]]


def _load(fileobj: BinaryIO) -> Any:
    return yaml.safe_load(fileobj.read().decode("utf-8"))


def _item(context: str, text: str) -> Found:
    return (1, "pgettext", (context, text), [])


def sentence_contexts(data: Any) -> Iterator[tuple[str, str]]:
    for key, template in (data.get("messages") or {}).items():
        yield f"sentence:{key}", template
    for style, pattern in (data.get("lists") or {}).items():
        for part, template in pattern.items():
            yield f"list:{style}:{part}", template


def gene_contexts(data: Any) -> Iterator[tuple[str, str]]:
    for key, card in data.items():
        yield f"gene:{key}:name", card["name"]
        yield f"gene:{key}:text", card["text"]


def board_contexts(data: Any) -> Iterator[tuple[str, str]]:
    for entry in data.get("oceans") or []:
        yield "ocean", entry["name"]


# the keys whose strings players read, in the rules pages and the tutorial (the others are data:
# ids, positions, moves, areas)
TEXT_KEYS = frozenset({"title", "text", "caption", "nudge", "watch"})


def texts_under(node: Any, key: str = "") -> Iterator[str]:
    """Every string under a key of TEXT_KEYS, at any depth."""
    if isinstance(node, str):
        if key in TEXT_KEYS:
            yield node
    elif isinstance(node, list):
        for item in node:
            yield from texts_under(item, key)
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from texts_under(v, str(k))


def rules_contexts(data: Any) -> Iterator[tuple[str, str]]:
    for text in texts_under(data):
        yield "rules", text


def tutorial_contexts(data: Any) -> Iterator[tuple[str, str]]:
    for text in texts_under(data.get("chapters") if isinstance(data, dict) else data):
        yield "tutorial", text


def gene_example_contexts(data: Any) -> Iterator[tuple[str, str]]:
    for key, text in (data or {}).items():
        yield f"gene:{key}:example", text


def _extract(fileobj: BinaryIO, contexts) -> Iterator[Found]:
    for context, text in contexts(_load(fileobj)):
        yield _item(context, text)


def extract_sentences(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    return _extract(fileobj, sentence_contexts)


def extract_genes(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    return _extract(fileobj, gene_contexts)


def extract_board(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    return _extract(fileobj, board_contexts)


def extract_rules(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    return _extract(fileobj, rules_contexts)


def extract_tutorial(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    return _extract(fileobj, tutorial_contexts)


def extract_gene_examples(fileobj, keywords, comment_tags, options) -> Iterator[Found]:
    return _extract(fileobj, gene_example_contexts)
