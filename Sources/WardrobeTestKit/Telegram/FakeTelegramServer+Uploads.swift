extension FakeTelegramServer {
    /// The bytes of every photo the bot uploaded with sendPhoto or sendMediaGroup, oldest first.
    public var uploadedPhotos: [[UInt8]] {
        state.withLock { state in
            state.files.compactMap { id, file -> (Int, [UInt8])? in
                guard id.hasPrefix("SENT"), let number = Int(id.dropFirst(4)) else { return nil }
                return (number, file.bytes)
            }.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
