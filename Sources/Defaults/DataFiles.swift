/// The data files the bot reads (occasions, keyword rules, prompts…), built into the binary as defaults so it
/// runs from any folder; a file of the same name in the config folder overrides one of them.
public enum DataFiles {
    /// The names of every built-in data file, sorted.
    public static var names: [String] { embedded.keys.sorted() }

    /// The built-in text of `name` (e.g. "occasions.json"), or nil when there is no such data file.
    public static func builtIn(_ name: String) -> String? { embedded[name] }
}
