"""``pokerfsm report flops``: one JSON document, CSV, Parquet, one-line errors before any cluster starts."""
import csv
import io
import json

import pytest

from pokerfsm.cli import main

A, B = "QQ+,AK", "22+,ATs+,KQs"


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1,
                            dashboard_address="127.0.0.1:0") as client:
        yield client.scheduler.address


def test_json_csv_parquet_and_the_summary(table, scheduler, tmp_path, capsys):
    common = ["report", "flops", A, B, "--limit", "4", "--scheduler", scheduler, "--store", str(tmp_path / "s")]
    assert main([*common, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["flops"] == 4 and not data["complete"] and data["computed"] == 4
    assert [r["key"] for r in data["rows"]] == [0, 1, 2, 3] and data["summaries"][0]["group"] == "all flops"
    assert main([*common, "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["flop"] for r in rows] == [r["flop"] for r in data["rows"]]
    assert main(common) == 0
    out = capsys.readouterr().out
    assert "all flops" in out and "4 of 1,755 flops" in out and "read from the store" in out
    pq = pytest.importorskip("pyarrow.parquet")
    assert main([*common, "--parquet", str(tmp_path / "r.parquet")]) == 0
    assert pq.read_table(tmp_path / "r.parquet").num_rows == 4


@pytest.mark.parametrize("argv, fragment", [
    (["report", "flops", "QQ+,AX", B], "'AX'"),
    (["report", "flops", "AhKh", B], "suits are renamed"),
    (["report", "flops", A, B, "--workers", "0"], "--workers"),
    (["report", "flops", A, B, "--limit", "0"], "--limit"),
    (["report", "flops", A, B, "--csv", "--json"], "not allowed"),
])
def test_errors_are_one_line_with_status_2(table, capsys, argv, fragment, tmp_path):
    assert main([*argv, "--store", str(tmp_path / "s")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and fragment in captured.err and len(captured.err.strip().splitlines()) == 1
