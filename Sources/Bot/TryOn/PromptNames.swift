import Localization
import TryOn

extension Phrasebook {
    /// A try-on style's name in the reader's language: the catalog's `prompt.ID.name` for the styles the bot ships
    /// with, else the name in prompts.json (a style the operator added, or the user's own prompt).
    func promptName(_ prompt: Prompt) -> String {
        let key = "prompt.\(prompt.id).name"
        return catalogs.has(key, in: .en) ? string(key) : prompt.name
    }

    /// A try-on style's summary ("neat and pressed, ready for the office"), translated like `promptName`.
    func promptSummary(_ prompt: Prompt) -> String {
        let key = "prompt.\(prompt.id).summary"
        return catalogs.has(key, in: .en) ? string(key) : prompt.summary
    }
}
