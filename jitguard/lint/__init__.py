"""The static linter, ``jitguard check``: libcst only, never jax.

The data path of one run, top to bottom:

* ``discovery`` — which files, excludes;
* ``engine`` — one file: read, guard against hostile input, one libcst parse;
* ``analysis/`` — the semantic model: imports, jit contexts, traced values, project facts;
* ``rules/`` — one small class per rule, reporting through one call;
* ``runner`` — many files, processes, the content ``cache``, project-wide rules;
* ``suppression`` — ``# noqa`` and per-file ignores, after every rule;
* ``fixes`` — ``--fix`` / ``--diff``;
* ``reporters/`` — text, concise, json, json-lines, sarif, github.
"""
