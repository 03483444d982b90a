#!/usr/bin/env python3
"""Derives the expectations of Tests/RulebookRegexTests/Table/RegexTableCases.swift from a
reference engine (Python's `re.fullmatch`), then writes them as literals.

Rulebook's pattern syntax is translated to Python's where the two differ:
  $ and \\z        -> \\Z      (Python's $ also matches before a final newline)
  \\d \\w          -> ASCII classes (Rulebook's are ASCII; Python's are Unicode)
  \\s              -> an explicit Unicode White_Space class (Python's \\s adds U+001C-U+001F)
  \\p{..} \\P{..}  -> explicit classes from unicodedata (Python has no \\p)
  \\u{..} \\x{..}  -> \\U........
  (?<name>         -> (?P<name>
  [:alpha:] etc.   -> ASCII ranges
Rows whose reference answer needs a construct Python lacks carry a hand-checked
expectation (the `manual` list) and say so in a comment.

Run: python3 scripts/regex-reference-table.py > Tests/RulebookRegexTests/Table/RegexTableCases.swift
"""
import re, sys, unicodedata

WS = "\\t\\n\\x0b\\x0c\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
POSIX = {"alpha": "A-Za-z", "digit": "0-9", "alnum": "0-9A-Za-z", "upper": "A-Z", "lower": "a-z",
         "space": "\\t-\\r ", "blank": "\\t ", "xdigit": "0-9A-Fa-f", "word": "0-9A-Za-z_",
         "punct": "!-/:-@\\[-`{-~", "cntrl": "\\x00-\\x1f\\x7f", "print": " -~", "graph": "!-~", "ascii": "\\x00-\\x7f"}
GROUPS = {"L": "Lu Ll Lt Lm Lo", "LC": "Lu Ll Lt", "M": "Mn Mc Me", "N": "Nd Nl No",
          "P": "Pc Pd Ps Pe Pi Pf Po", "S": "Sm Sc Sk So", "Z": "Zs Zl Zp", "C": "Cc Cf Co Cn"}
LONG = {"Letter": "L", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Number": "N",
        "Decimal_Number": "Nd", "Punctuation": "P", "Symbol": "S", "Mark": "M", "Separator": "Z"}
_cat_cache = {}

def category_ranges(name):
    name = LONG.get(name, name)
    cats = GROUPS.get(name, name).split()
    key = tuple(cats)
    if key in _cat_cache:
        return _cat_cache[key]
    ranges, start = [], None
    for cp in range(0x110000):
        inside = (not 0xD800 <= cp <= 0xDFFF) and unicodedata.category(chr(cp)) in cats
        if inside and start is None:
            start = cp
        if not inside and start is not None:
            ranges.append((start, cp - 1)); start = None
    if start is not None:
        ranges.append((start, 0x10FFFF))
    text = "".join("\\U%08x" % a if a == b else "\\U%08x-\\U%08x" % (a, b) for a, b in ranges)
    _cat_cache[key] = text
    return text

def complement(body):
    return None  # negated items inside classes are written by hand in the table

