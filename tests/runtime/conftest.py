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


_current: list = []  # the list the session's one listener appends to (None: nobody listens)
_listening = False


@pytest.fixture
def backend_compiles():
    """Counts every XLA backend compile in the process, independently of jitguard.

    One listener for the whole session (older jax cannot unregister listeners); each
    test gets a fresh list."""
    global _listening
    import jax
    from jax._src import dispatch

    if not _listening:
        event = getattr(dispatch, "BACKEND_COMPILE_EVENT", "/jax/core/compile/backend_compile_duration")

        def listener(name, duration, **kwargs):
            if name == event and _current:
                _current[-1].append(kwargs.get("fun_name"))

        jax.monitoring.register_event_duration_secs_listener(listener)
        _listening = True
    names: list = []
    _current.append(names)
    yield names
    _current.remove(names)
