"""The computer players' preflop equities (pokerfsm.games.preflop): the shipped order's, read on first use."""
import subprocess
import sys

from pokerfsm.combos import HAND_CLASSES
from pokerfsm.games.preflop import PREFLOP_EQUITY
from pokerfsm.preflop_order import preflop_order


def test_the_players_equities_are_the_shipped_order_to_four_decimals():
    assert list(PREFLOP_EQUITY) == list(HAND_CLASSES) and len(PREFLOP_EQUITY) == 169
    assert {row.hand: round(row.equity, 4) for row in preflop_order()} == dict(PREFLOP_EQUITY)
    assert (PREFLOP_EQUITY["AA"], PREFLOP_EQUITY["KK"], PREFLOP_EQUITY["32o"]) == (0.852, 0.824, 0.323)


def test_importing_the_games_reads_no_order():
    code = ("import pokerfsm.preflop_order as o, pokerfsm.games.preflop, pokerfsm.games.solid; "
            "print(o.preflop_order.cache_info().currsize)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "0"
