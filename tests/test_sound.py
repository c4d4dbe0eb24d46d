"""Sound: the effects are made by a script, play by name at the Settings' volumes, and never
stop a game: muted, without an audio device or without the files, the game plays on in silence."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from urland.app import App, AutoplayOptions
from urland.engine import Event, Game
from urland.ui.sound import AMBIENCE, EFFECTS, EVENT_SOUNDS, SoundBoard, sounds_for
from urland.userfiles.settings import Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"


def test_the_sound_script_writes_exactly_the_files_in_the_repository(tmp_path):
    for run in ("first", "second"):
        done = subprocess.run([sys.executable, str(ROOT / "packaging" / "make_sounds.py"),
                               "--out", str(tmp_path / run)], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in (tmp_path / "first").glob("*.wav"))
    assert made == sorted(p.name for p in SOUNDS.glob("*.wav"))
    for name in made:
        first = (tmp_path / "first" / name).read_bytes()
        assert first == (tmp_path / "second" / name).read_bytes(), name
        assert first == (SOUNDS / name).read_bytes(), f"{name} differs from the script's output"


def test_every_effect_and_the_sea_are_small_mono_wavs():
    import wave

    for name in (*EFFECTS, AMBIENCE):
        with wave.open(str(SOUNDS / f"{name}.wav")) as f:
            assert (f.getnchannels(), f.getsampwidth(), f.getframerate()) == (1, 2, 22050)
            seconds = f.getnframes() / f.getframerate()
        assert 0.03 < seconds <= (8.0 if name == AMBIENCE else 2.0), name
    assert sum(p.stat().st_size for p in SOUNDS.glob("*.wav")) < 2_000_000


def test_every_mapped_event_kind_has_an_effect_and_a_batch_sounds_its_weightiest():
    assert set(EVENT_SOUNDS.values()) <= set(EFFECTS)
    batch = [Event("land", {}), Event("track", {}), Event("score", {}),
             Event("eruption", {}), Event("turn", {})]
    assert sounds_for(batch) == ["eruption", "score"]
    assert sounds_for([Event("turn", {}), Event("pass", {})]) == []


def test_effects_play_at_the_settings_volume_and_not_at_all_when_muted():
    pygame.init()
    try:
        settings = Settings(effects_volume=50)
        board = SoundBoard(settings)
        assert board.play("land")
        assert board._sounds["land"].get_volume() == pytest.approx(0.5, abs=0.01)
        settings.muted = True
        assert not board.play("land")
        assert board.play_events([Event("eruption", {})]) == []
        settings.muted, settings.effects_volume = False, 0
        assert not board.play("land")
        assert board.played == ["land"]
    finally:
        pygame.quit()


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    pygame.init()
    try:
        pygame.mixer.quit()

        def no_device(*args, **kwargs):
            raise pygame.error("No available audio device")

        monkeypatch.setattr(pygame.mixer, "init", no_device)
        board = SoundBoard(Settings())
        assert not board.available
        assert not board.play("score")
        assert board.play_events([Event("panic", {})]) == []
        board.start_ambience()
        board.apply_settings()
        assert board.toggle_mute() is True
    finally:
        pygame.quit()


def test_missing_sound_files_mean_silence(tmp_path):
    pygame.init()
    try:
        board = SoundBoard(Settings(), folder=tmp_path)
        assert not board.play("score")
        board.start_ambience()
        assert board._ambience is None
    finally:
        pygame.quit()


def test_the_m_key_mutes_everywhere_and_is_remembered(user_home):
    app = App(Settings(), size=(1280, 720))
    try:
        app.show("title")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0,
                                             unicode="m"))
        app.step(0.016)
        assert app.settings.muted and load_settings().muted
        assert not app.sound.play("hop")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0,
                                             unicode="m"))
        app.step(0.016)
        assert not app.settings.muted
    finally:
        pygame.quit()


def test_typing_an_m_into_a_name_does_not_mute(user_home):
    app = App(Settings(), size=(1280, 720))
    try:
        app.show("title")
        scene = app.open("new_game")
        field = scene.rows[0].name
        field.focus = True
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0,
                                             unicode="m"))
        app.step(0.016)
        assert not app.settings.muted
        assert field.text.endswith("m")
    finally:
        pygame.quit()


@pytest.mark.tour
@pytest.mark.parametrize("muted", [False, True], ids=["sound on", "muted"])
def test_a_whole_autoplayed_game_with_sound(user_home, monkeypatch, muted):
    """Every batch of events the game makes goes to the sound board, as the table does (each
    move of the game's room, the bots' too, is played through `Game.play`)."""
    save_settings(Settings(muted=muted, effects_volume=100, ambience_volume=50))
    app = App(load_settings(), AutoplayOptions(["ai", "ai", "ai"], 4, None, True),
              size=(1280, 720))
    real_play = Game.play

    def play_and_sound(game, move):
        events = real_play(game, move)
        app.sound.play_events(events)
        return events

    monkeypatch.setattr(Game, "play", play_and_sound)
    assert app.run() == 0
    assert app.visited >= {"table", "game_over"}
    if muted:
        assert app.sound.played == []
    else:
        assert {"land", "score", "eruption"} <= set(app.sound.played)


def test_sound_settings_are_kept_and_odd_values_fall_back(user_home):
    from urland import paths

    save_settings(Settings(effects_volume=50, ambience_volume=0, muted=True))
    loaded = load_settings()
    assert (loaded.effects_volume, loaded.ambience_volume, loaded.muted) == (50, 0, True)
    paths.settings_path().write_text("effects_volume: 250\nambience_volume: -3\nmuted: 7\n")
    loaded = load_settings()
    assert (loaded.effects_volume, loaded.ambience_volume, loaded.muted) == (100, 0, False)


def test_the_sea_starts_once_the_title_is_on_screen(user_home, monkeypatch):
    """Opening the sound device and loading the sea would hold up the first frame: the title
    is drawn first, then the sea starts, once."""
    app = App(Settings(ambience_volume=50), size=(1280, 720))
    started: list[bool] = []  # whether a frame was on screen as the sea started
    real_start = SoundBoard.start_ambience

    def start_ambience(board):
        started.append(app.first_frame_at is not None)
        real_start(board)

    def three_frames(dt, real_step=app.step):
        real_step(dt)
        if len(app.frame_times) == 3:
            app.quit()

    monkeypatch.setattr(SoundBoard, "start_ambience", start_ambience)
    monkeypatch.setattr(app, "step", three_frames)
    assert app.run("title") == 0
    assert started == [True]
