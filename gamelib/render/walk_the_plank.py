"""Walk the Plank as a picture, in HTML and CSS (fast to redraw, no plotting).

Top: the round, the Captain, whose decision it is, what the last revealed card did.
Middle: the board in lanes, one per colour, read left to right: the ship, the three plank pieces
(a retracted one drawn as sea) and the Kraken, which holds the dead. Every pirate is a round
marker in its colour *and* with its letter (R, B, G, Y, P), so the picture survives colour
blindness and black-and-white printing; the Ghost Pirate stands on the ship in its player's lane.
Beside the board: the viewer's hand by name (player view), or a legend (table view).
Bottom: the seats in clockwise order, each with its programmed row of three cards (face down,
face up once revealed, or visible to the viewer), the order in which they are revealed this
round, the Captain's Token, and the Skull cards set aside.

Only ``state.view(player)`` is read (plus the public card list, for the Skull marks), and
defensively: a missing key draws an empty zone rather than failing. Every box has a fixed height,
so the picture keeps its height from one decision to the next and the page does not jump.
All text is at least 14 px (15 px base, everything in ``em``); ``large=True`` scales it all up."""
from __future__ import annotations

from html import escape
from typing import Any

from .generic import SEAT_COLOURS, seat as _seat

#: marker fill, letter colour, letter: the one seat palette (generic.SEAT_COLOURS); contrast tested
PIRATES = SEAT_COLOURS
SEA, INK, PAPER, WOOD, DECK, KRAKEN, BACK, GOLD, MUTED = (
    "#0f3550", "#1f1a14", "#f6f0e1", "#d9b47a", "#5b3a1e", "#33203f", "#6b2b2b", "#f2c14e", "#5b5140")
#: (text, background, where): checked against WCAG's 4.5:1 in the tests
CONTRAST = [
    ("#f3f6f9", SEA, "headings on the sea"), (INK, PAPER, "seat rows"), (MUTED, PAPER, "muted text"),
    (INK, WOOD, "plank labels"), ("#ffffff", DECK, "ship label"), ("#ffffff", KRAKEN, "Kraken label"),
    ("#ffffff", "#1d5c8a", "retracted plank (sea)"), ("#ffffff", BACK, "face-down card"),
    (INK, "#fffdf8", "face-up card"), (INK, GOLD, "Captain's Token"), (INK, "#e8dcc0", "chips"),
    (INK, "#fbe7a1", "the line saying what happens now"), ("#ffffff", "#1d6b2f", "winner's pill"), ("#ffffff", "#1a1a1a", "Ghost marker"),
] + [(fg, bg, f"{c} marker") for c, (bg, fg, _) in PIRATES.items()]
ORDINAL = {1: "st", 2: "nd", 3: "rd"}

