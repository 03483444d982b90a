import Foundation
import Rulebook

/// What the connection delivers to the server, in the order it arrived.
enum IncomingEvent: Sendable {
    /// A well-formed JSON-RPC message.
    case message(JSONRPCMessage)
    /// Something arrived that deserves an error answer: broken JSON (id `nil`), a JSON
    /// value that is not a JSON-RPC message, or an oversized body.
    case unusable(id: RequestID?, error: ResponseError)
    /// The input was closed: the session is over.
    case endOfInput
}

/// JSON-RPC over a pair of file descriptors with LSP's `Content-Length` framing.
///
/// A dedicated thread blocks on reads (never a Swift-concurrency worker), frames and
/// parses messages there, so a 10 MB message is decoded off the server's actor. Writes
/// are serialised by a lock and each message goes out as one buffer (header and body),
/// so concurrent senders never interleave bytes.
final class Connection: Sendable {
    private let input: Int32
    private let output: Int32
    let logger: Logger
    private let writeLock = Locked(())
    private let nextOutgoingID = Locked(1)

    init(input: Int32, output: Int32, logger: Logger) {
        self.input = input
        self.output = output
        self.logger = logger
    }

    /// Starts the reader thread; events arrive on the returned stream until
    /// ``IncomingEvent/endOfInput``.
    func start() -> AsyncStream<IncomingEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: IncomingEvent.self)
        let input = self.input
        let logger = self.logger
        let thread = Thread {
            var reader = MessageReader(logger: logger)
            while true {
                let bytes = FileDescriptorIO.read(input)
                if bytes.isEmpty {
                    continuation.yield(.endOfInput)
                    continuation.finish()
                    return
                }
                for event in reader.feed(bytes) { continuation.yield(event) }
            }
        }
        thread.name = "rulebook-lsp-reader"
        thread.stackSize = 4 << 20
        thread.start()
        return stream
    }

    /// Writes one message atomically. A closed output is logged once per message and
    /// otherwise ignored (the session ends when the input closes).
    func send(_ message: JSONRPCMessage) {
        // Memory: the body is written from the writer's own buffer, with no copy of it: a
        // large answer (the symbols of a long file) is tens of MB.
        JSONWriter().withJSON(message.value) { body in write([UnsafeRawBufferPointer(body)]) }
    }

    /// Answers a request with a result its handler writes as JSON text: the envelope is
    /// written around it, and the text goes straight to the output.
    func respond(to id: RequestID, resultText text: Route.TextAnswer) {
        let opening = Array(#"{"jsonrpc":"2.0","id":"#.utf8) + JSONWriter().withJSON(id.value) { Array($0) } + Array(#","result":"#.utf8)
        write(length: opening.count + text.length + 1) { output in
            FileDescriptorIO.write(output, opening) && text.write { FileDescriptorIO.write(output, $0) }
                && FileDescriptorIO.write(output, Array("}".utf8))
        }
    }

    /// Writes one message, the concatenation of `parts`, after its header.
    private func write(_ parts: [UnsafeRawBufferPointer]) {
        write(length: parts.reduce(0) { $0 + $1.count }) { output in parts.allSatisfy { FileDescriptorIO.write(output, $0) } }
    }

    /// Writes one message's header for a body of `length` bytes, then the body, which
    /// `body` writes to the descriptor it is given (false: the output is closed), under
    /// one lock so that messages do not interleave.
    private func write(length: Int, _ body: (Int32) -> Bool) {
        let header = Array("Content-Length: \(length)\r\n\r\n".utf8)
        let output = self.output
        let written = writeLock.withLock { _ in FileDescriptorIO.write(output, header) && body(output) }
        if !written { logger.log("could not write a \(header.count + length)-byte message: output closed") }
    }

    /// Answers a request.
    func respond(to id: RequestID?, _ result: Result<Value, ResponseError>) {
        send(.response(id: id, result: result))
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: Value?) {
        send(.notification(method: method, params: params))
    }

    /// Sends a server-to-client request; its answer arrives as a ``JSONRPCMessage/response(id:result:)``.
    @discardableResult
    func request(_ method: String, _ params: Value?) -> RequestID {
        let number = nextOutgoingID.withLock { next in
            defer { next += 1 }
            return next
        }
        let id = RequestID.string("rulebook-\(number)")
        send(.request(id: id, method: method, params: params))
        return id
    }
}

/// Bytes → events: the framer plus JSON parsing and JSON-RPC decoding. A pure value, so
/// the raw-byte tests drive it directly.
struct MessageReader: Sendable {
    private var framer = MessageFramer()
    let logger: Logger

    init(logger: Logger) { self.logger = logger }

    /// Feeds bytes; returns the events they complete.
    mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> [IncomingEvent] where Bytes.Element == UInt8 {
        framer.append(bytes)
        var events: [IncomingEvent] = []
        while let frame = framer.next() {
            switch frame {
            case .message(let body):
                events.append(decode(body))
            case .oversized(let length):
                logger.log("discarding a \(length)-byte message: larger than \(framer.maximumBodySize) bytes")
                events.append(
                    .unusable(
                        id: nil, error: .invalidRequest("message of \(length) bytes is larger than the limit of \(framer.maximumBodySize)"))
                )
            case .skipped(let reason):
                logger.log(reason)
            }
        }
        return events
    }

    private func decode(_ body: [UInt8]) -> IncomingEvent {
        let value: Value
        do {
            value = try JSONCodec.parse(body)
        } catch {
            logger.log("unparsable message (\(error.description)): \(HeaderSyntax.printable(body))")
            return .unusable(id: nil, error: .parseError("Parse error: \(error.description)"))
        }
        do {
            return .message(try JSONRPCMessage(value))
        } catch {
            logger.log("invalid JSON-RPC message: \(error.error.message)")
            return .unusable(id: error.id, error: error.error)
        }
    }
}

/// Writes log lines to a file descriptor (stderr; never stdout, which carries the
/// protocol).
struct Logger: Sendable {
    let descriptor: Int32?

    /// A logger that writes to `descriptor`, or nowhere.
    init(descriptor: Int32?) { self.descriptor = descriptor }

    func log(_ message: @autoclosure () -> String) {
        guard let descriptor else { return }
        FileDescriptorIO.write(descriptor, Array("rulebook lsp: \(message())\n".utf8))
    }
}
