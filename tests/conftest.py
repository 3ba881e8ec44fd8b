import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("pyodide", deadline=None, max_examples=15, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _computers_count_nodes_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's computers stop on a clock too (mortar.kit.search.page_clock, in Pyodide); the
    tests, in Pyodide as well, count their work in nodes alone, so that a level, a seed and a
    seat always give the same action however busy the machine is."""
    from mortar.kit import search
    monkeypatch.setattr(search, "CLOCKED", False)
