import Chat
import JSON
import Matrix

/// A `/sync` answer from a homeserver: the response shape, then every timeline event of every
/// joined room through the event mapper, as the sync loop does them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrixSync(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let json = try? JSON.parse(bytes: FuzzInput(data, size).bytes),
          let response = try? SyncResponse(json, userID: botUserID)
    else { return 0 }
    _ = response.invites.map(\.inviter)
    for room in response.joined {
        _ = room.showsEncryption
        _ = room.memberNames
        _ = room.changesMembership
        _ = room.containsOwnJoin(botUserID)
        let chat = ChatAddress(transport: "matrix", id: room.roomID, kind: .group)
        for event in room.timeline {
            switch mapper.map(event, in: chat) {
            case .message(let event): _ = event.payload
            default: break
            }
        }
    }
    return 0
}

/// The bot's own user id, as in a typical configuration.
let botUserID = "@wardrobe:example.org"
/// The mapper as the service builds it; downloads never run while mapping.
let mapper = EventMapper(botUserID: botUserID, maxDownloadBytes: 20 * 1_048_576) { _ in [] }
