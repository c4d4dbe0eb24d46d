"""A record names the edition it was dealt with (its cards, board and rules version), and opens
with it whatever the data files say now: after an update that adds a twelfth gene card and
re-tunes another's table size, every file of 0.1.0, every fixture and every save still opens
and replays, while a new game deals the twelfth card."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
import yaml

from urland import resources
from urland.bots.random_bot import random_move
from urland.engine import FIRST_EDITION, Game, NewerSaveError, SaveError, current_edition
from urland.engine import board as board_module
from urland.engine import genes as genes_module
from urland.engine.edition import CardFacts, Edition, edition_from_doc, edition_to_doc
from urland.engine.save import dumps, load_game, loads, save_game
from urland.master.keeper import RoomKeeper
from urland.net.protocol import ProtocolError
from urland.net.wire import record_from_wire, record_to_wire
from urland.records.history import list_records
from urland.texts import assets as texts

TESTS = Path(__file__).parent
OLD = TESTS / "fixtures" / "v0_1_0"
# Every game file kept as a fixture: those of 0.1.0 and the older saves the tests replay.
SAVES = [OLD / "autosave.yaml", *sorted((OLD / "saves").glob("*.yaml")),
         *sorted((OLD / "history").glob("*.yaml")), *sorted(OLD.glob("*/*.room.yaml")),
         *sorted((TESTS / "games").glob("*.yaml")), TESTS / "saves" / "version1.yaml"]
HABITS = TESTS / "fixtures" / "habit_positions.yaml"  # recorded games of the bots' habit check
TAIL = {"name": "Tail", "kind": "always",
        "text": "A card of a later edition: the rules of this test know it only by its key."}


def positions_of(paths: list[Path]) -> dict[str, tuple]:
    return {path.name: load_game(path)[0].state.key() for path in paths}


def habit_positions() -> list[tuple]:
    """Each recorded habit position, replayed in the first edition (they were recorded by
    0.1.0)."""
    keys = []
    for position in yaml.safe_load(HABITS.read_text(encoding="utf-8")):
        game = Game.new(position["seed"], position["players"], edition=FIRST_EDITION)
        for text in position["moves"].split(";"):
            game.play_text(text.strip())
        keys.append(game.state.key())
    return keys


def forget_the_data() -> None:
    texts.clear()
    board_module.standard_board.cache_clear()


def update_the_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data copied to a scratch folder, with a twelfth card (Tail, in every game) and Ears
    re-tuned to 4 players and more; the game reads its data from there, and the rules know
    Tail's key (as the code of the version that adds it would)."""
    copy = tmp_path / "assets"
    shutil.copytree(resources.assets_dir(), copy, ignore=shutil.ignore_patterns("sounds"))
    cards = yaml.safe_load((copy / "genes.yaml").read_text(encoding="utf-8"))
    cards["ears"]["min_players"] = 4
    cards["tail"] = TAIL
    (copy / "genes.yaml").write_text(yaml.safe_dump(cards, sort_keys=False), encoding="utf-8")
    monkeypatch.setattr(resources, "assets_dir", lambda: copy)
    monkeypatch.setattr(genes_module, "GENES", (*genes_module.GENES, "tail"))
    monkeypatch.setattr(genes_module, "RULE_GENES", genes_module.GENES)
    monkeypatch.setitem(genes_module.GENE_INDEX, "tail", 11)
    monkeypatch.setitem(genes_module.BIT, "tail", 1 << 11)
    forget_the_data()
    return copy


@pytest.fixture
def updated_data(tmp_path, monkeypatch):
    yield update_the_data(tmp_path, monkeypatch)
    monkeypatch.undo()
    forget_the_data()


def test_a_file_of_0_1_0_opens_in_the_first_edition_of_eleven_cards():
    game, _meta = load_game(OLD / "autosave.yaml")
    assert game.options.edition == FIRST_EDITION and len(FIRST_EDITION.cards) == 11
    assert FIRST_EDITION.genes_for(3) == [c.key for c in FIRST_EDITION.cards
                                          if c.key not in ("muscles", "stinkglands")]
    assert FIRST_EDITION.genes_for(4) == FIRST_EDITION.genes_for(5) == list(
        genes_module.GENES[:11])


def test_a_save_names_its_edition_outside_the_sealed_record():
    game = Game.new(5, 4)
    doc = yaml.safe_load(dumps(game))
    assert doc["version"] == 4 and "seed" not in doc
    edition = doc["edition"]
    assert edition["rules"] == 1 and edition["board"]["name"] == "urland"
    assert edition["cards"][0] == {"key": "assimilation", "min_players": 3, "move": "assimilate"}
    assert {"key": "muscles", "min_players": 4} in edition["cards"]
    assert edition_from_doc(edition) == game.options.edition == current_edition()


def test_after_a_twelfth_card_every_old_file_and_fixture_opens_where_it_stood(tmp_path,
                                                                             monkeypatch):
    before = positions_of(SAVES)  # opened with the eleven-card data
    habits = habit_positions()
    assert len(before) == len(SAVES) == 9
    update_the_data(tmp_path, monkeypatch)
    try:
        assert len(current_edition().cards) == 12
        assert positions_of(SAVES) == before
        assert habit_positions() == habits
    finally:
        monkeypatch.undo()
        forget_the_data()


