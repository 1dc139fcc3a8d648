import Foundation
import HTTP
import Images
import JSON
import Testing

/// The closet contact sheet through the Matrix service and a fake homeserver, with the real feature router:
/// an `m.image` with its thumbnail, then the list as an `m.notice`.
@Suite struct MatrixPictureTests {
    @Test func theClosetSheetIsAnImageWithAThumbnailFollowedByTheListAsANotice() async throws {
        let harness = try ServiceHarness(wholeBot: true)
        defer { harness.cleanUp() }
        harness.server.on { request, path, _ in
            guard path.hasSuffix("/media/v3/upload") else { return nil }
            let name = request.url.contains("thumb-") ? "thumb" : "full"
            return HTTPResponse.json(["content_uri": .string("mxc://test/\(name)")])
        }
        harness.server.queueSync(
            Wire.sync("s1"),
            Wire.sync("s2", events: [Wire.message("$1", body: "/add navy wool blazer")]),
            Wire.sync("s3", events: [Wire.message("$2", body: "1")]),
            Wire.sync("s4", events: [Wire.message("$3", body: "/closet")]))
        try await harness.run { harness.sentBodies.contains { $0.contains("Your closet (1)") } }
        let messages = harness.server.sentMessages
        let imageAt = try #require(messages.lastIndex { $0["msgtype"]?.string == "m.image" })
        let listAt = try #require(messages.firstIndex { ($0["body"]?.string ?? "").contains("Your closet (1)") })
        #expect(imageAt == listAt - 1, "the picture, then the list right after it")
        #expect(messages[listAt]["msgtype"]?.string == "m.notice")
        let image = messages[imageAt]
        #expect(image["url"]?.string == "mxc://test/full" && image["info"]?["thumbnail_url"]?.string == "mxc://test/thumb")
        // The uploaded picture is one cell: a swatch of the blazer, since it has no photo.
        let upload = try #require(harness.server.requests("POST", containing: "/media/v3/upload").first { !$0.url.contains("thumb-") })
        guard case .bytes(let bytes, _) = upload.body else {
            Issue.record("the upload carries no bytes")
            return
        }
        let info = try await ImageProcessor().validate(bytes)
        let style = ImageProcessor().configuration.pictures
        #expect(info.format == .jpeg && info.width == 2 * style.padding + style.sheetCell && info.height == info.width)
        #expect(image["info"]?["w"]?.int == Int64(info.width))
    }
}
