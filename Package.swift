// swift-tools-version:6.0
import PackageDescription

/// Swift 6 language mode (strict concurrency) for every target, set in one place.
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// The C libraries: one system-library target each, holding only module.modulemap and shim.h.
let cModules: [Target] = [
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
    .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
    .systemLibrary(name: "CGumbo", pkgConfig: "gumbo", providers: [.apt(["libgumbo-dev"])]),
    // Olm and Megolm for Matrix end-to-end encryption (libolm; see docs/matrix.md on its deprecation).
    .systemLibrary(name: "COlm", pkgConfig: "olm", providers: [.apt(["libolm-dev"])]),
    // OpenSSL's libcrypto, only for AES-256-CTR (Matrix attachments); libsodium has no CTR mode.
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // glibc's malloc.h (part of libc, nothing to link), for process memory figures.
    .systemLibrary(name: "CMalloc"),
    // libpq, the PostgreSQL client, for scale-out (docs/scale-out.md).
    .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    // libmicrohttpd: the embedded HTTP server (Telegram webhooks, /healthz, /metrics).
    .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
]

/// Library targets, lowest layer first: name and dependencies.
let libraries: [(name: String, dependencies: [String])] = [
    // Thin wrappers, the only importers of their C module.
    ("JSON", ["CJansson"]),
    ("SQLite", ["CSQLite"]),
    ("Sodium", ["CSodium"]),
    ("HTTP", ["CCurl"]),
    ("HTTPServer", ["CMicroHTTPD", "Support"]),
    ("Images", ["CVips", "Support"]),
    ("HTML", ["CGumbo", "Iconv"]),
    // glibc's iconv (part of libc, nothing to link): legacy page encodings such as EUC-KR and Big5.
    ("Iconv", []),
    ("Olm", ["COlm", "JSON", "Support"]),
    ("Cipher", ["CCrypto", "Support"]),
    ("Postgres", ["CPostgres", "Support"]),
    // CSS selectors over the parsed HTML tree (site rules are written in them).
    ("Selectors", ["HTML"]),
    // Shared plumbing: logging, clocks, services, backoff.
    ("Support", ["CMalloc"]),
    // Counters, gauges and histograms in the Prometheus text format (plain, no I/O).
    ("Metrics", []),
    // Infrastructure.
    ("Secrets", ["Sodium", "JSON", "Support"]),
    ("Config", ["JSON", "Support"]),
    // The shipped data files (occasions, keyword rules, prompts) built into the binary as defaults.
    ("Defaults", []),
    // Message catalogs, plural rules and locale-aware numbers, prices and dates (replies in five languages).
    ("Localization", ["JSON", "Support", "Defaults"]),
    // Domain.
    ("Closet", ["JSON", "Support"]),
    // Daily schedule arithmetic: local dates, time zones, due decisions, pacing (pure).
    ("Schedule", []),
    ("Storage", ["SQLite", "Sodium", "JSON", "Closet", "Support", "Schedule"]),
    // Encrypted backup archives of the data folder, and restore.
    ("Backup", ["SQLite", "Sodium", "JSON", "Support"]),
    ("ProductImport", ["HTML", "Selectors", "JSON", "HTTP", "Closet", "Support"]),
    ("TryOn", ["HTTP", "JSON", "Images", "Sodium", "Storage", "Support"]),
    // Scale-out on PostgreSQL: migrations, the inbox with per-chat leases, leader election, job leases.
    ("Scale", ["Postgres", "Closet", "Schedule", "Storage", "JSON", "Support"]),
    // Chat core, features and transports.
    ("Chat", ["JSON", "Support", "Storage", "Localization"]),
    ("Bot", ["Chat", "Localization", "Closet", "ProductImport", "TryOn", "Storage", "Secrets", "Images", "HTTP", "JSON", "Support", "Schedule", "Defaults"]),
    ("Telegram", ["Chat", "Localization", "HTTP", "HTTPServer", "JSON", "Metrics", "Storage", "Support"]),
    // Matrix end-to-end encryption: devices, Olm and Megolm sessions, encrypted attachments (no network).
    ("MatrixCrypto", ["Olm", "Cipher", "Sodium", "JSON", "Storage", "Support"]),
    ("Matrix", ["Chat", "HTTP", "JSON", "Images", "Storage", "Secrets", "Sodium", "Support", "MatrixCrypto"]),
    // Shared fakes for tests: loopback servers, fake services, a manual clock.
    ("WardrobeTestKit", ["JSON", "Support", "Chat", "Storage", "Images"]),
    // A private database per test on the cluster of `make test-postgres` (WARDROBE_TEST_POSTGRES).
    ("PostgresTestKit", ["Postgres", "Support"]),
    // `wardrobe bench telegram` and `bench scale`: the worker (or several `wardrobe run` processes) driven through the loopback Bot API.
    ("TelegramBench", [
        "Telegram", "Bot", "Closet", "Chat", "Storage", "Secrets", "Sodium", "HTTP", "Support", "TryOn", "Images", "ProductImport", "WardrobeTestKit",
        "Postgres",
    ]),
]

