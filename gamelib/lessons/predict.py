"""Predict first, for real: prediction widgets that work in JupyterLab and Voilà alike.

A lesson makes one ``Predictions`` object, shows a widget per question before any answer is on
screen (``predictions.probability(...)``, ``.number(...)``, ``.choice(...)``), and after the
answers a live table (``predictions.table(answers)``). A student moves the slider, types a
number or picks a choice, and presses **Lock in**: the value is recorded and the control frozen.
The table shows an answer only next to a locked prediction, so nobody can "predict" after
reading it, and it redraws itself whenever a prediction is locked (Voilà runs every cell before
the student touches anything, so a table computed once would only ever say "no guess").

Without a kernel (a static page) each widget shows its text form: the question and what to do."""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from gamelib.core.errors import GamelibError

from .numbers import AnswerError, read_number, readable

_BOX = ("border:1px solid #c9b98f;border-radius:6px;padding:6px 10px;background:#fffaf0;"
        "font-family:system-ui,sans-serif;font-size:14px;max-width:100%;box-sizing:border-box")


def verdict(guess: Any, answer: Any) -> str:
    """A word on a guess: 'spot on', 'close', 'too high', 'too low'; 'right' or 'not this time'
    for a choice."""
    if isinstance(answer, str) or isinstance(guess, str):
        return "right" if str(guess).lower() == str(answer).lower() else "not this time"
    gap = float(guess) - float(answer)
    scale = max(1.0, abs(float(answer))) if abs(float(answer)) >= 1 else 1.0
    if abs(gap) <= 0.005 * scale:
        return "spot on"
    if abs(gap) <= 0.1 * scale:
        return "close"
    return "too high" if gap > 0 else "too low"


def answer_text(answer: Any) -> str:
    """An answer as the table shows it: '1/2 ≈ 0.5000', '1,801', '0.3290', 'blue'."""
    if isinstance(answer, str):
        return answer
    if isinstance(answer, float):
        return f"{answer:.4f}"
    q = Fraction(answer)
    if q.denominator == 1:
        return f"{q.numerator:,}"
    shown = readable(q)
    return f"{shown} ≈ {float(q):.4f}" if "/" in shown else shown


class Predictions:
    """The predictions of one lesson, by question."""

    def __init__(self) -> None:
        self.items: dict[str, Any] = {}
        self._listeners: list[Callable[[], None]] = []

    # ---- the widgets --------------------------------------------------------------------------

    def probability(self, question: str, *, step: float = 0.01):
        """A slider from 0 to 1 (a chance), with a box to type a fraction instead."""
        return self._add(question, "probability", low=Fraction(0), high=Fraction(1), step=step)

    def number(self, question: str, *, low: float = 0, high: float | None = None, unit: str = ""):
        """A box for a number (whole, decimal, fraction or a sum such as 3/8 + 1/8)."""
        return self._add(question, "number", low=Fraction(str(low)),
                         high=None if high is None else Fraction(str(high)), unit=unit)

    def choice(self, question: str, options: Sequence[str]):
        """One of ``options`` (buttons), none chosen at first."""
        if len(options) < 2:
            raise GamelibError(f"a choice needs at least two options, got {list(options)!r}")
        return self._add(question, "choice", options=[str(o) for o in options])

    def _add(self, question: str, kind: str, **kw: Any):
        if question in self.items:
            raise GamelibError(f"the prediction {question!r} is asked twice")
        widget = PredictionWidget(question, kind, on_lock=self._changed, **kw)
        self.items[question] = widget
        return widget

    def show(self):
        """Every prediction asked so far, in one box (the cell's result)."""
        return PredictionPanel(list(self.items.values()))

    def _changed(self) -> None:
        for listen in self._listeners:
            listen()

    # ---- what was predicted -------------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        """The locked predictions (question -> Fraction or choice); unlocked ones are absent."""
        return {q: w.locked for q, w in self.items.items() if w.locked is not None}

    def table(self, answers: Mapping[str, Any]):
        """The live table: each prediction next to its answer, once the prediction is locked."""
        unknown = [q for q in answers if q not in self.items]
        if unknown:
            raise GamelibError(f"no prediction was asked for {unknown!r}; asked: {list(self.items)!r}")
        return PredictionTable(self, dict(answers))


def table_html(predictions: Predictions, answers: Mapping[str, Any]) -> str:
    rows = []
    td = "padding:3px 8px;border-bottom:1px solid #e5dcc5;text-align:left;vertical-align:top"
    for question, answer in answers.items():
        locked = predictions.items[question].locked
        if locked is None:
            mine, ans, word = "not locked in yet", "lock in your prediction above to see it", ""
        else:
            mine = html.escape(locked if isinstance(locked, str) else readable(locked))
            ans = html.escape(answer_text(answer))
            word = verdict(locked, answer)
        rows.append(f"<tr><td style='{td}'>{html.escape(question)}</td><td style='{td}'>{mine}</td>"
                    f"<td style='{td}'><b>{ans}</b></td><td style='{td}'>{word}</td></tr>")
    head = "".join(f"<th style='{td};font-weight:600'>{h}</th>" for h in ("question", "your prediction", "answer", "verdict"))
    return (f"<div class='gl-predictions' style='{_BOX};overflow-x:auto'><b>How did your predictions do?</b>"
            f"<table style='border-collapse:collapse;margin-top:4px'><tr>{head}</tr>{''.join(rows)}</table></div>")


