"""The game master's page: one self-contained HTML file (no scripts, no outside files) that
prints well: the map as inline SVG (game.export.gmmap), its legend drawn with the map's own marks,
the floor's monsters grouped, the stairs, and a key for every numbered area with its contents,
features, doors, traps, treasure and encounters grouped by kind ("12 x cave rat (minion)"),
with tactic and difficulty. The listing's lines are the text key's (game.export.textkey)."""

from __future__ import annotations

import re
from html import escape

from game.content.bestiary import Bestiary, default_bestiary
from game.dressing.areas import build_areas
from game.export.gamefloor import GameFloor
from game.export.gmmap import MARKS, map_svg, mark
from game.export.keyparts import floor_groups, group_line, grouped
from game.export.textkey import AreaKey, area_keys, encounter_title, played_summary, stair_line

STYLE = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { background: #fff; color: #111; font: 10.5pt/1.35 "DejaVu Serif", Georgia, serif;
       margin: 0 auto; max-width: 190mm; padding: 6mm; }
h1 { font: bold 17pt "DejaVu Sans", Arial, sans-serif; margin: 0 0 2mm; }
h2 { font: bold 12.5pt "DejaVu Sans", Arial, sans-serif; border-bottom: 1.5px solid #111;
     margin: 5mm 0 2mm; }
.meta { color: #333; margin: 0 0 3mm; }
figure { margin: 0; break-inside: avoid; border: 1.5px solid #111; }
svg.gm-map { width: 100%; height: auto; display: block; }
.legend { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1mm 4mm;
          font: 8.5pt "DejaVu Sans", Arial, sans-serif; margin: 2mm 0; break-inside: avoid; }
.legend.features { grid-template-columns: 1fr 1fr; }
.legends { break-after: page; }
.legend span { display: flex; align-items: center; gap: 1.5mm; }
.legend svg { width: 5mm; height: 5mm; flex: none; border: 0.5px solid #999; }
.area { margin: 0 0 3mm; }
.area h3 { break-after: avoid; }
.area h3 { font: bold 11pt "DejaVu Sans", Arial, sans-serif; margin: 2mm 0 1mm;
           display: flex; align-items: baseline; gap: 2mm; }
.area h3 .no { display: inline-block; min-width: 8mm; text-align: center; border: 1.5px solid #111;
               border-radius: 1.5mm; padding: 0 1mm; }
.area p, .area ul { margin: 0.5mm 0 0.5mm 10mm; }
.area ul { padding-left: 4mm; }
.enc { margin: 1mm 0 0 10mm; padding: 1mm 2mm; border-left: 3px solid #b3261e;
       break-inside: avoid; }
.enc b { font-family: "DejaVu Sans", Arial, sans-serif; }
.stat { color: #444; font-size: 9pt; }
.small { font-size: 9pt; color: #333; }
@media print { body { padding: 0; max-width: none; } }
"""


def gm_page(made: GameFloor, bestiary: Bestiary | None = None) -> str:
    """The whole page as one HTML text."""
    bestiary = bestiary or default_bestiary()
    plan, dressing = made.plan, made.dressing
    if dressing is None:
        raise ValueError("the game master's page needs a dressed floor")
    amap = build_areas(plan)
    title = f"Delve - depth {made.depth}, {plan.generator} floor"
    drawn = map_svg(plan, dressing, amap, title)
    monsters = floor_groups((m for e in dressing.encounters for m in e.monsters), bestiary)
    run = f"run code {made.code}, " if made.code else ""
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">Seed {escape(repr(made.seed))}, {escape(run)}{plan.width} x '
        f"{plan.height} squares, ruleset {escape(dressing.ruleset)}"
        f"{', boss floor' if dressing.boss else ''}. {len(amap.areas)} areas,"
        f" {len(dressing.doors)} doors, {len(dressing.traps)} traps,"
        f" {len(dressing.encounters)} encounters.</p>",
        f"<figure>{drawn.svg}</figure>",
        _legend(drawn.used, drawn.features),
        "<h2>Monsters on this floor</h2>",
        f"<p>{escape(group_line(monsters) or 'none')}.</p>",
        "<h2>Stairs</h2><ul class='small'>",
        *(f"<li>{escape(stair_line(s, plan).strip())}</li>" for s in dressing.stairs),
        "</ul><h2>Key</h2>",
    ]
    for key in area_keys(plan, dressing, amap, bestiary):
        parts.append(_area(key, bestiary))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _legend(used: frozenset[str], features: tuple[tuple[str, str], ...]) -> str:
    cells = []
    for name, text in MARKS:
        if name in used:
            icon = (f'<svg viewBox="-1 -1 12 12" xmlns="http://www.w3.org/2000/svg">'
                    f'<rect x="-1" y="-1" width="12" height="12" fill="#fff"/>'
                    f"{mark(name, 0, 0)}</svg>")
            cells.append(f"<span>{icon}{escape(text)}</span>")
    names: dict[str, list[str]] = {}
    for glyph, name in features:
        names.setdefault(glyph, []).append(name)
    rows = []
    for glyph, kinds in names.items():  # one entry a glyph: the key names each by its place
        icon = (f'<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><text x="5" y="8"'
                f' font-size="8.5" text-anchor="middle" fill="#555">{escape(glyph)}</text></svg>')
        rows.append(f"<span>{icon}{escape(', '.join(sorted(kinds)))}</span>")
    features_part = (f'<p class="small">Features (each listed by its place in the key):</p>'
                     f'<div class="legend features">{"".join(rows)}</div>' if rows else "")
    return (f'<div class="legends"><div class="legend">{"".join(cells)}</div>'
            f"{features_part}</div>")


def _area(key: AreaKey, bestiary: Bestiary) -> str:
    if key.area is None:
        head = f"<h3>{escape(key.title.capitalize())}</h3>"
    else:
        title = re.sub(r"^room \d+, (\S+) ", r"\1 room, ", key.title.split(" - ", 1)[-1])
        head = f'<h3><span class="no">{key.area.id}</span>{escape(title)}</h3>'
    parts = ['<section class="area">', head]
    if key.contents:
        parts.append(f"<p>{escape(key.contents)}</p>")
    if key.features:
        parts.append(f"<p>Features: {escape(key.features)}</p>")
    if key.doors:
        parts.append('<p>Doors:</p><ul class="small">'
                     + "".join(f"<li>{escape(d)}</li>" for d in key.doors) + "</ul>")
    if key.things:
        parts.append('<ul class="small">' + "".join(f"<li>{escape(t)}</li>" for t in key.things)
                     + "</ul>")
    for encounter in key.encounters:
        rows = []
        for group in grouped(encounter.monsters, bestiary):
            stats = played_summary(bestiary.get(group.kind), group.elite or group.boss)
            rows.append(f"<li><b>{escape(group.label)}</b> <span class='stat'>"
                        f"{escape(stats)}</span></li>")
        parts.append(f'<div class="enc"><b>{escape(encounter_title(encounter))}</b>'
                     f"<ul>{''.join(rows)}</ul></div>")
    if key.unmet:
        parts.append("<p>No encounter: the floor's deck ran out before this area.</p>")
    parts.append("</section>")
    return "\n".join(parts)
