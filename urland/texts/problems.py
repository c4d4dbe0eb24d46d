"""A file's problem in the player's language: the engine gives the details of a file it cannot
use ("save.yaml: damaged (not a text file).") as a Refusal, its English template and values,
which are said again here through the catalogue. (Kept apart from urland.texts.refusals, which
needs the sentence file: the loaders of that file report their own problems through this.)"""

from __future__ import annotations

from urland.engine.errors import Refusal
from urland.texts.i18n import fmt
from urland.texts.messages import MessageError


def problem_text(problem: object) -> str:
    """`problem` (an exception, or its message) in the current language; a plain text as it
    is."""
    message = problem.args[0] if isinstance(problem, Exception) and problem.args else problem
    if not isinstance(message, Refusal):
        return str(problem)
    values = {key: problem_text(value) if isinstance(value, Refusal) else value
              for key, value in message.values.items()}
    try:
        return fmt(message.template, **values)
    except MessageError:
        return str(message)
