import HTML

/// The shop's own name as the brand, for shops that sell only their own label (COS, ARKET, & Other
/// Stories, Weekday): their pages show no brand beside the name because the whole shop is the brand.
/// Taken from `og:site_name` (or `application-name`), else from a title tail that names the shop by its
/// host ("gFast Blackout mesh panel leggings | Gap" on gap.com), only when no source names a brand and the
/// shop is not one of the department stores and marketplaces that sell many labels.
enum ShopBrand {
    /// The brand the site name gives, or nil.
    static func brand(from metas: [HTMLTag], host: String?) -> String? {
        let raw = metas.metaContent("og:site_name")
            ?? metas.first { $0["name"]?.lowercased() == "application-name" }?["content"]
        return raw.flatMap { named($0, host: host) }
    }

    /// The brand a title's last segment gives when that segment is the shop's name as its host spells it.
    static func brand(fromTitle title: String?, host: String?) -> String? {
        guard let title, title.utf8.count <= 300 else { return nil }
        for separator in [" | ", " – ", " — ", " - "] {
            guard let found = title.byteRange(of: separator, backwards: true) else { continue }
            let tail = title[found.upperBound...]
            if ShopName.names(tail, host: host) { return named(String(tail), host: host) }
            // "Swatch® United States - Regular … SKINMESH": the shop named first.
            let head = title[..<(title.byteRange(of: separator)?.lowerBound ?? found.lowerBound)]
            return ShopName.names(head, host: host) ? named(String(head), host: host) : nil
        }
        // "Women's Supima Cotton Cardigan Sweater from Lands' End".
        for word in [" from ", " by ", " at "] {
            guard let found = title.byteRange(of: word, backwards: true) else { continue }
            let tail = title[found.upperBound...]
            if ShopName.names(tail, host: host) { return named(String(tail), host: host) }
        }
        return nil
    }

    /// The site name `raw` as a brand: without "online shop"-style endings, a slogan after a separator or a
    /// country code, and never a marketplace's name or a bare domain.
    private static func named(_ raw: String, host: String?) -> String? {
        var name = HTMLDocument.collapsingWhitespace(raw.replacingOccurrences(of: "®", with: "").replacingOccurrences(of: "™", with: ""))
        guard !name.isEmpty else { return nil }
        for suffix in [" online shop", " onlineshop", " official site", " official store", " online store", " shop", " store", " online"]
        where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        if let separator = name.range(of: " | ") ?? name.range(of: " - ") { name = String(name[..<separator.lowerBound]) }
        // "COS DE", "Weekday UK", "adidas United States": a country after the name; "IKEA EG/EN": a country and a language.
        let words = name.split(separator: " ")
        if words.count >= 2, let last = words.last, Self.isCountryCode(last) { name = words.dropLast().joined(separator: " ") }
        for country in countries where name.count > country.count + 1 && name.lowercased().hasSuffix(" " + country) {
            name = String(name.dropLast(country.count + 1))
            break
        }
        // "English Store for United States" (Swatch's site name) names the shop's language, not its label.
        let lowered = name.lowercased()
        if lowered.hasSuffix(" for") || ["english", "deutsch", "français", "francais", "español", "italiano"].contains(where: lowered.hasPrefix) {
            return nil
        }
        guard let brand = BrandText.clean(name), brand.count >= 2, brand.split(separator: " ").count <= 4 else { return nil }
        // "Joss & Main" is jossandmain, "The Home Depot" homedepot.
        var folded = brand.lowercased().replacingOccurrences(of: "&", with: "and").filter { $0.isLetter || $0.isNumber }
        if folded.hasPrefix("the"), folded.count > 5 { folded.removeFirst(3) }
        let hostLabels = (host ?? "").lowercased().split(separator: ".").map(String.init)
        if marketplaces.contains(where: { folded.hasPrefix($0) }) || hostLabels.contains(where: marketplaces.contains) { return nil }
        // A domain as the name says nothing about the label ("shop.example.com"), unless it is the shop's own
        // host label: "RalphLauren.com" on ralphlauren.com is Ralph Lauren, its capitals parting the words.
        if brand.contains(".") && !brand.contains(" ") {
            // In lower case ("anntaylor.com") the words cannot be told apart: the title may still name the shop.
            guard let label = brand.split(separator: ".").first, ShopName.names(label, host: host), label.count >= 2,
                  label.contains(where: \.isUppercase) else { return nil }
            return spacedAtCapitals(String(label))
        }
        return brand
    }

