/// The PostgreSQL schema of the scale-out layer, as numbered migrations (see docs/scale-out.md).
public enum ScaleSchema {
    /// Every step, oldest first.
    public static let migrations: [Migration] = [inbox, jobs, dailySends, chatCore, closet, features, matrix, scheduleDays]

    /// The durable inbox, each network's cursor, and the per-chat leases.
    static let inbox = Migration(version: 1, name: "inbox, cursors and chat leases", sql: """
        CREATE TABLE inbox (
            id bigserial PRIMARY KEY,
            network text NOT NULL,
            external_id text NOT NULL,
            chat_key text NOT NULL,
            payload jsonb NOT NULL,
            received_at timestamptz NOT NULL,
            state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'set_aside')),
            attempts integer NOT NULL DEFAULT 0,
            finished_at timestamptz,
            UNIQUE (network, external_id)
        );
        -- The oldest pending message overall, and the head of each chat.
        CREATE INDEX inbox_pending ON inbox (id) WHERE state = 'pending';
        CREATE INDEX inbox_pending_by_chat ON inbox (chat_key, id) WHERE state = 'pending';
        CREATE TABLE inbox_cursor (
            network text PRIMARY KEY,
            cursor text NOT NULL,
            updated_at timestamptz NOT NULL
        );
        CREATE TABLE chat_lease (
            chat_key text PRIMARY KEY,
            owner text NOT NULL,
            message_id bigint NOT NULL,
            expires_at timestamptz NOT NULL
        );
        """)

    /// Leased jobs (try-ons, daily sends) and the marker that delivers a result once.
    static let jobs = Migration(version: 2, name: "jobs and delivery markers", sql: """
        CREATE TABLE job (
            id bigserial PRIMARY KEY,
            kind text NOT NULL,
            chat_key text NOT NULL,
            payload jsonb NOT NULL,
            dedupe_key text UNIQUE,
            state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'set_aside')),
            attempts integer NOT NULL DEFAULT 0,
            owner text,
            lease_expires_at timestamptz,
            available_at timestamptz NOT NULL,
            created_at timestamptz NOT NULL,
            finished_at timestamptz
        );
        CREATE INDEX job_ready ON job (kind, available_at, id) WHERE state IN ('queued', 'running');
        CREATE TABLE job_delivery (
            job_id bigint PRIMARY KEY REFERENCES job (id) ON DELETE CASCADE,
            owner text NOT NULL,
            delivered_at timestamptz NOT NULL
        );
        """)

    /// One daily outfit per chat per local day, however many workers run the schedule.
    static let dailySends = Migration(version: 3, name: "daily sends", sql: """
        CREATE TABLE daily_send (
            chat_key text NOT NULL,
            local_day date NOT NULL,
            owner text NOT NULL,
            sent_at timestamptz NOT NULL,
            PRIMARY KEY (chat_key, local_day)
        );
        """)

    /// The chat core's storage behind `Storage.ChatStore` (`PostgresStore`): users, chats,
    /// members, chat state, buttons, attempts, the outbox with its files and posted-message index.
    /// JSON is kept as text, as on SQLite: jsonb refuses the `\u0000` escape a user's text may carry.
    static let chatCore = Migration(version: 4, name: "chat core: participants, chat state, buttons, attempts, outbox", sql: """
        CREATE TABLE chat_user (
            id bigserial PRIMARY KEY,
            transport text NOT NULL,
            external_id text NOT NULL,
            display_name text,
            settings text NOT NULL DEFAULT '{}',
            created_at timestamptz NOT NULL,
            UNIQUE (transport, external_id)
        );
        CREATE TABLE chat (
            id bigserial PRIMARY KEY,
            transport text NOT NULL,
            external_id text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('private', 'group')),
            title text,
            settings text NOT NULL DEFAULT '{}',
            created_at timestamptz NOT NULL,
            UNIQUE (transport, external_id)
        );
        CREATE TABLE chat_member (
            chat_id bigint NOT NULL REFERENCES chat (id) ON DELETE CASCADE,
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            last_spoke_at timestamptz NOT NULL,
            PRIMARY KEY (chat_id, user_id)
        );
        CREATE TABLE chat_state (
            chat_id bigint NOT NULL REFERENCES chat (id) ON DELETE CASCADE,
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            state text NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (chat_id, user_id)
        );
        CREATE TABLE button (
            token text PRIMARY KEY,
            chat_id bigint NOT NULL REFERENCES chat (id) ON DELETE CASCADE,
            user_id bigint REFERENCES chat_user (id) ON DELETE CASCADE,
            action text NOT NULL,
            payload text NOT NULL,
            created_at timestamptz NOT NULL,
            expires_at timestamptz NOT NULL
        );
        CREATE INDEX button_by_expiry ON button (expires_at);
        CREATE TABLE attempt (
            kind text NOT NULL,
            item_id text NOT NULL,
            chat_key text NOT NULL DEFAULT '',
            count integer NOT NULL,
            state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'set_aside')),
            detail text NOT NULL DEFAULT '',
            first_at timestamptz NOT NULL,
            last_at timestamptz NOT NULL,
            PRIMARY KEY (kind, item_id)
        );
        CREATE TABLE outbox (
            id bigserial PRIMARY KEY,
            transport text NOT NULL,
            chat_external_id text NOT NULL,
            chat_kind text NOT NULL DEFAULT 'private',
            txn_id text NOT NULL UNIQUE,
            payload text NOT NULL,
            state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'dropped')),
            remote_ids text NOT NULL DEFAULT '[]',
            steps_done integer NOT NULL DEFAULT 0,
            expires_at timestamptz,
            created_at timestamptz NOT NULL,
            finished_at timestamptz
        );
        CREATE INDEX outbox_pending ON outbox (transport, id) WHERE state = 'pending';
        CREATE TABLE outbox_file (
            txn_id text NOT NULL REFERENCES outbox (txn_id) ON DELETE CASCADE,
            position integer NOT NULL,
            bytes bytea NOT NULL,
            PRIMARY KEY (txn_id, position)
        );
        CREATE TABLE sent_message (
            transport text NOT NULL,
            chat_external_id text NOT NULL,
            remote_id text NOT NULL,
            txn_id text NOT NULL,
            position integer NOT NULL,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (transport, chat_external_id, remote_id)
        );
        CREATE INDEX sent_message_by_age ON sent_message (created_at);
        """)

