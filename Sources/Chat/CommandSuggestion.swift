import Foundation
import Support

/// The command a person most likely meant by one the bot does not know: a word people use for it
/// ("/delete" for /remove, "/hilfe" for /help, "/cancella" for /remove) or a small typo ("/otufit").
public enum CommandSuggestion {
    /// Words people type for each command in the five reply languages (verbs, nouns, the imperative),
    /// compared without case or accents.
    static let words: [String: [String]] = [
        "remove": [
            "delete", "del", "rm", "erase", "drop", "discard", "löschen", "loeschen", "entfernen", "wegwerfen", "weg", "supprimer",
            "effacer", "retirer", "enlever", "borrar", "eliminar", "quitar", "suprimir", "elimina", "cancella", "rimuovi", "togli",
        ],
        "add": [
            "new", "import", "save", "hinzufügen", "hinzufuegen", "neu", "speichern", "ajouter", "ajout", "nouveau", "añadir", "agregar",
            "nuevo", "guardar", "aggiungi", "aggiungere", "nuovo", "salva",
        ],
        "closet": [
            "list", "items", "clothes", "wardrobe", "pieces", "kleiderschrank", "schrank", "garderobe", "kleidung", "armoire", "placard",
            "dressing", "vêtements", "armario", "ropa", "ropero", "guardarropa", "armadio", "guardaroba", "vestiti",
        ],
        "outfit": ["outfits", "dress", "anziehen", "tenue", "tenues", "conjunto", "atuendo", "vestir", "abbinamento", "abbinamenti"],
        "edit": [
            "change", "modify", "update", "fix", "correct", "ändern", "aendern", "bearbeiten", "korrigieren", "modifier", "changer",
            "corriger", "editar", "cambiar", "modificar", "corregir", "modifica", "cambia", "correggi",
        ],
        "help": [
            "commands", "menu", "hilfe", "befehle", "aide", "commandes", "ayuda", "comandos", "aiuto", "comandi", "info",
        ],
        "language": ["lang", "sprache", "langue", "idioma", "lengua", "lingua"],
        "stats": [
            "stat", "statistics", "statistik", "statistiken", "statistiques", "estadísticas", "estadistica", "statistiche", "statistica",
        ],
        "wore": [
            "wear", "worn", "wearing", "getragen", "tragen", "anhatte", "porté", "porter", "llevé", "puesto", "indossato", "messo",
        ],
        "tryon": ["try", "tryiton", "anprobieren", "probieren", "essayer", "essayage", "probar", "probador", "prova", "provare"],
        "me": ["selfie", "ich", "moi", "yo", "io"],
        "laundry": [
            "dirty", "wash", "wäsche", "waesche", "schmutzig", "waschen", "lessive", "linge", "lavar", "sucio", "colada",
            "bucato", "sporco", "lavare",
        ],
        "clean": ["washed", "sauber", "gewaschen", "propre", "lavé", "limpio", "pulito", "lavato"],
        "daily": ["täglich", "taeglich", "quotidien", "diario", "quotidiano", "morning"],
        "timezone": ["tz", "zone", "zeitzone", "fuseau", "zona", "fuso"],
        "export": ["download", "backup", "exportieren", "exporter", "exportar", "esporta", "esportare"],
        "forget": ["vergessen", "vergiss", "oublier", "oublie", "olvidar", "olvida", "dimentica", "dimenticare"],
        "occasions": ["anlass", "anlässe", "anlaesse", "ocasiones", "occasioni", "events"],
        "vote": ["poll", "abstimmung", "abstimmen", "umfrage", "voter", "sondage", "votar", "votación", "encuesta", "votare", "votazione", "sondaggio"],
        "looks": ["gallery", "galerie", "galería", "galleria"],
        "prompt": ["style", "stil", "estilo", "stile"],
        "service": ["provider", "dienst", "anbieter", "fournisseur", "servicio", "servizio"],
        "key": ["apikey", "token", "schlüssel", "schluessel", "clé", "clave", "chiave"],
        "cancel": ["abbrechen", "abbruch", "annuler", "cancelar", "annulla", "annullare", "stop", "stopp", "abort", "quit", "halt", "anular", "basta"],
    ]

    /// Each word above, folded, to its command.
    static let synonyms: [String: String] = {
        var synonyms: [String: String] = [:]
        for (command, list) in words { for word in list { synonyms[folded(word)] = command } }
        return synonyms
    }()

    /// Commands longer than this are not typos of a real one (Telegram allows 32 characters).
    static let maximumLength = 32

    /// A typed command name as a reply quotes it: cut to Telegram's 32 characters, with "…" when cut.
    static func shown(_ name: String) -> String {
        name.shortened(to: maximumLength)
    }

    /// The known command meant by `name`, or nil when none is close enough to offer.
    public static func suggest(_ name: String, among known: some Collection<String>) -> String? {
        let typed = name.lowercased()
        guard !typed.isEmpty, typed.count <= maximumLength else { return nil }
        if let meant = synonyms[folded(typed)], known.contains(meant) { return meant }
        // One slip in a short name, two in a longer one; only a single closest command is offered.
        let allowed = typed.count <= 4 ? 1 : 2
        let scored = known.map { ($0, EditDistance.between(Array(typed), Array($0), countingSwaps: true)) }.filter { $0.1 <= allowed }
        guard let best = scored.map(\.1).min() else { return nil }
        let closest = scored.filter { $0.1 == best }
        return closest.count == 1 ? closest[0].0 : nil
    }

    /// Lowercased without accents, so "/estadisticas" and "/estadísticas", "/loschen" and "/löschen" are one word.
    static func folded(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
