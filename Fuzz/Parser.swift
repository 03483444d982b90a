// Fuzz target `parser`: the rule lexer, parser, formatter and checker.
//
// Oracles beyond "does not crash or hang": every node, comment and diagnostic range lies
// inside the file; statements are in order; a tree without errors formats, and
// formatting is idempotent and keeps the file free of errors; the checker's diagnostics,
// notes and fixes point inside their files, and it yields a rule set exactly when it
// reports no error.
@testable import Rulebook
@testable import RulebookTooling

/// A file the fuzzed one may import, so import resolution and named rules are reached.
private let common = """
    rule name = required, minLength 2, maxLength 50
    rule email = required, email
    rule age = integer, between 13 124
    """

/// libFuzzer's entry point: runs the harness on one input and returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, count), as: UTF8.self)
    let length = text.utf8.count
    let tree = Parser.parse(SourceFile(path: "fuzz.rules", text: text))
    checkRanges(tree, length: length)

    if !tree.diagnostics.containsErrors, let formatted = Formatter.format(tree) {
        let reparsed = Parser.parse(SourceFile(path: "fuzz.rules", text: formatted))
        require(!reparsed.diagnostics.containsErrors, "formatting introduced an error: \(reparsed.diagnostics)")
        require(Formatter.format(reparsed) == formatted, "formatting is not idempotent")
    }

    let files = ["fuzz.rules": text, "common.rules": common]
    let workspace = Workspace(provider: InMemorySourceProvider(files: files))
    guard let result = try? workspace.check(rootFile: "fuzz.rules") else {
        require(false, "the root file is in memory and must be readable")
        return 0
    }
    require((result.ruleSet == nil) == result.diagnostics.containsErrors, "rule set present iff no error")
    for diagnostic in result.diagnostics {
        checkInside(diagnostic.file, diagnostic.range, files, "diagnostic \(diagnostic)")
        for note in diagnostic.notes { checkInside(note.file, note.range, files, "note of \(diagnostic)") }
        for edit in diagnostic.fixIts.flatMap(\.edits) { checkInside(edit.file, edit.range, files, "fix of \(diagnostic)") }
    }
    return 0
}

private func checkRanges(_ tree: SyntaxTree, length: Int) {
    for diagnostic in tree.diagnostics {
        require(
            diagnostic.range.start >= 0 && diagnostic.range.start <= diagnostic.range.end && diagnostic.range.end <= length,
            "diagnostic range \(diagnostic.range) outside 0..<\(length)")
    }
    var previousEnd = 0
    for statement in tree.statements {
        require(
            statement.range.start >= previousEnd && statement.range.end <= length,
            "statement \(statement.range) out of order or outside the file")
        previousEnd = statement.range.end
    }
    for comment in tree.comments {
        require(comment.range.start >= 0 && comment.range.end <= length, "comment \(comment.range) outside the file")
    }
}

private func checkInside(_ file: String?, _ range: SourceRange?, _ files: [String: String], _ what: @autoclosure () -> String) {
    guard let file, let range else { return }
    let length = files[file]?.utf8.count ?? -1
    require(range.start >= 0 && range.start <= range.end && range.end <= length, "\(what()) outside its file")
}
