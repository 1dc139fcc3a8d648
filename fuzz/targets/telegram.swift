import HTTP
import JSON
@testable import Telegram

/// A getUpdates answer from the Bot API (or anything claiming to be one): the envelope, every
/// update, and the mapper's decision for it, as the poller does them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTelegramUpdates(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let status = input.bytes.first == UInt8(ascii: "5") ? 502 : 200
    let result: JSON
    do {
        result = try TelegramClient.result(of: HTTPResponse(status: status, body: input.bytes))
    } catch {
        _ = error.description
        _ = error.userMessage
        return 0
    }
    for json in result.array ?? [result] {
        guard let update = TelegramUpdate(json) else { continue }
        switch mapper.decide(update) {
        case .event(let event): _ = event.payload
        case .albumPart(let part): _ = part.groupID
        case .refuse(_, let text, _): _ = text
        case .answerCallback(_, let notice): _ = notice
        case .vote(_, _, let options, _): _ = options.count
        case .ignore(let reason, _): _ = reason
        }
    }
    return 0
}

/// The mapper as the worker builds it after getMe; downloads never run while deciding.
let mapper = UpdateMapper(botUsername: "wardrobe_bot", botID: 4242, maxDownloadBytes: 20 * 1_048_576) { _ in [] }
