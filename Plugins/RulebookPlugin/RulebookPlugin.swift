import Foundation
import PackagePlugin

/// Runs `rulebook generate swift --identifiers-only` on each `.rules` file of the target it
/// is added to: the build checks the rules (an error fails the build and is shown at the
/// rule's line, as `file:line:column: error: …`) and the target gets one enum of field
/// constants per file (`ProfileRules.firstName` for `profile.rules`).
@main
struct RulebookPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try commands(
            ruleFiles: ruleFiles(in: target.sourceFiles.map(\.url)),
            tool: context.tool(named: "rulebook").url, workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The `.rules` files among `files`, and inside those that are folders (a resource
    /// folder copied whole, `.copy("Rules")`, is one entry).
    func ruleFiles(in files: [URL]) -> [URL] {
        files.flatMap { file -> [URL] in
            if file.pathExtension == "rules" { return [file] }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue,
                let walk = FileManager.default.enumerator(at: file, includingPropertiesForKeys: nil)
            else { return [] }
            return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "rules" }.sorted { $0.path < $1.path }
        }
    }

    /// One command per rule file; each depends on all of them, so a change to an imported
    /// file checks its importers again.
    func commands(ruleFiles: [URL], tool: URL, workDirectory: URL) -> [Command] {
        ruleFiles.map { file in
            let name = file.deletingPathExtension().lastPathComponent
            let output = workDirectory.appendingPathComponent("\(name)Rules.swift")
            return .buildCommand(
                displayName: "Checking \(file.lastPathComponent) and generating its field constants",
                executable: tool,
                arguments: ["generate", "swift", "--identifiers-only", file.path, "--output", output.path],
                inputFiles: ruleFiles,
                outputFiles: [output]
            )
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension RulebookPlugin: XcodeBuildToolPlugin {
        /// The same commands for a target of an Xcode project.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let ruleFiles = ruleFiles(in: target.inputFiles.map(\.url))
            return try commands(
                ruleFiles: ruleFiles, tool: context.tool(named: "rulebook").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
