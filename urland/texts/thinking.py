"""The words for the expert's thinking time (Settings, New game): "Normal (1 s)", with the
seconds written as the language writes numbers, translated each time they are shown."""

from __future__ import annotations

from urland.texts.i18n import L_, Lazy, decimal, fmt

THINKING_WORDS: dict[str, Lazy] = {
    "quick": L_("Quick ({seconds} s)"),
    "normal": L_("Normal ({seconds} s)"),
    "deep": L_("Deep ({seconds} s)"),
}


class ThinkingLabel(Lazy):
    """One thinking time's label, its seconds filled in when it is shown."""

    __slots__ = ("seconds",)

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message)
        self.seconds = seconds

    def __str__(self) -> str:
        return fmt(self.message, seconds=seconds_text(self.seconds))

    def __hash__(self) -> int:
        return hash((self.message, self.seconds))


def seconds_text(seconds: float) -> str:
    """'1', '4', '0.25' (or '0,25'): whole seconds without decimals."""
    if seconds == int(seconds):
        return str(int(seconds))
    return decimal(seconds, 2).rstrip("0")


def thinking_labels(times: dict[str, float]) -> list[Lazy]:
    """The label of each thinking time, in the order given (a time without words: its key)."""
    return [ThinkingLabel(THINKING_WORDS[k].message, s) if k in THINKING_WORDS else L_(k)
            for k, s in times.items()]
