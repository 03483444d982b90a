// `rulebook-bench dump --out DIR [--generated] FILE…`: writes, per rule file, every field
// of its syntax tree (the `dump()` with ranges, then `String(reflecting:)` of the
// statements, comments and diagnostics), so that two builds' parsers can be compared
// byte for byte (`diff -r`) before and after a parser change. With `--generated`, also
// the benchmark's generated 100,000-line and 5,000-line (LSP) files, written to DIR too.

import Foundation
import Rulebook
import RulebookTooling

func runTreeDump(arguments: [String]) {
    var files: [String] = []
    var output = "/tmp/tree-dump"
    var generated = false
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--out":
            index += 1
            if index < arguments.count { output = arguments[index] }
        case "--generated":
            generated = true
        default:
            files.append(arguments[index])
        }
        index += 1
    }
    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    var sources: [(name: String, source: SourceFile)] = []
    if generated {
        for lines in [100_000, 5_000] {
            let text = generateRuleFile(lines: lines)
            let name = "generated-\(lines).rules"
            try? text.write(toFile: output + "/" + name, atomically: true, encoding: .utf8)
            sources.append((name, SourceFile(path: name, text: text)))
        }
    }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
            print("cannot read \(file)")
            continue
        }
        let name = file.replacingOccurrences(of: "/", with: "_")
        sources.append((name, SourceFile(path: file, text: String(decoding: data, as: UTF8.self))))
    }
    for (name, source) in sources {
        let tree = Parser.parse(source)
        var text = tree.dump()
        text += "\n--- statements\n" + String(reflecting: tree.statements)
        text += "\n--- comments\n" + String(reflecting: tree.comments)
        text += "\n--- diagnostics\n" + String(reflecting: tree.diagnostics) + "\n"
        try? text.write(toFile: output + "/" + name + ".dump", atomically: true, encoding: .utf8)
    }
    print("dumped \(sources.count) trees into \(output)")
}