STYLE = f"""<style>
.gl-wtp{{background:{SEA};color:#f3f6f9;font-family:system-ui,-apple-system,"Segoe UI","DejaVu Sans",sans-serif;
  font-size:15px;line-height:1.3;padding:.5em;border-radius:.7em;box-sizing:border-box;max-width:100%;
  container-type:inline-size;container-name:wtp}}
.gl-wtp.gl-wtp-large{{font-size:20px}}
.gl-wtp *{{box-sizing:border-box}}
.gl-wtp .gl-wtp-head{{display:flex;flex-wrap:nowrap;gap:.2em 1em;align-items:baseline;justify-content:space-between;height:1.6em;overflow:hidden}}
.gl-wtp .gl-wtp-head>span{{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0;flex:0 1 auto}}
.gl-wtp .gl-wtp-head>span:first-child{{flex:0 0 auto}}
.gl-wtp .gl-wtp-title{{font-weight:800;font-size:1.15em}}
.gl-wtp .gl-wtp-pill{{display:inline-block;border-radius:1em;padding:0 .5em;font-weight:700;white-space:nowrap}}
.gl-wtp .gl-wtp-captain{{background:{GOLD};color:{INK}}}
.gl-wtp .gl-wtp-final{{background:#fbe7a1;color:{INK}}}
.gl-wtp .gl-wtp-won{{background:#1d6b2f;color:#fff}}
.gl-wtp .gl-wtp-lines{{background:#fbe7a1;color:{INK};border-radius:.4em;padding:.1em .5em;margin:.2em 0 .3em}}
.gl-wtp .gl-wtp-now{{height:1.3em;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}}
.gl-wtp .gl-wtp-now.gl-wtp-over{{height:auto;max-height:3.9em;white-space:normal}}
.gl-wtp .gl-wtp-lost{{background:#5c5c5c;color:#fff}}
.gl-wtp .gl-wtp-last{{height:2.6em;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}}
.gl-wtp .gl-wtp-mid{{display:flex;flex-wrap:wrap;gap:.4em;align-items:stretch}}
.gl-wtp .gl-wtp-board{{display:flex;flex:3 1 26em;min-width:0;gap:2px;align-self:flex-start;
  container-type:inline-size;container-name:wtpboard}}
@container wtpboard (max-width: 36em){{.gl-wtp .gl-wtp-plankword{{display:none}}}}
.gl-wtp .gl-wtp-col{{flex:1 1 0;min-width:0;border-radius:.35em;padding:.1em .2em}}
.gl-wtp .gl-wtp-col-names{{flex:0 0 3.9em;color:#f3f6f9}}
.gl-wtp .gl-wtp-col-ship{{flex:1.25 1 0;background:{DECK};color:#fff}}
.gl-wtp .gl-wtp-col-plank{{background:{WOOD};color:{INK};
  background-image:repeating-linear-gradient(90deg,transparent 0 1.4em,rgba(0,0,0,.12) 1.4em 1.5em)}}
.gl-wtp .gl-wtp-col-sea{{background:#1d5c8a;color:#fff;
  background-image:repeating-radial-gradient(circle at 50% 120%,transparent 0 .5em,rgba(255,255,255,.16) .5em .6em)}}
.gl-wtp .gl-wtp-col-kraken{{flex:1.25 1 0;background:{KRAKEN};color:#fff}}
.gl-wtp .gl-wtp-col-title{{height:1.4em;font-weight:800;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;text-align:center}}
.gl-wtp .gl-wtp-lane{{height:1.72em;display:flex;align-items:center;justify-content:center;gap:2px;white-space:nowrap}}
.gl-wtp .gl-wtp-col-names .gl-wtp-lane{{justify-content:flex-start}}
.gl-wtp .gl-wtp-pirate{{display:inline-flex;align-items:center;justify-content:center;width:1.6em;height:1.6em;
  border-radius:50%;font-weight:800;border:2px solid #111;box-shadow:0 1px 2px rgba(0,0,0,.5);flex:0 0 auto}}
.gl-wtp .gl-wtp-dead{{border-style:dashed;border-color:#fff}}
.gl-wtp .gl-wtp-ghost{{display:inline-flex;align-items:center;height:1.6em;border-radius:.8em .8em .3em .3em;padding:0 .4em;
  background:#1a1a1a;color:#fff;font-weight:800;border:2px dashed #fff}}
.gl-wtp .gl-wtp-side{{flex:1 1 19em;min-width:0;min-height:8em;max-height:12em;background:{PAPER};color:{INK};border-radius:.35em;padding:.2em .5em;overflow:hidden}}
.gl-wtp .gl-wtp-side.gl-wtp-hands{{max-height:none}}
.gl-wtp table.gl-wtp-hands-table{{border-collapse:collapse;width:100%;line-height:1.2;color:{INK};margin:0}}
.gl-wtp .gl-wtp-hands-table th,.gl-wtp .gl-wtp-hands-table td{{padding:0 .2em;border:none;border-bottom:1px solid #e2d6bb;text-align:center;
  white-space:nowrap;background:transparent;color:{INK};font-size:1em;height:1.35em}}
.gl-wtp .gl-wtp-hands-table th.gl-wtp-cardname{{text-align:left;font-weight:400;overflow:hidden;text-overflow:ellipsis;max-width:10em}}
.gl-wtp .gl-wtp-hands-table .gl-wtp-pirate{{width:1.3em;height:1.3em;border-width:1px}}
.gl-wtp .gl-wtp-hands-table td.gl-wtp-no{{color:{MUTED}}}
.gl-wtp .gl-wtp-legend{{margin-top:.25em;color:#f3f6f9;line-height:1.3}}
.gl-wtp .gl-wtp-side-title{{font-weight:800;height:1.4em}}
.gl-wtp .gl-wtp-hand{{display:grid;grid-template-columns:1fr 1fr;gap:0 .5em;line-height:1.25}}
.gl-wtp .gl-wtp-hand div{{white-space:normal;overflow-wrap:normal;hyphens:manual}}
.gl-wtp .gl-wtp-seats{{margin-top:.2em;display:flex;flex-direction:column;gap:2px}}
.gl-wtp .gl-wtp-seat,.gl-wtp .gl-wtp-seats-head{{display:flex;flex-wrap:wrap;align-items:center;gap:.3em;padding:0 .4em}}
.gl-wtp .gl-wtp-seat{{background:{PAPER};color:{INK};border-radius:.4em;min-height:3.15em;border:3px solid transparent}}
.gl-wtp .gl-wtp-seats-head{{height:1.5em;line-height:1.5;font-weight:700;border:3px solid transparent;border-width:0 3px}}
.gl-wtp .gl-wtp-seats-head .gl-wtp-card{{height:auto;border:2px solid transparent;padding:0 .35em}}
.gl-wtp .gl-wtp-seats-head .gl-wtp-who,.gl-wtp .gl-wtp-seats-head .gl-wtp-aside{{height:auto}}
.gl-wtp .gl-wtp-seat.gl-wtp-active{{border-color:{GOLD};box-shadow:0 0 0 2px {INK} inset}}
.gl-wtp .gl-wtp-seat.gl-wtp-out{{background:#ddd3bd}}
.gl-wtp .gl-wtp-who{{flex:0 1 11.4em;min-width:0;height:3.05em;overflow:hidden;line-height:1.35;white-space:nowrap}}
.gl-wtp .gl-wtp-head>span.gl-wtp-winners{{flex:0 0 auto}}
.gl-wtp .gl-wtp-who b{{font-size:1.07em}}
.gl-wtp .gl-wtp-who .gl-wtp-pirate{{width:1.35em;height:1.35em;border-width:1px;vertical-align:-.2em}}
.gl-wtp .gl-wtp-cards{{display:flex;gap:.3em;flex:0 1 29.1em;min-width:0}}
.gl-wtp .gl-wtp-card{{flex:1 1 0;min-width:0;max-width:9.5em;height:2.6em;border-radius:.35em;padding:0 .35em;overflow:hidden;line-height:1.15}}
.gl-wtp .gl-wtp-card .gl-wtp-ord{{font-weight:400;border-radius:.3em;padding:0 .2em;margin-right:.2em;border:1px solid currentColor}}
.gl-wtp .gl-wtp-card .gl-wtp-name{{font-weight:800}}
.gl-wtp .gl-wtp-up{{background:#fffdf8;color:{INK};border:2px solid {INK};border-left-width:.45em}}
.gl-wtp .gl-wtp-down{{background:{BACK};color:#fff;border:2px solid #f3e2c7;
  background-image:repeating-linear-gradient(45deg,transparent 0 .35em,rgba(0,0,0,.18) .35em .7em)}}
.gl-wtp .gl-wtp-empty{{border:2px dashed {MUTED};color:{MUTED}}}
.gl-wtp .gl-wtp-card.gl-wtp-current{{outline:.25em solid {GOLD};outline-offset:1px}}
.gl-wtp .gl-wtp-card .gl-wtp-ord-now{{background:{GOLD};color:{INK};font-weight:800;border-color:{INK}}}
.gl-wtp .gl-wtp-aside{{flex:1 1 8em;min-width:0;height:2.6em;overflow:hidden;line-height:1.3}}
.gl-wtp .gl-wtp-chip{{display:inline-block;background:#e8dcc0;color:{INK};border-radius:.3em;padding:0 .3em;margin:1px 2px;white-space:nowrap}}
.gl-wtp .gl-wtp-muted{{color:{MUTED}}}
/* a phone or a narrow panel: the lanes' names give way (every pirate carries its letter), the
   pieces' titles shorten, markers overlap a little, the seats' column heads go */
/* a laptop's column: the head keeps the Captain and the eyes in view, on two lines */
@container wtp (max-width: 660px){{
  .gl-wtp .gl-wtp-head .gl-wtp-long{{display:none}}
  .gl-wtp .gl-wtp-head{{flex-wrap:wrap;height:2.8em;align-content:flex-start}}
}}
@container wtp (max-width: 540px){{
  .gl-wtp .gl-wtp-col-names{{display:none}}
  .gl-wtp .gl-wtp-head{{flex-wrap:wrap;height:4.1em;align-content:flex-start}}
  .gl-wtp .gl-wtp-head>span:first-child{{flex:0 1 auto;white-space:normal}}
  .gl-wtp .gl-wtp-long{{display:none}}
  .gl-wtp .gl-wtp-lane .gl-wtp-pirate+.gl-wtp-pirate{{margin-left:-.5em}}
  .gl-wtp .gl-wtp-seats-head .gl-wtp-cards,.gl-wtp .gl-wtp-seats-head .gl-wtp-aside{{display:none}}
  .gl-wtp .gl-wtp-who{{flex:1 1 100%}}
  .gl-wtp .gl-wtp-cards{{flex:1 1 100%}}
  .gl-wtp .gl-wtp-card{{max-width:none}}
}}
@container wtp (max-width: 720px){{
  .gl-wtp.gl-wtp-large .gl-wtp-col-names,.gl-wtp.gl-wtp-large .gl-wtp-long{{display:none}}
  .gl-wtp.gl-wtp-large .gl-wtp-head{{flex-wrap:wrap;height:4.1em;align-content:flex-start}}
  .gl-wtp.gl-wtp-large .gl-wtp-lane .gl-wtp-pirate+.gl-wtp-pirate{{margin-left:-.5em}}
  .gl-wtp.gl-wtp-large .gl-wtp-seats-head .gl-wtp-cards,.gl-wtp.gl-wtp-large .gl-wtp-seats-head .gl-wtp-aside{{display:none}}
  .gl-wtp.gl-wtp-large .gl-wtp-who,.gl-wtp.gl-wtp-large .gl-wtp-cards{{flex:1 1 100%}}
  .gl-wtp.gl-wtp-large .gl-wtp-card{{max-width:none}}
}}
</style>"""


