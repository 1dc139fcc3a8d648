import Foundation
import Images
import Storage
import Support

extension TryOnWorker {
    /// Runs one claimed job to its end: done and delivered, queued for a retry, failed, cancelled,
    /// or (on shutdown) back in the queue.
    func perform(_ record: JobRecord) async {
        let log = logger.with("job", record.id)
        guard let job = TryOnJob(record) else {
            log.error("unreadable try-on payload")
            _ = try? await store.failJob(id: record.id, error: "unreadable payload", now: clock.now())
            return
        }
        await notifier.started(job)
        let started = clock.now()
        do {
            let looks = try await withProgress(job, started: started) { try await self.generate(job, started: started) }
            guard let looks else {
                log.info("job was cancelled before its looks were saved")
                await notifier.cancelled(job)
                return
            }
            log.info("looks saved", ["looks": looks.map(\.number).map(String.init).joined(separator: ","), "attempt": record.attempts])
            await deliver(job, looks: looks)
        } catch {
            await handle(error, job: job, log: log)
        }
    }

    /// Sorts a job's failure into cancelled, shutdown, retry or failed.
    private func handle(_ error: any Error, job: TryOnJob, log: Logger) async {
        let tryOnError = error as? TryOnError
        if error is CancellationError || tryOnError == .cancelled || Task.isCancelled {
            let current = try? await store.job(id: job.id)
            if current?.state == .cancelled {
                log.info("job cancelled by the user")
                await notifier.cancelled(job)
            } else {
                log.notice("job interrupted by shutdown; left queued")
                _ = try? await store.requeueJob(id: job.id, now: clock.now())
            }
            return
        }
        if let tryOnError, tryOnError.isRetryable, job.record.attempts < configuration.maxAttempts {
            let delay = min(configuration.maxRetryDelay, tryOnError.retryAfter ?? configuration.backoff.delay(attempt: job.record.attempts))
            let rescheduled = (try? await store.retryJob(
                id: job.id, notBefore: clock.now().addingTimeInterval(delay), error: tryOnError.description, now: clock.now())) ?? false
            log.notice("retryable error; retrying later", ["error": tryOnError.description, "delay_seconds": Int(delay.rounded())])
            if rescheduled { await notifier.retrying(job, error: tryOnError, delay: delay) }
            return
        }
        if let tryOnError {
            log.warning("try-on failed", ["error": tryOnError.description])
        } else if error is any UserFacingError {
            log.warning("try-on failed", ["error": "\(error)"])
        } else {
            log.error("try-on failed", ["error": "\(error)"])
        }
        if (try? await store.failJob(id: job.id, error: tryOnError?.description ?? "\(error)", now: clock.now())) == true {
            await notifier.failed(job, error: tryOnError ?? error)
        }
    }

    /// Loads the inputs, calls the provider (with the timeout) and saves the results as looks.
    /// Returns nil when the job stopped being `running` meanwhile (cancelled).
    func generate(_ job: TryOnJob, started: Date) async throws -> [LookRecord]? {
        let record = job.record, payload = job.payload
        guard let user = try await store.user(id: record.userID) else { throw TryOnJobError.userGone }
        let resolved = try resolver.provider(for: payload.service, userKey: user.key, ownKeyOnly: false)
        let person = try await uploadImage(userID: record.userID, sha256: payload.personSHA256, role: "You")
        let garment = try await uploadImage(userID: record.userID, sha256: payload.garmentSHA256, role: "Clothing")
        let request = GenerationRequest(prompt: payload.promptText, images: [person, garment], count: payload.count)
        let result = try await withTimeout(service: payload.service) { () async throws(TryOnError) -> GenerationResult in
            try await resolved.provider.generate(request)
        }
        try Task.checkCancellation()
        let duration = Int((clock.now().timeIntervalSince(started) * 1000).rounded())
        guard !result.images.isEmpty else { throw TryOnError.noImageReturned(payload.service, text: nil) }
        var looks: [LookRecord] = []
        for (index, image) in result.images.prefix(max(payload.count, 1)).enumerated() {
            let info: ImageInfo
            do { info = try await images.validate(image.bytes) } catch {
                throw TryOnError.badResponse(payload.service, detail: "result image: \(error)")
            }
            // Kept in the format the service sent (PNG, WebP, JPEG): no re-encoding loss.
            let saved = try await store.saveImage(
                image.bytes, userID: record.userID, mimeType: info.mimeType, width: info.width, height: info.height, now: clock.now())
            looks.append(LookRecord(
                userID: record.userID, chatID: record.chatID, personSHA256: payload.personSHA256,
                garmentSHA256: payload.garmentSHA256, resultSHA256: saved.sha256, prompt: payload.promptText,
                service: result.service.rawValue, model: result.model, batchID: payload.batchID,
                variation: payload.firstVariation + index, startedAt: started, durationMilliseconds: duration))
        }
        return try await store.saveLooks(looks, finishingJob: record.id, now: clock.now())
    }

