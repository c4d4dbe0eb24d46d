"""The translation catalogues (assets/locale): complete, up to date with the code, compiled, and
every translated template uses the same values as its English source and can be filled in."""

import gettext
import io
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
