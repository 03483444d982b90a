import Rulebook

/// The command's JSON input files (the project configuration, example files): read as
/// one JSON object, every mistake an error naming the file and position.
enum JSONFile {
    /// The top-level object of `text`, the contents of `path`.
    static func object(_ text: String, path: String) throws(CommandError) -> ValueObject {
        let root: Value
        do {
            root = try JSONReader().parse(text)
        } catch {
            let (line, column) = error.lineAndColumn(in: text)
            throw CommandError("\(path):\(line):\(column): \(error.message)")
        }
        guard case .object(let object) = root else { throw CommandError("\(path): expected a JSON object at the top") }
        return object
    }
}
