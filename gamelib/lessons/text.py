"""Words for the lessons: numbers as people write them, sentences computed from results
(``say``), worked solutions hidden until opened (``solution``), and exercises checked when the
student runs a cell, with feedback in words (``Exercise``)."""
from __future__ import annotations

import html
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gamelib.core.errors import GamelibError

from .numbers import AnswerError, decimals_of, is_big, read_number, readable

# ---- words --------------------------------------------------------------------------------


def fraction_text(x: Any) -> str:
    """5/6, 1, 0: a Fraction as people write it; one with more than six digits above or below
    the bar as a decimal (``numbers.readable``; ``numbers.exact_html`` offers its fraction)."""
    return readable(x)


def pct(x: float, digits: int = 1) -> str:
    return f"{100 * float(x):.{digits}f}%"


def exact_text(x: Any, digits: int = 4) -> str:
    """'5/6 ≈ 0.8333' (or just '1' when the fraction is whole, '≈ 0.289032' when it is too long)."""
    q = Fraction(x)
    if q.denominator == 1:
        return readable(q)
    if is_big(q):
        return f"≈ {readable(q)}"
    return f"{readable(q)} ≈ {float(q):.{digits}f}"


def say(text: str) -> Any:
    """Show a sentence (Markdown) computed from the results above it."""
    from IPython.display import Markdown, display

    display(Markdown(text))


