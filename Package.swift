// swift-tools-version:6.0
// Modules present: JSON Closet Support SQLite Config Storage Chat Sodium Secrets Bot wardrobe WardrobeTestKit HTTP TryOn + tests
import PackageDescription
import Foundation

/// Swift 6 language mode and strict concurrency, applied to every target from here.
let settings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

/// The C libraries: one system-library target each (module.modulemap + shim.h).
let cModules: [Target] = [
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
    .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
    .systemLibrary(name: "CGumbo", pkgConfig: "gumbo", providers: [.apt(["libgumbo-dev"])]),
]

/// Library targets, lowest layer first: name and dependencies.
let libraries: [(name: String, dependencies: [String])] = [
    // Thin wrappers, the only importers of their C module.
    ("JSON", ["CJansson"]),
    ("SQLite", ["CSQLite"]),
    ("Sodium", ["CSodium"]),
    ("HTTP", ["CCurl"]),
    ("Images", ["CVips"]),
    ("HTML", ["CGumbo"]),
    // Shared plumbing: logging, clocks, text helpers.
    ("Support", []),
    // Domain and infrastructure.
    ("Secrets", ["Sodium", "JSON", "Support"]),
    ("Storage", ["SQLite", "Sodium", "JSON", "Closet", "Support"]),
    ("Config", ["JSON", "Support"]),
    ("Closet", ["JSON", "Support"]),
    ("ProductImport", ["HTML", "JSON", "HTTP", "Closet", "Support"]),
    ("Chat", ["JSON", "Support", "Storage"]),
    ("TryOn", ["HTTP", "JSON", "Images", "Support"]),
    ("Bot", ["Chat", "Closet", "ProductImport", "TryOn", "Storage", "Secrets", "Images", "HTTP", "JSON", "Support"]),
    ("Telegram", ["Chat", "HTTP", "JSON", "Storage", "Support"]),
    ("Matrix", ["Chat", "HTTP", "JSON", "Storage", "Secrets", "Support"]),
    // `wardrobe bench telegram`: the worker against the loopback Bot API.
    ("TelegramBench", ["Telegram", "Bot", "Closet", "Chat", "Storage", "Secrets", "Sodium", "HTTP", "Support", "WardrobeTestKit"]),
    // Shared fakes for tests: loopback servers, a manual clock.
    ("WardrobeTestKit", ["JSON", "Support"]),
]

/// Extra dependencies of a test target beyond its library's (end-to-end tests drive the real features).
let testExtras: [String: [String]] = [
    "TelegramTests": ["Bot", "Closet", "Secrets", "Sodium"],
]

let root = Context.packageDirectory
/// A target is part of the package once its folder holds Swift sources.
func present(_ folder: String) -> Bool {
    let files = FileManager.default.enumerator(atPath: "\(root)/\(folder)")?.allObjects as? [String] ?? []
    return files.contains { $0.hasSuffix(".swift") }
}

let libraryNames = Set(libraries.map(\.name)).filter { present("Sources/\($0)") }
let cNames = Set(cModules.map(\.name))
func available(_ deps: [String]) -> [Target.Dependency] {
    deps.filter { cNames.contains($0) || libraryNames.contains($0) }.map { .target(name: $0) }
}

var targets = cModules
for library in libraries where libraryNames.contains(library.name) {
    targets.append(.target(name: library.name, dependencies: available(library.dependencies), swiftSettings: settings))
}
for library in libraries where libraryNames.contains(library.name) && library.name != "WardrobeTestKit" {
    let testName = "\(library.name)Tests"
    guard present("Tests/\(testName)") else { continue }
    targets.append(.testTarget(
        name: testName,
        dependencies: available([library.name, "WardrobeTestKit"] + library.dependencies + (testExtras[testName] ?? [])),
        resources: FileManager.default.fileExists(atPath: "\(root)/Tests/\(testName)/Fixtures") ? [.copy("Fixtures")] : nil,
        swiftSettings: settings))
}
if present("Sources/wardrobe") {
    targets.append(.executableTarget(
        name: "wardrobe",
        dependencies: available(libraries.map(\.name).filter { $0 != "WardrobeTestKit" }),
        swiftSettings: settings))
}

let package = Package(
    name: "Wardrobe",
    platforms: [.macOS(.v15)],
    products: present("Sources/wardrobe") ? [.executable(name: "wardrobe", targets: ["wardrobe"])] : [],
    targets: targets
)
