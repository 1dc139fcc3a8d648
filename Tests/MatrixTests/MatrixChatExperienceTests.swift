import Foundation
import Testing

/// Chat-experience points of issue 14 through the Matrix service and a fake homeserver, with the
/// real feature router: numbered choices answer drafts and confirmations, and item numbers are
/// never reused after `/remove`.
@Suite struct MatrixChatExperienceTests {
    @Test func aRemovedNumberIsNotReusedAndSavingOffersAChoiceInsteadOfAReply() async throws {
        let harness = try ServiceHarness(wholeBot: true)
        defer { harness.cleanUp() }
        harness.server.queueSync(
            Wire.sync("s1"),
            Wire.sync("s2", events: [Wire.message("$1", body: "/add navy wool blazer")]),
            Wire.sync("s3", events: [Wire.message("$2", body: "1")]),
            Wire.sync("s4", events: [Wire.message("$3", body: "/add white oxford shirt")]),
            Wire.sync("s5", events: [Wire.message("$4", body: "1")]),
            Wire.sync("s6", events: [Wire.message("$5", body: "/remove 2")]),
            Wire.sync("s7", events: [Wire.message("$6", body: "1")]),
            Wire.sync("s8", events: [Wire.message("$7", body: "/add grey flannel trousers")]),
            Wire.sync("s9", events: [Wire.message("$8", body: "1")]))
        try await harness.run { harness.sentBodies.contains { $0.hasPrefix("Saved as #3") } }
        let bodies = harness.sentBodies
        #expect(bodies.contains { $0.hasPrefix("Saved as #1 Navy wool blazer") })
        #expect(bodies.contains { $0.hasPrefix("Deleted #2") })
        #expect(bodies.contains { $0.hasPrefix("Saved as #3 Grey flannel trousers") }, "\(bodies)")
        #expect(!bodies.contains { $0.contains("reply \"try\"") })
    }
}
