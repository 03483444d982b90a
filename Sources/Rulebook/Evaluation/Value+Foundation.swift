// Values from Foundation-style objects: what `JSONSerialization` returns and what apps
// keep in `[String: Any]` dictionaries.

import Foundation

/// A value that ``Value/init(any:)`` cannot represent.
public struct ValueConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the input: a JSON Pointer (`/items/2`), empty for the top level.
    public let path: String
    /// The Swift type that was found there.
    public let typeName: String

    /// Creates an error.
    public init(path: String, typeName: String) {
        self.path = path
        self.typeName = typeName
    }

    /// `cannot convert a value of type T at /path to a record value`.
    public var description: String {
        "cannot convert a value of type \(typeName) at \(path.isEmpty ? "the top level" : path) to a record value"
    }
}

extension Value {
    /// Converts a Foundation-style value: `[String: Any]`/`NSDictionary`, `[Any]`/
    /// `NSArray`, `String`/`NSString`, `NSNumber` and Swift numbers and booleans,
    /// `NSNull`, `nil` optionals (→ `null`), `Date` (ISO 8601 UTC text), `Data` (base64),
    /// `URL` (absolute string), `UUID`, `Decimal`, ``Value`` itself, and any `Encodable`
    /// (through the library's `Encoder`).
    ///
    /// Booleans and numbers are told apart correctly on every platform: an `NSNumber`
    /// made from a `Bool` becomes `.bool`, one made from `1` becomes `.integer(1)`.
    /// Dictionary members are sorted by key, since a dictionary has no order of its own.
    public init(any: Any) throws(ValueConversionError) {
        self = try Self.convert(any, path: "")
    }

    private static func convert(_ any: Any, path: String) throws(ValueConversionError) -> Value {
        if let value = exactSwiftScalar(any) { return value }
        if let number = any as? NSNumber, type(of: any) is NSNumber.Type { return Value(number: number) }
        if any is NSNull { return .null }
        if let value = any as? Value { return value }
        if let object = any as? ValueObject { return .object(object) }
        if let text = any as? String { return .string(text) }
        if let date = any as? Date { return .string(DateText.iso8601(date)) }
        if let data = any as? Data { return .string(data.base64EncodedString()) }
        if let url = any as? URL { return .string(url.absoluteString) }
        if let uuid = any as? UUID { return .string(uuid.uuidString) }
        if let decimal = any as? Decimal { return Value(decimal: decimal) }
        if let dictionary = any as? [String: Any] {
            var members: [(key: String, value: Value)] = []
            members.reserveCapacity(dictionary.count)
            for key in dictionary.keys.sorted() {
                members.append((key, try convert(dictionary[key] as Any, path: path + "/" + escapePointer(key))))
            }
            return .object(ValueObject(members))
        }
        if let array = any as? [Any] {
            var elements: [Value] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try convert(element, path: path + "/\(index)"))
            }
            return .array(elements)
        }
        // An optional inside `Any` (casts above already unwrapped `.some`).
        if let encodable = any as? any Encodable, let value = try? ValueEncoder().encode(encodable) {
            return value
        }
        let mirror = Mirror(reflecting: any)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return try convert(wrapped, path: path)
        }
        throw ValueConversionError(path: path, typeName: String(describing: type(of: any)))
    }

    /// Swift's own scalar types, matched by exact dynamic type: a plain `as? Bool`
    /// would also accept `NSNumber(1)` through bridging.
    private static func exactSwiftScalar(_ any: Any) -> Value? {
        switch any {
        case let value as Bool where type(of: any) == Bool.self: .bool(value)
        case let value as Int where type(of: any) == Int.self: .integer(value)
        case let value as Double where type(of: any) == Double.self: .decimal(value)
        case let value as String where type(of: any) == String.self: .string(value)
        case let value as Int8 where type(of: any) == Int8.self: .integer(Int(value))
        case let value as Int16 where type(of: any) == Int16.self: .integer(Int(value))
        case let value as Int32 where type(of: any) == Int32.self: .integer(Int(value))
        case let value as Int64 where type(of: any) == Int64.self: .integer(Int(value))
        case let value as UInt8 where type(of: any) == UInt8.self: .integer(Int(value))
        case let value as UInt16 where type(of: any) == UInt16.self: .integer(Int(value))
        case let value as UInt32 where type(of: any) == UInt32.self: .integer(Int(value))
        case let value as UInt where type(of: any) == UInt.self: Value(unsigned: UInt64(value))
        case let value as UInt64 where type(of: any) == UInt64.self: Value(unsigned: value)
        case let value as Float where type(of: any) == Float.self: .decimal(Double(value))
        case let value as Substring where type(of: any) == Substring.self: .string(String(value))
        default: nil
        }
    }

    private init(unsigned value: UInt64) {
        self = value <= UInt64(Int.max) ? .integer(Int(value)) : .decimal(Double(value))
    }

    /// A `Bool` NSNumber is one of the two shared boolean instances (CFBoolean on
    /// Darwin, `__NSCFBoolean` on Linux); any other NSNumber is numeric.
    private init(number: NSNumber) {
        if number === NSNumber(value: true) || number === NSNumber(value: false)
            || String(describing: type(of: number)).contains("Boolean")
        {
            self = .bool(number.boolValue)
            return
        }
        switch String(cString: number.objCType) {
        case "f", "d":
            self = .decimal(number.doubleValue)
        case "Q", "L":
            let unsigned = number.uint64Value
            self = unsigned <= UInt64(Int.max) ? .integer(Int(unsigned)) : .decimal(number.doubleValue)
        default:
            self = .integer(Int(number.int64Value))
        }
    }

    init(decimal: Decimal) {
        let integer = Int(NSDecimalNumber(decimal: decimal).int64Value)
        if decimal.isFinite, decimal == decimal.rounded(), Decimal(integer) == decimal {
            self = .integer(integer)
        } else {
            self = .decimal(NSDecimalNumber(decimal: decimal).doubleValue)
        }
    }

    /// Escapes a key for a JSON Pointer (RFC 6901).
    private static func escapePointer(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

extension Decimal {
    fileprivate func rounded() -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .plain)
        return result
    }
}

/// Date ↔ text in the one format records carry dates in.
enum DateText {
    /// `date` as ISO 8601 date-time text, the wall-clock time in `timeZone` with its
    /// offset: `2026-01-31T09:05:00Z` in UTC, `2026-01-31T01:05:00-08:00` in Los
    /// Angeles; milliseconds (`…:00.250Z`) only when the date has a fraction of a second.
    static func iso8601(_ date: Date, in timeZone: TimeZone = EvaluationContext.utc) -> String {
        guard date.timeIntervalSince1970.isFinite, abs(date.timeIntervalSince1970) < 1e14 else { return "" }
        let offset = timeZone.secondsFromGMT(for: date)
        let interval = date.timeIntervalSince1970 + Double(offset)
        let milliseconds = Int((interval * 1000).rounded(.down))
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayIndex, dayMilliseconds) =
            millisecondOfDay < 0
            ? (days - 1, millisecondOfDay + 86_400_000) : (days, millisecondOfDay)
        let calendarDate = CalendarDate(daysSinceEpoch: dayIndex)
        let seconds = dayMilliseconds / 1000
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
        }
        var text = "\(calendarDate)T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
        if dayMilliseconds % 1000 != 0 { text += "." + pad(dayMilliseconds % 1000, 3) }
        guard offset != 0 else { return text + "Z" }
        let minutes = abs(offset) / 60
        return text + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }
}
