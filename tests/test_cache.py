"""The content cache (.jitguard_cache): layout, keys, invalidation, damage, --no-cache/--cache-dir."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

from jitguard._version import __version__
from tests.sources import BUGGY, FIXED
from tests.conftest import run_jitguard



def jitguard(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    proc = run_jitguard(cwd, *args, timeout=120, unset=("JITGUARD_NO_CACHE",))
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def cache_files(folder: Path) -> list[Path]:
    """The head file of each cache (one per version, schema and settings); its records are in the
    shard files of the folder of the same name beside it."""
    return sorted((folder / __version__).glob("*.bin")) if (folder / __version__).is_dir() else []


def shard_files(head: Path) -> list[Path]:
    return sorted(head.with_suffix("").glob("*.bin"))


def read_shard(shard: Path) -> dict:
    """A shard's tables (cache files are marshal; the lazy tables JSON text inside them)."""
    data = marshal.loads(shard.read_bytes())
    return {k: json.loads(v) if isinstance(v, str) and k != "schema" else v for k, v in data.items()}


def entries(folder: Path, table: str = "files") -> dict:
    out: dict = {}
    for f in cache_files(folder):
        for shard in shard_files(f):
            out.update(read_shard(shard).get(table, {}))
    return out


def test_layout_like_ruff_cache(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.jitguard]\n")
    (tmp_path / "bug.py").write_text(BUGGY)
    assert jitguard(tmp_path, "check", ".").returncode == 1
    cache = tmp_path / ".jitguard_cache"
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    assert len(cache_files(cache)) == 1
    assert str(tmp_path / "bug.py") in entries(cache)


