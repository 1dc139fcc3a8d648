extension String {
    /// This text, or when it is longer than `length` characters its first `length - 1` and "…": how a reply quotes
    /// something a user typed or a shop wrote without echoing all of it.
    public func shortened(to length: Int) -> String {
        count > length ? String(prefix(max(0, length - 1))) + "…" : self
    }
}