    /// "DE", "EG/EN", "CH-FR": two capitals, or two pairs joined by a slash or a hyphen.
    private static func isCountryCode(_ word: Substring) -> Bool {
        let parts = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "-" })
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isUppercase } }
    }

    /// Countries shops name after their own name in `og:site_name`.
    private static let countries = [
        "united states", "united kingdom", "usa", "canada", "australia", "deutschland", "germany", "österreich", "schweiz", "france",
        "españa", "espana", "italia", "nederland", "belgië", "belgique", "polska", "sverige", "danmark", "norge", "suomi", "portugal",
        "brasil", "méxico", "mexico", "japan", "korea", "taiwan", "singapore", "india", "ireland", "new zealand",
        // Regions ("Hero MEA Store": Middle East and Africa).
        "mea", "emea", "apac", "latam", "gcc", "middle east", "egypt", "uae", "ksa", "europe",
    ]

    /// "RalphLauren" → "Ralph Lauren"; a name without inner capitals stays as it is.
    private static func spacedAtCapitals(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if let previous, character.isUppercase, previous.isLowercase { result.append(" ") }
            result.append(character)
            previous = character
        }
        return result
    }

    /// The shop's own name when the product's name starts with it on the shop's own host ("Nike Auralux Solid Club"
    /// on nike.com): a shop of its own label names its products so.
    static func brand(fromName name: String?, host: String?) -> String? {
        guard let name, let first = name.split(separator: " ").first, first.count >= 2, ShopName.labels(of: host).contains(first.lowercased()) else { return nil }
        return named(String(first), host: host)
    }

    /// Shops that sell many labels: their name is never the product's brand.
    private static let marketplaces: Set<String> = [
        "amazon", "ebay", "etsy", "aliexpress", "alibaba", "walmart", "target", "zalando", "asos", "otto", "aboutyou", "shein", "temu",
        "wish", "dhgate", "banggood", "lightinthebox", "groupon", "rakuten", "mercadolibre", "mercadolivre", "allegro", "bol", "cdiscount", "fnac", "coupang", "gmarket", "auction", "11st",
        // Ticket sellers sell other people's events.
        "songkick", "ticketmaster", "eventim", "stubhub", "viagogo", "seetickets", "eventbrite", "livenation", "ticketswap", "ticketone",
        "interpark", "yes24", "kktix", "tixcraft", "ticketportal",
        "momo", "momoshop", "pchome", "shopee", "lazada", "flipkart", "argos", "johnlewis", "nordstrom", "macys", "selfridges", "farfetch",
        "mytheresa", "netaporter", "ssense", "yoox", "zappos", "kohls", "jcpenney", "bestbuy", "costco", "wayfair", "overstock", "kaufland",
        "galeria", "breuninger", "elcorteingles", "laredoute", "vinted", "depop", "poshmark", "zalora", "myntra", "ajio", "tmall", "taobao",
        "jd", "qoo10", "musinsa", "wconcept", "ssg", "lotte", "naver", "next", "debenhams", "boozt", "bonprix", "conrad", "mediamarkt",
        "saturn", "idealo", "geizhals", "google", "facebook", "instagram", "shopify", "endclothing", "endclothingcom", "matchesfashion",
        "lyst", "modesens", "stylight", "uniquenewyork", "sears", "houseoffraser", "peekcloppenburg", "snipes", "footlocker", "jdsports",
        "sportsdirect", "decathlon", "intersport", "manor", "globus", "elpalaciodehierro", "liverpool", "falabella", "dafiti", "netshoes",
        "wemakeprice", "wemep", "tmon", "interpark", "lotteon", "yes24", "aladin", "kyobo", "ruten", "yahoo", "zozotown", "zozo", "mercari",
        "yodobashi", "books", "29cm", "kream", "pinkoi",
        // Wayfair's other shops, and department stores, DIY, electronics and drugstore chains of many labels.
        "jossandmain", "allmodern", "birchlane", "perigold", "homedepot", "lowes", "crateandbarrel", "neimanmarcus", "saksfifthavenue",
        "bloomingdales", "barnesandnoble", "bedbathandbeyond", "globalindustrial", "newegg",
        "bhphotovideo", "staples", "officedepot", "chewy", "walgreens", "cvs", "ulta", "sephora", "douglas", "notino", "lookfantastic",
        "zulily", "qvc", "hsn", "tesco", "currys", "very", "alza", "emag", "ozon", "wildberries", "trendyol", "hepsiburada", "noon",
        "jumia", "takealot", "kogan", "theiconic", "mall", "coolblue", "wehkamp", "empik", "darty", "boulanger", "pccomponentes", "worten",
    ]
}
