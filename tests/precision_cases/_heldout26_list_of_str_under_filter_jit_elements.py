"""The element table of ``heldout26_list_of_str_under_filter_jit.py``: a symbol's atomic number,
from a module the jitted function imports (its result is a Python int for a str symbol)."""

_NUMBERS = {"H": 1, "C": 6, "O": 8}


def symbol_to_number(symbol: str) -> int:
    return _NUMBERS[symbol.strip().capitalize()]
