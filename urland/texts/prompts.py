"""The pending decision's prompt (a key and its values, from the engine) as a sentence."""

from __future__ import annotations

from collections.abc import Sequence

from urland.engine import Prompt


def plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def prompt_text(prompt: Prompt, names: Sequence[str]) -> str:
    v = prompt.values
    name = names[v["seat"]] if "seat" in v and v["seat"] >= 0 else ""
    key = prompt.key
    if key == "over":
        return "The game is over."
    if key == "actions":
        left = v["left"]
        return (f"{name}: {left} {plural(left, 'action', 'actions')} left - drag an Ichto "
                "or click an area")
    if key == "double_or_end":
        return f"{name}: hand in a double-turn chip for 2 more actions, or end your turn"
    if key == "end_turn":
        return f"{name}: no actions left - end your turn"
    if key == "choose_chip":
        return f"{name}: choose the scoring chip"
    if key == "bid":
        return f"{name}: place a secret bid"
    if key == "buy":
        return f"{name}: buy a gene" + ("" if v["must"] else " or pass")
    if key == "panic_region":
        return f"Panic! {name}, furthest back, chooses: click a glowing region"
    if key == "panic_ocean":
        return f"Panic! {name}, furthest back, chooses: click a glowing ocean"
    if key == "panic_ears":
        return f"{name}: choose how many of your Ichtos stay on land (Ears)"
    if key == "volcano_ears":
        return f"{name}: click the glowing ocean your Ichtos dive into (Ears)"
    return name


def thinking_text(name: str, age: float) -> str:
    return f"{name} is thinking" + "." * (1 + int(age * 3) % 3)
