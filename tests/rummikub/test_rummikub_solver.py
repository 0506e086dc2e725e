"""The solver: exact against a brute force (jokers) and against rummikub-solver (no jokers).

The brute force below shares nothing with the solver but the rules: it splits
the table plus each sub-multiset of the hand into valid sets in every possible
way, sets of any length, and keeps the best (tiles placed, value placed, old
sets kept).
"""
from collections import Counter
from itertools import product

import pytest

from pokerfsm.games.rummikub import solver as solver_module
from pokerfsm.games.rummikub.positions import random_position
from pokerfsm.games.rummikub.rules import (
    INITIAL_MELD_POINTS,
    InvalidSetError,
    as_table,
    check_move,
    is_valid_set,
    set_value,
    table_tiles,
    table_value,
    unchanged_sets,
)
from pokerfsm.games.rummikub.solver import Solution, candidate_sets, solve
from pokerfsm.games.rummikub.tiles import (
    JOKER,
    Tile,
    TileParseError,
    TileSupplyError,
    format_tiles,
    parse_tiles,
)

# --- an independent brute force ----------------------------------------------------------

def sub_multisets(bag: Counter, min_size: int = 0):
    kinds = sorted(bag)
    for counts in product(*(range(bag[k] + 1) for k in kinds)):
        if sum(counts) >= min_size:
            yield Counter({k: c for k, c in zip(kinds, counts) if c})


def partitions(bag: Counter):
    """Every way to split ``bag`` into valid sets (each a sorted tuple)."""
    if not bag:
        yield []
        return
    first = min(bag)  # a numbered tile while there is one: jokers sort last
    rest = bag - Counter([first])
    if first == JOKER:
        partners = rest
    else:  # a set holding `first` is a run of its colour or a group of its number
        partners = Counter({t: n for t, n in rest.items()
                            if t == JOKER or t.colour == first.colour or t.number == first.number})
    for others in sub_multisets(partners, 2):
        group = tuple(sorted([first, *others.elements()]))
        if is_valid_set(group):
            for tail in partitions(bag - Counter(group)):
                yield [group, *tail]


def brute_best(hand: Counter, table, initial_done: bool) -> tuple[int, int, int]:
    """(tiles placed, value placed, old sets kept) of the best move, by exhaustion."""
    old_value = table_value(table)
    best = (0, 0, len(table))
    for placed in sub_multisets(hand, 1):
        if initial_done:
            layouts = ((sets, value) for sets in partitions(table_tiles(table) + placed)
                       for value in [sum(set_value(s) for s in sets) - old_value])
        else:
            layouts = ((list(table) + sets, value) for sets in partitions(placed)
                       for value in [sum(set_value(s) for s in sets)] if value >= INITIAL_MELD_POINTS)
        for sets, value in layouts:
            best = max(best, (placed.total(), value, len(unchanged_sets(table, sets))))
    return best


def small_position(seed: int, *, jokers_in_hand: int, hand_size: int, table_tiles_: int):
    position = random_position(seed=seed, hand_size=hand_size, table_tiles=table_tiles_)
    on_table = table_tiles(position.table)[JOKER]
    position.hand[JOKER] += max(0, min(jokers_in_hand, 2 - on_table - position.hand[JOKER]))
    return position


def assert_solution_is_legal(solution: Solution, hand: Counter, table, initial_done: bool) -> None:
    summary = check_move(table, hand, solution.new_table, initial_done=initial_done)
    assert (summary.tiles_placed, summary.value_placed, summary.sets_changed) == (
        solution.tiles_placed, solution.value_placed, solution.sets_changed)
    assert summary.placed == solution.placed


@pytest.mark.parametrize("seed", range(40))
def test_matches_brute_force_with_jokers(seed):
    position = small_position(seed, jokers_in_hand=1 + seed % 2, hand_size=3, table_tiles_=6 + seed % 4)
    best = solve(position.hand, position.table)
    expected = brute_best(position.hand, position.table, True)
    assert (best.tiles_placed, best.value_placed, len(position.table) - best.sets_changed) == expected
    if best.tiles_placed:
        assert_solution_is_legal(best, position.hand, position.table, True)