    /// The closet, images and wear log behind `ClosetStore`, `ImageStore`, `WearStore` and `AccountStore`.
    ///
    /// Images are content-addressed: `media_blob` holds each distinct byte string once (any worker on any
    /// machine reads it, no shared disk), `image` is each user's index row pointing at it, and `thumbnail`
    /// caches the small JPEGs made from a blob. A blob outlives a user's deletion while another user's
    /// `image` row points at it (no cascade from `image`); `deleteUser` removes the ones left unreferenced.
    /// Image bytes are stored uncompressed out of line (`STORAGE EXTERNAL`): JPEG does not compress further.
    /// Every row of a user cascades from `chat_user`, so deleting that row deletes the closet, wears and index rows.
    static let closet = Migration(version: 5, name: "closet items, content-addressed images, thumbnails, wears", sql: """
        ALTER TABLE chat_user ADD COLUMN next_item_number bigint NOT NULL DEFAULT 1;
        CREATE TABLE closet_item (
            id bigserial PRIMARY KEY,
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            number bigint NOT NULL,
            name text NOT NULL,
            category text NOT NULL,
            subcategory text,
            formality smallint NOT NULL CHECK (formality BETWEEN 1 AND 5),
            warmth smallint NOT NULL CHECK (warmth BETWEEN 1 AND 5),
            fit text NOT NULL,
            leg_shape text,
            color_name text NOT NULL,
            color_family text NOT NULL,
            pattern text NOT NULL,
            brand text,
            size text,
            material text,
            photo_sha256 text,
            source_url text,
            price double precision,
            currency text,
            added_at timestamptz NOT NULL,
            last_worn_at timestamptz,
            wear_count integer NOT NULL DEFAULT 0,
            available boolean NOT NULL DEFAULT true,
            UNIQUE (user_id, number)
        );
        CREATE TABLE media_blob (
            sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
            bytes bytea NOT NULL,
            created_at timestamptz NOT NULL
        );
        ALTER TABLE media_blob ALTER COLUMN bytes SET STORAGE EXTERNAL;
        CREATE TABLE image (
            id bigserial PRIMARY KEY,
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            sha256 text NOT NULL REFERENCES media_blob (sha256),
            mime_type text NOT NULL,
            width integer,
            height integer,
            created_at timestamptz NOT NULL,
            UNIQUE (user_id, sha256)
        );
        CREATE INDEX image_by_sha256 ON image (sha256);
        CREATE TABLE thumbnail (
            sha256 text NOT NULL REFERENCES media_blob (sha256) ON DELETE CASCADE,
            side integer NOT NULL CHECK (side > 0),
            bytes bytea NOT NULL,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (sha256, side)
        );
        ALTER TABLE thumbnail ALTER COLUMN bytes SET STORAGE EXTERNAL;
        CREATE TABLE wear (
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            item_id bigint NOT NULL REFERENCES closet_item (id) ON DELETE CASCADE,
            worn_on text COLLATE "C" NOT NULL,
            source text NOT NULL,
            recorded_at timestamptz NOT NULL,
            PRIMARY KEY (item_id, worn_on)
        );
        CREATE INDEX wear_by_user ON wear (user_id, worn_on);
        """)

