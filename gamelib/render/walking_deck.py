"""The Walking Deck laid out as on a table, in HTML and CSS (fast to redraw, no plotting).

Top: the hand with every banner written out, the Buried against the limit, the Protagonist.
Middle: the Memory on the left, growing leftwards card by card (face down and numbered in the
player view, face up in the table view), the Rural and Urban piles, the Avoided on the right.
Below: the Characters in front of you, turned (CSS rotate) by the damage they have taken, until
upside down when one more would bury them; next to them the three Reserves and the Calamity bag.
Above everything, when it applies: the Event being unstacked, the banner being applied and the
open choice, in words.

Only the state's ``view`` is read, defensively: a missing key draws an empty zone rather than
failing, so the picture survives changes in the rules engine."""
from __future__ import annotations

import re
from html import escape
from typing import Any, Mapping

from .generic import seat, value_html

#: Okabe-Ito colours, told apart with the common colour-vision deficiencies, each with a text
#: colour of contrast 4.5:1 or more, and always a word or short form beside the colour
WEAKNESS_COLOURS = {"malnutrition": "#F0E442", "injuries": "#D55E00", "stress": "#0072B2"}
WEAKNESS_TEXT = {"malnutrition": "#000000", "injuries": "#000000", "stress": "#FFFFFF"}
#: short forms inside the round Calamity tokens (a legend under the bag spells them out)
WEAKNESS_SHORT = {"malnutrition": "MAL", "injuries": "INJ", "stress": "STR"}
KIND_SHORT = {"Object/Location/Animal": "Object / Location / Animal"}  # spaces let it wrap
PILE_COLOURS = {"Rural": "#3d6233", "Urban": "#3b4a63"}
BANNERS = (("white", "Memorise"), ("black", "Avoid"), ("grey", "Interrogation"))

#: what the stepper's odds panel says about whose knowledge the odds use
ODDS_NOTE = ("Exact odds from what you know: which Events are left in each pile (you saw every one that "
             "left it) and which tokens are in the bag, not their order. The table view's face-up cards "
             "are not used.")

