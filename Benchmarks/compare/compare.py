"""The side-by-side benchmark behind scripts/bench-compare (run that, not this).

For each workload it measures, in one run and interleaved so that the machine's state
is shared fairly: `rulebook validate --quiet` on both cores and pinned to one
(`taskset -c 0`), `rulebook validate --format ndjson`, jsonschema-rs with orjson
(jsonschema_driver.py, one core) and the hand-written C floor (Benchmarks/floor, one
core), and two one-core runs of `rulebook validate --quiet` at once, one on each core
(what the machine itself gives two cores at that moment). Every column must report the
same valid and invalid counts; a mismatch is printed loudly and the exit status is 1.
Rates are medians over the runs, ratios between columns medians of each round's paired
ratio; CPU is the child's user + system time, memory its peak resident set (wait4).
"""
import argparse
import os
import re
import subprocess
import sys
import time

TODAY = "2026-01-01"
GOAL_SCHEMA_RATIO = 5.0
GOAL_CORE_RATIO = 1.7
GOAL_NDJSON_RATE = 1_000_000
GOAL_RSS_MB = 50.0
GOAL_VALUE_NS = 150.0

WORKLOADS = [
    ("profile", "Benchmarks/workloads/profile.rules"),
    ("address", "Benchmarks/workloads/address-nested.rules"),
    ("payment", "Benchmarks/workloads/payment.rules"),
]


