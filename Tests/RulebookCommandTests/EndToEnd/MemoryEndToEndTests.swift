import Foundation
import SeededRandom
import XCTest

/// Peak resident memory of the built executable on a generated rule file, as a multiple
/// of the file's size above the baseline (`rulebook check` of an empty file: the runtime
/// and the binary's own pages). Linux only: the peak is a child's `ru_maxrss` as
/// `python3` reports it (a child spawned from this test process would count this
/// process's memory too: Linux records the parent's peak when a vfork child execs).
final class MemoryEndToEndTests: XCTestCase {
    /// `validate` frees the syntax trees of the check before compiling the rule set.
    /// The bound is the current design's (unoptimised build, which measures about 68×),
    /// with room for the allocator's variation; the goal of 20× is for checking and serving
    /// a file, while `validate` also holds the compiled program, several times the file's
    /// size (`rulebook-bench memory` measures it on a release build).
    func testValidateLoadsARuleFileWithinABoundedMultipleOfItsSize() throws {
        #if os(Linux)
            let dense = try DenseProject()
            let validate = try peakResidentBytes(["validate", "--rules", "dense.rules", "record.json"], in: dense.project)
            XCTAssertLessThanOrEqual(dense.multiple(of: validate), 80, "validate peaked at \(validate) bytes, baseline \(dense.baseline)")
        #else
            throw XCTSkip("peak resident memory is read the Linux way")
        #endif
    }

    /// `check` builds no rule set: it holds the syntax tree of the whole file (its lists
    /// share one buffer per kind of list, its nodes keep `UInt32` offsets), and the checker
    /// keeps a row per field and the rules of fields that several statements name. As
    /// above, the bound is the current design's (unoptimised build), not the goal of 20×.
    func testCheckLoadsARuleFileWithinABoundedMultipleOfItsSize() throws {
        #if os(Linux)
            let dense = try DenseProject()
            let check = try peakResidentBytes(["check", "dense.rules"], in: dense.project)
            XCTAssertLessThanOrEqual(dense.multiple(of: check), 26, "check peaked at \(check) bytes, baseline \(dense.baseline)")
        #else
            throw XCTSkip("peak resident memory is read the Linux way")
        #endif
    }

    /// The language server holds a document's syntax tree and its checker's tables while
    /// it is open; its peak while opening a dense one and publishing its diagnostics (the
    /// server's own, `VmHWM`, read before it exits). The bound is the current design's
    /// (unoptimised build), as above.
    func testLanguageServerOpensARuleFileWithinABoundedMultipleOfItsSize() throws {
        #if os(Linux)
            let dense = try DenseProject()
            let project = dense.project
            let path = project.url.appendingPathComponent("dense.rules").path
            let binary = try RulebookBinary.url().path
            guard
                let result = try? ProcessRunner.run(
                    "/usr/bin/env", ["python3", "-c", Self.serverPeakScript, binary, path, project.url.path],
                    currentDirectory: project.url),
                result.status == 0, let kilobytes = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw XCTSkip("python3 is needed to talk to the server and read its peak resident memory") }
            XCTAssertLessThanOrEqual(
                dense.multiple(of: kilobytes * 1024), 23, "the server peaked at \(kilobytes * 1024) bytes, baseline \(dense.baseline)")
        #else
            throw XCTSkip("peak resident memory is read the Linux way")
        #endif
    }

    /// Starts `BINARY lsp`, opens FILE in the workspace ROOT, waits for its diagnostics,
    /// prints the server's peak resident kilobytes, and shuts it down.
    private static let serverPeakScript = """
        import json, pathlib, subprocess, sys
        binary, path, root = sys.argv[1:4]
        server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        def send(message):
            body = json.dumps(message).encode()
            server.stdin.write(b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body)
            server.stdin.flush()
        def receive():
            length = None
            while True:
                line = server.stdout.readline()
                if not line:
                    sys.exit("the server closed its output")
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            return json.loads(server.stdout.read(length))
        def wait_for(test):
            while not test(receive()):
                pass
        uri = pathlib.Path(path).as_uri()
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": pathlib.Path(root).as_uri(), "capabilities": {}}})
        wait_for(lambda message: message.get("id") == 1)
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        text = pathlib.Path(path).read_text(encoding="utf-8")
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": uri, "languageId": "rules", "version": 1, "text": text}}})
        wait_for(lambda message: message.get("method") == "textDocument/publishDiagnostics"
                 and message["params"]["uri"] == uri)
        status = pathlib.Path("/proc/%d/status" % server.pid).read_text()
        peak = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:"))
        send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        wait_for(lambda message: message.get("id") == 2)
        send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=60)
        print(peak)
        """

    /// A project holding a 2 MB dense rule file (`dense.rules`), an empty one and a record,
    /// with the baseline every multiple is measured from: the peak of checking the empty file.
    private struct DenseProject {
        let project: TemporaryProject
        let size: Int
        let baseline: Int

        init() throws {
            project = try TemporaryProject(copyRules: false, copyLocalizations: false)
            let text = DenseRuleFile.text(bytes: 2_000_000)
            size = text.utf8.count
            try project.write(text, to: "dense.rules")
            try project.write("", to: "empty.rules")
            try project.write("{}\n", to: "record.json")
            baseline = try peakResidentBytes(["check", "empty.rules"], in: project)
        }

        /// (peak − baseline) / the dense file's size.
        func multiple(of peak: Int) -> Double { Double(peak - baseline) / Double(size) }
    }
}

/// The peak resident bytes of `rulebook arguments…` run in `project`.
private func peakResidentBytes(_ arguments: [String], in project: TemporaryProject) throws -> Int {
    let script = """
        import resource, subprocess, sys
        subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """
    let binary = try RulebookBinary.url().path
    guard
        let result = try? ProcessRunner.run(
            "/usr/bin/env", ["python3", "-c", script, binary] + arguments, currentDirectory: project.url),
        result.status == 0, let kilobytes = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw XCTSkip("python3 is needed to read a child's peak resident memory") }
    return kilobytes * 1024
}
