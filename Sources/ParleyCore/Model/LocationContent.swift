/// A location message: a card with a title, the coordinates and, when the app supplies
/// one, a static picture of the place (loaded like any image).
///
/// Taps arrive as ``MessengerEvent/tapLocation(_:)``; the kit opens no map itself.
///
/// ```swift
/// chat.append(.location(LocationContent(title: "Trafalgar Square", latitude: 51.508, longitude: -0.128)), from: me)
/// ```
public struct LocationContent: Hashable, Sendable {
    /// What the place is called ("Trafalgar Square"); may be empty.
    public var title: String
    /// Degrees north (negative: south), −90…90.
    public var latitude: Double
    /// Degrees east (negative: west), −180…180.
    public var longitude: Double
    /// A static picture of the place (a map tile the app rendered or fetched), if any.
    public var picture: ImageSource?

    /// Creates location content.
    public init(title: String = "", latitude: Double, longitude: Double, picture: ImageSource? = nil) {
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
        self.picture = picture
    }

    /// Whether the coordinates name a place on Earth: finite, latitude within ±90 and
    /// longitude within ±180. Other coordinates show as ``ChatStrings/unknownLocation``.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