def run(command, capture_stdout):
    """Runs one child to the end: (wall s, CPU s, peak RSS MB, exit status, stdout, stderr).

    The child is reaped with wait4 for its own CPU time and peak memory; its stderr (and
    a driver's stdout) is one short line, well within a pipe's buffer, so reading it
    after the child exits cannot block."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             stdout=subprocess.PIPE if capture_stdout else subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    out = child.stdout.read() if capture_stdout else b""
    err = child.stderr.read()
    for stream in (child.stdout, child.stderr):
        if stream:
            stream.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode, out, err


def run_pinned_pair(command):
    """Runs `command` twice at once, one copy pinned to each of the first two cores, to the
    end of both: (wall s, CPU s of both, the larger peak RSS MB, [(exit status, stderr)])."""
    start = time.perf_counter()
    children = [subprocess.Popen(["taskset", "-c", str(core)] + command, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for core in (0, 1)]
    usages, results = [], []
    for child in children:
        _, status, usage = os.wait4(child.pid, 0)
        usages.append(usage)
        results.append((os.waitstatus_to_exitcode(status), child.stderr.read()))
        child.stderr.close()
    wall = time.perf_counter() - start
    return (wall, sum(u.ru_utime + u.ru_stime for u in usages), max(u.ru_maxrss for u in usages) / 1024, results)


def counts_from(text, source):
    """(valid, invalid) from a driver's `valid N invalid M` line or rulebook's summary."""
    text = text.decode("utf-8", "replace")
    if source == "rulebook":
        records = re.search(r"([\d,]+) records?", text)
        invalid = re.search(r"([\d,]+) invalid", text)
        if not records or not invalid:
            return None
        total, bad = (int(m.group(1).replace(",", "")) for m in (records, invalid))
        return total - bad, bad
    match = re.search(r"valid (\d+) invalid (\d+) unreadable (\d+)", text)
    return (int(match.group(1)), int(match.group(2))) if match else None


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def rate(value):
    return f"{value / 1e6:.2f}M" if value >= 1e5 else f"{value / 1e3:.0f}k"


def line_count(path):
    with open(path, "rb") as handle:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b""))


COLUMNS = ["rulebook 2 cores", "rulebook 1 core", "rulebook ndjson", "jsonschema-rs", "C floor"]


def measure_workload(name, rules, args):
    data = os.path.join(args.dir, f"{name}.ndjson")
    validate = [args.binary, "validate", "--rules", rules, "--today", TODAY]
    columns = {
        "rulebook 2 cores": (validate + ["--quiet", data], "rulebook"),
        "rulebook 1 core": (["taskset", "-c", "0"] + validate + ["--quiet", data], "rulebook"),
        "rulebook ndjson": (validate + ["--format", "ndjson", data], "rulebook"),
        "jsonschema-rs": ([sys.executable, "Benchmarks/compare/jsonschema_driver.py",
                           f"Benchmarks/compare/{name}.schema.json", data], "driver"),
        "C floor": ([os.path.join(args.floor, name), data], "driver"),
    }
    samples = {column: [] for column in list(columns) + ["two 1-core runs at once"]}
    counts = {}
    for _ in range(args.runs):
        for column, (command, source) in columns.items():
            wall, cpu, rss, status, out, err = run(command, capture_stdout=source == "driver")
            found = counts_from(err if source == "rulebook" else out, source)
            if found is None or status not in (0, 1):
                print(f"!!! {name}: {column} failed (exit {status}): {err.decode()[-400:]}", file=sys.stderr)
                sys.exit(1)
            counts.setdefault(column, found)
            samples[column].append((wall, cpu, rss))
        # What this machine gives two cores at this moment: two independent one-core runs
        # at once against one alone. On a VM whose host shares its cores with others it
        # can be far from 2×, and no program's 2c/1c can exceed it.
        wall, cpu, rss, results = run_pinned_pair(validate + ["--quiet", data])
        for status, err in results:
            found = counts_from(err, "rulebook")
            if found is None or status not in (0, 1):
                print(f"!!! {name}: two one-core runs at once failed (exit {status}): {err.decode()[-400:]}",
                      file=sys.stderr)
                sys.exit(1)
            counts.setdefault("two 1-core runs at once", found)
        samples["two 1-core runs at once"].append((wall, cpu, rss))
    return line_count(data), samples, counts


def paired_ratio(samples, column, other):
    """How many times faster `column` ran than `other`: the median over rounds of the two
    wall times' ratio within a round. The columns of one round run back to back, so each
    pair shares the machine's load of that moment; a ratio of two medians would pair a
    run on a quiet moment with one on a busy moment."""
    return median([theirs[0] / ours[0] for ours, theirs in zip(samples[column], samples[other])])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/rulebook")
    parser.add_argument("--dir", default="Benchmarks/data")
    parser.add_argument("--floor", default=".build/floor")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--value-ns", type=float, default=None, help="the Swift API's ns per built profile Value, 100,000 records (rulebook-bench engine's goal row)")
    parser.add_argument("--value-ns-cached", type=float, default=None, help="the same row with 1,000 records in cache")
    parser.add_argument("--counts-only", action="store_true", help="check that the counts agree; print no speeds")
    args = parser.parse_args()

    load_before = os.getloadavg()[0]
    rows, cpu_rows, goals, mismatches = [], [], [], []
    for name, rules in WORKLOADS:
        records, samples, counts = measure_workload(name, rules, args)
        reference = counts["rulebook 2 cores"]
        for column, found in counts.items():
            if found != reference:
                mismatches.append(f"{name}: {column} counts valid {found[0]} invalid {found[1]}, "
                                  f"rulebook valid {reference[0]} invalid {reference[1]}")
        if args.counts_only:
            print(f"{name}: {records:,} records, rulebook counts {reference[0]:,} valid and {reference[1]:,} invalid")
            continue
        wall = {column: median([s[0] for s in values]) for column, values in samples.items()}
        cpu_rows.append([name] + [rate(records / max(1e-9, median([s[1] for s in samples[column]]))) for column in COLUMNS])
        cpu = median([s[1] for s in samples["rulebook 2 cores"]])
        rss = max(s[2] for column in ("rulebook 2 cores", "rulebook 1 core", "rulebook ndjson") for s in samples[column])
        per_second = {column: records / seconds for column, seconds in wall.items()}
        two, one = per_second["rulebook 2 cores"], per_second["rulebook 1 core"]
        schema, floor, ndjson = per_second["jsonschema-rs"], per_second["C floor"], per_second["rulebook ndjson"]
        cores, over_schema, over_floor = (paired_ratio(samples, "rulebook 2 cores", other)
                                          for other in ("rulebook 1 core", "jsonschema-rs", "C floor"))
        # Twice the work in the pair's wall time, against one run alone in the same round.
        ceiling = 2 * paired_ratio(samples, "two 1-core runs at once", "rulebook 1 core")
        rows.append([name, f"{records:,}", f"{reference[1] / records:.0%}", rate(two), rate(records / cpu), rate(one),
                     f"{cores:.2f}×", f"{ceiling:.2f}×", rate(ndjson), rate(schema), f"{over_schema:.1f}×", rate(floor),
                     f"{over_floor:.2f}×", f"{rss:.1f}"])
        goals.append((name, over_schema >= GOAL_SCHEMA_RATIO, over_floor >= 1, cores >= GOAL_CORE_RATIO,
                      ndjson >= GOAL_NDJSON_RATE if name == "profile" else None, rss < GOAL_RSS_MB))

    if args.counts_only:
        return report_mismatches(mismatches)
    print(f"\nrulebook validate side by side: medians of {args.runs} runs (the × columns: medians of the "
          f"{args.runs} rounds' paired ratios), {os.cpu_count()} cores, "
          f"load average {load_before:.2f} before and {os.getloadavg()[0]:.2f} after, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n")
    header = ["workload", "records", "invalid", "rulebook 2 cores", "per CPU-s", "1 core", "2c/1c", "machine 2c/1c", "ndjson",
              "jsonschema-rs", "× jsonschema-rs", "C floor", "× C floor", "peak RSS MB"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")

    print("\nmachine 2c/1c: two independent one-core runs at once against one alone (median of the")
    print("rounds): what this machine gave two cores while the 2c/1c beside it was measured.")
    print("\nRecords per CPU-second (user + system time of each process, all its threads; steadier than")
    print("the rates above when other processes share the machine):\n")
    print("| workload | " + " | ".join(COLUMNS) + " |")
    print("|---|" + "---:|" * len(COLUMNS))
    for row in cpu_rows:
        print("| " + " | ".join(row) + " |")

    def mark(ok):
        return "–" if ok is None else ("met" if ok else "MISSED")

    print(f"\n| goal (2 cores, release) | " + " | ".join(name for name, *_ in goals) + " |")
    print("|---|" + "---|" * len(goals))
    labels = [f"≥ {GOAL_SCHEMA_RATIO:g}× jsonschema-rs", "≥ the C floor", f"≥ {GOAL_CORE_RATIO}× its one-core rate",
              "ndjson ≥ 1M rec/s (profile)", f"peak RSS < {GOAL_RSS_MB:g} MB"]
    for index, label in enumerate(labels):
        print(f"| {label} | " + " | ".join(mark(goal[index + 1]) for goal in goals) + " |")
    for label, ns in (("100,000 records", args.value_ns), ("1,000 records in cache", args.value_ns_cached)):
        if ns is not None:
            print(f"| Swift API, built profile Value ≤ {GOAL_VALUE_NS:g} ns, {label} | {ns:.0f} ns: "
                  f"{mark(ns <= GOAL_VALUE_NS)} |" + " |" * (len(goals) - 1))

    return report_mismatches(mismatches)


def report_mismatches(mismatches):
    """Prints whether every column counted alike; the exit status."""
    if mismatches:
        print("\n!!! COUNTS DISAGREE — the columns did not validate the same way:", file=sys.stderr)
        for mismatch in mismatches:
            print("!!!   " + mismatch, file=sys.stderr)
        return 1
    print("\nEvery column counted the same valid and invalid records.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
