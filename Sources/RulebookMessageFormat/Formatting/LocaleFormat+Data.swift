// Number symbols, grouping and Gregorian date patterns per locale, transcribed from
// CLDR 46 (common/main/<locale>.xml: numbers/symbols for the default numbering system,
// minimumGroupingDigits, calendar "gregorian" dateFormats short/medium/long, and the
// format-context wide and abbreviated month names). Locales without an entry use
// their language's entry, then `root`.

extension LocaleFormat {
    private static let nbsp = "\u{00A0}"
    private static let narrowNBSP = "\u{202F}"
    private static let rlm = "\u{200F}"

    private static func months(_ text: String) -> [String] { text.split(separator: "|").map(String.init) }

    private static let englishMonths = months("January|February|March|April|May|June|July|August|September|October|November|December")
    private static let englishShortMonths = months("Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec")
    private static let germanMonths = months("Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember")
    private static let germanShortMonths = months("Jan.|Feb.|März|Apr.|Mai|Juni|Juli|Aug.|Sept.|Okt.|Nov.|Dez.")
    private static let arabicMonths = months("يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر")
    private static let numericMonths = months("1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月")
    private static let koreanMonths = months("1월|2월|3월|4월|5월|6월|7월|8월|9월|10월|11월|12월")

    private static func make(
        _ locale: String, decimal: String, group: String, minimumGrouping: Int = 1, zero: Unicode.Scalar = "0",
        minus: String = "-", list: String = ", ", short: String, medium: String, long: String,
        wide: [String], abbreviated: [String]
    ) -> LocaleFormat {
        LocaleFormat(
            locale: locale, decimalSeparator: decimal, groupSeparator: group, minimumGroupingDigits: minimumGrouping,
            zeroDigit: zero, minusSign: minus, listSeparator: list,
            dates: DateFormatData(short: short, medium: medium, long: long, monthsWide: wide, monthsAbbreviated: abbreviated))
    }

    /// CLDR root: `#,##0.###` with `.` and `,`, ISO-like dates.
    static let root = make(
        "root", decimal: ".", group: ",", short: "y-MM-dd", medium: "y MMM d", long: "y MMMM d",
        wide: englishMonths, abbreviated: englishShortMonths)

