"""How the front ends show cards: with suit symbols (``K♠``) or as two letters (``Ks``).

The style is ``"unicode"``, ``"ascii"`` or ``"auto"`` (the default): auto
shows suit symbols only when standard output can encode them, so a terminal
or a pipe in ASCII (``PYTHONIOENCODING=ascii``, ``LANG=C`` on old systems)
gets ``Ks Td`` instead of an encoding error. ``pokerfsm --cards ascii|unicode``
sets it for one run.

>>> from pokerfsm.cards import Card
>>> set_card_style("ascii"); show_cards([Card("Ks"), Card("Td")])
'Ks Td'
>>> set_card_style("unicode"); show(Card("Ks"))
'K♠'
>>> set_card_style("auto")
"""
from __future__ import annotations

import codecs
import sys
import unicodedata
from collections.abc import Iterable

from .cards import Card
from .errors import ParseError

__all__ = ["CARD_STYLES", "set_card_style", "card_style", "unicode_ok", "show", "show_cards",
           "ASCII_FALLBACK"]

CARD_STYLES = ("auto", "unicode", "ascii")
_SUIT_SYMBOLS = "♠♥♦♣"
_style = "auto"


def set_card_style(style: str) -> None:
    """Choose ``"auto"``, ``"unicode"`` or ``"ascii"`` for every card shown from now on."""
    global _style
    if style not in CARD_STYLES:
        raise ParseError(f"card style {style!r} is not one of {', '.join(CARD_STYLES)}")
    _style = style


def unicode_ok(stream: object = None) -> bool:
    """Whether ``stream`` (default: standard output) can encode the four suit symbols."""
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        _SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def card_style() -> str:
    """The style in force: ``"unicode"`` or ``"ascii"`` (auto resolved against stdout)."""
    if _style == "auto":
        return "unicode" if unicode_ok() else "ascii"
    return _style


def show(card: Card) -> str:
    """One card in the current style: ``'K♠'`` or ``'Ks'``."""
    return card.pretty if card_style() == "unicode" else str(card)


def show_cards(cards: Iterable[Card], separator: str = " ") -> str:
    """Several cards in the current style, separated by ``separator``."""
    unicode = card_style() == "unicode"
    return separator.join(c.pretty if unicode else str(c) for c in cards)


ASCII_FALLBACK = "pokerfsm-ascii"
"""An encoding error handler: ``'é'`` -> ``'e'``, ``'·'`` -> ``'-'``, ``'…'`` -> ``'...'``, else ``'?'``.

>>> "Égalité · 7♣ …".encode("ascii", ASCII_FALLBACK)
b'Egalite - 7c ...'
"""
_PUNCTUATION = {"·": "-", "—": "-", "–": "-", "…": "...", "×": "x", "«": '"', "»": '"', "’": "'",
                "‘": "'", "“": '"', "”": '"', "≤": "<=", "≥": ">=", "±": "+/-", "→": "->", "\u00a0": " ",
                "♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}


def _ascii_fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    out = []
    for char in text:
        if char in _PUNCTUATION:
            out.append(_PUNCTUATION[char])
            continue
        plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        out.append(plain if plain and plain.isascii() else "?")
    return "".join(out), error.end


codecs.register_error(ASCII_FALLBACK, _ascii_fallback)
