"""What the player types at the poker prompts, read into moves; and the help they can ask for.

Moves typed at the betting prompt (English or the seed's French)::

    f  fold  couche          fold (only once there is a bet to call)
    k  check  parole         check (before the opening)
    c  call  suivre          call, or check when there is nothing to call
    b 40  bet 40  ouvre 40   bet (open) to 40
    r 120  raise 120  relance 120, r min, r pot
                             raise to 120 (the round's total)
    a  allin  tapis          all-in

At the draw the seed's question comes first, *how many* cards you exchange,
then *which*::

    0  servi  pat            exchange none (« servi »)
    3  draw 3                exchange three: you are then asked which three,
                             by position (1 to 5) or by name (2c 7d 9h);
                             ``back`` there asks how many again
    5                        exchange all five
    2c 7d                    exchange these two (the count is implied)

A move takes only the words it needs: ``c 500`` is refused (a call has one
amount, the one to call; ``c 20`` is accepted when 20 is that amount), and
so is ``r 100 200``. Between hands only Enter (or a command) deals the next
one, and a yes/no question shows its default in capitals, ``[Y/n]``.

At every prompt: ``?`` or ``help`` shows the rules and the commands, ``h``
the last hands, ``q`` leaves the table. End of input (Ctrl-D, or the end of a
script piped on stdin) ends the session cleanly, like ``q``.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..cards import parse_cards
from ..errors import Error, ParseError
from .actions import Action, Move, Phase, SeatView
from .boardgames import HOLDEM_TABLE

__all__ = ["MoveError", "QuitGame", "ShowHelp", "ShowHistory", "ChooseCards", "CountAgain", "parse_move",
           "parse_which", "parse_pause", "parse_yes_no", "legal_summary", "command", "HOLDEM_HELP",
           "DRAW_HELP", "BACK_HINT"]


class MoveError(ParseError):
    """A prompt entry that is not a legal move; the message is the hint shown."""


class QuitGame(Exception):
    """The human asked to leave (``q``) or the input ended."""


class ShowHelp(Exception):
    """The player asked for the rules and commands (``?`` or ``help``)."""


class ShowHistory(Exception):
    """The player asked for the last hands (``h``)."""


class ChooseCards(Exception):
    """At the draw, the player said how many cards (``count``); which ones is asked next."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


class CountAgain(Exception):
    """At the draw's second question, the player went back to say how many cards again."""


_WORDS = {
    "f": Move.FOLD, "fold": Move.FOLD, "couche": Move.FOLD, "coucher": Move.FOLD,
    "k": Move.CHECK, "x": Move.CHECK, "check": Move.CHECK, "parole": Move.CHECK,
    "c": Move.CALL, "call": Move.CALL, "suivre": Move.CALL, "suis": Move.CALL, "voir": Move.CALL,
    "b": Move.BET, "bet": Move.BET, "ouvre": Move.BET, "ouvrir": Move.BET, "open": Move.BET,
    "r": Move.RAISE, "raise": Move.RAISE, "relance": Move.RAISE, "relancer": Move.RAISE,
}
_ALL_IN = {"a", "allin", "all-in", "all", "tapis", "shove"}
_QUIT = {"q", "quit", "exit", "quitter"}
_HELP = {"?", "help", "aide"}
_HISTORY = {"h", "history", "historique"}
_STAND_PAT = {"servi", "pat", "-", "0", "none", "stand", "keep"}
_DRAW_WORDS = {"draw", "exchange", "change", "discard", "d"}
_BACK = {"back", "b", "retour", "<"}
_YES = {"y", "yes", "o", "oui"}
_NO = {"n", "no", "non"}
BACK_HINT = "'back' to change how many"
_ASCII_NUMBER = re.compile(r"[0-9]+")

HOLDEM_HELP = HOLDEM_TABLE.help
"""The hold'em rules and commands (each board game has its own: :attr:`.boardgames.BoardGame.help`)."""

