"""The main and side pots as the table names them, the same when they form and when they are paid.

A pot is a *layer* of the chips put in: every seat pays into it up to the
smallest stake among the seats that can win it. The table announces the
layers as they form ("main pot", "side pot 1", ...). pokerkit pays a hand
with pots of its own: at the showdown it leaves out a hand that can win
nothing, and the layers that hand could have won join the next ones (the
same players can win them). The payment is named after the layers, so a
pot made of two of them reads "main pot and side pot 1", never "main pot"
for a different sum.

>>> from pokerfsm.games.actions import Outcome, PotResult
>>> # A (50 chips) and B (100) are all in against C; B has the best hand, A the worst
>>> outcome = Outcome({0: 50, 1: 100, 2: 300}, {0: 0, 1: 250, 2: 200}, (
...     PotResult(250, (1, 2), {1: 250}),), {0: (), 1: (), 2: ()}, (), collected={1: 250}, pot_total=250)
>>> layers = final_layers(outcome)
>>> layers
((150, (0, 1, 2)), (100, (1, 2)))
>>> settled_names(layers, [250])
['main pot and side pot 1']
"""
from __future__ import annotations

from collections.abc import Sequence

from .actions import Outcome

__all__ = ["Layer", "final_layers", "pot_name", "settled_names", "take_layers"]

Layer = tuple[int, tuple[int, ...]]
"""A pot: its chips, and the seats that can win it."""


def pot_name(number: int) -> str:
    """``'main pot'`` for the first layer, then ``'side pot 1'``, ``'side pot 2'``...

    >>> [pot_name(n) for n in range(3)]
    ['main pot', 'side pot 1', 'side pot 2']
    """
    return "main pot" if number == 0 else f"side pot {number}"


def final_layers(outcome: Outcome) -> tuple[Layer, ...]:
    """The pots a finished hand was played for, from what each seat put in (uncalled bets given
    back left out), for the seats still in at the end; seats in the hand's order."""
    seats = list(outcome.starting_stacks)
    given_back = {} if outcome.showdown else outcome.returned  # collected with the pot (see Outcome.won)
    put = {s: outcome.starting_stacks[s] - outcome.final_stacks[s] + outcome.collected.get(s, 0)
           - given_back.get(s, 0) for s in seats}
    live = set(outcome.shown) or set(outcome.won)
    layers: list[Layer] = []
    previous = 0
    for level in sorted({put[s] for s in live}):
        amount = sum(min(chips, level) - min(chips, previous) for chips in put.values())
        if amount:
            layers.append((amount, tuple(s for s in seats if s in live and put[s] >= level)))
        previous = level
    beyond = sum(chips - previous for chips in put.values() if chips > previous)
    if beyond and layers:  # chips of folded seats above every live stake (none in a legal hand)
        layers[-1] = (layers[-1][0] + beyond, layers[-1][1])
    return tuple(layers)


def _run_end(layers: Sequence[Layer], first: int, chips: int) -> int | None:
    """Where the run of layers from ``first`` that adds up to ``chips`` ends (None if none does)."""
    layer, total = first, 0
    while total < chips and layer < len(layers):
        total += layers[layer][0]
        layer += 1
    return layer if total == chips and layer > first else None


def settled_names(layers: Sequence[Layer], paid: Sequence[int]) -> list[str] | None:
    """The name of each paid pot (``paid``: their chips, in order) after the layers it is made of;
    None when the pots paid are not consecutive layers.

    >>> settled_names([(200, (0, 1, 2)), (456, (1, 2)), (3044, (2, 3))], [656, 3044])
    ['main pot and side pot 1', 'side pot 2']
    >>> settled_names([(200, (0, 1)), (456, (1,))], [300, 356]) is None
    True
    """
    names: list[str] = []
    layer = 0
    for chips in paid:
        end = _run_end(layers, layer, chips)
        if end is None:
            return None
        parts = [pot_name(n) for n in range(layer, end)]
        names.append(parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1])
        layer = end
    return names if layer == len(layers) else None


def take_layers(layers: list[Layer], chips: int) -> tuple[int, ...] | None:
    """Remove from the front of ``layers`` the ones a payment of ``chips`` is made of, and return
    the seats that could win any of them, in the layers' order; None (``layers`` untouched) when
    no run of layers adds up to the payment.

    >>> layers = [(200, (0, 1, 2, 3)), (150, (1, 2, 3)), (400, (2, 3))]
    >>> take_layers(layers, 350), take_layers(layers, 400), layers
    ((0, 1, 2, 3), (2, 3), [])
    >>> take_layers([(200, (0, 1))], 150) is None
    True
    """
    end = _run_end(layers, 0, chips)
    if end is None:
        return None
    seats = tuple(dict.fromkeys(seat for _, group in layers[:end] for seat in group))
    del layers[:end]
    return seats
