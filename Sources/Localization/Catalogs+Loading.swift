import Defaults
import Foundation
import Support

extension Catalogs {
    /// The data-file name of a language's catalog, e.g. "locales/de.json" (relative to the config folder).
    public static func fileName(_ language: Language) -> String { "locales/\(language.rawValue).json" }

    /// The built-in catalogs, each overlaid with the config folder's `locales/xx.json` when there is one.
    ///
    /// An operator's file replaces or adds single keys. A file that cannot be read or parsed is left out and
    /// named in `problems` (the executable reports them at start-up): the built-in catalog stays in use.
    public static func load(folder: String?, logger: Logger?) -> (catalogs: Catalogs, problems: [String]) {
        var catalogs: [Language: Catalog] = [:]
        var problems: [String] = []
        for language in Language.allCases {
            let name = fileName(language)
            var catalog = Catalog(entries: [:])
            if let text = DataFiles.builtIn(name) {
                do { catalog = try Catalog(jsonText: text) } catch { problems.append("built-in \(name): \(error)") }
            } else {
                problems.append("built-in \(name) is missing")
            }
            if let folder, !folder.isEmpty, let data = FileManager.default.contents(atPath: "\(folder)/\(name)") {
                do {
                    catalog = catalog.merging(try Catalog(jsonText: String(decoding: data, as: UTF8.self)))
                } catch {
                    problems.append("\(folder)/\(name): \(error); using the built-in \(name)")
                }
            }
            catalogs[language] = catalog
        }
        return (Catalogs(catalogs: catalogs, logger: logger), problems)
    }
}