DRAW_HELP = """\
Five-card draw (poker fermé). Everyone antes; five cards each. First betting round, opened by
the player left of the button: before anyone opens you may only check (parole) or open; then
fold, call or raise. The draw: say how many cards you exchange (0 = servi), then which ones,
by position 1-5 or by name; you get as many new ones. Second betting round, then the showdown.
Between hands a broke player may rebuy (se recaver).
Moves: f fold · k check (parole) · c call · b 40 open · r 120 raise to · a all-in (tapis)
Draw: 0 or servi · 3 (then which three: 1 4 5, or 2c 7d 9h; back to change how many)
      · or the cards at once: 2c 7d
At every prompt: ? this help · h the last hands · q leave the table."""


def command(text: str) -> None:
    """Raise the exception for a prompt-wide command (quit, help, history) typed as ``text``."""
    word = text.strip().lower()
    if word in _QUIT:
        raise QuitGame
    if word in _HELP:
        raise ShowHelp
    if word in _HISTORY:
        raise ShowHistory


def legal_summary(view: SeatView) -> str:
    """The legal moves with their keys and amounts, e.g. ``'[f]old · [c]all 20 · ...'``."""
    if view.phase is Phase.DRAW:
        return ("how many cards do you exchange? 0 (servi) to 5 — then you pick which; "
                "or name them at once, e.g. '2c 7d'")
    parts = []
    for action in view.legal:
        if action.move is Move.FOLD:
            parts.append("\\[f]old")
        elif action.move is Move.CHECK:
            parts.append("\\[k] check (parole)")
        elif action.move is Move.CALL:
            all_in = " (all-in)" if action.amount >= view.stack else ""
            parts.append(f"\\[c]all {action.amount}{all_in}")
    if view.raise_bounds is not None:
        low, high = view.raise_bounds
        word = "\\[b]et" if view.legal_move(Move.BET) else "\\[r]aise to"
        limit = " (pot limit)" if view.pot_limit else ""
        parts.append(f"{word} {low}" + (f"…{high}" if high > low else "") + limit)
        if _all_in_allowed(view):
            parts.append(f"\\[a]ll-in {high}")
    return " · ".join(parts)


def _all_in_allowed(view: SeatView) -> bool:
    """True when the highest legal bet or raise puts the whole stack in (always, but for pot limit)."""
    return view.raise_bounds is not None and (not view.pot_limit or view.raise_bounds[1] >= view.bet + view.stack)


def parse_move(text: str, view: SeatView) -> Action:
    """Read one prompt entry as a legal move for ``view``; raises MoveError with a hint.

    At the draw, a number of cards raises :class:`ChooseCards` (which ones are asked next).

    >>> from pokerfsm.games.actions import Phase, SeatView
    >>> view = SeatView("holdem", 0, "flop", Phase.BETTING, (), (), 40, 20, 500, 0, 10, (40, 500),
    ...                 (Action.fold(), Action.call(20), Action.raise_to(40), Action.raise_to(500)), 1)
    >>> [str(parse_move(t, view)) for t in ("c", "r 100", "tapis", "r pot")]
    ['call 20', 'raise to 100', 'raise to 500', 'raise to 80']
    >>> parse_move("k", view)
    Traceback (most recent call last):
    ...
    pokerfsm.games.prompts.MoveError: there is 20 to call: you cannot check; call (c) or fold (f)
    >>> parse_move("c 500", view)
    Traceback (most recent call last):
    ...
    pokerfsm.games.prompts.MoveError: 'c 500': the call is 20, it takes no other amount; to raise to 500, type 'r 500'
    """
    words = text.strip().lower().split()
    if not words:
        raise MoveError(f"type a move: {legal_summary(view)} (? for help)")
    command(text)
    if view.phase is Phase.DRAW:
        return _parse_draw(text, view)
    head, rest = words[0], words[1:]
    match = re.fullmatch(r"([a-z]+)([0-9]+)", head)
    if match and match.group(1) in _WORDS:  # 'r100'
        head, rest = match.group(1), [match.group(2)] + rest
    if head in _ALL_IN:
        if view.raise_bounds is not None and not _all_in_allowed(view):
            raise MoveError(f"pot limit: all-in ({view.bet + view.stack}) is over the limit; the most you can "
                            f"{_raise_word(view)} is {view.raise_bounds[1]} (type 'r pot')")
        if view.raise_bounds is not None:
            return _alone(Action(_raise_kind(view), view.raise_bounds[1]), rest, text, view)
        return _alone(view.call_or_check(), rest, text, view)
    move = _WORDS.get(head)
    if move is None:
        raise MoveError(f"{text.strip()!r} is not a move; {legal_summary(view)} (? for help, q to quit)")
    if move is Move.FOLD:
        if view.legal_move(Move.FOLD) is None:
            raise MoveError("nothing to call: folding is not allowed before the opening; "
                            "check (k) instead")
        return _alone(Action.fold(), rest, text, view)
    if move is Move.CHECK:
        if view.to_call:
            raise MoveError(f"there is {view.to_call} to call: you cannot check; call (c) or fold (f)")
        return _alone(Action.check(), rest, text, view)
    if move is Move.CALL:
        return _alone(view.call_or_check(), rest, text, view)
    if len(rest) > 1:
        raise MoveError(f"{text.strip()!r}: one amount only, e.g. '{head} {rest[0]}'")
    return _parse_amount(rest, view)


