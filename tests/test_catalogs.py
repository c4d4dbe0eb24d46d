"""The translation catalogues (assets/locale): complete, up to date with the code, compiled, and
every translated template uses the same values as its English source and can be filled in."""

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from urland.texts.i18n import LANGUAGES
from urland.texts.messages import (
    PLURAL_RULES,
    MessageError,
    format_message,
    placeholder_names,
)

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
KEYWORDS = {"_": None, "N_": None, "L_": None, "fmt": None, "pgettext": ((1, "c"), 2),
            "LP_": ((1, "c"), 2),
            "refuse": None, "Refusal": None}


def catalogue(code):
    with (LOCALE / code / "LC_MESSAGES" / "urland.po").open("rb") as f:
        return read_po(f, locale=code)


def keys(catalog):
    return {(m.context, m.id) for m in catalog if m.id}


def test_the_template_holds_every_text_of_the_code_and_the_data_files():
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS):
        found.add((context, message))
    with (LOCALE / "urland.pot").open("rb") as f:
        pot = keys(read_po(f))
    assert found - pot == set(), "run `make catalogs`: texts missing from urland.pot"
    assert pot - found == set(), "run `make catalogs`: urland.pot holds texts no longer used"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_is_complete_and_nothing_is_fuzzy(code):
    with (LOCALE / "urland.pot").open("rb") as f:
        pot = keys(read_po(f))
    po = catalogue(code)
    assert keys(po) == pot
    empty = [m.id for m in po if m.id and not m.string]
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert empty == [] and fuzzy == [] and not po.fuzzy


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_the_game_reads_matches_the_po_file(code):
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(code))
    buffer.seek(0)
    fresh = gettext.GNUTranslations(buffer)
    with (LOCALE / code / "LC_MESSAGES" / "urland.mo").open("rb") as f:
        shipped = gettext.GNUTranslations(f)
    assert without_compiler(shipped._catalog) == without_compiler(fresh._catalog), \
        "run `make catalogs` to compile the .mo"


def without_compiler(catalog: dict) -> dict:
    """The catalogue less the header line naming the Babel release that compiled it: a newer
    Babel compiles the same texts."""
    header = "\n".join(line for line in catalog.get("", "").split("\n")
                       if not line.startswith("Generated-By:"))
    return {**catalog, "": header}


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_use_the_same_values_and_fill_in_for_every_number(code):
    plural = PLURAL_RULES[code]
    for m in catalogue(code):
        if not m.id or "{" not in m.id:
            continue
        source, target = placeholder_names(m.id), placeholder_names(m.string)
        assert target == source, (m.context, m.id, m.string)
        for n in (0, 1, 2, 5, 21):
            values = dict.fromkeys(source, n)
            try:
                format_message(m.string, values, plural)
            except MessageError as exc:  # pragma: no cover - the message says which
                pytest.fail(f"{code}: {m.string!r}: {exc}")


def test_french_says_zero_in_the_singular_and_the_others_in_the_plural():
    template = "{n, plural, one {# Ichto} other {# Ichtos}}"
    assert format_message(template, {"n": 0}, PLURAL_RULES["fr"]) == "0 Ichto"
    assert format_message(template, {"n": 0}, PLURAL_RULES["de"]) == "0 Ichtos"
    assert format_message(template, {"n": 1}, PLURAL_RULES["nl"]) == "1 Ichto"


def test_the_languages_are_the_catalogue_folders_each_named_in_its_own_words():
    folders = {p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/urland.mo")}
    assert set(LANGUAGES) == {"en"} | folders
    assert LANGUAGES["de"] == "Deutsch" and LANGUAGES["fr"] == "Français"


def test_a_new_language_is_one_folder_with_its_catalogue(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog

    from urland.texts import i18n

    new = Catalog(locale="pl")
    new.add("English", "Polski", context="language name")
    folder = tmp_path / "locale" / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "urland.mo").open("wb") as f:
        write_mo(f, new)
    (tmp_path / "locale" / "xx" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "locale" / "xx" / "LC_MESSAGES" / "urland.mo").write_bytes(b"not a catalogue")
    found, damaged = i18n._found_languages(tmp_path / "locale")
    # a damaged catalogue is offered by its code: choosing it says it cannot be read
    assert found == {"en": "English", "pl": "Polski", "xx": "xx"} and list(damaged) == ["xx"]


# French sets a no-break space before : ; ! ? » and after «, so that no mark starts a line and
# no « ends one: the catalogue's U+00A0 (docs/glossary.md), or the narrow U+202F.
FRENCH_SPACED_BEFORE = ":;!?\u00bb"
NO_BREAK_SPACES = "\u00a0\u202f"


def compiled_french() -> list[str]:
    with (LOCALE / "fr" / "LC_MESSAGES" / "urland.mo").open("rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog
    return [text for key, text in catalog.items() if key]


def french_spacing_faults(text: str) -> list[str]:
    """Each place in `text` where French typography wants a no-break space and has none (a
    mark inside a word, as in host:port or 4:58, is no fault)."""
    faults = []
    for i, ch in enumerate(text):
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        inside_a_word = before and not before.isspace() and after and not after.isspace()
        if (ch in FRENCH_SPACED_BEFORE and before and before not in NO_BREAK_SPACES
                and (ch == "\u00bb" or not inside_a_word)):
            faults.append(text[max(0, i - 20):i + 2])
        if ch == "\u00ab" and (not after or after not in NO_BREAK_SPACES):
            faults.append(text[i:i + 20])
    return faults


def test_french_puts_a_no_break_space_before_colons_and_marks_and_inside_guillemets():
    texts = compiled_french()
    assert any("\u00a0:" in t for t in texts) and any("\u00ab\u00a0" in t for t in texts)
    faults = {t: f for t in texts if (f := french_spacing_faults(t))}
    assert faults == {}
    assert french_spacing_faults("Fin du tour : la région 7 est décomptée !") != []
    assert french_spacing_faults("hôte:port, par exemple 192.168.1.20:8765.") == []
    # a narrow no-break space will do too; an ordinary one (before the colon) will not
    assert len(french_spacing_faults("«\u202fFin du tour\u202f» : c'est fini\u00a0!")) == 1


def test_no_french_line_starts_with_a_mark_or_ends_with_a_guillemet_however_narrow():
    import pygame

    from urland.ui.caches import clear_caches
    from urland.ui.text import wrap

    pygame.font.init()
    clear_caches()  # fonts made before another test's pygame.quit() are gone
    for text in compiled_french():
        for width in (120, 200, 330):
            lines = wrap(text, 20, width)
            starts = [line for line in lines if line[:1] in FRENCH_SPACED_BEFORE]
            ends = [line for line in lines if line.rstrip().endswith("\u00ab")]
            assert starts == [] and ends == [], (text, width, lines)


# A letter standing alone in a text is a key (End turn (E), M sound on or off, Ctrl+Z).
KEY_LETTER = re.compile(r"(?<![\w{#'\u2019-])([B-HJ-Z])(?![\w}'\u2019-])")


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_names_the_same_shortcut_letters_as_the_english(code):
    """The letters are fixed keys, the same in every language: a sentence that names one in
    English names it in every translation."""
    changed = []
    for m in catalogue(code):
        if not m.id:
            continue
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        translations = m.string if isinstance(m.string, tuple) else (m.string,)
        letters = set(KEY_LETTER.findall(" ".join(sources)))
        for translated in translations:
            if not letters <= set(KEY_LETTER.findall(translated)):
                changed.append((sources[0], translated))
    assert changed == []
