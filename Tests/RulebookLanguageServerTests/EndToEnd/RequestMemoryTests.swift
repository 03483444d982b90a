import Foundation
import Rulebook
import SeededRandom
import XCTest

@testable import RulebookLanguageServer

/// What a request holds is released when it ends, and a long answer is never held
/// whole: the server's resident memory (Linux's /proc) while it answers `documentSymbol`
/// for a long file, and after 50 such requests cancelled, stays within a few times the
/// file's size of what it was with the file open (the answer's text alone is about eight
/// times the file's size).
final class RequestMemoryTests: LSPTestCase {
    func testDocumentSymbolAndCancelledRequestsHoldLittleBeyondTheOpenFile() throws {
        #if os(Linux)
            try startInitialized()
            guard let pid = client.processIdentifier else { throw XCTSkip("the server runs in process") }
            let text = DenseRuleFile.text(bytes: 2_000_000)
            let size = text.utf8.count
            open("dense.rules", text)
            _ = try diagnostics("dense.rules", version: 1)
            let opened = try memory(of: pid).resident
            try resetPeak(of: pid)

            let symbols = try XCTUnwrap(try client.request("textDocument/documentSymbol", document("dense.rules")).arrayValue)
            XCTAssertEqual(symbols.first?["name"], .string("f1"))
            let peak = try memory(of: pid).peak
            XCTAssertLessThanOrEqual(peak - opened, 3 * size, "documentSymbol peaked at \(peak) bytes, \(opened) with the file open")

            let ids = (0..<50).map { _ in client.sendRequest("textDocument/documentSymbol", document("dense.rules")) }
            for id in ids { client.notify("$/cancelRequest", .object(["id": id])) }
            for id in ids { _ = try client.waitForResponse(id: id) }
            let after = try memory(of: pid).resident
            XCTAssertLessThanOrEqual(after - opened, 3 * size, "resident \(after) bytes after the cancellations, \(opened) before")
        #else
            throw XCTSkip("resident memory is read the Linux way")
        #endif
    }

    /// The process's resident memory and its peak since the last reset, in bytes.
    private func memory(of pid: Int32) throws -> (resident: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
            throw XCTSkip("cannot read /proc/\(pid)/status")
        }
        func kilobytes(_ key: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return nil }
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        }
        guard let resident = kilobytes("VmRSS:"), let peak = kilobytes("VmHWM:") else { throw XCTSkip("no VmRSS or VmHWM") }
        return (resident * 1024, peak * 1024)
    }

    /// Resets the peak to the current resident memory.
    private func resetPeak(of pid: Int32) throws {
        do {
            try "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
        } catch {
            throw XCTSkip("cannot reset the peak through /proc/\(pid)/clear_refs: \(error)")
        }
    }
}