    /// The features' storage for `PostgresStore`: looks (numbered per user), try-on jobs with their
    /// worker's lease, votes and ballots, daily schedules with a once-per-local-day send marker, and
    /// the transports' caches (sent choices, Telegram polls as `telegram.poll` rows, Telegram file ids).
    /// Rows of a user or chat go with it (`ON DELETE CASCADE`, and a trigger for the ballots they cast);
    /// JSON is text, as in version 4.
    static let features = Migration(version: 6, name: "features: looks, jobs, votes, schedules, transport caches", sql: """
        CREATE TABLE look_number (
            user_id bigint PRIMARY KEY REFERENCES chat_user (id) ON DELETE CASCADE,
            next_number integer NOT NULL
        );
        CREATE TABLE look (
            id bigserial PRIMARY KEY,
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            chat_id bigint REFERENCES chat (id) ON DELETE SET NULL,
            number integer NOT NULL,
            person_sha256 text NOT NULL,
            garment_sha256 text NOT NULL,
            result_sha256 text NOT NULL,
            prompt text NOT NULL,
            service text NOT NULL,
            model text NOT NULL,
            batch_id text,
            variation integer NOT NULL DEFAULT 1,
            started_at timestamptz NOT NULL,
            duration_ms integer NOT NULL,
            favourite boolean NOT NULL DEFAULT false,
            group_pick boolean NOT NULL DEFAULT false,
            UNIQUE (user_id, number)
        );
        CREATE INDEX look_by_batch ON look (user_id, batch_id);
        CREATE TABLE user_job (
            id bigserial PRIMARY KEY,
            kind text NOT NULL,
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            chat_id bigint REFERENCES chat (id) ON DELETE CASCADE,
            state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
            payload text NOT NULL,
            result text,
            error text,
            attempts integer NOT NULL DEFAULT 0,
            not_before timestamptz NOT NULL,
            owner text,
            lease_expires_at timestamptz,
            delivered boolean NOT NULL DEFAULT false,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL
        );
        CREATE INDEX user_job_queued ON user_job (kind, not_before, id) WHERE state = 'queued';
        CREATE INDEX user_job_running ON user_job (kind, user_id) WHERE state = 'running';
        CREATE INDEX user_job_undelivered ON user_job (kind, id) WHERE state = 'done' AND NOT delivered;
        CREATE INDEX user_job_by_user ON user_job (user_id, kind, id);
        CREATE TABLE vote (
            id bigserial PRIMARY KEY,
            chat_id bigint NOT NULL REFERENCES chat (id) ON DELETE CASCADE,
            starter_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            kind text NOT NULL,
            subject text NOT NULL,
            option_count integer NOT NULL,
            poll_ref text,
            message_ref text,
            opened_at timestamptz NOT NULL,
            closes_at timestamptz NOT NULL,
            state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'tied', 'closed')),
            winner integer,
            closed_at timestamptz
        );
        CREATE INDEX vote_open ON vote (closes_at, id) WHERE state = 'open';
        CREATE INDEX vote_by_chat ON vote (chat_id, state, id);
        CREATE TABLE ballot (
            vote_id bigint NOT NULL REFERENCES vote (id) ON DELETE CASCADE,
            voter text NOT NULL,
            option integer NOT NULL,
            source text NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (vote_id, voter)
        );
        -- A ballot names its voter by key (`telegram:42`), since poll answers come from people who may never
        -- have written to the bot; deleting the user deletes their ballots as on SQLite, by that key.
        CREATE INDEX ballot_by_voter ON ballot (voter);
        CREATE FUNCTION ballot_forget_voter() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM ballot WHERE voter = OLD.transport || ':' || OLD.external_id;
            RETURN OLD;
        END
        $$;
        CREATE TRIGGER chat_user_forget_ballots AFTER DELETE ON chat_user FOR EACH ROW EXECUTE FUNCTION ballot_forget_voter();
        CREATE TABLE schedule (
            id bigserial PRIMARY KEY,
            chat_id bigint NOT NULL REFERENCES chat (id) ON DELETE CASCADE,
            user_id bigint NOT NULL REFERENCES chat_user (id) ON DELETE CASCADE,
            local_time text NOT NULL,
            occasion text NOT NULL,
            weekdays_only boolean NOT NULL DEFAULT false,
            last_sent_date date,
            last_sent_items text NOT NULL DEFAULT '[]',
            paused boolean NOT NULL DEFAULT false,
            created_at timestamptz NOT NULL,
            UNIQUE (chat_id, user_id)
        );
        -- The send of one schedule on one local day: the unique key settles racing workers.
        CREATE TABLE schedule_send (
            schedule_id bigint NOT NULL REFERENCES schedule (id) ON DELETE CASCADE,
            local_date date NOT NULL,
            claimed_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (schedule_id, local_date)
        );
        CREATE TABLE sent_choice (
            transport text NOT NULL,
            message_id text NOT NULL,
            chat_external_id text NOT NULL,
            tokens text NOT NULL,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (transport, message_id)
        );
        CREATE INDEX sent_choice_by_age ON sent_choice (created_at);
        CREATE TABLE telegram_file (
            sha256 text PRIMARY KEY,
            file_id text NOT NULL,
            created_at timestamptz NOT NULL
        );
        """)

    /// A daily subscription's days of the week as a 7-bit mask (Monday the lowest bit); `weekdays_only` kept in step.
    static let scheduleDays = Migration(version: 8, name: "schedule days of the week", sql: """
        ALTER TABLE schedule ADD COLUMN days integer NOT NULL DEFAULT 127 CHECK (days BETWEEN 1 AND 127);
        UPDATE schedule SET days = 31 WHERE weekdays_only;
        """)
}
