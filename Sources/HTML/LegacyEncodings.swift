/// The encodings pages were written in before UTF-8: the WHATWG Encoding Standard's labels mapped
/// to glibc's converters (taking the superset browsers decode: EUC-KR is read as windows-949,
/// GBK and GB2312 as GB18030, Big5 as Big5-HKSCS, Shift_JIS as windows-31j), and the encoding a
/// page from each country falls back to when it names none.
enum LegacyEncodings {
    /// The glibc name for a lowercase charset label, nil when the label names no legacy encoding.
    static func glibcName(forLabel label: String) -> String? {
        if let name = byLabel[label] { return name }
        // "iso-8859-2", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987"…
        for prefix in ["iso-8859-", "iso8859-", "iso_8859-", "iso8859"] where label.hasPrefix(prefix) {
            let part = label.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let number = Int(part), isoParts.contains(number) else { return nil }
            // WHATWG reads ISO-8859-9 as windows-1254 and ISO-8859-11 as windows-874.
            if number == 9 { return "WINDOWS-1254" }
            if number == 11 { return "CP874" }
            return "ISO-8859-\(number)"
        }
        // "windows-1251", "cp1251", "x-cp1251".
        for prefix in ["windows-", "x-cp", "cp"] where label.hasPrefix(prefix) {
            guard let number = Int(label.dropFirst(prefix.count)), (1250...1258).contains(number) else { continue }
            return "WINDOWS-\(number)"
        }
        return nil
    }

    private static let isoParts: Set<Int> = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16]

    /// Every glibc converter name the tables and the label rules can give.
    static var allGlibcNames: Set<String> {
        var names = Set(byLabel.values).union(fallbackByCountry.values)
        for number in isoParts { names.insert(glibcName(forLabel: "iso-8859-\(number)")!) }
        for number in 1250...1258 { names.insert("WINDOWS-\(number)") }
        return names
    }

    private static let byLabel: [String: String] = {
        var table: [String: String] = [:]
        func add(_ name: String, _ labels: [String]) { for label in labels { table[label] = name } }
        add("CP949", ["euc-kr", "cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601",
                      "ksc_5601", "windows-949", "cp949", "uhc", "x-windows-949"])
        add("BIG5-HKSCS", ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"])
        add("GB18030", ["gbk", "gb2312", "gb_2312", "gb_2312-80", "chinese", "csgb2312", "csiso58gb231280", "iso-ir-58", "x-gbk",
                        "gb18030", "cp936", "ms936", "windows-936", "euc-cn"])
        add("CP932", ["shift_jis", "shift-jis", "sjis", "csshiftjis", "ms932", "ms_kanji", "windows-31j", "x-sjis", "cp932"])
        add("EUC-JP-MS", ["euc-jp", "cseucpkdfmtjapanese", "x-euc-jp"])
        add("ISO-2022-JP", ["iso-2022-jp", "csiso2022jp"])
        add("IBM866", ["ibm866", "866", "cp866", "csibm866"])
        add("KOI8-R", ["koi8-r", "koi8_r", "koi8", "koi", "cskoi8r"])
        add("KOI8-U", ["koi8-u", "koi8-ru"])
        add("MACINTOSH", ["macintosh", "mac", "csmacintosh", "x-mac-roman"])
        add("CP874", ["windows-874", "dos-874", "tis-620"])
        add("ISO-8859-2", ["latin2", "l2", "csisolatin2", "iso-ir-101"])
        add("ISO-8859-5", ["cyrillic", "csisolatincyrillic", "iso-ir-144"])
        add("ISO-8859-7", ["greek", "greek8", "csisolatingreek", "elot_928", "ecma-118", "iso-ir-126"])
        add("ISO-8859-8", ["hebrew", "csisolatinhebrew", "iso-ir-138", "visual"])
        add("ISO-8859-15", ["latin9", "l9", "csisolatin9"])
        add("WINDOWS-1254", ["latin5", "l5", "csisolatin5", "iso-ir-148"])
        return table
    }()

    /// Firefox's fallback by country ending: the encoding most older pages there were written in.
    static let fallbackByCountry: [String: String] = {
        var table: [String: String] = [:]
        func add(_ name: String, _ endings: [String]) { for ending in endings { table[ending] = name } }
        add("CP949", ["kr"])
        add("BIG5-HKSCS", ["tw", "hk", "mo"])
        add("GB18030", ["cn"])
        add("CP932", ["jp"])
        add("WINDOWS-1251", ["ru", "ua", "by", "bg", "kz", "kg", "mk", "rs", "tj", "mn", "su", "рф", "укр", "срб", "бг", "мкд"])
        add("WINDOWS-1250", ["pl", "cz", "sk", "hu", "si", "hr", "ro", "ba"])
        add("WINDOWS-1253", ["gr"])
        add("WINDOWS-1254", ["tr", "az"])
        add("WINDOWS-1255", ["il"])
        add("WINDOWS-1256", ["eg", "sa", "ae", "iq", "jo", "kw", "lb", "om", "qa", "sy", "ye", "ir"])
        add("WINDOWS-1257", ["lt", "lv", "ee"])
        add("WINDOWS-1258", ["vn"])
        add("CP874", ["th"])
        return table
    }()

    /// The fallback for a page in `language` ("ko", "zh-TW", "ru") on a shop whose domain names no country.
    static func fallback(forLanguage language: String) -> String? {
        let parts = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = parts.first else { return nil }
        if primary == "zh" {
            // Traditional Chinese (Taiwan, Hong Kong, Macau, "zh-Hant") was Big5; the rest GB2312 and GBK.
            return parts.dropFirst().contains(where: { ["tw", "hk", "mo", "hant"].contains($0) }) ? "BIG5-HKSCS" : "GB18030"
        }
        return byLanguage[primary]
    }

    private static let byLanguage: [String: String] = [
        "ko": "CP949", "ja": "CP932", "ru": "WINDOWS-1251", "uk": "WINDOWS-1251", "bg": "WINDOWS-1251", "be": "WINDOWS-1251",
        "sr": "WINDOWS-1251", "mk": "WINDOWS-1251", "kk": "WINDOWS-1251", "pl": "WINDOWS-1250", "cs": "WINDOWS-1250",
        "sk": "WINDOWS-1250", "hu": "WINDOWS-1250", "sl": "WINDOWS-1250", "hr": "WINDOWS-1250", "ro": "WINDOWS-1250",
        "el": "WINDOWS-1253", "tr": "WINDOWS-1254", "he": "WINDOWS-1255", "ar": "WINDOWS-1256", "fa": "WINDOWS-1256",
        "lt": "WINDOWS-1257", "lv": "WINDOWS-1257", "et": "WINDOWS-1257", "vi": "WINDOWS-1258", "th": "CP874",
    ]
}