# Sizes are multiples of --u, so the large mode (--u: 1.6, for a projector) scales everything
# at once; zones keep minimum heights so that the picture does not jump between decisions.
STYLE = """<style>
.gl-wd{--u:1;background:#2f5d3a;background-image:radial-gradient(circle at 30% 20%,#3b7049,#264d30);color:#f4efe3;
  padding:calc(10px*var(--u));border-radius:12px;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;
  font-size:calc(13px*var(--u));line-height:1.3;box-sizing:border-box;max-width:100%;
  overflow-wrap:normal;word-break:normal;hyphens:manual}
.gl-wd.gl-wd-large{--u:1.6}
.gl-wd *{box-sizing:border-box}
.gl-wd .zone{background:rgba(0,0,0,.18);border:1px dashed rgba(255,255,255,.35);border-radius:8px;padding:6px 8px;margin:4px;min-width:0}
.gl-wd .zone-title{font-size:calc(11.5px*var(--u));text-transform:uppercase;letter-spacing:.06em;color:#efe7d2;margin-bottom:4px;font-weight:600}
.gl-wd .row{display:flex;align-items:stretch;flex-wrap:wrap;min-width:0}
.gl-wd .row.top{align-items:flex-start}
.gl-wd .grow{flex:1 1 0}
.gl-wd .card{background:#fbf7ec;color:#1f1f1f;border-radius:7px;box-shadow:0 1px 3px rgba(0,0,0,.45);padding:5px 6px;
  width:calc(150px*var(--u));max-width:100%;margin:3px;font-size:calc(12px*var(--u));line-height:1.25}
.gl-wd .card .name{font-weight:700;font-size:calc(13px*var(--u));text-transform:uppercase}
.gl-wd .card .meta{font-size:calc(11px*var(--u));color:#4a4a4a;margin-bottom:2px}
.gl-wd .banner{border-radius:4px;padding:2px 4px;margin-top:3px}
.gl-wd .banner-white{background:#fff;border:1px solid #999}
.gl-wd .banner-black{background:#1f1f1f;color:#f5f5f5}
.gl-wd .banner-grey{background:#a6a6a6;color:#111}
.gl-wd .banner-now{background:#f3d9a4;color:#1f1f1f}
.gl-wd .banner-none{background:transparent;color:#4a4a4a;border:1px dashed #888}
.gl-wd .banner b{font-size:calc(10.5px*var(--u));text-transform:uppercase;margin-right:3px}
.gl-wd .back{width:calc(44px*var(--u));height:calc(62px*var(--u));border-radius:6px;margin:2px;display:flex;align-items:center;justify-content:center;
  font-weight:700;color:#f4efe3;box-shadow:0 1px 2px rgba(0,0,0,.5);border:2px solid #e9dfc6;
  background:repeating-linear-gradient(45deg,#5e4427,#5e4427 4px,#6e5232 4px,#6e5232 8px)}
.gl-wd .mini{width:calc(104px*var(--u));min-height:calc(62px*var(--u));font-size:calc(11px*var(--u));padding:3px 4px;margin:2px;overflow:hidden}
.gl-wd .mini .name{font-size:calc(11px*var(--u))}
.gl-wd.gl-wd-large .mini .name{font-size:calc(12.5px*var(--u))}
/* a name with a long word (SUPERMARKET) is set smaller, so it is never broken inside the word */
.gl-wd .card .name.long{font-size:calc(11px*var(--u));letter-spacing:-.01em}
.gl-wd .mini .name.long,.gl-wd.gl-wd-large .mini .name.long{font-size:calc(9.5px*var(--u));letter-spacing:-.02em}
.gl-wd .token.long{font-size:calc(9px*var(--u))}
/* the Memory is a queue: read like a line of text, card 1 (the next out) first, wrapping to the next line */
.gl-wd .memory{display:flex;flex-direction:row;flex-wrap:wrap;justify-content:flex-start}
.gl-wd .memory.down .back{width:calc(30px*var(--u));height:calc(42px*var(--u));font-size:calc(12px*var(--u));border-width:1px;margin:2px 1px}
.gl-wd .gl-wd-hand{flex:3 1 calc(490px*var(--u));min-height:calc(190px*var(--u))}
.gl-wd .gl-wd-side{flex:1 1 calc(190px*var(--u));display:flex;flex-direction:column}
.gl-wd .gl-wd-memory{flex:2 1 calc(200px*var(--u));min-height:calc(130px*var(--u))}
.gl-wd .gl-wd-piles{flex:0 1 auto;min-height:calc(130px*var(--u))}
.gl-wd .gl-wd-avoided{flex:2 1 calc(200px*var(--u));min-height:calc(130px*var(--u))}
.gl-wd .gl-wd-characters{flex:2 1 calc(250px*var(--u));min-height:calc(150px*var(--u))}
.gl-wd .gl-wd-reserves{flex:1 1 calc(220px*var(--u))}
.gl-wd .gl-wd-bag{flex:2 1 calc(260px*var(--u));min-height:calc(150px*var(--u))}
.gl-wd .legend{font-size:calc(11px*var(--u));color:#efe7d2;margin-top:3px}
.gl-wd .pile{display:flex;flex-direction:column;align-items:center;margin:4px 10px}
.gl-wd .pile .stack{width:calc(62px*var(--u));height:calc(86px*var(--u));border-radius:7px;display:flex;align-items:center;justify-content:center;color:#ffffff;
  font-size:calc(22px*var(--u));font-weight:800;border:2px solid #efe6cf;box-shadow:3px 3px 0 #c8bea6,6px 6px 0 #a89f88}
.gl-wd .pile .empty{box-shadow:none;border-style:dashed;background:transparent!important;color:#efe7d2}
.gl-wd .pile .order{font-size:calc(11px*var(--u));max-width:calc(130px*var(--u));color:#efe7d2}
.gl-wd .token{display:inline-flex;align-items:center;justify-content:center;border-radius:50%;width:calc(76px*var(--u));height:calc(76px*var(--u));margin:2px;
  text-align:center;font-size:calc(10.5px*var(--u));font-weight:700;border:3px solid #efe6cf;padding:2px;overflow:hidden;line-height:1.15;overflow-wrap:normal}
.gl-wd .token.available{background:#e9c46a;color:#2b2100}
.gl-wd .token.consumed{background:#5d5d5d;color:#f2f2f2;border-style:dashed}
.gl-wd .calamity{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;flex-wrap:wrap;border-radius:50%;
  width:calc(48px*var(--u));height:calc(48px*var(--u));margin:2px;padding:1px;vertical-align:top;
  background:#3a2c22;border:2px solid #d9c9a6;color:#f4efe3;font-size:calc(10.5px*var(--u));text-align:center}
.gl-wd .calamity.respite{background:#f7f7f2;color:#1f1f1f}
.gl-wd .drawn{margin-top:4px}.gl-wd .drawn .calamity{box-shadow:0 0 0 3px #f6e7b0}
.gl-wd .weak{display:inline-block;border-radius:8px;padding:0 5px;margin:1px;font-size:calc(11px*var(--u));font-weight:700;border:1px solid #1f1f1f}
.gl-wd .protagonist{background:#efe3c2;color:#2b2100;border-radius:8px;padding:6px 8px;margin:4px}
.gl-wd .protagonist .pname{font-weight:800;font-size:calc(15px*var(--u))}
.gl-wd .protagonist .power{font-size:calc(12px*var(--u))}
.gl-wd .stars{color:#6b4a00;font-size:calc(15px*var(--u))}
.gl-wd .limit{height:calc(10px*var(--u));background:rgba(255,255,255,.25);border-radius:5px;overflow:hidden;margin:3px 0;width:100%;max-width:calc(180px*var(--u))}
.gl-wd .limit div{height:100%;background:#E69F00}
.gl-wd .char-slot{width:calc(116px*var(--u));height:calc(124px*var(--u));display:flex;align-items:center;justify-content:center;margin:4px}
.gl-wd .char-slot .card{width:calc(100px*var(--u));transition:transform .3s}
.gl-wd .pending{background:#f6e7b0;color:#2b2100;border-radius:8px;padding:6px 8px;margin:4px;display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center;
  min-height:calc(44px*var(--u))}
.gl-wd .pending.idle{background:rgba(0,0,0,.18);color:#efe7d2}
.gl-wd .chip{display:inline-block;background:#fbf7ec;color:#1f1f1f;border-radius:4px;padding:1px 5px;margin:2px;font-size:calc(11px*var(--u));font-weight:700}
.gl-wd .muted{color:#efe7d2;font-style:italic}
.gl-wd .phase{font-size:calc(16px*var(--u));font-weight:700}
.gl-wd .head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:4px 12px}
</style>"""