# ---- reading the view ------------------------------------------------------------------------
def _get(d: Any, key: str, default: Any = None) -> Any:
    return d.get(key, default) if isinstance(d, dict) else default


def _colour(c: str) -> tuple[str, str, str]:
    return PIRATES.get(c, ("#555555", "#ffffff", (c[:1] or "?").upper()))


def pirate(c: str, dead: bool = False, where: str = "") -> str:
    bg, fg, letter = _colour(c)
    title = f"{c} pirate" + (f", {where}" if where else "")
    return (f'<span class="gl-wtp-pirate{" gl-wtp-dead" if dead else ""}" data-colour="{escape(c)}" '
            f'data-place="{escape(where)}" title="{escape(title)}" style="background:{bg};color:{fg}">{escape(letter)}</span>')


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else ORDINAL.get(n % 10, 'th')}"


def reveal_order(view: dict) -> list[tuple[str, int]]:
    """(colour, card number) in the order the round's cards are revealed: card 1 of every seat
    from the Captain clockwise, then card 2, then card 3. A living pirate's player places three
    cards; a Ghost only the card it has declared; eliminated players none."""
    players = _get(view, "players") or {}
    seats = list(players)
    cap = seats.index(view["captain"]) if _get(view, "captain") in seats else 0
    out: list[tuple[str, int]] = []
    if _get(view, "is_over"):
        return out
    for k in (1, 2, 3):
        for off in range(len(seats)):
            c = seats[(cap + off) % len(seats)]
            p = players[c]
            cards = _get(p, "cards") or [None, None, None]
            slot = cards[k - 1] if k - 1 < len(cards) else None
            if slot is not None or _get(p, "status") == "alive":
                out.append((c, k))
    return out


