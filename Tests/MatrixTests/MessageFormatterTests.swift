import Chat
import JSON
import Matrix
import Testing

@Suite struct MessageFormatterTests {
    @Test func noticesCarryPlainBodyAndEscapedHTML() {
        let text: RichText = .bold("Tom & Jerry") + .plain(" <script>\nnext line")
        let content = MessageFormatter.notice(text)
        #expect(content["msgtype"] == "m.notice")
        #expect(content["body"]?.string == "Tom & Jerry <script>\nnext line")
        #expect(content["format"] == "org.matrix.custom.html")
        #expect(content["formatted_body"]?.string == "<b>Tom &amp; Jerry</b> &lt;script&gt;<br>next line")
    }

    @Test func buttonsBecomeANumberedMenuInBothBodies() {
        let content = MessageFormatter.notice("Sure?", buttons: [[Button(title: "Delete <all>", token: "a"), Button(title: "Keep", token: "b")]])
        #expect(content["body"]?.string == "Sure?\n\n1️⃣ Delete <all>   2️⃣ Keep")
        #expect(content["formatted_body"]?.string == "Sure?<br><br>1️⃣ Delete &lt;all&gt;   2️⃣ Keep")
    }

    @Test func repliesUseInReplyTo() {
        let content = MessageFormatter.notice("ok", replyTo: "$abc")
        #expect(content["m.relates_to"]?["m.in_reply_to"]?["event_id"] == "$abc")
    }

    @Test func editsReplaceWithNewContentAndAStarredFallback() {
        let content = MessageFormatter.edit("$orig", "Done: 3/3")
        #expect(content["body"]?.string == "* Done: 3/3")
        #expect(content["formatted_body"]?.string == "* Done: 3/3")
        #expect(content["m.new_content"]?["body"]?.string == "Done: 3/3")
        #expect(content["m.new_content"]?["msgtype"] == "m.notice")
        #expect(content["m.relates_to"] == ["rel_type": "m.replace", "event_id": "$orig"])
    }

    @Test func imagesCarrySizeAndDimensions() {
        let content = MessageFormatter.image(uri: "mxc://s/m", fileName: "a.jpg", mimeType: "image/jpeg", size: 10, width: 4, height: 3, caption: nil)
        #expect(content["msgtype"] == "m.image")
        #expect(content["url"] == "mxc://s/m")
        #expect(content["info"] == ["mimetype": "image/jpeg", "size": 10, "w": 4, "h": 3])
    }
}
