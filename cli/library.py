"""`combatlog library [QUERY]`, `combatlog library show ID`, `combatlog library --about` (INTERFACE §7).

The library's data is read only when this command runs (the other commands never import it)."""

import json
import sys


def add_library_parser(sub, reader_lang) -> None:
    library = sub.add_parser("library", help="search the open creatures and spells of a ruleset (SRD 5.1, SRD 5.2, PRD)",
                             description="combatlog library [QUERY] | combatlog library show ID | combatlog library --about")
    library.add_argument("words", nargs="*", metavar="QUERY | show ID",
                         help="a name in English or French (no accents or case needed), or `show ID`")
    library.add_argument("--ruleset", default="dnd5e-2024", help="dnd5e-2024 (default), dnd5e-2014, rolenplay, pf1")
    library.add_argument("--kind", choices=["creature", "spell"], default=None)
    library.add_argument("--lang", choices=["fr", "en"], default=None, help="default: the terminal's language")
    library.add_argument("--json", action="store_true", help="the entries as JSON (the stat block and spell shapes of the reference, docs/reference)")
    library.add_argument("--about", action="store_true", help="the sources and licences of the library's data")
    library.set_defaults(handler=lambda args: run_library(args, args.lang or reader_lang()))


def run_library(args, lang: str) -> int:
    import combatlog
    from combatlog.cli.errors import BadInput
    from combatlog.tools import library_about_lines as about_lines, library_list_line as list_line, stat_block_lines
    from combatlog.words import both, message

    try:
        found = combatlog.library(args.ruleset)
    except combatlog.RuleViolation as error:
        raise BadInput(error.localized("en"), error.localized("fr")) from None
    if args.about:
        print("\n".join(about_lines(found, lang)))
        return 0
    if args.words[:1] == ["show"]:
        if len(args.words) != 2:
            raise BadInput("library show takes one id: combatlog library show ID",
                           "library show prend un identifiant : combatlog library show ID")
        entry = found.find(args.words[1], args.kind)
        if entry is None:
            raise BadInput(*both("library-unknown-entry", id=args.words[1], family=found.family))
        print(json.dumps(entry, ensure_ascii=False, indent=2, sort_keys=True) if args.json
              else "\n".join(stat_block_lines(entry, lang)))
        return 0
    query = " ".join(args.words)
    results = found.search(query, args.kind)
    if args.json:
        json.dump(results, sys.stdout, ensure_ascii=False, sort_keys=True)
        print()
        return 0
    for entry in results:
        print(list_line(entry, lang))
    print(message(lang, "library-found", count=len(results), family=found.family, query=query))
    return 0
