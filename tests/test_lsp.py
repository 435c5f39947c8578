"""``jitguard server`` driven over stdio by a real LSP client (pygls's LanguageClient):
initialize -> didOpen -> diagnostics -> codeAction -> hover -> didChange -> diagnostics empty."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

REPO = Path(__file__).resolve().parent.parent

BUGGY = '''\
from functools import partial

import jax


@jax.jit
def f(x):
    if x > 0:
        return x
    return -x


@partial(jax.jit, static_argnames=("sizes",))
def mlp(x, sizes):
    return x


y = mlp(1.0, sizes=[64, 64])
'''

FIXED = BUGGY.replace("    if x > 0:\n        return x\n    return -x", "    return jax.numpy.where(x > 0, x, -x)").replace(
    "[64, 64]", "(64, 64)")


def _apply(text: str, edits) -> str:
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        b = starts[e.range.start.line] + e.range.start.character
        end = starts[e.range.end.line] + e.range.end.character
        text = text[:b] + e.new_text + text[end:]
    return text


async def _session(project: Path) -> None:
    diagnostics: asyncio.Queue = asyncio.Queue()
    client = LanguageClient("jitguard-tests", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish(params: types.PublishDiagnosticsParams) -> None:
        diagnostics.put_nowait(params)

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    await client.start_io(sys.executable, "-m", "jitguard", "server", cwd=str(project), env=env)
    try:
        init = await asyncio.wait_for(client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=project.as_uri(), process_id=os.getpid())), 60)
        assert init.server_info.name == "jitguard"
        assert init.capabilities.code_action_provider and init.capabilities.hover_provider
        client.initialized(types.InitializedParams())

        path = project / "model.py"
        path.write_text(BUGGY)
        uri = path.as_uri()
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=BUGGY)))
        published = await asyncio.wait_for(diagnostics.get(), 120)
        assert published.uri == uri
        by_code = {d.code: d for d in published.diagnostics}
        assert set(by_code) == {"JG101", "JG203"}, published.diagnostics
        jg101 = by_code["JG101"]
        assert (jg101.range.start.line, jg101.range.start.character) == (7, 7)  # `x > 0`, 0-based
        assert jg101.source == "jitguard" and jg101.code_description.href.endswith("JG101.md")

        # the automatic fix of JG203 as a code action, and an action adding noqa for every finding
        actions = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=by_code["JG203"].range,
            context=types.CodeActionContext(diagnostics=[by_code["JG203"]]))), 60)
        fix = next(a for a in actions if a.title.startswith("Fix JG203"))
        assert _apply(BUGGY, fix.edit.changes[uri]) == BUGGY.replace("[64, 64]", "(64, 64)")
        actions = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=jg101.range,
            context=types.CodeActionContext(diagnostics=[jg101]))), 60)
        [noqa] = [a for a in actions if "noqa" in a.title]
        assert "    if x > 0:  # noqa: JG101\n" in _apply(BUGGY, noqa.edit.changes[uri])

        hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=jg101.range.start)), 60)
        assert hover is not None and hover.contents.value.startswith("# JG101")

        # the buffer changes (unsaved): diagnostics follow the text, not the file on disk
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=FIXED)]))
        published = await asyncio.wait_for(diagnostics.get(), 120)
        assert published.diagnostics == [] or published.diagnostics == (), published.diagnostics
        assert path.read_text() == BUGGY

        # project-wide rules: a call in the open buffer of a function jitted in another file
        (project / "lib.py").write_text("from functools import partial\nimport jax\n\n\n"
                                        "@partial(jax.jit, static_argnames=('sizes',))\ndef mlp2(x, sizes):\n    return x\n")
        use = project / "use.py"
        use_text = "from lib import mlp2\n\nout = mlp2(1.0, sizes=[64, 64])\n"
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=use.as_uri(), language_id="python", version=1, text=use_text)))
        published = await asyncio.wait_for(diagnostics.get(), 120)
        assert published.uri == use.as_uri()
        assert [(d.code, d.range.start.line) for d in published.diagnostics] == [("JG203", 2)], published.diagnostics

        await asyncio.wait_for(client.shutdown_async(None), 30)
        client.exit(None)
    finally:
        await client.stop()


def test_language_server_over_stdio(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.jitguard]\n")
    asyncio.run(_session(tmp_path))
