"""The autoplay command plays a whole game on screen (dummy video driver) and exits 0."""

import os
import subprocess
import sys

import pytest


@pytest.mark.tour
def test_autoplay_plays_a_whole_game_and_saves_a_picture_of_each_scene(tmp_path):
    shots = tmp_path / "shots"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               URLAND_HOME=str(tmp_path / "home"))
    done = subprocess.run(
        [sys.executable, "-m", "urland", "--autoplay", "--seats", "ai,ai,ai", "--seed", "2",
         "--screenshots", str(shots), "--quit-when-over"],
        env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    names = {p.name.split("-")[0] for p in shots.glob("*.png")}
    assert {"title", "rules", "settings", "new_game", "table", "game_over"} <= names
    # the finished game was autosaved and is a complete, replayable game
    from urland.engine.save import load_game

    game, meta = load_game(tmp_path / "home" / "autosave.yaml")
    assert game.over and len(meta["seats"]) == 3
    # ... kept in the history, and its story was shown
    assert "game_over-story-1280x720.png" in {p.name for p in shots.glob("*.png")}
    (kept,) = (tmp_path / "home" / "history").glob("*.yaml")
    recorded, meta = load_game(kept)
    assert recorded.notation() == game.notation()
    assert meta["result"] == {"scores": game.state.track, "winner": game.state.winner}
    # ... and it replays to the end and back
    replayed = subprocess.run(
        [sys.executable, "-m", "urland", "replay", str(kept), "--autoplay", "--screenshots",
         str(shots)], env=env, capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0, replayed.stderr[-2000:]
    assert (shots / "replay-back-000-1280x720.png").exists()


def test_an_unknown_option_is_refused_with_a_message():
    done = subprocess.run([sys.executable, "-m", "urland", "--colour", "pink"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "unrecognized arguments: --colour pink" in done.stderr
