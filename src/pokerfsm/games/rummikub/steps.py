"""Turning a move (old table -> new table) into steps a person can follow.

Each changed set of the new table is matched with the old set it has the most
tiles in common with (its *base*, which keeps its number); the rest of its
tiles come from the hand or are moved from other sets. Set numbers in the
steps are those of the table before the move, counted from 1.

>>> old = as_table("R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11")
>>> new = as_table("R7 B7 Y7 K7 | K1 K2 K3 | K3 K4 K5 | R8 R9 R10 R11")
>>> for step in describe_move(old, new, Counter(as_tiles("K7 K3 K5 R8"))):
...     print(step)
add K7 to set 1: R7 B7 Y7 K7
set 2 becomes K1 K2 K3 (K4 goes to another set)
new run K3 K4 K5: K3 K5 from your hand, K4 from set 2
add R8 to set 3: R8 R9 R10 R11
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .rules import as_table, read_set, unchanged_sets  # noqa: F401 (as_table: doctests)
from .tiles import Tile, as_tiles, format_tiles, sorted_tiles  # noqa: F401 (as_tiles: doctests)

__all__ = ["lay_out", "describe_move"]


def _bases(old_sets: dict[int, Sequence[Tile]], new_sets: Sequence[Sequence[Tile]]) -> dict[int, int]:
    """Match new sets (by position) to old sets (by index), most tiles in common first."""
    holders: dict[Tile, list[int]] = {}
    for o, old in old_sets.items():
        for tile in set(old):
            holders.setdefault(tile, []).append(o)
    old_counts = {o: Counter(old) for o, old in old_sets.items()}
    pairs: list[tuple[int, int, int]] = []
    for n, new in enumerate(new_sets):
        new_count = Counter(new)
        sharing = {o for tile in new_count for o in holders.get(tile, ())}
        pairs.extend((-sum(min(c, old_counts[o][t]) for t, c in new_count.items()), o, n) for o in sharing)
    bases: dict[int, int] = {}
    used: set[int] = set()
    for _, o, n in sorted(pairs):
        if n not in bases and o not in used:
            bases[n] = o
            used.add(o)
    return bases


def lay_out(old_table: Sequence[Sequence[Tile]], kept: Sequence[int],
            new_sets: Sequence[Sequence[Tile]]) -> list[tuple[Tile, ...]]:
    """The new table: old sets keep their places (kept as they were, or changed), new ones follow.

    ``kept`` are indices of old sets left untouched; ``new_sets`` the other sets
    of the new table. An old set used up entirely disappears.
    """
    kept_set = set(kept)
    spare = list(new_sets)
    # a new set identical to an old one counts as that old set kept
    for index, tiles in enumerate(old_table):
        if index in kept_set:
            continue
        twin = next((n for n, s in enumerate(spare) if sorted(s) == sorted(tiles)), None)
        if twin is not None:
            spare.pop(twin)
            kept_set.add(index)
    changed_old = {i: s for i, s in enumerate(old_table) if i not in kept_set}
    bases = _bases(changed_old, spare)
    based = {o: n for n, o in bases.items()}
    table: list[tuple[Tile, ...]] = []
    for index, tiles in enumerate(old_table):
        if index in kept_set:
            table.append(tuple(tiles))
        elif index in based:
            table.append(tuple(spare[based[index]]))
    table.extend(tuple(s) for n, s in enumerate(spare) if n not in bases)
    return table


def _take(need: Counter[Tile], supply: Counter[Tile]) -> Counter[Tile]:
    taken = need & supply
    need -= taken
    supply -= taken
    return taken


def describe_move(old_table: Sequence[Sequence[Tile]], new_table: Sequence[Sequence[Tile]],
                  placed: Counter[Tile], *, hand: str = "your hand") -> list[str]:
    """Human steps from ``old_table`` to ``new_table`` with the hand tiles ``placed``.

    Assumes the move is legal (new table = old table + placed). ``hand`` names
    the hand in the text (``"its hand"`` to describe the computer's move).
    """
    kept = set(unchanged_sets(old_table, new_table))
    changed_new = list(new_table)
    for index in sorted(kept):
        key = sorted(old_table[index])
        changed_new.pop(next(n for n, s in enumerate(changed_new) if sorted(s) == key))
    changed_old = {i: s for i, s in enumerate(old_table) if i not in kept}
    bases = _bases(changed_old, changed_new)

    remaining = {i: Counter(s) for i, s in changed_old.items()}
    supply = Counter(placed)
    needs = [Counter(s) for s in changed_new]
    from_base = [_take(needs[n], remaining[bases[n]]) if n in bases else Counter()
                 for n in range(len(changed_new))]
    from_hand = [_take(need, supply) for need in needs]
    from_sets = []
    for need in needs:
        moved = {i: _take(need, supply) for i, supply in remaining.items()}
        from_sets.append({i: c for i, c in moved.items() if c})

    steps = []
    for n, tiles in enumerate(changed_new):
        text = format_tiles(tiles)
        parts = []
        if from_hand[n]:
            parts.append(f"{_tiles(from_hand[n])} from {hand}")
        parts.extend(f"{_tiles(c)} from set {i + 1}" for i, c in sorted(from_sets[n].items()))
        if n in bases:
            base = bases[n]
            given = Counter(old_table[base]) - from_base[n]
            away = f" ({_tiles(given)} {'goes' if given.total() == 1 else 'go'} to another set)" if given else ""
            if from_hand[n] and not from_sets[n] and not given:
                steps.append(f"add {_tiles(from_hand[n])} to set {base + 1}: {text}")
            elif parts:
                steps.append(f"set {base + 1} becomes {text}{away}: {'; '.join(parts)}")
            else:
                steps.append(f"set {base + 1} becomes {text}{away}")
        else:
            kind = read_set(tiles).kind.value
            if from_hand[n] and not from_sets[n]:
                steps.append(f"place {text} from {hand} as a new {kind}")
            else:
                steps.append(f"new {kind} {text}: {', '.join(parts)}")
    for index in sorted(set(changed_old) - set(bases.values())):
        steps.append(f"set {index + 1} ({format_tiles(old_table[index])}) is used up")
    return steps


def _tiles(counter: Counter[Tile]) -> str:
    return format_tiles(sorted_tiles(counter))

