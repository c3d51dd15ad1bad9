// TEMPORARY: stands in for the image loader being written in Images/; deleted when it lands.
import CGtk4
import ParleyCore

final class Texture {
    var paintable: OpaquePointer? { nil }
}

enum ImageState {
    case loading
    case loaded(Texture)
    case failed(String)
}

@MainActor
public final class ImageLoader {
    public static let shared = ImageLoader()
    final class Observation {}
    func state(of source: ImageSource, maxSize: Size) -> ImageState { .failed("not yet") }
    func observe(_ handler: @escaping @MainActor (ImageSource) -> Void) -> Observation { Observation() }
    func retry(_ source: ImageSource) {}
}
