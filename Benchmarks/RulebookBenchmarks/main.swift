// rulebook-bench: the benchmark driver. Run from the package root, on a release build:
// `swift build -c release && swift run -c release rulebook-bench <command>`. Each command
// prints a table; docs/performance.md records the numbers, the machine and the commands,
// and scripts/bench-compare runs the side-by-side comparison.

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String, default value: String) -> String {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return arguments[index + 1]
}

let usage = """
    usage: rulebook-bench <command> [options]

    commands:
      generate [--dir Benchmarks/data] [--scale 1.0]   write the three NDJSON workloads
      e2e [--binary .build/release/rulebook] [--dir Benchmarks/data] [--runs 3]
                                                      rulebook validate throughput, CPU, RSS; check wall time
                                                      (Rules + Localizations, and the generated 100k-line file)
      engine [--records 100000]                       library API ns/record (Value, Encodable, JSON tape)
      tape [--records 100000]                         streaming path per record: JSON tape + rules, per workload
      json [name]                                      ns/record of the JSON tape, reader, writer, ValueEncoder
      parse [--lines 100000] [--runs 5]               lex, parse and format time of a generated rule file
      check [--runs 5] [--only 1|2|3] [--lines 100000] [--keep-results]
                                                      parse and check time: 100k-line file, one field × 20k, LSP file
                                                      (--keep-results: keep every run's results, not free them)
      lsp [--binary .build/release/rulebook] [--lines 5000] [--edits 200] [--edit-at 0.5]
                                                      language server: didChange → publishDiagnostics latency
                                                      (--edit-at: where the edits are, as a fraction of the file)
      memory [--binary .build/release/rulebook] [--bytes 18000000]
                                                      peak RSS of check, validate and the language server on a
                                                      generated rule file, as a multiple of its size
      dump --out DIR [--generated] FILE...            every field of each file's syntax tree (compare parsers)
      parseonly [--lines 100000] [--runs 1] [--lex] [--keep]
                                                      only parse (or lex) the generated file, for callgrind
                                                      (--keep: keep every run's tree, do not free it before the next)
      regex                                           regex engine: catastrophic patterns at 1k/10k/100k, ns per match
      forms [--keystrokes 200000]                     RulebookForms: ns per keystroke (set a field, read its state)
    """

switch arguments.first {
case "generate":
    generateWorkloads(into: option("--dir", default: "Benchmarks/data"), scale: Double(option("--scale", default: "1")) ?? 1)
case "regex":
    runRegexScaling()
case "e2e":
    runEndToEnd(
        binary: option("--binary", default: ".build/release/rulebook"),
        directory: option("--dir", default: "Benchmarks/data"), runs: Int(option("--runs", default: "3")) ?? 3)
case "engine":
    runEngineBenchmark(records: Int(option("--records", default: "100000")) ?? 100_000)
case "tape":
    runTapeBenchmark(records: Int(option("--records", default: "100000")) ?? 100_000)
case "json":
    runJSONBenchmark(only: arguments.dropFirst().first)
case "parse":
    runParseBenchmark(lines: Int(option("--lines", default: "100000")) ?? 100_000, runs: Int(option("--runs", default: "5")) ?? 5)
case "check":
    runCheckBenchmark(
        runs: Int(option("--runs", default: "5")) ?? 5, only: Int(option("--only", default: "")),
        lines: Int(option("--lines", default: "100000")) ?? 100_000,
        keepingResults: arguments.contains("--keep-results"))
case "lsp":
    runLSPBenchmark(
        binary: option("--binary", default: ".build/release/rulebook"),
        lines: Int(option("--lines", default: "5000")) ?? 5_000, edits: Int(option("--edits", default: "200")) ?? 200,
        editAt: Double(option("--edit-at", default: "0.5")) ?? 0.5)
case "memory":
    runMemoryBenchmark(
        binary: option("--binary", default: ".build/release/rulebook"), bytes: Int(option("--bytes", default: "18000000")) ?? 18_000_000)
case "rss":
    runPeakRSS(Array(arguments.dropFirst()))
case "dump":
    runTreeDump(arguments: Array(arguments.dropFirst()))
case "parseonly":
    runParseOnly(
        lines: Int(option("--lines", default: "100000")) ?? 100_000, runs: Int(option("--runs", default: "1")) ?? 1,
        lexOnly: arguments.contains("--lex"), keep: arguments.contains("--keep"))
case "forms":
    runFormsBenchmark(keystrokes: Int(option("--keystrokes", default: "200000")) ?? 200_000)
default:
    print(usage)
}
