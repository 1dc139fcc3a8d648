import JSON

/// The recipe and bookkeeping of one try-on job, stored as the job row's JSON payload.
public struct TryOnJobPayload: Sendable, Hashable {
    /// The job kind in the `jobs` table.
    public static let kind = "tryon"

    /// The You photo (an image of this user).
    public var personSHA256: String
    /// The Clothing photo.
    public var garmentSHA256: String
    /// Which template the prompt came from.
    public var promptID: String
    /// The prompt text sent to the service.
    public var promptText: String
    public var service: TryOnService
    /// How many variations to make (1, 2 or 4).
    public var count: Int
    /// Looks of the same recipe share a batch.
    public var batchID: String
    /// The variation number of the first image this job makes.
    public var firstVariation: Int
    /// True when the user's own key was used at enqueue time (no quota).
    public var ownKey: Bool
    /// A random token the Cancel button carries to find this job.
    public var ticket: String
    /// The progress message edited in place, when the transport gave one.
    public var progressMessageID: String?
    /// How often start-up recovery re-queued this job (maintained by `Store.recoverJobs`).
    public var restarts: Int

    public init(
        personSHA256: String, garmentSHA256: String, promptID: String, promptText: String, service: TryOnService, count: Int,
        batchID: String, firstVariation: Int = 1, ownKey: Bool, ticket: String, progressMessageID: String? = nil, restarts: Int = 0
    ) {
        self.personSHA256 = personSHA256
        self.garmentSHA256 = garmentSHA256
        self.promptID = promptID
        self.promptText = promptText
        self.service = service
        self.count = count
        self.batchID = batchID
        self.firstVariation = firstVariation
        self.ownKey = ownKey
        self.ticket = ticket
        self.progressMessageID = progressMessageID
        self.restarts = restarts
    }

    /// Reads a payload; nil when a required field is missing.
    public init?(json: JSON) {
        guard let person = json["person"]?.string, let garment = json["garment"]?.string, let prompt = json["prompt"]?.string,
            let service = json["service"]?.string.flatMap(TryOnService.init(rawValue:)), let batch = json["batch"]?.string
        else { return nil }
        self.init(
            personSHA256: person, garmentSHA256: garment, promptID: json["prompt_id"]?.string ?? "default", promptText: prompt,
            service: service, count: Int(json["count"]?.int ?? 1), batchID: batch, firstVariation: Int(json["variation"]?.int ?? 1),
            ownKey: json["own_key"]?.bool ?? false, ticket: json["ticket"]?.string ?? "",
            progressMessageID: json["progress_message"]?.string, restarts: Int(json["restarts"]?.int ?? 0))
    }

    /// The payload as stored.
    public var json: JSON {
        [
            "person": .string(personSHA256), "garment": .string(garmentSHA256), "prompt_id": .string(promptID),
            "prompt": .string(promptText), "service": .string(service.rawValue), "count": .int(Int64(count)),
            "batch": .string(batchID), "variation": .int(Int64(firstVariation)), "own_key": .bool(ownKey),
            "ticket": .string(ticket), "progress_message": JSON(progressMessageID), "restarts": .int(Int64(restarts)),
        ]
    }
}
