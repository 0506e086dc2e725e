"""The game state machine: dealing, drawing, turn order, melds, moves, passing, the end."""
from collections import Counter

import numpy as np
import pytest

from pokerfsm.errors import InvalidDealError
from pokerfsm.games.rummikub.game import (
    Draw,
    Game,
    Outcome,
    Pass,
    Play,
    computer_action,
)
from pokerfsm.games.rummikub.rules import IllegalMoveError, Rule, as_table
from pokerfsm.games.rummikub.tiles import JOKER, Tile, format_tiles, full_set, parse_tiles


def tiles(text: str) -> Counter:
    return Counter(parse_tiles(text))


def snapshot(game: Game):
    return (game.hands[:], [dict(h) for h in game.hands], list(game.table), dict(game.pool),
            game.current, list(game.melded), len(game.history), game.passes)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_game_deals_14_tiles_each(players):
    game = Game(players, seed=players)
    assert [h.total() for h in game.hands] == [14] * players
    assert game.pool.total() == 106 - 14 * players
    assert game.tiles() == full_set()
    assert (game.table, game.current, game.melded) == ([], 0, [False] * players)
    assert game.outcome() is None


@pytest.mark.parametrize("players", [1, 5, "2", True])
def test_player_count_is_2_to_4(players):
    with pytest.raises(InvalidDealError):
        Game(players)


def test_the_same_seed_deals_the_same_game():
    assert Game(seed=9).hands == Game(seed=9).hands
    assert Game(seed=9).hands != Game(seed=10).hands
    assert Game(seed=np.random.default_rng(4)).hands == Game(seed=np.random.default_rng(4)).hands


def test_drawing_moves_a_tile_and_passes_the_turn():
    game = Game(seed=1)
    before = game.pool.total()
    tile = game.draw()
    assert game.hands[0][tile] >= 1 and game.hands[0].total() == 15
    assert game.pool.total() == before - 1
    assert game.current == 1
    assert game.history[-1].action == Draw() and game.history[-1].drawn == tile
    assert game.tiles() == full_set()


def test_drawing_from_an_empty_pool_is_refused_and_changes_nothing():
    game = Game.from_state([tiles("R1 R2"), tiles("B1")], pool=Counter())
    before = snapshot(game)
    assert not game.can_draw()
    with pytest.raises(IllegalMoveError, match="pool is empty") as caught:
        game.draw()
    assert caught.value.rule is Rule.POOL_EMPTY
    assert snapshot(game) == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_go_round(players):
    game = Game(players, seed=0)
    order = []
    for _ in range(2 * players):
        order.append(game.current)
        game.apply(Draw())
    assert order == list(range(players)) * 2
    assert [turn.player for turn in game.history] == order


def test_acting_out_of_turn_is_refused():
    game = Game(seed=0)
    with pytest.raises(IllegalMoveError, match="player 1's turn, not player 2's") as caught:
        game.draw(player=1)
    assert caught.value.rule is Rule.NOT_YOUR_TURN
    assert game.can_draw(player=0) and not game.can_draw(player=1)


# --- the course's worked example (section 8.4) and scenario (section 8) ---------------------

def test_course_move_example():
    game = Game.from_state(
        [tiles("K7 K7 R8 K3 K5 K5"), tiles("B1 B2 B3 B4")],
        table="R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11", melded=[True, True])
    proposed = as_table("R7 B7 Y7 K7 | K1 K2 K3 | K3 K4 K5 | R8 R9 R10 R11")
    game.play(proposed)
    assert game.hands[0] == tiles("K7 K5")
    assert game.table == proposed
    assert game.current == 1
    assert game.hands[1] == tiles("B1 B2 B3 B4")


def test_course_scenario():
    j1 = tiles("Y2 Y3 Y4 Y7 Y8 J Y10 R1 R2 B6 B9 K1 K4 K6")
    j2 = tiles("J R11 B11 Y5 R3 R4 B2 B3 K8 K9 Y12 Y13 B13 K13")
    game = Game.from_state([j1, j2], seed=8)
    total = game.tiles()
    assert total == full_set()

    game.meld("Y2 Y3 Y4 | Y7 Y8 J")                         # e1: j1's initial meld (9 + 24)
    for _ in range(5):                                      # e2..e6: j2, j1, j2, j1, j2 draw
        game.draw()
    assert game.current == 0
    game.play("Y2 Y3 Y4 | Y7 Y8 J Y10")                     # e7
    game.meld("J R11 B11")                                  # e8: j2's initial meld (33)
    game.draw()                                             # e9: j1 draws
    game.play("Y2 Y3 Y4 Y5 | Y7 Y8 J Y10 | J R11 B11")      # e10
    assert [format_tiles(s) for s in game.table] == ["Y2 Y3 Y4 Y5", "Y7 Y8 J Y10", "J R11 B11"]
    assert game.melded == [True, True]
    assert game.tiles() == total
    assert len(game.history) == 10 and game.current == 0


# --- melds and moves -------------------------------------------------------------------------

