import Foundation
import Rulebook

extension DiskSourceProvider {
    /// Every `*.rules` file at or below `path` (a file is returned as is), sorted, as
    /// normalised paths relative to the same base as `path`: what `rulebook check Rules`
    /// expands a directory to.
    package func ruleFiles(under path: String) throws(SourceReadError) -> [String] {
        let normalized = SourcePath.normalize(path)
        let location = fileSystemPath(normalized)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
            throw SourceReadError(path: path, reason: .notFound)
        }
        guard isDirectory.boolValue else { return [normalized] }
        guard let enumerator = FileManager.default.enumerator(atPath: location) else {
            throw SourceReadError(path: path, reason: .unreadable("cannot list the directory"))
        }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".rules") else { continue }
            found.append(SourcePath.normalize(normalized + "/" + relative))
        }
        return found.sorted()
    }
}