try:  # ipywidgets is always there in the lessons' environment; the rest works without it
    import ipywidgets as _w

    class PredictionWidget(_w.VBox):
        """One question: a control, a Lock in button, and what was recorded."""

        def __init__(self, question: str, kind: str, *, on_lock: Callable[[], None], low: Fraction | None = None,
                     high: Fraction | None = None, step: float = 0.01, unit: str = "",
                     options: Sequence[str] = ()):
            self.question, self.kind, self.low, self.high, self.unit = question, kind, low, high, unit
            self.locked: Fraction | str | None = None
            self._on_lock = on_lock
            label = _w.HTML(f"<b>{html.escape(question)}</b>")
            self.slider = self.text = self.buttons = None
            controls: list[Any] = []
            if kind == "probability":
                self.slider = _w.FloatSlider(value=0.5, min=0, max=1, step=step, readout_format=".2f",
                                             continuous_update=True, layout=_w.Layout(width="min(320px, 80vw)"))
                self.text = _w.Text(placeholder="or type 1/3, 0.35, 35%", layout=_w.Layout(width="150px"))
                controls = [self.slider, self.text]
            elif kind == "number":
                self.text = _w.Text(placeholder="your number, e.g. 12 or 3/8 + 1/8", layout=_w.Layout(width="240px"))
                controls = [self.text]
            else:
                self.buttons = _w.ToggleButtons(options=list(options), value=None, style={"button_width": "auto"})
                controls = [self.buttons]
            self.button = _w.Button(description="Lock in", button_style="primary", layout=_w.Layout(width="90px"))
            self.button.on_click(self.lock)
            self.said = _w.HTML(self._note("Move or type your prediction, then press Lock in. "
                                           "The answer is shown further down once it is locked."))
            row = _w.HBox([*controls, self.button], layout=_w.Layout(flex_flow="row wrap", align_items="center"))
            super().__init__([label, row, self.said], layout=_w.Layout(border="1px solid #c9b98f", padding="4px 10px",
                                                                       margin="4px 0", max_width="100%"))

        @staticmethod
        def _note(text: str, colour: str = "#555") -> str:
            return f"<div style='color:{colour};font-size:13px'>{html.escape(text)}</div>"

        def current(self) -> Fraction | str:
            """What the control holds now, read exactly; an ``AnswerError`` if it is no answer."""
            if self.kind == "choice":
                if self.buttons.value is None:
                    raise AnswerError("choose one of the options first")
                return str(self.buttons.value)
            typed = self.text.value.strip() if self.text is not None else ""
            if typed:
                value = read_number(typed)
            elif self.slider is not None:
                value = Fraction(f"{self.slider.value:.4f}")
            else:
                raise AnswerError("type a number first")
            if self.low is not None and value < self.low or self.high is not None and value > self.high:
                top = "" if self.high is None else f" and {readable(self.high)}"
                raise AnswerError(f"{typed or value} is not between {readable(self.low)}{top}")
            return value

        def lock(self, _: Any = None) -> None:
            """Record the prediction and freeze the control (a prediction is not changed afterwards)."""
            if self.locked is not None:
                return
            try:
                value = self.current()
            except AnswerError as err:
                self.said.value = self._note(str(err), "#8a5a00")
                return
            self.locked = value
            for c in (self.slider, self.text, self.buttons, self.button):
                if c is not None:
                    c.disabled = True
            shown = value if isinstance(value, str) else readable(value)
            self.said.value = self._note(f"Locked in: {shown}{self.unit}. Now read on.", "#1d6b2f")
            self._on_lock()

        def __repr__(self) -> str:
            return f"Prediction: {self.question} (a widget: move or type your prediction, then press Lock in)"

    class PredictionPanel(_w.VBox):
        """The predictions of a lesson's opening, shown together."""

        def __init__(self, widgets: list[Any]):
            super().__init__(widgets, layout=_w.Layout(max_width="100%"))
            self.questions = [w.question for w in widgets]

        def __repr__(self) -> str:
            return "Predictions to lock in (widgets; they need a running kernel):\n" + "\n".join(
                f"- {q}" for q in self.questions)

        def _repr_mimebundle_(self, **kwargs: Any):
            # the whole text form (ipywidgets cuts it at 110 characters): without a kernel, and for
            # the tests, it lists every question
            data = super()._repr_mimebundle_(**kwargs)
            if isinstance(data, dict):
                data["text/plain"] = repr(self)
            return data

    class PredictionTable(_w.HTML):
        """The comparison table, redrawn whenever a prediction is locked."""

        def __init__(self, predictions: Predictions, answers: dict[str, Any]):
            super().__init__(table_html(predictions, answers))
            self.predictions, self.answers = predictions, answers
            predictions._listeners.append(self.redraw)

        def redraw(self) -> None:
            self.value = table_html(self.predictions, self.answers)

        def __repr__(self) -> str:
            lines = [f"- {q}: {answer_text(a)}" for q, a in self.answers.items()]
            return "Predictions compared with the answers (lock in a prediction to see its line):\n" + "\n".join(lines)

        def _repr_mimebundle_(self, **kwargs: Any):
            # the whole text form (ipywidgets cuts it at 110 characters): without a kernel, and for
            # the tests, it lists every question
            data = super()._repr_mimebundle_(**kwargs)
            if isinstance(data, dict):
                data["text/plain"] = repr(self)
            return data
except ImportError:  # pragma: no cover
    pass
