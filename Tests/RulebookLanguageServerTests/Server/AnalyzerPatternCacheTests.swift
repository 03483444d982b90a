import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

/// Every analysis of a session checks with the analyzer's one ``PatternCache``, so an
/// edit does not compile the file's patterns again, and the diagnostics are those of a
/// check without it.
final class AnalyzerPatternCacheTests: LSPTestCase {
    func testEditsShareOneCacheAndKeepTheirDiagnostics() async throws {
        let analyzer = workspaceAnalyzer()
        var documents = DocumentStore()
        let texts = [
            "zip: pattern /^[0-9]{5}$/\n",
            "zip: pattern /^[0-9]{5}$/\nbad: pattern /(ab/\n",
            "zip: pattern /^[0-9]{5}$/\nbad: pattern /(ab/\ncopy: pattern /(ab/\n",
        ]
        for (version, text) in texts.enumerated() {
            let next = buffer(version + 1, text)
            documents[next.uri] = next
            let analysed = await analyzer.analysis(of: next, documents: documents)
            let uncached = try Workspace(provider: InMemorySourceProvider(files: ["a.rules": text])).check(rootFile: "a.rules")
            XCTAssertEqual(analysed.diagnostics.map(\.code.id), uncached.diagnostics.map(\.code.id), "version \(version + 1)")
            XCTAssertEqual(analysed.diagnostics.map(\.range), uncached.diagnostics.map(\.range), "version \(version + 1)")
        }
        // Two distinct patterns over three analyses: the shared cache holds one compilation
        // of each (that a cached one is not compiled again is `PatternCacheTests`').
        XCTAssertEqual(analyzer.patternCache.count, 2)
    }
}
