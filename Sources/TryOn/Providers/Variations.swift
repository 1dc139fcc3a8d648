/// Runs one provider call per variation, concurrently, for APIs that return one image per call.
enum Variations {
    /// The images of every call that succeeded, in call order.
    ///
    /// When some calls fail and others succeed, the successes are returned (the user paid for them);
    /// when all fail, the first failure is thrown. A cancelled task always throws `.cancelled`.
    static func run(
        count: Int, _ call: @escaping @Sendable (Int) async throws(TryOnError) -> [GeneratedImage]
    ) async throws(TryOnError) -> [GeneratedImage] {
        let outcomes = await withTaskGroup(of: (Int, Result<[GeneratedImage], TryOnError>).self) { group in
            for index in 0..<count {
                group.addTask {
                    do throws(TryOnError) {
                        return (index, .success(try await call(index)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var outcomes: [(Int, Result<[GeneratedImage], TryOnError>)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
        if Task.isCancelled { throw .cancelled }
        var images: [GeneratedImage] = []
        var firstFailure: TryOnError?
        for outcome in outcomes {
            switch outcome {
            case .success(let found): images += found
            case .failure(let error): firstFailure = firstFailure ?? error
            }
        }
        if images.isEmpty, let firstFailure { throw firstFailure }
        return images
    }
}
