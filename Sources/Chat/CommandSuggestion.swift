import Support

/// The command a person most likely meant by one the bot does not know: a word people use for it
/// ("/delete" for /remove, "/hilfe" for /help) or a small typo ("/otufit").
public enum CommandSuggestion {
    /// Words people type for a command, in the five reply languages.
    static let synonyms: [String: String] = [
        "delete": "remove", "del": "remove", "rm": "remove", "erase": "remove", "löschen": "remove",
        "loeschen": "remove", "supprimer": "remove", "borrar": "remove", "eliminar": "remove", "elimina": "remove",
        "list": "closet", "items": "closet", "clothes": "closet", "wardrobe": "closet", "kleiderschrank": "closet",
        "schrank": "closet", "armoire": "closet", "armario": "closet", "armadio": "closet", "garderobe": "closet",
        "lang": "language", "sprache": "language", "langue": "language", "idioma": "language", "lingua": "language",
        "stat": "stats", "statistics": "stats", "statistik": "stats", "statistiques": "stats", "estadisticas": "stats",
        "statistiche": "stats", "try": "tryon", "tryiton": "tryon", "anprobieren": "tryon", "essayer": "tryon",
        "probar": "tryon", "prova": "tryon", "selfie": "me", "hilfe": "help", "aide": "help", "ayuda": "help",
        "aiuto": "help", "commands": "help", "menu": "help", "new": "add", "import": "add", "hinzufügen": "add",
        "ajouter": "add", "añadir": "add", "agregar": "add", "aggiungi": "add", "wear": "wore", "worn": "wore",
        "dirty": "laundry", "wash": "laundry", "washed": "clean", "outfits": "outfit", "tz": "timezone",
    ]

    /// Commands longer than this are not typos of a real one (Telegram allows 32 characters).
    static let maximumLength = 32

    /// The known command meant by `name`, or nil when none is close enough to offer.
    public static func suggest(_ name: String, among known: some Collection<String>) -> String? {
        let typed = name.lowercased()
        guard !typed.isEmpty, typed.count <= maximumLength else { return nil }
        if let meant = synonyms[typed], known.contains(meant) { return meant }
        // One slip in a short name, two in a longer one; only a single closest command is offered.
        let allowed = typed.count <= 4 ? 1 : 2
        let scored = known.map { ($0, EditDistance.between(Array(typed), Array($0), countingSwaps: true)) }.filter { $0.1 <= allowed }
        guard let best = scored.map(\.1).min() else { return nil }
        let closest = scored.filter { $0.1 == best }
        return closest.count == 1 ? closest[0].0 : nil
    }
}
