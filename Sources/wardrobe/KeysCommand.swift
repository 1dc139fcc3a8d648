import Foundation
import Secrets

/// `wardrobe keys set|list|remove`: manage the encrypted key file.
enum KeysCommand {
    static func run(app: App, arguments: [String]) throws -> Int32 {
        guard let action = arguments.first else { return CLI.fail("keys needs set, list or remove", usage: true) }
        let keys = try app.openKeyStore()
        switch (action, arguments.count) {
        case ("list", 1):
            let names = keys.names()
            print(names.isEmpty ? "(no secrets stored in \(keys.path))" : names.joined(separator: "\n"))
        case ("set", 2):
            let name = arguments[1]
            guard SecretName.isValid(name) else {
                return CLI.fail("\(name) is not a valid key name (letters, digits, . _ : - @ only)")
            }
            let value = try SecretInput.read(prompt: "Value for \(name) (input hidden): ")
            try keys.set(value, for: name)
            print("Stored \(name) (\(SecretHint.describe(value))) in \(keys.path).")
        case ("remove", 2):
            let removed = try keys.remove(arguments[1])
            print(removed ? "Removed \(arguments[1])." : "No secret named \(arguments[1]).")
            return removed ? 0 : 1
        default:
            return CLI.fail("usage: wardrobe keys set NAME | keys list | keys remove NAME")
        }
        return 0
    }
}
