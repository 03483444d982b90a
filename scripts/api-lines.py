#!/usr/bin/env python3
"""Prints a module's public API, one sorted line per declaration, from the symbol graph
files swift-symbolgraph-extract wrote into the directory given as the argument.

A line is `kind Type.member: declaration` or `Type: conforms to Protocol`. Paths, doc
comments and source positions are left out, so only a change to the surface changes it.
"""
import json
import pathlib
import sys


def main(directory: str) -> None:
    lines = set()
    names = {}
    graphs = [json.loads(p.read_text()) for p in sorted(pathlib.Path(directory).glob("*.symbols.json"))]
    for graph in graphs:
        for symbol in graph["symbols"]:
            path = ".".join(symbol["pathComponents"])
            names[symbol["identifier"]["precise"]] = path
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            lines.add(f"{kind} {path}: {' '.join(declaration.split())}")
    for graph in graphs:
        for relation in graph["relationships"]:
            if relation["kind"] != "conformsTo" or relation["source"] not in names:
                continue
            target = names.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            lines.add(f"{names[relation['source']]}: conforms to {target}")
    sys.stdout.write("".join(line + "\n" for line in sorted(lines)))


if __name__ == "__main__":
    main(sys.argv[1])