def _entries(view: dict) -> list[tuple[str, str]]:
    out = []
    for line in _get(view, "log") or []:
        section, sep, text = str(line).partition(": ")
        out.append((section, text) if sep else ("", section))
    return out


def last_card(view: dict) -> str:
    """What the last revealed card did, in one short line made from the public log: who
    revealed which card, then the effect and any pirate lost or player eliminated."""
    log = _entries(view)
    reveals = [i for i, (_, t) in enumerate(log) if " reveals card " in t]
    if _get(view, "revealing") and reveals:
        reveals = reveals[:-1]  # the newest reveal is waiting for its player's choice: shown as "now"
    if not reveals:
        return "no card revealed yet"
    i = reveals[-1]
    section, text = log[i]
    who, _, rest = text.partition(" reveals card ")
    number, _, name = rest.partition(": ")
    effects = []
    for sec, t in log[i + 1:]:
        if " reveals card " in t:
            break
        if " is eliminated" in t:
            effects.append(f"{t.split()[0]} is eliminated")
        elif "plays the Ghost" in t:
            effects.append(f"{t.split()[0]} now plays the Ghost")
        elif sec == section:
            t = t.replace(" (the only possible way)", "")
            effects.append("no effect" + t.split(" has no effect", 1)[1] if " has no effect" in t else t)
    return f"{who} played {name} (card {number}): {'; '.join(effects) or 'nothing happened'}"