def test_cached_results_are_the_same_and_content_changes_invalidate(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(BUGGY)
    (tmp_path / "other.py").write_text("import jax\n\ng = jax.jit(lambda x: x)\n")
    cold = jitguard(tmp_path, "check", "--output-format", "json", ".")
    warm = jitguard(tmp_path, "check", "--output-format", "json", ".")
    assert cold.returncode == warm.returncode == 1
    assert cold.stdout == warm.stdout
    key = str(tmp_path / "bug.py")
    digest = entries(tmp_path / ".jitguard_cache")[key][0]
    # same size, same mtime, different content: the cache must not be fooled
    stat = (tmp_path / "bug.py").stat()
    (tmp_path / "bug.py").write_text(BUGGY.replace("x > 0", "x < 0"))
    os.utime(tmp_path / "bug.py", ns=(stat.st_atime_ns, stat.st_mtime_ns))
    changed = jitguard(tmp_path, "check", "--output-format", "json", ".")
    assert "`x < 0`" in changed.stdout
    assert entries(tmp_path / ".jitguard_cache")[key][0] != digest
    (tmp_path / "bug.py").write_text(FIXED)
    assert jitguard(tmp_path, "check", ".").returncode == 0


def test_settings_and_version_are_part_of_the_key(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(BUGGY)
    assert jitguard(tmp_path, "check", ".").returncode == 1
    # a different rule selection: a separate cache file, and the right answer
    assert jitguard(tmp_path, "check", "--select", "JG2", ".").returncode == 0
    assert jitguard(tmp_path, "check", ".").returncode == 1
    assert len(cache_files(tmp_path / ".jitguard_cache")) == 2
    assert cache_files(tmp_path / ".jitguard_cache")[0].parent.name == __version__


def test_no_cache_and_cache_dir(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(BUGGY)
    assert jitguard(tmp_path, "check", "--no-cache", ".").returncode == 1
    assert not (tmp_path / ".jitguard_cache").exists()
    env_run = subprocess.run([sys.executable, "-m", "jitguard", "check", "."], cwd=tmp_path, capture_output=True,
                             env={**os.environ, "JITGUARD_NO_CACHE": "1"})
    assert env_run.returncode == 1 and not (tmp_path / ".jitguard_cache").exists()
    assert jitguard(tmp_path, "check", "--cache-dir", "elsewhere", ".").returncode == 1
    assert not (tmp_path / ".jitguard_cache").exists()
    assert (tmp_path / "elsewhere" / "CACHEDIR.TAG").is_file() and cache_files(tmp_path / "elsewhere")
    (tmp_path / "pyproject.toml").write_text('[tool.jitguard]\ncache-dir = "cfgcache"\n')
    assert jitguard(tmp_path, "check", ".").returncode == 1
    assert cache_files(tmp_path / "cfgcache")


def test_a_damaged_cache_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(BUGGY)
    assert jitguard(tmp_path, "check", ".").returncode == 1
    [cache_file] = cache_files(tmp_path / ".jitguard_cache")
    expected = jitguard(tmp_path, "check", "--no-cache", "--output-format", "json", ".").stdout
    for junk in (b"{not marshal", marshal.dumps([]), marshal.dumps({str(tmp_path / "bug.py"): 5}),
                 marshal.dumps({str(tmp_path / "bug.py"): ["x", [[1]]]})):
        cache_file.write_bytes(junk)
        proc = jitguard(tmp_path, "check", "--output-format", "json", ".")
        assert proc.returncode == 1 and proc.stdout == expected, junk
    [shard] = shard_files(cache_file)
    good = marshal.loads(shard.read_bytes())
    schema = good["schema"]
    [(key, entry)] = good["files"].items()
    for junk in (b"{not marshal", marshal.dumps([]), marshal.dumps({"schema": schema, "files": {str(tmp_path / "bug.py"): 5}}),
                 marshal.dumps({"schema": schema, "files": {str(tmp_path / "bug.py"): ["x", [[1]]]}}),
                 marshal.dumps({"schema": schema, "files": {str(tmp_path / "bug.py"): [None] * 8}, "stats": 3}),
                 # the facts' text damaged (its fingerprint no longer matches), or not a text
                 marshal.dumps({**good, "files": {key: [*entry[:2], entry[2][:-1], *entry[3:]]}}),
                 marshal.dumps({**good, "files": {key: [*entry[:2], {"schema": 0}, *entry[3:]]}}),
                 marshal.dumps({**good, "answers": "{not json"})):
        shard.write_bytes(junk)
        proc = jitguard(tmp_path, "check", "--output-format", "json", ".")
        assert proc.returncode == 1 and proc.stdout == expected, junk


def test_an_unwritable_cache_dir_only_costs_speed(tmp_path: Path) -> None:
    (tmp_path / "bug.py").write_text(BUGGY)
    (tmp_path / "blocker").write_text("a file where the cache folder should be\n")
    proc = jitguard(tmp_path, "check", "--cache-dir", "blocker/cache", ".")
    assert proc.returncode == 1 and "JG101" in proc.stdout


def test_parallel_runs_fill_and_use_the_cache(tmp_path: Path) -> None:
    for i in range(24):
        (tmp_path / f"m{i:02}.py").write_text(BUGGY if i % 3 == 0 else FIXED)
    cold = jitguard(tmp_path, "check", "-j", "2", "--output-format", "json", ".")
    assert len(entries(tmp_path / ".jitguard_cache")) == 24
    warm = jitguard(tmp_path, "check", "-j", "2", "--output-format", "json", ".")
    assert cold.stdout == warm.stdout and len(json.loads(warm.stdout)) == 8


def test_files_with_internal_errors_or_unreadable_are_not_cached(tmp_path: Path) -> None:
    os.symlink("nowhere.py", tmp_path / "gone.py")
    (tmp_path / "bug.py").write_text(BUGGY)
    jitguard(tmp_path, "check", ".")
    assert set(entries(tmp_path / ".jitguard_cache")) == {str(tmp_path / "bug.py")}


def test_a_metadata_change_in_another_module_reaches_cached_users(tmp_path: Path) -> None:
    """The tree's pytree metadata names are part of what a file's result depends on: when a field
    stops being metadata in one module, the cached result of a module that reads it is dropped."""
    (tmp_path / "types_.py").write_text(
        "import flax.struct as struct\n\n\nclass Cfg(struct.PyTreeNode):\n"
        "    n: int = struct.field(pytree_node=False)\n")
    (tmp_path / "main.py").write_text(
        "import jax\n\n\n@jax.jit\ndef f(cfg, x):\n    if cfg.n > 2:\n        return x\n    return -x\n")
    first = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    assert first.returncode == 0, first.stdout
    (tmp_path / "types_.py").write_text(
        "import flax.struct as struct\n\n\nclass Cfg(struct.PyTreeNode):\n    n: int = struct.field()\n")
    second = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    assert second.returncode == 1 and "main.py:6:8: JG101" in second.stdout, second.stdout


def test_a_static_field_that_may_become_none_reaches_cached_users(tmp_path: Path) -> None:
    """Whether the tree declares a static field never None (`int`) or maybe None (`Optional[int]`)
    decides what a module that binds it with `functools.partial` gets (precision case
    fresh4_partial_static_field_across_modules.py): a flip of the annotation in the module of
    the class drops the cached result of the module that reads the field, although neither the
    field's name nor the reading module changed."""
    cases = Path(__file__).parent / "precision_cases"
    lists = (cases / "_fresh4_partial_static_field_across_modules_lists.py").read_text()
    (tmp_path / "lists.py").write_text(lists)
    (tmp_path / "app.py").write_text((cases / "fresh4_partial_static_field_across_modules.py").read_text().replace(
        "from tests.precision_cases._fresh4_partial_static_field_across_modules_lists import", "from lists import"))
    first = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    assert first.returncode == 0, first.stdout
    never_none = "    max_occupancy: int = static_field()"
    assert never_none in lists
    (tmp_path / "lists.py").write_text(lists.replace(never_none, "    max_occupancy: Optional[int] = static_field()"))
    second = jitguard(tmp_path, "check", "--output-format", "concise", ".")
    cold = jitguard(tmp_path, "check", "--no-cache", "--output-format", "concise", ".")
    assert cold.returncode == 1 and "app.py" in cold.stdout, cold.stdout
    assert second.stdout == cold.stdout


SEEDING_PROJECT = {
    "a.py": "import jax\n\nfrom b import helper\n\n\n@jax.jit\ndef step(x):\n    return helper(x)\n",
    # b.py has no JAX word: it is checked only because a.py passes it a traced value
    "b.py": "def helper(y):\n    if y > 0:\n        return y\n    return -y\n",
}


def test_one_cache_for_one_process_and_several(tmp_path: Path) -> None:
    """A cache written by `-j 1` serves `-j 2` and the reverse: the same results are cached under
    the same keys whatever the number of processes (issue 15), so a warm run in the other mode
    re-checks nothing and leaves the cache file as it was."""
    for first, second in (("1", "2"), ("2", "1")):
        folder = tmp_path / f"j{first}"
        folder.mkdir()
        for name, text in SEEDING_PROJECT.items():
            (folder / name).write_text(text)
        cold = jitguard(folder, "check", "--output-format", "json", "-j", first, ".")
        assert cold.returncode == 1 and "b.py" in cold.stdout and "JG101" in cold.stdout
        [cache] = cache_files(folder / ".jitguard_cache")
        before = _without_stats(cache)
        warm = jitguard(folder, "check", "--output-format", "json", "-j", second, ".")
        assert warm.stdout == cold.stdout
        assert _without_stats(cache) == before, f"-j {second} re-checked files cached by -j {first}"


def _without_stats(cache: Path) -> dict:
    """The cache's results; the files' statuses aside (a file written less than
    cache.STAT_MARGIN_NS before a run gets its status recorded by a later run)."""
    data = {"head": marshal.loads(cache.read_bytes())}
    for shard in shard_files(cache):
        data[shard.name] = read_shard(shard)
        data[shard.name].pop("stats", None)
    return data


def test_a_parallel_run_checks_the_seeded_files_on_its_workers(tmp_path: Path, monkeypatch) -> None:
    """`-j 2` checks the files other files pass traced values to (their second, seeded check) on
    its worker processes, which it keeps from the first phase, not in the parent (issue 15: both
    cores busy through that phase), with the findings of `-j 1`."""
    from jitguard.lint import runner
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.textscan import LintOptions

    for name, text in SEEDING_PROJECT.items():
        (tmp_path / name).write_text(text)
    for i in range(runner.PARALLEL_MIN_FILES):  # enough files for the parallel path
        (tmp_path / f"m{i}.py").write_text(f"import jax\n\n\n@jax.jit\ndef f{i}(x):\n    return x + {i}\n")
    monkeypatch.chdir(tmp_path)
    paths = sorted(p.name for p in tmp_path.glob("*.py"))
    options = LintOptions(frozenset(all_codes()) - opt_in_codes())
    serial = runner.lint_files(paths, options, jobs=1)

    def no_linting_here(_options):
        raise AssertionError("the parent process linted a file")

    monkeypatch.setattr(runner, "_linter", no_linting_here)
    parallel = runner.lint_files(paths, options, jobs=2)
    found = lambda results: [(r.path, [(f.line, f.column, f.code, f.message) for f in r.findings]) for r in results]  # noqa: E731
    assert found(parallel) == found(serial)
    assert [f.line for r in parallel if r.path == "b.py" for f in r.findings if f.code == "JG101"] == [2]


def test_the_tree_scans_of_an_unchanged_file_come_from_the_cache(tmp_path: Path) -> None:
    """Every run scans every file of the tree for jitted names and pytree metadata (the facts
    each file's analysis needs); an unchanged file's scans are read from its cache entry instead
    (on a 3,000-file repository the metadata scan alone cost the pre-commit hook ~1.3 s)."""
    from jitguard.lint.cache import Cache
    from jitguard.lint.diagnostics import FileResult

    cache = Cache(tmp_path, "key")
    cache.put("m.py", FileResult("m.py"), "d1", defines={"step"}, metadata=({"n_layers"}, {"num_links"}))
    assert cache.tree_scan("m.py", "d1") == (["step"], ["n_layers"], ["num_links"])
    assert cache.tree_scan("m.py", "d2") is None  # other content: scanned again
    cache.put("old.py", FileResult("old.py"), "d1", defines={"step"})  # no scan stored
    assert cache.tree_scan("old.py", "d1") is None
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("import jax\n\n@jax.jit\ndef step(x):\n    return x\n")
    jitguard(tmp_path / "pkg", "check", ".")
    [entry] = entries(tmp_path / "pkg" / ".jitguard_cache").values()
    assert entry[4] == ["step"] and entry[6] == [[], []]


# -- the pre-commit path: a warm run needs neither libcst nor the rules (issue 15) -------------------

WARM_RUN = """
import json, sys
from jitguard.cli import main
code = main(sys.argv[1:])
heavy = sorted(m for m in sys.modules if m == "libcst" or m.startswith(("libcst.", "jitguard.lint.rules",
               "jitguard.lint.engine", "jitguard.lint.analysis.jitcontext", "jitguard.lint.analysis.walker")))
print(json.dumps(heavy), file=sys.stderr)
sys.exit(code)
"""


def warm_run(cwd: Path, *args: str) -> tuple[set, list[str]]:
    """``jitguard check --output-format json ARGS`` in one process: (findings, heavy modules it imported)."""
    env = {k: v for k, v in os.environ.items() if k != "JITGUARD_NO_CACHE"}
    proc = subprocess.run([sys.executable, "-c", WARM_RUN, "check", "--output-format", "json", "--extend-select",
                           "JG304", *args], cwd=cwd, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    findings = {(Path(f["path"]).as_posix(), f["line"], f["code"]) for f in json.loads(proc.stdout)}
    return findings, json.loads(proc.stderr.strip().splitlines()[-1])


def test_the_rule_table_is_the_registry() -> None:
    """jitguard.lint.ruleinfo lets a run choose codes, name findings and run the project-wide rules
    without importing the rules: it must say what the registry says."""
    from jitguard.lint import ruleinfo
    from jitguard.lint.analysis import lattice, project
    from jitguard.lint.rules import ALL_RULES

    registry = [(r.code, r.__module__.rsplit(".", 1)[1], r.__name__, r.name, r.scope.value, r.default_enabled,
                 r.doc_url()) for r in ALL_RULES]
    table = [(i.code, i.module, i.cls, i.name, i.scope, i.default_enabled, i.url) for i in ruleinfo.RULES]
    assert table == registry, "update jitguard/lint/ruleinfo.py: RULES must list every rule of ALL_RULES"
    assert [type(r) for r in ruleinfo.project_rules(ruleinfo.BY_CODE)] == [r for r in ALL_RULES if r.scope.value == "project"]
    assert project.WEAK_SCALARS == lattice.WEAK_SCALARS


def test_a_warm_run_imports_neither_libcst_nor_the_rules(tmp_path: Path) -> None:
    """With every file's result in the cache (the pre-commit hook on unchanged files), a run reads
    the cached results, the cached re-exports of __init__.py files and the project-wide rules'
    cached findings: no libcst, no rule, no analysis module is imported, and the findings are
    those of a run without the cache, cross-file ones included."""
    from tests.test_project import EXPECTED, FILES
    import textwrap

    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    cold, heavy = warm_run(tmp_path, ".")
    assert cold == EXPECTED and "libcst" in heavy
    for _ in range(2):  # the second warm run: nothing was rewritten by the first
        warm, heavy = warm_run(tmp_path, ".")
        assert warm == EXPECTED and heavy == []
    # the hook on one file: the findings other files get from it (a call of its jitted function
    # with a list as static argument, a traced value passed to a helper) come from the cache too
    # (files named first, then the rest: the project-wide rules see another order, so the first
    # such run runs them again, and the next ones reuse their findings)
    uncached, _ = warm_run(tmp_path, "--no-cache", "--force-exclude", "pkg/train.py")
    for _ in range(2):
        hook, heavy = warm_run(tmp_path, "--force-exclude", "pkg/train.py")
        assert hook == uncached and any(path != "pkg/train.py" for path, _line, _code in hook)
    assert heavy == []
    # a change that makes `sizes` traced: the project-wide findings are computed again, not reused
    train = tmp_path / "pkg" / "train.py"
    original = train.read_text()
    train.write_text(original.replace('static_argnames=("n", "sizes")', 'static_argnames=("n",)'))
    uncached, _ = warm_run(tmp_path, "--no-cache", ".")
    warm, heavy = warm_run(tmp_path, "-j", "1", ".")
    assert warm == uncached == EXPECTED - {("run.py", 11, "JG203")} and "libcst" in heavy
    assert warm_run(tmp_path, ".") == (warm, [])
    if sys.platform.startswith("linux"):
        # with several jobs the changed file is linted, and the project-wide rules run, in a process
        # the run forks (runner._Forked): the run itself imports neither libcst nor the rules
        train.write_text(original)
        assert warm_run(tmp_path, "-j", "2", ".") == (EXPECTED, [])


def test_the_hook_sends_the_sure_misses_first_and_lints_a_late_miss_there_too(tmp_path: Path) -> None:
    """runner._lint_forked_first: the hook's forked process gets the files the cache holds no record
    of (Cache.holds) before the cached results are built; a file whose record turns out unusable
    then (its facts' text damaged: same digest, so not a sure miss) is linted there after them. The
    findings are a run's without the cache, and the run itself still imports no libcst."""
    from tests.test_project import FILES
    import textwrap

    if not sys.platform.startswith("linux"):
        return
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    warm_run(tmp_path, "-j", "2", ".")
    train, helpers = tmp_path / "pkg" / "train.py", tmp_path / "pkg" / "helpers.py"
    train.write_text(train.read_text() + "\n\ndef appended(x):\n    return x\n")
    [head] = cache_files(tmp_path / ".jitguard_cache")
    damaged = None
    for shard in shard_files(head):  # the facts' text of another named file with facts, damaged
        data = marshal.loads(shard.read_bytes())
        for key, entry in data.get("files", {}).items():
            if key in (str(helpers), str(tmp_path / "run.py")) and isinstance(entry[2], str) and damaged is None:
                damaged = key, entry
                data["files"][key] = [*entry[:2], entry[2][:-1], *entry[3:]]
                shard.write_bytes(marshal.dumps(data))
    assert damaged is not None
    uncached, _ = warm_run(tmp_path, "--no-cache", "--force-exclude", "pkg/train.py", "pkg/helpers.py", "run.py")
    hook, heavy = warm_run(tmp_path, "-j", "2", "--force-exclude", "pkg/train.py", "pkg/helpers.py", "run.py")
    assert hook == uncached and ("pkg/helpers.py", 5, "JG101") in hook and heavy == []
    key, entry = damaged
    assert entries(tmp_path / ".jitguard_cache")[key][2] == entry[2]  # linted again: its record whole again


# -- unchanged files are not even read (the pre-commit path on a large tree, issue 15) ------------

COUNTED_RUN = """
import json, sys
from jitguard.lint import cache, runner, textscan
cache.STAT_MARGIN_NS = int(sys.argv[1])
read = []
def counting(path, _read=textscan.read_source):
    read.append(path)
    return _read(path)
runner.read_source = textscan.read_source = counting
from jitguard.cli import main
code = main(sys.argv[2:])
print(json.dumps(sorted(set(read))), file=sys.stderr)
sys.exit(code)
"""


def counted_run(cwd: Path, margin_ns: int, *args: str) -> tuple[list, list[str]]:
    """``jitguard check --output-format json ARGS`` in one process with the given STAT_MARGIN_NS:
    (findings as (path, line, code, message), the files it read)."""
    env = {k: v for k, v in os.environ.items() if k != "JITGUARD_NO_CACHE"}
    proc = subprocess.run([sys.executable, "-c", COUNTED_RUN, str(margin_ns), "check", "--output-format", "json",
                           *args], cwd=cwd, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
    findings = sorted((Path(f["path"]).as_posix(), f["line"], f["code"], f["message"]) for f in json.loads(proc.stdout))
    return findings, [Path(p).as_posix() for p in json.loads(proc.stderr.strip().splitlines()[-1])]


def test_a_warm_run_reads_only_the_files_whose_status_changed(tmp_path: Path) -> None:
    """The cache records each file's status (size, inode, modification and change times) with its
    digest, as git's index does: a warm run reads no unchanged file, not even to hash it, nor for
    the project-wide steps that search files' texts (their answers are cached by digest). A file
    rewritten with the same size and modification time has a new change time: it is read again.
    Files changed within STAT_MARGIN_NS of the run are never recorded ("racily clean")."""
    from tests.test_project import FILES
    import textwrap

    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    (tmp_path / "bug.py").write_text(BUGGY)
    (tmp_path / "pyproject.toml").write_text("[tool.jitguard]\n")  # one project: the hook sees every file
    uncached, _ = counted_run(tmp_path, 0, "--no-cache", ".")
    young, read = counted_run(tmp_path, 10**12, ".")  # every file is "young": none is recorded
    assert young == uncached and "bug.py" in read
    again, read = counted_run(tmp_path, 10**12, ".")
    assert again == uncached and "bug.py" in read  # hashed again: no status was recorded
    first, read = counted_run(tmp_path, 0, ".")  # records the statuses
    assert first == uncached
    warm, read = counted_run(tmp_path, 0, ".")
    assert warm == uncached and read == []
    hook_uncached, _ = counted_run(tmp_path, 0, "--no-cache", "--force-exclude", "pkg/train.py")
    hook, read = counted_run(tmp_path, 0, "--force-exclude", "pkg/train.py")
    assert hook == hook_uncached and hook and read == []
    # same size, same modification time, other content: the change time tells
    stat = (tmp_path / "bug.py").stat()
    (tmp_path / "bug.py").write_text(BUGGY.replace("x > 0", "x < 0"))
    os.utime(tmp_path / "bug.py", ns=(stat.st_atime_ns, stat.st_mtime_ns))
    changed, read = counted_run(tmp_path, 0, ".")
    assert read == ["bug.py"] and any("`x < 0`" in f[3] for f in changed)



def test_statuses_changed_reads_the_first_files_shards(tmp_path: Path, monkeypatch) -> None:
    """cache.statuses_changed (runner._Forked's decision to fork): None without a cache, else how many
    of the files changed since the cache kept their results; a file whose status was not recorded
    (changed within the margin) counts as changed only if its content differs."""
    from jitguard.lint import cache as cache_mod
    from jitguard.lint.cache import Cache, content_digest, statuses_changed
    from jitguard.lint.diagnostics import FileResult

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cache_mod, "STAT_MARGIN_NS", 0)
    files = [f"m{i}.py" for i in range(6)]
    for name in files:
        (tmp_path / name).write_text(f"x = {name!r}\n")
    folder = tmp_path / ".jitguard_cache"
    assert statuses_changed(folder, "k", files) is None  # no cache: a cold run
    cache = Cache(folder, "k")
    for name in files:
        data = (tmp_path / name).read_bytes()
        cache.put(name, FileResult(name), content_digest(data))
        if name != "m5.py":  # m5.py: no status recorded (as for a file changed within the margin)
            cache.put_stat(name, os.stat(name), content_digest(data))
    cache.save()
    assert statuses_changed(folder, "k", files) == 0
    assert statuses_changed(folder, "other settings", files) is None
    (tmp_path / "m1.py").write_text("x = 'changed'\n")
    (tmp_path / "m5.py").write_text("x = 'changed too'\n")
    assert statuses_changed(folder, "k", files) == 2
    assert statuses_changed(folder, "k", files, mixed=True) == 1  # m0 the same, m1 changed: enough


def test_the_runner_takes_the_files_in_the_order_of_discovery() -> None:
    """runner.tree_order sorts paths as discovery walks a tree (a folder's files, then its folders,
    by name, depth first): the runner's order for the project-wide steps, whatever the order given
    (the pre-commit hook names its files first), is the one of the whole tree's run."""
    from jitguard.cli import build_parser, resolver_for
    from jitguard.lint.discovery import discover
    from jitguard.lint.runner import tree_order

    files = discover(["."], resolver_for(build_parser().parse_args(["check", "."])))
    assert len(files) > 50 and sorted(files, key=tree_order) == files
    made = ["b.py", "a/z.py", "a/b/c.py", "a.py", "a/b.py", "a-b/x.py", "a/a b/y.py", "ab/q.py"]
    assert sorted(made, key=tree_order) == ["a.py", "b.py", "a/b.py", "a/z.py", "a/a b/y.py", "a/b/c.py", "a-b/x.py",
                                            "ab/q.py"]


def test_stat_by_folder_is_os_stat(tmp_path: Path, monkeypatch) -> None:
    """runner.stat_by_folder (one descriptor per folder, the names looked up from it: half the
    cost where path lookups are dear) gives each path what os.stat gives: a symlink followed, a
    file in the current folder, one under a symlinked folder; a missing file or one whose folder
    is missing is left out."""
    from jitguard.lint.runner import stat_by_folder

    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    for rel in ("top.py", "pkg/a.py", "pkg/b.py", "pkg/sub/c.py"):
        (tmp_path / rel).write_text(f"# {rel}\n")
    (tmp_path / "pkg" / "link.py").symlink_to(tmp_path / "top.py")
    (tmp_path / "linked").symlink_to(tmp_path / "pkg", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    paths = ["top.py", "pkg/a.py", "pkg/missing.py", "pkg/b.py", "pkg/sub/c.py", "pkg/link.py", "linked/a.py",
             "nowhere/x.py", str(tmp_path / "pkg" / "sub" / "c.py")]
    got = stat_by_folder(paths)
    assert set(got) == set(paths) - {"pkg/missing.py", "nowhere/x.py"}

    def key(st: os.stat_result) -> tuple:
        return st.st_size, st.st_ino, st.st_dev, st.st_mtime_ns, st.st_ctime_ns, st.st_mode

    assert all(key(got[p]) == key(os.stat(p)) for p in got)
    assert key(got["pkg/link.py"]) == key(os.stat("top.py")) and key(got["linked/a.py"]) == key(os.stat("pkg/a.py"))
