"""Reduced patterns from real code: see tests/test_precision_cases.py and docs/precision.md.

Files starting with `_` are helper modules of the case named after them (`_<case>_*.py`), linted
together with it: the pattern spans modules.
"""
