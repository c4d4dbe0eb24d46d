"""A game held on a server, behind the table's door: the seats played on this computer.

`RemoteTable` fills `TableDoor` from what the server sends the seats played here (their views,
their logs, the events of moves made elsewhere) and sends back their moves. It never holds
anything of another seat's: the true state stays on the server. A host may play several seats
at one screen (hot-seat): each has its own connection and token, so each is sent exactly its
own seat's view and secret events, as a friend's client would be, and the server needs no
notion of a client that speaks for several seats. The shared screen then shows the public view
between hand-over curtains. A seat whose client says a bot plays it (`join --autoplay`) is
played by its link, as `join --autoplay` plays it without a window (`urland.net.link`): the
table only shows its moves, as it shows everybody else's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping, Sequence

from urland.engine import (
    Decision,
    Event,
    Game,
    IllegalMoveError,
    Move,
    PlayerView,
    is_legal,
    parse_move,
    standard_board,
    view,
)
from urland.net.client import CHAT_NOTICE, Mirror
from urland.net.link import LinkLost, NetLink
from urland.net.resend import Resend
from urland.seats import is_person
from urland.table.now import SeatNow, TableNow
from urland.table.presence import connection_lost_text
from urland.table.session import Seat, Session
from urland.texts.i18n import _, fmt
from urland.userfiles import save_status

SETTLE_SECONDS = 0.3  # how long a frame waits for the seats played here to hear one position


def public_view(seen: PlayerView) -> PlayerView:
    """What a spectator may know, worked out from one seat's view: that seat's secrets (its
    chips, its bid) hidden again. A shared screen shows this between the curtains."""
    state = seen.state
    own = [c for c in state.hand if c >= 0] + ([state.chosen] if state.chosen >= 0 else [])
    redacted = view(state, None)
    return PlayerView(None, redacted.state, tuple(sorted({*seen.unseen_chips, *own})))


def _notice(code: str, mine: str) -> tuple[str, str]:
    """A line the server said to this seat alone, by its code (`mine`: this seat's name)."""
    if code == "renamed":
        return "Urland", fmt("The name you chose is taken at this table (or looks like one "
                             "taken): the others see you as {name}.", name=mine)
    if code == "chat-rate":
        return "Urland", _("You are chatting too fast: that line was not sent to the others. "
                           "Wait a moment and say it again.")
    return "Urland", _("The server did not pass that line on.")


class RemoteTable:
    """`TableDoor` over one `NetLink` per seat played here; every other seat elsewhere."""

    def __init__(self, link: NetLink | Sequence[NetLink],
                 on_leave: Callable[[], None] | None = None, hosting: bool = False) -> None:
        """`hosting`: this computer hosts the game (leaving it disconnects the friends)."""
        links = [link] if isinstance(link, NetLink) else list(link)
        self.link = links[0]  # the first seat played here: its mirror tells the public news
        self.links = {lk.mirror.seat: lk for lk in links}
        # a bot plays the seats here (`join --autoplay`): nobody at this screen decides
        self.autoplay = all(lk.seat_bot is not None for lk in links)
        self.on_leave = on_leave
        self.hosting = hosting
        self.left = False
        self._board = standard_board()
        self._shown: dict[int, int] = {}  # per seat here: events of its log already given
        self.patient = False  # frames that run back to back wait a little for the server
        # A move the server's disk refused, sent again by itself: (seat, position, move).
        self._refused_move: tuple[int, int, Move] | None = None
        self._resend = Resend()
        for seat, lk in self.links.items():
            with lk.changed:
                self._shown[seat] = len(lk.mirror.log)
        mirror = self.link.mirror
        self._seats = [Seat(name, colour, kind) for name, colour, kind in zip(
            mirror.names, mirror.colours, mirror.kinds, strict=True)]
        self._now: tuple[Hashable, TableNow] | None = None
        save_status.record_online(self)  # a crash message tells where this game is kept

    def now(self) -> TableNow:
        """The table's snapshot, built once per position and again whenever the news of the
        seats (who is connected, stood in for, joined; the game started) or of this side's
        connections changes."""
        key = (self.position(), self._presence())
        if self._now is None or self._now[0] != key:
            self._now = (key, self._build_now())
        return self._now[1]

    def _presence(self) -> Hashable:
        """What a snapshot depends on besides the position: news that moves no piece."""
        m = self.link.mirror
        links = tuple((lk.online, lk.gone, lk.host_left, lk.client.refusal, lk.mirror.view,
                       lk.mirror.can_undo) for lk in self.links.values())
        return (links, tuple(m.names), tuple(m.kinds), tuple(m.connected), tuple(m.stand_in),
                tuple(m.stand_in_at), tuple(m.joined), m.lobby, m.over, m.restarts,
                tuple(m.host), self.autoplay)

    def _build_now(self) -> TableNow:
        m, links = self.link.mirror, self.links
        viewer = self.me if len(links) == 1 else None
        over = m.over
        cut_off = not over and not all(lk.online for lk in links.values())
        host_seats = _host_seats(m, links, self.hosting)
        host_name = m.names[host_seats[0]] if host_seats else None
        seats = tuple(SeatNow(s.name, s.colour, s.kind,
                              _seat_status(m, links, i, cut_off, host_seats),
                              m.stand_in_at[i] if i < len(m.stand_in_at) else None)
                      for i, s in enumerate(_named(self._seats, m)))
        actor = self._seat_view(self.me).state.actor
        decision = Decision.of(self.view(actor if actor in links else None).state)
        deciding = self._deciding_link(decision, over)
        waited = _seat_status(m, links, decision.seat, cut_off, host_seats) == "away"
        return TableNow(
            position=self.position(), board=self._board, view=self.view(None),
            decision=decision, log=tuple(self.log(viewer)), seats=seats,
            here=() if self.autoplay else tuple(sorted(links)), viewer=viewer,
            shared_screen=len(links) > 1 and not self.autoplay, over=over, waiting=m.lobby,
            cut_off=cut_off,
            save_problem=_save_problem(m, links, host_name,
                                       m.names[decision.seat] if waited else None),
            settled=_settled(links),
            can_undo=deciding is not None and deciding.mirror.can_undo and deciding.mirror.my_turn,
            moves_played=m.at,
            bots_here={seat: (lk.client.bot, lk.bot_seed) for seat, lk in links.items()
                       if lk.seat_bot is not None},
            plays_bots=False,  # the server's bots, and a seat's own (its link's), play them
            online=True, host_name=host_name, host_seats=tuple(host_seats),
            server_restarts=m.restarts)

    @property
    def me(self) -> int:
        seat = self.link.mirror.seat
        assert seat is not None
        return seat

    def hold(self, held: bool) -> None:
        """The server's game goes on whatever this table shows."""

    def position(self) -> Hashable:
        return tuple((lk.mirror.at, len(lk.mirror.log)) for lk in self.links.values())

    def _settle(self) -> None:
        deadline = time.monotonic() + SETTLE_SECONDS
        while not _settled(self.links) and time.monotonic() < deadline:
            time.sleep(0.005)

    def view(self, seat: int | None = None) -> PlayerView:
        if seat is None and len(self.links) > 1:
            return public_view(self._seat_view(self.me))
        return self._seat_view(self.me if seat is None else seat)

    def _seat_view(self, seat: int) -> PlayerView:
        if seat not in self.links:
            raise ValueError("only the views of the seats played here are known here")
        seen = self.links[seat].mirror.view
        assert seen is not None
        return seen

    def log(self, seat: int | None) -> list[Event]:
        if seat is None and len(self.links) > 1:
            return [e for e in self.link.mirror.log if e.visible_to is None]
        return list(self.links[self.me if seat is None else seat].mirror.log)

    def last_decided(self, seat: int) -> tuple[int, PlayerView] | None:
        return None  # a client keeps no past positions: its news start when it joins

    def play(self, move: Move) -> list[Event]:
        mover = self.now().decision.seat
        if mover not in self.links:
            raise IllegalMoveError(_("That move is not allowed now."))
        seen = self._seat_view(mover)
        if not seen.my_turn or not is_legal(seen.state, move):
            raise IllegalMoveError(_("That move is not allowed now."))
        try:
            refused = self.links[mover].play(move)
        except LinkLost:
            raise IllegalMoveError(_("The server did not answer: the move was not played. "
                                     "Try again in a moment.")) from None
        if refused and self.links[mover].mirror.refused_code == "not-kept":
            self._refused_move = (mover, self.links[mover].mirror.at, move)
            self._resend.refused()
            raise IllegalMoveError(_("The server could not keep this move, so it was not "
                                     "played yet: it is sent again by itself in a moment."))
        if refused:
            raise IllegalMoveError(refused)
        self._settle()
        return self.arrived()

    def _send_refused_again(self) -> None:
        """The resend rule (`urland.net.resend`): a move the server's disk refused is sent
        again after a growing wait, for the position it answered, until the position moves
        on or the tries are spent. Once the position has moved on the move is dropped (kept at
        last, or an AI that stood in for the seat played a move of its own meanwhile: the
        server's next update names whichever an undo would take back)."""
        if self._refused_move is None:
            return
        seat, at, move = self._refused_move
        link = self.links[seat]
        if link.mirror.at != at or link.mirror.over:  # kept at last, or the game moved on
            self._refused_move = None
            self._resend.settled()
        elif self._resend.now():
            self._resend.refused()  # the next wait, should this try be refused too
            link.send_again(move, at)
        elif self._resend.given_up:
            self._refused_move = None

    def arrived(self) -> list[Event]:
        self._send_refused_again()
        lead = self.link
        with lead.changed:
            if self.patient and len(lead.mirror.log) == self._shown[self.me]:
                lead.changed.wait(0.01)
        if not _settled(self.links):
            return []  # the seats here hear of a move a moment apart: take it next frame
        news: list[Event] = []
        for seat, lk in self.links.items():
            with lk.changed:
                log = lk.mirror.log
                start = min(self._shown[seat], len(log))  # an undo cut the log back
                new, self._shown[seat] = log[start:], len(log)
            # The public events once (from the first seat), each seat's secrets from its own.
            news += new if seat == self.me else [e for e in new if e.visible_to is not None]
        return news

    def _deciding_link(self, decision: Decision, over: bool) -> NetLink | None:
        """The link of the seat played here that decides (none under autoplay, or at the
        end)."""
        if self.autoplay or over:
            return None
        return self.links.get(decision.seat)

    def undo(self) -> Move | None:
        now = self.now()
        lk = self._deciding_link(now.decision, now.over)
        if lk is None or not (lk.mirror.can_undo and lk.mirror.my_turn):
            return None
        undoable = lk.mirror.undoable  # (the server tells it: a seat taken back knows it too)
        try:
            refused = lk.undo()
        except LinkLost:
            return None
        if refused:
            return None
        self._settle()
        self.arrived()
        return self._move_written(undoable) or Move("end")

    def _move_written(self, text: str) -> Move | None:
        """The move the server wrote `text` for (None when it wrote none, or one this
        board does not read)."""
        if not text:
            return None
        try:
            return parse_move(text, self._board)
        except (ValueError, IllegalMoveError):
            return None

    def chat_lines(self) -> list[tuple[str, str]]:
        """What the players said (the last lines kept), oldest first: (name, text); a line
        the server refused to pass on is said here in the player's language."""
        mirror = self.link.mirror
        mine = mirror.names[mirror.seat] if mirror.seat is not None and mirror.seat < len(
            mirror.names) else ""
        return [_notice(text, mine) if name == CHAT_NOTICE else (name, text)
                for name, text in mirror.chat]

    def chat_places(self) -> list[int]:
        """Beside each of `chat_lines`, where it was said: how many events of `log(viewer)`
        came before it (a line sent again after a reconnect goes back to its place)."""
        mirror = self.link.mirror
        places = list(mirror.chat_places)
        if len(self.links) == 1:  # one seat here: the table shows its own log
            return places
        log = mirror.log  # a shared screen's log: the public events only
        return [sum(1 for e in log[:n] if e.visible_to is None) for n in places]

    def chat_count(self) -> int:
        """How many lines have come since the start: the window logs each new one once."""
        return self.link.mirror.chat_count

    def chat(self, text: str) -> bool:
        """Say `text` as the seat here that decides now (several people may share this
        screen), else as the first seat played here. While the connection is lost the line
        waits and goes once it is back (False: too many wait already, the line is not taken)."""
        now = self.now()
        seat = now.decision.seat if not now.over else None
        return self.links.get(seat, self.link).chat(text)

    def unsent_chat(self) -> list[str]:
        """The lines said here that wait for the connection to come back, oldest first."""
        return [text for lk in self.links.values() for text in lk.unsent]

    def leave(self) -> None:
        if self.left:
            return  # left once already (a finished game's table, then the title)
        self.left = True
        for lk in self.links.values():
            lk.close()  # the seats stay ours: their tokens are kept to come back with
        if self.on_leave is not None:
            self.on_leave()

    def finished(self) -> Session:
        record: Game | None = self.link.mirror.record
        if record is None:
            raise ValueError("the game is not over: its secrets are not open yet")
        session = Session(record, [Seat(s.name, s.colour, s.kind)
                                   for s in _named(self._seats, self.link.mirror)])
        session.record = self.link.record_path
        if self.link.record_path is None and self.link.history_dir is not None:
            session.record_error = _("The game could not be kept in the history.")
        return session


def _named(seats: list[Seat], mirror: Mirror) -> list[Seat]:
    """The seats, each with the name and kind the server gives it now (kept as they were
    until it says)."""
    for i, seat in enumerate(seats):
        seat.name = mirror.names[i] if i < len(mirror.names) else seat.name
        seat.kind = mirror.kinds[i] if i < len(mirror.kinds) else seat.kind
    return seats


def _settled(links: Mapping[int, NetLink]) -> bool:
    """Every seat played here has heard of the same position (one connection each: a move
    reaches them a moment apart)."""
    return len({lk.mirror.at for lk in links.values()}) == 1


def _host_seats(mirror: Mirror, links: Mapping[int, NetLink], hosting: bool) -> list[int]:
    """The seats played at the computer that hosts this game, when that is another computer
    (a game hosted from the game); none on a server, none at the host's own."""
    if hosting:
        return []
    return [s for s in mirror.host if s not in links and 0 <= s < len(mirror.names)]


def _seat_status(mirror: Mirror, links: Mapping[int, NetLink], seat: int, cut_off: bool,
                 host_seats: Sequence[int]) -> str:
    """'online' (a person elsewhere), 'away' (one whose connection is lost and whom no AI
    stands in for), 'stand-in' (an AI plays for one who is away), 'to join' (a seat nobody
    has taken yet), '' (a seat played here, or the computer)."""
    m = mirror
    if seat in links or seat >= len(m.kinds) or not is_person(m.kinds[seat]):
        return ""
    if cut_off and seat in host_seats:
        return "away"  # their computer holds the game: cut off from it, so are they
    if seat < len(m.stand_in) and m.stand_in[seat]:
        return "stand-in"
    if not m.has_joined(seat):
        return "to join"
    if seat < len(m.connected) and not m.connected[seat]:
        return "away"
    return "online"


def host_left(door: RemoteTable) -> bool:
    """The host stopped hosting this game (left it, loaded another, quit) while it was being
    played: the seat comes back only if they host it again."""
    return any(lk.host_left for lk in door.links.values())


def _connection_problem(links: Mapping[int, NetLink], host: str | None) -> str | None:
    """The connection to the game, lost for now or for good, in a sentence: the host by name
    (`host`) in a game hosted from the game, the server in a server's game."""
    if host is not None and any(lk.host_left for lk in links.values()):
        return fmt("{name}, the host, closed this game. Your seat is kept: should they host it "
                   "again, you are back in it.", name=host)
    for lk in links.values():
        if lk.gone and lk.client.refusal:
            if host is not None:
                return fmt("{name}, the host, no longer takes your seat: {why}", name=host,
                           why=lk.client.refusal)
            return fmt("The server no longer takes your seat: {why}", why=lk.client.refusal)
    if any(lk.gone for lk in links.values()):
        if host is not None:
            return fmt("{name}, the host, cannot be reached any more. Your seat is kept: "
                       "join again with the same room code once they host the game "
                       "again.", name=host)
        return _("The server cannot be reached any more. Your seat is kept: join again "
                 "with the same room code later.")
    if not all(lk.online for lk in links.values()):
        return connection_lost_text(host)
    return None


def _save_problem(mirror: Mirror, links: Mapping[int, NetLink], host: str | None,
                  waited: str | None) -> str | None:
    """What keeps the game from going on: a lost connection, a player who is away (but not
    `waited`, the one deciding, whom the banner waits for)."""
    lost = _connection_problem(links, host)
    if lost is not None:
        return lost
    if mirror.over:
        return None
    away = [name for name in mirror.waiting_for() if name != waited]
    if away:  # the one deciding is waited for in the banner, not here as well
        return fmt("Waiting for {name} to reconnect.", name=", ".join(away))
    return None
