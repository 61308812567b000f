"""Tables that put exact answers next to simulated ones: pandas DataFrames, or where pandas cannot
be imported (the static site) the same cells as a PlainTable (``.frames``)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from gamelib.probability import stats
from gamelib.probability.stats import Estimate

from .frames import table as _table
from .text import fraction_text, parse_answer

# ---- tables -------------------------------------------------------------------------------

def reconcile_table(rows: Sequence[tuple[str, Any, Estimate]]):
    """A table, one row per question: exact (fraction and decimal), simulated, standard
    error, 95% interval, whether the exact value is inside, and the gap in standard errors."""
    out = []
    for what, exact, est in rows:
        row = stats.reconcile(exact, est, what)
        out.append({
            "question": what,
            "exact": fraction_text(exact) if isinstance(exact, Fraction) else f"{float(exact):.4f}",
            "exact ≈": f"{float(exact):.4f}",
            "simulated": f"{est.value:.4f}",
            "standard error": f"{est.se:.4f}",
            "95% interval": row["95% interval"],
            "exact inside?": "yes" if row["exact inside?"] else "no",
            "gap (SEs)": f"{row['gap in SEs']:+.2f}",
            "trials": f"{est.n:,}",
        })
    return _table(out, ["question"])


def all_inside_sentence(rows: Sequence[tuple[str, Any, Estimate]]) -> str:
    """One sentence on the reconciling table, true whatever the numbers turn out to be."""
    inside = [what for what, exact, est in rows if est.contains(exact)]
    worst = max(rows, key=lambda r: abs(r[2].value - float(r[1])) / (r[2].se or 1))
    gap = abs(worst[2].value - float(worst[1])) / (worst[2].se or 1)
    if len(inside) == len(rows):
        head = f"Every exact value lies inside its 95% interval ({len(rows)} of {len(rows)})"
    else:
        head = (f"{len(inside)} of {len(rows)} exact values lie inside their 95% interval; about 1 in 20 is "
                "expected to fall outside by chance alone")
    return f"{head}; the largest gap is {gap:.1f} standard errors ({worst[0]})."


def win_rates(table, by: Any = "protagonist", confidence: float = 0.95):
    """Win rate per group (a column name or a list of them) with its standard error and Wilson
    interval, as a pandas table."""
    import pandas as pd

    keys = [by] if isinstance(by, str) else list(by)
    rows = []
    for key, g in table.groupby(keys if len(keys) > 1 else keys[0], sort=False):
        wins, n = int(g["won:you"].sum()), len(g)
        est = stats.estimate_rate(wins, n, confidence)
        row = dict(zip(keys, key if isinstance(key, tuple) else (key,)))
        if "stars" in g:
            row["stars"] = "★" * int(g["stars"].iloc[0])
        row.update({"games": n, "wins": wins, "win rate": round(est.value, 4), "standard error": round(est.se, 4),
                    f"{round(100 * confidence)}% low": round(est.low, 4),
                    f"{round(100 * confidence)}% high": round(est.high, 4)})
        rows.append(row)
    return pd.DataFrame(rows).set_index(keys)


def compare_predictions(guesses: Mapping[str, Any], answers: Mapping[str, Any]):
    """The students' guesses next to the exact answers, with a word on each (a table)."""
    rows = []
    for question, exact in answers.items():
        raw = guesses.get(question)
        g = parse_answer(raw)
        if g is None:
            verdict, shown = "no guess written (replace ... above)", "…"
        elif not isinstance(g, Fraction):
            verdict, shown = "not a number", str(g)
        else:
            gap = float(g) - float(exact)
            scale = max(1.0, abs(float(exact)))
            verdict = ("spot on" if abs(gap) <= 0.005 * scale else "close" if abs(gap) <= 0.1 * scale
                       else "too high" if gap > 0 else "too low")
            shown = str(raw).strip() if isinstance(raw, (str, float)) else fraction_text(g)
        if isinstance(exact, int):
            exact_s = approx = f"{exact:,}"
        else:
            exact_s = fraction_text(exact) if isinstance(exact, Fraction) else f"{float(exact):.4f}"
            approx = f"{float(exact):.4f}"
        rows.append({"question": question, "your guess": shown, "answer": exact_s, "≈": approx, "verdict": verdict})
    return _table(rows, ["question"])


# ---- for a first course (lessons 1, 2 and 4): no standard errors, no intervals yet -------------------

def usual_difference(est: Estimate) -> float:
    """How far a simulation of ``est.n`` trials usually lands from the truth: about twice its
    typical error (what lesson 3 will call 1.96 standard errors), said without the words."""
    return 2 * est.se if est.se else 1 / est.n


def first_course_table(rows: Sequence[tuple[str, Any, Estimate]]):
    """Exact and simulated answers side by side, their difference, and whether that difference is
    as small as that many trials usually give (a table)."""
    out = []
    for what, exact, est in rows:
        diff = abs(est.value - float(exact))
        usual = usual_difference(est)
        out.append({
            "question": what,
            "exact": fraction_text(exact) if isinstance(exact, Fraction) else f"{float(exact):.4f}",
            "exact ≈": f"{float(exact):.4f}",
            "simulated": f"{est.value:.4f}",
            "difference": f"{diff:.4f}",
            "trials": f"{est.n:,}",
            "usual for that many trials?": "yes" if diff <= usual else "no, larger",
        })
    return _table(out, ["question"])


def first_course_sentence(rows: Sequence[tuple[str, Any, Estimate]]) -> str:
    """The table in words a first course has: 'within 0.003 of the exact value, as expected for
    10,000 trials'."""
    parts = []
    for what, exact, est in rows:
        diff = abs(est.value - float(exact))
        usual = usual_difference(est)
        verdict = "as expected" if diff <= usual else "more than usual, which happens now and then"
        parts.append(f"{what}: within {diff:.3f} of the exact value, {verdict} for {est.n:,} trials "
                     f"(differences up to about {usual:.3f} are usual)")
    return "; ".join(parts) + "."