def _get(d: Any, key: str, default: Any = None) -> Any:
    return d.get(key, default) if isinstance(d, dict) else default


def _text(x: Any) -> str:
    """Banner effects and other values may be strings, lists or dicts: write them out."""
    if x is None:
        return ""
    if isinstance(x, str):
        return x
    if isinstance(x, (list, tuple)):
        return "; ".join(_text(i) for i in x)
    if isinstance(x, dict):
        return ", ".join(f"{k}: {_text(v)}" for k, v in x.items())
    return str(x)


def _weaknesses(ws: Any, short: bool = False) -> str:
    if not ws:
        return ""
    if isinstance(ws, str):
        ws = [ws]
    return "".join(
        f'<span class="weak" title="{escape(str(w))}" style="background:{WEAKNESS_COLOURS.get(str(w).lower(), "#555")};'
        f'color:{WEAKNESS_TEXT.get(str(w).lower(), "#fff")}">'
        f'{escape(WEAKNESS_SHORT.get(str(w).lower(), str(w)) if short else str(w))}</span>'
        for w in ws
    )


def event_card(ev: Any, mini: bool = False) -> str:
    """An Event face up; ``mini`` for zones where only the name matters (Memory, Avoided)."""
    if not isinstance(ev, dict):
        text = escape(_text(ev))
        return f'<div class="card{" mini" if mini else ""}"><div class="{_name_cls(text)}">{text}</div></div>'
    name = escape(str(ev.get("label") or ev.get("name") or ev.get("id", "?")))
    pile = str(ev.get("pile", ""))
    edge = PILE_COLOURS.get(pile, "#777")
    kind = escape(KIND_SHORT.get(str(ev.get("kind", "")), str(ev.get("kind", ""))))
    head = (f'<div class="{_name_cls(name)}">{name}</div><div class="meta">{escape(pile)}{" · " if pile and kind else ""}{kind}</div>'
            f'{_weaknesses(ev.get("weaknesses"))}')
    if mini:
        return f'<div class="card mini" style="border-top:5px solid {edge}" title="{name}">{head}</div>'
    banners = ev.get("banners") or {}
    body = []
    if ev.get("immediate"):
        body.append(f'<div class="banner banner-now"><b>in hand</b>{escape(_text(ev["immediate"]))}</div>')
    for colour, role in BANNERS:
        effect = _text(_get(banners, colour))
        if effect:
            body.append(f'<div class="banner banner-{colour}"><b>{role}</b>{escape(effect)}</div>')
    if not any(_text(_get(banners, c)) for c, _ in BANNERS):
        body.append('<div class="banner banner-none"><b>no banner</b></div>')
    return f'<div class="card" style="border-top:6px solid {edge}">{head}{"".join(body)}</div>'


