/// Decides about colour and styles text with ANSI escapes.
struct Terminal: Sendable {
    /// `--color`: `auto` colours only a terminal when `NO_COLOR` is unset or empty.
    enum ColorMode: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// Whether escapes are emitted.
    let usesColor: Bool

    init(usesColor: Bool) { self.usesColor = usesColor }

    /// Resolves `mode` for an output (https://no-color.org: any non-empty `NO_COLOR` disables).
    init(mode: ColorMode, isTerminal: Bool, environment: [String: String]) {
        switch mode {
        case .always: usesColor = true
        case .never: usesColor = false
        case .auto: usesColor = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    enum Style: String {
        case bold = "1"
        case error = "1;31"
        case warning = "1;33"
        case note = "1;36"
        case highlight = "1;32"
        case dim = "2"
    }

    /// `text` wrapped in the escape for `style` when colour is on.
    func paint(_ text: String, _ style: Style) -> String {
        usesColor && !text.isEmpty ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
