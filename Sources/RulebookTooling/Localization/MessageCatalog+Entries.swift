import Rulebook

// What editors and catalogue tools look up in a catalogue beyond its messages.

extension MessageCatalog {
    /// The file range of the UTF-8 range `decoded` inside `entry`'s decoded message
    /// (escapes such as `\n` or `\u00e9` make the two differ).
    package func sourceRange(ofDecoded decoded: Range<Int>, in entry: Entry) -> SourceRange {
        guard let json else { return entry.valueRange }
        return JSONStringMapping.sourceRange(forDecoded: decoded, inStringAt: entry.valueRange, in: json)
    }

    /// Every key with a string value, in file order, without repeats.
    package var keys: [String] {
        var seen: Set<String> = []
        return entries.map(\.key).filter { seen.insert($0).inserted }
    }

    /// The last entry for `key`.
    package func entry(forKey key: String) -> Entry? { entries.last { $0.key == key } }
}
