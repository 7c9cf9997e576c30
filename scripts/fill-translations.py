#!/usr/bin/env python3
"""Fills translations into Hoist's Qt Linguist files (resources/translations/*.ts).

  fill-translations.py --english FILE.ts
      English is the source language: every unfinished message without plural forms gets its
      source as translation and is marked finished. Messages with %n plural forms stay
      unfinished; give their singular and plural in Qt Linguist (or with --from).
  fill-translations.py --from TABLE.py FILE.ts
      TABLE.py defines TRANSLATIONS = {(context, source): text, or [forms...] for %n}; each
      unfinished message found there gets that translation and is marked finished.

Prints how many messages are still unfinished per file. scripts/update-translations.sh runs the
first form after lupdate; run the check with `ctest -R tst_translations`.
"""
import argparse
import runpy
import sys
import xml.etree.ElementTree as ET


def load(path):
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    return ET.parse(path, parser)


def save(tree, path):
    # lupdate rewrites the file in its own layout on the next update; keep the DOCTYPE it expects.
    body = ET.tostring(tree.getroot(), encoding="unicode")
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        out.write(body)
        out.write("\n")


def unfinished(message):
    translation = message.find("translation")
    return translation is None or translation.get("type") in ("unfinished",)


def set_translation(message, value):
    translation = message.find("translation")
    if translation is None:
        translation = ET.SubElement(message, "translation")
    for child in list(translation):
        translation.remove(child)
    if message.get("numerus") == "yes":
        translation.text = None
        for form in value:
            ET.SubElement(translation, "numerusform").text = form
    else:
        translation.text = value
    translation.attrib.pop("type", None)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--english", action="store_true")
    parser.add_argument("--from", dest="table")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    table = runpy.run_path(args.table)["TRANSLATIONS"] if args.table else {}
    left = 0
    for path in args.files:
        tree = load(path)
        filled = still = 0
        for context in tree.getroot().iter("context"):
            name = context.findtext("name")
            for message in context.iter("message"):
                if not unfinished(message):
                    continue
                source = message.findtext("source")
                value = table.get((name, source))
                if value is None and args.english and message.get("numerus") != "yes":
                    value = source
                if value is None:
                    still += 1
                    print(f"{path}: unfinished: {name}: {source!r}", file=sys.stderr)
                    continue
                if (message.get("numerus") == "yes") != isinstance(value, list):
                    sys.exit(f"{path}: {name}: {source!r}: plural forms need a list, others a string")
                set_translation(message, value)
                filled += 1
        if filled:
            save(tree, path)
        print(f"{path}: {filled} filled, {still} unfinished")
        left += still
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