def test_after_a_twelfth_card_a_new_game_deals_it_and_keeps_its_own_edition(updated_data,
                                                                            tmp_path):
    four = Game.new(8, 4)
    assert "tail" in four.state.display + four.state.deck
    assert len(four.state.display + four.state.deck) == 12
    three = Game.new(8, 3)
    assert "tail" in three.state.display + three.state.deck
    assert "ears" not in three.state.display + three.state.deck  # re-tuned to 4 players
    assert len(three.state.display + three.state.deck) == 9
    save_game(four, tmp_path / "new.yaml")
    again, _meta = load_game(tmp_path / "new.yaml")
    assert again.options.edition == four.options.edition != FIRST_EDITION
    assert again.state.key() == four.state.key()


def test_a_game_of_the_twelve_card_edition_is_refused_in_words_by_the_eleven_card_version(
        updated_data, tmp_path, monkeypatch):
    save_game(Game.new(8, 4), tmp_path / "new.yaml")
    monkeypatch.undo()  # back to the eleven-card version, which does not know Tail
    forget_the_data()
    with pytest.raises(NewerSaveError) as refused:
        load_game(tmp_path / "new.yaml")
    assert str(refused.value) == ("new.yaml: made by another version of Urland: this version "
                                  "does not know its gene card tail as that game knew it.")


def test_after_a_twelfth_card_an_old_game_plays_on_and_is_saved_with_its_own_cards(
        updated_data, tmp_path):
    game, meta = load_game(OLD / "autosave.yaml")
    assert game.options.edition == FIRST_EDITION
    r = random.Random(2)
    while not game.over:
        game.play(random_move(game.legal_options(), r))
    save_game(game, tmp_path / "finished.yaml", meta)
    doc = yaml.safe_load((tmp_path / "finished.yaml").read_text(encoding="utf-8"))
    assert [c["key"] for c in doc["edition"]["cards"]] == list(genes_module.GENES[:11])
    again, _meta = load_game(tmp_path / "finished.yaml")
    assert again.over and again.state.key() == game.state.key()


def test_after_a_twelfth_card_the_history_rooms_and_network_record_of_0_1_0_still_replay(
        updated_data, tmp_path):
    history = Path(shutil.copytree(OLD / "history", tmp_path / "history"))
    summaries, problems = list_records(history)
    assert problems == [] and len(summaries) == 1
    served = Path(shutil.copytree(OLD / "server", tmp_path / "server"))
    keeper = RoomKeeper(served)
    rooms = keeper.restore()
    keeper.close(list(rooms.values()))
    assert keeper.problems == [] and [len(r.game.moves) for r in rooms.values()] == [69]
    hosted = Path(shutil.copytree(OLD / "hosted", tmp_path / "hosted"))
    keeper = RoomKeeper(hosted)
    rooms = keeper.restore()
    keeper.close(list(rooms.values()))
    assert [len(r.game.moves) for r in rooms.values()] == [46]
    record = json.loads((OLD / "network-record.json").read_text(encoding="utf-8"))
    game, _seats = record_from_wire(record)
    assert game.over and game.options.edition == FIRST_EDITION


def test_the_network_record_carries_its_edition(updated_data):
    game = Game.new(41, 4)
    r = random.Random(4)
    while not game.over:
        game.play(random_move(game.legal_options(), r))
    wired = json.loads(json.dumps(record_to_wire(game, [{"name": "A", "kind": "human"}] * 4)))
    assert len(wired["edition"]["cards"]) == 12
    again, _seats = record_from_wire(wired)
    assert again.options.edition == game.options.edition
    assert again.notation() == game.notation()
    wired["edition"]["cards"][0]["move"] = "swim"  # Assimilation as no version knows it
    with pytest.raises(ProtocolError, match="another edition"):
        record_from_wire(wired)


@pytest.mark.parametrize("change, words", [
    (lambda e: e.update(cards="eleven"), "damaged (the edition it was dealt with"),
    (lambda e: e["cards"].append(dict(e["cards"][0])), "damaged (the edition it was dealt with"),
    (lambda e: e["cards"][0].update(min_players=9), "damaged (the edition it was dealt with"),
    (lambda e: e.update(rules=2), "made by a newer version of Urland (rules version 2)."),
    (lambda e: e["board"].update(digest="0123456789abcdef"),
     "played on a board this version of Urland does not have."),
])
def test_an_edition_this_version_cannot_deal_is_refused_with_a_sentence(change, words):
    game = Game.new(3, 4)
    r = random.Random(3)
    while not game.over:
        game.play(random_move(game.legal_options(), r))
    doc = yaml.safe_load(dumps(game))
    change(doc["edition"])
    with pytest.raises(SaveError) as refused:
        loads(yaml.safe_dump(doc, sort_keys=False), "game.yaml")
    assert str(refused.value).startswith("game.yaml: ") and words in str(refused.value)


def test_an_edition_reads_back_as_written():
    edition = Edition((CardFacts("legs", 3, "walk"), CardFacts("muscles", 5, "")),
                      FIRST_EDITION.board, 1)
    assert edition_from_doc(json.loads(json.dumps(edition_to_doc(edition)))) == edition
    assert edition.genes_for(4) == ["legs"] and edition.genes_for(5) == ["legs", "muscles"]


def test_an_ocean_renamed_in_the_data_breaks_no_old_file():
    # The digest covers what the rules read (areas, borders, straits, the track), not the names
    # the areas are shown by: correcting an ocean's name keeps every record's board.
    from dataclasses import replace

    from urland.engine import standard_board
    from urland.engine.edition import board_identity

    board = standard_board()
    renamed = replace(board, ocean_names=("Northern Sea", *board.ocean_names[1:]))
    assert board_identity(renamed) == board_identity(board) == FIRST_EDITION.board
    moved = replace(board, end_threshold=board.end_threshold + 1)
    assert board_identity(moved) != board_identity(board)