def _zone(title: str, inner: str, extra: str = "") -> str:
    return f'<div class="zone {extra}"><div class="zone-title">{escape(title)}</div>{inner}</div>'


def _protagonist(p: Any, buried: Any) -> str:
    if not isinstance(p, dict):
        return _zone("Protagonist", '<span class="muted">none</span>')
    stars = p.get("stars")
    stars_html = "★" * int(stars) if isinstance(stars, int) else escape(_text(stars))
    power = _text(p.get("power"))
    left = p.get("power_left")
    if isinstance(left, int):
        power += f" (uses left: {left})"
    elif isinstance(left, list):
        power += f" (Reserves still usable: {', '.join(map(str, left)) or 'none'})"
    return (f'<div class="protagonist gl-wd-protagonist"><div class="pname">'
            f'{escape(str(p.get("name", "?")))} <span class="stars" title="difficulty">{stars_html}</span></div>'
            f'<div>burial limit: <b>{escape(str(p.get("burial_limit", _get(buried, "limit", "?"))))}</b></div>'
            f'{f"<div class=power>{escape(power)}</div>" if power else ""}</div>')


def _reserves(res: Any) -> str:
    if not isinstance(res, dict) or not res:
        return '<span class="muted">no Reserves</span>'
    return "".join(
        f'<div class="token {escape(str(side))}{" long" if len(str(name)) >= 10 else ""}" '
        f'title="{escape(str(name))} Reserve: {escape(str(side))}">'
        f'{escape(str(name))}<br>{escape(str(side))}</div>'
        for name, side in res.items()
    )


def _calamity(tok: Any, respite: bool = False) -> str:
    if isinstance(tok, dict):
        respite = respite or bool(tok.get("respite"))
        ws = tok.get("weaknesses")
        label = "Respite" if respite else tok.get("name") or ("" if ws else tok.get("text") or tok.get("id") or "")
    elif isinstance(tok, (list, tuple)):
        label, ws = "", list(tok)
    else:
        label, ws = str(tok), None
        respite = respite or "respite" in label.lower()
    body = (f"<div>{escape(str(label))}</div>" if label else "") + _weaknesses(ws, short=True)
    if respite and not body:
        body = "Respite"
    return f'<span class="calamity{" respite" if respite else ""}">{body or "blank"}</span>'


