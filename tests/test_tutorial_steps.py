"""Learn to play, every step (playtest 4, defects 1 and 12): played by keys with other choices
than the prepared ones, each step shows the game its chapter opened with plus the moves played
since (the player's and the computers'), nothing else; a chapter either goes on in the very
game the chapter before left, or opens at its prepared position with a card that says so.
Which chapter does which is read from the tutorial's own data, so a new step is checked too."""

from test_tutorial_follows import drive_with_other_choices

from urland.engine import Game


def replayed(game, played):
    """The chapter's opening position with every move since played again on the engine."""
    again = (Game.from_position(game.start.clone(), game.seed) if game.start is not None
             else Game.new(game.seed, game.options.players, game.options.colours, game.board,
                           game.options.edition))
    for move in game.moves[:played]:
        again.play(move)
    return again.state


def play_every_step(app):
    """Every step by keys; per step seen: (chapter, step id, the game, (how many moves it
    had, its position's key), the card's text, the letter size drawn)."""
    seen = []

    def watch(lesson):
        game = lesson.table.door.session.game
        seen.append((lesson.chapter, lesson.step.id, game, (len(game.moves), game.state.key()),
                     lesson.card_text(), lesson.drawn_letters))

    lesson = drive_with_other_choices(app, watch)
    return lesson.script, seen


def test_every_step_shows_only_the_moves_played_or_a_new_position_its_card_announced(app):
    script, seen = play_every_step(app)
    number = {(c, s.id): n for c, chapter in enumerate(script.chapters)
              for n, s in enumerate(chapter.steps)}
    # every step was shown, and a jump's card before the first step of its chapter
    jumps = {(c, "new_position") for c, chapter in enumerate(script.chapters)
             if c and chapter.position}
    assert {(c, s) for c, s, *_rest in seen} == set(number) | jumps
    for c, step, game, (played, key), _card, _letters in seen:
        assert replayed(game, played).key() == key, (script.chapters[c].id, step)
    first_game = {}
    last_game = {}
    for c, step, game, _key, card, _letters in seen:
        first_game.setdefault(c, (game, step, card))
        last_game[c] = game
        assert game is first_game[c][0], (script.chapters[c].id, step)  # one game a chapter
    for c, chapter in enumerate(script.chapters[1:], start=1):
        game, step, card = first_game[c]
        if chapter.follows and not chapter.position:
            assert game is last_game[c - 1], chapter.id  # the player's own game goes on
            assert not card.startswith("A new position"), chapter.id
        else:
            assert step == "new_position" and card.startswith("A new position: "), chapter.id


def test_every_card_of_the_lesson_is_drawn_at_one_letter_size(app):
    _script, seen = play_every_step(app)
    assert len({letters for *_rest, letters in seen if letters}) == 1
