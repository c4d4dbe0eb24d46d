"""Turning the pending decision into the next thing that happens at the table: the dialog a
human answers (behind a hand-over where a secret is shown), a private look, a bot's move or a
hint, computed in the background. The bots watch the table after every move, from their own
seats."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from urland.bots.registry import make_bot
from urland.engine import Move
from urland.loop import let_bots_watch
from urland.texts.i18n import N_, _, fmt

if TYPE_CHECKING:
    from urland.scenes.table import TableScene

# The dialog that asks a human each decision that is not made on the board.
DIALOG_OF = {"choose_chip": "choose_chip", "bid": "auction", "buy": "auction_buy",
             "panic_ears": "ears"}
# Private events that a human seat must be shown behind a hand-over: the dialog that shows them.
# What the curtain says everybody else must not see ({name}: the player the screen goes to),
# translated when drawn.
PRIVATE_LOOKS = {"chips_received": ("peek", N_("the two chips passed to {name}"))}
HANDOVER_WHAT = {"choose_chip": N_("{name}'s three chips"), "bid": N_("{name}'s secret bid")}


class TableGuide(Protocol):
    """A scene that coaches the player at a table it hosts (the tutorial): it may make the
    table wait and turn a human's move away with a friendly sentence instead of playing it."""

    def holds(self) -> bool: ...

    def nudge(self, move: Move) -> str | None: ...


class TurnDriver:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        session = table.session
        self.bots = {i: make_bot(s.kind, session.game.seed * 31 + i)
                     for i, s in enumerate(session.seats) if not s.human}

    def offer_look(self, seat: int, kind: str) -> None:
        """Show a human seat something private (behind a hand-over at a shared screen)."""
        dialog, what = PRIVATE_LOOKS[kind]
        app, table = self.table.app, self.table
        if self.table.session.shared_screen:
            app.open("handover", table=self.table, seat=seat, what=what,
                     then=lambda: app.open(dialog, table=table, seat=seat))
        else:
            app.open(dialog, table=self.table, seat=seat)

    def nudged(self, move: Move) -> bool:
        """The guide turned the acting human's move away: say why, and ask again."""
        table = self.table
        guide = table.guide
        if guide is None or not table.session.actor_is_human():
            return False
        why = guide.nudge(move)
        if why is None:
            return False
        table.say(why)
        table.gestures.cancel()
        table.asked = None  # a dialog that was answered is opened again
        return True

    def help_topic(self) -> str:
        """F1 at the table: the gene under the mouse, else the rules of the pending decision."""
        table = self.table
        gene = table.panel.gene_at(table.hover_pos)
        return f"gene:{gene}" if gene else table.decision.kind

    def retreat_dialog(self) -> None:
        table = self.table
        option = next((o for o in table.decision.options if o.move.kind == "retreat"), None)
        if option is None:
            table.say(_("Nothing to retreat."))
            return
        table.app.open("pick_ichtos", table=table, seat=table.decision.seat,
                       title=_("Retreat to your reserve"), option=option, suggested={})

    def run_ai(self) -> None:
        table = self.table
        seat = table.decision.seat
        key = table.position_key
        table.thinker.ask("bot", key, self.bots[seat].choose, table.session.game.view(seat))
        if table.thinker.seconds("bot") < table.app.settings.pause:
            return
        ready, move = table.thinker.answer("bot", key, block=0.05 if table.app.headless else 0)
        if ready:
            table.submit(move)

    def ask_human(self) -> None:
        """Open the dialog for a human's decision, once per position."""
        table = self.table
        d = table.decision
        key = (table.position_key, d.kind, d.seat)
        if table.asked == key:
            return
        table.asked = key
        seat = table.session.needs_handover()
        if seat is not None:
            table.app.open("handover", table=table, seat=seat, what=HANDOVER_WHAT[d.kind])
        elif d.kind in DIALOG_OF:
            table.app.open(DIALOG_OF[d.kind], table=table, seat=d.seat)

    def ask_hint(self) -> None:
        """The hard bot's advice for the acting human, thought about in the background."""
        table = self.table
        if not table.human_turn() or table.thinker.asked("hint", table.position_key):
            return
        from urland.bots.hints import hint
        from urland.bots.ismcts import HardBot

        bot = HardBot(seed=len(table.session.game.moves), time_limit=0.8)
        table.thinker.ask("hint", table.position_key, lambda seen: hint(seen, bot),
                          table.session.game.view(table.decision.seat))
        table.hint_text = _("Thinking about a hint...")

    def end_turn(self) -> None:
        """End the turn; with actions still unused, ask first (a slip of the hand costs a
        whole turn)."""
        table = self.table
        left = table.decision.actions_left
        if left == 0:
            table.submit(Move("end"))
            return
        table.app.open("confirm", title=_("End your turn?"),
                       text=fmt("You still have {left, plural, one {# action} other "
                                "{# actions}}.", left=left),
                       confirm=_("End turn"), cancel=_("Keep playing"),
                       on_confirm=lambda: table.submit(Move("end")))

    def note(self, events: list) -> None:
        """What a move's events leave to do at the table: the bids to reveal, and private
        looks for human seats (the dead player's chips)."""
        table = self.table
        table.reveal_pending = next((e for e in events if e.kind == "bids_revealed"),
                                    table.reveal_pending)
        table.looks += [(seat, e.kind) for e in events if e.kind in PRIVATE_LOOKS
                        for seat in table.session.humans if e.visible(seat)]
        let_bots_watch(table.session.game.state, self.bots)
