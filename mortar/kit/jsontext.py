"""JSON text from outside (an imported record, a referee's file, the page's saved data) turned
into data safely: any input, however hostile, is judged in time linear in its length, without
deep recursion, and only as UTF-8.

Three things in :func:`json.loads` are not safe on their own, and each froze or killed the page
or the CLI (issue 7):

* nesting: decoding recurses once per ``[`` or ``{``; under Pyodide 10,000 levels overflow the
  JavaScript stack and kill the interpreter before Python's ``RecursionError``, so the depth is
  measured first, by a scan that stays linear on any text (a regular expression that retried an
  unterminated string from every quote inside it took 69 s on 100 KB);
* huge integers: Python refuses to convert more than 4,300 digits, and converting them by hand
  takes time quadratic in the digits (7 s for a million); they become :class:`LargeNumber`;
* bytes: a file is UTF-8 or it is refused, the same for the page and the CLI (no U+FFFD guesses).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from operator import sub

# A JSON value as :func:`loads` gives it (and as saves and messages are written).
JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]

MAX_DEPTH = 32  # a record nests 5 deep; its save wrapper adds nothing (the record is a string)
DIGITS_MAX = 4000  # int(text) is quick below Python's 4,300-digit conversion limit


class JSONTextError(ValueError):
    """The text is not JSON this program will read. The message says why in plain words."""


class LargeNumber(int):
    """A JSON integer of more than :data:`DIGITS_MAX` digits, kept as its text.

    Converting decimal text to an ``int`` takes time quadratic in its length, so the digits are
    not converted: as a number it stands for ±10**4000, which is beyond anything a game counts
    (turns, pieces), so every comparison the rules make with it comes out as with the true
    value; ``str()`` gives back the exact digits (a record saves them unchanged). Arithmetic on
    it is not exact, and nothing does any."""

    text: str

    def __new__(cls, text: str) -> LargeNumber:
        self = super().__new__(cls, -_BEYOND if text.startswith("-") else _BEYOND)
        self.text = text
        return self

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__


_BEYOND = 10**DIGITS_MAX


def decode_utf8(data: bytes) -> str:
    """The text of a file: UTF-8 (a leading byte-order mark is dropped), or refused."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise JSONTextError(f"the file is not UTF-8 text ({e.reason} at byte {e.start})") from None


def loads(text: str | bytes) -> object:
    """Decode JSON text (or UTF-8 bytes) whose nesting is at most :data:`MAX_DEPTH` deep.

    Raises :class:`JSONTextError` for anything else; never recurses deeply and never takes
    more than linear time. ``NaN`` and ``Infinity`` (not JSON) are refused; integers longer
    than :data:`DIGITS_MAX` digits come back as :class:`LargeNumber`."""
    if isinstance(text, bytes | bytearray):
        text = decode_utf8(bytes(text))
    if not text.strip():
        raise JSONTextError("the text is empty")
    if nested_too_deeply(text):
        raise JSONTextError(f"the JSON is nested more than {MAX_DEPTH} levels deep; "
                            "a record never is")
    try:
        return json.loads(text, parse_int=_integer, parse_constant=_constant)
    except JSONTextError:
        raise
    except RecursionError:  # not reached after the depth check; kept as a last guard
        raise JSONTextError("the JSON is nested too deeply") from None
    except ValueError as e:
        raise JSONTextError(f"not valid JSON: {e}") from None


def _integer(text: str) -> int:
    return int(text) if len(text) <= DIGITS_MAX else LargeNumber(text)


def _constant(name: str) -> None:
    raise JSONTextError(f"{name} is not allowed in JSON")


# What is not a bracket: a string (to its closing quote, or to the end of the text when it has
# none) or a run of other characters. Each alternative starts on a different character and the
# loops are possessive, so every match is found in one pass and never retried: linear.
_NOT_BRACKETS = re.compile(r'"(?:[^"\\]++|\\[\s\S])*+(?:"|\\?\Z)|[^"\[\]{}]++')
_STEP = {"[": 1, "]": -1}
_DEEPER = "[" * (MAX_DEPTH + 1)


def nested_too_deeply(text: str) -> bool:
    """Whether the brackets outside strings nest more than :data:`MAX_DEPTH` deep anywhere (a
    closing bracket with nothing open closes nothing; a string with no closing quote runs to
    the end of the text).

    Linear: one regular-expression pass leaves the brackets; then, at C speed, innermost pairs
    ``[]`` are removed up to MAX_DEPTH times. A balanced text is empty by then exactly when it
    is shallow enough, and MAX_DEPTH + 1 openers in a row can only be too deep. What is left
    (unbalanced brackets, which ``json`` refuses anyway) is counted exactly."""
    brackets = _NOT_BRACKETS.sub("", text).replace("{", "[").replace("}", "]")
    rest = brackets
    for _ in range(MAX_DEPTH):
        if not rest:
            return False
        if _DEEPER in rest:
            return True
        shorter = rest.replace("[]", "")
        if len(shorter) == len(rest):
            break
        rest = shorter
    if not rest:
        return False
    # The depth after each bracket is the running sum less its lowest value so far (or 0).
    sums = list(accumulate(map(_STEP.__getitem__, brackets)))
    return max(map(sub, sums, accumulate(sums, min, initial=0)), default=0) > MAX_DEPTH
