import Rulebook

/// The request methods the server answers, each handled in `Features/`.
enum Routes {
    static let all: [String: Route] = [:]
}