def translate(p):
    out, i, in_class = [], 0, False
    while i < len(p):
        c = p[i]
        if c == "\\" and i + 1 < len(p):
            n = p[i + 1]
            if n in "pP":
                if p[i + 2] == "{":
                    j = p.index("}", i)
                    name = p[i + 3:j]
                else:
                    j, name = i + 2, p[i + 2]
                cls = category_ranges(name)
                neg = n == "P"
                if in_class:
                    assert not neg, "\\P inside a class: hand-check"
                    out.append(cls)
                else:
                    out.append(("[^%s]" if neg else "[%s]") % cls)
                i = j + 1; continue
            if n in "uUx" and i + 2 < len(p) and p[i + 2] == "{":
                j = p.index("}", i)
                out.append("\\U%08x" % int(p[i + 3:j], 16)); i = j + 1; continue
            simple = {"d": ("0-9", "[0-9]"), "w": ("0-9A-Za-z_", "[0-9A-Za-z_]"), "s": (WS, "[" + WS + "]"),
                      "D": (None, "[^0-9]"), "W": (None, "[^0-9A-Za-z_]"), "S": (None, "[^" + WS + "]"),
                      "z": (None, "\\Z"), "e": ("\\x1b", "\\x1b")}
            if n in simple:
                inside, outside = simple[n]
                if in_class:
                    assert inside is not None, "negated shorthand inside a class: hand-check"
                    out.append(inside)
                else:
                    out.append(outside)
                i += 2; continue
            if n == "Q":
                j = p.find("\\E", i + 2)
                j = len(p) if j < 0 else j
                out.append(re.escape(p[i + 2:j])); i = j + 2; continue
            out.append(p[i:i + 2]); i += 2; continue
        if in_class:
            if c == "[" and p[i + 1:i + 2] == ":":
                j = p.index(":]", i)
                out.append(POSIX[p[i + 2:j]]); i = j + 2; continue
            if c == "[":
                out.append("\\["); i += 1; continue
            if c == "]" and not class_first:
                in_class = False
            class_first = False
            out.append(c); i += 1; continue
        if c == "[":
            in_class, class_first = True, True
            out.append(c); i += 1
            if p[i:i + 1] == "^":
                out.append("^"); i += 1
            continue
        if c == "$":
            out.append("\\Z"); i += 1; continue
        if p.startswith("(?<", i) and p[i + 3] not in "=!":
            out.append("(?P<"); i += 3; continue
        if p.startswith("(?'", i):
            j = p.index("'", i + 3)
            out.append("(?P<" + p[i + 3:j] + ">"); i = j + 1; continue
        out.append(c); i += 1
    return "".join(out)

def reference(pattern, flags, text):
    f = 0
    if "i" in flags: f |= re.IGNORECASE
    if "s" in flags: f |= re.DOTALL
    return re.fullmatch(translate(pattern), text, f) is not None

# Look-alikes of ASCII letters, written as escapes so the table reads unambiguously.
CONFUSABLE = {0x212A, 0x017F, 0x0131, 0x0130, 0x00B5, 0x039C, 0x03BC}

def swift_string(s):
    out = []
    for ch in s:
        cp = ord(ch)
        if ch == "\\": out.append("\\\\")
        elif ch == '"': out.append('\\"')
        elif ch == "\n": out.append("\\n")
        elif ch == "\t": out.append("\\t")
        elif ch == "\r": out.append("\\r")
        elif cp < 0x20 or cp == 0x7F or (cp > 0x7F and unicodedata.category(ch)[0] in "MCZ") or cp in CONFUSABLE:
            out.append("\\u{%X}" % cp)
        else: out.append(ch)
    return '"' + "".join(out) + '"'

from regex_table_rows import ROWS, MANUAL  # noqa: E402  (the inputs, kept in a sibling file)

def main():
    lines = []
    count = 0
    for pattern, flags, inputs in ROWS:
        for text in inputs:
            expected = reference(pattern, flags, text)
            lines.append("        RegexCase(%s, %s, %s, %s)," % (swift_string(pattern), swift_string(flags),
                                                               swift_string(text), "true" if expected else "false"))
            count += 1
    lines.append("        // Hand-checked: the reference engine lacks these constructs or disagrees by design.")
    for pattern, flags, text, expected, why in MANUAL:
        lines.append("        RegexCase(%s, %s, %s, %s), // %s" % (swift_string(pattern), swift_string(flags),
                                                                  swift_string(text), "true" if expected else "false", why))
        count += 1
    print("// Generated by scripts/regex-reference-table.py from Python %s's re.fullmatch (Unicode %s)," % (
        sys.version.split()[0], unicodedata.unidata_version))
    print("// then committed as literals. %d rows." % count)
    print("")
    print("extension RegexTableTests {")
    print("    static let cases: [RegexCase] = [")
    print("\n".join(lines))
    print("    ]")
    print("}")

if __name__ == "__main__":
    main()
