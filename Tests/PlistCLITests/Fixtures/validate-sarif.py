#!/usr/bin/env python3
"""Validate SARIF logs against the OASIS SARIF 2.1.0 schema (draft 4).

Usage: validate-sarif.py SCHEMA LOG...; prints one line per error, exits 1 on any, 3 when
jsonschema is not installed.
"""
import json
import re
import sys
import urllib.parse

try:
    import jsonschema
except ImportError:
    print("jsonschema is not installed", file=sys.stderr)
    sys.exit(3)

checker = jsonschema.FormatChecker(formats=())
# RFC 3986 characters; anything else (space, control, non-ASCII, "%" not followed by two hex
# digits) makes the string no URI.
URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")


@checker.checks("uri")
def is_uri(value):
    if not isinstance(value, str):
        return True
    return bool(URI_CHARS.match(value)) and bool(urllib.parse.urlsplit(value).scheme)


@checker.checks("uri-reference")
def is_uri_reference(value):
    if not isinstance(value, str):
        return True
    return bool(URI_CHARS.match(value))


schema = json.load(open(sys.argv[1], encoding="utf-8"))
validator = jsonschema.Draft4Validator(schema, format_checker=checker)
failed = False
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    for error in sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path)):
        failed = True
        where = "/".join(str(p) for p in error.absolute_path)
        print(f"{path}: {where}: {error.message}")
sys.exit(1 if failed else 0)
