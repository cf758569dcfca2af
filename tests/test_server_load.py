"""Issue 24, "done when": a load test, bounded and on the loopback only. A real `combatlog serve` process holds a
10,000-event fight; 50 players' views follow its live stream and 5 DM clients post commands for 20 s. Every
request is answered without error, every viewer receives every state (each command's resulting seq), and no
command is applied twice (the log holds exactly one CommandIssued per answered command).

Not a timed test: the issue's 1 s ceiling for a command under this load is reported by the benchmark
(benchmarks/game_night.py, benchmarks/run.py), where the machine's load can be read beside it."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx", reason="the test extra is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from game_night import commands_recorded, game_night  # noqa: E402


def test_fifty_viewers_and_five_dms_on_a_ten_thousand_event_fight(tmp_path):
    path = tmp_path / "night.db"
    night = game_night(str(path), encounters=1, viewers=50, dms=5, seconds=20, pause=0.05, events=10_000)
    assert night["failures"] == [] and night["failure_count"] == 0
    assert night["commands"] >= 20  # the DMs did post: five clients for 20 s
    assert len(commands_recorded(str(path), "table00")) >= 3300  # the fight was the 10,000-event one
    # The 1 s ceiling is a figure of the benchmark (house rule: no timed tests; on the shared 2-core
    # machine a run beside other suites measured 1.26 s). Asserted here: no command came near the 30 s at
    # which every DM post timed out on a 24,000-event fight (and was applied later, so a retry wrote it twice).
    assert night["command_max_ms"] < 30_000, night
    assert night["states_missed"] == 0, night  # every viewer, every state
    assert night["applied_twice"] == 0 and night["lost"] == 0, night


def test_a_viewer_that_fell_behind_sends_every_state_it_missed_in_order():
    # Issue 24: "every viewer gets every state". A feed keeps each new state's message once, in seq order; a
    # stream that last sent seq 10 sends 12, 14 and 16 (not only the newest), a new stream the newest only.
    from combatlog.server.hub import FEED_KEPT, Feed

    feed = Feed(lambda log: (0, ""))
    for seq in (10, 12, 16):
        feed.add(seq, f"state {seq}", generation=seq)
    feed.add(14, "state 14")  # made on the log's thread before 16, handed over after it
    feed.add(16, "state 16 again")  # the same state heard twice (the watcher and the write): kept once
    assert [seq for seq, _ in feed.after(10)] == [12, 14, 16]
    assert [message for _, message in feed.after(None)] == ["state 16"]
    assert feed.after(16) == []
    for seq in range(100, 100 + FEED_KEPT + 5):
        feed.add(seq, "later")
    assert len(feed.messages) == FEED_KEPT and feed.messages[-1][0] == 100 + FEED_KEPT + 4
