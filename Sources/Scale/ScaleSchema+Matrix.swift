extension ScaleSchema {
    /// What the elected Matrix worker keeps so that a standby can take over the account: the sync
    /// position and filter, the events already handled, and the device's end-to-end encryption state.
    static let matrix = Migration(version: 7, name: "matrix: sync position, handled events, encryption state", sql: """
        CREATE TABLE transport_cursor (
            transport text PRIMARY KEY,
            value text NOT NULL,
            updated_at timestamptz NOT NULL
        );
        CREATE TABLE handled_event (
            transport text NOT NULL,
            event_id text NOT NULL,
            handled_at timestamptz NOT NULL,
            PRIMARY KEY (transport, event_id)
        );
        CREATE INDEX handled_event_by_age ON handled_event (handled_at);
        -- Olm and Megolm pickles (encrypted with a key derived from the master key), by kind and id.
        CREATE TABLE matrix_crypto (
            kind text NOT NULL,
            id text NOT NULL,
            value text NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (kind, id)
        );
        """)
}
