/// Loads root files and, transitively, what they import: each file once, in depth-first
/// order, reporting missing imports and import cycles on the import statement concerned.
/// A repeated import of the same file is followed once and otherwise skipped (tools warn
/// about it: `duplicate-import`).
package struct ImportLoader {
    /// Reads and parses one file by normalised path.
    let load: (String) -> Result<SyntaxTree, SourceReadError>

    private var files: [String] = []
    private var trees: [String: SyntaxTree] = [:]
    private var imports: [String: [ProgramGraph.Import]] = [:]
    private var diagnostics: [Diagnostic] = []
    private var failures: [String: SourceReadError] = [:]
    /// Files on the current depth-first path, for cycle detection.
    private var onPath: Set<String> = []

    package init(load: @escaping (String) -> Result<SyntaxTree, SourceReadError>) {
        self.load = load
    }

    /// One file being visited: its imports and which one is next.
    private struct Frame {
        let file: String
        let imports: [ImportSyntax]
        var next = 0
        var edges: [ProgramGraph.Import] = []
        var seenTargets: Set<String> = []
    }

    /// Loads `roots` (normalised paths) and what they import.
    /// - Returns: the graph and the roots that could not be read.
    package mutating func load(roots: [String]) -> (graph: ProgramGraph, unreadable: [SourceReadError]) {
        var unreadable: [SourceReadError] = []
        for root in roots where trees[root] == nil {
            switch read(root) {
            case .success(let tree): visit(root, tree)
            case .failure(let error): if !unreadable.contains(error) { unreadable.append(error) }
            }
        }
        return (ProgramGraph(files: files, trees: trees, imports: imports, diagnostics: diagnostics), unreadable)
    }

    private mutating func read(_ path: String) -> Result<SyntaxTree, SourceReadError> {
        if let tree = trees[path] { return .success(tree) }
        if let failure = failures[path] { return .failure(failure) }
        let result = load(path)
        if case .failure(let error) = result { failures[path] = error }
        return result
    }

    /// Depth-first over imports with an explicit stack (import chains can be long).
    private mutating func visit(_ root: String, _ tree: SyntaxTree) {
        var stack = [enter(root, tree)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].imports.count else {
                let frame = stack.removeLast()
                imports[frame.file] = frame.edges
                onPath.remove(frame.file)
                continue
            }
            let syntax = stack[top].imports[stack[top].next]
            stack[top].next += 1
            let importer = stack[top].file
            guard !syntax.pathRange.isEmpty else {  // the parser reported the missing path
                stack[top].edges.append(ProgramGraph.Import(syntax: syntax, target: nil))
                continue
            }
            guard !syntax.path.isEmpty else {
                report(importer, syntax.pathRange, .missingImport, "import path is empty")
                stack[top].edges.append(ProgramGraph.Import(syntax: syntax, target: nil))
                continue
            }
            let target = SourcePath.resolve(syntax.path, relativeTo: importer)
            guard stack[top].seenTargets.insert(target).inserted else { continue }
            if onPath.contains(target) {
                reportCycle(syntax, from: importer, to: target, stack: stack)
                stack[top].edges.append(ProgramGraph.Import(syntax: syntax, target: target))
                continue
            }
            switch read(target) {
            case .success(let imported):
                stack[top].edges.append(ProgramGraph.Import(syntax: syntax, target: target))
                if imports[target] == nil { stack.append(enter(target, imported)) }
            case .failure(let error):
                report(importer, syntax.pathRange, .missingImport, "cannot import '\(syntax.path)': \(error)")
                stack[top].edges.append(ProgramGraph.Import(syntax: syntax, target: nil))
            }
        }
    }

    private mutating func enter(_ file: String, _ tree: SyntaxTree) -> Frame {
        files.append(file)
        trees[file] = tree
        imports[file] = []  // marks the file as visited; filled in when it is left
        onPath.insert(file)
        return Frame(file: file, imports: ImportLoader.importStatements(in: tree.statements))
    }

    /// Every import in source order, including misplaced ones inside `when` blocks (the
    /// checker reports those; loading them anyway avoids follow-on unknown-name errors).
    package static func importStatements(in statements: [StatementSyntax]) -> [ImportSyntax] {
        var found: [ImportSyntax] = []
        for statement in statements {
            switch statement {
            case .importDecl(let syntax): found.append(syntax)
            case .when(let block): found += importStatements(in: block.body)
            default: break
            }
        }
        return found
    }

    private mutating func report(
        _ file: String, _ range: SourceRange, _ code: DiagnosticCode, _ message: String,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        diagnostics.append(Diagnostic(file: file, range: range, code: code, message: message, notes: notes, fixIts: fixIts))
    }

    private mutating func reportCycle(_ syntax: ImportSyntax, from importer: String, to target: String, stack: [Frame]) {
        guard let start = stack.firstIndex(where: { $0.file == target }) else { return }
        let cycle = stack[start...]
        let chain = cycle.map(\.file) + [target]
        let message =
            chain.count == 2
            ? "'\(importer)' imports itself"
            : "import cycle: " + chain.map { "'\($0)'" }.joined(separator: " → ")
        var notes = [Note(message: "import chain: " + chain.joined(separator: " → "))]
        for frame in cycle.dropLast() {
            let edge = frame.imports[frame.next - 1]
            notes.append(Note(message: "'\(frame.file)' imports '\(edge.path)' here", file: frame.file, range: edge.range))
        }
        report(importer, syntax.range, .importCycle, message, notes: notes)
    }
}
