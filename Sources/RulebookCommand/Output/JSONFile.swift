import Rulebook
import RulebookTooling

/// The command's JSON input files (the project configuration, example files), with
/// errors as the command reports them.
enum JSONFile {
    /// The top-level object of `text`, the contents of `path`.
    static func object(_ text: String, path: String) throws(CommandError) -> ValueObject {
        do { return try JSONInputFile.object(text, path: path) } catch { throw CommandError(error.message) }
    }
}
