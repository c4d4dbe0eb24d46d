"""The pending decision's prompt (a key and its values, from the engine) as a sentence, from the
sentence catalogue (assets/texts/sentences.yaml)."""

from __future__ import annotations

from collections.abc import Sequence

from urland.engine import Prompt
from urland.texts.words import sentences


def prompt_text(prompt: Prompt, names: Sequence[str]) -> str:
    texts = sentences()
    if texts is None:  # a damaged catalogue was reported at start; keep the banner quiet
        return ""
    values = dict(prompt.values)
    seat = values.get("seat", -1)
    values["seat"] = names[seat] if 0 <= seat < len(names) else ""
    if "must" in values:
        values["must"] = "yes" if values["must"] else "no"
    return texts.say(f"prompt_{prompt.key}", **values)


def thinking_text(name: str, age: float) -> str:
    texts = sentences()
    base = texts.say("thinking", seat=name) if texts is not None else name
    return base + "." * (1 + int(age * 3) % 3)
