import Chat
import HTTP
import JSON
import Matrix

/// A `/sync` answer from a homeserver: read as an error answer (status picked by the input's length),
/// then as a sync: the response shape, then every timeline event of every joined room through the
/// event mapper, as the sync loop does them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrixSync(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    let statuses = [400, 401, 403, 404, 429, 500, 502]
    let answer = HTTPResponse(status: statuses[size % statuses.count], body: bytes)
    if let error = MatrixError.from(answer) {
        _ = error.description
        _ = error.userMessage
    }
    guard let json = try? JSON.parse(bytes: bytes),
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
