extension LocaleFormat {
    /// Appends `date` in this locale's short, medium or long pattern.
    @inlinable
    package func appendDate(_ date: some MessageDate, style: DateStyle, to output: inout String) {
        appendDate(year: date.year, month: date.month, day: date.day, style: style, to: &output)
    }

    /// Appends the date `year`-`month`-`day` in this locale's short, medium or long pattern.
    @usableFromInline
    func appendDate(year: Int, month: Int, day: Int, style: DateStyle, to output: inout String) {
        let pattern = dates.pattern(style)
        let scalars = pattern.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "'" {
                // Quoted literal text; '' is an apostrophe.
                var next = scalars.index(after: index)
                if next < scalars.endIndex && scalars[next] == "'" {
                    output.unicodeScalars.append("'")
                    index = scalars.index(after: next)
                    continue
                }
                while next < scalars.endIndex && scalars[next] != "'" {
                    output.unicodeScalars.append(scalars[next])
                    next = scalars.index(after: next)
                }
                index = next < scalars.endIndex ? scalars.index(after: next) : next
                continue
            }
            guard scalar == "d" || scalar == "M" || scalar == "y" else {
                output.unicodeScalars.append(scalar)
                index = scalars.index(after: index)
                continue
            }
            var count = 0
            while index < scalars.endIndex && scalars[index] == scalar {
                count += 1
                index = scalars.index(after: index)
            }
            appendField(scalar, count: count, year: year, month: month, day: day, to: &output)
        }
    }

    private func appendField(_ letter: Unicode.Scalar, count: Int, year: Int, month: Int, day: Int, to output: inout String) {
        switch letter {
        case "d":
            appendInteger(day, width: count, to: &output)
        case "M":
            switch count {
            case 1, 2: appendInteger(month, width: count, to: &output)
            case 3: output += dates.monthsAbbreviated[month - 1]
            default: output += dates.monthsWide[month - 1]
            }
        default:  // y
            if count == 2 {
                appendInteger(((year % 100) + 100) % 100, width: 2, to: &output)
            } else {
                if year < 0 { output += minusSign }
                appendInteger(Swift.abs(year), width: count, to: &output)
            }
        }
    }
}
