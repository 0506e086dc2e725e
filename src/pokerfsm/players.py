"""What a player's text means: a known hand, a range, or an unknown hand.

One rule decides it, everywhere a player is read (the library's ``equity``
and ``outs``, the command line, the web API and page, course files). The
first reading that fits wins:

1. nothing, ``?``, ``??``, ``random``, ``any`` or ``xx``: an unknown (random) hand;
2. two cards in standard notation, in any case (``AhKd``, ``Ah Kd``, ``ah,kd``,
   ``10h 9s``, ``A♥ K♦``): that hand;
3. a range in PokerStove syntax (``AT``, ``KT``, ``TT``, ``9T``, ``QQ+,AKs``,
   ``AT 9T``, ``AhAs AdAc``; items separated by commas, semicolons or spaces):
   that range. An upper-case ``T`` after a rank is always the rank ten here;
4. two cards in the course's French notation, its suits in lower case as the
   course writes them (``Aca 10p``, ``Dt Rco``, ``10t 9t``): that hand.

Readings 2 and 3 never disagree: an exact hand such as ``AhKd`` is also the
range of that one combo. Readings 3 and 4 can disagree only through the
French suit ``t`` (trèfle, ♣), which is also the rank letter of a ten: a text
that reads both ways, such as ``At,Kt`` (the range AT, KT, or A♣ K♣), is
refused with both spellings; so is ``At 9t`` (the range AT, T9, since spaces
separate range items, or A♣ 9♣). A course file's player line takes no range, so
only readings 1, 2 and 4 apply there (:func:`read_hand`): ``At 9t`` is simply
A♣ 9♣, and ``AT KT`` is refused as no cards of the course's notation.

>>> read_player("AT,KT"), read_player("AhKh QsQd")
(parse_range('AT, KT'), parse_range('AhKh, QdQs'))
>>> read_player("Ah Kd"), read_player("Dt Rco")
((Card('Ah'), Card('Kd')), (Card('Qc'), Card('Kh')))
>>> read_player("??").is_random
True
>>> read_player("At,Kt")
Traceback (most recent call last):
...
pokerfsm.errors.AmbiguousPlayerError: 'At,Kt' is ambiguous: as a range it is AT, KT; in the course's
notation, where a lower-case t is the suit trèfle (♣), it is the hand A♣ K♣. Write 'AT,KT' for the range,
or 'Ac Kc' for the hand.
"""
from __future__ import annotations

from .cards import parse_cards
from .combos import Hand
from .errors import (
    AmbiguousPlayerError,
    CardParseError,
    DuplicateCardError,
    Error,
    InvalidDealError,
    OptionError,
    RangeParseError,
    quoted,
)
from .ranges import RANDOM_WORDS, HandRange, parse_range

__all__ = ["read_player", "read_hand"]


def _unknown(text: str) -> bool:
    return not text or text.lower() in RANDOM_WORDS


def _two_cards(text: str, notation: str) -> Hand | None:
    """The two cards ``text`` names in ``notation``, or None if it does not name exactly two.

    Raises DuplicateCardError for two cards that are one (``'Ah Ah'``); more
    cards, even repeated ones, are not a hand and are left to the range reading.
    """
    try:
        cards = parse_cards(text, notation=notation, distinct=False)
    except CardParseError:
        return None
    if len(cards) != 2:
        return None
    if cards[0] == cards[1]:
        raise DuplicateCardError(f"{quoted(text)} names the card {str(cards[0])!r} twice", card=cards[0],
                                 text=text)
    return cards[0], cards[1]


def read_player(text: str, player: int | None = None) -> Hand | HandRange:
    """A player's text as a known hand or a range (the full range for an unknown hand).

    ``player`` (the seat's index from 0, if known) places the errors.

    Raises :class:`AmbiguousPlayerError` for a text that reads both as a range
    and as French cards, :class:`DuplicateCardError` for a hand naming one
    card twice, :class:`InvalidDealError` for cards that are not two, and
    :class:`RangeParseError` when no reading fits (its message says what the
    range reading found wrong).
    """
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or player < 0):
        raise OptionError(f"player must be a seat index from 0 (or None), got {quoted(player)}", field="player")
    try:
        return _read_player(text)
    except Error as exc:
        raise exc.located("players", player) if player is not None else exc from None


def _read_player(text: str) -> Hand | HandRange:
    if not isinstance(text, str):
        raise RangeParseError(f"expected a hand or a range as text, got {quoted(text)}")
    stripped = text.strip()
    if _unknown(stripped):
        return HandRange.random()
    hand = _two_cards(stripped, "standard")
    if hand is not None:
        return hand
    range_error: RangeParseError | None = None
    try:
        as_range = parse_range(stripped)
    except RangeParseError as exc:
        as_range, range_error = None, exc
    french = _two_cards(stripped, "course")
    if as_range is not None and french is not None:
        raise AmbiguousPlayerError(
            f"{quoted(text)} is ambiguous: as a range it is {as_range}; in the course's notation, where a "
            f"lower-case t is the suit trèfle (♣), it is the hand {french[0].pretty} {french[1].pretty}. "
            f"Write {stripped.upper()!r} for the range, or '{french[0]} {french[1]}' for the hand.",
            text=text)
    if as_range is not None:
        return as_range
    if french is not None:
        return french
    try:
        cards = parse_cards(stripped)
    except CardParseError:
        raise RangeParseError(f"{quoted(text)} is neither two cards nor a range: {range_error}", text=text) from None
    raise InvalidDealError(f"{len(cards)} card{'s' * (len(cards) != 1)} ({quoted(text)}); a hand has 2 cards",
                           text=text)


def read_hand(text: str) -> Hand | None:
    """A player's text where only cards are accepted: two cards (either notation), or None for
    an unknown hand (``?``, ``??``, nothing).

    >>> read_hand("At 9t")
    (Card('Ac'), Card('9c'))

    Raises :class:`CardParseError`, :class:`DuplicateCardError`, or
    :class:`InvalidDealError` when the text holds another number of cards.
    """
    stripped = text.strip()
    if _unknown(stripped):
        return None
    cards = parse_cards(stripped, notation="course")
    if len(cards) != 2:
        raise InvalidDealError(f"a hand has 2 cards, got {len(cards)}: {text.strip()!r}")
    return cards[0], cards[1]
