"""Flop reports through Dask and the store: rows kept, asked again from the store, resumed, refused."""
import pytest

import pokerfsm
from pokerfsm.errors import CancelledError, InvalidDealError, OptionError, RangeParseError
from pokerfsm.odds import Stop
from pokerfsm.precomputed.symmetry import canonical_boards
from pokerfsm.study.flops import FLOPS, matchup_weight
from pokerfsm.study.report import checked_ranges, flop_report, stored_report

A, B = "QQ+,AK", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"
SOME = [0, 40, 300, 777, 1200]


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1,
                            dashboard_address="127.0.0.1:0") as running:
        yield running


def test_rows_come_from_dask_then_from_the_store(table, client, tmp_path):
    path = tmp_path / "store.sqlite"
    report = flop_report(A, B, flops=SOME, store_path=path, client=client, flops_per_task=2)
    assert report.computed == len(SOME) and [r["key"] for r in report.rows] == SOME and not report.complete
    for row in report.rows:
        exact = pokerfsm.equity([A, B], board=row["flop"], exact=True, tables=False)
        assert row["equity_a"] == pytest.approx(exact.players[0].equity, abs=1e-12)
    again = flop_report("AK, QQ+", B, flops=SOME, store_path=path)   # the same range written otherwise; no client
    assert again.computed == 0 and again.rows == report.rows


def test_a_stopped_run_keeps_its_finished_flops(table, client, tmp_path):
    path = tmp_path / "store.sqlite"
    flop_report(A, B, flops=SOME[:2], store_path=path, client=client)
    resumed = flop_report(A, B, flops=SOME, store_path=path, client=client)
    assert resumed.computed == len(SOME) - 2 and len(resumed.rows) == len(SOME)


def test_summaries_are_weighted_by_flop(table, client, tmp_path):
    report = flop_report(A, B, flops=SOME, store_path=tmp_path / "s.sqlite", client=client)
    first = report.summaries()[0]
    assert first["group"] == "all flops" and first["weight"] == sum(r["weight"] for r in report.rows)
    chance = [r["weight"] * r["matchups"] for r in report.rows]   # how often each flop comes to the two ranges
    expected = sum(c * r["equity_a"] for c, r in zip(chance, report.rows)) / sum(chance)
    assert first["equity_a"] == pytest.approx(expected)
    assert [r["matchups"] for r in report.rows] == [matchup_weight(*checked_ranges(A, B), canonical_boards(3)[k])
                                                     for k in SOME]
    data = report.to_dict()
    assert data["flops"] == len(SOME) and len(data["rows"]) == len(SOME)


@pytest.mark.parametrize("ranges, error, fragment", [
    ((A, "22+,AX"), RangeParseError, "'AX'"),
    (("AhKh", B), InvalidDealError, "suits are renamed"),
])
def test_bad_ranges_are_one_clear_error(table, ranges, error, fragment):
    with pytest.raises(error, match=fragment):
        checked_ranges(*ranges)


def test_bad_flop_numbers(table, tmp_path):
    with pytest.raises(OptionError, match="0 to 1754"):
        flop_report(A, B, flops=[FLOPS], store_path=tmp_path / "s.sqlite")


def test_in_process_rows_equal_dasks_and_read_back_without_computing(table, client, tmp_path):
    here = flop_report(A, B, flops=SOME, store_path=tmp_path / "here.sqlite", in_process=True, flops_per_task=2)
    dask = flop_report(A, B, flops=SOME, store_path=tmp_path / "dask.sqlite", client=client)
    assert here.computed == len(SOME) and here.rows == dask.rows
    assert stored_report("AK, QQ+", B, flops=SOME, store_path=tmp_path / "here.sqlite").rows == here.rows
    assert stored_report(A, B, flops=[*SOME, 1], store_path=tmp_path / "here.sqlite") is None
    assert stored_report(A, B, store_path=tmp_path / "none.sqlite") is None


def test_a_stop_ends_an_in_process_run_and_keeps_finished_flops(table, tmp_path):
    path = tmp_path / "store.sqlite"
    stop = Stop()
    fractions = []

    def progress(fraction, text):
        fractions.append(fraction)
        stop.cancel()   # after the first task

    with pytest.raises(CancelledError):
        flop_report(A, B, flops=SOME, store_path=path, in_process=True, flops_per_task=2, stop=stop,
                    progress=progress)
    assert fractions == [2 / len(SOME)]
    resumed = flop_report(A, B, flops=SOME, store_path=path, in_process=True)
    assert resumed.computed == len(SOME) - 2