def winners_of(view: dict) -> list[str]:
    """The winners named in the outcome ("won: blue, yellow; lost: ..."), once the game is over."""
    outcome = str(_get(view, "outcome") or "")
    if not _get(view, "is_over") or not outcome.startswith("won: "):
        return []
    names = outcome[len("won: "):].split(";")[0].split(" (")[0]
    return [n.strip() for n in names.split(",") if n.strip() in (_get(view, "players") or {})]


def _head_middle(view: dict, captain: Any) -> str:
    """Who holds the Captain's Token; once the game is over, who won (by colour)."""
    if _get(view, "is_over"):
        won = winners_of(view)
        pills = " ".join(f'<span class="gl-wtp-pill gl-wtp-won">{escape(c)}</span>' for c in won) or "nobody"
        return f'<span class="gl-wtp-winners">Won: {pills}</span>'
    return f'<span>Captain: <span class="gl-wtp-pill gl-wtp-captain">{escape(str(captain))}</span></span>'


def now_line(view: dict) -> str:
    if _get(view, "is_over"):
        return f"Game over: {_get(view, 'outcome') or ''}"
    rev = _get(view, "revealing")
    if isinstance(rev, dict):
        return (f"{rev.get('player')} reveals card {rev.get('card_number')}, {rev.get('card')}, "
                f"and chooses how to play it")
    who = _get(view, "to_move")
    p = _get(_get(view, "players"), who) or {}
    if who is None:
        return ""
    placed = sum(1 for x in _get(p, "cards") or [] if x is not None)
    you = " (you)" if who == _get(view, "player") else ""
    if _get(p, "status") == "ghost":
        return f"{who}{you} places the Ghost's Shove card face down and declares when it plays"
    return f"{who}{you} programs card {placed + 1} in secret"


# ---- drawing ------------------------------------------------------------------------------------
def _board(view: dict, colours: list[str]) -> str:
    pirates = _get(view, "pirates") or {}
    planks = _get(view, "planks_in_play", 3)
    ghosts = _get(view, "ghost_players") or []
    ghost_on = _get(view, "ghost_pirate") == "on the ship"

    def lanes(place: str, dead: bool = False) -> str:
        counts = _get(pirates, place) or {}
        rows = []
        for c in colours:
            inner = "".join(pirate(c, dead, place) for _ in range(int(_get(counts, c, 0) or 0)))
            if place == "the ship" and ghost_on and c in ghosts:
                inner += (f'<span class="gl-wtp-ghost" data-colour="{escape(c)}" '
                          f'title="the Ghost Pirate, played by {escape(c)}">Ghost {escape(_colour(c)[2])}</span>')
            rows.append(f'<div class="gl-wtp-lane">{inner}</div>')
        return "".join(rows)

    names = "".join(f'<div class="gl-wtp-lane">{escape(c)}</div>' for c in colours)
    cols = [f'<div class="gl-wtp-col gl-wtp-col-names"><div class="gl-wtp-col-title"></div>{names}</div>',
            f'<div class="gl-wtp-col gl-wtp-col-ship" data-place="the ship"><div class="gl-wtp-col-title">Ship</div>'
            f'{lanes("the ship")}</div>']
    for k in (1, 2, 3):
        if k <= planks:
            cols.append(f'<div class="gl-wtp-col gl-wtp-col-plank" data-place="plank {k}">'
                        f'<div class="gl-wtp-col-title" title="plank {k}"><span class="gl-wtp-long gl-wtp-plankword">Plank </span>{k}</div>'
                        f'{lanes(f"plank {k}")}</div>')
        else:
            cols.append(f'<div class="gl-wtp-col gl-wtp-col-sea" data-place="sea" title="plank {k} retracted: sea side up">'
                        '<div class="gl-wtp-col-title">Sea</div>'
                        + '<div class="gl-wtp-lane"></div>' * len(colours) + "</div>")
    cols.append(f'<div class="gl-wtp-col gl-wtp-col-kraken" data-place="dead" title="the Kraken: pirates lost to it or to the sea">'
                f'<div class="gl-wtp-col-title">Kraken</div>{lanes("dead", dead=True)}</div>')
    return f'<div class="gl-wtp-board" data-planks="{escape(str(planks))}">{"".join(cols)}</div>'


