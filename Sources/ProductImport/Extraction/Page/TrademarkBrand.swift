/// A brand the product's name marks as a trademark at its head ("Nespresso ® by Breville VertuoLine…",
/// "LEGO® Star Wars X-Wing", "Crocs™ Classic Clog"), used only when no source names a brand. Fabrics and
/// technologies are trademarked too ("GORE-TEX® Paclite Jacket", "Thinsulate™ Gloves"): those are no brand.
enum TrademarkBrand {
    /// The brand, or nil.
    static func brand(inName name: String) -> String? {
        guard name.utf8.count <= 300, let mark = name.firstIndex(where: { $0 == "®" || $0 == "™" }) else { return nil }
        let words = name[..<mark].split(separator: " ")
        guard (1...3).contains(words.count), let first = words.first?.first, first.isUppercase || first.isNumber else { return nil }
        let brand = words.joined(separator: " ")
        guard brand.count >= 2, brand.contains(where: \.isLetter), !brand.contains(where: { ",:;|()[]".contains($0) }) else { return nil }
        let lowered = brand.lowercased()
        guard !technologies.contains(where: { lowered == $0 || lowered.hasSuffix(" " + $0) }) else { return nil }
        return brand
    }

    /// Trademarked fabrics, fibres and technologies that names lead with.
    private static let technologies: Set<String> = [
        "gore-tex", "goretex", "gore", "windstopper", "thinsulate", "primaloft", "polartec", "coolmax", "thermolite", "lycra", "spandex",
        "tencel", "lyocell", "modal", "supima", "cordura", "kevlar", "teflon", "velcro", "dri-fit", "climacool", "climalite", "heattech",
        "airism", "sympatex", "outlast", "repreve", "econyl", "vibram", "ortholite", "sorona", "cupro", "merino", "pima", "egyptian cotton",
        "bluesign", "oeko-tex", "scotchlite", "3m", "memory foam", "bluetooth", "wi-fi", "wifi", "usb", "hdmi", "qi",
    ]
}