/// One test target per library, with extra dependencies where a test drives the whole bot.
let testTargets: [(name: String, extra: [String], fixtures: Bool)] = [
    ("JSONTests", [], false),
    ("SQLiteTests", [], false),
    ("SodiumTests", [], false),
    ("HTTPTests", [], false),
    ("HTTPServerTests", ["HTTP"], false),
    ("ImagesTests", [], false),
    ("HTMLTests", ["Iconv"], false),
    ("IconvTests", [], false),
    ("OlmTests", [], false),
    ("CipherTests", [], false),
    ("MatrixCryptoTests", [], false),
    ("SelectorsTests", [], false),
    ("SupportTests", [], false),
    ("MetricsTests", [], false),
    ("SecretsTests", [], false),
    ("ConfigTests", [], false),
    ("DefaultsTests", [], false),
    ("LocalizationTests", [], false),
    ("ClosetTests", [], false),
    ("ScheduleTests", [], false),
    ("StorageTests", [], false),
    ("BackupTests", ["Storage"], false),
    ("ProductImportTests", ["Iconv"], true),
    ("TryOnTests", [], false),
    ("ChatTests", [], false),
    ("BotTests", ["Backup"], false),
    ("TelegramTests", ["Bot", "Closet", "Secrets", "Sodium", "PostgresTestKit", "Postgres", "Scale"], false),
    ("MatrixTests", ["Bot", "PostgresTestKit", "Postgres", "Scale"], false),
    ("PostgresTests", ["PostgresTestKit"], false),
    ("ScaleTests", ["PostgresTestKit", "Storage"], false),
]

let dependencyMap = Dictionary(uniqueKeysWithValues: libraries.map { ($0.name, $0.dependencies) })

var targets = cModules
for library in libraries {
    targets.append(.target(
        name: library.name, dependencies: library.dependencies.map { .target(name: $0) }, swiftSettings: settings))
}
for test in testTargets {
    let library = String(test.name.dropLast("Tests".count))
    let names = [library, "WardrobeTestKit"] + (dependencyMap[library] ?? []) + test.extra
    var unique: [String] = []
    for name in names where !unique.contains(name) { unique.append(name) }
    targets.append(.testTarget(
        name: test.name, dependencies: unique.map { .target(name: $0) },
        resources: test.fixtures ? [.copy("Fixtures")] : nil, swiftSettings: settings))
}
// The shipped binary: every library but the test fakes and the benchmark that drives them.
targets.append(.executableTarget(
    name: "wardrobe",
    dependencies: libraries.map(\.name).filter { !["WardrobeTestKit", "TelegramBench", "PostgresTestKit"].contains($0) }.map { .target(name: $0) },
    swiftSettings: settings,
    plugins: [.plugin(name: "BuildInfoPlugin")]))
// Records the git commit for `wardrobe --version` (falls back to "unknown" without git).
targets.append(.plugin(name: "BuildInfoPlugin", capability: .buildTool()))

// `wardrobe-telegram-bench`: the Telegram benchmarks, which need the loopback fakes; never part of `wardrobe`.
targets.append(.executableTarget(
    name: "wardrobe-telegram-bench", dependencies: ["TelegramBench"], path: "Sources/TelegramBenchTool", swiftSettings: settings))

// A Telegram worker with a command that kills it, for the poison-message tests; never part of `wardrobe`.
targets.append(.executableTarget(
    name: "CrashingWorker", dependencies: ["Bot", "Chat", "HTTP", "Secrets", "Sodium", "Storage", "Support", "Telegram"],
    path: "Tests/CrashingWorker", swiftSettings: settings))

let package = Package(
    name: "Wardrobe",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wardrobe", targets: ["wardrobe"]),
        .executable(name: "wardrobe-telegram-bench", targets: ["wardrobe-telegram-bench"]),
    ],
    targets: targets
)