def _alone(action: Action, rest: Sequence[str], text: str, view: SeatView) -> Action:
    """``action`` when its word came alone, or with its own amount (``c 20`` for a call of 20).

    Anything else is refused rather than dropped: ``c 500`` facing a bet of 20
    is not quietly a call of 20.
    """
    if not rest or (action.amount and rest == [str(action.amount)]):
        return action
    what = {Move.FOLD: "folding takes no amount", Move.CHECK: "a check takes no amount",
            Move.CALL: f"the call is {action.amount}, it takes no other amount"}.get(
        action.move, f"all-in is {action.amount} here")
    hint = ""
    if len(rest) == 1 and _ASCII_NUMBER.fullmatch(rest[0]) and view.raise_bounds is not None:
        kind = _raise_kind(view)
        hint = (f"; to {'bet' if kind is Move.BET else 'raise to'} {rest[0]}, "
                f"type '{'b' if kind is Move.BET else 'r'} {rest[0]}'")
    raise MoveError(f"{text.strip()!r}: {what}{hint}")


def _raise_kind(view: SeatView) -> Move:
    return Move.BET if view.legal_move(Move.BET) else Move.RAISE


def _parse_amount(rest: Sequence[str], view: SeatView) -> Action:
    if view.raise_bounds is None:
        raise MoveError(f"you cannot bet or raise now; {legal_summary(view)}")
    low, high = view.raise_bounds
    if not rest or rest[0] == "min":
        return Action(_raise_kind(view), low)
    word = rest[0]
    if word in ("pot", "max"):
        facing = view.bet + view.to_call
        amount = high if word == "max" else facing + view.pot + view.to_call
        return Action(_raise_kind(view), min(high, max(low, amount)))
    if not _ASCII_NUMBER.fullmatch(word):
        raise MoveError(f"{word!r} is not an amount: type e.g. 'r {low}' (an amount from {low} to {high})")
    amount = int(word)
    if view.pot_limit and amount > high and high < view.bet + view.stack:
        raise MoveError(f"{amount} is over the pot limit: the most you can {_raise_word(view)} is {high} "
                        f"(your call, then the pot); {_raise_word(view)} between {low} and {high}")
    if not low <= amount <= high:
        raise MoveError(f"{amount} is out of range: {_raise_word(view)} between {low} and {high} "
                        "(the amount is your total bet this round)")
    return Action(_raise_kind(view), amount)


def _raise_word(view: SeatView) -> str:
    return "bet" if _raise_kind(view) is Move.BET else "raise to"


def _parse_draw(text: str, view: SeatView) -> Action:
    """The first draw question: how many cards (or the cards themselves)."""
    words = text.strip().replace(",", " ").split()
    if words[0].lower() in _DRAW_WORDS:
        words = words[1:] or ["?"]
    hole = view.hole
    if len(words) == 1 and words[0].lower() in _STAND_PAT:
        return Action.draw(())
    if len(words) == 1 and _ASCII_NUMBER.fullmatch(words[0]):
        count = int(words[0])
        if count > len(hole):
            raise MoveError(f"you can exchange 0 to {len(hole)} cards, not {count}")
        if count == len(hole):
            return Action.draw(hole)
        raise ChooseCards(count)
    if all(_ASCII_NUMBER.fullmatch(w) for w in words):
        raise MoveError(f"first say how many cards you exchange (one number, 0 to {len(hole)}); "
                        "you then pick which — or name the cards, e.g. '2c 7d'")
    return _named_discards(" ".join(words), view, f"say how many cards you exchange (0 to {len(hole)})")


