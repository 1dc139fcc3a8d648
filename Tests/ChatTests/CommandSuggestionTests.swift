@testable import Chat
import Foundation
import Testing
import WardrobeTestKit

@Suite struct CommandSuggestionTests {
    static let known = [
        "start", "help", "cancel", "outfit", "occasions", "closet", "item", "edit", "remove", "wore", "stats", "add", "me", "tryon", "look",
        "looks", "language", "laundry", "clean", "daily", "timezone", "export", "forget", "vote", "prompt", "service", "key",
    ]

    @Test(arguments: [
        ("delete", "remove"), ("Hilfe", "help"), ("otufit", "outfit"), ("outfti", "outfit"), ("closte", "closet"),
        ("langauge", "language"), ("stat", "stats"), ("wardrobe", "closet"), ("try", "tryon"), ("itme", "item"),
    ])
    func aSynonymOrASmallSlipNamesTheCommandMeant(typed: String, meant: String) {
        #expect(CommandSuggestion.suggest(typed, among: Self.known) == meant)
    }

    @Test(arguments: [
        // remove
        ("entfernen", "remove"), ("löschen", "remove"), ("Loeschen", "remove"), ("supprimer", "remove"), ("effacer", "remove"),
        ("borrar", "remove"), ("eliminar", "remove"), ("quitar", "remove"), ("cancella", "remove"), ("elimina", "remove"), ("rimuovi", "remove"),
        // add, closet, outfit, edit
        ("hinzufügen", "add"), ("hinzufugen", "add"), ("ajouter", "add"), ("añadir", "add"), ("anadir", "add"), ("aggiungi", "add"),
        ("kleiderschrank", "closet"), ("garderobe", "closet"), ("vêtements", "closet"), ("ropa", "closet"), ("armadio", "closet"),
        ("tenue", "outfit"), ("conjunto", "outfit"), ("abbinamento", "outfit"), ("anziehen", "outfit"),
        ("ändern", "edit"), ("bearbeiten", "edit"), ("modifier", "edit"), ("editar", "edit"), ("cambiar", "edit"), ("modifica", "edit"),
        // help, language, stats, wore
        ("aide", "help"), ("ayuda", "help"), ("aiuto", "help"), ("befehle", "help"), ("Sprache", "language"), ("langue", "language"),
        ("idioma", "language"), ("lingua", "language"), ("statistik", "stats"), ("estadísticas", "stats"), ("estadisticas", "stats"),
        ("statistiques", "stats"), ("statistiche", "stats"), ("getragen", "wore"), ("porté", "wore"), ("llevé", "wore"), ("indossato", "wore"),
        // the rest
        ("anprobieren", "tryon"), ("essayer", "tryon"), ("wäsche", "laundry"), ("lessive", "laundry"), ("bucato", "laundry"),
        ("sauber", "clean"), ("propre", "clean"), ("täglich", "daily"), ("zeitzone", "timezone"), ("fuseau", "timezone"),
        ("exportieren", "export"), ("vergessen", "forget"), ("abstimmung", "vote"), ("schlüssel", "key"), ("clé", "key"),
        // cancel
        ("abbrechen", "cancel"), ("annuler", "cancel"), ("cancelar", "cancel"), ("annulla", "cancel"), ("stop", "cancel"), ("Stopp", "cancel"),
    ])
    func theCommonWordsForEachCommandInTheFiveLanguagesNameIt(typed: String, meant: String) {
        #expect(CommandSuggestion.suggest(typed, among: Self.known) == meant, "\(typed)")
    }

    @Test func everyWordNamesACommandTheBotHasAndNoWordNamesTwo() {
        var seen: [String: String] = [:]
        for (command, words) in CommandSuggestion.words {
            for word in words {
                let key = CommandSuggestion.folded(word)
                #expect(seen[key] == nil || seen[key] == command, "\(word) is \(seen[key] ?? "") and \(command)")
                seen[key] = command
            }
        }
    }

    @Test(arguments: ["nope", "x", "weather", "pizza", String(repeating: "a", count: 5000)])
    func farNamesOfferNothing(typed: String) {
        #expect(CommandSuggestion.suggest(typed, among: Self.known) == nil)
    }

    @Test func aTieBetweenTwoCommandsOffersNeither() {
        // "lookz" is one edit from both /look (delete z)… and /looks (z for s).
        #expect(CommandSuggestion.suggest("lookz", among: Self.known) == nil)
    }

    @Test func theRouterOffersTheCommandWithTheSameArgumentsAndCutsAHugeName() async throws {
        let (store, folder) = try RouterTests.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let router = RouterTests.router(store) { builder in
            builder.add(Command("remove", usage: "N", summary: "deletes") { _, _ in })
        }
        let transport = RecordingTransport()
        await router.handle(Events.command("delete", "4"), via: transport)
        await router.handle(Events.command(String(repeating: "a", count: 5000)), via: transport)
        #expect(transport.texts.first == "I don't know /delete. Did you mean /remove 4?")
        let long = try #require(transport.texts.last)
        #expect(long.hasPrefix("I don't know /aaaa") && long.count < 120)
        // In a group an unlike command is another bot's and gets nothing; a slip of ours still gets help.
        let group = RecordingTransport()
        await router.handle(Events.make(.command(name: "weather", arguments: ""), chat: "g1", kind: .group), via: group)
        await router.handle(Events.make(.command(name: "remvoe", arguments: "2"), chat: "g1", kind: .group), via: group)
        #expect(group.texts == ["I don't know /remvoe. Did you mean /remove 2?"])
    }
}

/// How replies quote a user's words: whole up to the limit, else cut with "…" to exactly the limit.
@Suite struct ShortenedTextTests {
    @Test func textUpToTheLimitStaysAndLongerTextIsCutToIt() {
        #expect("navy".shortened(to: 4) == "navy")
        #expect("navy blazer".shortened(to: 4) == "nav…")
        #expect(String(repeating: "9", count: 23).shortened(to: 12) == "99999999999…")
        #expect("é✓🧥ab".shortened(to: 3) == "é✓…")
    }
}
