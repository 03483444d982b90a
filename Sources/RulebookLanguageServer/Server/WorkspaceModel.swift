import Rulebook

/// The workspace as analyses see it: roots and display locale (catalogues and the
/// library workspace hook in here).
struct WorkspaceModel: Sendable {
    let roots: [String]
    let locale: String?

    init(roots: [String], locale: String?) {
        self.roots = roots
        self.locale = locale
    }
}
