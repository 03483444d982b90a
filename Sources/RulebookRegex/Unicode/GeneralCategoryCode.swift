/// The 30 Unicode general categories, numbered so tables can be plain arrays.
enum GeneralCategoryCode: Int, CaseIterable, Sendable {
    case uppercaseLetter, lowercaseLetter, titlecaseLetter, modifierLetter, otherLetter
    case nonspacingMark, spacingMark, enclosingMark
    case decimalNumber, letterNumber, otherNumber
    case connectorPunctuation, dashPunctuation, openPunctuation, closePunctuation
    case initialPunctuation, finalPunctuation, otherPunctuation
    case mathSymbol, currencySymbol, modifierSymbol, otherSymbol
    case spaceSeparator, lineSeparator, paragraphSeparator
    case control, format, surrogate, privateUse, unassigned

    /// Maps the standard library's category.
    init(_ category: Unicode.GeneralCategory) {
        switch category {
        case .uppercaseLetter: self = .uppercaseLetter
        case .lowercaseLetter: self = .lowercaseLetter
        case .titlecaseLetter: self = .titlecaseLetter
        case .modifierLetter: self = .modifierLetter
        case .otherLetter: self = .otherLetter
        case .nonspacingMark: self = .nonspacingMark
        case .spacingMark: self = .spacingMark
        case .enclosingMark: self = .enclosingMark
        case .decimalNumber: self = .decimalNumber
        case .letterNumber: self = .letterNumber
        case .otherNumber: self = .otherNumber
        case .connectorPunctuation: self = .connectorPunctuation
        case .dashPunctuation: self = .dashPunctuation
        case .openPunctuation: self = .openPunctuation
        case .closePunctuation: self = .closePunctuation
        case .initialPunctuation: self = .initialPunctuation
        case .finalPunctuation: self = .finalPunctuation
        case .otherPunctuation: self = .otherPunctuation
        case .mathSymbol: self = .mathSymbol
        case .currencySymbol: self = .currencySymbol
        case .modifierSymbol: self = .modifierSymbol
        case .otherSymbol: self = .otherSymbol
        case .spaceSeparator: self = .spaceSeparator
        case .lineSeparator: self = .lineSeparator
        case .paragraphSeparator: self = .paragraphSeparator
        case .control: self = .control
        case .format: self = .format
        case .surrogate: self = .surrogate
        case .privateUse: self = .privateUse
        case .unassigned: self = .unassigned
        @unknown default: self = .unassigned
        }
    }
}
