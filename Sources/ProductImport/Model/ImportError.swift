import Support
/// Why a product page could not become a draft.
public struct ImportError: UserFacingError, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure; each has its own advice for the user.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The page holds no product data (an article, a category page, an empty page).
        case notAProduct = "not_a_product"
        /// A category or collection page listing many products.
        case listingPage = "listing_page"
        /// A page of search results.
        case searchResults = "search_results"
        /// The shop's home page.
        case homePage = "home_page"
        /// An error page ("page not found").
        case errorPage = "error_page"
        /// The shop answered with a bot check or captcha instead of the page.
        case botWall = "bot_wall"
        /// The page asks the visitor to sign in.
        case loginRequired = "login_required"
        /// The page could not be parsed at all.
        case unreadable = "unreadable"
        /// The link points at an address the bot refuses to visit (private, loopback…).
        case refusedAddress = "refused_address"
        /// The link's host name has no address.
        case unresolvable = "unresolvable"
        /// The keyword rules file is missing or malformed (an operator problem).
        case invalidRules = "invalid_rules"
        /// The site rules file is missing or malformed (an operator problem).
        case invalidSiteRules = "invalid_site_rules"
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// Detail for the logs.
    public let detail: String

    /// An error of `kind` with detail for the logs.
    public init(_ kind: Kind, detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    /// Stable code for logs and test fixtures, e.g. "not_a_product".
    public var code: String { kind.rawValue }

    /// The code and detail, for logs.
    public var description: String { detail.isEmpty ? code : "\(code): \(detail)" }

    /// Short text for a person: what happened and what to do next.
    public var userMessage: String {
        switch kind {
        case .notAProduct:
            return "I couldn't find a product on that page. Send a photo of the piece with a caption instead."
        case .listingPage:
            return "That link shows a list of products, not one piece. Open the piece you want and send its link."
        case .searchResults:
            return "That link is a page of search results, not one piece. Open the piece you want and send its link."
        case .homePage:
            return "That link is the shop's home page, not a product. Open the piece you want and send its link."
        case .errorPage:
            return "The shop showed an error page (the product may be gone). Check the link, or send a photo of the piece instead."
        case .botWall:
            return "The shop showed me a robot check instead of the product. Send a photo of the piece with a caption instead."
        case .loginRequired:
            return "That page needs a sign-in, so I can't read it. Send the public product link or a photo instead."
        case .unreadable:
            return "I couldn't read that page. Send a photo of the piece with a caption instead."
        case .refusedAddress:
            return "I can't open that link because it points to a private network. Send a public shop link instead."
        case .unresolvable:
            return "I couldn't find that shop's address. Check the link and send it again."
        case .invalidRules:
            return "My clothing keyword list is broken, so I can't sort this piece. Please tell the bot's admin."
        case .invalidSiteRules:
            return "My list of shop rules is broken, so I can't read shop pages right now. Please tell the bot's admin."
        }
    }
}
