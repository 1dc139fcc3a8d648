import Foundation

/// A saved try-on: the recipe (person + garment + prompt on a service) and its result.
public struct LookRecord: Sendable, Hashable {
    public let id: Int64
    public let userID: Int64
    public let chatID: Int64?
    /// The number the user sees (`/look 3`), per user.
    public let number: Int
    public let personSHA256: String
    public let garmentSHA256: String
    public let resultSHA256: String
    /// The prompt text sent to the service.
    public let prompt: String
    public let service: String
    public let model: String
    /// Looks made from the same recipe share a batch; `variation` counts within it from 1.
    public let batchID: String?
    public let variation: Int
    public let startedAt: Date
    /// How long the provider call took.
    public let durationMilliseconds: Int
    public var favourite: Bool
    public var groupPick: Bool

    public init(
        id: Int64 = 0, userID: Int64, chatID: Int64?, number: Int = 0, personSHA256: String, garmentSHA256: String,
        resultSHA256: String, prompt: String, service: String, model: String, batchID: String?, variation: Int,
        startedAt: Date, durationMilliseconds: Int, favourite: Bool = false, groupPick: Bool = false
    ) {
        self.id = id
        self.userID = userID
        self.chatID = chatID
        self.number = number
        self.personSHA256 = personSHA256
        self.garmentSHA256 = garmentSHA256
        self.resultSHA256 = resultSHA256
        self.prompt = prompt
        self.service = service
        self.model = model
        self.batchID = batchID
        self.variation = variation
        self.startedAt = startedAt
        self.durationMilliseconds = durationMilliseconds
        self.favourite = favourite
        self.groupPick = groupPick
    }
}