def _side(view: dict, skulls: frozenset[str], names: tuple[str, ...] = ()) -> str:
    """The viewer's hand by name (player view), or every hand at once (table view)."""
    me = _get(view, "player")
    hand = _get(_get(_get(view, "players"), me), "hand")
    if me is not None and isinstance(hand, list):
        items = "".join(f"<div>{_skull(n, skulls)}{escape(n)}</div>" for n in hand) or \
            '<div class="gl-wtp-muted">empty</div>'
        return (f'<div class="gl-wtp-side" data-hand="{escape(me)}"><div class="gl-wtp-side-title">'
                f'Your hand, {escape(me)} ({len(hand)})</div><div class="gl-wtp-hand">{items}</div></div>')
    return _hands(view, skulls, names)


def _hands(view: dict, skulls: frozenset[str], names: tuple[str, ...]) -> str:
    """Table view: one row per card, one column per seat, ✓ where that card is in that hand
    (every pirate starts with the same cards, so a class reads "who can still play Charge!?")."""
    players = _get(view, "players") or {}
    hands = {c: list(_get(p, "hand")) for c, p in players.items() if isinstance(_get(p, "hand"), list)}
    held = [n for h in hands.values() for n in h]
    order = list(names) + sorted({n for n in held if n not in names})
    head = "".join(f"<th>{pirate(c, where='hand')}</th>" for c in hands)
    rows = "".join(
        f'<tr><th class="gl-wtp-cardname" title="{escape(n)}">{_skull(n, skulls)}{escape(n)}</th>'
        + "".join(f'<td title="{escape(c)} holds {escape(n)}">✓</td>' if n in h else
                  f'<td class="gl-wtp-no" title="not in {escape(c)}\'s hand">·</td>' for c, h in hands.items())
        + "</tr>"
        for n in order)
    counts = "".join(f"<td>{len(h)}</td>" for h in hands.values())
    return (f'<div class="gl-wtp-side gl-wtp-hands" data-hands="table"><div class="gl-wtp-side-title">Hands (table view)</div>'
            f'<table class="gl-wtp-hands-table"><tr><th class="gl-wtp-cardname">card</th>{head}</tr>{rows}'
            f'<tr><th class="gl-wtp-cardname">in hand</th>{counts}</tr></table></div>')


def _skull(name: str, skulls: frozenset[str]) -> str:
    return '<span title="Skull card">☠ </span>' if name in skulls else ""