def _bag(view: dict) -> str:
    bag = view.get("calamity_bag")
    tokens = bag if isinstance(bag, (list, tuple)) else _get(bag, "tokens", [])
    inner = "".join(_calamity(t) for t in tokens) or '<span class="muted">empty</span>'
    inner += ('<div class="legend">' + " · ".join(f"{s} {w}" for w, s in WEAKNESS_SHORT.items()) + "</div>")
    drawn = view.get("drawn_calamity")
    if drawn:
        inner += f'<div class="drawn">drawn now: {_calamity(drawn)}</div>'
    aside = view.get("respite_aside")
    if aside:
        n = aside if isinstance(aside, int) else len(aside) if isinstance(aside, (list, tuple)) else 1
        inner += f'<div style="margin-top:4px">Respites beside the bag: {"".join(_calamity("Respite", True) for _ in range(int(n)))}</div>'
    return _zone(f"Calamity bag ({len(tokens)})", inner, "gl-wd-bag")


def _pile(name: str, pile: Any, reveal: bool) -> str:
    count = _get(pile, "count", pile if isinstance(pile, int) else 0)
    colour = PILE_COLOURS.get(name, "#777")
    cls = "stack" if count else "stack empty"
    order = ""
    cards = _get(pile, "cards")
    if reveal and cards:
        # table view: the order the pile will be drawn in (top first)
        names = [escape(str(_get(c, "name", c))) for c in cards]
        order = f'<div class="order">top: {", ".join(names[:4])}{"…" if len(names) > 4 else ""}</div>'
    return (f'<div class="pile gl-wd-pile-{name.lower()}"><div class="{cls}" style="background:{colour}">{count}</div>'
            f'<div>{escape(name)}</div>{order}</div>')


def _memory(mem: Any) -> str:
    count = int(_get(mem, "count", len(mem) if isinstance(mem, list) else 0) or 0)
    cards = _get(mem, "cards") if isinstance(mem, dict) else (mem if isinstance(mem, list) else None)
    items = []
    for i in range(count):
        if cards and i < len(cards):
            items.append(f'<div title="Memory card {i + 1}">{_numbered(event_card(cards[i], mini=True), i + 1)}</div>')
        else:
            items.append(f'<div class="back" title="Memory card {i + 1}, face down">{i + 1}</div>')
    inner = "".join(items) or '<span class="muted">empty</span>'
    note = ('<div class="legend">a queue, read left to right: card 1, the first memorised, is unstacked '
            'first; each new card joins at the end</div>')
    layout = "memory" if cards else "memory down"  # small face-down backs, numbered
    return _zone(f"Memory ({count})", f'<div class="{layout}">{inner}</div>{note if count else ""}', "gl-wd-memory")


def _numbered(card_html: str, n: int) -> str:
    return re.sub(r'(<div class="name(?: long)?">)', lambda m: f"{m.group(1)}{n}. ", card_html, count=1)


def _name_cls(name: str) -> str:
    """The class of a card's name: "name long" when one of its words has 10 letters or more."""
    return "name long" if max((len(w) for w in name.split()), default=0) >= 10 else "name"


def _buried(b: Any, limit: Any, reveal: bool) -> str:
    count = int(_get(b, "count", len(b) if isinstance(b, list) else 0) or 0)
    limit = _get(b, "limit", limit)
    cards = _get(b, "cards") if isinstance(b, dict) else (b if isinstance(b, list) else None)
    frac = min(1.0, count / limit) if isinstance(limit, int) and limit > 0 else 0
    bar = f'<div class="limit"><div style="width:{round(100 * frac)}%"></div></div>'
    if cards and reveal:
        # names only: the Buried zone is narrow and its effects no longer matter
        face = "".join(f'<span class="chip">{escape(str(_get(c, "label") or _get(c, "name", c)))}</span>' for c in cards)
    else:
        face = "".join('<div class="back"></div>' for _ in range(count))
    title = f"Buried {count} of {limit if limit is not None else '?'}"
    return _zone(title, f'{bar}<div class="row">{face}</div>', "gl-wd-buried")


