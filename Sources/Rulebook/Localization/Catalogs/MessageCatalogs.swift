import RulebookMessageFormat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every catalogue of a project, loaded once into an immutable, `Sendable` value and
/// shared by every request, whatever its locale.
///
/// ```swift
/// let catalogs = try MessageCatalogs(directory: "Localizations")
/// let messages = catalogs.localizer(locale: "pl")      // per request
/// let report = try rules.validate(record, messages: messages)
/// ```
public struct MessageCatalogs: Sendable {
    /// The base locale: every key is defined there, translations follow it.
    package static let baseLocale = "en"

    /// The catalogues by canonical locale tag.
    package let catalogs: [String: MessageCatalog]
    /// Which loaded set this is, for message caches: two loads are different sets even
    /// with equal texts. A class instance (compared by identity) rather than an address,
    /// so a cache that holds it can never mistake a later set for this one.
    let identity = CatalogSetIdentity()

    /// No catalogues: messages come from the built-in English defaults.
    public static let empty = MessageCatalogs(catalogs: [])

    /// Builds the set from parsed catalogues (a later one for the same locale wins).
    package init(catalogs: [MessageCatalog]) {
        var byLocale: [String: MessageCatalog] = [:]
        for catalog in catalogs { byLocale[catalog.locale] = catalog }
        self.catalogs = byLocale
    }

    /// An app's catalogues layered over these (the shipped ones): per locale, a key the
    /// app's catalogue has wins, and every other key still comes from the shipped one.
    public func layering(_ app: MessageCatalogs) -> MessageCatalogs {
        var merged = catalogs
        for (locale, top) in app.catalogs {
            merged[locale] = catalogs[locale].map { MessageCatalog(layering: top, over: $0) } ?? top
        }
        return MessageCatalogs(catalogs: merged.keys.sorted().compactMap { merged[$0] })
    }

    /// Parses catalogue texts keyed by file path; the locale is the file name without
    /// `.json` (`Localizations/de-AT.json` → `de-AT`).
    public init(files: [String: String]) {
        self.init(
            catalogs: files.keys.sorted().map { path in
                MessageCatalog(locale: MessageCatalogs.locale(ofFile: path), path: path, text: files[path] ?? "")
            })
    }

    /// Loads every `*.json` file of `directory`.
    /// - Throws: when the directory or a file cannot be read (content problems are
    ///   diagnostics, not errors).
    public init(directory: String) throws {
        self.init(files: try MessageCatalogs.readFiles(in: directory))
    }

    /// Loads the `*.json` files of `directory` that a renderer for `locale` reads: its
    /// fallback chain down to the base (`de-AT`, `de`, `en`). A command that renders one
    /// locale then parses no other catalogue.
    /// - Throws: as ``init(directory:)``.
    package init(directory: String, chainOf locale: String) throws {
        let chain = Set(LocaleTag.fallbackChain(for: LocaleTag.canonical(locale), base: Self.baseLocale))
        self.init(files: try Self.readFiles(in: directory) { chain.contains(Self.locale(ofFile: $0)) })
    }

    /// The locales of the `*.json` files of `directory`, sorted, without reading them.
    package static func locales(in directory: String) throws -> [String] {
        try catalogFileNames(in: directory).map(locale(ofFile:)).sorted()
    }

    /// The texts of the `*.json` files of `directory` whose path `wanted` accepts, keyed by
    /// path (`directory/name.json`).
    package static func readFiles(in directory: String, where wanted: (String) -> Bool = { _ in true }) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try catalogFileNames(in: directory) {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            guard wanted(path) else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            files[path] = String(decoding: data, as: UTF8.self)
        }
        return files
    }

    /// The names of the `*.json` files of `directory`.
    private static func catalogFileNames(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
    }

    /// The locale a catalogue file is for: its name without directory and `.json`.
    package static func locale(ofFile path: String) -> String {
        var name = Substring(path)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".json") { name = name.dropLast(5) }
        return String(name)
    }

    /// The loaded locales, sorted.
    public var locales: [String] { catalogs.keys.sorted() }

    /// The base catalogue, if loaded.
    package var base: MessageCatalog? { catalogs[MessageCatalogs.baseLocale] }

    /// Problems found while loading the files (the full checks are `CatalogChecker`'s).
    public var loadDiagnostics: [Diagnostic] { catalogs.values.flatMap(\.diagnostics).sorted() }

    /// A renderer for `locale`; create one per request (it is cheap).
    public func localizer(locale: String) -> Localizer { Localizer(catalogs: self, locale: locale) }
}

/// The identity of one loaded ``MessageCatalogs`` value (see ``MessageCatalogs/identity``).
final class CatalogSetIdentity: Hashable, Sendable {
    static func == (lhs: CatalogSetIdentity, rhs: CatalogSetIdentity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
