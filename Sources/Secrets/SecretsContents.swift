import JSON

/// The plaintext inside the ciphertext: `{"version":1,"secrets":{"name":"value",...}}`.
enum SecretsContents {
    /// The contents version this build writes and reads.
    static let version: Int64 = 1

    /// The JSON bytes for `secrets`.
    static func encode(_ secrets: [String: String]) -> [UInt8] {
        let json: JSON = ["version": .int(version), "secrets": .object(secrets.mapValues(JSON.string))]
        return Array(json.serialized().utf8)
    }

    /// The secrets in decrypted `bytes`; `path` only names the file in errors. Never puts values in errors.
    static func decode(_ bytes: [UInt8], path: String) throws(SecretsError) -> [String: String] {
        let json: JSON
        do {
            json = try JSON.parse(bytes: bytes)
        } catch {
            throw SecretsError.corruptContents(path: path, detail: "not JSON")
        }
        guard let version = json["version"]?.int else {
            throw SecretsError.corruptContents(path: path, detail: "no version")
        }
        guard version == Self.version else {
            throw SecretsError.unsupportedVersion(path: path, version: Int(version))
        }
        guard let members = json["secrets"]?.object else {
            throw SecretsError.corruptContents(path: path, detail: "no secrets object")
        }
        var secrets: [String: String] = [:]
        for (name, value) in members {
            guard let text = value.string else {
                throw SecretsError.corruptContents(path: path, detail: "secret \(name) is not a string")
            }
            secrets[name] = text
        }
        return secrets
    }
}
