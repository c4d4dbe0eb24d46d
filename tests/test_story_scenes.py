"""Game over, the story, the history and the replay, driven headless with posted events."""

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
from test_scenes import click, frames

from urland import paths
from urland.engine.save import load_game
from urland.records.history import write_record
from urland.table.session import Session

GAMES = Path(__file__).parent / "games"
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Ben", "kind": "medium"},
         {"name": "Cleo", "kind": "easy"}]


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    frames(app, 1)


def record(k=0, name="medium-3-players", seats=SEATS):
    game, _ = load_game(GAMES / f"{name}.yaml")
    when = datetime(2026, 3, 1, tzinfo=UTC) + timedelta(days=k)
    return write_record(game, seats, paths.history_dir(), when)


def test_game_over_shows_the_result_then_the_story_and_opens_the_replay(app):
    session = Session.from_record(record())
    scene = app.show("game_over", session=session)
    frames(app)
    assert scene.page == "result"
    click(app, (10, 10))  # a click shows every step of the final scoring at once
    assert scene.all_shown()
    click(app, scene.story_tab.rect.center)
    assert scene.page == "story"
    frames(app)
    click(app, scene.replay_button.rect.center)
    assert app.scene.name == "replay"
    key(app, pygame.K_ESCAPE)  # back to the story, where we were
    assert app.scene is scene


def test_the_result_table_keeps_the_final_scoring_back_until_its_steps_are_told(app, monkeypatch):
    from urland.scenes import game_over

    drawn = []
    real_table = game_over.table
    monkeypatch.setattr(game_over, "table", lambda *a: (drawn.append(a[-1]), real_table(*a))[1])
    app.settings.animation_speed = "normal"
    scene = app.show("game_over", session=Session.from_record(record()))
    frames(app, 2)
    told = {str(row.label): row.values for row in drawn[-1]}
    assert told["Final: most Ichtos"] == told["Score"] == ()  # shown as dots
    assert told["Monopolies"]  # what the turns scored is known already
    click(app, (10, 10))
    frames(app)
    told = {str(row.label): row.values for row in drawn[-1]}
    assert told["Score"] == tuple(scene.story.final)


def test_the_story_of_five_players_at_text_size_130_overlaps_nothing(user_home):
    """Its tables had run under the buttons at the foot of the window."""
    from urland.app import App
    from urland.ui import text as text_ui
    from urland.userfiles.settings import Settings

    five = [*SEATS, {"name": "Dora", "kind": "medium"}, {"name": "Emil", "kind": "medium"}]
    session = Session.from_record(record(name="medium-5-players", seats=five))
    for size in ((1280, 720), (960, 540)):
        a = App(Settings(animation_speed="instant", ai_pause="none", text_size=130), size=size)
        try:
            scene = a.show("game_over", session=session)
            frames(a)
            click(a, scene.story_tab.rect.center)
            watch = text_ui.start_watching()  # the story's own frame
            a.draw()
            text_ui.end_frame()
            assert not watch.overlaps, size
            assert all(a.screen.get_rect().contains(b.rect) for b in scene.buttons if b.visible)
        finally:
            text_ui.stop_watching()
            pygame.quit()


def test_at_text_size_130_the_historys_export_field_leaves_its_buttons_clear(user_home):
    from urland.app import App
    from urland.userfiles.settings import Settings

    record()
    for size in ((1280, 720), (960, 540)):
        a = App(Settings(animation_speed="instant", ai_pause="none", text_size=130), size=size)
        try:
            history = a.show("history")
            frames(a)
            shown = [b.rect for b in history.buttons if b.visible]
            assert history.export_field.rect.collidelist(shown) == -1, size
            assert all(a.screen.get_rect().contains(r) for r in shown)
        finally:
            pygame.quit()


def test_the_story_explains_each_source_and_each_moment_on_hover(app):
    session = Session.from_record(record())
    scene = app.show("game_over", session=session, from_history=True)
    frames(app)
    rows = {title: body for _, title, body in scene.hovers}
    assert rows["Jumps"].startswith("Spaces jumped")
    assert "Volcanoes" in rows and "Bites" in rows
    icon = scene.chart.icons[0]
    title, body = scene.chart.hover_text(icon.rect.center)
    assert title.endswith(f"in turn {icon.marks[0].turn}") and body
    turn_title, turn_body = scene.chart.hover_text((scene.chart.plot.right - 2,
                                                    scene.chart.plot.centery))
    assert turn_title == f"After turn {scene.story.turns}"
    assert f"Anna {scene.story.final[0]}" in turn_body


def test_title_history_lists_games_and_deletes_only_after_confirmation(app):
    first, second = record(0), record(1, "medium-4-players",
                                      [*SEATS, {"name": "Dan", "kind": "hard"}])
    title = app.show("title")
    frames(app)
    history_button = next(b for b in title.buttons if b.label == "History")
    click(app, history_button.rect.center)
    scene = app.scene
    assert scene.name == "history"
    assert [r.path for r in scene.records] == [second, first]  # newest first
    frames(app)
    click(app, scene.rows[1][0].center)
    assert scene.selected == 1
    click(app, scene.delete_button.rect.center)
    assert scene.confirming and first.exists()
    click(app, scene.keep_button.rect.center)
    assert not scene.confirming and first.exists()
    click(app, scene.delete_button.rect.center)
    click(app, scene.confirm_button.rect.center)
    assert not first.exists() and second.exists()
    assert [r.path for r in scene.records] == [second]


