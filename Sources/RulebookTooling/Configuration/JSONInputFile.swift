import Rulebook

/// The JSON files the tools read besides records (a project configuration, an example
/// file): one object at the top, every mistake an error naming the file and position.
package enum JSONInputFile {
    /// The top-level object of `text`, the contents of `path`.
    package static func object(_ text: String, path: String) throws(InputFileError) -> ValueObject {
        let root: Value
        do {
            root = try JSONReader().parse(text)
        } catch {
            let (line, column) = error.lineAndColumn(in: text)
            throw InputFileError("\(path):\(line):\(column): \(error.message)")
        }
        guard case .object(let object) = root else { throw InputFileError("\(path): expected a JSON object at the top") }
        return object
    }
}

/// A mistake in an input file the tools read, worded for a person: it names the file and
/// the place or key.
package struct InputFileError: Error, Sendable, Equatable {
    /// What is wrong, starting with the file's path.
    package let message: String

    /// An error saying `message`.
    package init(_ message: String) { self.message = message }
}
