import Chat
import Testing

@testable import Bot

/// Every button the bot can make is one `ButtonAction`; each must have a handler, or a press would
/// only ever answer "this button has expired".
@Suite struct ButtonActionTests {
    @Test func everyButtonActionHasAHandlerInTheRouterWithEveryFeature() async throws {
        let tryOn = try TryOnHarness()
        let voting = try VotingHarness()
        defer { voting.close() }
        // The try-on harness has the try-on feature, the voting one votes and daily; both have the rest.
        let unhandled = ButtonAction.allCases.filter { !tryOn.router.handles(button: $0) && !voting.router.handles(button: $0) }
        #expect(unhandled.isEmpty, "no handler for \(unhandled.map(\.rawValue))")
        await tryOn.close()
    }

    @Test func storedActionNamesAreDistinct() {
        #expect(Set(ButtonAction.allCases.map(\.rawValue)).count == ButtonAction.allCases.count)
    }
}
