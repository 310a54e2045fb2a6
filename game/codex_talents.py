"""The talents section of the codex (`run.py codex talents [--json]`): every talent of
assets/talents.toml, with its path, what it needs and what it does, as the level-up screen says
it."""

from __future__ import annotations

from dataclasses import dataclass

from game.codex_text import Entry, JsonValue
from game.content.talents import Talent, talents


@dataclass
class TalentEntry(Entry):
    """A talent: its JSON keeps `text` as the one line the talent file gives (the other
    sections' `text` is a list of lines; `lines` holds those here)."""

    def as_json(self) -> dict[str, JsonValue]:
        return {"name": self.name, "kind": self.kind, **self.facts,
                "lines": list[JsonValue](self.lines)}


def talent_entry(talent: Talent) -> TalentEntry:
    table = talents()
    needs = ", ".join(table[key].name for key in talent.requires)
    lines = [talent.text, f"Path: {talent.path}."]
    if needs:
        lines.append(f"Needs: {needs}.")
    if talent.signature:
        lines.append("A background's signature: it starts known and is never offered.")
    elif talent.repeatable:
        lines.append("May be taken at more than one level-up.")
    if talent.active:
        lines.append("Active: a number key uses it (the side panel lists them).")
    facts: dict[str, JsonValue] = {
        "key": talent.key, "path": talent.path,
        "requires": list[JsonValue](talent.requires), "active": talent.active,
        "text": talent.text, "cooldown": talent.cooldown, "repeatable": talent.repeatable,
        "signature": talent.signature,
    }
    return TalentEntry(talent.name, "talent", lines, facts)


def talent_entries() -> list[Entry]:
    """Every talent, path by path in the file's order."""
    return [talent_entry(talent) for talent in talents().values()]