def test_history_exports_a_record_and_says_why_it_cannot(app, tmp_path):
    path = record()
    scene = app.show("history")
    frames(app)
    out = tmp_path / "exported"
    out.mkdir()
    scene.export_field.text = str(tmp_path / "missing")
    click(app, scene.export_button.rect.center)
    assert "There is no folder" in scene.message
    scene.export_field.text = str(out)
    click(app, scene.export_button.rect.center)
    assert (out / path.name).read_text() == path.read_text()
    assert scene.message.startswith("Exported to")
    assert app.show("history").export_field.text == str(out)  # the folder is offered again


def test_history_first_offers_to_export_to_the_documents_folder(app, monkeypatch, tmp_path):
    from urland import paths

    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(paths.platformdirs, "user_documents_dir", lambda: str(documents))
    assert app.show("history").export_field.text == str(documents)


def test_history_opens_the_story_and_the_replay_and_shows_statistics(app):
    record()
    scene = app.show("history")
    frames(app)
    click(app, scene.story_button.rect.center)
    assert app.scene.name == "story"
    click(app, app.scene.ends[0].rect.center)  # Back
    assert app.scene is scene
    click(app, scene.replay_button.rect.center)
    assert app.scene.name == "replay"
    key(app, pygame.K_ESCAPE)
    click(app, scene.stats_tab.rect.center)
    assert scene.page == "stats"
    assert [(line.label, line.games) for line in scene.people] == [("Anna", 1)]


def test_an_empty_history_says_so(app):
    scene = app.show("history")
    frames(app)
    assert scene.records == [] and not scene.story_button.visible


def test_replay_steps_with_keys_buttons_and_the_slider(app):
    session = Session.from_record(record())
    scene = app.show("replay", session=session, standalone=True)
    frames(app)
    replay = scene.replay
    assert replay.step == 0 and not scene.back_button.enabled
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.step == 2
    key(app, pygame.K_LEFT)
    assert replay.step == 1
    key(app, pygame.K_DOWN)
    assert replay.step == replay.turn_starts[1]
    click(app, scene.end_button.rect.center)
    assert replay.step == replay.last and not scene.next_button.enabled
    click(app, scene.start_button.rect.center)
    assert replay.step == 0
    x = scene.slider.x_of(replay.turn_starts[4] + 1)
    click(app, (x, scene.slider.rect.centery))
    assert replay.step == replay.turn_starts[4]
    assert replay.state.key() == replay.states[replay.turn_starts[4]].key()
    click(app, scene.play_button.rect.center)
    assert scene.playing
    app.step(1.0)
    assert replay.step == replay.turn_starts[4] + 1


def test_the_replay_lights_the_areas_of_the_move(app):
    session = Session.from_record(record())
    scene = app.show("replay", session=session)
    frames(app)
    scene.replay.seek(2)  # the first Ichto player's first landing
    move = session.game.moves[1]
    assert move.kind == "land"
    assert scene.touched() == {move.src, scene.replay.state.root(move.dst)}


def test_the_replay_command_steps_to_the_end_and_back_saving_pictures(tmp_path):
    path = record()
    shots = tmp_path / "shots"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               URLAND_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-m", "urland", "replay", str(path), "--autoplay",
                           "--screenshots", str(shots)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    names = {p.name for p in shots.glob("*.png")}
    last = len(load_game(path)[0].moves)
    assert f"replay-out-{last:03d}-1280x720.png" in names
    assert "replay-back-000-1280x720.png" in names


def test_the_replay_command_refuses_an_unfinished_or_missing_game(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", URLAND_HOME=str(tmp_path / "home"))
    unfinished = tmp_path / "unfinished.yaml"
    unfinished.write_text("format: urland-save\nversion: 1\nseed: 3\nplayers: 3\n"
                          "colours: [0, 1, 2]\nmoves: [chip 12]\n")
    for target, words in ((unfinished, "not finished"), (tmp_path / "none.yaml", "no such")):
        done = subprocess.run([sys.executable, "-m", "urland", "replay", str(target)], env=env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and words in done.stderr


def test_autoplays_picture_of_the_game_over_shows_the_whole_final_scoring(app, tmp_path,
                                                                          monkeypatch):
    from urland.scenes.base import AutoplayOptions

    app.autoplay = AutoplayOptions([], 0, tmp_path, quit_when_over=False)  # --screenshots
    taken: dict[str, tuple[str, bool]] = {}
    save = pygame.image.save

    def noted(surface, path):  # what the scene showed when its picture was taken
        taken[Path(path).name] = (app.scene.page, app.scene.all_shown())
        save(surface, path)
    monkeypatch.setattr(pygame.image, "save", noted)
    scene = app.show("game_over", session=Session.from_record(record()))
    for _ in range(2000):
        if "game_over-1280x720.png" in taken:
            break
        frames(app, 1)
    assert len(scene.steps) > 1
    assert taken["game_over-1280x720.png"] == ("result", True)  # every step, the winner too
