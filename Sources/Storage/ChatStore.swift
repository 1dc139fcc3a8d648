/// Everything the chat core (`Router`, `ChatContext`, `OutboundMessenger`, `PoisonGuard`) stores,
/// one protocol per concern. `Store` (SQLite) and `Scale.PostgresStore` implement it, and one
/// contract suite (`Tests/ScaleTests/ChatStoreContract`) runs against both. See docs/architecture.md.
public protocol ChatStore: ParticipantStore, ChatStateStore, ButtonStore, AttemptLedger, OutboxStore {}

extension Store: ChatStore {}
