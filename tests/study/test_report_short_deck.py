"""Short-deck flop reports: the whole report against preflop equity, the store kept apart from hold'em's,
resumed after a stop, its provenance, and hold'em's reports as they were."""
import sqlite3

import pytest

import pokerfsm
from pokerfsm.errors import CancelledError, InvalidDealError, OptionError, RangeParseError
from pokerfsm.odds import Stop
from pokerfsm.study.flops import COLUMNS, table_checksum
from pokerfsm.study.report import checked_ranges, flop_report, report_key, stored_report, summary_groups

A, B = "QQ+,AK", "66+,ATs+,KTs+,QJs,AJo+"
GAME = "short-deck"
SOME = [0, 57, 200, 321, 572]
NARROW_A, NARROW_B = "KK+,AKs", "QQ,JJ,AQs,T9s"   # the whole report, kept cheap


@pytest.fixture(scope="module")
def whole(table, tmp_path_factory):
    """The whole short-deck report of two narrow ranges, computed here (in one process) into a fresh store."""
    path = tmp_path_factory.mktemp("store") / "s.sqlite"
    return flop_report(NARROW_A, NARROW_B, store_path=path, in_process=True, game=GAME), path


@pytest.mark.slow
def test_the_whole_report_averages_to_the_preflop_equity(whole):
    report, _ = whole
    assert report.complete and report.game == GAME and len(report.rows) == 573
    assert sum(r["weight"] for r in report.rows) == 7_140
    preflop = pokerfsm.equity([NARROW_A, NARROW_B], exact=True, game=GAME)
    every = report.summaries()[0]
    assert every["group"] == "all flops" and every["weight"] == 7_140
    assert every["equity_a"] == pytest.approx(preflop.players[0].equity, abs=1e-12)
    assert every["equity_b"] == pytest.approx(preflop.players[1].equity, abs=1e-12)


@pytest.mark.slow
def test_the_summaries_group_short_decks_own_high_cards(whole):
    report, _ = whole
    groups = [s["group"] for s in report.summaries()]
    assert groups[-9:] == [f"{rank}-high" for rank in "AKQJT9876"]
    assert not {"5-high", "4-high", "3-high", "2-high"} & set(groups)
    assert [name for name, _ in summary_groups(GAME)][-9:] == groups[-9:]
    by_group = {s["group"]: s for s in report.summaries()}
    assert sum(by_group[f"{rank}-high"]["weight"] for rank in "AKQJT9876") == 7_140
    assert by_group["connected"]["flops"] == sum(r["connected"] for r in report.rows)


@pytest.mark.slow
def test_a_report_asked_again_is_read_from_the_store(whole):
    report, path = whole
    again = flop_report("AKs, KK+", NARROW_B, store_path=path, game=GAME)
    assert again.computed == 0 and again.rows == report.rows and again.complete
    assert stored_report(NARROW_A, NARROW_B, store_path=path, game=GAME).rows == report.rows


def test_holdem_and_short_deck_reports_of_the_same_ranges_never_mix(table, tmp_path):
    path = tmp_path / "s.sqlite"
    short = flop_report(A, "TT+", flops=[0, 1], store_path=path, in_process=True, game=GAME)
    assert stored_report(A, "TT+", flops=[0, 1], store_path=path) is None
    holdem = flop_report(A, "TT+", flops=[0, 1], store_path=path, in_process=True)
    assert holdem.computed == 2 and holdem.game == "holdem"
    assert [r["flop"] for r in short.rows] == ["6d 6h 6s", "7s 6h 6s"]
    assert [r["flop"] for r in holdem.rows] == ["2d 2h 2s", "3s 2h 2s"]
    assert stored_report(A, "TT+", flops=[0, 1], store_path=path, game=GAME).rows == short.rows
    with sqlite3.connect(path) as db:
        keys = {k for (k,) in db.execute("SELECT key FROM rows_study_reports")}
        checksums = dict(db.execute("SELECT key, hr_checksum FROM rows_study_reports"))
    assert keys == {"QQ+, AK | TT+", "QQ+, AK | TT+ | short-deck"}
    assert checksums["QQ+, AK | TT+ | short-deck"] == table_checksum(GAME) != table_checksum("holdem")


