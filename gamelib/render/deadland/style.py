"""Colours and CSS of the Deadland picture.

Sizes are in ``em`` of the root (16 px, or 23 px in large-text mode), and the smallest text is
0.875 em, so nothing is under 14 px (nor under 20 px in large-text mode, for the back row). No box
has a minimum width larger than a phone's: the picture reflows down to 390 px. Every box that holds changing text has a fixed height, so the
picture keeps its height from one decision to the next. Colour is never the only cue: players
carry a letter, zombies a different shape and a skull, filled cells a number in a dark box,
overrun boards stripes and the word "overrun"."""
from __future__ import annotations

from ..generic import SEAT_COLOURS

#: marker background, text colour on it, letter: the one seat palette (generic.SEAT_COLOURS); text
#: on each background has contrast >= 4.5:1 (checked in tests/widgets/test_render_deadland.py).
PLAYER_COLOURS = SEAT_COLOURS
OTHER_COLOUR = ("#5a5a5a", "#ffffff", "?")

#: (text, background) pairs used by the CSS below, for the contrast test
TEXT_PAIRS = [
    ("#1e1e1e", "#f7f3ea"),  # body text on the table
    ("#4a4236", "#f7f3ea"),  # secondary text
    ("#1e1e1e", "#ffffff"),  # boards, cards
    ("#4a4236", "#ffffff"),
    ("#ffffff", "#2d2d2d"),  # filled level cells, card backs
    ("#111111", "#f3d36b"),  # trial box highlight
    ("#7a1010", "#ffffff"),  # impediments
    ("#ffffff", "#5b4a8a"),  # Radio Contact cards
    ("#111111", "#e9e1cf"),  # Illness cards
    ("#1e1e1e", "#efe7d6"),  # panels
    ("#ffffff", "#6b2d2d"),  # role card backs
    ("#ffffff", "#1e1e1e"),  # game over
]

