import Storage

/// A try-on job: its queue row and its decoded recipe.
public struct TryOnJob: Sendable {
    public let record: JobRecord
    public let payload: TryOnJobPayload

    /// Decodes a row of kind `tryon`; nil when the payload is unreadable.
    public init?(_ record: JobRecord) {
        guard record.kind == TryOnJobPayload.kind, let payload = TryOnJobPayload(json: record.payload) else { return nil }
        self.record = record
        self.payload = payload
    }

    public var id: Int64 { record.id }
}
