"""Write the golden playthroughs again: ``.venv/bin/python -m tests.golden.regenerate [NAME ...]``.

Run it only when a change of labels, log text, views or RNG use is meant (tests/golden/README.md),
then read ``git diff tests/golden`` before committing: every line that moves is a saved game of
yesterday that replays differently today. ``--v1`` writes the version-1 record fixture again too
(normally never: it stands for records saved before record versions existed)."""
from __future__ import annotations

import json
import sys

from .cases import CASES, V1_RECORD, dump, golden, path


def main(argv: list[str]) -> int:
    names = [a for a in argv if not a.startswith("--")] or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"unknown case {unknown[0]!r}; the cases are {', '.join(CASES)}", file=sys.stderr)
        return 2
    for name in names:
        data = golden(name)
        path(name).write_text(dump(data), encoding="utf-8")
        print(f"{path(name).name}: seed {data['seed']}, {len(data['record']['actions'])} actions")
    if "--v1" in argv:
        # the same game as walk-the-plank-4, saved the way version 1 saved it
        rec = json.loads(path("walk-the-plank-4").read_text(encoding="utf-8"))["record"]
        old = {"format": rec["format"], "version": 1, "game": rec["game"], "options": rec["options"],
               "seed": rec["seed"], "actions": rec["actions"]}
        V1_RECORD.parent.mkdir(exist_ok=True)
        V1_RECORD.write_text(json.dumps(old, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"{V1_RECORD.name}: version 1")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
