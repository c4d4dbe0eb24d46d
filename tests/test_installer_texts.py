"""The texts of the Windows setup program (packaging/windows/texts.nsh) and of the launcher
(packaging/windows/launcher.nsi): every page and message speaks each language in the game's
own tone (informal du, tu, je; French vous, as the game's French), and names Urland as each
language writes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WINDOWS = Path(__file__).resolve().parent.parent / "packaging" / "windows"
SOURCES = (WINDOWS / "texts.nsh", WINDOWS / "launcher.nsi")
LANGUAGES = ("ENGLISH", "GERMAN", "ITALIAN", "FRENCH", "DUTCH")
# forms of the address the game does not use, and of the one it uses: du, je and tu in German,
# Dutch and Italian; vous in French (as the game's French catalogue)
AVOIDED = {"GERMAN": r"\b(Sie|Ihr|Ihre|Ihren|Ihnen|Klicken)\b",
          "FRENCH": r"\b(tu|ton|ta|tes|toi|Clique|Choisis|Fais|Coche)\b",
          "ITALIAN": r"\b(Lei|Suo|Sua|Scegliere|Cliccare)\b", "DUTCH": r"\b(u|uw)\b"}
SPOKEN = {"GERMAN": r"\b(du|dein|deine|deinem|Klicke)\b",
            "FRENCH": r"\b(vous|votre|vos|Cliquez)\b",
            "ITALIAN": r"\b(tuo|tue|Fai|Scegli)\b", "DUTCH": r"\b(je|jou|Klik)\b"}


def strings() -> dict[str, dict[str, str]]:
    table: dict[str, dict[str, str]] = {}
    for source in SOURCES:
        for name, language, text in re.findall(r'^LangString (\w+) \$\{LANG_(\w+)\} "(.*)"$',
                                               source.read_text(encoding="utf-8"), re.MULTILINE):
            table.setdefault(name, {})[language] = text
    return table


def test_every_text_is_there_in_every_language():
    table = strings()
    assert {"WelcomeText", "LicenceBottom", "FinishText", "ExtractFirst"} <= set(table)
    for name, by_language in table.items():
        assert set(by_language) == set(LANGUAGES), name


def test_the_launcher_started_alone_says_to_extract_the_folder_first():
    assert strings()["ExtractFirst"]["ENGLISH"].startswith("Extract the folder first.")
    assert strings()["ExtractFirst"]["GERMAN"].startswith("Entpacke zuerst den Ordner.")


@pytest.mark.parametrize("language", sorted(AVOIDED))
def test_each_language_speaks_as_the_game_does(language):
    texts = [by_language[language] for by_language in strings().values()]
    assert not [t for t in texts if re.search(AVOIDED[language], t)]
    assert any(re.search(SPOKEN[language], t) for t in texts)


def test_french_elides_before_urland():
    french = [by_language["FRENCH"] for by_language in strings().values()]
    assert "Installation d\u2019Urland" in french  # with the typographic apostrophe
    assert not [t for t in french if re.search(r"\bde Urland\b", t)]


def test_the_french_texts_keep_a_no_break_space_before_colons_and_marks():
    """As the game's French catalogue: no ':', ';', '!', '?' or '»' starts a line of the setup
    program's pages, and no '«' ends one."""
    french = [texts["FRENCH"] for texts in strings().values() if "FRENCH" in texts]
    assert any("\u00a0:" in text for text in french)
    breakable = [text for text in french if re.search(r"\s[:;!?»]|«\s", text.replace(
        "\u00a0", ""))]
    assert breakable == []


def test_the_uninstallers_last_page_speaks_in_the_games_words():
    table = strings()
    assert table["RemovedTitle"]["ENGLISH"] == "Urland is uninstalled"
    assert "saved games stay" in table["RemovedSubtitle"]["ENGLISH"]
    installer = (WINDOWS / "installer.nsi").read_text(encoding="utf-8")
    assert '!define MUI_INSTFILESPAGE_FINISHHEADER_TEXT "$(RemovedTitle)"' in installer


def test_the_finish_page_says_where_urland_will_be():
    english = strings()["FinishText"]["ENGLISH"]
    assert english.startswith("You\u2019ll find Urland in the Start menu.")


def test_the_uninstall_page_puts_its_last_sentence_on_a_line_of_its_own():
    # one long paragraph wrapped by the page left "on." alone on its last line
    for language, text in strings()["RemoveTop"].items():
        assert text.count("$\\r$\\n") == 1, language


def test_french_puts_a_no_break_space_before_double_punctuation():
    french = [by_language["FRENCH"] for by_language in strings().values()]
    assert not [t for t in french if re.search(r" [:;!?]", t)]
    assert any("\u00a0:" in t for t in french)


def test_the_launchers_message_box_is_titled_urland():
    launcher = (WINDOWS / "launcher.nsi").read_text(encoding="utf-8")
    assert re.search(r'^Caption "Urland"$', launcher, re.MULTILINE)


def test_the_uninstallers_last_words_fit_on_one_line_of_its_header():
    # the header's second line holds about 60 characters; longer, the last word wraps alone
    for language, text in strings()["RemovedSubtitle"].items():
        assert len(text) <= 64, language
