"""One card per player: marker, board and Role card; the Infection deck laid along the level track
1-8 (each card in its slot, the top card large, the next number needed marked, Illness cards
hatched, the slot that turns a survivor into a Zombie marked with a skull); tokens and objects."""
from __future__ import annotations

from html import escape
from typing import Any

from .table import marker

#: the daily trial's size by level (it changes at 3 and 6; at 8 a survivor turns)
GROUPS = ((1, 2, "×2"), (3, 5, "×3"), (6, 7, "×4"), (8, 8, "☠"))
LEGEND = ("Infection deck: each card sits on its level, the top one large; dashed: the number needed next; "
          "hatched: an Illness. ×2 ×3 ×4: cards in the daily trial at those levels. Level 1 draws a Role · "
          "2 an Event is lost · 4 drop an object · 5 (double line under it) +1 card in attacks on that board · "
          "6-7 carry 4 tokens and 2 objects · 8 turns into a Zombie (☠). M Munitions, R Rations.")
OBJECT_KEYS = {"Pistol": "pistol", "Shotgun": "shotgun", "Hatchet": "hatchet", "Chainsaw": "chainsaw",
               "Medications": "medications", "Stolen Resources": "stolen-resources"}
_OBJECT_NAMES = {v: k for k, v in OBJECT_KEYS.items()}


def impediments(p: dict) -> list[str]:
    """The objects ``p``'s top Virus card blocks, by name ("Pistol"); the view gives names (older
    views gave keys such as "stolen-resources", still read)."""
    return [_OBJECT_NAMES.get(str(x), str(x)) for x in p.get("impediments") or []]


def _int(x: Any) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else 0


def _slots(p: dict) -> str:
    """The Infection deck on the level track: slot i holds the card that made level i."""
    level = _int(p.get("level"))
    cards = p.get("infection") if isinstance(p.get("infection"), list) else None
    top = p.get("top")
    groups = []
    for lo, hi, label in GROUPS:
        group = []
        for i in range(lo, hi + 1):
            five = " five" if i == 5 else ""  # level 5: one more card in attacks (a double line, not a colour)
            if i < level:
                label_i = str(cards[i - 1]) if cards and len(cards) == level else None
                if label_i is None:
                    cls, tip, body = "sl hid", f"level {i}: face down under the top card", "·"
                elif label_i == "Illness":
                    cls, tip, body = "sl ill", f"level {i}: an Illness card", "I"
                else:
                    cls, tip, body = "sl", f"level {i}", escape(label_i)
            elif i == level:
                ill = str(top) == "Illness"
                cls, tip, body = "sl top" + (" ill" if ill else ""), f"top card: level {i}" + (" (an Illness)" if ill else ""), str(i)
            else:
                nxt = i == level + 1
                cls = "sl empty" + (" next" if nxt else "") + (" z" if i == 8 else "")
                tip = ("needed next: " if nxt else "") + f"level {i}" + (": Zombie" if i == 8 else "")
                body = "☠" if i == 8 else str(i)
            group.append(f'<span class="{cls}{five}" title="{tip}">{body}</span>')
        groups.append(f'<span class="grp"><span class="lab">{label}</span><span class="cells">{"".join(group)}</span></span>')
    return (f'<div class="dl-track gl-dl-deck" data-level="{level}" title="Infection deck: level {level}; ×N: cards in the daily trial">'
            f'{"".join(groups)}</div>')


def _zombie(p: dict) -> str:
    r = _int(p.get("resistance"))
    pips = "".join(f'<span class="pip{" on" if i < r else ""}"></span>' for i in range(5))
    return (f'<div class="dl-zombie gl-dl-deck" data-level="zombie"><div class="lab">Zombie: no Infection deck</div>'
            f'<span class="tok" title="Resistance tokens">Resistance {r} {pips}</span></div>')


def _role(p: dict, name: str, me: str | None, traitor: Any) -> str:
    role = p.get("role")
    if role is None:
        return '<span class="dl-role none" title="a Role card is drawn at level 1">no Role</span>'
    role = str(role)
    if role == "face down":
        known = " · Traitor (refused a gift)" if traitor == name else ""
        return f'<span class="dl-role down" title="face down">Role ?{escape(known)}</span>'
    if role.endswith("(face down)"):
        whose = "only you see it" if name == me else "table view"
        return f'<span class="dl-role mine" title="face down; {whose}">{escape(role[:-len(" (face down)")])} (hidden)</span>'
    return f'<span class="dl-role up" title="revealed">{escape(role)} (shown)</span>'


def _kit(p: dict) -> str:
    bits = []
    if not p.get("zombie"):
        bits.append(f'<span class="tok" title="Munitions tokens">M {_int(p.get("munitions"))}</span>')
        bits.append(f'<span class="tok" title="Rations tokens">R {_int(p.get("rations"))}</span>')
    imp = set(impediments(p))
    for o in p.get("objects") or []:
        o = str(o)
        new = o.endswith(" (new)")
        base = o[:-len(" (new)")] if new else o
        blocked = base in imp
        cls = "obj" + (" new" if new else "") + (" blocked" if blocked else "")
        tip = "drawn this turn: usable from the next" if new else "blocked by the top Virus card" if blocked else "usable"
        text = escape(base) + (" (new)" if new else "") + (" ✕" if blocked else "")
        bits.append(f'<span class="{cls}" title="{tip}">{text}</span>')
    return f'<div class="dl-kit">{"".join(bits)}</div>'


def _note(p: dict) -> str:
    if p.get("dead"):
        return "out of the game: no Resistance left"
    if p.get("zombie"):
        return "hunting the survivors"
    level = _int(p.get("level"))
    parts = [f"level {level}, {8 - level} from turning"]
    imp = impediments(p)
    if imp:
        parts.append("✕ top card blocks " + ", ".join(imp))
    return " · ".join(parts)


def player_card(name: str, p: dict, view: dict, me: str | None) -> str:
    zombie, dead = bool(p.get("zombie")), bool(p.get("dead"))
    where = "" if dead else str(p.get("board", "?"))
    to_move = view.get("to_move") == name
    cls = "dl-player gl-dl-player" + (" tomove" if to_move else "") + (" isdead" if dead else "")
    you = " (you)" if name == me else ""
    arrow = "▶ " if to_move else ""
    deck = _zombie(p) if zombie else _slots(p)
    return (f'<div class="{cls}" data-player="{escape(name)}" data-level="{_int(p.get("level"))}">'
            f'<div class="top">{marker(name, zombie, to_move)}<span class="who">{arrow}{escape(name)}{you}</span>'
            f'<span class="where" title="on {escape(where)}">{escape(where)}</span></div>'
            f'<div class="rl">{_role(p, name, me, view.get("traitor_known"))}</div>'
            f'{deck}{_kit(p)}<div class="dl-note">{escape(_note(p))}</div></div>')


def players_grid(view: dict, me: str | None) -> str:
    players = view.get("players") if isinstance(view.get("players"), dict) else {}
    cards = "".join(player_card(str(n), p if isinstance(p, dict) else {}, view, me) for n, p in players.items())
    return f'<div class="dl-players gl-dl-players">{cards}</div>'
