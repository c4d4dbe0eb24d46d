"""Scoring a region and the score track, rules section 5, R2 and R6."""

from positions import BLACK, PURPLE, WHITE, at, play, table, texts

from urland.engine.scoring import move_markers, newly_reached_mutations, score_region


def score(s, number):
    region = s.board.parse_area(str(number))
    score_region(s, s.root(region), number)


def test_empty_region_scores_nothing():
    s = table("track=1.2.3.4")
    score(s, 7)
    assert s.track == [1, 2, 3, 4]
    assert "Region 7 is scored: empty. Nobody scores." in texts(s)


def test_monopoly_scores_3():
    s = table("track=1.2.3.4 ichtos=7:0.0.4.0")
    score(s, 7)
    assert s.track == [1, 2, 7, 4]  # 3 empty spaces from 3: 5, 6, 7 (4 jumped)


def test_coexistence_scores_2_each_and_nobody_leaves():
    s = table("track=10.20.30.40 ichtos=7:2.2.0.2")
    score(s, 7)
    assert at(s, "7") == [2, 2, 0, 2]
    assert s.track == [12, 22, 30, 42]


def test_rulebook_competition_4_3_2_1():
    # Purple 4, Black 3, Grey 2, White 1: White's Ichto leaves; Purple 3, Black and Grey 2.
    s = table("track=10.20.30.40 ichtos=4:1.3.2.4")
    score(s, 4)
    assert at(s, "4") == [0, 3, 2, 4]
    assert s.reserve[WHITE] == 27
    assert s.track == [10, 22, 32, 43]
    assert ("Region 4 is scored: competition. White's 1 Ichto returns to reserve. "
            "Purple +3 points, Black +2 points, Grey +2 points.") in texts(s)


def test_rulebook_competition_4_4_1_1():
    # Purple 4, Black 4, Grey 1, White 1: both 1s leave; both 4s score 3.
    s = table("track=10.20.30.40 ichtos=4:1.4.1.4")
    score(s, 4)
    assert at(s, "4") == [0, 4, 0, 4]
    assert s.track == [10, 23, 30, 43]


def test_rulebook_leapfrog_white_2_then_black_3():
    # Black on 5, White on 6, Grey on 8. White (ahead) moves first: 7, jumps Grey, lands 9.
    # Black then moves 6, 7, jumps Grey and White, lands 10.
    s = table("track=6.5.8.1")
    move_markers(s, {WHITE: 2, BLACK: 3})
    assert s.track == [9, 10, 8, 1]


def test_the_log_says_how_many_markers_a_marker_jumped_so_its_points_add_up():
    # The same leapfrog: White scores 2 and travels 3 spaces, Black scores 3 and travels 5.
    s = table("track=6.5.8.1")
    move_markers(s, {WHITE: 2, BLACK: 3, PURPLE: 1})
    assert [e.data["jumped"] for e in s.events if e.kind == "track"] == [1, 2, 0]
    assert texts(s) == [
        "White's marker moves from 6 to 9 (it jumps over 1 marker: an occupied space does not "
        "count).",
        "Black's marker moves from 5 to 10 (it jumps over 2 markers: occupied spaces do not "
        "count).",
        "Purple's marker moves from 1 to 2.",
    ]


def test_the_scorings_details_in_the_log_say_why_a_marker_went_further_than_its_points():
    from urland.texts.events import event_sentence
    from urland.texts.log import log_entries

    # Region 1: White 1, Black 2. Black scores 3 from 4, jumps White (5) and Purple (6).
    s = table("track=5.4.3.6 ichtos=1:1.2.0.0")
    score(s, 1)
    names = ["Anna", "Ben", "Cleo", "Dora"]
    (entry,) = log_entries(s.events, lambda e: event_sentence(e, names), names)
    assert entry.details[-2:] == [
        "Ben +3 points",
        "Ben's marker: 4 -> 9, jumping 2 markers (their spaces do not count)",
    ]


def test_r2_each_mutation_space_triggers_once_two_at_once_give_two():
    s = table("track=11.2.3.4")
    move_markers(s, {WHITE: 6})  # 11 -> 17: passes 12 and 16
    assert newly_reached_mutations(s) == 2
    move_markers(s, {BLACK: 11})  # 2 -> 13 (3 and 4 jumped... passes 12 again)
    assert newly_reached_mutations(s) == 0
    move_markers(s, {WHITE: 4})  # 17 -> 21
    assert newly_reached_mutations(s) == 1


def test_r6_muscles_two_beat_two_but_lose_to_three():
    s = table("track=10.20.30.40 genes=muscles.-.-.- ichtos=5:2.2.0.0")
    score(s, 5)
    assert at(s, "5") == [2, 0, 0, 0]  # Black's 2 are the least: they leave
    assert s.track == [13, 20, 30, 40]

    s = table("track=10.20.30.40 genes=muscles.-.-.- ichtos=5:2.3.0.0")
    score(s, 5)
    assert at(s, "5") == [0, 3, 0, 0]


def test_r6_muscles_one_beats_one():
    s = table("track=10.20.30.40 genes=-.muscles.-.- ichtos=5:1.1.0.0")
    score(s, 5)
    assert at(s, "5") == [0, 1, 0, 0]
    assert s.track == [10, 23, 30, 40]


def test_r6_muscles_without_ichtos_there_does_nothing():
    s = table("track=10.20.30.40 genes=-.muscles.-.- ichtos=5:1.0.1.0")
    score(s, 5)
    assert at(s, "5") == [1, 0, 1, 0]  # coexistence between White and Grey
    assert s.track == [12, 20, 32, 40]


def test_scoring_a_turn_lays_the_chip_on_its_volcano_space():
    s = table("ichtos=12:0.0.0.2")
    play(s, "end")
    play(s, "end")
    assert 12 in s.board_chips and s.chosen == -1
    assert s.track[PURPLE] == 7  # from 4: 5, 6, 7
    assert s.seen[12] == 0b1111  # revealed to everybody
