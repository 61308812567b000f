"""``python -m gamelib.handouts [--paper Letter] [--no-pdf] [--out DIR] [NOTEBOOK ...]``:
the teacher's pack of every lesson (or of the notebooks named) in ``build/handouts/``."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .build import OUT, build
from .html import PAPERS
from .read import LessonFormatError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamelib.handouts", description=__doc__)
    parser.add_argument("notebooks", nargs="*", type=Path, help="lesson notebooks (default: every lesson)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output folder (default {OUT})")
    parser.add_argument("--paper", choices=PAPERS, default="A4")
    parser.add_argument("--no-pdf", action="store_true", help="HTML only (no Chromium)")
    args = parser.parse_args(argv)
    try:
        build(args.notebooks or None, args.out, args.paper, pdf=not args.no_pdf)
    except LessonFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
