import Foundation

// Loading rules the way apps ship them: as resources of a bundle, or as text held in
// memory, imports included, in one call.

extension CompiledRuleSet {
    /// Reads, checks and compiles a rule file that is a resource of `bundle`; its imports
    /// are read from the same bundle, relative to it.
    ///
    /// ```swift
    /// // Package.swift: .target(name: "App", resources: [.copy("Rules")])
    /// let rules = try CompiledRuleSet(resource: "profile", bundle: .module, subdirectory: "Rules")
    /// ```
    /// - Parameters:
    ///   - name: The file's name, with or without the `.rules` extension.
    ///   - bundle: The bundle holding the rule files (`Bundle.module`, `Bundle.main`).
    ///   - subdirectory: The folder of the bundle's resources the files are in, if any.
    ///   - validators: The validators rule files may name (the built-ins by default).
    /// - Throws: ``RuleFileError`` with every diagnostic, naming files by their path inside
    ///   the bundle (`Rules/profile.rules:2:12`), when a file cannot be read or has errors.
    public init(
        resource name: String, bundle: Bundle, subdirectory: String? = nil,
        validators: ValidatorRegistry = .builtins
    ) throws(RuleFileError) {
        let file = name.hasSuffix(".rules") ? name : name + ".rules"
        let root = subdirectory.map { "\($0)/\(file)" } ?? file
        guard let resources = bundle.resourceURL else {
            throw RuleFileError(diagnostics: [], readError: SourceReadError(path: root, reason: .notFound), files: [:])
        }
        try self.init(
            checking: SourcePath.normalize(root), provider: DiskSourceProvider(baseDirectory: resources.path),
            options: CheckOptions(), validators: validators)
    }

    /// Checks and compiles rule files held in memory: `entry` and the files it imports,
    /// all looked up in `files` (imports relative to the importing file's name).
    ///
    /// ```swift
    /// let rules = try CompiledRuleSet(files: ["signup.rules": signup, "common.rules": common], entry: "signup.rules")
    /// ```
    /// - Parameters:
    ///   - files: The rule files' text by name (a path such as `forms/signup.rules`).
    ///   - entry: The name of the file to compile.
    ///   - validators: The validators rule files may name (the built-ins by default).
    /// - Throws: ``RuleFileError`` with every diagnostic, naming the file and position,
    ///   when `entry` is missing or a file involved has errors (a missing import is one).
    public init(
        files: [String: String], entry: String, validators: ValidatorRegistry = .builtins
    ) throws(RuleFileError) {
        try self.init(
            checking: SourcePath.normalize(entry), provider: InMemorySourceProvider(files: files), options: CheckOptions(),
            validators: validators)
    }
}
