import Foundation
import HTML

/// Page bytes to text for files on disk, where no Content-Type header exists.
enum CharsetDecoding {
    /// The text of a saved page, with its charset sniffed.
    static func text(_ data: Data) -> String {
        CharsetDecoder.decode(Array(data), contentType: nil)
    }
}