def _card(c: str, k: int, slot: Any, p: dict, order: dict, current: bool, skulls: frozenset[str]) -> str:
    """One of the three programmed positions: empty, face down (the name shown only when this
    viewer may see it: their own, or the table view), or face up once revealed."""
    hidden = set(_get(p, "not_yet_played") or [])
    n = order.get((c, k))
    badge = f'<span class="gl-wtp-ord" title="revealed {ordinal(n)} this round">{ordinal(n)}</span>' if n else ""
    if current:
        badge = f'<span class="gl-wtp-ord gl-wtp-ord-now" title="being revealed now, {ordinal(n or 0)} this round">now</span>'
    cls = "gl-wtp-card" + (" gl-wtp-current" if current else "")
    attrs = f'data-player="{escape(c)}" data-card="{k}" data-order="{n or ""}"'
    if slot is None:
        text = "to place" if n else "—"
        return f'<div class="{cls} gl-wtp-empty" {attrs} data-face="empty" title="card {k}: not placed">{badge}{text}</div>'
    if slot == "face down":
        return (f'<div class="{cls} gl-wtp-down" {attrs} data-face="down" title="card {k}: face down">'
                f'{badge}<span class="gl-wtp-name">face down</span></div>')
    name = escape(str(slot))
    if slot in hidden:
        return (f'<div class="{cls} gl-wtp-down" {attrs} data-face="down-seen" title="card {k}: face down, {name}">'
                f'{badge}<span class="gl-wtp-name">{_skull(str(slot), skulls)}{name}</span></div>')
    return (f'<div class="{cls} gl-wtp-up" {attrs} data-face="up" title="card {k}: revealed, {name}" '
            f'style="border-left-color:{_colour(c)[0]}">{badge}<span class="gl-wtp-name">{_skull(str(slot), skulls)}{name}</span></div>')


def _seats(view: dict, colours: list[str], skulls: frozenset[str]) -> str:
    players = _get(view, "players") or {}
    pirates = _get(view, "pirates") or {}
    order = {key: i + 1 for i, key in enumerate(reveal_order(view))}
    rev = _get(view, "revealing")
    active = rev.get("player") if isinstance(rev, dict) else (None if _get(view, "is_over") else _get(view, "to_move"))
    winners = winners_of(view)
    over = bool(_get(view, "is_over"))
    head = ('<div class="gl-wtp-seats-head"><div class="gl-wtp-who">Seats, clockwise</div><div class="gl-wtp-cards">'
            + "".join(f'<div class="gl-wtp-card">card {k}</div>' for k in (1, 2, 3))
            + '</div><div class="gl-wtp-aside">set aside (☠)</div></div>')
    rows = [head]
    for c in colours:
        p = players.get(c) or {}
        status = _get(p, "status", "alive")
        alive = sum(int(_get(counts, c, 0) or 0) for place, counts in pirates.items() if place != "dead")
        hand = _get(p, "hand")
        n_hand = len(hand) if isinstance(hand, list) else hand
        if status == "ghost":
            state = "Ghost"
        elif status == "eliminated":
            state = "eliminated"
        else:
            state = f"{alive} pirate{'s' if alive != 1 else ''}"
        if isinstance(n_hand, int) and status != "eliminated":
            state += f" · {n_hand} in hand"
        captain = (' <span class="gl-wtp-pill gl-wtp-captain" title="holds the Captain\'s Token: reveals first">'
                   'Captain</span>') if _get(view, "captain") == c else ""
        line = escape(state)
        if over:  # the result first, on its own line, so it is never cut
            result = ('<span class="gl-wtp-pill gl-wtp-won">won</span>' if c in winners
                      else '<span class="gl-wtp-pill gl-wtp-lost">lost</span>')
            line = f"{result} {escape(state.split(' · ')[0])}"
        who = (f'<div class="gl-wtp-who">{pirate(c, where="seat")} <b>{escape(c)}</b>{captain}'
               f'<div>{line}</div></div>')
        slots = list(_get(p, "cards") or [])[:3] + [None] * 3
        cards = "".join(
            _card(c, k, slots[k - 1], p, order,
                  isinstance(rev, dict) and rev.get("player") == c and rev.get("card_number") == k, skulls)
            for k in (1, 2, 3))
        aside = _get(p, "set_aside") or []
        bits = "".join(f'<span class="gl-wtp-chip">{escape(str(a))}</span>' for a in aside)
        discarded = _get(p, "discarded") or []
        if discarded:
            bits += f'<span class="gl-wtp-muted" title="the Ghost keeps only its Shove cards">{len(discarded)} discarded</span>'
        cls = " gl-wtp-active" if c == active else ""
        cls += " gl-wtp-out" if status != "alive" else ""
        rows.append(f'<div class="gl-wtp-seat{cls}" data-seat="{escape(c)}" data-status="{escape(str(status))}">'
                    f'{who}<div class="gl-wtp-cards">{cards}</div><div class="gl-wtp-aside">{bits}</div></div>')
    return f'<div class="gl-wtp-seats">{"".join(rows)}</div>'