def test_rows_of_another_short_deck_table_are_computed_again(table, tmp_path):
    path = tmp_path / "s.sqlite"
    flop_report(A, B, flops=SOME[:2], store_path=path, in_process=True, game=GAME)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE rows_study_reports SET hr_checksum = '0' WHERE key LIKE '%short-deck'")
    assert stored_report(A, B, flops=SOME[:2], store_path=path, game=GAME) is None
    assert flop_report(A, B, flops=SOME[:2], store_path=path, in_process=True, game=GAME).computed == 2


def test_a_stopped_short_deck_run_keeps_its_flops_and_resumes(table, tmp_path):
    path = tmp_path / "s.sqlite"
    stop = Stop()

    def progress(fraction, text):
        stop.cancel()   # after the first task

    with pytest.raises(CancelledError):
        flop_report(A, B, flops=SOME, store_path=path, in_process=True, flops_per_task=2, stop=stop,
                    progress=progress, game=GAME)
    resumed = flop_report(A, B, flops=SOME, store_path=path, in_process=True, game=GAME)
    assert resumed.computed == len(SOME) - 2 and [r["key"] for r in resumed.rows] == SOME


def test_a_store_written_before_matchups_is_computed_again(table, tmp_path):
    """Rows without the matchups column are not read; writing adds the column and computes them again."""
    path = tmp_path / "s.sqlite"
    flop_report(A, "TT+", flops=[0, 1], store_path=path, in_process=True)
    with sqlite3.connect(path) as db:   # the rows table as it was made before the column existed
        names = ", ".join(name for name, _ in COLUMNS if name != "matchups")
        db.execute(f"CREATE TABLE old AS SELECT report, {names} FROM rows_study_flops")
        db.execute("DROP TABLE rows_study_flops")
        db.execute("ALTER TABLE old RENAME TO rows_study_flops")
    assert stored_report(A, "TT+", flops=[0, 1], store_path=path) is None
    again = flop_report(A, "TT+", flops=[0, 1], store_path=path, in_process=True)
    assert again.computed == 2 and all(r["matchups"] > 0 for r in again.rows)
    assert stored_report(A, "TT+", flops=[0, 1], store_path=path).rows == again.rows


@pytest.mark.slow
def test_holdem_all_flops_average_to_the_preflop_equity(table, tmp_path):
    report = flop_report("AA", "KK", store_path=tmp_path / "s.sqlite", in_process=True, flops_per_task=200)
    assert report.complete and len(report.rows) == 1_755
    preflop = pokerfsm.equity(["AA", "KK"], exact=True, tables=False)
    assert report.summaries()[0]["equity_a"] == pytest.approx(preflop.players[0].equity, abs=1e-12)


@pytest.mark.parametrize("ranges, game, error, fragment", [
    ((A, "22+"), GAME, RangeParseError, "player 2: '22\\+' names a rank below six"),
    (("AhKh", B), GAME, InvalidDealError, "suits are renamed"),
    ((A, B), "omaha", OptionError, "no flop reports for Omaha"),
])
def test_bad_short_deck_questions_are_one_clear_error(table, ranges, game, error, fragment):
    with pytest.raises(error, match=fragment):
        checked_ranges(*ranges, game)


def test_bad_flop_numbers_are_the_games(table, tmp_path):
    with pytest.raises(OptionError, match="0 to 572"):
        flop_report(A, B, flops=[573], store_path=tmp_path / "s.sqlite", game=GAME)


def test_the_key_names_the_game_unless_holdem():
    first, second = checked_ranges(A, "TT+")
    assert report_key(first, second) == "QQ+, AK | TT+"
    assert report_key(first, second, GAME) == "QQ+, AK | TT+ | short-deck"
