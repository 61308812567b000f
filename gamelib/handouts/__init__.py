"""The teacher's pack of each lesson (issue 26): a one-page plan, a student handout and an
answer key, generated from the lesson's committed notebook so that they never disagree with it.

* ``read``: the notebook read by the lesson structure (title cell, "What this lesson assumes",
  section 1, the prediction panel and comparison table, exercises and folded solutions, the
  teacher's notes, the measured plan);
* ``html``: the three pages as print-ready HTML (``@page`` A4 or Letter, black and white);
* ``build``: every lesson's pages and their PDFs (headless Chromium) under ``build/handouts/``;
  ``python -m gamelib.handouts`` (``make handouts``)."""
from .build import build, lesson_files, print_pdf, write_html
from .html import handout_page, key_page, plan_page
from .read import Lesson, LessonFormatError, read

__all__ = ["Lesson", "LessonFormatError", "build", "handout_page", "key_page", "lesson_files", "plan_page",
           "print_pdf", "read", "write_html"]
