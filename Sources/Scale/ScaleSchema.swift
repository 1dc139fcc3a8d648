/// The PostgreSQL schema of the scale-out layer, as numbered migrations (see docs/scale-out.md).
public enum ScaleSchema {
    /// Every step, oldest first.
    public static let migrations: [Migration] = [inbox, jobs, dailySends]

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
}
