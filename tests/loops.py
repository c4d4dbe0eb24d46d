"""Which of the three test loops runs a test (tests/conftest.py marks them as they are collected).

- `make check`, after each change: lint and the tests marked neither `tour`, `slow` nor
  `integration` (the rules, the engine, the bots' single decisions, files and texts).
- `make test`, before a commit: everything but `tour` and `slow`.
- CI (`.ci/run`): `make test`, `make test-slow` and `make test-tours`: every test.

`integration`: the test opens a window (the `app` fixture or an App of its own), starts a
server, a client or the program itself, so it waits on threads, sockets or processes.
`slow`: a whole game (or many) played by the strong bots, or a search given its full time: the
same checks as the rest, at a cost of seconds of processor time each.

A test is named here by its file and function (all its parameters); a test renamed or moved
stops being marked, and then merely runs in a quicker loop than it should.
"""

from __future__ import annotations

import re

import pytest

# Whole files whose every test opens a window or a server, or starts a program.
INTEGRATION_FILES = frozenset({
    "test_art.py", "test_autoplay.py", "test_board_view.py", "test_bot_registry.py",
    "test_cluster_faults.py", "test_cluster_ownership.py", "test_net_elsewhere.py",
    "test_damaged_language_files.py", "test_files_and_faults.py", "test_files_of_0_1_0.py",
    "test_fixed_shortcuts.py", "test_hostile_files.py", "test_join_form.py",
    "test_keyboard_play.py", "test_languages.py", "test_linux_download.py",
    "test_missing_assets.py", "test_net_commands.py", "test_net_hold.py",
    "test_net_chat_kept.py", "test_net_host_seats.py", "test_net_hostile.py", "test_net_store.py",
    "test_net_layout.py", "test_net_limits.py", "test_net_lobby.py", "test_net_play.py",
    "test_net_resume_host.py", "test_net_screens.py", "test_net_seat_bot.py", "test_net_tls.py",
    "test_playtest_table.py", "test_release_assets.py", "test_review.py",
    "test_rules_pages.py", "test_saved_games.py", "test_scene_lifecycle.py", "test_scenes.py",
    "test_settings_scene.py", "test_sound.py", "test_story_scenes.py", "test_table.py",
    "test_table_feel.py", "test_table_now.py", "test_title_and_new_game.py", "test_tutorial.py",
    "test_unsaved_finished_game.py",
})

# file -> its slow tests: a function's name (every parametrisation of it), or a pattern of the
# test's name with its parameters, where * stands for any text ("test_x[*-expert]").
SLOW_TESTS: dict[str, tuple[str, ...]] = {
    "test_beliefs.py": ("test_the_hard_bot_watches_the_table_between_its_decisions",),
    "test_bot_habits.py": ("test_no_silly_habit_where_an_earlier_bot_slipped[*-hard]",
                           "test_no_silly_habit_where_an_earlier_bot_slipped[*-expert]",
                           "test_whole_games_show_no_silly_habit"),
    "test_bots.py": ("test_every_bot_answers_every_decision_legally_through_whole_games",),
    "test_cluster_faults.py": (  # real serve processes on a real PostgreSQL, whole games
        "test_a_game_through_two_processes_with_the_owner_killed_mid_turn_ends_the_same_everywhere",
        "test_the_clients_of_a_killed_owner_keep_their_seats_and_every_view_they_were_told",
        "test_two_processes_started_at_once_on_one_room_leave_it_one_owner_and_one_game",
        "test_a_database_restarted_mid_game_loses_nothing_and_the_game_plays_on",
        "test_a_process_whose_clock_is_an_hour_off_takes_over_as_any_other",
        "test_a_change_the_database_refuses_is_taken_back_and_sent_again"),
    "test_chip_styles.py": (
        "test_each_seats_styles_are_told_the_chips_that_seat_laid_and_no_others",
        "test_a_chip_scored_just_before_an_epoch_ends_is_still_seen_revealed_by_every_other_seat",
        "test_the_hard_bot_still_reads_every_chip_as_laid_by_the_board"),
    "test_event_sentences.py": ("test_every_event_of_many_random_games_has_its_sentence",),
    "test_expert.py": ("test_the_expert_answers_every_decision_legally_through_a_whole_game",),
    "test_fuzz_files.py": (
        "test_every_damaged_file_gives_a_sentence_or_a_sound_file_never_a_crash",),
    "test_review.py": (  # each judges a whole game's decisions with the review's full search
        "test_the_review_marks_a_planted_blunder_as_the_costliest_decision",
        "test_two_jobs_on_one_review_judge_each_decision_once",
        "test_the_review_page_opens_from_the_game_over_screen_and_from_history",
        "test_the_review_page_fits_with_nothing_drawn_over_anything",
        "test_a_hinted_ichto_action_is_never_marked_by_the_review"),
    "test_net_store.py": (
        "test_a_room_made_again_while_its_bots_write_the_last_games_end_is_played_by_its_bots",),
    "test_sound.py": ("test_the_sound_script_writes_exactly_the_files_in_the_repository",),
    "test_story_scenes.py": ("test_the_replay_command_steps_to_the_end_and_back_saving_pictures",),
}


def mark(item: pytest.Item) -> None:
    """Give a collected test the markers of the loops it is kept out of."""
    name = item.path.name
    fixtures = getattr(item, "fixturenames", ())
    if name in INTEGRATION_FILES or "app" in fixtures or "postgres_server" in fixtures:
        item.add_marker(pytest.mark.integration)
    function = getattr(item, "originalname", item.name)
    if any(function == slow or _matches(item.name, slow) for slow in SLOW_TESTS.get(name, ())):
        item.add_marker(pytest.mark.slow)


def _matches(name: str, pattern: str) -> bool:
    """Does a test's name with its parameters match `pattern` (* for any text, else literal)?"""
    return re.fullmatch(".*".join(map(re.escape, pattern.split("*"))), name) is not None
