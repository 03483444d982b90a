import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// The previous edit's analysis (its syntax tree, scope and texts) and each analysis'
/// check result are freed after the diagnostics are published, not before: the analyzer
/// retires them, and the analysis worker releases them once the publication is written.
final class DeferredReleaseTests: LSPTestCase {
    func testAnalyzerRetiresTheReplacedAnalysisUntilReleased() async throws {
        let analyzer = workspaceAnalyzer()
        var documents = DocumentStore()
        let first = buffer(1, "name: required\n")
        documents[first.uri] = first
        let analysed = await analyzer.analysis(of: first, documents: documents)
        XCTAssertEqual(analysed.diagnostics.count, 0)
        // The first analysis replaced nothing; only its own check result waits.
        XCTAssertEqual(analyzer.retiredCount, 1)
        analyzer.releaseRetired()
        XCTAssertEqual(analyzer.retiredCount, 0)

        let second = buffer(2, "name: required, minLenght 2\n")
        documents[second.uri] = second
        let reanalysed = await analyzer.analysis(of: second, documents: documents)
        XCTAssertEqual(reanalysed.diagnostics.map(\.code.id), ["unknown-validator"])
        // Version 1's analysis and version 2's check result.
        XCTAssertEqual(analyzer.retiredCount, 2)
        // The same version again is the cached analysis: nothing more is retired.
        let cached = await analyzer.analysis(of: second, documents: documents)
        XCTAssertEqual(cached.document.version, 2)
        XCTAssertEqual(analyzer.retiredCount, 2)
        analyzer.releaseRetired()
        XCTAssertEqual(analyzer.retiredCount, 0)
    }

    func testForgettingADocumentReleasesWhatWasRetired() async throws {
        let analyzer = workspaceAnalyzer()
        var documents = DocumentStore()
        for version in 1...2 {
            let next = buffer(version, "name: required\n")
            documents[next.uri] = next
            _ = await analyzer.analysis(of: next, documents: documents)
        }
        XCTAssertEqual(analyzer.retiredCount, 3)
        analyzer.forget(uri: uri("a.rules"))
        XCTAssertEqual(analyzer.retiredCount, 0)
    }

    func testRetiredValuesAreBoundedWithoutARelease() async throws {
        let analyzer = workspaceAnalyzer()
        var documents = DocumentStore()
        for version in 1...10 {
            let next = buffer(version, "name: required, minLength \(version)\n")
            documents[next.uri] = next
            let analysis = await analyzer.analysis(of: next, documents: documents)
            XCTAssertEqual(analysis.document.version, version)
            XCTAssertEqual(analysis.diagnostics.count, 0)
            XCTAssertLessThanOrEqual(analyzer.retiredCount, Analyzer.maxRetired)
        }
        XCTAssertEqual(analyzer.retiredCount, Analyzer.maxRetired)
    }

    /// Through the server: after each edit's diagnostics arrive, the worker has released
    /// (or is about to release) what the edit retired; nothing accumulates over edits.
    func testServerReleasesAfterEachPublication() throws {
        let probe = Route { _, context in .integer(context.analyzer.retiredCount) }
        try startInitialized(mode: .inProcess, extraRoutes: ["test/retiredCount": probe])
        open("a.rules", "name: required\n")
        XCTAssertEqual(try diagnostics("a.rules", version: 1).count, 0)
        for version in 2...12 {
            let text = version % 2 == 0 ? "name: required, minLenght \(version)\n" : "name: required, minLength \(version)\n"
            change("a.rules", version: version, text: text)
            let published = try diagnostics("a.rules", version: version)
            XCTAssertEqual(published.compactMap { $0["code"].stringValue }, version % 2 == 0 ? ["unknown-validator"] : [])
            // The release follows the publication on the worker: wait for it (bounded).
            var retired = try client.request("test/retiredCount", nil)
            var attempts = 0
            while retired != .integer(0) && attempts < 500 {
                Thread.sleep(forTimeInterval: 0.01)
                retired = try client.request("test/retiredCount", nil)
                attempts += 1
            }
            XCTAssertEqual(retired, .integer(0), "version \(version): retired values were not released after the publication")
        }
    }
}
