"""The transcript as one self-contained HTML file (inline CSS with print styles, no script, nothing external),
rendered from templates/transcript.html."""

from __future__ import annotations

import html
from functools import lru_cache

from markupsafe import Markup

from combatlog.transcript.model import Entry, Transcript, dice_marks, hp_cell
from combatlog.transcript.phrases import label_words, side_name


def _text(value) -> Markup:
    """Text between tags: <, > and & escaped, quotes kept as typed (d'Aria, not d&#39;Aria)."""
    return Markup(html.escape(str(value), quote=False))


def _classes(entry: Entry) -> str:
    return " ".join(["entry", entry.kind.replace("_", "-")] + entry.tags)


@lru_cache(maxsize=1)
def _environment():
    from jinja2 import Environment, PackageLoader, StrictUndefined

    environment = Environment(loader=PackageLoader("combatlog.transcript", "templates"), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined)
    environment.filters["text"] = _text
    environment.filters["classes"] = _classes
    return environment


def to_html(t: Transcript) -> str:
    """One self-contained HTML file: inline CSS (with print styles), no scripts, no external resources."""
    labels = label_words(t.lang)
    environment = _environment()
    template = environment.get_template("transcript.html")
    return template.render(t=t, labels=labels, hp_cell=hp_cell,
                           side=lambda side: side_name(side, t.lang),
                           dice_marks=lambda entry: dice_marks(entry, labels)) + "\n"

