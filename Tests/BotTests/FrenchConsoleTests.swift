@testable import Bot
import Chat
import Foundation
import Testing
import WardrobeTestKit

/// A French-speaking person on the console: `/language fr`, then the closet, an outfit, a wear and the statistics
/// all answer from the French catalog (the console sends no app language, so the choice is what counts).
@Suite(.serialized) struct FrenchConsoleTests {
    /// Types `lines` into a console transport one by one, each handled to the end before the next.
    static func type(_ lines: [String], bot: BotHarness, console: ConsoleTransport) async {
        for (number, line) in lines.enumerated() {
            guard let event = console.event(for: line, number: number + 1) else { continue }
            await bot.router.handle(event, via: console)
        }
    }

    @Test func aFrenchUserOnTheConsoleGetsTheClosetOutfitWearAndStatsInFrench() async throws {
        let bot = try BotHarness()
        // The console's person is `console:local`.
        try await ClosetCommandTests.stock(bot, user: "local")
        let lines = LineRecorder()
        let console = ConsoleTransport(outputFolder: "\(bot.folder)/console") { lines.append($0) }
        await Self.type(["/language fr"], bot: bot, console: console)
        #expect(lines.all.last == "Désormais, je réponds en français.")

        await Self.type(["/closet"], bot: bot, console: console)
        let closet = lines.all.joined(separator: "\n")
        #expect(closet.contains("Ta garde-robe (14)"), "\(closet)")
        #expect(closet.contains("#1 White oxford shirt · blanc · formalité"), "\(closet)")
        #expect(closet.contains("/item N affiche une pièce."))

        await Self.type(["/item 1"], bot: bot, console: console)
        let card = lines.all.suffix(12).joined(separator: "\n")
        #expect(card.contains("Catégorie : Haut"), "\(card)")
        #expect(card.contains("Motif : uni"))

        let before = lines.all.count
        await Self.type(["/outfit affaires"], bot: bot, console: console)
        let outfit = lines.all.dropFirst(before).joined(separator: "\n")
        #expect(outfit.contains("🖼  "), "the flat-lay is saved and its path printed")
        #expect(outfit.contains("Affaires"), "the heading is the French occasion name: \(outfit)")
        #expect(outfit.contains("Un autre") && outfit.contains("Pourquoi ?") && outfit.contains("Je l'ai porté"), "the buttons as numbered choices")

        await Self.type(["/wore 1", "/wore 1"], bot: bot, console: console)
        #expect(lines.all.suffix(2).first?.hasPrefix("Noté : #1 White oxford shirt porté aujourd'hui (") == true, "\(lines.all.suffix(2))")
        #expect(lines.all.last?.contains("est déjà noté aujourd'hui") == true)

        let beforeStats = lines.all.count
        await Self.type(["/stats"], bot: bot, console: console)
        let stats = lines.all.dropFirst(beforeStats).joined(separator: "\n")
        #expect(stats.contains("Statistiques de port, "), "\(stats)")
        #expect(stats.contains("14 pièces · 1 port · "))
        #expect(stats.contains("Les plus portées : #1 White oxford shirt 1×"))
        #expect(stats.contains("Par catégorie : "))

        await Self.type(["/closet licornes", "/wore 99"], bot: bot, console: console)
        #expect(lines.all.suffix(2).first?.hasPrefix("Je ne connais pas la catégorie « licornes ».") == true, "\(lines.all.suffix(2))")
        #expect(lines.all.last == "Tu n'as pas de pièce #99. /closet liste tes pièces.")
    }
}
