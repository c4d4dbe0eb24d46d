"""Settings are kept between runs; a damaged settings file falls back to the defaults."""

from urland import paths
from urland.userfiles.settings import Settings, load_settings, save_settings


def test_settings_round_trip_in_the_user_config_folder(user_home):
    s = Settings(window_width=1920, window_height=1080, fullscreen=True,
                 animation_speed="fast", ai_pause="long")
    save_settings(s)
    assert paths.settings_path().parent == user_home
    assert load_settings() == s


def test_damaged_or_odd_settings_fall_back_to_defaults(user_home):
    user_home.mkdir(parents=True)
    paths.settings_path().write_text("animation_speed: warp\nwindow_width: 10\nai_pause: [\n")
    assert load_settings() == Settings()
    paths.settings_path().write_text("animation_speed: warp\nwindow_width: 10\nfullscreen: 3\n")
    loaded = load_settings()
    assert loaded.animation_speed == "normal" and loaded.window_width == 960
    assert loaded.fullscreen is False


def test_text_size_is_clamped_to_an_offered_step_on_load(user_home):
    user_home.mkdir(parents=True)
    for written, loaded in (("500", 130), ("7", 90), ("112", 115), ("big", 100)):
        paths.settings_path().write_text(f"text_size: {written}\n")
        assert load_settings().text_size == loaded
