// `rulebook-bench check [--runs 5]`: parse and check time, separately and together, of
// three rule files (goals: parse + check of 10,000 lines within 100 ms and of 100,000
// lines within 1 s on one core; the language server's analysis of a 5,000-line file is
// mostly the checker):
// - the generated file of `parse` (`--lines`, 100,000 by default),
// - 20,000 statements naming one field (`field: required, minLength 2`), which once took
//   quadratic time in the per-field contradiction and repetition analysis,
// - the language server benchmark's 5,000-line file.
// Each file imports the shipped `Rules/common.rules` and its message keys are checked
// against the shipped base catalogue, as in `rulebook check` and the language server.
// `--only N` runs the N-th workload alone (for profiling); `--keep-results` keeps every
// run's trees and results to the end instead of freeing them between runs (untimed).
// Parsing and checking run on the calling thread: pin the process to one core with
// `taskset -c 0` to measure the one-core goal.

import Rulebook
import RulebookTooling

/// A rule file of `lines` statements that all name the same field.
func generateRepeatedFieldFile(lines: Int) -> String {
    String(repeating: "field: required, minLength 2\n", count: lines)
}

func runCheckBenchmark(runs: Int, only: Int?, lines: Int, keepingResults: Bool = false) {
    let common = (try? InMemorySourceProvider.readShippedCommonRules()) ?? ""
    let keys = (try? MessageCatalogs(directory: "Localizations"))?.baseKeys
    if common.isEmpty || keys == nil { print("run from the package root: Rules/common.rules or Localizations/ not found") }
    let options = CheckOptions(knownMessageKeys: keys).withLint  // as `rulebook check` runs
    let parse = { (source: SourceFile) in Parser.parse(source) }
    let workloads: [(name: String, text: String)] = [
        ("generated, \(lines) lines", generateRuleFile(lines: lines)),
        ("one field, 20,000 statements", generateRepeatedFieldFile(lines: 20_000)),
        ("LSP file, 5,000 lines", generateRuleFile(lines: 5_000)),
    ]
    print("check benchmark: \(runs) runs, each file parsed and checked on the calling thread;")
    print(
        "CPU = all threads of the process (median run); runs 250 ms apart, "
            + (keepingResults ? "--keep-results: every run's results kept to the end" : "each run's results freed after its timer stops"))
    print(
        "| file | diagnostics | parse wall median ms | check wall median ms | parse + check wall median ms | parse + check wall best ms | parse + check CPU ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for (index, workload) in workloads.enumerated() where only.map({ $0 == index + 1 }) ?? true {
        let source = SourceFile(path: "Rules/bench.rules", text: workload.text)
        let commonSource = SourceFile(path: "Rules/common.rules", text: common)
        let tree = parse(source)
        let parseTimes = measureStage(runs: runs, keepingResults: keepingResults) { parse(source) }
        let commonTree = Parser.parse(commonSource)
        let provider = InMemorySourceProvider(files: ["Rules/bench.rules": workload.text, "Rules/common.rules": common])
        // The graph is built from already parsed trees, so that only the checker is timed.
        let trees = ["Rules/bench.rules": tree, "Rules/common.rules": commonTree]
        let workspace = Workspace(provider: provider, options: options, cache: ParsedTrees(trees: trees))
        let graph = workspace.loadGraph(roots: ["Rules/bench.rules"]).graph
        var diagnostics = 0
        let check = measureStage(runs: runs, keepingResults: keepingResults) { () -> Any in
            let output = Checker(options: options).check(graph, roots: ["Rules/bench.rules"])
            diagnostics = output.diagnostics.count
            return output
        }
        // Both stages together, as `rulebook check` and the language server run them.
        let both = measureStage(runs: runs, keepingResults: keepingResults) { () -> Any in
            let parsed = parse(source)
            let trees = ParsedTrees(trees: [source.path: parsed, commonSource.path: commonTree])
            let graph = Workspace(provider: provider, options: options, cache: trees)
                .loadGraph(roots: ["Rules/bench.rules"]).graph
            let output = Checker(options: options).check(graph, roots: ["Rules/bench.rules"])
            diagnostics = output.diagnostics.count
            return (graph, output)
        }
        print(
            "| \(workload.name) | \(diagnostics) | \(String(format2: parseTimes.wallMedian)) | \(String(format2: check.wallMedian)) | "
                + "\(String(format2: both.wallMedian)) | \(String(format2: both.wallBest)) | \(String(format2: both.processCPUMedian)) |")
    }
}

/// Trees parsed beforehand, by path, so that a workspace loads a graph without parsing.
struct ParsedTrees: SyntaxTreeCache {
    let trees: [String: SyntaxTree]

    func tree(path: String, text: String, parse: (SourceFile) -> SyntaxTree) -> SyntaxTree {
        trees[path] ?? parse(SourceFile(path: path, text: text))
    }
}

extension InMemorySourceProvider {
    /// The shipped `Rules/common.rules`, read from the package root.
    static func readShippedCommonRules() throws -> String {
        try DiskSourceProvider().read("Rules/common.rules")
    }
}
