"""The pending decision's prompt (a key and its values, from the engine) as a sentence, from the
sentence catalogue (assets/texts/sentences.yaml)."""

from __future__ import annotations

from collections.abc import Sequence

from urland.engine import Prompt
from urland.texts.i18n import _, fmt
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


def turn_heading(turn: int, epoch: int) -> str:
    """'Turn 3  ·  Epoch 1', over the table and the replay."""
    return fmt("Turn {turn}  ·  Epoch {epoch}", turn=turn, epoch=epoch)


def table_kind_line(kinds: Sequence[str]) -> str:
    """New game's line under the seats: what kind of table these seats make (`kinds`: each
    seat's kind, 'human', 'online' or a computer level)."""
    humans, online = kinds.count("human"), kinds.count("online")
    if online:
        return (_("Online: friends join from their own computers; the game opens to them "
                  "when you press Start.") if humans <= 1 else
                _("Online, with several players at this screen: they pass it behind a "
                  "hand-over screen."))
    if humans > 1:
        return _("One screen, passed around: secrets are shown only after a hand-over screen.")
    return _("Solo against the computer.") if humans else _("Watch the computer play.")