def _named_discards(text: str, view: SeatView, otherwise: str) -> Action:
    hole = view.hole
    try:
        cards = parse_cards(text)
    except Error as exc:
        raise MoveError(f"{exc}; or {otherwise}") from None
    stray = [c for c in cards if c not in hole]
    if stray:
        raise MoveError(f"{str(stray[0])!r} is not in your hand ({' '.join(map(str, hole))})")
    if len(set(cards)) != len(cards):
        raise MoveError("name each card once")
    return Action.draw(cards)


def parse_which(text: str, view: SeatView, count: int) -> Action:
    """The second draw question: which ``count`` cards, by position (1-5) or by name.

    ``back`` (or ``b``, ``retour``, ``<``) raises :class:`CountAgain`: the
    player changed their mind about how many.

    >>> from pokerfsm.cards import parse_cards
    >>> view = SeatView("draw", 0, "draw", Phase.DRAW, parse_cards("2c 7d 9h Js Ks"), (), 16, 0, 998, 0,
    ...                 4, None, (), 1)
    >>> str(parse_which("1 2", view, 2)), str(parse_which("9h", view, 1))
    ('discard 2c 7d', 'discard 9h')
    >>> parse_which("1", view, 2)
    Traceback (most recent call last):
    ...
    pokerfsm.games.prompts.MoveError: you said 2 cards: name 2, by position (1-5) or by name; or 'back' ...
    """
    words = text.strip().replace(",", " ").split()
    if not words:
        raise MoveError(f"which {count}? positions 1-{len(view.hole)} (e.g. "
                        f"'{' '.join(str(i) for i in range(1, count + 1))}') or names; or {BACK_HINT}")
    command(text)
    if len(words) == 1 and words[0].lower() in _BACK:
        raise CountAgain
    hole = view.hole
    if all(_ASCII_NUMBER.fullmatch(w) for w in words):
        positions = [int(w) for w in words]
        if any(not 1 <= p <= len(hole) for p in positions) or len(set(positions)) != len(positions):
            raise MoveError(f"positions go from 1 to {len(hole)}, each once: e.g. '1 4'; or {BACK_HINT}")
        action = Action.draw(hole[p - 1] for p in positions)
    else:
        action = _named_discards(" ".join(words), view, BACK_HINT)
    if len(action.cards) != count:
        raise MoveError(f"you said {count} card{'s' if count != 1 else ''}: name {count}, "
                        f"by position (1-{len(hole)}) or by name; or {BACK_HINT}")
    return action


def parse_pause(text: str) -> None:
    """Between hands: Enter deals the next hand; a command works; anything else is refused.

    >>> parse_pause("")
    >>> parse_pause("c")
    Traceback (most recent call last):
    ...
    pokerfsm.games.prompts.MoveError: 'c' does nothing here: press Enter for the next hand (? help, ...)
    """
    command(text)
    if text.strip():
        raise MoveError(f"{text.strip()!r} does nothing here: press Enter for the next hand "
                        "(? help, h last hands, q quit)")


def parse_yes_no(text: str, default: bool) -> bool:
    """A yes/no answer; Enter alone takes ``default`` (shown as ``[Y/n]`` or ``[y/N]``).

    >>> parse_yes_no("", True), parse_yes_no("non", True), parse_yes_no("Y", False)
    (True, False, True)
    >>> parse_yes_no("maybe", True)
    Traceback (most recent call last):
    ...
    pokerfsm.games.prompts.MoveError: answer y (yes) or n (no); Enter alone means yes
    """
    command(text)
    word = text.strip().lower()
    if not word:
        return default
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise MoveError(f"answer y (yes) or n (no); Enter alone means {'yes' if default else 'no'}")
