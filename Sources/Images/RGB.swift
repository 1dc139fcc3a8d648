/// An 8-bit sRGB colour for backgrounds, badges and labels.
public struct RGB: Sendable, Equatable {
    /// Red, 0–255.
    public var red: Double
    /// Green, 0–255.
    public var green: Double
    /// Blue, 0–255.
    public var blue: Double

    /// Creates a colour from 0–255 components.
    public init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey with all three components equal.
    public init(grey: Double) {
        self.init(grey, grey, grey)
    }

    /// White.
    public static let white = RGB(grey: 255)
}