@pytest.mark.parametrize("seed", range(20))
def test_initial_meld_matches_brute_force(seed):
    position = small_position(1000 + seed, jokers_in_hand=seed % 3, hand_size=7 - seed % 3, table_tiles_=3)
    best = solve(position.hand, position.table, initial_done=False)
    expected = brute_best(position.hand, position.table, False)
    assert (best.tiles_placed, best.value_placed, len(position.table) - best.sets_changed) == expected
    if best.tiles_placed:
        assert_solution_is_legal(best, position.hand, position.table, False)
        assert best.new_table[:len(position.table)] == tuple(position.table)  # table untouched


@pytest.mark.parametrize("hand, table, tiles, value", [
    ("J", "R5 R6 R7 R8", 1, 9),           # a joker at the end of a run of 4 (R9)
    ("J", "J R6 R7 R8", 1, 10),           # a second joker in the run: R6..R9 (30) -> R6..R10 (40)
    ("J", "R7 B7 Y7", 1, 7),              # a joker making a group of 4
    ("J J", "K1 K2 K3", 2, 9),            # two jokers at the end of a run
])
def test_joker_sets_the_peer_package_leaves_out(hand, table, tiles, value, peer):
    best = solve(hand, as_table(table))
    assert (best.tiles_placed, best.value_placed) == (tiles, value)
    assert (tiles, value) == brute_best(Counter(parse_tiles(hand)), as_table(table), True)[:2]
    assert peer(Counter(parse_tiles(hand)), as_table(table), False) < tiles  # what the issue warns of


@pytest.mark.parametrize("seed", range(30))
def test_the_highs_mip_fallback_agrees_with_branch_and_bound(seed, monkeypatch):
    position = random_position(seed=300 + seed, jokers=True, initial_done=seed % 5 != 0)
    ours = solve(position.hand, position.table, initial_done=position.initial_done)
    monkeypatch.setattr(solver_module, "MAX_NODES", 0)  # every search goes to HiGHS's MIP
    theirs = solve(position.hand, position.table, initial_done=position.initial_done)
    assert (ours.tiles_placed, ours.value_placed, ours.sets_changed) == (
        theirs.tiles_placed, theirs.value_placed, theirs.sets_changed)


# --- tie-breaks, named cases ---------------------------------------------------------------

def test_ties_on_tiles_go_to_the_higher_value():
    best = solve("R5 B5 Y5 R6 R7", initial_done=True)  # run R5 R6 R7 (18) beats group of 5s (15)
    assert (best.tiles_placed, best.value_placed) == (3, 18)
    assert format_tiles(best.new_table[0]) == "R5 R6 R7"


def test_ties_on_value_go_to_fewer_sets_changed():
    best = solve("R9", as_table("R6 R7 R8 | R10 R11 R12"))
    assert (best.tiles_placed, best.sets_changed) == (1, 1)  # not one merged run of 7 (2 changed)


def test_the_course_worked_example():
    table, hand = as_table("R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11"), Counter(parse_tiles("K7 K7 R8 K3 K5 K5"))
    best = solve(hand, table)
    assert (best.tiles_placed, best.value_placed, best.sets_changed) == (4, 23, 3)
    assert_solution_is_legal(best, hand, table, True)
    # the course's own answer is one of the best moves
    course = check_move(table, hand, as_table("R7 B7 Y7 K7 | K1 K2 K3 | K3 K4 K5 | R8 R9 R10 R11"),
                        initial_done=True)
    assert (course.tiles_placed, course.value_placed, course.sets_changed) == (4, 23, 3)
    assert len(best.steps) == 4 and any(step.startswith("new run K3 K4 K5") for step in best.steps)