_INLINE = [
    (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"),
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
]


def inline_html(text: str) -> str:
    """**bold**, *italics* and `code` in one line of text, escaped, as HTML."""
    s = html.escape(text, quote=False)
    for pattern, repl in _INLINE:
        s = pattern.sub(repl, s)
    return s


def markdown_html(text: str) -> str:
    """The little Markdown a solution needs, as HTML: paragraphs, "- " lists, **bold**,
    *italics* and `code` (kept tiny so that the output is the same on every machine)."""
    blocks = re.split(r"\n\s*\n", text.strip())
    out = []
    inline = inline_html
    for block in blocks:
        lines = [ln.rstrip() for ln in block.strip().splitlines()]
        if all(ln.lstrip().startswith(("- ", "* ")) for ln in lines):
            items = "".join(f"<li>{inline(ln.lstrip()[2:])}</li>" for ln in lines)
            out.append(f"<ul>{items}</ul>")
        else:
            out.append(f"<p>{inline(' '.join(ln.strip() for ln in lines))}</p>")
    return "".join(out)


class Solution:
    """A worked solution, closed until the student clicks its summary line."""

    def __init__(self, title: str, body: str):
        self.title = title
        self.body = body

    def _repr_html_(self) -> str:
        return ('<details class="gl-solution" style="border:1px solid #c9b98f;border-radius:6px;'
                'padding:4px 10px;margin:6px 0;background:#fffaf0">'
                f'<summary style="cursor:pointer;font-weight:600;color:#5a4a32">{html.escape(self.title)} '
                '(click to open)</summary>'
                f'<div style="padding:4px 0">{markdown_html(self.body)}</div></details>')

    def __repr__(self) -> str:
        return f"{self.title} (hidden: open it in the notebook)"


def solution(body: str, title: str = "Worked solution") -> Solution:
    """A hidden worked solution; ``body`` is Markdown, usually an f-string of computed numbers."""
    return Solution(title, body)


# ---- checked exercises --------------------------------------------------------------------

class Feedback:
    """What the notebook says about one answer: right or not, in words."""

    def __init__(self, correct: bool, message: str, given: Any = None):
        self.correct = correct
        self.message = message
        self.given = given

    def __bool__(self) -> bool:
        return self.correct

    def _repr_html_(self) -> str:
        colour, mark = ("#1d6b2f", "✔") if self.correct else ("#8a5a00", "✘")
        if self.given is None:
            colour, mark = "#555", "…"
        return (f'<div class="gl-feedback" style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0;'
                f'background:#fbfaf6"><b style="color:{colour}">{mark}</b> {inline_html(self.message)}</div>')

    def __repr__(self) -> str:
        return self.message


def parse_answer(answer: Any) -> Fraction | str | None:
    """A student's answer: a number or a simple sum (``5/6``, ``0.83``, ``83%``, ``1/4*1/2``,
    read exactly by ``numbers.read_number``) as a Fraction, any other text as lower-case words,
    None or ... for "not answered yet"."""
    if answer is None or answer is Ellipsis:
        return None
    if isinstance(answer, bool):
        return str(answer).lower()
    try:
        return read_number(answer)
    except AnswerError:
        return " ".join(str(answer).strip().lower().split())


RULE = ("Fractions and sums such as 1/4*1/2 are checked exactly; a decimal counts when it is the answer "
        "rounded to the decimals you give, with at least two significant digits.")


class Exercise:
    """A question with a checked answer and a hidden worked solution.

    ``answer`` is exact (a Fraction or an int) or a word (a choice; ``names`` maps each choice
    to its full name, so "blue" and "b" are both read as "b"). Fractions, whole numbers and sums
    are checked exactly; a decimal is accepted when it is the answer rounded to the decimals it
    was given with, at least two significant digits (0.13 and 0.125 for 1/8, not 0.123 nor 0.1).
    ``tolerance`` (stated in the feedback) is for answers that are themselves approximations.
    ``mistakes`` maps usual wrong answers to what went wrong; ``hint`` is said for any other
    wrong answer; ``worked`` is the solution (Markdown).

    In a notebook: ``exercise.check(answer)`` says whether ``answer`` is right; with ``...`` it
    shows an answer box instead (which also works in Voilà, where there is no code to edit);
    ``exercise.solution`` is the worked solution, closed until clicked."""

    def __init__(self, label: str, answer: Any, *, hint: str = "", mistakes: Mapping[Any, str] | None = None,
                 tolerance: float | None = None, explain: str = "", worked: str = "", digits: int | None = None,
                 names: Mapping[str, str] | None = None):
        self.label = label
        self.digits = digits  # show numbers as decimals with this many digits (an answer that is no fraction)
        self.names = {k.lower(): v.lower() for k, v in (names or {}).items()}
        self.answer = self._read(answer)
        if self.answer is None:
            raise GamelibError(f"exercise {label!r} needs an answer")
        self.hint = hint
        self.explain = explain
        self.worked = worked
        self.mistakes = [(self._read(k), v) for k, v in (mistakes or {}).items()]
        self.tolerance = None if tolerance is None else float(tolerance)

    def __repr__(self) -> str:
        return f"<Exercise {self.label!r}>"

    @property
    def rule(self) -> str:
        """How answers are checked, in words (shown with the answer box)."""
        if self.tolerance is not None:
            return f"Answers within ±{self.tolerance:g} of the answer are accepted (it is itself an approximation)."
        if isinstance(self.answer, Fraction):
            return RULE
        choices = ", ".join(f"{k} ({v})" for k, v in self.names.items())
        return f"Type the letter or the name: {choices}." if choices else "Type a word."

    def _read(self, answer: Any) -> Fraction | str | None:
        given = parse_answer(answer)
        if isinstance(given, str) and self.names:
            for key, name in self.names.items():
                if given in (key, name):
                    return key
        return given

    @property
    def solution(self) -> "Solution":
        return Solution(f"{self.label}: worked solution", self.worked or "No worked solution was written for this one.")

    def _close(self, raw: Any, a: Any, b: Any) -> bool:
        """Whether the typed ``raw`` (read as ``a``) counts as ``b``."""
        if not (isinstance(a, Fraction) and isinstance(b, Fraction)):
            return a == b
        if a == b:
            return True
        if self.tolerance is not None:
            return abs(a - b) <= Fraction(self.tolerance) + Fraction(1, 10 ** 12)
        d = decimals_of(raw)
        if d is None or b == 0:
            return False
        step = Fraction(1, 10 ** d)
        # rounded to the decimals given, and those decimals carry at least two significant digits
        return abs(a - b) <= step / 2 and step <= abs(b) / 10

    def feedback(self, answer: Any) -> Feedback:
        """The verdict on ``answer``, in words."""
        given = self._read(answer)
        if given is None:
            return Feedback(False, f"{self.label}: write your answer in place of `...` and run the cell again, "
                                   "or type it in the box and press Check.")
        shown = self._text(answer, given)
        if self._close(answer, given, self.answer):
            exact = ""
            if isinstance(self.answer, Fraction) and given != self.answer:
                if self.digits is None:
                    exact = f" (exactly {exact_text(self.answer)})"
                elif f"{float(self.answer):.{self.digits}f}" != shown:
                    exact = f" (more precisely {float(self.answer):.{self.digits}f})"
            more = f" {self.explain}" if self.explain else ""
            return Feedback(True, f"{self.label}: correct, {shown}{exact}.{more}", given)
        for wrong, why in self.mistakes:
            if given == wrong or (isinstance(wrong, Fraction) and self._close(answer, given, wrong)):
                return Feedback(False, f"{self.label}: not yet. {shown} is a common answer, but {why}", given)
        if isinstance(self.answer, Fraction) and isinstance(given, Fraction):
            if not 0 <= given <= 1 and 0 <= self.answer <= 1:
                side = "not a probability: a probability lies between 0 and 1"
            else:
                side = "too high" if given > self.answer else "too low"
                d = decimals_of(answer)
                if d is not None and abs(given - self.answer) < Fraction(1, 10 ** d):
                    side += " (or rounded too far: give one more decimal, or the exact fraction)"
            return Feedback(False, f"{self.label}: not yet, {shown} is {side}. {self.hint}".strip(), given)
        return Feedback(False, f"{self.label}: not yet ({shown}). {self.hint}".strip(), given)

    def _text(self, answer: Any, given: Any) -> str:
        if not isinstance(given, Fraction):
            return repr(self.names.get(given, given))
        if isinstance(answer, str):
            return answer.strip()[:40]
        if isinstance(answer, float) or (self.digits is not None and given.denominator != 1):
            return f"{float(given):g}"
        return fraction_text(given)

    def check(self, answer: Any) -> Any:
        """Feedback on ``answer``; an answer box when there is none yet (``...``)."""
        if parse_answer(answer) is None:
            return self.box()
        return self.feedback(answer)

    def box(self) -> Any:
        """A text box, a Check button and the feedback: the exercise without editing code."""
        import ipywidgets as w

        text = w.Text(placeholder="e.g. 1/2, 0.5 or 1/4*2", description=f"{self.label}:",
                      style={"description_width": "initial"}, layout=w.Layout(width="320px"))
        button = w.Button(description="Check", button_style="primary", layout=w.Layout(width="90px"))
        said = w.HTML(Feedback(False, f"Type your answer in the box and press Check. {self.rule}")._repr_html_())

        def check(_: Any = None) -> None:
            if not text.value.strip():
                said.value = Feedback(False, "Type your answer in the box first, then press Check.")._repr_html_()
                return
            said.value = self.feedback(text.value)._repr_html_()

        button.on_click(check)
        return AnswerBox([w.HBox([text, button]), said], message=self.feedback(None).message)


try:  # ipywidgets is always there in the lessons' environment; the rest of this module works without it
    import ipywidgets as _w

    class AnswerBox(_w.VBox):
        """An exercise's answer box; its text form (logs, nbval) is the prompt."""

        def __init__(self, children: list, message: str):
            super().__init__(children)
            self._message = message

        def __repr__(self) -> str:
            return self._message
except ImportError:  # pragma: no cover
    pass
