import HTML

/// Tells apart the pages that are not products, so they get a clear error instead of a
/// half-made draft: bot walls, sign-in pages, and everything else.
enum PageGate {
    /// The error for a page that gave no product data.
    static func refusal(for document: HTMLDocument) -> ImportError {
        let title = document.first(named: "title").map { document.text(of: $0).lowercased() } ?? ""
        let heading = document.first(named: "h1").map { document.text(of: $0).lowercased() } ?? ""
        let heads = title + " " + heading
        if botWallPhrases.contains(where: heads.contains) || hasBotWallMarkup(document) {
            return ImportError(.botWall, detail: "bot check: \(title)")
        }
        let hasPassword = document.elements(named: "input").contains { $0["type"]?.lowercased() == "password" }
        if hasPassword && (loginPhrases.contains(where: heads.contains) || document.elements(named: "form").count <= 3) {
            return ImportError(.loginRequired, detail: "sign-in form: \(title)")
        }
        return ImportError(.notAProduct, detail: "no product data: \(title)")
    }

    private static let botWallPhrases = [
        "just a moment", "attention required", "access denied", "are you a robot", "are you a human", "captcha",
        "verify you are human", "verifying you are human", "robot check", "pardon our interruption", "bot detection",
        "security check", "please verify", "unusual traffic", "request blocked", "zugriff verweigert",
    ]

    private static let loginPhrases = [
        "sign in", "log in", "login", "sign-in", "anmelden", "einloggen", "connexion", "se connecter",
        "iniciar sesion", "iniciar sesión", "accedi", "accesso", "my account",
    ]

    private static func hasBotWallMarkup(_ document: HTMLDocument) -> Bool {
        let markers = ["cf-challenge", "challenge-form", "challenge-platform", "g-recaptcha", "h-captcha", "px-captcha",
                       "captcha-delivery", "datadome", "_incapsula_", "cf-turnstile", "cf_chl_opt"]
        for element in document.elements {
            let label = ((element["id"] ?? "") + " " + (element["class"] ?? "") + " " + (element["src"] ?? "")).lowercased()
            if markers.contains(where: label.contains) { return true }
        }
        for script in document.scripts where script["src"] == nil {
            let text = script.text
            if text.utf8.count < 50_000, markers.contains(where: text.lowercased().contains) { return true }
        }
        return false
    }
}
