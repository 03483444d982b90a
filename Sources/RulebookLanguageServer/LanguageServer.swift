import Foundation
import Rulebook

/// `rulebook lsp`: a Language Server Protocol 3.17 server for `.rules` files and their
/// message catalogues, over JSON-RPC 2.0 with `Content-Length` framing.
///
/// ```swift
/// exit(LanguageServer.run())  // stdin/stdout, logs on stderr
/// ```
public enum LanguageServer {
    /// Serves one session on the given file descriptors until `exit` or end of input,
    /// and returns the exit status LSP prescribes: 0 when `shutdown` came first, else 1.
    ///
    /// Blocks the calling thread; the work runs on Swift concurrency's pool.
    /// - Parameters:
    ///   - input: where requests arrive (stdin by default).
    ///   - output: where answers go (stdout by default); nothing else is written there.
    ///   - log: where log lines go (stderr by default), or `nil` for silence.
    ///   - version: reported in `serverInfo`.
    public static func run(input: Int32 = 0, output: Int32 = 1, log: Int32? = 2, version: String = "0.1.0") -> Int32 {
        let status = Locked<Int32>(1)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let code = await serve(input: input, output: output, log: log, version: version)
            status.withLock { $0 = code }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }

    /// Serves one session on `FileHandle`s (e.g. pipes); see ``run(input:output:log:version:)``.
    public static func run(
        input: FileHandle, output: FileHandle, log: FileHandle? = FileHandle.standardError,
        version: String = "0.1.0"
    ) -> Int32 {
        run(input: input.fileDescriptor, output: output.fileDescriptor, log: log?.fileDescriptor, version: version)
    }

    /// The asynchronous form of ``run(input:output:log:version:)``.
    public static func serve(input: Int32 = 0, output: Int32 = 1, log: Int32? = 2, version: String = "0.1.0") async -> Int32 {
        await serve(input: input, output: output, log: log, version: version, extraRoutes: [:])
    }

    /// Serves with additional request handlers (tests use this to exercise the
    /// dispatcher's error and cancellation paths with handlers they control).
    static func serve(input: Int32, output: Int32, log: Int32?, version: String, extraRoutes: [String: Route]) async -> Int32 {
        FileDescriptorIO.ignoreBrokenPipes()
        let connection = Connection(input: input, output: output, logger: Logger(descriptor: log))
        let server = Server(connection: connection, version: version, extraRoutes: extraRoutes)
        for await event in connection.start() {
            if let status = await server.receive(event) { return status }
        }
        return 1
    }
}
