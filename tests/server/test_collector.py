"""The garbage collector while the server runs: start-up's objects frozen, young collections rare (see
``parlour.server.app.GC_THRESHOLDS`` for why), and both undone when the server stops. The pauses themselves are
measured by ``python -m bench load``, not here."""

from __future__ import annotations

import gc

from fastapi.testclient import TestClient

from parlour.server import create_app
from parlour.server.app import GC_THRESHOLDS


def test_the_server_collects_rarely_while_it_runs_and_puts_the_collector_back(tmp_path):
    before = gc.get_threshold()
    assert before != GC_THRESHOLDS
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path}/t.db", bot_workers=1)):
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
