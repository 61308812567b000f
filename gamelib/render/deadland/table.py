"""The shared part of the table: the Radio Contact track, the town's six boards in their real
connections, the Virus deck with its discards, the trial on the table and the odds."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape
from typing import Any

from .style import OTHER_COLOUR, PLAYER_COLOURS
from .trial import Trial, event_odds, exact_text, fraction_text, percent, trial_odds, virus_counts

VIRUS_LABELS = ("1", "2", "3", "4", "5", "6", "7", "8", "Illness", "Radio Contact")
#: names as the picture writes them: "Illness" in full ("Ill" read like the Roman III), Radio
#: Contact as RC (its cards are drawn purple and named in every title)
SHORT = {"Radio Contact": "RC"}


def _count(x: Any) -> int:
    if isinstance(x, bool):
        return 0
    if isinstance(x, int):
        return x
    return len(x) if isinstance(x, (list, tuple)) else 0


def marker(name: str, zombie: bool = False, active: bool = False, title: str = "") -> str:
    bg, fg, letter = PLAYER_COLOURS.get(name, OTHER_COLOUR)
    if letter == "?":
        letter = (name[:1] or "?").upper()
    cls = "mk" + (" zombie" if zombie else "") + (" active" if active else "")
    body = f"{letter}☠" if zombie else letter
    tip = title or (f"{name}, zombie" if zombie else name)
    return f'<span class="{cls}" style="background:{bg};color:{fg}" title="{escape(tip)}">{body}</span>'


def vcard(label: str, how: str = "") -> str:
    """A small Virus card: its number, 'Illness' hatched for an Illness, 'RC' for a Radio Contact."""
    label = str(label)
    short = SHORT.get(label, label)
    kind = " ill" if label == "Illness" else " rc" if short == "RC" else ""
    extra = f" {how}" if how in ("added", "deciding") else ""
    tip = {"added": "added to the Infection deck", "deciding": "drawn: about to be added",
           "radio": "Radio Contact: set aside, does not count", "discarded": "discarded"}.get(how, "")
    return f'<span class="vc{kind}{extra}" title="{escape(label)}{": " + tip if tip else ""}">{escape(short)}</span>'


# ---- header: Radio Contact track ------------------------------------------------------------------
def radio_track(view: dict) -> str:
    radio = view.get("radio") if isinstance(view.get("radio"), dict) else {}
    got = int(radio.get("contacts") or 0)
    goal = int(radio.get("target") or 0)
    cells = "".join(
        f'<span class="sq{" on" if i <= got else ""}{" goal" if i == goal else ""}" '
        f'title="{"reached" if i <= got else "to come"}{", the goal" if i == goal else ""}">{"✓" if i <= got else i}</span>'
        for i in range(1, goal + 1)
    )
    return (f'<div class="dl-radio gl-dl-radio" data-contacts="{got}" data-goal="{goal}" title="Radio Contacts: {got} of {goal}">'
            f'<div class="dl-title">RADIO {got} / {goal}</div><div class="sqs">{cells}</div></div>')


# ---- the town -----------------------------------------------------------------------------------------
def _layout(boards: list[dict]) -> dict[str, tuple[int, int, int]]:
    """name -> (column, row, rows in that column): columns by distance from the first board (the
    Base), so the Roads sit between the Base and the outer zones, as on the table."""
    names = [str(b.get("name", i)) for i, b in enumerate(boards)]
    links = {n: [str(c) for c in (b.get("connects") or [])] for n, b in zip(names, boards)}
    depth = {names[0]: 0} if names else {}
    todo = names[:1]
    while todo:
        nxt = []
        for n in todo:
            for c in links.get(n, []):
                if c in links and c not in depth:
                    depth[c] = depth[n] + 1
                    nxt.append(c)
        todo = nxt
    for n in names:  # unconnected boards (a teacher's card file) go in a last column
        depth.setdefault(n, max(depth.values(), default=-1) + 1)
    cols: dict[int, list[str]] = {}
    for n in names:
        cols.setdefault(depth[n], []).append(n)
    return {n: (depth[n], col.index(n), len(col)) for col in cols.values() for n in col}


def town(view: dict, players: dict, table: bool, corner: tuple[str, str] = ("", "")) -> str:
    """The boards by distance from the Base, joined as on the table. ``corner`` (the turn, the
    Radio track) fills the free space above and below the Base when it stands alone in its column."""
    boards = [b for b in (view.get("boards") or []) if isinstance(b, dict)]
    if not boards:
        return f'<div class="dl-town dl-panel">{corner[0]}{corner[1]}<span class="dl-soft">no boards</span></div>'
    place = _layout(boards)
    ncols = max(c for c, _, _ in place.values()) + 1
    width = 100 / ncols - 2
    to_move = view.get("to_move")

    def centre(name: str) -> tuple[float, float]:
        c, r, n = place[name]
        return (c + 0.5) / ncols * 100, (r + 0.5) / n * 100

    lines, seen = [], set()
    for b in boards:
        for other in b.get("connects") or []:
            pair = tuple(sorted((str(b["name"]), str(other))))
            if other in place and pair not in seen:
                seen.add(pair)
                (x1, y1), (x2, y2) = centre(pair[0]), centre(pair[1])
                lines.append(f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" '
                             'vector-effect="non-scaling-stroke"/>')
    svg = ('<svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">'
           '<g stroke="#8a7a5c" stroke-width="3" stroke-dasharray="7 4">' + "".join(lines) + "</g></svg>")
    tiles = []
    for b in boards:
        name = str(b.get("name", "?"))
        c, r, n = place[name]
        left = c / ncols * 100 + 1
        top = f"calc({(r + 0.5) / n * 100:.2f}% - 3.25em)"
        tiles.append(_board(b, players, to_move, table, f"left:{left:.2f}%;top:{top};width:{width:.2f}%"))
    alone = sum(1 for c, _, _ in place.values() if c == 0) == 1
    extra = ""
    if alone:
        extra = (f'<div class="dl-corner" style="top:0;width:{width:.2f}%">{corner[0]}</div>'
                 f'<div class="dl-corner" style="bottom:0;width:{width:.2f}%">{corner[1]}</div>')
    town_html = f'<div class="dl-town gl-dl-town">{svg}{"".join(tiles)}{extra}</div>'
    return town_html if alone else f'<div class="dl-head">{corner[0]}{corner[1]}</div>{town_html}'


def _board(b: dict, players: dict, to_move: Any, table: bool, pos: str) -> str:
    name = str(b.get("name", "?"))
    deck, discard = b.get("deck"), b.get("discard") or []
    here = [str(p) for p in b.get("players") or []]
    markers = "".join(
        marker(p, bool((players.get(p) or {}).get("zombie")), p == to_move) for p in here
    )
    turned = bool(b.get("turned"))
    if turned:
        blood = b.get("bloodstain", "?")
        counts = (f'<span class="dl-blood" title="bloodstain">{escape(str(blood))}</span>overrun</div>'
                  f'<div class="ct">survivors draw {escape(str(blood))}')
    else:
        counts = f"deck&nbsp;{_count(deck)} · used&nbsp;{_count(discard)}"  # wraps at the dot only
    nxt = ""
    if table and isinstance(deck, list) and deck and not turned:
        nxt = f'<div class="ct" title="the next Event card (table view)">next: {escape(str(deck[0]))}</div>'
    cls = "dl-board gl-dl-board" + (" turned" if turned else "") + (" here" if to_move in here else "")
    state = "overrun (turned over)" if turned else "coloured side up"
    # a long name wraps between its words (never inside one) in a slightly smaller size
    long = " long" if len(name) > 10 else ""
    return (f'<div class="{cls}" style="{pos}" data-board="{escape(name)}" title="{escape(name)}: {state}">'
            f'<div class="nm{long}">{escape(name)}</div><div class="ct">{counts}</div>{nxt}'
            f'<div class="dl-markers">{markers}</div></div>')


# ---- the Virus deck ------------------------------------------------------------------------------------
def virus_panel(view: dict, odds: dict, table: bool) -> str:
    v = view.get("virus") if isinstance(view.get("virus"), dict) else {}
    deck = v.get("deck")
    size = _count(deck)
    discards = Counter(str(x) for x in v.get("discard") or [])
    out = _count(v.get("radio_set_aside"))
    if isinstance(deck, list):  # table view: the deck itself, top first
        inside: dict[str, int] | None = dict(Counter(str(x) for x in deck))
        source = "cards in the deck (table view)"
    else:  # player view: what is left is public (every card drawn was shown), never the order
        inside = virus_counts(odds, size)
        source = "cards in the deck (public: every card drawn was shown)"
    most = max([1, *(inside or {}).values()])
    head = "".join(f'<th title="{escape(k)}">{escape(SHORT.get(k, k))}</th>' for k in VIRUS_LABELS)
    bars = "".join(
        f'<td class="bars"><span class="bar" style="height:{round(1.6 * (inside or {}).get(k, 0) / most, 2)}em"></span></td>'
        for k in VIRUS_LABELS
    )
    row_in = "".join(f"<td>{(inside or {}).get(k, 0) if inside is not None else '?'}</td>" for k in VIRUS_LABELS)
    row_out = "".join(f"<td>{out if k == 'Radio Contact' else discards.get(k, 0)}</td>" for k in VIRUS_LABELS)
    # the Illness column is wide enough for the word, RC for its two letters; numbers share the rest
    cols = ('<colgroup><col class="rh">' + '<col>' * 8 + '<col class="c-ill"><col class="c-rc"></colgroup>')
    comp = (f'<table class="dl-comp gl-dl-composition">{cols}<tr><td class="rh"></td>{bars}</tr>'
            f'<tr><th class="rh">card</th>{head}</tr>'
            f'<tr title="{source}"><td class="rh">in deck</td>{row_in}</tr>'
            f'<tr title="face up in the discard pile; RC: Radio Contact cards set aside">'
            f'<td class="rh">discards</td>{row_out}</tr></table>')
    order = ""
    if isinstance(deck, list):  # table view: the order on a line of its own (it wraps on a phone)
        top = " ".join(SHORT.get(str(x), str(x)) for x in deck[:12])
        nxt = ' · <span class="dl-soft" style="text-transform:none">order below</span>'
        order = (f'<div class="dl-next dl-order" title="table view: the order of the deck, top first">'
                 f'next: {escape(top)}{" …" if size > 12 else ""}</div>')
    else:
        nxt = ' · <span class="dl-soft" style="text-transform:none">order hidden</span>'
    return (f'<div class="dl-virus dl-panel gl-dl-virus" data-left="{size}">'
            f'<div class="dl-title">VIRUS DECK: {size} cards{nxt}</div>{comp}{order}</div>')


# ---- the trial and the odds ------------------------------------------------------------------------------
KIND_WORDS = {"daily": "daily trial", "zdaily": "a zombie's two cards", "attack": "zombie attack",
              "zattack": "a zombie's attack", "blood": "a turned-over board"}


def _needed(t: Trial) -> str:
    """What the trial in progress is waiting for, in words."""
    held = [label for label, how in t.cards if how == "deciding"]
    if held:
        return f"the {held[-1]} is about to be added"
    if t.kind == "zdaily":
        return "an Illness gives back Resistance"
    if t.kind == "daily" and t.added:
        return "a card was added: no more today"
    if t.needs:
        first, *rest = t.needs
        return f"needs {'an' if first in ('8', '11', '18') else 'a'} {first}" + "".join(
            f" or {'an ' if x == 'Illness' else 'a '}{x}" for x in rest)
    return ""


def trial_box(view: dict, t: Trial | None, players: dict) -> str:
    if t is None:
        return ('<div class="dl-trial dl-panel gl-dl-trial" data-live="0"><div class="dl-title">INFECTION TRIAL</div>'
                '<div class="line dl-soft">no trial yet</div><div class="what"></div></div>')
    what = t.cause or KIND_WORDS.get(t.kind, t.kind)
    cards = "".join(vcard(label, how) for label, how in t.cards)
    if t.live:
        title = "TRIAL IN PROGRESS"
        cards += "".join('<span class="vc dash" title="still to draw">?</span>' for _ in range(min(t.left, 6)))
        need = _needed(t)
        status = f"{t.drawn} of {t.total} drawn · <b>{t.left} still to draw</b>" + (f" · {escape(need)}" if need else "")
    else:
        title = "LAST TRIAL"
        result = f"{t.added} card{'s' if t.added != 1 else ''} added" if t.added else "nothing added"
        status = f"{t.drawn} of {t.total} drawn · {result}"
    cards = cards or '<span class="dl-soft">no card yet</span>'
    cls = "dl-trial dl-panel gl-dl-trial" + (" live" if t.live else "")
    return (f'<div class="{cls}" data-live="{int(t.live)}" data-left="{t.left}" data-drawn="{t.drawn}" data-total="{t.total}">'
            f'<div class="dl-title" title="{escape(what)}">{title}: {marker(t.who)} {escape(t.who)}, '
            f'{escape(what)}</div><div class="line">{cards}</div><div class="what">{status}</div></div>')


def _meter(p: Fraction) -> str:
    return f'<span class="meter"><i style="width:{100 * float(p):.1f}%"></i></span>'


def odds_box(odds: dict, table: bool, view: dict | None = None) -> str:
    if view is not None and view.get("is_over"):
        return (f'<div class="dl-odds dl-panel gl-dl-odds dl-end{" table" if table else ""}"><div class="dl-title">GAME OVER</div>'
                f'<div class="gl-dl-outcome" title="{escape(str(view.get("outcome") or ""))}">'
                f'{escape(str(view.get("outcome") or ""))}</div></div>')
    rows = []
    t = trial_odds(odds)
    if t:
        title, p = t
        who = title.split("'s ")[0] if "'s " in title else ""
        label = f"{who}'s daily trial adds a card" if who else title
        rows.append(f'<div class="o gl-dl-odds-trial" title="{escape(title)}"><span class="pct">{percent(p)}</span>'
                    f'{_meter(p)}<span class="lab">{escape(label)}</span></div>'
                    f'<div class="exact{" long" if table else ""}" title="{escape(fraction_text(p))}">'
                    f'exact: {escape(exact_text(p, table))}</div>')
    else:
        rows.append('<div class="o dl-soft"><span class="lab">no daily trial to come for the player to move</span></div>'
                    f'<div class="exact{" long" if table else ""}"></div>')
    e = event_odds(odds)
    if e:
        title, attack, infected = e
        rows.append(f'<div class="o" title="{escape(title)}: a zombie attack {percent(attack)}, an Infected Area {percent(infected)}"><span class="pct">{percent(attack)}</span>{_meter(attack)}'
                    f'<span class="lab">{escape(title.replace("next Event on", "zombie attack next on"))}</span></div>')
    else:
        rows.append('<div class="o dl-soft"><span class="lab">no Event card to draw here</span></div>')
    cls = "dl-odds dl-panel gl-dl-odds" + (" table" if table else "")
    return f'<div class="{cls}" title="exact odds from what everyone can see">{"".join(rows)}</div>'