STYLE = """<style>
.gl-dl{--ink:#1e1e1e;--soft:#4a4236;--panel:#efe7d6;--line:#8a7a5c;
  background:#f7f3ea;color:var(--ink);font-family:"DejaVu Sans",system-ui,-apple-system,"Segoe UI",sans-serif;
  font-size:16px;line-height:1.25;padding:.45em;border-radius:.6em;box-sizing:border-box;max-width:100%;overflow:hidden}
.gl-dl.gl-dl-large{font-size:23px}
.gl-dl *{box-sizing:border-box}
.gl-dl .dl-small{font-size:.875em}
.gl-dl .dl-soft{color:var(--soft)}
.gl-dl .dl-head{display:flex;flex-wrap:nowrap;align-items:center;gap:.8em;height:2em;margin-bottom:.3em}
.gl-dl .dl-now{font-weight:700;font-size:1.06em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;flex:1 1 auto;min-width:0}
.gl-dl .dl-over{background:#1e1e1e;color:#fff;border-radius:.3em;padding:.1em .5em;font-weight:700}
.gl-dl .dl-row{display:flex;flex-wrap:wrap;gap:.4em;align-items:stretch}
.gl-dl .dl-col{flex:1 1 18em;min-width:0;display:flex;flex-direction:column;gap:.35em}
.gl-dl .dl-panel{background:var(--panel);border:1px solid #d6c9ad;border-radius:.5em;padding:.25em .45em;overflow:hidden}
.gl-dl .dl-title{font-weight:700;font-size:.875em;color:var(--soft);height:1.4em;
  white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.gl-dl .dl-title .mk{width:1.3em;height:1.3em;font-size:1em;border-width:1px}
/* corner of the town: the turn and the Radio Contact track (on the Base, as on the table) */
.gl-dl .dl-corner{position:absolute;left:1%;height:5.9em;overflow:hidden}
.gl-dl .dl-now{font-size:.875em;line-height:1.3;white-space:normal;overflow:hidden}
.gl-dl .dl-now b{font-size:1.07em}
.gl-dl .dl-now .ph{white-space:normal;font-weight:700;max-height:2.6em;overflow:hidden}
.gl-dl .dl-now.dl-end-now{white-space:normal}
.gl-dl .dl-head{display:flex;flex-wrap:wrap;gap:.3em 1em;width:100%}
.gl-dl .dl-radio .dl-title{margin-bottom:.1em}
.gl-dl .dl-radio .sqs{display:flex;flex-wrap:wrap;gap:.12em}
.gl-dl .dl-radio .sq{min-width:1.45em;padding:0 .1em;height:1.45em;border:2px solid var(--ink);border-radius:.2em;display:inline-flex;
  align-items:center;justify-content:center;font-size:.875em;font-weight:700;background:#fff;color:var(--ink)}
.gl-dl .dl-radio .sq.on{background:#5b4a8a;color:#fff;border-color:#5b4a8a}
.gl-dl .dl-radio .sq.goal{border-style:double;border-width:4px}
/* town */
.gl-dl .dl-town{flex:1 1 22em;min-width:0;position:relative;height:20.4em;container-type:inline-size}
@container (max-width: 26em){.gl-dl .dl-board .nm{font-size:.9em}.gl-dl .dl-board{padding:.15em .25em}}
.gl-dl .dl-town svg{position:absolute;inset:0;width:100%;height:100%}
.gl-dl .dl-board{position:absolute;height:6.5em;background:#fff;border:2px solid var(--line);border-radius:.45em;
  padding:.15em .35em;overflow:hidden;display:flex;flex-direction:column}
.gl-dl .dl-board.here{border:4px solid var(--ink)}
.gl-dl .dl-board .nm{font-weight:700;line-height:1.1;max-height:2.2em;overflow:hidden;flex:0 0 auto;
  white-space:normal;overflow-wrap:normal;word-break:normal;hyphens:manual}
.gl-dl .dl-board .nm.long{font-size:.9em}
.gl-dl .dl-board .ct{font-size:.875em;color:var(--soft);line-height:1.2;white-space:normal;overflow:hidden;flex:0 1 auto;min-height:1.2em}
.gl-dl .dl-board .dl-markers{margin-top:auto}
.gl-dl .dl-board.turned{background:repeating-linear-gradient(45deg,#ffffff 0 .35em,#cfcfcf .35em .7em);border-style:dashed;
  border-color:#1e1e1e}
.gl-dl .dl-board.turned .nm,.gl-dl .dl-board.turned .ct{background:#fff;color:#1e1e1e;padding:0 .2em;max-width:100%;width:max-content}
.gl-dl .dl-blood{display:inline-block;background:#1e1e1e;color:#fff;border-radius:.8em .8em .8em 0;padding:0 .35em;font-weight:700;margin-right:.2em}
.gl-dl .dl-markers{display:flex;flex-wrap:nowrap;gap:.15em;height:1.6em;align-items:center}
.gl-dl .mk{width:1.55em;height:1.55em;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;
  font-weight:700;font-size:.9em;border:2px solid #1e1e1e;flex:0 0 auto;vertical-align:middle}
.gl-dl .mk.zombie{border-radius:.2em;border-style:dashed;border-width:3px;width:2.1em}
.gl-dl .mk.active{outline:3px solid #1e1e1e;outline-offset:2px}
/* virus deck */
.gl-dl table.dl-comp{border-collapse:collapse;width:100%;table-layout:fixed;font-size:1em;margin:0;border:none;color:inherit}
.gl-dl table.dl-comp tr{background:transparent!important;border:none}
.gl-dl table.dl-comp th,.gl-dl table.dl-comp td{text-align:center;font-size:.875em;padding:0;height:1.3em;border:none;line-height:1.3;color:inherit;background:transparent;vertical-align:middle;max-width:none}
.gl-dl table.dl-comp th{font-weight:700}
.gl-dl table.dl-comp .rh{text-align:left;width:4.9em;font-weight:400;color:var(--soft)}
.gl-dl table.dl-comp col.rh{width:4.9em}.gl-dl table.dl-comp col.c-ill{width:3.9em}.gl-dl table.dl-comp col.c-rc{width:2.3em}
.gl-dl table.dl-comp td.bars{height:1.6em;vertical-align:bottom}
.gl-dl .bar{display:block;margin:0 auto;width:62%;background:#2d2d2d;border-radius:.15em .15em 0 0}
.gl-dl .dl-next{font-size:.875em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;height:1.35em}
.gl-dl .dl-next.dl-order{white-space:normal;height:2.7em;line-height:1.35;overflow:hidden;word-spacing:.15em}
/* virus cards */
.gl-dl .vc{display:inline-flex;align-items:center;justify-content:center;width:1.7em;height:2.1em;border-radius:.25em;background:#fff;
  border:2px solid #1e1e1e;font-weight:700;color:#1e1e1e;flex:0 0 auto;font-size:.875em}
.gl-dl .vc.ill{background:repeating-linear-gradient(135deg,#e9e1cf 0 .25em,#fff 0 .5em);color:#111;width:auto;padding:0 .3em}
.gl-dl .vc.rc{background:#5b4a8a;color:#fff;border-color:#5b4a8a;width:2.1em}
.gl-dl .vc.added{outline:3px solid #1e1e1e;outline-offset:1px}
.gl-dl .vc.deciding{background:#f3d36b;color:#111;border-width:3px}
.gl-dl .vc.dash{border-style:dashed;background:#fff;color:#1e1e1e}
/* trial and odds */
.gl-dl .dl-trial.live{background:#f3d36b;border-color:#b08a1a}
.gl-dl .dl-trial.live .dl-title{color:#111}
.gl-dl .dl-trial .dl-title{height:2.4em;line-height:1.2;white-space:normal;text-overflow:clip}  /* "One Zombie (2 cards)" whole */
.gl-dl .dl-trial .line{display:flex;gap:.25em;align-items:center;white-space:nowrap;overflow:hidden;height:2.1em}
.gl-dl .dl-trial .what{font-size:.875em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;height:1.35em}
.gl-dl .dl-odds{height:6.5em}
.gl-dl .dl-odds.table{height:7.7em}
.gl-dl .exact.long{white-space:normal;word-break:break-all;height:2.6em;text-overflow:clip}
.gl-dl .dl-odds .o{display:flex;align-items:center;gap:.4em;overflow:hidden;height:2.35em}
.gl-dl .dl-odds.dl-end{background:#1e1e1e;color:#fff}
.gl-dl .dl-odds.dl-end .dl-title{color:#fff}
.gl-dl .gl-dl-outcome{font-weight:700;font-size:.875em;line-height:1.2;max-height:3.6em;overflow:hidden}
.gl-dl .dl-odds .o .lab{overflow:hidden;flex:1 1 auto;min-width:0;font-size:.875em;line-height:1.2;max-height:2.4em;white-space:normal}
.gl-dl .meter{flex:0 0 4em;height:.9em;border:2px solid #1e1e1e;border-radius:.2em;background:#fff;position:relative}
.gl-dl .meter i{position:absolute;left:0;top:0;bottom:0;background:repeating-linear-gradient(90deg,#2d2d2d 0 .4em,#555 .4em .5em)}
.gl-dl .pct{font-weight:700;min-width:3.5em;text-align:right;flex:0 0 auto}
.gl-dl .exact{font-size:.875em;color:var(--soft);overflow:hidden;text-overflow:ellipsis;white-space:nowrap;height:1.35em}
/* players: one column each, up to four side by side */
.gl-dl .dl-players{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(11.9em,100%),1fr));gap:.35em;margin-top:.35em}
.gl-dl .dl-player{height:13.5em;overflow:hidden;background:#fff;border:2px solid #d6c9ad;border-radius:.5em;padding:.2em .35em;min-width:0}
.gl-dl .dl-player.tomove{border:4px solid #1e1e1e;padding:.1em .23em}
.gl-dl .dl-player.isdead{background:repeating-linear-gradient(45deg,#fff 0 .4em,#e6e6e6 .4em .8em)}
.gl-dl .dl-player .top{display:flex;align-items:center;gap:.35em;height:1.8em;white-space:nowrap;overflow:hidden}
.gl-dl .dl-player .who{font-weight:700;flex:0 0 auto}
.gl-dl .dl-player .where{color:var(--soft);flex:1 1 auto;min-width:0;text-align:right;font-size:.875em;
  white-space:normal;line-height:1.05;overflow:hidden;max-height:2.1em}
.gl-dl .dl-player .rl{height:1.65em;white-space:nowrap;overflow:hidden;display:flex;align-items:center;gap:.3em}
.gl-dl .dl-player .rl .where{font-size:.875em}
.gl-dl .dl-role{flex:0 1 auto;border:2px solid #1e1e1e;border-radius:.3em;padding:0 .35em;font-size:.875em;font-weight:700;
  overflow:hidden;min-width:0;height:1.6em;line-height:1.35em;white-space:nowrap}
.gl-dl .dl-role.down{background:repeating-linear-gradient(45deg,#6b2d2d 0 .3em,#7d3a3a .3em .6em);color:#fff}
.gl-dl .dl-role.mine{background:#fff;color:#1e1e1e;border-style:dashed}
.gl-dl .dl-role.up{background:#fff;color:#1e1e1e}
.gl-dl .dl-role.none{border-style:dotted;font-weight:400;color:var(--soft);background:#fff}
.gl-dl .dl-track{display:flex;gap:.2em;font-size:.875em;height:4.25em;overflow:hidden}
.gl-dl .grp{display:flex;flex-direction:column;align-items:stretch;flex:0 0 auto}
.gl-dl .grp .lab{text-align:center;border-top:2px solid var(--line);color:var(--soft);height:1.3em;white-space:nowrap}
.gl-dl .grp .cells{display:flex;gap:.08em;align-items:flex-end;height:2.8em}
.gl-dl .sl{width:1.2em;height:2.2em;border:2px solid #1e1e1e;border-radius:.2em;display:inline-flex;align-items:center;
  justify-content:center;font-weight:700;background:#fff;color:#1e1e1e;flex:0 0 auto}
.gl-dl .sl.top{height:2.4em;width:1.36em;border-width:3px;font-size:1.15em;box-shadow:.12em .12em 0 #8a7a5c}
.gl-dl .sl.hid{background:#2d2d2d;color:#fff}
.gl-dl .sl.ill{background:repeating-linear-gradient(135deg,#e9e1cf 0 .25em,#fff 0 .5em);color:#111}
.gl-dl .sl.empty{border-style:dotted;color:var(--soft);font-weight:400;background:#fbf9f4}
.gl-dl .sl.next{border-style:dashed;border-width:3px;color:#1e1e1e;font-weight:700}
.gl-dl .sl.z{border-style:double;border-width:4px}
.gl-dl .sl.five{border-bottom:5px double #1e1e1e}
.gl-dl .dl-track .tok{font-size:1em}
.gl-dl .dl-kit{display:flex;flex-wrap:wrap;gap:.2em;align-content:flex-start;height:3.45em;overflow:hidden}
.gl-dl .tok{display:inline-flex;align-items:center;gap:.15em;border:2px solid #1e1e1e;border-radius:1em;padding:0 .4em;font-weight:700;
  font-size:.875em;background:#fff;height:1.75em;white-space:nowrap}
.gl-dl .obj{border:2px solid #1e1e1e;border-radius:.3em;padding:0 .3em;font-size:.875em;background:#fff;height:1.75em;
  white-space:nowrap;display:inline-flex;align-items:center;max-width:100%;overflow:hidden}
.gl-dl .obj.new{border-style:dashed}
.gl-dl .obj.blocked{text-decoration:line-through;color:#7a1010}
.gl-dl .pip{display:inline-block;width:.8em;height:.8em;border:2px solid #1e1e1e;border-radius:50%;margin-left:.08em}
.gl-dl .pip.on{background:#1e1e1e}
.gl-dl .dl-note{font-size:.875em;white-space:normal;overflow:hidden;line-height:1.2;height:2.4em}
/* a zombie's card: what it is, then its Resistance, each on its own line */
.gl-dl .dl-zombie{height:4.25em;overflow:hidden}
.gl-dl .dl-zombie .lab{font-size:.875em;color:var(--soft);border-top:2px solid var(--line);line-height:1.2;white-space:normal}
.gl-dl .dl-zombie .tok{margin-top:.35em}
.gl-dl .dl-zombie .pip{width:.65em;height:.65em}
.gl-dl .dl-legend{font-size:.875em;color:var(--soft);margin-top:.3em;white-space:normal}
</style>"""