def _rotation(ch: dict) -> int:
    """Degrees to turn a Character: upside down (180) once it has taken all the damage it can
    take without being buried, in equal steps on the way; without a toughness, the engine's
    orientation (degrees, quarter turns or words) or a quarter turn per damage."""
    dmg, tough = ch.get("damage"), ch.get("toughness")
    if isinstance(dmg, int) and isinstance(tough, int) and tough > 0:
        return round(180 * min(dmg, tough) / tough)
    o = ch.get("orientation")
    if isinstance(o, (int, float)) and not isinstance(o, bool):
        return int(o) if abs(o) > 4 else int(o) * 90
    if isinstance(o, str):
        named = {"up": 0, "head up": 0, "right": 90, "sideways": 90, "quarter": 90, "down": 180,
                 "upside down": 180, "left": 270}
        if o.lower() in named:
            return named[o.lower()]
    dmg = ch.get("damage")
    return 90 * int(dmg) if isinstance(dmg, int) else 0


def _characters(chars: Any) -> str:
    if not chars:
        return _zone("Characters", '<span class="muted">no Character in front of you</span>', "gl-wd-characters")
    slots = []
    for ch in chars:
        if not isinstance(ch, dict):
            slots.append(f'<div class="char-slot">{event_card(ch, mini=True)}</div>')
            continue
        deg = _rotation(ch)
        can = ch.get("can_take")
        info = f"damage {ch.get('damage', 0)}" + (f", can take {can} more" if can is not None else "")
        if ch.get("orientation") and isinstance(ch["orientation"], str):
            info += f" ({ch['orientation']})"
        card = (f'<div class="card" style="transform:rotate({deg}deg);border-top:6px solid #8b5a2b">'
                f'<div class="{_name_cls(str(ch.get("label") or ch.get("name") or ch.get("id", "?")))}">'
                f'{escape(str(ch.get("label") or ch.get("name") or ch.get("id", "?")))}</div>'
                f'{_weaknesses(ch.get("weaknesses"))}<div class="meta">{escape(info)}</div></div>')
        slots.append(f'<div class="char-slot" title="{escape(info)}">{card}</div>')
    return _zone(f"Characters ({len(chars)})", f'<div class="row">{"".join(slots)}</div>', "gl-wd-characters")


def _removed(removed: Any) -> str:
    if not removed:
        return ""
    inner = "".join(event_card(e, mini=True) for e in removed)
    return _zone(f"Removed from the game ({len(removed)})", f'<div class="row">{inner}</div>', "gl-wd-removed")


def _now(view: dict) -> str:
    """What is happening right now, in words: the banner being applied and the open choice.
    The strip is always there (with a hint when nothing is pending), so the zones below it do
    not move between decisions."""
    parts = []
    res = view.get("resolving")
    if isinstance(res, dict) and res:
        parts.append(f'<div><b>Applying</b> the {escape(str(res.get("banner", "")))} banner of '
                     f'{escape(str(res.get("event", "")))}: {escape(_text(res.get("text")))}</div>')
    pending = view.get("pending")
    if pending:
        parts.append(f'<div><b>Your choice:</b> {escape(pending) if isinstance(pending, str) else value_html(pending)}</div>')
    if not parts:
        hint = {"journey": "Journey: fill your hand from a pile, then memorise or avoid its Events.",
                "interrogation": "Interrogation: the Memory is taken back, first memorised first."}
        text = hint.get(str(view.get("phase", "")).lower(), "")
        if view.get("is_over"):
            text = f"The game is over: {view.get('outcome') or ''}"
        return f'<div class="pending idle gl-wd-pending">{escape(text)}</div>'
    return f'<div class="pending gl-wd-pending">{"".join(parts)}</div>'