def test_initial_meld_does_not_touch_the_table(peer):
    best = solve("K11 K12 K13 R1", as_table("R2 R3 R4"), initial_done=False)
    assert (best.tiles_placed, best.value_placed, best.sets_changed) == (3, 36, 0)
    assert best.steps == ("place K11 K12 K13 from your hand as a new run",)
    # rummikub-solver goes on to add R1 to the table in the same turn, which the rules forbid
    assert peer(Counter(parse_tiles("K11 K12 K13 R1")), as_table("R2 R3 R4"), True) == 4


@pytest.mark.parametrize("hand, initial_done", [("", True), ("R1 B5", True), ("R1 R2 R3", False)])
def test_no_move_means_draw(hand, initial_done):
    best = solve(hand, as_table("K8 K9 K10"), initial_done=initial_done)
    assert (best.tiles_placed, best.steps) == (0, ())
    assert best.new_table == tuple(as_table("K8 K9 K10"))


def test_long_runs_come_out_whole():
    best = solve("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13", initial_done=False)
    assert [format_tiles(s) for s in best.new_table] == ["B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13"]


def test_json_form():
    data = solve("R7 R8 R9 J", as_table("B1 B2 B3")).to_json()
    assert set(data) == {"tiles_placed", "value_placed", "sets_changed", "placed", "new_table", "steps"}
    assert data["tiles_placed"] == 4 and all(isinstance(t, str) for s in data["new_table"] for t in s)


@pytest.mark.parametrize("hand, table, error", [
    ("R7 Z9", "B1 B2 B3", TileParseError),
    ("R7", "B1 B2 B4", InvalidSetError),
    ("R7 R7", "R5 R6 R7", TileSupplyError),
    ("J J", "J R1 R2", TileSupplyError),
])
def test_bad_positions_raise(hand, table, error):
    with pytest.raises(error):
        solve(hand, as_table(table) if error is not TileParseError else table)


def test_the_model_columns_are_all_the_valid_short_sets():
    sets = candidate_sets()
    assert len(set(sets)) == len(sets) and all(is_valid_set(s) and 3 <= len(s) <= 5 for s in sets)
    assert sum(JOKER not in s for s in sets) == 4 * (11 + 10 + 9) + 13 * 5


# --- cross-check with the rummikub-solver package (no jokers) ------------------------------

@pytest.fixture(scope="module")
def peer():
    rummikub_solver = pytest.importorskip("rummikub_solver")
    ruleset = rummikub_solver.RuleSet()

    def tiles_placed(hand: Counter, table, initial: bool) -> int:
        def convert(tile: Tile):
            return ruleset.tiles[-1] if tile == JOKER else ruleset.tiles[13 * tile.colour + tile.number - 1]

        state = ruleset.new_game()
        state.add_table(*(convert(t) for s in table for t in s))
        state.add_rack(*(convert(t) for t in hand.elements()))
        state.initial = initial
        mode = rummikub_solver.SolverMode.INITIAL if initial else rummikub_solver.SolverMode.TILE_COUNT
        answer = ruleset.solve(state, mode)
        return 0 if answer is None else len(answer.tiles)

    return tiles_placed


@pytest.mark.parametrize("seed", range(200))
def test_tile_count_agrees_with_rummikub_solver(seed, peer):
    position = random_position(seed=seed, jokers=False, hand_size=6 + seed % 9,
                               table_tiles=10 + seed % 31)
    best = solve(position.hand, position.table)
    assert best.tiles_placed == peer(position.hand, position.table, False)
    if best.tiles_placed:
        assert_solution_is_legal(best, position.hand, position.table, True)


@pytest.mark.parametrize("seed", range(40))
def test_initial_meld_agrees_with_rummikub_solver_on_an_empty_table(seed, peer):
    position = random_position(seed=5000 + seed, jokers=False, hand_size=14, table_tiles=0)
    best = solve(position.hand, initial_done=False)
    assert best.tiles_placed == peer(position.hand, [], True)