    static let table: [String: LocaleFormat] = {
        let formats: [LocaleFormat] = [
            make(
                "en", decimal: ".", group: ",", short: "M/d/yy", medium: "MMM d, y", long: "MMMM d, y",
                wide: englishMonths, abbreviated: englishShortMonths),
            make(
                "de", decimal: ",", group: ".", short: "dd.MM.yy", medium: "dd.MM.y", long: "d. MMMM y",
                wide: germanMonths, abbreviated: germanShortMonths),
            // Austria: no-break space between groups, and "Jänner".
            make(
                "de-AT", decimal: ",", group: nbsp, short: "dd.MM.yy", medium: "dd.MM.y", long: "d. MMMM y",
                wide: ["Jänner"] + germanMonths.dropFirst(), abbreviated: ["Jän."] + germanShortMonths.dropFirst()),
            make(
                "fr", decimal: ",", group: narrowNBSP, short: "dd/MM/y", medium: "d MMM y", long: "d MMMM y",
                wide: months("janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"),
                abbreviated: months("janv.|févr.|mars|avr.|mai|juin|juil.|août|sept.|oct.|nov.|déc.")),
            make(
                "es", decimal: ",", group: ".", minimumGrouping: 2, short: "d/M/yy", medium: "d MMM y",
                long: "d 'de' MMMM 'de' y",
                wide: months("enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre"),
                abbreviated: months("ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic")),
            make(
                "it", decimal: ",", group: ".", short: "dd/MM/yy", medium: "d MMM y", long: "d MMMM y",
                wide: months("gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre"),
                abbreviated: months("gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic")),
            make(
                "pt", decimal: ",", group: ".", short: "dd/MM/y", medium: "d 'de' MMM 'de' y", long: "d 'de' MMMM 'de' y",
                wide: months("janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro"),
                abbreviated: months("jan.|fev.|mar.|abr.|mai.|jun.|jul.|ago.|set.|out.|nov.|dez.")),
            make(
                "pt-PT", decimal: ",", group: nbsp, minimumGrouping: 2, short: "dd/MM/yy", medium: "dd/MM/y",
                long: "d 'de' MMMM 'de' y",
                wide: months("janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro"),
                abbreviated: months("jan.|fev.|mar.|abr.|mai.|jun.|jul.|ago.|set.|out.|nov.|dez.")),
            make(
                "nl", decimal: ",", group: ".", short: "dd-MM-y", medium: "d MMM y", long: "d MMMM y",
                wide: months("januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december"),
                abbreviated: months("jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec")),
            make(
                "sv", decimal: ",", group: nbsp, minus: "\u{2212}", short: "y-MM-dd", medium: "d MMM y", long: "d MMMM y",
                wide: months("januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december"),
                abbreviated: months("jan.|feb.|mars|apr.|maj|juni|juli|aug.|sep.|okt.|nov.|dec.")),
            make(
                "pl", decimal: ",", group: nbsp, minimumGrouping: 2, short: "d.MM.y", medium: "d MMM y", long: "d MMMM y",
                wide: months("stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia"),
                abbreviated: months("sty|lut|mar|kwi|maj|cze|lip|sie|wrz|paź|lis|gru")),
            make(
                "ru", decimal: ",", group: nbsp, short: "dd.MM.y", medium: "d MMM y 'г'.", long: "d MMMM y 'г'.",
                wide: months("января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря"),
                abbreviated: months("янв.|февр.|мар.|апр.|мая|июн.|июл.|авг.|сент.|окт.|нояб.|дек.")),
            make(
                "uk", decimal: ",", group: nbsp, short: "dd.MM.yy", medium: "d MMM y 'р'.", long: "d MMMM y 'р'.",
                wide: months("січня|лютого|березня|квітня|травня|червня|липня|серпня|вересня|жовтня|листопада|грудня"),
                abbreviated: months("січ.|лют.|бер.|квіт.|трав.|черв.|лип.|серп.|вер.|жовт.|лист.|груд.")),
            make(
                "cs", decimal: ",", group: nbsp, short: "dd.MM.yy", medium: "d. M. y", long: "d. MMMM y",
                wide: months("ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince"),
                abbreviated: months("led|úno|bře|dub|kvě|čvn|čvc|srp|zář|říj|lis|pro")),
            make(
                "tr", decimal: ",", group: ".", short: "d.MM.y", medium: "d MMM y", long: "d MMMM y",
                wide: months("Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık"),
                abbreviated: months("Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara")),
            make(
                "he", decimal: ".", group: ",", minus: "\u{200E}-", short: "d.M.y", medium: "d בMMM y", long: "d בMMMM y",
                wide: months("ינואר|פברואר|מרץ|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר"),
                abbreviated: months("ינו׳|פבר׳|מרץ|אפר׳|מאי|יוני|יולי|אוג׳|ספט׳|אוק׳|נוב׳|דצמ׳")),
            make(
                "ar", decimal: "\u{066B}", group: "\u{066C}", zero: "\u{0660}", minus: "\u{061C}-", list: "، ",
                short: "d\(rlm)/M\(rlm)/y", medium: "dd\(rlm)/MM\(rlm)/y", long: "d MMMM y",
                wide: arabicMonths, abbreviated: arabicMonths),
            make(
                "ja", decimal: ".", group: ",", list: "、", short: "y/MM/dd", medium: "y/MM/dd", long: "y年M月d日",
                wide: numericMonths, abbreviated: numericMonths),
            make(
                "zh", decimal: ".", group: ",", list: "、", short: "y/M/d", medium: "y年M月d日", long: "y年M月d日",
                wide: numericMonths, abbreviated: numericMonths),
            make(
                "ko", decimal: ".", group: ",", short: "yy. M. d.", medium: "y. M. d.", long: "y년 M월 d일",
                wide: koreanMonths, abbreviated: koreanMonths),
        ]
        return Dictionary(uniqueKeysWithValues: formats.map { ($0.locale, $0) })
    }()
}