def render_html(state: Any, reveal: bool | None = None, player: str | None = None, large: bool = False) -> str:
    """The table as HTML. ``reveal=True`` is the table view (Memory and Buried face up, piles'
    order shown); otherwise the player's view, where the Memory stays face down. ``large``
    scales every size for a projector (card names 20 px and more)."""
    who = seat(state, reveal, player)
    view = state.view(who, log=False)  # (the picture never reads the log: its cost would grow with the game)
    table = who is None
    prot = view.get("protagonist")
    buried = view.get("buried")
    limit = _get(prot, "burial_limit")
    piles = view.get("piles") or {}
    hand = view.get("hand") or []
    avoided = view.get("avoided") or []
    current = view.get("being_unstacked")

    # decisions first (hand, or the Event being unstacked; Buried, Protagonist), then the
    # Journey's zones, then what the Interrogation puts at risk (Characters) next to what
    # protects or threatens them. The hand's place holds the unstacked Event during the
    # Interrogation, when the hand is empty, so nothing moves.
    if current and not hand:
        first_zone = _zone("Being unstacked", f"<div class=row>{event_card(current)}</div>", "gl-wd-hand")
    else:
        hand_html = "".join(event_card(e) for e in hand) or '<span class="muted">empty</span>'
        if current:
            hand_html = f"<div><b>Being unstacked:</b></div>{event_card(current)}" + hand_html
        first_zone = _zone(f"Hand ({len(hand)})", f"<div class=row>{hand_html}</div>", "gl-wd-hand")
    first = (f'<div class="row top">{first_zone}'
             f'<div class="gl-wd-side">{_buried(buried, limit, table)}{_protagonist(prot, buried)}</div></div>')
    pile_html = "".join(_pile(name, piles.get(name), table) for name in (piles or {"Rural": 0, "Urban": 0}))
    avoided_html = "".join(event_card(e, mini=True) for e in avoided) or "<span class=muted>empty</span>"
    journey = (f'<div class="row">{_memory(view.get("memory"))}'
               f'{_zone("Draw piles", f"<div class=row>{pile_html}</div>", "gl-wd-piles")}'
               f'{_zone(f"Avoided ({len(avoided)})", f"<div class=row>{avoided_html}</div>", "gl-wd-avoided")}</div>')
    risk = (f'<div class="row top">{_characters(view.get("characters"))}'
            f'{_zone("Reserves", _reserves(view.get("reserves")), "gl-wd-reserves")}{_bag(view)}</div>'
            f'{_removed(view.get("removed"))}')
    eyes = "table view: everything face up" if table else "player view: the Memory stays face down"
    head = (f'<div class="head"><span class="phase">{escape(str(view.get("phase", "")).capitalize())}</span>'
            f'<span class="muted">{eyes}</span></div>')
    cls = "gl-wd gl-wd-large" if large else "gl-wd"
    return f'{STYLE}<div class="{cls}">{head}{_now(view)}{first}{journey}{risk}</div>'


def present_odds(state: Any, odds: Mapping[str, Any]) -> dict[str, Any]:
    """The odds as a player tells outcomes apart, the ones for the open decision first: a
    Calamity token by its weaknesses (not CAL01-CAL12); each pile's next Event by kind, then by
    name. Choosing a pile, the piles come first; otherwise the Calamity bag."""
    from fractions import Fraction

    kinds = _kinds(state)
    piles: dict[str, Any] = {}
    which: dict[str, Any] = {}
    bag: dict[str, Any] = {}
    other: dict[str, Any] = {}
    for title, dist in odds.items():
        if title == "next Calamity token":
            continue  # the same draw as "next Calamity weaknesses", told by ids no player can see
        if title == "next Calamity weaknesses":
            bag["next Calamity token, by its weaknesses"] = dist
        elif title.startswith("next ") and title.endswith(" event"):
            if kinds:
                by_kind: dict[str, Fraction] = {}
                for name, p in dist.items():
                    k = KIND_SHORT.get(kinds.get(name, "?"), kinds.get(name, "?"))
                    by_kind[k] = by_kind.get(k, Fraction(0)) + Fraction(p)
                piles[f"{title}: its kind"] = by_kind
            which[f"{title}: which one"] = dist
        else:
            other[title] = dist
    drawing = any(label.startswith("Draw") for label in state.legal_labels())
    piles.update(which)  # the kinds of both piles side by side, then the single Events
    first, second = (piles, bag) if drawing else (bag, piles)
    return {**first, **second, **other}


def _kinds(state: Any) -> dict[str, str]:
    """Event name -> kind, from the game's card definitions (public: printed on the cards)."""
    try:
        return {e.name: e.kind for e in state.game.cards.events.values()}
    except AttributeError:
        return {}