def test_initial_meld_below_30_is_refused_and_changes_nothing():
    game = Game.from_state([tiles("Y2 Y3 Y4 Y5 Y6 Y7 R1"), tiles("B1")])
    before = snapshot(game)
    assert not game.can_play("Y2 Y3 Y4 | Y5 Y6 Y7")
    with pytest.raises(IllegalMoveError, match="worth 27 points") as caught:
        game.meld("Y2 Y3 Y4 | Y5 Y6 Y7")
    assert caught.value.rule is Rule.MELD_TOO_LOW
    assert snapshot(game) == before


def test_initial_meld_with_a_joker():
    game = Game.from_state([tiles("J R11 B11 K1"), tiles("B1")])
    summary = game.meld("R11 J B11")
    assert (summary.tiles_placed, summary.value_placed) == (3, 33)
    assert game.melded == [True, False] and game.hands[0] == tiles("K1")


def test_before_melding_the_table_cannot_be_rearranged():
    game = Game.from_state([tiles("R12 R13 B12 Y12 K12"), tiles("B1")], table="R9 R10 R11")
    with pytest.raises(IllegalMoveError) as caught:
        game.play("R9 R10 R11 R12 R13 | B12 Y12 K12")
    assert caught.value.rule is Rule.MELD_TOUCHES_TABLE
    game.meld("B12 Y12 K12")
    assert game.table == as_table("R9 R10 R11 | B12 Y12 K12")


@pytest.mark.parametrize("new_table, rule", [
    ("R9 R10 R11 | B1 B2 B3", Rule.NOT_YOUR_TILE),
    ("R9 R10", Rule.TABLE_TILE_TAKEN),
    ("R9 R10 R11", Rule.NOTHING_PLACED),
    ("R9 R10 R11 R13", Rule.INVALID_SET),
])
def test_illegal_moves_leave_the_state_unchanged(new_table, rule):
    game = Game.from_state([tiles("R12 R13 K5"), tiles("B1")], table="R9 R10 R11", melded=[True, True])
    before = snapshot(game)
    assert not game.can_apply(Play.of(new_table))
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(Play.of(new_table))
    assert caught.value.rule is rule
    assert snapshot(game) == before


# --- passing and the end ---------------------------------------------------------------------

def test_passing_only_when_the_pool_is_empty_and_nothing_can_be_played():
    game = Game.from_state([tiles("B2 K9"), tiles("B5 J")], table="R9 R10 R11", pool=tiles("Y13"),
                           melded=[True, True])
    with pytest.raises(IllegalMoveError, match="draw a tile") as caught:
        game.pass_turn()
    assert caught.value.rule is Rule.POOL_NOT_EMPTY
    game.draw()                                                     # player 0 takes the last tile
    assert game.current == 1 and not game.pool
    assert not game.can_pass()                                      # the joker fits: R8 or R12
    game.play(game.hint().new_table)
    assert game.can_pass() and game.can_apply(Pass())
    game.pass_turn()
    assert game.outcome() is None                                   # player 1 may still play
    game.apply(Pass())
    outcome = game.outcome()
    assert outcome.reason == "blocked"
    assert outcome.scores == (2 + 9 + 13, 5) and outcome.winners == (1,)


def test_going_out_ends_the_game_and_scores_jokers_30():
    game = Game.from_state([tiles("R12 R13"), tiles("J K2")], table="R9 R10 R11", melded=[True, True])
    game.play("R9 R10 R11 R12 R13")
    assert game.is_over
    assert game.outcome() == Outcome("out", (0, 32), (0,))
    with pytest.raises(IllegalMoveError, match="game is over") as caught:
        game.draw()
    assert caught.value.rule is Rule.GAME_OVER


def test_a_tie_has_several_winners():
    game = Game.from_state([tiles("R5"), tiles("B5")], pool=Counter(), melded=[True, True])
    game.pass_turn()
    game.pass_turn()
    assert game.outcome() == Outcome("blocked", (5, 5), (0, 1))


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 2), (3, 3), (4, 4)])
def test_a_seeded_automatic_game_loses_and_duplicates_no_tile(seed, players):
    game = Game(players, seed=seed)
    while not game.is_over:
        action = computer_action(game)
        assert game.can_apply(action)
        game.apply(action)
        assert game.tiles() == full_set()
        assert all(count > 0 for hand in game.hands for count in hand.values())
    outcome = game.outcome()
    assert outcome.reason in ("out", "blocked")
    assert min(outcome.scores) == outcome.scores[outcome.winners[0]]
    replay = Game(players, seed=seed)
    while not replay.is_over:
        replay.apply(computer_action(replay))
    assert replay.history == game.history  # seeded: the same game again


def test_actions_are_values():
    assert Play.of("R7 R8 R9") == Play.of(["R7 R8 R9"]) == Play(((Tile("R7"), Tile("R8"), Tile("R9")),))
    assert Draw() == Draw() and Pass() != Draw()
    with pytest.raises(TypeError):
        Game(seed=0).apply("draw")


def test_from_state_checks_the_tiles():
    with pytest.raises(InvalidDealError):
        Game.from_state([tiles("J J"), tiles("J")])
    game = Game.from_state([tiles("R1"), tiles("R2")])
    assert game.pool.total() == 104 and game.pool[JOKER] == 2
