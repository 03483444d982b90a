"""The jsonschema-rs column of scripts/bench-compare: validates every line of an NDJSON
file against a JSON Schema, reading lines with orjson, and prints
`valid N invalid M unreadable U` (a line that is not one JSON object is unreadable).

usage: python3 jsonschema_driver.py SCHEMA.json FILE.ndjson
"""
import sys

import jsonschema_rs
import orjson


def main() -> int:
    schema_path, data_path = sys.argv[1], sys.argv[2]
    with open(schema_path, "rb") as handle:
        schema = orjson.loads(handle.read())
    is_valid = jsonschema_rs.validator_for(schema, validate_formats=True).is_valid
    loads = orjson.loads
    valid = invalid = unreadable = 0
    with open(data_path, "rb") as handle:
        for line in handle:
            try:
                record = loads(line)
            except orjson.JSONDecodeError:
                unreadable += 1
                continue
            if not isinstance(record, dict):
                unreadable += 1
            elif is_valid(record):
                valid += 1
            else:
                invalid += 1
    print(f"valid {valid} invalid {invalid} unreadable {unreadable}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
