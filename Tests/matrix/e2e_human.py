#!/usr/bin/env python3
"""A person on an end-to-end encrypting client (matrix-nio with its e2e extra) for the Wardrobe tests.

Each call is one step; the device (keys, Olm and Megolm sessions) lives in --state, so several calls
act as one client that keeps its device. Results go to stdout as one JSON object per line; a failed
expectation exits 1 with the reason on stderr.

  login   NAME                          log in (password from $MATRIX_IT_<NAME>_PASSWORD), new device
  dm      NAME --invite USER            create an encrypted room, invite USER, wait for the join
  join    NAME ROOM                     join ROOM (after an invite)
  say     NAME ROOM TEXT --expect S     send encrypted text, wait for a bot reply containing S (no --expect: no wait)
  image   NAME ROOM PATH --expect S     send an encrypted attachment (--caption C), wait for a bot reply containing S
  react   NAME ROOM EVENT KEY --expect S
  wait    NAME ROOM --expect S          wait for a bot message containing S (--after EVENT: also already there)
  check   NAME ROOM                     every bot event in ROOM's history must decrypt
"""
import argparse
import asyncio
import json
import os
import sys
import time

from nio import (AsyncClient, AsyncClientConfig, LoginResponse, MegolmEvent, RoomCreateResponse, RoomEncryptedImage,
                 RoomMessagesResponse, RoomSendResponse, SyncResponse, UploadResponse)
from nio.api import RoomVisibility

HOMESERVER = os.environ["MATRIX_IT_HOMESERVER"]
BOT = os.environ["MATRIX_IT_BOT"]


def fail(reason):
    print(reason, file=sys.stderr)
    sys.exit(1)


def emit(**values):
    print(json.dumps(values), flush=True)


class Human:
    def __init__(self, name, state):
        self.name = name
        self.state_dir = os.path.join(state, name)
        os.makedirs(self.state_dir, exist_ok=True)
        self.login_file = os.path.join(self.state_dir, "login.json")
        self.user = os.environ[f"MATRIX_IT_{name.upper().rstrip('0123456789')}"]
        # Every step starts with a full sync: nio keeps keys in its store but room state only in memory.
        config = AsyncClientConfig(encryption_enabled=True, store_sync_tokens=False)
        self.client = AsyncClient(HOMESERVER, self.user, store_path=self.state_dir, config=config)
        self.undecryptable = {}  # event id -> MegolmEvent from the bot

    async def login(self):
        password = os.environ[f"MATRIX_IT_{self.name.upper().rstrip('0123456789')}_PASSWORD"]
        answer = await self.client.login(password, device_name=f"e2e-{self.name}")
        if not isinstance(answer, LoginResponse):
            fail(f"login failed: {answer}")
        with open(self.login_file, "w") as f:
            json.dump({"device_id": answer.device_id, "access_token": answer.access_token}, f)
        await self.sync()
        emit(device=answer.device_id)

    async def restore(self):
        with open(self.login_file) as f:
            saved = json.load(f)
        self.client.restore_login(self.user, saved["device_id"], saved["access_token"])
        self.initial = await self.sync(full_state=True)

    async def maintain(self):
        if self.client.should_upload_keys:
            await self.client.keys_upload()
        if self.client.should_query_keys:
            await self.client.keys_query()
        if self.client.should_claim_keys:
            await self.client.keys_claim(self.client.get_users_for_key_claiming())

    async def sync(self, timeout=1000, full_state=False):
        answer = await self.client.sync(timeout=timeout, full_state=full_state)
        if not isinstance(answer, SyncResponse):
            fail(f"sync failed: {answer}")
        await self.maintain()
        return answer

    def retry_undecrypted(self):
        for event_id, event in list(self.undecryptable.items()):
            try:
                decrypted = self.client.decrypt_event(event)
            except Exception:
                continue
            if not isinstance(decrypted, MegolmEvent):
                del self.undecryptable[event_id]
                yield decrypted

    async def bot_events(self, room, seconds, predicate, after=None):
        """Syncs until a (decrypted) bot event in `room` satisfies `predicate`; returns it. With `after`
        (an event id), events after it in the first sync count too (the answer may predate this step)."""
        deadline = time.monotonic() + seconds
        answer = None
        if after:
            answer = self.initial
        while time.monotonic() < deadline:
            if answer is None:
                answer = await self.sync(timeout=2000)
            timeline = answer.rooms.join.get(room)
            events = list(timeline.timeline.events) if timeline else []
            if after and answer is self.initial:
                ids = [getattr(e, "event_id", None) for e in events]
                events = events[ids.index(after) + 1:] if after in ids else events
            answer = None
            events += list(self.retry_undecrypted())
            for event in events:
                if getattr(event, "sender", None) != BOT:
                    continue
                if isinstance(event, MegolmEvent):
                    self.undecryptable[event.event_id] = event
                    continue
                if predicate(event):
                    return event
        pending = ", ".join(self.undecryptable) or "none"
        fail(f"{self.name}: no matching bot message in {seconds} s (undecryptable bot events: {pending})")

    async def send(self, room, content, kind="m.room.message"):
        await self.maintain()
        answer = await self.client.room_send(room, kind, content, ignore_unverified_devices=True)
        if not isinstance(answer, RoomSendResponse):
            fail(f"send failed: {answer}")
        return answer.event_id


