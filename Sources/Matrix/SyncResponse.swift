import Foundation
import JSON

/// The parts of a `/sync` answer the bot uses.
public struct SyncResponse: Sendable {
    /// A room the bot has joined, with what happened in it since the last sync.
    public struct JoinedRoom: Sendable {
        /// The room id.
        public let roomID: String
        /// Timeline events, oldest first.
        public let timeline: [JSON]
        /// True when events were left out between the last sync and `timeline`.
        public let limited: Bool
        /// The token to page back from the first timeline event.
        public let previousBatch: String?
        /// State events before the timeline.
        public let state: [JSON]
        /// `summary.m.joined_member_count`, when the server sent it.
        public let joinedMemberCount: Int?
        /// `summary.m.invited_member_count`, when the server sent it.
        public let invitedMemberCount: Int?
    }

    /// A pending invite for the bot.
    public struct Invite: Sendable, Hashable {
        /// The room id.
        public let roomID: String
        /// Who invited the bot, from the stripped membership event.
        public let inviter: String?
    }

    /// The position to continue from.
    public let nextBatch: String
    /// Joined rooms with news, sorted by room id for stable processing.
    public let joined: [JoinedRoom]
    /// Pending invites.
    public let invites: [Invite]
    /// To-device events (Olm-encrypted room keys), oldest first.
    public let toDevice: [JSON]
    /// Users whose device lists changed or who no longer share a room (`device_lists`).
    public let changedDeviceLists: [String]
    /// Signed one-time keys the server holds for this device (`device_one_time_keys_count`), when sent.
    public let oneTimeKeyCount: Int?

    /// Parses a `/sync` answer; `userID` picks the bot's own invite event.
    public init(_ json: JSON, userID: String) throws {
        guard let next = json["next_batch"]?.string else { throw MatrixError.malformedResponse("sync answer without next_batch") }
        nextBatch = next
        let rooms = json["rooms"]
        joined = (rooms?["join"]?.object ?? [:]).sorted { $0.key < $1.key }.map { roomID, room in
            JoinedRoom(
                roomID: roomID, timeline: room["timeline"]?["events"]?.array ?? [],
                limited: room["timeline"]?["limited"]?.bool ?? false, previousBatch: room["timeline"]?["prev_batch"]?.string,
                state: room["state"]?["events"]?.array ?? [],
                joinedMemberCount: room["summary"]?["m.joined_member_count"]?.int.map(Int.init),
                invitedMemberCount: room["summary"]?["m.invited_member_count"]?.int.map(Int.init))
        }
        toDevice = json["to_device"]?["events"]?.array ?? []
        changedDeviceLists = ((json["device_lists"]?["changed"]?.array ?? []) + (json["device_lists"]?["left"]?.array ?? [])).compactMap(\.string)
        oneTimeKeyCount = json["device_one_time_keys_count"].map { Int(clamping: $0["signed_curve25519"]?.int ?? 0) }
        invites = (rooms?["invite"]?.object ?? [:]).sorted { $0.key < $1.key }.map { roomID, room in
            let events = room["invite_state"]?["events"]?.array ?? []
            let own = events.first {
                $0["type"]?.string == "m.room.member" && $0["state_key"]?.string == userID
                    && $0["content"]?["membership"]?.string == "invite"
            }
            return Invite(roomID: roomID, inviter: own?["sender"]?.string)
        }
    }
}

extension SyncResponse.JoinedRoom {
    /// The content of the last `m.room.encryption` state event in this sync, if any.
    public var encryptionContent: JSON? {
        (state + timeline).last { $0["type"]?.string == "m.room.encryption" && $0["state_key"]?.string == "" }?["content"]
    }

    /// Users who left or were removed in this sync (the room key must change).
    public var departedMembers: [String] {
        (state + timeline).filter {
            $0["type"]?.string == "m.room.member" && ["leave", "ban"].contains($0["content"]?["membership"]?.string ?? "")
        }.compactMap { $0["state_key"]?.string }
    }

    /// Whether the room is end-to-end encrypted, as far as this sync shows.
    public var showsEncryption: Bool {
        (state + timeline).contains { $0["type"]?.string == "m.room.encryption" || $0["type"]?.string == "m.room.encrypted" }
    }

    /// Display names from the membership events in this sync (lazy-loaded members come with the
    /// first message of each sender), user id → name; later events win.
    public var memberNames: [String: String] {
        var names: [String: String] = [:]
        for event in state + timeline where event["type"]?.string == "m.room.member" {
            guard let user = event["state_key"]?.string, !user.isEmpty,
                let name = event["content"]?["displayname"]?.string?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty
            else { continue }
            names[user] = String(name.prefix(64))
        }
        return names
    }

    /// Whether membership changed, so a cached member count is stale.
    public var changesMembership: Bool {
        timeline.contains { $0["type"]?.string == "m.room.member" } || state.contains { $0["type"]?.string == "m.room.member" }
    }
}

extension SyncResponse.JoinedRoom {
    /// Whether the timeline holds `userID` joining: nothing before it was meant for the bot.
    public func containsOwnJoin(_ userID: String) -> Bool {
        timeline.contains {
            $0["type"]?.string == "m.room.member" && $0["state_key"]?.string == userID && $0["content"]?["membership"]?.string == "join"
        }
    }
}