    /// A stored photo, shrunk and stripped for the service.
    private func uploadImage(userID: Int64, sha256: String, role: String) async throws -> InputImage {
        let bytes: [UInt8]
        do { bytes = try await store.imageBytes(userID: userID, sha256: sha256) } catch {
            throw TryOnJobError.imageMissing(role: role)
        }
        do {
            let prepared = try await images.prepareForUpload(bytes, maxSide: configuration.uploadMaxSide)
            return InputImage(bytes: prepared.bytes, mimeType: prepared.mimeType)
        } catch {
            throw TryOnJobError.imageUnreadable(role: role, error)
        }
    }

    /// Runs `body` while a ticker refreshes the progress every `progressInterval` seconds.
    private func withProgress<T: Sendable>(
        _ job: TryOnJob, started: Date, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try await self.clock.sleep(seconds: self.configuration.progressInterval)
                    await self.notifier.stillRunning(job, elapsed: Int(self.clock.now().timeIntervalSince(started).rounded()))
                }
                return nil
            }
            group.addTask { try await body() }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let value = next { return value }
            }
            throw CancellationError()
        }
    }

    /// Runs a provider call; `TryOnError.timeout` when it takes longer than `providerTimeout`.
    private func withTimeout(
        service: TryOnService, _ body: @escaping @Sendable () async throws(TryOnError) -> GenerationResult
    ) async throws -> GenerationResult {
        try await withThrowingTaskGroup(of: GenerationResult?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await self.clock.sleep(seconds: self.configuration.providerTimeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let result = first else { throw TryOnError.timeout(service) }
            return result
        }
    }
}

/// Why a try-on job could not even reach the provider, or was given up.
public enum TryOnJobError: Error, UserFacingError, CustomStringConvertible {
    /// The user was deleted while the job waited.
    case userGone
    /// An input image (`role`: "selfie", "garment"…) is gone from the media store.
    case imageMissing(role: String)
    /// An input image could not be read.
    case imageUnreadable(role: String, any Error)
    /// The job was running during two crashes and was set aside at start-up.
    case setAside

    /// The detail for logs.
    public var description: String {
        switch self {
        case .setAside: return "set aside after a restart"
        case .userGone: return "the user was deleted"
        case .imageMissing(let role): return "\(role) image missing from the media store"
        case .imageUnreadable(let role, let error): return "\(role) image unreadable: \(error)"
        }
    }

    /// The English message (the bot's notifier words it in the user's language).
    public var userMessage: String {
        switch self {
        case .setAside: return TryOnWorker.restartFailure
        case .userGone: return "Your data was deleted, so this look was dropped."
        case .imageMissing(let role), .imageUnreadable(let role, _):
            return "I can't find your \(role) photo any more. Send it again and I'll start over."
        }
    }
}
