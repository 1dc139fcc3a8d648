import Support

/// What the sync loop does next.
public enum SyncAction: Sendable, Equatable {
    /// Log in with the stored password (reusing the stored device).
    case logIn
    /// Create the sync filter and remember its id.
    case createFilter
    /// Long-poll `/sync`; `since == nil` is the very first sync, whose history is not answered.
    case sync(since: String?, filterID: String, timeoutMilliseconds: Int)
    /// Sleep, then ask `waited()` what to retry.
    case wait(seconds: Double)
    /// Give up: the error needs the operator.
    case stop(MatrixError)
}

/// The sync loop's decisions as a value: which request comes next, when to back off, when to log in
/// again and when to give up. It does no I/O, so every path is unit-tested; `MatrixService` performs the actions.
public struct SyncStateMachine: Sendable {
    enum Step: Sendable { case logIn, createFilter, sync }

    /// The `next_batch` of the last handled sync; nil before the first one.
    public private(set) var since: String?
    /// The server-side filter id, once created.
    public private(set) var filterID: String?
    /// Consecutive failures since the last success (network, server, rate limit).
    public private(set) var failures = 0
    private var hasToken: Bool
    private let canLogIn: Bool
    private let timeoutMilliseconds: Int
    private let backoff: Backoff
    private var authFailures = 0
    private var filterFailures = 0
    private var current: Step = .sync

    /// A machine resuming from a stored cursor and filter.
    public init(since: String?, filterID: String?, hasToken: Bool, canLogIn: Bool, timeoutMilliseconds: Int, backoff: Backoff) {
        self.since = since
        self.filterID = filterID
        self.hasToken = hasToken
        self.canLogIn = canLogIn
        self.timeoutMilliseconds = timeoutMilliseconds
        self.backoff = backoff
    }

    /// The first action.
    public mutating func start() -> SyncAction { decide() }

    /// A login succeeded.
    public mutating func loggedIn() -> SyncAction {
        hasToken = true
        failures = 0
        return decide()
    }

    /// The filter was created.
    public mutating func filterCreated(_ id: String) -> SyncAction {
        filterID = id
        failures = 0
        return decide()
    }

    /// A sync answer was handled completely and `nextBatch` persisted.
    public mutating func synced(nextBatch: String) -> SyncAction {
        since = nextBatch
        failures = 0
        authFailures = 0
        filterFailures = 0
        return decide()
    }

    /// A `wait` is over: retry what failed.
    public mutating func waited() -> SyncAction { decide() }

    /// The last action failed with `error`.
    public mutating func failed(_ error: MatrixError) -> SyncAction {
        switch error {
        case .missingCredentials:
            return .stop(error)
        case .unknownToken:
            hasToken = false
            guard canLogIn, current != .logIn else { return .stop(error) }
            authFailures += 1
            // The first rejection logs in at once; a token rejected again right after a login waits first.
            return authFailures == 1 ? decide() : .wait(seconds: backoff.delay(attempt: authFailures - 1))
        case .forbidden where current == .logIn:
            return .stop(error)
        case .server(let status, let code, _) where current == .sync && SyncStateMachine.isUnknownFilter(status: status, code: code):
            filterID = nil
            filterFailures += 1
            return filterFailures == 1 ? decide() : .wait(seconds: backoff.delay(attempt: filterFailures - 1))
        case .rateLimited(let seconds):
            failures += 1
            return .wait(seconds: seconds ?? backoff.delay(attempt: failures))
        default:
            failures += 1
            return .wait(seconds: backoff.delay(attempt: failures))
        }
    }

    /// Synapse answers a forgotten filter id with 400 `M_INVALID_PARAM`; others use 404 `M_NOT_FOUND`.
    static func isUnknownFilter(status: Int, code: String?) -> Bool {
        (status == 400 && code == "M_INVALID_PARAM") || (status == 404 && code == "M_NOT_FOUND")
    }

    private mutating func decide() -> SyncAction {
        if !hasToken {
            guard canLogIn else { return .stop(.missingCredentials) }
            current = .logIn
            return .logIn
        }
        guard let filterID else {
            current = .createFilter
            return .createFilter
        }
        current = .sync
        return .sync(since: since, filterID: filterID, timeoutMilliseconds: since == nil ? 0 : timeoutMilliseconds)
    }
}
