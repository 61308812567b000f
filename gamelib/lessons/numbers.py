"""Numbers a student types and numbers a student reads.

* ``read_number``: a typed answer read exactly, as a Fraction: whole numbers, decimals,
  fractions, percentages and simple arithmetic (``1/4*1/2``, ``3/8 + 1/8``, ``(1 - 1/6)^2``),
  through Python's ``ast`` with a closed list of node types (numbers, + - * / and powers with a
  small whole exponent, parentheses): never ``eval``, no names, no calls.
* ``readable``: a Fraction as people can read it: ``5/6`` while numerator and denominator have
  at most six digits, otherwise a decimal (``0.289032``), with the exact fraction offered on
  demand by ``exact_html``.
* ``decimals_of``: how many decimals a typed number was given with (its stated precision)."""
from __future__ import annotations

import ast
import html
import re
from fractions import Fraction
from typing import Any

from gamelib.core.errors import GamelibError

MAX_DIGITS = 6     # a fraction with more digits above or below the bar is shown as a decimal
MAX_TEXT = 80      # a longer typed answer is refused before parsing (nobody types more)
MAX_POWER = 10     # 2^10 is as far as a classroom answer goes; larger exponents are refused


class AnswerError(GamelibError):
    """A typed answer that is no number we can read (the message says what would be)."""


_ALLOWED = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Add, ast.Sub, ast.Mult, ast.Div,
            ast.Pow, ast.USub, ast.UAdd)


def _value(node: ast.AST) -> Fraction:
    if isinstance(node, ast.Expression):
        return _value(node.body)
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
            raise AnswerError("only numbers")
        return Fraction(str(node.value)) if isinstance(node.value, float) else Fraction(node.value)
    if isinstance(node, ast.UnaryOp):
        v = _value(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp):
        a, b = _value(node.left), _value(node.right)
        if isinstance(node.op, ast.Add):
            return a + b
        if isinstance(node.op, ast.Sub):
            return a - b
        if isinstance(node.op, ast.Mult):
            return a * b
        if isinstance(node.op, ast.Div):
            if b == 0:
                raise AnswerError("a division by zero")
            return a / b
        if isinstance(node.op, ast.Pow):
            if b.denominator != 1 or not 0 <= b <= MAX_POWER:
                raise AnswerError(f"powers only with a whole exponent from 0 to {MAX_POWER}")
            return a ** int(b)
    raise AnswerError("only numbers, + - * / ^ and parentheses")


def _decimals_exact(text: str) -> str:
    """Every number written as a whole number or a fraction of whole numbers, so that ``0.1`` is
    1/10 (never the float) and ``007`` is 7 (a literal Python would refuse)."""
    def exact(m: re.Match) -> str:
        token = m.group(0)
        if "." not in token:
            return str(int(token))
        whole, frac = token.split(".")
        if not (whole + frac):
            return token  # a lone dot: left for the parser to refuse
        return f"({int(whole + frac or '0')}/{10 ** len(frac)})"

    return re.sub(r"\d*\.\d*|\d+", exact, text)


def read_number(answer: Any) -> Fraction:
    """``answer`` read exactly as a Fraction, or an ``AnswerError`` naming the text (a bounded
    prefix) and what can be typed. ``0.125``, ``1/8``, ``12.5%``, ``1/4*1/2``, ``3/8 + 1/8``,
    ``1,801`` (a thousands comma) and ``0,125`` (a decimal comma) are all read."""
    if isinstance(answer, bool):
        raise AnswerError(f"{answer!r} is not a number")
    if isinstance(answer, (int, Fraction)):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(repr(answer))  # the decimal the student typed (0.1 -> 1/10), not the binary float
    text = str(answer).strip()
    shown = text[:30] + ("…" if len(text) > 30 else "")
    if not text:
        raise AnswerError("the answer is empty: type a number such as 1/8, 0.125 or 12.5%")
    if len(text) > MAX_TEXT:
        raise AnswerError(f"{shown!r} is too long: type a number such as 1/8, 0.125 or 12.5%")
    percent = text.endswith("%")
    body = text[:-1] if percent else text
    # 1,801 is a thousands comma (groups of three after it); 0,125 a decimal comma
    body = re.sub(r"(?<![\d.])[1-9]\d{0,2}(?:,\d{3})+(?![\d,])", lambda m: m.group(0).replace(",", ""), body)
    body = re.sub(r"(?<=\d),(?=\d)", ".", body)
    body = body.replace("×", "*").replace("÷", "/").replace("−", "-").replace("^", "**").replace(" ", "")
    if re.search(r"[^0-9.+\-*/()]", body):
        raise AnswerError(f"{shown!r} is not a number we can read: type a number such as 1/8, 0.125 or 12.5%, "
                          "or a sum such as 1/4*1/2 (only numbers, + - * / ^ and parentheses)")
    try:
        tree = ast.parse(_decimals_exact(body), mode="eval")
    except (SyntaxError, ValueError):
        raise AnswerError(f"{shown!r} is not a number we can read: type a number such as 1/8, 0.125 or 12.5%") from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise AnswerError(f"{shown!r}: only numbers, + - * / ^ and parentheses can be typed")
    try:
        value = _value(tree)
    except AnswerError as err:
        raise AnswerError(f"{shown!r}: {err}") from None
    return value / 100 if percent else value


def decimals_of(answer: Any) -> int | None:
    """The number of decimals of a plain decimal answer ("0.123" -> 3, "12.5%" -> 3 as a
    probability), None for a fraction, a whole number or an expression (read exactly)."""
    if isinstance(answer, float):
        answer = repr(answer)
    if not isinstance(answer, str):
        return None
    text = answer.strip().replace(",", ".")
    m = re.fullmatch(r"-?\d*\.(\d+)(%?)", text)
    if not m:
        return None
    return len(m.group(1)) + (2 if m.group(2) else 0)


def _big(q: Fraction) -> bool:
    return len(str(abs(q.numerator))) > MAX_DIGITS or len(str(q.denominator)) > MAX_DIGITS


def readable(x: Any, digits: int = 6) -> str:
    """``5/6``, ``3``, or for a fraction with more than six digits above or below the bar a
    decimal with ``digits`` significant digits (``0.289032``)."""
    q = Fraction(x)
    if q.denominator == 1:
        return f"{q.numerator:,}" if abs(q.numerator) >= 10_000 else str(q.numerator)
    if _big(q):
        if abs(q) >= 1:
            return f"{float(q):,.{digits}f}".rstrip("0").rstrip(".")
        return f"{float(q):.{digits}g}"
    return f"{q.numerator}/{q.denominator}"


def is_big(x: Any) -> bool:
    """Whether ``readable`` shows ``x`` as a decimal (its fraction is too long to read)."""
    q = Fraction(x)
    return q.denominator != 1 and _big(q)


def exact_html(x: Any) -> str:
    """The readable form as HTML; a long fraction is offered folded ("exact fraction"), its
    digits wrapped so that it never widens the page."""
    q = Fraction(x)
    shown = html.escape(readable(q))
    if not is_big(q):
        return shown
    return (f"{shown} <details style='display:inline-block;vertical-align:top;max-width:100%'>"
            "<summary style='cursor:pointer;color:#555;font-size:90%'>exact fraction</summary>"
            f"<code style='word-break:break-all;white-space:normal'>{q.numerator}/{q.denominator}</code></details>")
