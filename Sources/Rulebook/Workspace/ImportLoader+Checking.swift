// Reading rule files and their imports through a provider, and checking them: what
// `CompiledRuleSet`'s loading initialisers and RulebookTooling's `Workspace` (which keeps
// parsed trees between checks) share.

extension ImportLoader {
    /// A loader that reads each file through `provider` and parses it with `parse` (given
    /// its normalised path and its text).
    package init(provider: any SourceProvider, parse: @escaping (String, String) -> SyntaxTree) {
        self.init { path in
            do throws(SourceReadError) {
                let text = try provider.read(path)
                return .success(parse(path, text))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Reads `roots` (normalised paths) and what they import through `provider`, parsing
    /// each file with `parse` (by default, afresh), and checks them.
    ///
    /// - Parameter buildingRuleSets: false when only the diagnostics and trees are read
    ///   (the language server, `rulebook check`): the check then keeps no checked
    ///   statement, and takes less memory.
    /// - Returns: how the files import each other, with their trees; the roots that could
    ///   not be read (a missing import is a diagnostic instead); and the checker's
    ///   diagnostics of every file involved, sorted, and rule sets of the roots.
    package static func check(
        roots: [String], provider: any SourceProvider, options: CheckOptions, buildingRuleSets: Bool = true,
        parse: @escaping (String, String) -> SyntaxTree = { Parser.parse(SourceFile(path: $0, text: $1)) }
    ) -> (graph: ProgramGraph, unreadable: [SourceReadError], output: CheckerOutput) {
        var loader = ImportLoader(provider: provider, parse: parse)
        let (graph, unreadable) = loader.load(roots: roots)
        return (graph, unreadable, Checker(options: options).check(graph, roots: buildingRuleSets ? roots : []))
    }
}
