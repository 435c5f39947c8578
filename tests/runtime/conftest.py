import pytest


@pytest.fixture(autouse=True, scope="session")
def _no_exit_summary():
    """The exit summary of unreported excess compiles is tested in subprocesses; here it
    would only add noise after the test run."""
    from jitguard.runtime import settings

    settings.exit_summary = False
    yield

@pytest.fixture(autouse=True)
def _clean_settings(monkeypatch):
    """Each test starts without env or configure() overrides."""
    from jitguard.runtime import settings

    for var in ("JITGUARD", "JITGUARD_MAX_COMPILES", "JITGUARD_LOG"):
        monkeypatch.delenv(var, raising=False)
    previous = settings.configure(on_excess=None, max_compiles=None, log=None)
    yield
    settings.configure(**previous)


@pytest.fixture
def backend_compiles():
    """Counts every XLA backend compile in the process, independently of jitguard."""
    import jax
    from jax._src import dispatch

    names = []

    def listener(event, duration, **kwargs):
        if event == dispatch.BACKEND_COMPILE_EVENT:
            names.append(kwargs.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)
    yield names
    jax.monitoring.unregister_event_duration_listener(listener)
