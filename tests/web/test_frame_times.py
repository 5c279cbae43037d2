"""While an AI seat thinks, how long is a frame? A whole AI-only game through the client,
reported as a figure in artifacts/frame_times.json (timings are machine-dependent, so the
25 ms target is reported, not asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pygame")

from tests.web.player import ROOT

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def test_frame_times_over_a_whole_game(data_dir: Path) -> None:
    from lab import client_bench as bench

    report = bench.run(players=2, difficulty="easy", seed=1)
    assert report["game"]["finished"]
    assert report["ai_thinking"]["frames"] > 0
    out = ROOT / "artifacts" / "frame_times.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2))
    print("\nframe times while the AI thinks:", json.dumps(report["ai_thinking"]))


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--players", "9"], "--players must be 2 to 6"),
        (["--players", "0"], "--players must be 2 to 6"),
        (["--seed", str(2**64)], "--seed must be a 64-bit integer"),
        (["--seconds", "3"], "--seconds goes with --idle"),
        (["--idle", "--players", "4", "--review"], "--players, --review: not with --idle"),
    ],
)
def test_bench_values_are_refused_where_given(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from lab import client_bench as bench

    with pytest.raises(SystemExit):
        bench.main(argv)
    assert says in capsys.readouterr().err
