import Closet
import Foundation

/// Closet import: any bytes as a closet file; every accepted item must survive an export round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClosetCodec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let importedAt = Date(timeIntervalSince1970: 1_700_000_000)
    guard let decoded = try? ClosetCodec.decode(jsonText: text, importedAt: importedAt) else { return 0 }
    for problem in decoded.problems { _ = problem.reason }
    let exported = ClosetCodec.exportText(decoded.items, pretty: false)
    guard let again = try? ClosetCodec.decode(jsonText: exported, importedAt: importedAt) else {
        fatalError("an exported closet does not import again: \(exported.prefix(400))")
    }
    precondition(again.items.count == decoded.items.count, "the export round trip lost items")
    return 0
}