def body_of(event):
    return (getattr(event, "source", {}) or {}).get("content", {}).get("body", "") if not hasattr(event, "body") else event.body


def expecting(text):
    def check(event):
        return text in (body_of(event) or "")
    return check


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command")
    parser.add_argument("name")
    parser.add_argument("args", nargs="*")
    parser.add_argument("--state", required=True)
    parser.add_argument("--invite", action="append", default=[])
    parser.add_argument("--expect", default="")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--name-room", default="encrypted")
    parser.add_argument("--caption", default="")
    parser.add_argument("--after", default=None)
    options = parser.parse_args()
    human = Human(options.name, options.state)
    try:
        if options.command == "login":
            await human.login()
            return
        await human.restore()
        if options.command == "dm":
            answer = await human.client.room_create(
                visibility=RoomVisibility.private, name=options.name_room, is_direct=len(options.invite) == 1, invite=options.invite,
                initial_state=[{"type": "m.room.encryption", "state_key": "", "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
            if not isinstance(answer, RoomCreateResponse):
                fail(f"room_create failed: {answer}")
            room = answer.room_id
            deadline = time.monotonic() + options.seconds
            while time.monotonic() < deadline:
                await human.sync(timeout=1000)
                joined = human.client.rooms.get(room)
                if joined and BOT in joined.users:
                    emit(room=room)
                    return
            fail("the bot did not join")
        room = options.args[0]
        if options.command == "join":
            await human.client.join(room)
            await human.sync()
            emit(joined=room)
        elif options.command == "say":
            sent = await human.send(room, {"msgtype": "m.text", "body": options.args[1]})
            if not options.expect:
                emit(sent=sent)
                return
            reply = await human.bot_events(room, options.seconds, expecting(options.expect))
            emit(sent=sent, reply=reply.event_id, body=body_of(reply))
        elif options.command == "image":
            path = options.args[1]
            with open(path, "rb") as f:
                data = f.read()
            upload, keys = await human.client.upload(lambda *_: data, content_type="image/jpeg", filename=os.path.basename(path),
                                                     encrypt=True, filesize=len(data))
            if not isinstance(upload, UploadResponse):
                fail(f"upload failed: {upload}")
            keys["url"] = upload.content_uri
            content = {"msgtype": "m.image", "body": options.caption or os.path.basename(path), "filename": os.path.basename(path), "file": keys,
                       "info": {"mimetype": "image/jpeg", "size": len(data)}}
            sent = await human.send(room, content)
            reply = await human.bot_events(room, options.seconds, expecting(options.expect))
            emit(sent=sent, reply=reply.event_id, body=body_of(reply))
        elif options.command == "react":
            target, key = options.args[1], options.args[2]
            content = {"m.relates_to": {"rel_type": "m.annotation", "event_id": target, "key": key}}
            sent = await human.send(room, content, kind="m.reaction")
            if not options.expect:
                emit(sent=sent)
                return
            reply = await human.bot_events(room, options.seconds, expecting(options.expect))
            emit(sent=sent, reply=reply.event_id, body=body_of(reply))
        elif options.command == "wait":
            reply = await human.bot_events(room, options.seconds, expecting(options.expect), after=options.after)
            emit(reply=reply.event_id, body=body_of(reply), image=isinstance(reply, RoomEncryptedImage))
        elif options.command == "check":
            answer = await human.client.room_messages(room, start="", limit=200)
            if not isinstance(answer, RoomMessagesResponse):
                fail(f"messages failed: {answer}")
            bot = [e for e in answer.chunk if getattr(e, "sender", None) == BOT]
            undecryptable = [e.event_id for e in bot if isinstance(e, MegolmEvent)]
            images = [e.event_id for e in bot if isinstance(e, RoomEncryptedImage)]
            emit(bot_events=len(bot), undecryptable=undecryptable, encrypted_images=len(images))
            if undecryptable:
                fail(f"undecryptable bot events: {undecryptable}")
        else:
            fail(f"unknown command {options.command}")
    finally:
        await human.client.close()


asyncio.run(main())