LEGEND = ("☠ Skull card: sits out the next round · 1st, 2nd…: the order of the reveal · striped: "
          "face down · every pirate carries its colour's letter · 1 2 3: the planks")


def picture(view: dict, large: bool = False, skulls: frozenset[str] = frozenset(),
            names: tuple[str, ...] = ()) -> str:
    """The picture of one view (a pure function of the dict and of the public card list,
    ``skulls`` and ``names``, so it cannot see anything else)."""
    players = _get(view, "players") or {}
    colours = list(players)
    me = _get(view, "player")
    eyes = f"player view: {me}" if me else "table view: every card shown"
    round_no = _get(view, "round", "?")
    phase = str(_get(view, "phase", ""))
    final = ' <span class="gl-wtp-pill gl-wtp-final">final round</span>' if _get(view, "final_round") else ""
    captain = _get(view, "captain")
    head = (f'<div class="gl-wtp-head"><span><span class="gl-wtp-long"><span class="gl-wtp-title">Walk the Plank</span> · </span>round '
            f'{escape(str(round_no))} · {escape(phase)}{final}</span>'
            f'{_head_middle(view, captain)}'
            f'<span>{escape(eyes)}</span></div>')
    last, now = last_card(view), now_line(view)
    over = " gl-wtp-over" if _get(view, "is_over") else ""
    lines = (f'<div class="gl-wtp-lines"><div class="gl-wtp-now{over}" title="{escape(now)}"><b>Now:</b> {escape(now)}</div>'
             f'<div class="gl-wtp-last" title="{escape(last)}"><b>Last card:</b> {escape(last)}</div></div>')
    mid = f'<div class="gl-wtp-mid">{_board(view, colours)}{_side(view, skulls, names)}</div>'
    cls = "gl-wtp gl-wtp-large" if large else "gl-wtp"
    legend = f'<div class="gl-wtp-legend">{escape(LEGEND)}</div>'
    return (f'{STYLE}<div class="{cls}" data-round="{escape(str(round_no))}">{head}{lines}{mid}'
            f'{_seats(view, colours, skulls)}{legend}</div>')


def render_walk_the_plank(state: Any, reveal: bool | None = None, player: str | None = None,
                          large: bool = False) -> str:
    """HTML for ``state``: ``reveal=True`` is the table view (every card shown); otherwise the
    view of ``player`` (default: whoever decides now, else the first seat)."""
    who = _seat(state, reveal, player)
    cards = getattr(getattr(state, "game", None), "cards", ()) or ()
    skulls = frozenset(getattr(c, "name", "") for c in cards if getattr(c, "skull", False))
    names = tuple(dict.fromkeys(str(getattr(c, "name", "")) for c in cards if getattr(c, "name", "")))
    return picture(state.view(who), large=large, skulls=skulls, names=names)


#: what the stepper's odds panel says about whose knowledge the odds use
ODDS_NOTE = ("The public's odds: every programme that pirate could have placed with the cards it has "
             "not played counts as equally likely (a model: real players choose). In a pirate's own view, "
             "its own face-down cards are known; nobody else's secret card, nor the table view's face-up "
             "cards, is used.")


def present_odds(state: Any, odds: dict[str, Any]) -> dict[str, Any]:
    """The next revealed card told apart as the class asks: first whether it is a Shove (the
    cards that push a pirate toward the Kraken), then by name. The model's assumption moves from
    each title into ``ODDS_NOTE``."""
    from fractions import Fraction

    cards = getattr(getattr(state, "game", None), "cards", ()) or ()
    shoves = {str(c.name) for c in cards if getattr(c, "is_shove", False)}
    out: dict[str, Any] = {}
    for title, dist in odds.items():
        short = str(title).replace(" (every legal program equally likely)", "")
        if shoves and short.startswith("next revealed card"):
            yes = sum((Fraction(p) for name, p in dist.items() if name in shoves), Fraction(0))
            names = ", ".join(sorted(shoves))
            out[f"{short}: a Shove or not"] = {f"a Shove ({names})": yes, "another card": 1 - yes}
        out[f"{short}: which card" if shoves and short.startswith("next revealed card") else short] = dist
    return out
