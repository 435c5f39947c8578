import json

import jax.numpy as jnp

import jitguard
from jitguard.runtime.logfile import report_main


def test_jsonl_log_and_cli_report(tmp_path, monkeypatch, capsys):
    log = tmp_path / "compiles.jsonl"
    monkeypatch.setenv("JITGUARD_LOG", str(log))

    @jitguard.jit(static_argnames="mode", on_excess="off")
    def logged_step(batch, mode):
        return batch["tokens"].sum()

    for n in (5, 6, 7):
        logged_step({"tokens": jnp.ones((2, n))}, mode="train")
    logged_step({"tokens": jnp.ones((2, 5))}, mode="train")  # cache hit: no line
    entries = [json.loads(l) for l in log.read_text().splitlines()]
    assert len(entries) == 3
    assert entries[0]["function"].endswith("logged_step")
    assert {"path": "mode", "static": "'train'"}.items() <= entries[0]["signature"][-1].items()
    assert entries[2]["signature"][0]["path"] == "batch['tokens']"

    assert report_main([str(log)]) == 0
    out = capsys.readouterr().out
    live = jitguard.report()
    row = next(l for l in out.splitlines() if "logged_step" in l)
    assert "batch['tokens'] dim 1 (3 values)" in row
    assert row.split()[2:4] == ["3", "0"]
    live_row = next(l for l in live.splitlines() if "logged_step" in l)
    assert live_row.split()[:4] == row.split()[:4]  # same table as the live report


def test_cli_errors(tmp_path, capsys):
    assert report_main([str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("jitguard report: cannot read") and "\n" not in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"function": "f"}\nnot json\n')
    assert report_main([str(bad)]) == 2
    assert "bad.jsonl:2: not a jitguard JSON line" in capsys.readouterr().err


def test_persistent_cache_hit_is_not_a_compile(tmp_path):
    import jax
    from jax._src import compilation_cache

    def body(x):
        return jnp.cos(x) * 3 + 1

    saved = {k: getattr(jax.config, k) for k in (
        "jax_compilation_cache_dir", "jax_persistent_cache_min_compile_time_secs",
        "jax_persistent_cache_min_entry_size_bytes")}
    jax.config.update("jax_compilation_cache_dir", str(tmp_path / "cache"))
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
    compilation_cache.reset_cache()
    try:
        first = jitguard.jit(body, on_excess="off")
        first(jnp.ones(9))
        jax.clear_caches()
        second = jitguard.jit(body, max_compiles=0, on_excess="raise")
        second(jnp.ones(9))  # a persistent-cache hit: not a compile, so no excess to raise
    finally:
        for k, v in saved.items():
            jax.config.update(k, v)
        compilation_cache.reset_cache()
    assert first.stats()["compiles"] == 1 and first.stats()["persistent_cache_hits"] == 0
    assert second.stats()["persistent_cache_hits"] == 1 and second.stats()["compiles"] == 0


def test_html_report_is_self_contained_and_parses(tmp_path, monkeypatch, capsys):
    from html.parser import HTMLParser

    log = tmp_path / "compiles.jsonl"
    monkeypatch.setenv("JITGUARD_LOG", str(log))

    @jitguard.jit(max_compiles=2, on_excess="off")
    def drawn_step(x, scale):
        return x * scale

    for n in (3, 4, 5, 6):
        drawn_step(jnp.ones(n), 2.0)
    drawn_step(jnp.ones(3, jnp.int32), 2.0)
    out = tmp_path / "out.html"
    assert report_main([str(log), "--html", str(out)]) == 0
    capsys.readouterr()

    class Page(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack, self.circles, self.titles, self.cells, self.urls = [], [], [], [], []

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            self.stack.append(tag)
            if tag == "circle":
                self.circles.append(attrs)
            for key in ("src", "href"):
                if key in attrs:
                    self.urls.append(attrs[key])
            if tag in ("script", "link", "img", "iframe"):
                self.urls.append(tag)

        def handle_endtag(self, tag):
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass

        def handle_data(self, data):
            if self.stack and self.stack[-1] == "title" and "circle" in self.stack:
                self.titles.append(data)
            if self.stack and self.stack[-1] == "td":
                self.cells.append(data)

    page = Page()
    page.feed(out.read_text(encoding="utf-8"))
    assert page.urls == []  # nothing fetched: no script, stylesheet, image or link
    assert len(page.circles) == 5 and {c["data-function"] for c in page.circles} == {
        "test_html_report_is_self_contained_and_parses.<locals>.drawn_step"}
    xs = [float(c["cx"]) for c in page.circles]
    assert xs == sorted(xs) and xs[-1] > xs[0]  # time on x
    radii = [float(c["r"]) for c in page.circles]
    seconds = [float(c["data-seconds"]) for c in page.circles]
    assert radii[seconds.index(max(seconds))] == max(radii)  # compile time as size
    assert "first compile" in page.titles[0]
    assert "x: dim 0 changed 5 → 6" in page.titles[3]  # churn reason on hover
    assert "x: dtype changed float32 → int32" in page.titles[4]
    assert "excess" in page.circles[2]["class"]
    assert page.cells[2] == "5" and "x dim 0 (4 values)" in page.cells
    assert any("pad x axis 0 to buckets" in c for c in page.cells)
