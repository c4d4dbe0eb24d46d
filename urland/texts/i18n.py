"""The language the game speaks: gettext catalogues (assets/locale/<code>/LC_MESSAGES/urland.mo)
looked up at the moment a text is drawn, so switching language needs no restart.

    _("New game")                 # the current language's words for an English text
    L_("New game")                # the same, each time it is drawn (labels made once)
    N_("New game")                # marks a text for the catalogue; translated later with _()
    fmt("{n, plural, one {# game} other {# games}}", n=3)   # translated, then filled in
    pgettext("gene:legs:name", "Legs")                        # a text with a context
    LP_("title screen", "Continue")                           # the same, each time it is drawn

English is the source language (no catalogue). "qps" is a pseudo-language made on the fly: every
text comes back in markers (see PSEUDO_OPEN), so a test can find text that never went through the
catalogue. The sentence templates of assets/texts/*.yaml are in the same catalogues (their ids as
contexts, see urland/texts/catalog_extract.py).
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from urland.resources import asset_path
from urland.texts.messages import GLUES, PLURAL_RULES, english_plural, format_message, no_glue

DOMAIN = "urland"
SOURCE = "en"  # the language the texts are written in (no catalogue)
log = logging.getLogger("urland.languages")


def _own_name(mo: Path) -> str:
    """The language's name in its own words, which its catalogue gives as the translation of
    "English" in the context "language name"; ValueError when the file cannot be read."""
    try:
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f).pgettext("language name", "English")
    except Exception as exc:  # truncated or empty: struct.error; wrong magic: OSError; ...
        raise ValueError(f"{type(exc).__name__}: {exc}") from None


def _found_languages(folder: Path) -> tuple[dict[str, str], dict[str, str]]:
    """English, then every language with a compiled catalogue in `folder`, each in its own
    words: a new language is one folder (see the README), found here, in the Makefile and by
    the tests alike. A damaged catalogue is still offered, by its code (choosing it gives
    English and a sentence); the second dict says why each damaged one cannot be read."""
    found, damaged = {SOURCE: "English"}, {}
    for mo in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
        code = mo.parent.parent.name
        try:
            own = _own_name(mo)
        except ValueError as exc:
            own, damaged[code] = code, str(exc)
        found[code] = own if own != "English" else code
    return found, damaged


# code -> the language in its own words; code -> why its catalogue cannot be read
LANGUAGES, DAMAGED = _found_languages(asset_path("locale"))
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


_language = "en"
_translations: gettext.NullTranslations = gettext.NullTranslations()
_broken = ""  # the language whose catalogue was there but could not be read


def locale_dir() -> str:
    return str(asset_path("locale"))


def known(code: str) -> bool:
    return code in LANGUAGES or code == PSEUDO


def set_language(code: str) -> None:
    """Speak `code` from now on (an unknown code or a missing catalogue: English; a damaged
    catalogue: English, and `broken_catalogue()` names it)."""
    global _language, _translations, _broken
    _broken = ""
    if code == PSEUDO:
        _language, _translations = code, _Pseudo()
    elif code in DAMAGED:
        _speak_english_for(code, DAMAGED[code])
    elif code in LANGUAGES and code != "en":
        try:
            _translations = gettext.translation(DOMAIN, locale_dir(), languages=[code])
            _language = code
        except FileNotFoundError:
            _language, _translations = "en", gettext.NullTranslations()
        except Exception as exc:  # damaged since the start: struct.error, OSError, ...
            _speak_english_for(code, f"{type(exc).__name__}: {exc}")
    else:
        _language, _translations = "en", gettext.NullTranslations()


def _speak_english_for(code: str, why: str) -> None:
    global _language, _translations, _broken
    _language, _translations, _broken = "en", gettext.NullTranslations(), code
    report_damaged(code, why)


_reported: set[str] = set()


def report_damaged(code: str, why: str) -> None:
    """Say in the log, once per language, that its catalogue cannot be read."""
    if code not in _reported:
        _reported.add(code)
        log.warning("the language file for %s (%s) cannot be read (%s); English is used "
                    "instead", code, Path(locale_dir()) / code / "LC_MESSAGES" / f"{DOMAIN}.mo",
                    why)


def broken_catalogue() -> str:
    """The language last asked for when its catalogue is damaged ('' otherwise)."""
    return _broken


def language() -> str:
    return _language


def system_language() -> str:
    """The system's language when the game speaks it, English otherwise."""
    candidates = [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def _(message: str) -> str:
    return _translations.gettext(message) if message else message


def N_(message: str) -> str:
    return message


class Lazy:
    """An English text translated each time it is shown (`str(text)`): for labels made once and
    drawn for as long as the scene lives, across changes of language."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message

    def __str__(self) -> str:
        return _(self.message)

    def __repr__(self) -> str:
        return f"L_({self.message!r})"

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.message)

    def __bool__(self) -> bool:
        return bool(self.message)

    def __getattr__(self, name: str) -> Any:  # the text's own methods: startswith, upper ...
        return getattr(str(self), name)

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __lt__(self, other: object) -> bool:
        return str(self) < str(other)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def L_(message: str) -> Lazy:
    return Lazy(message)


class LazyInContext(Lazy):
    """As Lazy, for a text whose English means different things in different places
    (`LP_("title screen", "Continue")`): its context tells the translator which."""

    __slots__ = ("context",)

    def __init__(self, context: str, message: str) -> None:
        super().__init__(message)
        self.context = context

    def __str__(self) -> str:
        return pgettext(self.context, self.message)

    def __repr__(self) -> str:
        return f"LP_({self.context!r}, {self.message!r})"

    def __hash__(self) -> int:
        return hash((self.context, self.message))


def LP_(context: str, message: str) -> LazyInContext:
    return LazyInContext(context, message)


Text = str | Lazy  # what a widget shows: a text, or one translated when drawn


def pgettext(context: str, message: str) -> str:
    return _translations.pgettext(context, message) if message else message


def decimal(value: float, places: int = 1) -> str:
    """A number with decimals as the language writes it ('30.5', '30,5')."""
    text = f"{value:.{places}f}"
    return text if _language in ("en", PSEUDO) else text.replace(".", ",")


def plural_rule() -> Callable[[int], str]:
    return PLURAL_RULES.get(_language, english_plural)


def fmt(template: str, **values: Any) -> str:
    """`template` translated, then filled in (the syntax of urland.texts.messages)."""
    return format_message(_(template), values, plural_rule(), GLUES.get(_language, no_glue))
