import Support
/// Why a product link could not be fetched (before extraction starts).
public enum FetchError: UserFacingError, Sendable, Equatable, CustomStringConvertible {
    /// Not an http(s) URL, or no host.
    case invalidURL(String)
    /// The host resolves only to refused addresses (loopback, private, link-local, metadata…).
    case refusedAddress(String)
    /// The host name has no address.
    case unresolvable(String)
    /// The shop answered with an error status.
    case status(Int)
    /// Bot checks and access walls (401, 403, 429 with a challenge).
    case blocked(Int)
    /// More redirects than allowed.
    case tooManyRedirects(Int)
    /// The page or image is bigger than allowed.
    case tooLarge(limit: Int)
    /// The whole fetch took longer than allowed.
    case timeout
    /// The response is not a web page (or not an image, for image downloads).
    case wrongContentType(String)
    /// The network failed.
    case network(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): return "invalid url \(url)"
        case .refusedAddress(let detail): return "refused address: \(detail)"
        case .unresolvable(let detail): return "unresolvable: \(detail)"
        case .status(let code): return "http status \(code)"
        case .blocked(let code): return "blocked with status \(code)"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects"
        case .tooLarge(let limit): return "larger than \(limit) bytes"
        case .timeout: return "timed out"
        case .wrongContentType(let type): return "content type \(type)"
        case .network(let detail): return "network: \(detail)"
        }
    }

    /// The matching import error, whose message tells the user what to do next.
    public var importError: ImportError {
        switch self {
        case .refusedAddress(let detail): return ImportError(.refusedAddress, detail: detail)
        case .unresolvable(let detail): return ImportError(.unresolvable, detail: detail)
        case .blocked: return ImportError(.botWall, detail: description)
        default: return ImportError(.unreadable, detail: description)
        }
    }

    /// Short text for a person: what happened and what to do next.
    public var userMessage: String {
        switch self {
        case .invalidURL: return "That doesn't look like a shop link. Send a link starting with https://."
        case .timeout: return "The shop took too long to answer. Try again later, or send a photo of the piece with a caption instead."
        case .tooLarge: return "That page is too big for me to read. Send a photo of the piece with a caption instead."
        case .tooManyRedirects: return "That link keeps redirecting. Open it in your browser and send me the final product link."
        case .wrongContentType: return "That link isn't a product page. Send the shop's product link, or a photo with a caption."
        case .status(let code) where code == 404 || code == 410: return "That product page doesn't exist any more. Check the link and try again."
        case .status: return "The shop's site answered with an error. Try again later, or send a photo with a caption instead."
        case .network: return "I couldn't reach that shop. Check the link, or try again in a moment."
        default: return importError.userMessage
        }
    }
}
