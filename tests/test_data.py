"""One source for each fact: gene cards from assets/genes.yaml, player-count numbers from one
table, the gene price from one function."""

import pytest
from positions import BLACK, GREY, table

from urland.engine import (
    PLAYER_COUNTS,
    DataError,
    gene_cards,
    gene_name,
    gene_price,
    new_game,
    numbers_for,
)
from urland.engine.genes import RULE_GENES, parse_genes
from urland.texts.genes import gene_texts


def card(**fields):
    return {"name": "Legs", "kind": "action", "text": "Walk.", **fields}


def test_the_rules_screen_shows_the_engines_gene_cards():
    texts = gene_texts()
    assert list(texts) == [c.key for c in gene_cards()] == list(RULE_GENES)
    assert all(texts[c.key]["name"] == gene_name(c.key) == c.name for c in gene_cards())
    assert gene_name("care_of_young") == "Care of Young"


def test_genes_left_out_with_three_players_come_from_the_gene_file():
    used = {p: set(new_game(1, p).display + new_game(1, p).deck) for p in PLAYER_COUNTS}
    assert used[4] == used[5] == set(RULE_GENES)
    assert used[3] == set(RULE_GENES) - {"muscles", "stinkglands"}


@pytest.mark.parametrize("data,why", [
    ([], "expected a mapping"),
    ({"legs": "Legs"}, "gene 'legs': expected a mapping"),
    ({"legs": card(kind="passive")}, "kind must be one of action, always"),
    ({"legs": card(name="")}, "'name' must be a non-empty text"),
    ({"legs": card(min_players=6)}, "min_players must be 3, 4 or 5"),
    ({"legs": card()}, "gene 'assimilation' is missing"),
    ({"gills": card()}, "gene 'gills': unknown"),
])
def test_a_broken_gene_file_is_refused_naming_the_gene(data, why):
    with pytest.raises(DataError, match=why):
        parse_genes(data, "genes.yaml")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_set_up_follows_the_player_count_table(players):
    numbers = numbers_for(players)
    s = new_game(3, players)
    assert s.double_chips == [numbers.double_turn_chips] * players
    assert len(s.display) == numbers.genes_on_display
    # an Ichto on each dealt region and on the 2 regions whose chips the neighbours pass
    assert all(s.on_land(seat) == numbers.chips_dealt + 2 for seat in range(players))
    assert s.reserve == [7 if players == 3 else 8] * players  # rules 3, step 6


def test_unknown_player_counts_are_refused():
    with pytest.raises(ValueError, match="3, 4 or 5"):
        numbers_for(6)


def test_the_gene_price_is_the_bid_plus_the_genes_owned():
    s = table("genes=-.legs+ears.-.- bids=0.2.1.0")
    assert gene_price(s, BLACK) == 4
    assert gene_price(s, BLACK, bid=5) == 7  # what a bid of 5 would cost
    assert gene_price(s, GREY) == 1
