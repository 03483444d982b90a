import Foundation
import Rulebook

/// The `.rules` files under the workspace roots, for import-path completion, field-path
/// completion and workspace-wide references and rename.
///
/// The walk is bounded (hidden directories and `.build` are skipped, at most
/// ``maximumFiles`` files) so that opening a home directory as a workspace stays cheap.
enum RuleFiles {
    static let maximumFiles = 2_000

    /// Every rule file under `roots`, sorted.
    static func list(under roots: [String]) -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        for root in roots {
            guard
                let enumerator = manager.enumerator(
                    at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isDirectoryKey],
                    options: [.skipsHiddenFiles, .skipsPackageDescendants])
            else { continue }
            for case let url as URL in enumerator {
                if url.lastPathComponent == ".build" || url.lastPathComponent == "node_modules" {
                    enumerator.skipDescendants()
                    continue
                }
                if url.pathExtension == "rules" { found.append(url.standardizedFileURL.path) }
                if found.count >= maximumFiles { break }
            }
        }
        return Array(Set(found)).sorted()
    }
}
