import Chat
import Foundation
import JSON
import Testing

/// Messages survive the trip through an outbox row, and a damaged row is an error, not a guess.
struct OutboxCodecTests {
    let ref = MessageRef(chatID: "9", messageID: "outbox:tg-1-0:2")

    @Test(arguments: [
        OutgoingMessage.text(RichText([.plain("a <b>"), .bold("B"), .italic("i"), .code("c"), .link("shop", url: "https://e.example")]),
                             buttons: [[Button(title: "Save", token: "s1"), Button(title: "Cancel", token: "c1")]], replyTo: MessageRef(chatID: "9", messageID: "12")),
        .photos([OutgoingImage(bytes: [1, 2, 3], mimeType: "image/png", sha256: "ab", caption: "#1", width: 10, height: 20),
                 OutgoingImage(bytes: [4], mimeType: "image/jpeg")], caption: "Pick", buttons: []),
        .edit(MessageRef(chatID: "9", messageID: "outbox:tg-1-0:2"), "Done", buttons: [[Button(title: "Again", token: "g")]]),
        .editButtons(MessageRef(chatID: "9", messageID: "5"), []),
        .delete(MessageRef(chatID: "9", messageID: "5")),
        .document(fileName: "closet.json", bytes: Array("{}".utf8), mimeType: "application/json", caption: "Your closet"),
        .poll(question: "Which?", options: ["1", "2"], closeDate: Date(timeIntervalSince1970: 1_800_000_000)),
        .stopPoll(MessageRef(chatID: "9", messageID: "5")),
        .answerButton(callbackID: "cb", notice: "This button has expired."),
    ])
    func everyKindOfMessageRoundTrips(_ message: OutgoingMessage) throws {
        let stored = message.stored()
        let reparsed = try JSON.parse(stored.payload.serialized())
        let back = try OutgoingMessage(stored: StoredMessage(payload: reparsed, files: stored.files))
        #expect(back.stored().payload == stored.payload)
        #expect(back.stored().files == stored.files)
    }

    @Test func textIsStoredAsOneStringPerRunAndRowsOfTheOlderFormStillRead() throws {
        let text = RichText([.plain("a "), .bold("B"), .link("shop", url: "https://e.example"), .plain("")])
        let stored = OutgoingMessage.text(text, buttons: [], replyTo: nil).stored().payload
        #expect(stored["text"] == .array(["pa ", "bB", "lshop", "uhttps://e.example", "p"]))
        // A row written before the compact form: a list of one-key objects.
        let older = try JSON.parse(#"[{"p": "a "}, {"b": "B"}, {"l": "shop", "u": "https://e.example"}, {"p": ""}]"#)
        #expect(try OutgoingMessage.storedText(older) == text)
        // A mix cannot come from either writer, but each run is still read by its own form.
        #expect(try OutgoingMessage.storedText(.array([["i": "x"], "cy"])) == RichText([.italic("x"), .code("y")]))
    }

    @Test(arguments: [#"["lshop"]"#, #"["lshop", "pnot an address"]"#, #"[""]"#, #"["xwhat"]"#, #"[1]"#, #"[{"q": "?"}]"#])
    func aDamagedTextRunIsRefused(_ text: String) throws {
        let runs = try JSON.parse(text)
        #expect(throws: OutboxCodecError.self) { try OutgoingMessage.storedText(runs) }
    }

    @Test func aPendingReferenceNamesItsRowAndPosition() {
        #expect(ref.pending?.txnID == "tg-1-0")
        #expect(ref.pending?.index == 2)
        #expect(MessageRef(chatID: "9", messageID: "12345").pending == nil)
        #expect(MessageRef(chatID: "9", messageID: "outbox::1").pending == nil)
        #expect(MessageRef(chatID: "9", messageID: "outbox:x:99999999999999999999").pending == nil)
    }

    @Test(arguments: [
        #"{"kind": "teleport"}"#, #"{"kind": "text"}"#, #"{"kind": "photos", "images": [{"file": 3, "mime": "image/png"}]}"#,
        #"{"kind": "edit", "target": {"chat": "1"}, "text": []}"#, #"{"kind": "text", "text": [{"zz": "?"}]}"#, #"{}"#,
    ])
    func aDamagedRowIsRefused(_ text: String) throws {
        let payload = try JSON.parse(text)
        #expect(throws: OutboxCodecError.self) { try OutgoingMessage(stored: StoredMessage(payload: payload, files: [])) }
    }
}
