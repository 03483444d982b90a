import Foundation
import Rulebook
import RulebookTooling

/// A file `check` was given and could not check, as an ``DiagnosticCode/unreadableFile``
/// diagnostic: every output format reports it (a SARIF log then says
/// `"executionSuccessful": false`), so no format calls such a run clean.
///
/// A file that is not UTF-8 is reported at its first invalid byte; its source is the
/// valid text before that byte, which gives the diagnostic its line and column.
struct UnreadableFile: Sendable {
    let diagnostic: Diagnostic
    /// What the diagnostic points into: the text before the first invalid byte; nil when
    /// nothing could be read (the diagnostic then names the file without a position).
    let source: SourceFile?

    /// `path` could not be read for `reason` (`no such file 'x'`).
    init(path: String, reason: String) {
        source = nil
        diagnostic = Diagnostic(file: path, range: SourceRange(start: 0, end: 0), code: .unreadableFile, message: reason)
    }

    /// `path` holds `bytes`, which are not UTF-8 from `invalidOffset` on.
    init(path: String, bytes: [UInt8], invalidOffset: Int) {
        let prefix = String(decoding: bytes[..<invalidOffset], as: UTF8.self)
        source = SourceFile(path: path, text: prefix)
        diagnostic = Diagnostic(
            file: path, range: SourceRange(start: invalidOffset, end: invalidOffset), code: .unreadableFile,
            message: TextFile.notUTF8Message(path, bytes: bytes, invalidOffset: invalidOffset))
    }

    /// Why the root file of a ``SourceReadError`` could not be checked; a file that is
    /// not UTF-8 is read again to find its first invalid byte.
    init(_ error: SourceReadError) {
        if error.reason == .notUTF8, let bytes = try? TextFile.readBytes(error.path),
            let offset = TextFile.firstInvalidUTF8Offset(bytes)
        {
            self.init(path: error.path, bytes: bytes, invalidOffset: offset)
        } else {
            self.init(path: error.path, reason: error.description)
        }
    }
}
