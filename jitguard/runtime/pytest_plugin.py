"""pytest plugin (entry point ``jitguard``): ``@pytest.mark.jitguard(max_compiles=N)``.

A marked test fails when any guarded function compiles more than N times while the
test body runs. Loading this plugin does not import jax.
"""

from __future__ import annotations

import pytest

MARKER = "jitguard"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "jitguard(max_compiles=1): fail the test if any jitguard-guarded function compiles "
        "more than max_compiles times while the test runs.",
    )


def _limit(marker: pytest.Mark) -> int:
    limit = marker.kwargs.get("max_compiles", marker.args[0] if marker.args else 1)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise pytest.UsageError(f"@pytest.mark.jitguard(max_compiles=...) needs an int >= 0; got {limit!r}.")
    return limit


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    marker = item.get_closest_marker(MARKER)
    if marker is None:
        return (yield)
    limit = _limit(marker)
    from jitguard.runtime import functions
    from jitguard.runtime.testing import Recorder, describe

    recorder = Recorder()
    functions.add_observer(recorder)
    try:
        result = yield
    finally:
        functions.remove_observer(recorder)
    over = {s: rs for s, rs in recorder.by_function().items() if len(rs) > limit}
    if over:
        lines = [f"jitguard: guarded functions compiled more than max_compiles={limit} in this test:"]
        for state, records in over.items():
            lines.append(f"{state.name} ({state.defined_at}): {len(records)} compiles")
            lines.append(describe(records))
        pytest.fail("\n".join(lines), pytrace=False)
    return result
