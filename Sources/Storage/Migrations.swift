import SQLite

/// The versioned schema. Each entry is applied once, in order, inside its own transaction;
/// `PRAGMA user_version` records how far a database has got. Never edit a shipped entry:
/// add a new one.
public enum Migrations {
    /// All migrations; index + 1 is the schema version it produces.
    public static let all: [String] = [
        // 1: the foundation schema.
        """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            transport TEXT NOT NULL,
            external_id TEXT NOT NULL,
            display_name TEXT,
            settings TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL,
            UNIQUE (transport, external_id)
        );
        CREATE TABLE chats (
            id INTEGER PRIMARY KEY,
            transport TEXT NOT NULL,
            external_id TEXT NOT NULL,
            kind TEXT NOT NULL DEFAULT 'private',
            title TEXT,
            settings TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL,
            UNIQUE (transport, external_id)
        );
        CREATE TABLE images (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            sha256 TEXT NOT NULL,
            mime_type TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            byte_count INTEGER NOT NULL,
            created_at REAL NOT NULL,
            UNIQUE (user_id, sha256)
        );
        CREATE TABLE items (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            name TEXT NOT NULL,
            category TEXT NOT NULL,
            subcategory TEXT,
            formality INTEGER NOT NULL CHECK (formality BETWEEN 1 AND 5),
            warmth INTEGER NOT NULL CHECK (warmth BETWEEN 1 AND 5),
            fit TEXT NOT NULL,
            leg_shape TEXT,
            color_name TEXT NOT NULL,
            color_family TEXT NOT NULL,
            pattern TEXT NOT NULL,
            brand TEXT,
            size TEXT,
            material TEXT,
            photo_sha256 TEXT,
            source_url TEXT,
            price REAL,
            currency TEXT,
            added_at REAL NOT NULL,
            last_worn_at REAL,
            wear_count INTEGER NOT NULL DEFAULT 0,
            available INTEGER NOT NULL DEFAULT 1,
            UNIQUE (user_id, number)
        );
        CREATE INDEX items_by_user ON items(user_id, category);
        CREATE TABLE looks (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            chat_id INTEGER REFERENCES chats(id) ON DELETE SET NULL,
            number INTEGER NOT NULL,
            person_sha256 TEXT NOT NULL,
            garment_sha256 TEXT NOT NULL,
            result_sha256 TEXT NOT NULL,
            prompt TEXT NOT NULL,
            service TEXT NOT NULL,
            model TEXT NOT NULL,
            batch_id TEXT,
            variation INTEGER NOT NULL DEFAULT 1,
            started_at REAL NOT NULL,
            duration_ms INTEGER NOT NULL,
            favourite INTEGER NOT NULL DEFAULT 0,
            group_pick INTEGER NOT NULL DEFAULT 0,
            UNIQUE (user_id, number)
        );
        CREATE TABLE jobs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            chat_id INTEGER REFERENCES chats(id) ON DELETE CASCADE,
            state TEXT NOT NULL DEFAULT 'queued',
            payload TEXT NOT NULL DEFAULT '{}',
            result TEXT,
            error TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            not_before REAL NOT NULL DEFAULT 0,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            delivered INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX jobs_by_state ON jobs(state, not_before);
        CREATE TABLE chat_state (
            chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            state TEXT NOT NULL DEFAULT '{}',
            updated_at REAL NOT NULL,
            PRIMARY KEY (chat_id, user_id)
        );
        CREATE TABLE schedules (
            id INTEGER PRIMARY KEY,
            chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            local_time TEXT NOT NULL,
            occasion TEXT NOT NULL,
            weekdays_only INTEGER NOT NULL DEFAULT 0,
            last_sent_date TEXT,
            paused INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL,
            UNIQUE (chat_id, user_id)
        );
        CREATE TABLE cursors (
            transport TEXT PRIMARY KEY,
            value TEXT NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE processed_updates (
            transport TEXT NOT NULL,
            update_id TEXT NOT NULL,
            handled_at REAL NOT NULL,
            PRIMARY KEY (transport, update_id)
        ) WITHOUT ROWID;
        """,
        // 2: server-side state behind buttons (callback data holds only a short token).
        """
        CREATE TABLE buttons (
            token TEXT PRIMARY KEY,
            chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
            user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
            action TEXT NOT NULL,
            payload TEXT NOT NULL DEFAULT '{}',
            message_ref TEXT,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX buttons_by_expiry ON buttons(expires_at);
        """,
        // 3: transports and group voting.
        """
        CREATE TABLE telegram_files (
            sha256 TEXT PRIMARY KEY,
            file_id TEXT NOT NULL,
            created_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY,
            transport TEXT NOT NULL,
            chat_external_id TEXT NOT NULL,
            txn_id TEXT NOT NULL UNIQUE,
            payload TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending',
            remote_id TEXT,
            created_at REAL NOT NULL,
            sent_at REAL
        );
        CREATE INDEX outbox_pending ON outbox(transport, state);
        CREATE TABLE sent_choices (
            transport TEXT NOT NULL,
            message_id TEXT NOT NULL,
            chat_external_id TEXT NOT NULL,
            tokens TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (transport, message_id)
        ) WITHOUT ROWID;
        CREATE TABLE chat_members (
            chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            last_spoke_at REAL NOT NULL,
            PRIMARY KEY (chat_id, user_id)
        ) WITHOUT ROWID;
        CREATE TABLE votes (
            id INTEGER PRIMARY KEY,
            chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
            starter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            subject TEXT NOT NULL DEFAULT '{}',
            option_count INTEGER NOT NULL,
            poll_ref TEXT,
            message_ref TEXT,
            opened_at REAL NOT NULL,
            closes_at REAL NOT NULL,
            state TEXT NOT NULL DEFAULT 'open',
            winner INTEGER,
            closed_at REAL
        );
        CREATE INDEX votes_open ON votes(state, closes_at);
        CREATE TABLE ballots (
            vote_id INTEGER NOT NULL REFERENCES votes(id) ON DELETE CASCADE,
            voter TEXT NOT NULL,
            option INTEGER NOT NULL,
            source TEXT NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (vote_id, voter)
        ) WITHOUT ROWID;
        """,
        // 4: what the last daily message showed (so the next day avoids it), and one open vote per poll.
        """
        ALTER TABLE schedules ADD COLUMN last_sent_items TEXT NOT NULL DEFAULT '[]';
        CREATE INDEX votes_by_chat ON votes(chat_id, state);
        """,
        // 5: one outbox for every transport (steps of a message, files, expiry, sent message ids),
        // and attempts, so work that crashed the process twice is set aside instead of crash-looping.
        """
        ALTER TABLE outbox ADD COLUMN chat_kind TEXT NOT NULL DEFAULT 'private';
        ALTER TABLE outbox ADD COLUMN steps_done INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE outbox ADD COLUMN expires_at REAL;
        CREATE TABLE outbox_files (
            txn_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            bytes BLOB NOT NULL,
            PRIMARY KEY (txn_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE sent_messages (
            transport TEXT NOT NULL,
            chat_external_id TEXT NOT NULL,
            remote_id TEXT NOT NULL,
            txn_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (transport, chat_external_id, remote_id)
        ) WITHOUT ROWID;
        CREATE INDEX sent_messages_by_age ON sent_messages(created_at);
        CREATE TABLE attempts (
            kind TEXT NOT NULL,
            item_id TEXT NOT NULL,
            chat_key TEXT NOT NULL DEFAULT '',
            count INTEGER NOT NULL,
            state TEXT NOT NULL DEFAULT 'running',
            detail TEXT NOT NULL DEFAULT '',
            first_at REAL NOT NULL,
            last_at REAL NOT NULL,
            PRIMARY KEY (kind, item_id)
        ) WITHOUT ROWID;
        """,
        // 6: item and look numbers are never reused for a user (a counter per user, started past the highest
        // number in use), so an old message never points at a different piece or look after a removal.
        """
        ALTER TABLE users ADD COLUMN next_item_number INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE users ADD COLUMN next_look_number INTEGER NOT NULL DEFAULT 1;
        UPDATE users SET
          next_item_number = coalesce((SELECT max(number) FROM items WHERE items.user_id = users.id), 0) + 1,
          next_look_number = coalesce((SELECT max(number) FROM looks WHERE looks.user_id = users.id), 0) + 1;
        """,
        // 7: Matrix end-to-end encryption state. `value` is JSON; key material in it is an
        // Olm pickle, encrypted with a key derived from the master key, so nothing readable rests here.
        // Kinds: account, olm_session, inbound_group, outbound_group, device, pending_event.
        """
        CREATE TABLE matrix_crypto (
            kind TEXT NOT NULL,
            id TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (kind, id)
        ) WITHOUT ROWID;
        """,
        // 8: the wear log: one row per piece and local day it was worn (the owner's chat's time zone), so a second
        // "I wore this" the same day counts once. `items.wear_count` stays the total and includes wears from before
        // the log (they have no date); each piece's known last wear becomes one dated row, source 'earlier', on its
        // UTC date. Dates outside 2000…2999 stay undated rather than fail the upgrade.
        """
        CREATE TABLE wears (
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            worn_on TEXT NOT NULL,
            source TEXT NOT NULL,
            recorded_at REAL NOT NULL,
            PRIMARY KEY (item_id, worn_on)
        ) WITHOUT ROWID;
        CREATE INDEX wears_by_user ON wears(user_id, worn_on);
        INSERT INTO wears (user_id, item_id, worn_on, source, recorded_at)
          SELECT user_id, id, strftime('%Y-%m-%d', last_worn_at, 'unixepoch'), 'earlier', last_worn_at FROM items
          WHERE wear_count > 0 AND last_worn_at >= 946684800 AND last_worn_at < 32503680000;
        """,
        // 9: the durable inbox of Telegram webhook deliveries. An update is stored here before the webhook
        // is answered; `update_id` is unique per transport, so Telegram's retries are stored once. The drain
        // hands 'pending' rows to the handlers and marks a row 'done' in the transaction that records its replies.
        """
        CREATE TABLE inbox (
            id INTEGER PRIMARY KEY,
            transport TEXT NOT NULL,
            update_id TEXT NOT NULL,
            payload TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
            received_at REAL NOT NULL,
            handled_at REAL,
            UNIQUE (transport, update_id)
        );
        CREATE INDEX inbox_pending ON inbox (transport, state, id);
        """,
        // 10: a daily subscription's days of the week as a 7-bit mask (Monday the lowest bit), so it can fire on
        // any days ("/daily 09:00 weekend", "mon,wed,fri"); `weekdays_only` is kept in step (mask 31).
        """
        ALTER TABLE schedules ADD COLUMN days INTEGER NOT NULL DEFAULT 127 CHECK (days BETWEEN 1 AND 127);
        UPDATE schedules SET days = 31 WHERE weekdays_only = 1;
        """,
        // 11: fewer index pages rewritten per reply. The pending index holds only pending rows (a row marked
        // sent leaves it instead of moving within it), and posted messages lose their index by age: it was
        // used only by the occasional prune, which now reads the table.
        """
        DROP INDEX outbox_pending;
        CREATE INDEX outbox_pending ON outbox(transport, id) WHERE state = 'pending';
        DROP INDEX sent_messages_by_age;
        """,
    ]

    /// The version a fully migrated database has.
    public static var latestVersion: Int { all.count }

    /// Applies every migration newer than the database's version, each in its own transaction.
    /// `upTo` stops early (tests use it to build every earlier schema).
    public static func apply(to connection: Connection, upTo target: Int = latestVersion) throws {
        let current = try version(of: connection)
        guard current <= latestVersion else {
            throw StorageError.schemaTooNew(found: current, supported: latestVersion)
        }
        guard current < target else { return }
        for version in (current + 1)...target {
            try connection.transaction { connection in
                try connection.execute(all[version - 1])
                try connection.execute("PRAGMA user_version = \(version)")
            }
        }
    }

    /// The schema version recorded in the database.
    public static func version(of connection: Connection) throws -> Int {
        Int(try connection.first("PRAGMA user_version")?.int("user_version") ?? 0)
    }
}
