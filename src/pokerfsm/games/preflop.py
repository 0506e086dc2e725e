"""Hold'em starting hands by their exact equity against one random hand.

:data:`PREFLOP_EQUITY` holds, for each of the 169 starting-hand classes, the
pot share it wins against one random hand over all 1,712,304 boards and the
1,225 hands the opponent can hold: the same number
:class:`pokerfsm.odds.LiveOdds` gives before the flop. It was computed
once with :func:`pokerfsm.equity` (``exact=True``, see :func:`compute`) and
is kept here because the full computation takes minutes; the tests recompute
a sample of classes.

The computer players use it for their preflop decisions and to read an
opponent's range: :func:`top_classes` is the strongest share of hands.

>>> PREFLOP_EQUITY["AA"], PREFLOP_EQUITY["72o"]
(0.852, 0.3458)
>>> RANKED[:4], len(RANKED)
(('AA', 'KK', 'QQ', 'JJ'), 169)
>>> top_classes(0.05)
('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', 'AKs', '77', 'AQs', 'AJs', 'AKo')
"""
from __future__ import annotations

import functools
from collections.abc import Iterable

from ..ranges import HAND_CLASSES

__all__ = ["PREFLOP_EQUITY", "RANKED", "class_combos", "top_classes", "compute"]

_TABLE = """
AA 0.8520 AKs 0.6704 AKo 0.6532 AQs 0.6621 AQo 0.6443 AJs 0.6539 AJo 0.6356 ATs 0.6460 ATo
0.6272 A9s 0.6278 A9o 0.6077 A8s 0.6194 A8o 0.5987 A7s 0.6098 A7o 0.5884 A6s 0.5991 A6o 0.5768
A5s 0.5992 A5o 0.5770 A4s 0.5903 A4o 0.5673 A3s 0.5822 A3o 0.5584 A2s 0.5738 A2o 0.5493 KK
0.8240 KQs 0.6340 KQo 0.6146 KJs 0.6257 KJo 0.6057 KTs 0.6179 KTo 0.5974 K9s 0.5999 K9o 0.5781
K8s 0.5831 K8o 0.5602 K7s 0.5754 K7o 0.5519 K6s 0.5664 K6o 0.5422 K5s 0.5579 K5o 0.5331 K4s
0.5488 K4o 0.5233 K3s 0.5405 K3o 0.5143 K2s 0.5321 K2o 0.5051 QQ 0.7993 QJs 0.6026 QJo 0.5813
QTs 0.5947 QTo 0.5729 Q9s 0.5766 Q9o 0.5536 Q8s 0.5602 Q8o 0.5360 Q7s 0.5430 Q7o 0.5177 Q6s
0.5361 Q6o 0.5102 Q5s 0.5277 Q5o 0.5012 Q4s 0.5186 Q4o 0.4913 Q3s 0.5102 Q3o 0.4822 Q2s 0.5017
Q2o 0.4730 JJ 0.7747 JTs 0.5753 JTo 0.5525 J9s 0.5566 J9o 0.5325 J8s 0.5402 J8o 0.5149 J7s
0.5232 J7o 0.4968 J6s 0.5061 J6o 0.4784 J5s 0.4999 J5o 0.4718 J4s 0.4907 J4o 0.4619 J3s 0.4823
J3o 0.4528 J2s 0.4738 J2o 0.4435 TT 0.7501 T9s 0.5403 T9o 0.5153 T8s 0.5233 T8o 0.4972 T7s
0.5064 T7o 0.4791 T6s 0.4894 T6o 0.4609 T5s 0.4722 T5o 0.4425 T4s 0.4653 T4o 0.4350 T3s 0.4569
T3o 0.4259 T2s 0.4484 T2o 0.4167 99 0.7206 98s 0.5080 98o 0.4810 97s 0.4912 97o 0.4630 96s
0.4743 96o 0.4449 95s 0.4572 95o 0.4267 94s 0.4386 94o 0.4067 93s 0.4326 93o 0.4002 92s 0.4242
92o 0.3910 88 0.6916 87s 0.4794 87o 0.4505 86s 0.4624 86o 0.4324 85s 0.4454 85o 0.4143 84s
0.4270 84o 0.3945 83s 0.4087 83o 0.3748 82s 0.4027 82o 0.3683 77 0.6624 76s 0.4537 76o 0.4232
75s 0.4368 75o 0.4051 74s 0.4185 74o 0.3855 73s 0.4004 73o 0.3660 72s 0.3816 72o 0.3458 66
0.6328 65s 0.4313 65o 0.3994 64s 0.4133 64o 0.3801 63s 0.3953 63o 0.3608 62s 0.3767 62o 0.3408
55 0.6032 54s 0.4145 54o 0.3816 53s 0.3969 53o 0.3626 52s 0.3785 52o 0.3428 44 0.5702 43s 0.3864
43o 0.3515 42s 0.3683 42o 0.3320 33 0.5369 32s 0.3598 32o 0.3230 22 0.5033
"""

PREFLOP_EQUITY: dict[str, float] = {
    name: float(value) for name, value in zip(*[iter(_TABLE.split())] * 2)
}
"""Class (``'AKs'``) -> equity against one random hand, exact to four decimals."""

RANKED: tuple[str, ...] = tuple(sorted(PREFLOP_EQUITY, key=lambda name: -PREFLOP_EQUITY[name]))
"""The 169 classes, strongest first."""


def class_combos(name: str) -> int:
    """How many two-card hands a class holds: 6 (pairs), 4 (suited) or 12 (offsuit).

    >>> class_combos("QQ"), class_combos("AKs"), class_combos("72o")
    (6, 4, 12)
    """
    return 6 if len(name) == 2 else 4 if name.endswith("s") else 12


@functools.lru_cache(maxsize=64)
def top_classes(share: float) -> tuple[str, ...]:
    """The strongest classes holding at least ``share`` of the 1,326 hands (at least one class)."""
    chosen: list[str] = []
    combos = 0
    for name in RANKED:
        if chosen and combos >= share * 1326:
            break
        chosen.append(name)
        combos += class_combos(name)
    return tuple(chosen)


def compute(classes: Iterable[str] = HAND_CLASSES) -> dict[str, float]:
    """Recompute the table exactly (about 0.2 s a class on one core)."""
    from ..odds import equity
    from ..ranges import parse_range

    table: dict[str, float] = {}
    for name in classes:
        hand = next(iter(parse_range(name)))
        table[name] = equity([list(hand), None], exact=True, tables=False).players[0].equity
    return table
