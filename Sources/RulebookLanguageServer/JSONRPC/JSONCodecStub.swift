import Rulebook
// TEMPORARY until the JSON reader lands on main; never committed.
struct StubJSONError: Error { var description: String { "stub" } }
enum JSONCodec {
    static func parse(_ bytes: [UInt8]) throws(StubJSONError) -> Value { throw StubJSONError() }
    static func serialize(_ value: Value) -> [UInt8] { [] }
}
