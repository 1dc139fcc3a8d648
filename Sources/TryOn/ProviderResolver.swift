/// Whose API key a try-on uses.
public enum KeyOwner: String, Sendable, Hashable {
    /// The user's own key (`/key SERVICE VALUE`): not limited by the daily quota.
    case user
    /// The operator's key from the key file: counted against the daily quota.
    case operatorKey = "operator"
}

/// A provider ready to call, and whose key it carries.
public struct ResolvedProvider: Sendable {
    public let provider: any ImageGenerationProvider
    public let owner: KeyOwner

    public init(provider: any ImageGenerationProvider, owner: KeyOwner) {
        self.provider = provider
        self.owner = owner
    }
}

/// Finds the provider for a service and a user: the user's own key when stored, else the operator's.
public protocol ProviderResolver: Sendable {
    /// Whose key a call would use now, or nil when neither has one.
    func keyOwner(for service: TryOnService, userKey: String) -> KeyOwner?
    /// A provider with the user's key (or, unless `ownKeyOnly`, the operator's); `missingKey` when there is none.
    func provider(for service: TryOnService, userKey: String, ownKeyOnly: Bool) throws(TryOnError) -> ResolvedProvider
}

/// A resolver over any secret lookup and provider factory.
///
/// The executable passes the key file's lookup and `ProviderFactory.make(service:key:settings:http:)`;
/// tests pass a dictionary and a scripted provider.
public struct KeyedProviderResolver: ProviderResolver {
    /// The secret stored under a name, if any.
    public typealias Lookup = @Sendable (String) -> String?
    /// Builds a provider for a service with an API key.
    public typealias Factory = @Sendable (TryOnService, String) throws(TryOnError) -> any ImageGenerationProvider

    private let lookup: Lookup
    private let userSecretName: @Sendable (String, TryOnService) -> String
    private let operatorSecretName: @Sendable (TryOnService) -> String
    private let make: Factory

    /// `userSecretName(userKey, service)` names a user's own key; `operatorSecretName(service)` the operator's.
    public init(
        lookup: @escaping Lookup, userSecretName: @escaping @Sendable (String, TryOnService) -> String,
        operatorSecretName: @escaping @Sendable (TryOnService) -> String = { $0.rawValue }, make: @escaping Factory
    ) {
        self.lookup = lookup
        self.userSecretName = userSecretName
        self.operatorSecretName = operatorSecretName
        self.make = make
    }

    public func keyOwner(for service: TryOnService, userKey: String) -> KeyOwner? {
        if ownKey(service, userKey) != nil { return .user }
        if operatorKey(service) != nil { return .operatorKey }
        return nil
    }

    public func provider(for service: TryOnService, userKey: String, ownKeyOnly: Bool) throws(TryOnError) -> ResolvedProvider {
        if let key = ownKey(service, userKey) { return ResolvedProvider(provider: try make(service, key), owner: .user) }
        if !ownKeyOnly, let key = operatorKey(service) { return ResolvedProvider(provider: try make(service, key), owner: .operatorKey) }
        throw .missingKey(service)
    }

    private func ownKey(_ service: TryOnService, _ userKey: String) -> String? {
        lookup(userSecretName(userKey, service)).flatMap { $0.isEmpty ? nil : $0 }
    }

    private func operatorKey(_ service: TryOnService) -> String? {
        lookup(operatorSecretName(service)).flatMap { $0.isEmpty ? nil : $0 }
    }
}
